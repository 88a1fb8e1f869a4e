// Independent faults, round 17: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Review (coordinator): one of 30 dropped: a metrics page token refused when asked for a second time (tokens refused
// once used were dropped in earlier rounds: how long a token serves is not stated). As written (the suite at
// 770b466, the writer's base), 24 of the 29 kept detected.

import { INPUT_TYPES, PROJECT_RULES } from '../../lib/contract/enums.js';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { evaluatedFields } from '../../lib/reference/listing/filter.js';
import { itemMatches } from '../../lib/reference/listing/filter-match.js';
import { readFilter } from '../../lib/reference/listing/filter.js';
import { listTable } from '../../lib/reference/listing/tables.js';
import { PUBLIC_HTTP_URL } from '../../lib/reference/validation/checks.js';
import { flattenToStrings } from '../../lib/reference/validation/mutations.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, paths, presentWith, readAs, rereadAgent, rereadTestCase, respondWith } from './define.js';
import { tokensReadAs } from './list-seams.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

const GET_AGENT = 'GET /v1/agents/{agent_id}';
const GET_METRIC = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}';

/** Every array in `value`, at every depth, as an object keyed by index (a deep copy that walks Object.entries of any object). */
function arraysAsObjects(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, arraysAsObjects(inner)]));
}

/** The strings of a JSON value, each replaced by `change`'s answer, at every depth. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapStrings(inner, change)]));
}

/** A new CHAT agent whose chat_endpoint ends with `tail`: its id. */
async function chatAgent(call: Call, tail: string): Promise<string> {
  const created = await call('POST', '/v1/agents', {
    body: {
      display_name: `ind17 chat ${tail}`,
      model_type: 'MODEL_TYPE_CHAT',
      metadata: { chat_endpoint: `https://chat.example.com/${tail}`, response_format: 'chat_completions' },
    },
  });
  return String(created.body.agent.id);
}

interface Subvalue {
  readonly message_index: number;
}
interface ListedOutput {
  readonly metric_output_id: string;
  readonly subvalues_by_timestamp?: readonly Subvalue[];
}

