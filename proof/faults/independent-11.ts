// Independent round 11: faults written from the specification and the reference service alone.
// Review (coordinator): all 30 kept. Borderline but kept: an error answered with HTTP 200 (HTTP makes a 2xx a
// success whatever the mapping of codes), an endpoint required for MODEL_TYPE_VOICE (the rule names one type), a
// review project name held unique (only mutations' names are stated unique), last_run_id as `runs/<id>` (an ID
// field; the specification gives runs a name apart from their run_id).
//
// Dropped by the writer before review (not faults, or repeats):
//   a published document served as YAML for `Accept: application/yaml;q=0.5, application/json` (q weights ignored): quality
//     values are not shown, and the reference leaves them open;
//   a mutation, test case or review project field refusing an explicit null: a sibling of review-project-rules-null-rejected;
//   a collaborative review project's rules, a run's update_time order or default order, persona filters on update_time: siblings of
//     catalog faults on another field or list;
//   scheduled runs kept when their template run is deleted, runs hidden when their persona is deleted: cascades, not stated;
//   a parameter_values boolean derived as `True`: the text of a derived value is not stated;
//   requiring a body for `Expect: 100-continue`: not observable through the probes' client.

import { gzipSync } from 'node:zlib';
import { parseAllDocuments } from 'yaml';
import type { MetricOutputRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { alreadyExists, ApiError, invalidArgument, notFound } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import type { FilterFields } from '../../lib/reference/listing/filter-match.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { fault, presentWith, readAs, refineFailure, rereadAgent } from './define.js';

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
    slips: ['broken'],
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
    requirements: ['AGENT-DISPLAY-NAME', 'AGENT-CREATE'],
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
    requirements: ['AGENT-CONFIG-ECHO', 'ID-FIELDS-HOLD-IDS'],
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
    requirements: ['SCHEDULED-RUN-GET', 'ID-FIELDS-HOLD-IDS'],
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
  fault({
    id: 'ind11-agent-configs-share-one-object',
    requirements: ['AGENT-GET'],
    slips: ['broken'],
    description:
      "Every agent's simulator configuration is merged into one shared object (a module-level default mutated in place): after a second agent is created, the first agent's GET shows the second's configuration keys and values.",
    behaviour: (b) => {
      const shared: JsonObject = {};
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const stored = created(record, body);
        return stored.metadata === null ? stored : { ...stored, metadata: Object.assign(shared, stored.metadata) };
      };
    },
    probe: async (call) => {
      const first = await newAgent(call, { chat_endpoint: 'https://first.example.com/chat' });
      await newAgent(call, { chat_endpoint: 'https://second.example.com/chat' });
      return (await call('GET', `/v1/agents/${first}`)).body.agent.metadata.chat_endpoint;
    },
    shows: 'https://second.example.com/chat',
  }),
  fault({
    id: 'ind11-expected-output-str-json-list-parsed',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['broken'],
    description:
      'An expected_output_str whose text is a JSON list (`["greets", "refunds"]`) is parsed into expected_behaviors as that list, not wrapped as one string; other strings are wrapped.',
    behaviour: (b) => {
      const read = b.testCaseFields.expected_behaviors;
      b.testCaseFields = {
        ...b.testCaseFields,
        expected_behaviors: (fields, request) => {
          const behaviors = read(fields, request);
          const only =
            behaviors?.length === 1 && fields.has('expected_output_str') && !fields.has('expected_behaviors');
          if (!only || !behaviors[0]!.trim().startsWith('[')) return behaviors;
          try {
            const parsed: unknown = JSON.parse(behaviors[0]!);
            return Array.isArray(parsed) ? parsed.map(String) : behaviors;
          } catch {
            return behaviors;
          }
        },
      };
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/test-cases', {
          body: { input_str: 'ind11', test_set_id: 'cftTs001', expected_output_str: '["greets", "refunds"]' },
        })
      ).body.test_case.expected_behaviors,
    shows: ['greets', 'refunds'],
  }),
  fault({
    id: 'ind11-websocket-endpoint-query-dropped',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      "A WEBSOCKET agent's configuration endpoint is stored as origin and path: its query string (`?token=abc`) is dropped.",
    behaviour: (b) =>
      presentWith(b, 'agent', (view) => {
        const config = view.metadata;
        if (view.model_type !== 'MODEL_TYPE_WEBSOCKET' || !isJsonObject(config) || typeof config.endpoint !== 'string')
          return view;
        return { ...view, metadata: { ...config, endpoint: config.endpoint.replace(/[?#].*$/, '') } };
      }),
    probe: async (call) => {
      const { body } = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind11 socket',
          model_type: 'MODEL_TYPE_WEBSOCKET',
          metadata: { endpoint: 'wss://voice.example.com/ws?token=abc', initialization_json: '{"hello":true}' },
        },
      });
      return (await call('GET', `/v1/agents/${body.agent.id}`)).body.agent.metadata.endpoint;
    },
    shows: 'wss://voice.example.com/ws',
  }),
  fault({
    id: 'ind11-metric-get-value-from-first-subvalue',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      "GET of one metric output recomputes value from its first time segment (subvalues_by_timestamp[0].float_value) when it has segments; the list serves the output's own value.",
    behaviour: (b) =>
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (metric) => {
        const segments = metric.subvalues_by_timestamp;
        return Array.isArray(segments) && isJsonObject(segments[0])
          ? { ...metric, value: segments[0].float_value ?? metric.value }
          : metric;
      }),
    probe: async (call) => {
      const [simulation, outputs] = [...seeded().simulations.entries()].find(([, o]) =>
        [...o.values()].some(
          (m) => m.subvalues_by_timestamp?.length && m.subvalues_by_timestamp[0]!.float_value !== m.value,
        ),
      )!;
      const output = [...outputs.values()].find(
        (m) => m.subvalues_by_timestamp?.length && m.subvalues_by_timestamp[0]!.float_value !== m.value,
      )!;
      const got = await call('GET', `/v1/simulations/${simulation}/metrics/${output.metric_output_id}`);
      return got.body.metric.value === output.value ? 'own value' : 'first segment';
    },
    shows: 'first segment',
  }),
  fault({
    id: 'ind11-runs-tag-filter-matches-metadata',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'The runs filter `tag = x` reads labels, tags and metadata values together: a run whose metadata holds x (`source: fixture`) matches `tag = fixture` without that tag.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      const holds = (expr: FilterExpr, item: unknown, fields: FilterFields): boolean => {
        if (expr.kind !== 'cmp') {
          const terms = expr.terms.map((t) => holds(t, item, fields));
          return expr.kind === 'and' ? terms.every(Boolean) : terms.some(Boolean);
        }
        const metadata = isJsonObject(item) ? item.metadata : undefined;
        if (
          expr.field === 'tag' &&
          expr.op === '=' &&
          isJsonObject(metadata) &&
          Object.values(metadata).includes(expr.value)
        )
          return true;
        return matches(expr, item, fields);
      };
      b.lists.matches = holds;
    },
    probe: async (call) => {
      const { body } = await call('GET', `/v1/runs?page_size=1000&filter=${encodeURIComponent('tag = fixture')}`);
      return (body.runs as JsonObject[]).length > 0;
    },
    shows: true,
  }),
  fault({
    id: 'ind11-voice-agent-endpoint-required',
    requirements: ['AGENT-ENDPOINT', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'endpoint is required of every agent type whose name holds VOICE (a `includes("VOICE")` test): a MODEL_TYPE_VOICE agent without one is refused; the specification requires it for MODEL_TYPE_OUTBOUND_VOICE.',
    behaviour: (b) =>
      rereadAgent(
        b,
        'endpoint',
        (read) => (fields, request) =>
          read(fields, {
            ...request,
            modelType: request.modelType.includes('VOICE') ? 'MODEL_TYPE_OUTBOUND_VOICE' : request.modelType,
          }),
      ),
    probe: async (call) => {
      const { status, body } = await call('POST', '/v1/agents', {
        body: { display_name: 'ind11 voice', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' },
      });
      return [status, body?.error?.details?.[0]?.field ?? 'created'];
    },
    shows: [400, 'endpoint'],
  }),
  fault({
    id: 'ind11-persona-get-initiation-upper-case',
    requirements: ['PERSONA-GET'],
    slips: ['scope'],
    description:
      'GET /v1/personas/{persona_id} serves conversation_initiation as an enum constant (`SPEAK_FIRST`); the list serves the value as stored (`speak_first`).',
    behaviour: (b) =>
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (persona) =>
        typeof persona.conversation_initiation === 'string'
          ? { ...persona, conversation_initiation: persona.conversation_initiation.toUpperCase() }
          : persona,
      ),
    probe: async (call) => {
      // One still listed: other probes delete personas on the shared correct service.
      const listed = (await call('GET', '/v1/personas?page_size=100')).body.personas as JsonObject[];
      const persona = listed.find((p) => p.conversation_initiation === 'speak_first')!;
      return (await call('GET', `/v1/personas/${persona.id}`)).body.persona.conversation_initiation;
    },
    shows: 'SPEAK_FIRST',
  }),
  fault({
    id: 'ind11-metric-subvalues-consumed-by-get',
    requirements: ['METRIC-GET', 'SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      "GET of one metric output takes its subvalues_by_timestamp out of the cache (a pop for a get): the GET shows them, and from then on the simulation's list serves that output with none.",
    behaviour: (b) => {
      const reached = b.metricOutputReached;
      b.metricOutputReached = (simulationId, metricOutputId, simulations) => {
        const found = reached(simulationId, metricOutputId, simulations);
        const outputs = simulations.get(simulationId) as Map<string, MetricOutputRecord> | undefined;
        if (found && outputs) outputs.set(metricOutputId, { ...found, subvalues_by_timestamp: null });
        return found;
      };
    },
    probe: async (call) => {
      const [simulation, outputs] = [...seeded().simulations.entries()].find(
        ([, o]) => o.size <= 50 && [...o.values()].some((m) => m.subvalues_by_timestamp?.length),
      )!;
      const output = [...outputs.values()].find((m) => m.subvalues_by_timestamp?.length)!;
      await call('GET', `/v1/simulations/${simulation}/metrics/${output.metric_output_id}`);
      const { body } = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
      const listed = (body.metrics as JsonObject[]).find((m) => m.metric_output_id === output.metric_output_id)!;
      return Array.isArray(listed.subvalues_by_timestamp) ? listed.subvalues_by_timestamp.length : 0;
    },
    shows: 0,
  }),
  fault({
    id: 'ind11-spec-yaml-colon-strings-unquoted',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-YAML-DEFAULT'],
    slips: ['broken'],
    description:
      'The YAML form quotes a string only when it starts with a special character: a description holding `: ` (`CHAT: required; public HTTP(S) URL.`) is written plain, which YAML reads as a nested mapping, so the document does not parse.',
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml'
          ? out.replace(/^(\s*description: )"([^"\\]*: [^"\\]*)"$/gm, (_all, key: string, value: string) => key + value)
          : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
      const { text } = await call('GET', url.slice(url.indexOf('/v1/openapi/')), { key: null });
      return parseAllDocuments(text).some((doc) => 'errors' in doc && doc.errors.length > 0) ? 'unparsable' : 'parsed';
    },
    shows: 'unparsable',
  }),
  fault({
    id: 'ind11-mutation-name-unique-within-first-ten',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['broken'],
    description:
      "A new mutation's display_name is held only against the agent's first ten active mutations (one page of a lookup): once an agent has more, a name taken by the eleventh or a later one is accepted again.",
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, current) => {
        store = current;
        return named(endpoint, params, current);
      };
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules.nameTakenBy = (other, agentId, displayName) => {
        const firstTen = [...(store?.mutations.values() ?? [])]
          .filter((m) => m.agent_id === agentId && !m.deleted)
          .slice(0, 10)
          .map((m) => m.id);
        return firstTen.includes(other.id) && taken(other, agentId, displayName);
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call);
      for (let i = 0; i <= 10; i++)
        await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: `ind11 variant ${i}` } });
      return (await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'ind11 variant 10' } }))
        .status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind11-runs-invalid-argument-http-200',
    requirements: ['HTTP-STATUS-CONVENTIONS', 'LIST-PAGE-SIZE-INVALID', 'LIST-FILTER-MALFORMED'],
    slips: ['scope'],
    description:
      'GET /v1/runs returns its INVALID_ARGUMENT errors (a bad filter, page_size or page_token) as the body of an HTTP 200, the error envelope returned by the handler instead of raised; other endpoints answer 400.',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) =>
        endpoint?.key === 'GET /v1/runs' && code === 'INVALID_ARGUMENT' ? 200 : status(code, endpoint);
    },
    probe: async (call) => {
      const { status, body } = await call('GET', '/v1/runs?page_size=0');
      return [status, body?.error?.code];
    },
    shows: [200, 'INVALID_ARGUMENT'],
  }),
  fault({
    id: 'ind11-review-project-name-unique-refused',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project whose display_name another review project already has is refused with ALREADY_EXISTS (a uniqueness rule copied from mutations); the specification states none for review projects.',
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, current) => {
        store = current;
        return named(endpoint, params, current);
      };
      const read = b.reviewProjectFields.display_name;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        display_name: (fields) => {
          const name = read(fields);
          if ([...(store?.reviewProjects.values() ?? [])].some((p) => p.display_name === name))
            throw alreadyExists('display_name', `a review project named "${name}" exists`);
          return name;
        },
      };
    },
    probe: async (call) => {
      await call('POST', '/v1/review-projects', { body: reviewProject({ display_name: 'ind11 twice' }) });
      const { status, body } = await call('POST', '/v1/review-projects', {
        body: reviewProject({ display_name: 'ind11 twice' }),
      });
      return [status, body?.error?.code ?? 'created'];
    },
    shows: [409, 'ALREADY_EXISTS'],
  }),
  fault({
    id: 'ind11-filter-value-leading-digits-refused',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'The filter lexer reads an unquoted value that starts with a digit as a number and stops at the first letter: an unquoted ID such as `persona_id = 01cR2zXgm81sInuCAuLcWx` is refused as malformed (quoted, it is read).',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        if (raw !== null && /(=|<|>)\s*[0-9]+[A-Za-z_]/.test(raw.replace(/"[^"]*"/g, '""')))
          throw invalidArgument('filter', 'unexpected character after a number', 'query');
        return filter(raw, list);
      };
    },
    probe: async (call) => {
      const persona = [...seeded().personas.keys()].find((id) => /^[0-9]+[A-Za-z]/.test(id))!;
      const { status, body } = await call('GET', `/v1/runs?filter=${encodeURIComponent(`persona_id = ${persona}`)}`);
      return [status, body?.error?.code ?? 'listed'];
    },
    shows: [400, 'INVALID_ARGUMENT'],
  }),
  fault({
    id: 'ind11-dashboard-name-one-element-list-accepted',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['broken'],
    description:
      'A dashboard PATCH reads its body as a form would: a display_name sent as a list of one string (`["Quality"]`) is taken as that string and stored, not refused as a wrong type.',
    behaviour: (b) => {
      let patching = false;
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => {
        patching = endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}';
        return checked(endpoint, param);
      };
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const read = requestBody(text, headers);
        if (!patching) return read;
        try {
          const body: unknown = JSON.parse(read);
          if (!isJsonObject(body) || !Array.isArray(body.display_name) || body.display_name.length !== 1) return read;
          return JSON.stringify({ ...body, display_name: body.display_name[0] });
        } catch {
          return read;
        }
      };
    },
    probe: async (call) => {
      const id = [...seeded().dashboards.keys()][0]!;
      const { status, body } = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: ['Quality'] } });
      return [status, body?.dashboard?.display_name ?? body?.error?.code];
    },
    shows: [200, 'Quality'],
  }),
  fault({
    id: 'ind11-spec-json-form-wrapped',
    requirements: ['SPEC-JSON-ON-REQUEST', 'SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The JSON form of a published document goes through the API\'s envelope: it is served wrapped under one key (`{"specification": {openapi, info, paths, ...}}`), so it is no OpenAPI document; the YAML form is the bare document.',
    behaviour: (b) => {
      const finalize = b.publishing.finalize;
      b.publishing.finalize = (doc, form) => {
        const done = finalize(doc, form);
        return form === 'json' ? { specification: done } : done;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
      const path = url.slice(url.indexOf('/v1/openapi/'));
      return Object.keys((await call('GET', path, { key: null, headers: { Accept: 'application/json' } })).body);
    },
    shows: ['specification'],
  }),
  fault({
    id: 'ind11-metrics-listed-subvalues-carried-over',
    requirements: ['METRIC-GET', 'SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      "In a simulation's metrics list, an output without time segments is served with the segments of the output listed before it (a loop variable not reset); GET of that output serves none.",
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        if (endpoint.key !== 'GET /v1/simulations/{simulation_id}/metrics' || !isJsonObject(shaped)) return shaped;
        let carried: unknown = null;
        const metrics = (shaped.metrics as JsonObject[]).map((metric) => {
          const own = metric.subvalues_by_timestamp;
          if (Array.isArray(own) && own.length > 0) carried = own;
          return Array.isArray(own) && own.length > 0 ? metric : { ...metric, subvalues_by_timestamp: carried };
        });
        return { ...shaped, metrics };
      };
    },
    probe: async (call) => {
      const [simulation, outputs] = [...seeded().simulations.entries()].find(
        ([, o]) => o.size <= 50 && [...o.values()].some((m) => m.subvalues_by_timestamp?.length),
      )!;
      const { body } = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
      const own = (m: JsonObject) => Boolean(outputs.get(String(m.metric_output_id))?.subvalues_by_timestamp?.length);
      const listed = body.metrics as JsonObject[];
      const bare = listed.find((m, i) => !own(m) && listed.slice(0, i).some(own))!;
      const got = await call('GET', `/v1/simulations/${simulation}/metrics/${bare.metric_output_id}`);
      const segments = (value: unknown) => (Array.isArray(value) ? value.length : 0);
      return segments(bare.subvalues_by_timestamp) === segments(got.body.metric.subvalues_by_timestamp)
        ? 'as its GET'
        : 'segments of another output';
    },
    shows: 'segments of another output',
  }),
  fault({
    id: 'ind11-run-cancel-stops-agent-runs',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['broken'],
    description:
      "DELETE of a run that is still going cancels it by stopping its agent's work: every other unfinished run of the same agent is cancelled with it.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const target = endpoint.key === 'DELETE /v1/runs/{run_id}' ? store.runs.get(params.run_id ?? '') : undefined;
        if (target && b.runDeletion.outcome(target.status) === 'cancel') {
          for (const run of [...store.runs.values()]) {
            if (run.run_id === target.run_id || run.agent_id !== target.agent_id) continue;
            if (b.runDeletion.outcome(run.status) !== 'cancel') continue;
            store.runs.set(run.run_id, {
              ...run,
              status: b.runDeletion.cancelledStatus(run.status),
              update_time: store.clock.now(),
            });
          }
        }
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const running = [...seeded().runs.values()].filter((r) => r.status === 'RUNNING');
      const first = running.find((r) => running.filter((o) => o.agent_id === r.agent_id).length > 1)!;
      const second = running.find((r) => r.agent_id === first.agent_id && r.run_id !== first.run_id);
      await call('DELETE', `/v1/runs/${first!.run_id}`);
      const { body } = await call(
        'GET',
        `/v1/runs?page_size=1000&filter=${encodeURIComponent(`agent_id = ${second!.agent_id}`)}`,
      );
      return (body.runs as JsonObject[]).find((r) => r.run_id === second!.run_id)?.status;
    },
    shows: 'CANCELLED',
  }),
  fault({
    id: 'ind11-test-case-name-of-previous-creation',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description:
      "A new test case's name is built from the ID of the test case created before it (a last-created variable read before it is updated): from the second creation on, name `test-cases/<id>` names another test case; id is right.",
    behaviour: (b) => {
      let previous: string | undefined;
      presentWith(b, 'testCase', (view) => {
        const id = String(view.id);
        const name = `test-cases/${previous ?? id}`;
        previous = id;
        return { ...view, name };
      });
    },
    probe: async (call) => {
      await call('POST', '/v1/test-cases', { body: { input_str: 'ind11 first', test_set_id: 'cftTs001' } });
      const { body } = await call('POST', '/v1/test-cases', {
        body: { input_str: 'ind11 second', test_set_id: 'cftTs001' },
      });
      return body.test_case.name === `test-cases/${body.test_case.id}` ? 'its own id' : 'another id';
    },
    shows: 'another id',
  }),
  fault({
    id: 'ind11-gzip-without-content-encoding',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'To a request that sends `Accept-Encoding: gzip`, an answer over 1 KiB is sent gzip-compressed without a Content-Encoding header (the compression step and the header step disagree): the client reads bytes that are no JSON.',
    behaviour: (b) => {
      let gzip = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        gzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
        return presented(req);
      };
      const compressed = (text: string) => gzip && Buffer.byteLength(text) > 1024;
      const bytes = b.responseBytes;
      b.responseBytes = (text) => (compressed(text) ? gzipSync(text) : bytes(text));
      const length = b.contentLength;
      b.contentLength = (text) => (compressed(text) ? gzipSync(text).length : length(text));
    },
    probe: async (call) => {
      const { status, body, contentType } = await call('GET', '/v1/personas?page_size=20', {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      return [status, contentType, isJsonObject(body) ? 'JSON' : 'not JSON'];
    },
    shows: [200, 'application/json', 'not JSON'],
  }),
  fault({
    id: 'ind11-scheduled-run-disabled-delete-answers-not-found',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['state'],
    description:
      'DELETE of a disabled scheduled run removes the record, then fails removing its schedule (a disabled run has none registered) and answers NOT_FOUND: the deletion happened but is reported as failed. Enabled ones answer success.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params.scheduled_run_id ?? '';
        const run = store.scheduledRuns.get(id);
        if (endpoint.key === 'DELETE /v1/scheduled-runs/{scheduled_run_id}' && run && !run.enabled) {
          store.scheduledRuns.delete(id);
          throw notFound('schedule', 'scheduled_run_id');
        }
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const disabled = [...seeded().scheduledRuns.values()].find((r) => !r.enabled)!;
      // Read first: another fault's probe may have deleted it already on the same correct service.
      const before = await call('GET', `/v1/scheduled-runs/${disabled.id}`);
      const deleted = await call('DELETE', `/v1/scheduled-runs/${disabled.id}`);
      const after = await call('GET', `/v1/scheduled-runs/${disabled.id}`);
      return [before.status, deleted.status, after.status];
    },
    shows: [200, 404, 404],
  }),
];

/** Faults of this round no check detects yet, with the class of check each needs (filled in after the suite runs). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
