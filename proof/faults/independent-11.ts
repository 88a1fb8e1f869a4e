// Independent round 11: faults written from the specification and the reference service alone.

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ApiError, invalidArgument, notFound } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, presentWith, refineFailure, rereadAgent } from './define.js';

/** The reference's seeded fixtures (ids are deterministic). */
const seeded = () => seedStore(ALPHANUMERIC).store;

/** A valid chat agent body, with `extra` configuration keys. */
const chatAgent = (config: JsonObject = {}, extra: JsonObject = {}): JsonObject => ({
  display_name: 'ind11 agent',
  model_type: 'MODEL_TYPE_CHAT',
  metadata: { chat_endpoint: 'https://chat.example.com/v1/chat', ...config },
  ...extra,
});

/** Creates a chat agent and answers its id. */
async function newAgent(call: Call, config: JsonObject = {}): Promise<string> {
  const { body } = await call('POST', '/v1/agents', { body: chatAgent(config) });
  return String(body.agent.id);
}

/** A valid review project body, with `extra` fields. */
const reviewProject = (extra: JsonObject = {}): JsonObject => ({
  display_name: 'ind11 review',
  assignees: ['reviewer@example.com'],
  linked_simulation_ids: [[...seeded().simulations.keys()][0]!],
  linked_metric_ids: ['jNlmcYBxuk8DhikEd3fvCt'],
  ...extra,
});

const SCRIPT_TEST_CASE = (turns: string[]): JsonObject => ({
  input_str: 'ind11 script',
  test_set_id: 'cftTs001',
  input_type: 'SCRIPT',
  simulation_metadata_input: { script_turns: turns },
});