/** A simulation output with time segments, as listed: its simulation id and the listed output. */
async function segmentedOutput(call: Call): Promise<{ simulationId: string; listed: Required<ListedOutput> }> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const simulations = new Set<string>(
    runs.body.runs.flatMap((run: { results?: { output_ids?: string[] } }) => run.results?.output_ids ?? []),
  );
  for (const simulationId of simulations) {
    const metrics = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000`);
    const listed = (metrics.body.metrics ?? []).find((m: ListedOutput) => (m.subvalues_by_timestamp ?? []).length > 0);
    if (listed) return { simulationId, listed };
  }
  throw new Error('no simulation output with time segments');
}

/** A valid review project body, linking a simulation output of the fixtures and one of its metrics. */
async function reviewBody(call: Call): Promise<JsonObject> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const simulationId = String(
    runs.body.runs.flatMap((run: { results?: { output_ids?: string[] } }) => run.results?.output_ids ?? [])[0],
  );
  const metrics = await call('GET', `/v1/simulations/${simulationId}/metrics`);
  return {
    display_name: 'ind17 review',
    assignees: ['reviewer@example.com'],
    linked_simulation_ids: [simulationId],
    linked_metric_ids: [String(metrics.body.metrics[0].metric_id)],
  };
}

export const INDEPENDENT_17_FAULTS = [
  fault({
    id: 'ind17-mutation-parameter-values-object-text',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      'parameter_values derived from config_overrides are written with String(value) per top-level key, not flattened: an override holding an object (`{"metadata": {"response_format": "responses"}}`) is derived as `{"metadata": "[object Object]"}`.',
    behaviour: (b) => {
      b.mutationRules.parameterValues = (given, overrides) =>
        given ?? Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, String(value)]));
    },
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-derived');
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Responses API', config_overrides: { metadata: { response_format: 'responses' } } },
      });
      return created.body.mutation?.parameter_values;
    },
    shows: { metadata: '[object Object]' },
  }),
  fault({
    id: 'ind17-metric-get-message-index-one-based',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      "GET of one metric output numbers its subvalues' message_index from 1 (the detail view writes the transcript's display numbering), while the metrics list gives the same subvalues numbered from 0.",
    behaviour: (b) =>
      readAs(b, GET_METRIC, 'metric', (metric) => ({
        ...metric,
        subvalues_by_timestamp: (metric.subvalues_by_timestamp as unknown as Subvalue[]).map((s) => ({
          ...s,
          message_index: s.message_index + 1,
        })),
      })),
    probe: async (call) => {
      const { simulationId, listed } = await segmentedOutput(call);
      const got = await call('GET', `/v1/simulations/${simulationId}/metrics/${listed.metric_output_id}`);
      const shifts = (got.body.metric.subvalues_by_timestamp as Subvalue[]).map(
        (s, i) => s.message_index - (listed.subvalues_by_timestamp[i]?.message_index ?? 0),
      );
      return [...new Set(shifts)];
    },
    shows: [1],
  }),
  fault({
    id: 'ind17-agent-get-configuration-cached-by-type',
    requirements: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "GET /v1/agents/{agent_id} serves the simulator configuration (metadata) from a cache keyed by model_type (meant for the type's key rules): after one CHAT agent was read, every other CHAT agent reads back with that agent's configuration.",
    behaviour: (b) => {
      const byType = new Map<string, unknown>();
      readAs(b, GET_AGENT, 'agent', (agent) => {
        const type = String(agent.model_type);
        if (!byType.has(type)) byType.set(type, agent.metadata);
        return { ...agent, metadata: byType.get(type) as never };
      });
    },
    probe: async (call) => {
      const first = await chatAgent(call, 'ind17-first');
      await call('GET', `/v1/agents/${first}`);
      const second = await chatAgent(call, 'ind17-second');
      const got = await call('GET', `/v1/agents/${second}`);
      return got.body.agent?.metadata?.chat_endpoint;
    },
    shows: 'https://chat.example.com/ind17-first',
  }),
  fault({
    id: 'ind17-body-leading-whitespace-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'A request body is screened for an object by its first character (`text[0] !== "{"`, to refuse arrays and scalars before parsing): a JSON object preceded by a line break or a blank, valid JSON text, is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const read = b.requestBody;
      b.requestBody = (text, headers) => {
        if (text !== '' && !text.startsWith('{')) throw invalidArgument('body', 'the body must be a JSON object');
        return read(text, headers);
      };
    },
    probe: async (call) => {
      const body = JSON.stringify({ input_str: 'Where is my parcel?', test_set_id: 'ts-ind17' });
      const answer = await call('POST', '/v1/test-cases', { raw: `\n${body}` });
      return answer.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind17-spec-path-templates-percent-encoded',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published paths are written from URL objects of the routes (`new URL(path, base).pathname`), which percent-encode the braces of path templates: `/v1/agents/%7Bagent_id%7D` where `/v1/agents/{agent_id}` is due, so no templated operation matches its endpoint.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: Object.fromEntries(
          Object.entries(paths(doc)).map(([path, item]) => [path.replace(/\{/g, '%7B').replace(/\}/g, '%7D'), item]),
        ),
      })),
    probe: async (call) => {
      const doc = await call('GET', '/v1/openapi/agent-evaluation', {
        key: null,
        headers: { Accept: 'application/json' },
      });
      return Object.keys(doc.body.paths ?? {}).filter((path) => path.includes('%7B')).length > 0;
    },
    shows: true,
  }),
  fault({
    id: 'ind17-test-case-output-json-arrays-as-objects',
    requirements: ['TESTCASE-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'expected_output_json is copied by a hand-written deep copy that walks `Object.entries` of every object, arrays included: a list inside it comes back as an object keyed by index (`{"items": ["a", "b"]}` as `{"items": {"0": "a", "1": "b"}}`).',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_output_json'], (read) => (f, r) => arraysAsObjects(read(f, r)) as JsonObject | null),
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'Order two items',
          test_set_id: 'ts-ind17',
          expected_output_json: { items: ['mug', 'lid'] },
        },
      });
      return created.body.test_case?.expected_output_json;
    },
    shows: { items: { 0: 'mug', 1: 'lid' } },
  }),
  fault({
    id: 'ind17-mutation-redelete-by-name',
    requirements: ['MUTATION-DELETE-IDEMPOTENT', 'MUTATION-GET', 'MUTATION-DELETE-GONE'],
    slips: { 'MUTATION-DELETE-IDEMPOTENT': ['state'], 'MUTATION-GET': ['broken'], 'MUTATION-DELETE-GONE': ['state'] },
    description:
      'DELETE of a mutation marks deleted the mutations of its agent that bear its display_name (the delete keyed by the unique (agent, display_name) pair): repeating the DELETE of a deleted mutation, which must simply succeed, deletes the new mutation that has since taken the name.',
    behaviour: (b) => {
      b.mutationRules.deletes = (target, all) =>
        all.filter((m) => m.agent_id === target.agent_id && m.display_name === target.display_name);
    },
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-redelete');
      const first = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Calm tone' } });
      const firstPath = `/v1/agents/${agentId}/mutations/${first.body.mutation.id}`;
      await call('DELETE', firstPath);
      const second = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Calm tone' } });
      await call('DELETE', firstPath);
      const got = await call('GET', `/v1/agents/${agentId}/mutations/${second.body.mutation.id}`);
      return got.status;
    },
    shows: 404,
  }),
  fault({
    id: 'ind17-websocket-auth-token-alphanumeric',
    requirements: ['CONFIG-AUTH-HEADER-FORMS'],
    slips: ['broken'],
    description:
      'A WEBSOCKET authorization_header is checked with `^(Bearer|X-API-Key) [A-Za-z0-9]+$`: a bearer token with dots, hyphens or underscores, as every JWT has (`Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2ln-bmF0_dXJl`), is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const rules = b.agentRules.config.MODEL_TYPE_WEBSOCKET ?? {};
      b.agentRules.config.MODEL_TYPE_WEBSOCKET = {
        ...rules,
        authorization_header: (c, k) => {
          const value = c.string(k);
          if (value !== null && !/^(Bearer|X-API-Key) [A-Za-z0-9]+$/.test(value))
            c.fail(k, 'must be "Bearer <token>" or "X-API-Key <key>"');
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind17 socket',
          model_type: 'MODEL_TYPE_WEBSOCKET',
          metadata: {
            endpoint: 'wss://voice.example.com/socket',
            initialization_json: '{"mode":"voice"}',
            authorization_header: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2ln-bmF0_dXJl',
          },
        },
      });
      return created.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind17-chat-endpoint-from-agent-endpoint',
    requirements: ['CHAT-ENDPOINT-REQUIRED'],
    slips: ['broken'],
    description:
      "A CHAT agent's chat_endpoint falls back to the agent's endpoint (the webhook field): a CHAT agent whose configuration has no chat_endpoint is accepted when the body gives an endpoint, though the keys table makes chat_endpoint required.",
    behaviour: (b) => {
      let endpointGiven = false;
      rereadAgent(b, 'endpoint', (read) => (f, r) => {
        const value = read(f, r);
        endpointGiven = value !== null;
        return value;
      });
      const rules = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      b.agentRules.config.MODEL_TYPE_CHAT = {
        ...rules,
        chat_endpoint: (c, k) => void c.string(k, { required: !endpointGiven, check: PUBLIC_HTTP_URL }),
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind17 chat without chat_endpoint',
          model_type: 'MODEL_TYPE_CHAT',
          endpoint: 'https://hooks.example.com/chat',
          metadata: { response_format: 'responses' },
        },
      });
      return created.status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind17-personas-or-lists-twice',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'The personas list runs a filter\'s OR as one query per term joined with UNION ALL: a persona that satisfies two terms of an OR (`name = "Alice Smith" OR create_time >= "2000-01-01T00:00:00Z"`) is listed twice on the page.',
    behaviour: (b) => {
      const list = listTable('personas');
      let filterText: string | null = null;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        filterText = new URL(String(req.url), 'http://reference.invalid').searchParams.get('filter');
        return presented(req);
      };
      respondWith(b, 'GET /v1/personas', (body) => {
        const expr = filterText === null ? null : readFilter(filterText, list);
        if (expr?.kind !== 'or') return body;
        const fields = evaluatedFields(list);
        const items = (body.personas as JsonObject[]).flatMap((item) =>
          expr.terms.filter((term) => itemMatches(term, item, fields)).map(() => item),
        );
        return { ...body, personas: items };
      });
    },
    probe: async (call) => {
      const filter = encodeURIComponent('name = "Alice Smith" OR create_time >= "2000-01-01T00:00:00Z"');
      const page = await call('GET', `/v1/personas?page_size=100&filter=${filter}`);
      return (page.body.personas as { name: string }[]).filter((p) => p.name === 'Alice Smith').length;
    },
    shows: 2,
  }),
  fault({
    id: 'ind17-mutation-parameter-values-need-overrides',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED', 'MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'parameter_values are worked out inside the branch that handles config_overrides (`if (Object.keys(overrides).length) { ... }`): a mutation given parameter_values but no config_overrides is stored with parameter_values `{}`, the given pairs lost.',
    behaviour: (b) => {
      b.mutationRules.parameterValues = (given, overrides) =>
        Object.keys(overrides).length === 0 ? {} : (given ?? flattenToStrings(overrides));
    },
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-values');
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Labelled', parameter_values: { tone: 'calm' } },
      });
      return created.body.mutation?.parameter_values;
    },
    shows: {},
  }),
  fault({
    id: 'ind17-mutation-name-inherited-key-taken',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE', 'MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "The names an agent's active mutations hold are kept in a plain object (`taken[agentId][name] = true`) and a new name is looked up with `taken[agentId][name]`: a display_name that is a key every object inherits (`constructor`, `toString`, `valueOf`) is refused with ALREADY_EXISTS once the agent has a mutation.",
    behaviour: (b) => {
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules.nameTakenBy = (other, agentId, displayName) =>
        taken(other, agentId, displayName) || (other.agent_id === agentId && !other.deleted && displayName in {});
    },
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-inherited');
      await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Calm tone' } });
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'constructor' } });
      return [created.status, created.body.error?.code];
    },
    shows: [409, 'ALREADY_EXISTS'],
  }),
  fault({
    id: 'ind17-review-project-notifications-as-text',
    requirements: ['REVIEW-PROJECT-CREATE', 'SCHEMA-CANONICAL'],
    slips: ['type'],
    description:
      'A review project\'s notifications is kept in the project settings table as text and served as it is read: `"notifications": "true"` (or `"false"`), a string where the table gives a boolean.',
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({ ...view, notifications: String(view.notifications) })),
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', { body: await reviewBody(call) });
      return created.body.review_project?.notifications;
    },
    shows: 'true',
  }),
  fault({
    id: 'ind17-body-first-json-value-read',
    requirements: ['REQUEST-MALFORMED-JSON'],
    slips: ['broken'],
    description:
      'A request body is read with a streaming JSON parser that stops at the end of the first value: text after it (`{"input_str": "x", ...} trailing`), which makes the body no JSON text, is ignored and the request served instead of refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const read = b.requestBody;
      b.requestBody = (text, headers) => {
        const body = read(text, headers);
        for (let end = body.indexOf('}'); end !== -1; end = body.indexOf('}', end + 1)) {
          try {
            JSON.parse(body.slice(0, end + 1));
            return body.slice(0, end + 1);
          } catch {
            // not yet the end of the first value
          }
        }
        return body;
      };
    },
    probe: async (call) => {
      const body = JSON.stringify({ input_str: 'Where is my parcel?', test_set_id: 'ts-ind17' });
      const answer = await call('POST', '/v1/test-cases', { raw: `${body} {"input_str": "again"}` });
      return answer.status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind17-review-assignee-pattern-global-flag',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'Assignees are checked with a module-level e-mail pattern written with the global flag (`/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/g`), whose `test` carries lastIndex from one call to the next: after an address passes, the next one checked fails, so a project with two valid assignees is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const address = /^[^\s@]+@[^\s@]+\.[^\s@]+$/g;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (f) =>
          f.strings('assignees', {
            required: true,
            limit: 'reviewProject.assignees',
            each: { test: (value) => address.test(value), description: 'an e-mail address' },
          }),
      };
    },
    probe: async (call) => {
      const body = { ...(await reviewBody(call)), assignees: ['ana@example.com', 'ben@example.com'] };
      const created = await call('POST', '/v1/review-projects', { body });
      return [created.status, created.body.error?.details?.[0]?.field];
    },
    shows: [400, 'assignees'],
  }),
  fault({
    id: 'ind17-test-case-scenario-given-refused',
    requirements: ['TESTCASE-INPUT-TYPE'],
    slips: ['broken'],
    description:
      'A given input_type is checked with `INPUT_TYPES.indexOf(value) > 0` (`>= 0` was meant): SCENARIO, the first of the listed values, is refused with INVALID_ARGUMENT when sent explicitly, though it is still the default when input_type is left out.',
    behaviour: (b) =>
      rereadTestCase(b, ['input_type'], (read) => (f, r) => {
        const given = f.string('input_type');
        if (given !== null && !((INPUT_TYPES as readonly string[]).indexOf(given) > 0))
          f.fail('input_type', `must be one of ${INPUT_TYPES.join(', ')}`);
        return read(f, r);
      }),
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { input_str: 'Where is my parcel?', test_set_id: 'ts-ind17', input_type: 'SCENARIO' },
      });
      return [created.status, created.body.error?.details?.[0]?.field];
    },
    shows: [400, 'input_type'],
  }),
  fault({
    id: 'ind17-persona-get-zero-wait-defaulted',
    requirements: ['PERSONA-GET'],
    slips: ['broken'],
    description:
      'GET /v1/personas/{persona_id} fills its defaults with `||` (`wait_seconds: row.wait_seconds || 1`): a persona whose wait_seconds is 0 reads 1 there, while the personas list gives 0.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (persona) => ({
        ...persona,
        wait_seconds: persona.wait_seconds || 1,
      })),
    probe: async (call) => {
      const page = await call('GET', '/v1/personas?page_size=100');
      const listed = (page.body.personas as { id: string; wait_seconds: number }[]).find((p) => p.wait_seconds === 0);
      const got = await call('GET', `/v1/personas/${listed?.id}`);
      return got.body.persona?.wait_seconds;
    },
    shows: 1,
  }),
  fault({
    id: 'ind17-review-rules-substring-accepted',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['broken'],
    description:
      'The one allowed project rule is kept as a string, not a list, and a rule is checked with `ALLOWED.includes(rule)`, a substring test: `notes`, `disagreement` or `require` is accepted and stored as a project rule.',
    behaviour: (b) => {
      const allowed: string = PROJECT_RULES.join(',');
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_rules: (f) =>
          f.strings('project_rules', { each: { test: (rule) => allowed.includes(rule), description: allowed } }),
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: { ...(await reviewBody(call)), project_rules: ['notes'] },
      });
      return [created.status, created.body.review_project?.project_rules];
    },
    shows: [200, ['notes']],
  }),
  fault({
    id: 'ind17-agent-get-metric-ids-set',
    requirements: ['AGENT-GET', 'SCHEMA-CANONICAL'],
    slips: { 'AGENT-GET': ['broken'], 'SCHEMA-CANONICAL': ['type'] },
    description:
      'GET /v1/agents/{agent_id} reads metric_ids through a Set (the repository deduplicates references) and hands the Set to the serializer, which writes it as `{}`: a list of IDs becomes an empty object; the create answer has the list.',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        metric_ids: new Set(agent.metric_ids as string[]) as unknown as string[],
      })),
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind17 scored',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550177',
          metric_ids: ['Mtr0ind17Accuracy00001'],
        },
      });
      const got = await call('GET', `/v1/agents/${created.body.agent.id}`);
      return got.body.agent?.metric_ids;
    },
    shows: {},
  }),
  fault({
    id: 'ind17-dashboard-name-replacement-patterns',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'The dashboard view writes display_name into its text with `"{{display_name}}".replace("{{display_name}}", name)`, whose replacement string reads `$&`, `$\'` and `` $` `` as patterns: a PATCH to `Cost $& revenue` is answered with display_name `Cost {{display_name}} revenue`.',
    behaviour: (b) =>
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        display_name: '{{display_name}}'.replace('{{display_name}}', String(view.display_name)),
      })),
    probe: async (call) => {
      const { dashboardId } = seedStore(ALPHANUMERIC).fixtures;
      const renamed = await call('PATCH', `/v1/dashboards/${dashboardId}`, {
        body: { display_name: 'Cost $& revenue' },
      });
      await call('PATCH', `/v1/dashboards/${dashboardId}`, { body: { display_name: 'Quality overview' } });
      return renamed.body.dashboard?.display_name;
    },
    shows: 'Cost {{display_name}} revenue',
  }),
  fault({
    id: 'ind17-spec-listing-urls-path-joined',
    requirements: ['SPEC-LISTING', 'SPEC-FETCHABLE'],
    slips: ['broken'],
    description:
      'GET /v1/openapi builds each document\'s URL with `path.posix.join(baseUrl, "v1/openapi", name)`, a file path join that collapses the `//` after the scheme: the URLs read `http:/127.0.0.1:8080/v1/openapi/<name>`, which no client can fetch.',
    behaviour: (b) =>
      respondWith(
        b,
        'GET /v1/openapi',
        (body) => mapStrings(body, (text) => text.replace(/^(https?):\/\//, '$1:/')) as JsonObject,
      ),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      return /^https?:\/[^/]/.test(JSON.stringify(listing.body).match(/"(https?:[^"]*)"/)?.[1] ?? '');
    },
    shows: true,
  }),
  fault({
    id: 'ind17-runs-token-decoded-as-base64',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['scope'],
    description:
      'The runs list writes its page tokens in base64url like the other lists but reads them back (payload and signature) with `atob`, a decoder of standard base64: a token holding `-` or `_` (one page in a few has one) is refused with INVALID_ARGUMENT, and the walk through the runs stops there.',
    behaviour: (b) => {
      tokensReadAs(b, (token, list, correct) => (list.id === 'runs' && /[-_]/.test(token) ? null : correct(token)));
    },
    probe: async (call) => {
      let token = '';
      for (let page = 0; page < 300; page++) {
        const answer = await call(
          'GET',
          `/v1/runs?page_size=1${token ? `&page_token=${encodeURIComponent(token)}` : ''}`,
        );
        if (answer.status !== 200) return [page > 0, answer.status];
        token = String(answer.body.next_page_token ?? '');
        if (!token) return [page > 0, 'complete'];
      }
      return 'unfinished';
    },
    shows: [true, 400],
  }),
  fault({
    id: 'ind17-personas-order-lone-dash-internal',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['broken'],
    description:
      'The personas list splits order_by as `raw[0] === "-" ? raw.slice(1) : raw` and reads the column of the field named with `ORDER_FIELDS[name].column`: order_by `-` alone names the empty field, and reading its column throws, so the request fails with 500 INTERNAL instead of INVALID_ARGUMENT.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        if (list.id === 'personas' && raw?.trim() === '-')
          throw new TypeError("Cannot read properties of undefined (reading 'column')");
        return order(raw, list);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas?order_by=-');
      return [answer.status, answer.body.error?.code];
    },
    shows: [500, 'INTERNAL'],
  }),
  fault({
    id: 'ind17-auth-key-locale-compared',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'The presented key is compared with `presented.localeCompare(apiKey) === 0` (a comparator reused from sorting), which follows Unicode collation and ignores default-ignorable characters: the valid key followed by a soft hyphen (byte AD in the header, U+00AD), another value, is accepted.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) =>
        accepts(endpoint, presented) || (presented !== undefined && presented.localeCompare(b.apiKey) === 0);
    },
    probe: async (call) => {
      const key = `${DEFAULT_API_KEY}\u00AD`;
      const answer = await call('GET', '/v1/personas?page_size=1', { key });
      return answer.status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind17-mutation-overrides-merged-into-parent',
    requirements: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "Creating a mutation merges its config_overrides into the parent agent's configuration to work out the variant (`Object.assign(agent.metadata, overrides)`) without copying it first: after a mutation overriding response_format, GET of the parent agent answers the overridden value, not the one the agent was created with.",
    behaviour: (b) => {
      let parent: { metadata: JsonObject | null } | undefined;
      const keys = b.mutationRules.configurationKeys;
      b.mutationRules.configurationKeys = (agent) => {
        parent = agent;
        return keys(agent);
      };
      const values = b.mutationRules.parameterValues;
      b.mutationRules.parameterValues = (given, overrides) => {
        const metadata = parent?.metadata;
        if (metadata)
          for (const [key, value] of Object.entries(overrides)) if (Object.hasOwn(metadata, key)) metadata[key] = value;
        return values(given, overrides);
      };
    },
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-parent');
      await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Responses API', config_overrides: { response_format: 'responses' } },
      });
      const got = await call('GET', `/v1/agents/${agentId}`);
      return got.body.agent?.metadata?.response_format;
    },
    shows: 'responses',
  }),
  fault({
    id: 'ind17-runs-dash-for-times-only',
    requirements: ['LIST-ORDER-BY'],
    slips: ['scope'],
    description:
      'The runs list honours order_by\'s leading dash only for the time fields (`descending = raw.startsWith("-") && field.endsWith("_time")`, written when create_time was the only order): `-agent_id`, `-status`, `-persona_id` and `-test_set_id` come ascending.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const read = order(raw, list);
        return list.id === 'runs' && !read.field.endsWith('_time') ? { ...read, descending: false } : read;
      };
    },
    probe: async (call) => {
      const page = await call('GET', '/v1/runs?order_by=-agent_id&page_size=1000');
      const ids = (page.body.runs as { agent_id: string }[]).map((run) => run.agent_id);
      const ascending = ids.every((id, i) => i === 0 || (ids[i - 1] ?? '') <= id);
      const descending = ids.every((id, i) => i === 0 || (ids[i - 1] ?? '') >= id);
      return ascending ? 'ascending' : descending ? 'descending' : 'neither';
    },
    shows: 'ascending',
  }),
  fault({
    id: 'ind17-outbound-key-default-spread-last',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      'An OUTBOUND_VOICE agent\'s configuration is stored as `{...given, phone_number_key: "phone_number"}`, the default spread after the configuration sent instead of before it: a phone_number_key the client chose (`msisdn`) is replaced by the default.',
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        return agent.model_type === 'MODEL_TYPE_OUTBOUND_VOICE'
          ? { ...agent, metadata: { ...agent.metadata, phone_number_key: 'phone_number' } }
          : agent;
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind17 dialer',
          model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
          endpoint: 'https://hooks.example.com/ind17',
          phone_number: '+14155550178',
          metadata: { phone_number_key: 'msisdn' },
        },
      });
      return created.body.agent?.metadata?.phone_number_key;
    },
    shows: 'phone_number',
  }),
  fault({
    id: 'ind17-metrics-filter-drops-zero-scores',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'A filtered metrics list keeps the outputs `outputs.filter((o) => o.value && matches(o))` (a guard meant for outputs without a score): an output whose value is 0 is never listed under a filter, whatever it asks, while the unfiltered list shows it.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        !(
          typeof item === 'object' &&
          item !== null &&
          'metric_output_id' in item &&
          (item as { value?: unknown }).value === 0
        ) && matches(expr, item, fields);
    },
    probe: async (call) => {
      const runs = await call('GET', '/v1/runs?page_size=1000');
      const simulations = new Set<string>(
        runs.body.runs.flatMap((run: { results?: { output_ids?: string[] } }) => run.results?.output_ids ?? []),
      );
      for (const simulationId of simulations) {
        const listed = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000`);
        const zero = (listed.body.metrics as { metric_output_id: string; metric_name: string; value: number }[]).find(
          (m) => m.value === 0,
        );
        if (!zero) continue;
        const filter = encodeURIComponent(`metric_name = "${zero.metric_name}"`);
        const filtered = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000&filter=${filter}`);
        return (filtered.body.metrics as { metric_output_id: string }[]).some(
          (m) => m.metric_output_id === zero.metric_output_id,
        );
      }
      return 'no output scored 0';
    },
    shows: false,
  }),
  fault({
    id: 'ind17-spec-accept-quality-parse-int',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['broken'],
    description:
      "The document form is chosen by reading each media range's quality with parseInt (`parseInt(q) > 0`): `Accept: application/json;q=0.9`, which asks for JSON alone, reads as weight 0 and gets YAML; JSON is served only without a weight or with q=1.",
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => {
        const weighted = (accept ?? '')
          .split(',')
          .map((range) => range.split(';').map((part) => part.trim().toLowerCase()))
          .find(([type]) => type === 'application/json');
        const q = weighted?.find((part) => part.startsWith('q='));
        if (q !== undefined && !(parseInt(q.slice(2), 10) > 0)) return 'yaml';
        return negotiate(accept);
      };
    },
    probe: async (call) => {
      const doc = await call('GET', '/v1/openapi/agent-evaluation', {
        key: null,
        headers: { Accept: 'application/json;q=0.9' },
      });
      return doc.contentType.split(';')[0];
    },
    shows: 'application/yaml',
  }),
];