export const INDEPENDENT_11_FAULTS = [
  fault({
    id: 'ind11-agent-hidden-after-mutation-delete',
    requirements: ['AGENT-GET'],
    slips: ['state'],
    description:
      "Once one of an agent's mutations is deleted, GET /v1/agents/{agent_id} answers NOT_FOUND: the mutation's soft-delete is looked up by agent_id and taken as the agent's own.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params.agent_id;
        if (
          endpoint.key === 'GET /v1/agents/{agent_id}' &&
          [...store.mutations.values()].some((m) => m.agent_id === id && m.deleted)
        )
          throw notFound('agent', 'agent_id');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call);
      const created = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'ind11 variant' } });
      await call('DELETE', `/v1/agents/${agent}/mutations/${created.body.mutation.id}`);
      return (await call('GET', `/v1/agents/${agent}`)).status;
    },
    shows: 404,
  }),
  fault({
    id: 'ind11-agent-display-name-digits-refused',
    requirements: ['AGENT-DISPLAY-NAME'],
    slips: ['broken'],
    description:
      'An agent display_name made of digits only (`2024`) is refused with INVALID_ARGUMENT, as a name validator that wants a letter; other names are accepted.',
    behaviour: (b) =>
      rereadAgent(b, 'display_name', (read) => (fields, request) => {
        const name = read(fields, request);
        if (/^[0-9]+$/.test(name)) throw invalidArgument('display_name', 'must contain a letter');
        return name;
      }),
    probe: async (call) =>
      (await call('POST', '/v1/agents', { body: chatAgent({}, { display_name: '2024' }) })).body?.error?.code ??
      'created',
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind11-agent-chat-persona-id-as-resource-name',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      "A CHAT agent's configuration key persona_id (a 22-character persona ID) is served as the persona's resource name `personas/<id>`.",
    behaviour: (b) =>
      presentWith(b, 'agent', (view) => {
        const config = view.metadata;
        if (!isJsonObject(config) || typeof config.persona_id !== 'string') return view;
        return { ...view, metadata: { ...config, persona_id: `personas/${config.persona_id}` } };
      }),
    probe: async (call) => {
      const persona = [...seeded().personas.keys()][0]!;
      const agent = await newAgent(call, { persona_id: persona });
      const got = (await call('GET', `/v1/agents/${agent}`)).body.agent.metadata.persona_id as string;
      return got.replace(persona, '<id>');
    },
    shows: 'personas/<id>',
  }),
  fault({
    id: 'ind11-test-case-test-set-id-lowercased',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "A test case's test_set_id is served in lower case (`cftts001` for `cftTs001`), as if IDs were case-insensitive keys.",
    behaviour: (b) =>
      presentWith(b, 'testCase', (view) => ({ ...view, test_set_id: String(view.test_set_id).toLowerCase() })),
    probe: async (call) =>
      (await call('POST', '/v1/test-cases', { body: { input_str: 'ind11', test_set_id: 'cftTs001' } })).body.test_case
        .test_set_id,
    shows: 'cftts001',
  }),
  fault({
    id: 'ind11-test-case-script-turn-lines-split',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "A SCRIPT test case's script_turns are stored one line per turn: a turn of several lines comes back as several turns.",
    behaviour: (b) =>
      presentWith(b, 'testCase', (view) => {
        const input = view.simulation_metadata_input;
        if (!isJsonObject(input) || !Array.isArray(input.script_turns)) return view;
        const turns = input.script_turns.flatMap((turn) => (typeof turn === 'string' ? turn.split('\n') : [turn]));
        return { ...view, simulation_metadata_input: { ...input, script_turns: turns } };
      }),
    probe: async (call) =>
      (await call('POST', '/v1/test-cases', { body: SCRIPT_TEST_CASE(['Hello.\nI want to cancel.', 'Thanks']) })).body
        .test_case.simulation_metadata_input.script_turns,
    shows: ['Hello.', 'I want to cancel.', 'Thanks'],
  }),
  fault({
    id: 'ind11-phone-numbers-routed-as-persona-id',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['broken'],
    description:
      'GET /v1/personas/phone-numbers is routed as GET /v1/personas/{persona_id} (the parameterised route registered first): `phone-numbers` is refused as a persona ID.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'GET /v1/personas/phone-numbers')
          throw invalidArgument('persona_id', 'must be 22 alphanumeric characters', 'path');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const { status, body } = await call('GET', '/v1/personas/phone-numbers');
      return [status, body?.error?.details?.[0]?.field ?? Object.keys(body)[0]];
    },
    shows: [400, 'persona_id'],
  }),
  fault({
    id: 'ind11-scheduled-run-last-run-id-as-resource-name',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "A scheduled run's last_run_id is served as the run's resource name `runs/<id>` rather than the run's ID.",
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view) =>
        typeof view.last_run_id === 'string' ? { ...view, last_run_id: `runs/${view.last_run_id}` } : view,
      ),
    probe: async (call) => {
      const run = [...seeded().scheduledRuns.values()].find((r) => r.last_run_id !== null)!;
      const got = (await call('GET', `/v1/scheduled-runs/${run.id}`)).body.scheduled_run.last_run_id as string;
      return got.replace(String(run.last_run_id), '<id>');
    },
    shows: 'runs/<id>',
  }),
  fault({
    id: 'ind11-dashboard-name-quotes-backslash-escaped',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard display_name is written into a JSON template by hand: a double quote comes back escaped with a backslash (`Say \\"hi\\"`).',
    behaviour: (b) =>
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        display_name: String(view.display_name).replace(/"/g, '\\"'),
      })),
    probe: async (call) => {
      const id = [...seeded().dashboards.keys()][0]!;
      return (await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'Say "hi"' } })).body.dashboard
        .display_name;
    },
    shows: 'Say \\"hi\\"',
  }),
  fault({
    id: 'ind11-review-collaborative-single-assignee-refused',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A PROJECT_COLLABORATIVE review project with one assignee is refused (INVALID_ARGUMENT naming assignees), as if shared annotations needed two reviewers; PROJECT_INDIVIDUAL takes one.',
    behaviour: (b) => {
      const read = b.reviewProjectFields.assignees;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (fields) => {
          const assignees = read(fields);
          if (fields.string('project_type') === 'PROJECT_COLLABORATIVE' && assignees.length < 2)
            throw invalidArgument('assignees', 'a collaborative project needs at least 2 assignees');
          return assignees;
        },
      };
    },
    probe: async (call) => {
      const { status, body } = await call('POST', '/v1/review-projects', {
        body: reviewProject({ project_type: 'PROJECT_COLLABORATIVE' }),
      });
      return [status, body?.error?.details?.[0]?.field ?? 'created'];
    },
    shows: [400, 'assignees'],
  }),
  fault({
    id: 'ind11-auth-invalid-key-details-empty',
    requirements: ['AUTH-DETAILS-HEADER'],
    slips: ['scope'],
    description:
      'A wrong X-API-Key gets UNAUTHENTICATED with empty details; only a missing key has details naming X-API-Key.',
    behaviour: (b) =>
      refineFailure(b, (error, presented) =>
        presented === undefined ? error : new ApiError(error.code, error.message, []),
      ),
    probe: async (call) => (await call('GET', '/v1/personas', { key: 'not-the-key' })).body.error.details,
    shows: [],
  }),
];

export const UNDETECTED: Readonly<Record<string, string>> = {};
