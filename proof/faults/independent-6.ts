// Independent round 6: faults written from the specification alone, each a plausible slip.
//
// Dropped on review:
//   ind6-dashboard-patch-unknown-id-created: a PATCH of a dashboard that does not exist creating it (an upsert):
//     creating dashboards is not shown, nor what an update answers for a missing one, so a reasonable reader may
//     upsert (as PATH-ID-EXACT's decision already allowed); kept in the catalog as a strict convention's fault
//     (dashboard-patch-upserts, MISSING-RESOURCE-NOT-FOUND)
//
// Dropped while writing (repeats, siblings, readings a careful reader could call conformant, or unprovable):
//   body limit 100 KB, chunked body read as empty, overrides merged into the parent, a repeated operationId, subvalues
//     dropped on GET, wait_seconds rounded on GET: written already (ind2, ind1)
//   metrics order_by=value compared as text: the fixtures' values (twentieths in [0, 1]) sort alike as text and as numbers
//   subvalues reversed on GET: the order of subvalues_by_timestamp is not stated
//   Accept `text/html, application/json` answered YAML: a sibling of ind3-spec-accept-compared-exactly
//   Accept `application/json;q=0` answered JSON: "JSON when Accept: application/json" may be read to cover it
//   the JSON form labelled application/yaml: a sibling of the document cache keyed by spec_name alone
//   runs' last page with next_page_token null: null, "" and absent all end a list (a conformant reading)
//   `a OR b AND c` folded left to right: precedence is not shown; `tag != x` on several tags: its meaning is not shown
//   a dashboard name cut at its first line break: near "names trimmed" and "line breaks refused" (dropped before)
//   a PATCH leaving update_time as it was; an unupdated scheduled run's update_time shown as create_time: not stated
//   deleting a persona removing its runs; deleting a scheduled run removing its template run: not stated
//   a page_token refused once its item is deleted, or used a second time: not stated
//   percent-encoded path IDs refused: a rarer valid form refused (dropped before); a body with a BOM refused: RFC 8259
//     allows it; duplicate keys: left open by RFC 8259; errors as application/problem+json: a JSON media type
//   a digits-only filter value read as a number: no fixture has a digits-only test_set_id (unprovable)
//   review project ids colliding under concurrent creations: a sibling of ind2-agent-ids-seeded-per-second
//   a test case named with a second id, a run named by its agent_id, last_run_id as a run name, a metric output not
//     found answered 500, PATCH served without a key, a wrong key remembered per connection, metric_ids
//     deduplicated, sorted or collapsed to one string, digits-only names stored as numbers: siblings of written faults
//   mutation names `7` and `007` judged equal (a loose numeric comparison): near case-insensitive uniqueness, dropped
//     before as a comparison the specification does not show

import { PROJECT_TYPES } from '../../lib/contract/enums.js';
import type { IncomingMessage } from 'node:http';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { DELETABLE_PERSONA_NAME } from '../../lib/reference/fixtures/personas.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { RunRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Answer, Call } from '../probes/call.js';
import {
  deletedStillFiltered,
  fault,
  finalizeWith,
  mapSchemas,
  presentWith,
  readAs,
  rereadTestCase,
  respondWith,
} from './define.js';

/** The reference's seeded fixtures (the same on every start). */
const seeded = () => seedStore(ALPHANUMERIC);

/** The newest time any fixture run was written: a run updated later was changed through the API. */
const newestFixtureRunUpdate = () => Math.max(...[...seeded().store.runs.values()].map((run) => run.update_time));

/** The first published document, in its JSON form. */
const jsonDocument = async (call: Call): Promise<Answer['body']> => {
  const listing = await call('GET', '/v1/openapi');
  const name = /openapi\/([A-Za-z0-9._-]+)/.exec(JSON.stringify(listing.body))?.[1];
  return (await call('GET', `/v1/openapi/${String(name)}`, { headers: { Accept: 'application/json' } })).body;
};

const websocketAgent = (call: Call) =>
  call('POST', '/v1/agents', {
    body: {
      display_name: 'Round six socket',
      model_type: 'MODEL_TYPE_WEBSOCKET',
      metadata: { endpoint: 'wss://voice.example.com/socket', initialization_json: '{"mode":"voice"}' },
    },
  });

/** A new voice agent's id. */
const newAgent = async (call: Call): Promise<string> => {
  const created = await call('POST', '/v1/agents', {
    body: { display_name: 'Round six agent', model_type: 'MODEL_TYPE_VOICE', prompt: 'Be brief.' },
  });
  return String(created.body?.agent?.id);
};

const newMutation = (call: Call, agentId: string, displayName: string) =>
  call('POST', `/v1/agents/${agentId}/mutations`, {
    body: { display_name: displayName, config_overrides: { prompt: 'Be kind.' } },
  });

const testCase = (call: Call, extra: JsonObject) =>
  call('POST', '/v1/test-cases', {
    body: { input_str: 'Caller asks for a refund', test_set_id: 'cftTs001', ...extra },
  });

const reviewProject = (call: Call, extra: JsonObject) => {
  const simulationId = [...seeded().store.simulations.keys()][0];
  return call('POST', '/v1/review-projects', {
    body: {
      display_name: 'Round six review',
      assignees: ['reviewer@example.com'],
      linked_simulation_ids: [simulationId],
      linked_metric_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
      ...extra,
    },
  });
};

/** Whether a comparison anywhere in the expression is on `field`. */
const mentions = (expr: FilterExpr, field: string): boolean =>
  expr.kind === 'cmp' ? expr.field === field : expr.terms.some((term) => mentions(term, field));

/** Every number a bound or default keyword holds, written as text, at every depth. */
function boundsAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(boundsAsText);
  if (!isJsonObject(value)) return value;
  const keywords = new Set(['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'default']);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, keywords.has(k) && typeof v === 'number' ? String(v) : boundsAsText(v)]),
  );
}

/** The `$ref`s of a document that name no schema it holds. */
function danglingRefs(doc: Answer['body']): string[] {
  const schemas = (doc?.components?.schemas ?? {}) as Record<string, unknown>;
  const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
  return [...new Set(refs.map((r) => r.slice(1, -1)))].filter(
    (r) => !(r.slice('#/components/schemas/'.length) in schemas),
  );
}

export const INDEPENDENT_6_FAULTS = [
  fault({
    id: 'ind6-agent-websocket-type-renamed',
    requirements: ['AGENT-CREATE', 'AGENT-MODEL-TYPE'],
    slips: ['broken'],
    description:
      'A WEBSOCKET agent is returned with model_type `MODEL_TYPE_WEB_SOCKET` (the enum name derived from a class named WebSocket by a camel-to-snake converter); the other four types come back as sent.',
    behaviour(b) {
      presentWith(b, 'agent', (view) =>
        view.model_type === 'MODEL_TYPE_WEBSOCKET' ? { ...view, model_type: 'MODEL_TYPE_WEB_SOCKET' } : view,
      );
    },
    probe: async (call) => (await websocketAgent(call)).body?.agent?.model_type,
    shows: 'MODEL_TYPE_WEB_SOCKET',
  }),
  fault({
    id: 'ind6-agent-websocket-endpoint-promoted',
    requirements: ['AGENT-CREATE', 'AGENT-ENDPOINT'],
    // The canonical schema's rule for endpoint fails every WEBSOCKET agent's answer, in the configuration's checks.
    seenThrough: ['AGENT-MODEL-TYPE'],
    slips: ['broken'],
    description:
      "A WEBSOCKET agent's configuration key `endpoint` (its wss:// URL) is also returned as the agent's own endpoint (the configuration flattened over the agent's columns, one name shared): an agent sent without endpoint answers the wss:// URL there, where the agent's endpoint is an HTTP or HTTPS webhook.",
    behaviour(b) {
      presentWith(b, 'agent', (view) => {
        const config = view.metadata;
        return view.model_type === 'MODEL_TYPE_WEBSOCKET' && view.endpoint === null && isJsonObject(config)
          ? { ...view, endpoint: config.endpoint ?? null }
          : view;
      });
    },
    probe: async (call) => (await websocketAgent(call)).body?.agent?.endpoint,
    shows: 'wss://voice.example.com/socket',
  }),
  fault({
    id: 'ind6-chat-strip-timestamps-default-true',
    requirements: ['AGENT-CONFIG-ECHO', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'A CHAT agent created without strip_message_timestamps is stored with it filled in as true (`strip_message_timestamps ?? true`), where the table gives the default false: the configuration comes back with a key the client never sent, set against the default.',
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        const config = agent.metadata;
        return agent.model_type === 'MODEL_TYPE_CHAT' && config && !('strip_message_timestamps' in config)
          ? { ...agent, metadata: { ...config, strip_message_timestamps: true } }
          : agent;
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Round six chat',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages' },
        },
      });
      return created.body?.agent?.metadata?.strip_message_timestamps;
    },
    shows: true,
  }),
  fault({
    id: 'ind6-mutation-redelete-restores',
    requirements: ['MUTATION-DELETE-GONE', 'MUTATION-DELETE-IDEMPOTENT'],
    slips: ['state'],
    description:
      'DELETE of a mutation flips its deleted flag (`deleted = !deleted`) instead of setting it: a second DELETE, which the specification makes succeed, brings the mutation back, and GET serves it again.',
    behaviour(b) {
      const deletes = b.mutationRules.deletes;
      b.mutationRules = {
        ...b.mutationRules,
        deletes: (target, all) => {
          if (!target.deleted) return deletes(target, all);
          target.deleted = false;
          return [];
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const id = String((await newMutation(call, agentId, 'Twice deleted')).body?.mutation?.id);
      const path = `/v1/agents/${agentId}/mutations/${id}`;
      await call('DELETE', path);
      await call('DELETE', path);
      return (await call('GET', path)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind6-mutation-duplicate-numeric-code',
    requirements: ['ERROR-ENVELOPE'],
    seenThrough: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['type'],
    description:
      "A duplicate mutation name is answered with the error code as the gRPC status number (`6`, a JSON number) rather than its name: the conflict handler passes the status enum's value where every other error passes the code's name.",
    behaviour(b) {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        body(error.code === 'ALREADY_EXISTS' ? { ...error, code: 6 } : error, endpoint);
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      await newMutation(call, agentId, 'Same name');
      return (await newMutation(call, agentId, 'Same name')).body?.error?.code;
    },
    shows: 6,
  }),
  fault({
    id: 'ind6-mutation-get-create-time-of-agent',
    requirements: ['MUTATION-GET', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "GET of a mutation answers its agent's create_time as the mutation's (the read joins the agents table and `SELECT *` lets the parent's column win); the create answer carries the mutation's own.",
    behaviour(b) {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        return named(endpoint, params, s);
      };
      respondWith(b, 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', (body) => {
        const mutation = body.mutation as JsonObject;
        const agent = store?.agents.get(String(mutation.agent_id));
        return agent ? { ...body, mutation: { ...mutation, create_time: b.formatTime(agent.create_time) } } : body;
      });
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'Round six parent', model_type: 'MODEL_TYPE_VOICE', prompt: 'Be brief.' },
      });
      const agent = created.body?.agent;
      const id = String((await newMutation(call, String(agent?.id), 'Dated')).body?.mutation?.id);
      const read = await call('GET', `/v1/agents/${String(agent?.id)}/mutations/${id}`);
      return read.body?.mutation?.create_time === agent?.create_time;
    },
    shows: true,
  }),
  fault({
    id: 'ind6-mutation-overrides-size-of-merged',
    requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE'],
    slips: ['broken'],
    description:
      'config_overrides\' 10 KB limit is held against the configuration it makes once merged with the parent agent\'s, not against the delta sent: under an agent whose workflows hold 12 KB, a one-line override (`{"prompt": "Be kind."}`) is refused as too large.',
    behaviour(b) {
      let store: Store | undefined;
      let agentId = '';
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        agentId = params.agent_id ?? '';
        return named(endpoint, params, s);
      };
      const read = b.mutationRules.fields.config_overrides;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          config_overrides: (fields, body) => {
            const overrides = read(fields, body);
            const agent = store?.agents.get(agentId);
            const max = b.limits['mutation.config_overrides'].max;
            if (agent && max !== undefined) {
              const {
                id: _id,
                create_time: _c,
                update_time: _u,
                deleted: _d,
                knowledge_base_ids: _k,
                ...config
              } = agent;
              if (Buffer.byteLength(JSON.stringify({ ...config, ...overrides })) > max)
                fields.fail('config_overrides', `must not exceed ${max} bytes`);
            }
            return overrides;
          },
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Round six workflows',
          model_type: 'MODEL_TYPE_VOICE',
          prompt: 'Be brief.',
          workflows: { steps: Array.from({ length: 120 }, (_v, i) => `Step ${i}: ${'x'.repeat(90)}`) },
        },
      });
      return (await newMutation(call, String(created.body?.agent?.id), 'Small delta')).status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind6-test-case-manual-stored-as-scenario',
    requirements: ['TESTCASE-CREATE', 'TESTCASE-INPUT-TYPE'],
    slips: ['broken'],
    description:
      'input_type MANUAL is accepted but stored as SCENARIO (the map from request values to stored ones lacks MANUAL and falls back to the default): a manual test case comes back as a scenario.',
    behaviour(b) {
      rereadTestCase(b, ['input_type'], (read) => (fields, request) => {
        const value = read(fields, request);
        return value === 'MANUAL' ? 'SCENARIO' : value;
      });
    },
    probe: async (call) => (await testCase(call, { input_type: 'MANUAL' })).body?.test_case?.input_type,
    shows: 'SCENARIO',
  }),
  fault({
    id: 'ind6-test-case-simulation-metadata-script-only',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'simulation_metadata_input is stored only for SCRIPT test cases (the one type whose contents the table describes): a TRANSCRIPT test case sent with it comes back with null.',
    behaviour(b) {
      rereadTestCase(b, ['simulation_metadata_input'], (read) => (fields, request) => {
        const value = read(fields, request);
        return request.body.input_type === 'SCRIPT' ? value : null;
      });
    },
    probe: async (call) =>
      (await testCase(call, { input_type: 'TRANSCRIPT', simulation_metadata_input: { channel: 'phone' } })).body
        ?.test_case?.simulation_metadata_input,
    shows: null,
  }),
  fault({
    id: 'ind6-test-case-output-str-appended',
    requirements: ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
    slips: ['broken'],
    description:
      'When both are given, expected_output_str is appended to expected_behaviors (`[...behaviors, outputStr]`) instead of being ignored: the deprecated field is used though the preferred one is present.',
    behaviour(b) {
      rereadTestCase(b, ['expected_behaviors'], (read) => (fields, request) => {
        const behaviors = read(fields, request);
        const deprecated = fields.string('expected_output_str');
        return behaviors !== null && deprecated !== null && 'expected_behaviors' in request.body
          ? [...behaviors, deprecated]
          : behaviors;
      });
    },
    probe: async (call) =>
      (await testCase(call, { expected_behaviors: ['Greets the caller'], expected_output_str: 'Says goodbye' })).body
        ?.test_case?.expected_behaviors,
    shows: ['Greets the caller', 'Says goodbye'],
  }),
  fault({
    id: 'ind6-persona-deleted-listed-with-filter',
    requirements: ['PERSONA-DELETE'],
    slips: ['broken'],
    description:
      'The personas list leaves deleted personas out only when it has no filter: a filtered list is built from another query template, which lacks the soft-delete condition, so a deleted persona is still found by `name = "..."`.',
    behaviour(b) {
      deletedStillFiltered(b, 'GET /v1/personas');
    },
    probe: async (call) => {
      const persona = [...seeded().store.personas.values()].find((p) => p.name === DELETABLE_PERSONA_NAME);
      await call('DELETE', `/v1/personas/${String(persona?.id)}`);
      const filter = encodeURIComponent(`name = "${DELETABLE_PERSONA_NAME}"`);
      return (await call('GET', `/v1/personas?filter=${filter}`)).body?.personas?.length;
    },
    shows: 1,
  }),
  fault({
    id: 'ind6-persona-get-id-omitted',
    requirements: ['PERSONA-GET', 'PERSONA-FIELDS'],
    slips: ['broken'],
    description:
      'GET /v1/personas/{persona_id} answers the persona without its id field, only resource_name (the single read maps the resource by its name, as the list does not): the id is missing from that read.',
    behaviour(b) {
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (persona) => {
        const { id: _id, ...rest } = persona;
        return rest;
      });
    },
    probe: async (call) => {
      const persona = [...seeded().store.personas.values()][0];
      const read = await call('GET', `/v1/personas/${String(persona?.id)}`);
      return read.status === 200 ? 'id' in (read.body?.persona ?? {}) : read.status;
    },
    shows: false,
  }),
  fault({
    id: 'ind6-runs-tag-filter-first-tag-only',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      "A `tag` comparison is matched against a run's first tag only (a denormalized primary_tag column): a run tagged `[nightly, smoke]` is not found by `tag = smoke`.",
    behaviour(b) {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        if (!mentions(expr, 'tag') || !isJsonObject(item) || !Array.isArray(item.tags))
          return matches(expr, item, fields);
        return matches(expr, { ...item, tags: item.tags.slice(0, 1) }, fields);
      };
    },
    probe: async (call) => {
      const { store, fixtures } = seeded();
      // A run no probe deletes.
      const run = [...store.runs.values()].find(
        (r) => r.tags.length > 1 && r.run_id !== fixtures.deletableRunId && r.run_id !== fixtures.cancellableRunId,
      );
      const tag = String(run?.tags[1]);
      const filter = encodeURIComponent(`tag = "${tag}"`);
      const listed = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      return (listed.body?.runs ?? []).some((r: JsonObject) => r.run_id === run?.run_id);
    },
    shows: false,
  }),
  fault({
    id: 'ind6-run-cancel-drops-metadata',
    requirements: ['RUN-DELETE-BY-STATUS', 'READ-BACK-UNCHANGED'],
    slips: { 'RUN-DELETE-BY-STATUS': ['state'], 'READ-BACK-UNCHANGED': ['broken'] },
    description:
      'Cancelling a run in progress (its DELETE) rewrites the row from the status update alone, which resets the other columns: the cancelled run is listed with its client metadata emptied (`{}`).',
    behaviour(b) {
      const newest = newestFixtureRunUpdate();
      presentWith(b, 'run', (view, record) =>
        (record as RunRecord).update_time > newest && view.status === 'CANCELLED' ? { ...view, metadata: {} } : view,
      );
    },
    probe: async (call) => {
      const { cancellableRunId } = seeded().fixtures;
      await call('DELETE', `/v1/runs/${cancellableRunId}`);
      const listed = await call('GET', '/v1/runs?page_size=1000');
      const run = (listed.body?.runs ?? []).find((r: JsonObject) => r.run_id === cancellableRunId);
      return run ? run.metadata : null;
    },
    shows: {},
  }),
  fault({
    id: 'ind6-run-delete-body-double-encoded',
    requirements: ['DELETE-EMPTY-OBJECT-BODY', 'RUN-DELETE'],
    slips: ['broken'],
    description:
      'DELETE /v1/runs/{run_id} serializes its answer twice (`res.json(JSON.stringify({}))`): the body is the JSON string `"{}"`, not the empty object.',
    behaviour(b) {
      respondWith(b, 'DELETE /v1/runs/{run_id}', (body) => JSON.stringify(body) as unknown as JsonObject);
    },
    probe: async (call) => {
      const answer = await call('DELETE', `/v1/runs/${seeded().fixtures.deletableRunId}`);
      return answer.status === 200 ? typeof answer.body : answer.status;
    },
    shows: 'string',
  }),
  fault({
    id: 'ind6-metrics-subvalues-first-page-only',
    requirements: ['METRIC-GET', 'SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      'The metrics list joins the subvalues table on its first page only: on the pages after a token every output is listed with subvalues_by_timestamp empty, though GET of the same output shows them.',
    behaviour(b) {
      let token: string | null = null;
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        token = pageToken;
        return pageSize(raw, list, pageToken);
      };
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics', (body) =>
        token
          ? { ...body, metrics: (body.metrics as JsonObject[]).map((m) => ({ ...m, subvalues_by_timestamp: [] })) }
          : body,
      );
    },
    probe: async (call) => {
      for (const [simulationId, outputs] of seeded().store.simulations) {
        const withSubvalues = [...outputs.values()].filter((o) => (o.subvalues_by_timestamp ?? []).length > 0);
        if (withSubvalues.length === 0) continue;
        let page = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1`);
        for (let i = 0; i < 200 && page.body?.next_page_token; i++) {
          page = await call(
            'GET',
            `/v1/simulations/${simulationId}/metrics?page_size=1&page_token=${encodeURIComponent(String(page.body.next_page_token))}`,
          );
          const listed = page.body?.metrics?.[0];
          const output = withSubvalues.find((o) => o.metric_output_id === listed?.metric_output_id);
          if (output) return (listed.subvalues_by_timestamp ?? []).length;
        }
      }
      return 'no output with subvalues after the first page';
    },
    shows: 0,
  }),
  fault({
    id: 'ind6-scheduled-run-disabled-not-found',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "GET /v1/scheduled-runs/{id} reads the scheduler's table of active schedules: a disabled scheduled run, which has none, answers NOT_FOUND, though it exists (its DELETE, reading the scheduled runs themselves, succeeds).",
    behaviour(b) {
      let method = 'GET';
      const presented = b.auth.presented;
      b.auth.presented = (req: IncomingMessage) => {
        method = String(req.method);
        return presented(req);
      };
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => {
        const found = served(id, stored);
        return method === 'GET' && found && !found.enabled ? undefined : found;
      };
    },
    probe: async (call) => {
      const path = `/v1/scheduled-runs/${seeded().fixtures.deletableScheduledRunId}`;
      const read = await call('GET', path);
      const deleted = await call('DELETE', path);
      return [read.status, deleted.status];
    },
    shows: [404, 200],
  }),
  fault({
    id: 'ind6-dashboard-null-name-stored',
    requirements: ['DASHBOARD-PATCH', 'REQUEST-WRONG-TYPE'],
    slips: ['broken'],
    description:
      'A dashboard PATCH writes every key its body holds (`if ("display_name" in body)`), an explicit null too: `{"display_name": null}` is neither refused nor read as absent, and the dashboard answers display_name null.',
    behaviour(b) {
      let nulled = false;
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        try {
          const value: unknown = JSON.parse(text);
          nulled = isJsonObject(value) && value.display_name === null;
        } catch {
          nulled = false;
        }
        return requestBody(text, headers);
      };
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        const stored = kept(kind, updated, previous);
        return kind === 'dashboard' && nulled ? ({ ...stored, display_name: null } as typeof stored) : stored;
      };
      presentWith(b, 'dashboard', (view) => (nulled ? { ...view, display_name: null } : view));
    },
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${seeded().fixtures.dashboardId}`, {
        body: { display_name: null },
      });
      return answer.status === 200 ? answer.body?.dashboard?.display_name : answer.status;
    },
    shows: null,
  }),
  fault({
    id: 'ind6-review-metric-ids-copied-from-simulations',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project is returned with linked_metric_ids holding its linked_simulation_ids (a copied line in the response mapper): the metrics it links are not the ones sent.',
    behaviour(b) {
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        linked_metric_ids: [...(view.linked_simulation_ids as string[])],
      }));
    },
    probe: async (call) => (await reviewProject(call, {})).body?.review_project?.linked_metric_ids,
    shows: [[...seeded().store.simulations.keys()][0]],
  }),
  fault({
    id: 'ind6-review-assignees-shared-default',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "A review project's assignees are pushed onto a list shared by every creation (a mutable default kept at module level): each project answers the assignees of all the projects created before it as well as its own.",
    behaviour(b) {
      const shared: string[] = [];
      const read = b.reviewProjectFields.assignees;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (fields) => {
          shared.push(...read(fields));
          return [...shared];
        },
      };
    },
    probe: async (call) => {
      await reviewProject(call, { assignees: ['first@example.com'] });
      return (
        await reviewProject(call, { assignees: ['second@example.com'] })
      ).body?.review_project?.assignees?.includes('first@example.com');
    },
    shows: true,
  }),
  fault({
    id: 'ind6-review-rules-dropped-for-individual',
    requirements: ['REVIEW-PROJECT-RULES', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'project_rules are kept for PROJECT_COLLABORATIVE projects only (disagreement read as between assignees): an individual project, the default type, is stored with project_rules null whatever it was sent with.',
    behaviour(b) {
      const read = b.reviewProjectFields.project_rules;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_rules: (fields) => {
          const rules = read(fields);
          return fields.oneOf('project_type', PROJECT_TYPES) === 'PROJECT_COLLABORATIVE' ? rules : null;
        },
      };
    },
    probe: async (call) =>
      (await reviewProject(call, { project_rules: ['require_disagreement_notes'] })).body?.review_project
        ?.project_rules,
    shows: null,
  }),
  fault({
    id: 'ind6-spec-update-time-not-nullable',
    requirements: ['SCHEMA-PUBLISHED'],
    seenThrough: ['MUTATION-CREATE', 'MUTATION-GET', 'SCHEDULED-RUN-GET'],
    slips: ['type'],
    description:
      "The published schemas type update_time as a plain string where it may be null (a 3.0 `nullable: true` lost in the move to 3.1 types): a new mutation's update_time null, and an unupdated scheduled run's, break the published schema.",
    behaviour(b) {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const properties = schema.properties as Record<string, JsonObject> | undefined;
          const updated = properties?.update_time;
          if (!properties || !updated || !Array.isArray(updated.type)) return schema;
          return { ...schema, properties: { ...properties, update_time: { ...updated, type: 'string' } } };
        }),
      );
    },
    probe: async (call) => (await jsonDocument(call))?.components?.schemas?.Mutation?.properties?.update_time?.type,
    shows: 'string',
  }),
  fault({
    id: 'ind6-spec-dangling-ref',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published component schema PhoneNumber is renamed PhoneNumberEntry while the schema that uses it still refers to `#/components/schemas/PhoneNumber`: a reference that resolves to nothing, so the document is not valid.',
    behaviour(b) {
      finalizeWith(b, (doc) => {
        const components = (doc.components ?? {}) as JsonObject;
        const { PhoneNumber, ...others } = (components.schemas ?? {}) as Record<string, JsonObject>;
        if (!PhoneNumber) return doc;
        return { ...doc, components: { ...components, schemas: { ...others, PhoneNumberEntry: PhoneNumber } } };
      });
    },
    probe: async (call) => danglingRefs(await jsonDocument(call)),
    shows: ['#/components/schemas/PhoneNumber'],
  }),
  fault({
    id: 'ind6-spec-json-bounds-as-strings',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The JSON form of a published document is converted from the YAML text by a reader that keeps every scalar as a string: minimum, maximum, minLength, maxLength and default come out as `"100"`, not numbers (invalid JSON Schema), and differ from the YAML form.',
    behaviour(b) {
      finalizeWith(b, (doc, form) => (form === 'json' ? (boundsAsText(doc) as JsonObject) : doc));
    },
    probe: async (call) => (await jsonDocument(call))?.paths?.['/v1/personas']?.get?.parameters?.[0]?.schema?.maximum,
    shows: '100',
  }),
  fault({
    id: 'ind6-auth-preflight-header-skips-key',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['broken'],
    description:
      'The key check lets CORS preflights through by their `Access-Control-Request-Method` header, not by the OPTIONS method: a GET carrying that header is served without any key.',
    behaviour(b) {
      const presented = b.auth.presented;
      b.auth.presented = (req: IncomingMessage) =>
        req.headers['access-control-request-method'] === undefined ? presented(req) : b.apiKey;
    },
    probe: async (call) =>
      (await call('GET', '/v1/personas', { key: null, headers: { 'Access-Control-Request-Method': 'GET' } })).status,
    shows: 200,
  }),
  fault({
    id: 'ind6-auth-key-quoted-accepted',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'X-API-Key is read as an HTTP quoted-string and unquoted before it is compared: the valid key wrapped in double quotes (`"<key>"`), another value, is accepted.',
    behaviour(b) {
      const presented = b.auth.presented;
      b.auth.presented = (req: IncomingMessage) => {
        const key = presented(req);
        return key !== undefined && /^".*"$/.test(key) ? key.slice(1, -1) : key;
      };
    },
    probe: async (call) => {
      return (await call('GET', '/v1/personas', { key: `"${DEFAULT_API_KEY}"` })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind6-body-block-comments-stripped',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED', 'REQUEST-MALFORMED-JSON'],
    slips: ['broken'],
    description:
      'Request bodies go through a JSON-with-comments reader that strips `/* ... */` without regard to strings: a prompt holding `/*` and later `*/` (glob patterns, C code) is stored with the text between them cut out.',
    behaviour(b) {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => requestBody(text.replace(/\/\*[\s\S]*?\*\//g, ''), headers);
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Round six globs',
          model_type: 'MODEL_TYPE_VOICE',
          prompt: 'Serve /docs/* and /api/*/v2 only.',
        },
      });
      return created.body?.agent?.prompt;
    },
    shows: 'Serve /docsv2 only.',
  }),
  fault({
    id: 'ind6-body-line-separators-dropped',
    requirements: ['TESTCASE-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Request bodies are cleaned of U+2028 and U+2029 (a sanitizer meant for JSON embedded in script): a test case description holding a line or paragraph separator, valid in a JSON string, comes back without it.',
    behaviour(b) {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => requestBody(text.replace(/[\u2028\u2029]/g, ''), headers);
    },
    probe: async (call) =>
      (await testCase(call, { description: 'First part\u2028second part' })).body?.test_case?.description,
    shows: 'First partsecond part',
  }),
  fault({
    id: 'ind6-times-12-hour-clock',
    requirements: ['TIMESTAMP-ORDER', 'TIMESTAMP-ISO-UTC'],
    slips: ['broken'],
    description:
      'Timestamps are formatted with a 12-hour hour field (`hh` for `HH` in the pattern): 14:30 is written 02:30 and midnight 12:00, so afternoon times move twelve hours back and a run updated after noon shows an update_time before its morning create_time.',
    behaviour(b) {
      const format = b.formatTime;
      b.formatTime = (ms) =>
        format(ms).replace(/T(\d\d)/, (_all, hour: string) => `T${String(Number(hour) % 12 || 12).padStart(2, '0')}`);
    },
    probe: async (call) => {
      const listed = await call('GET', '/v1/runs?page_size=1000');
      return (listed.body?.runs ?? []).some(
        (r: JsonObject) => Date.parse(String(r.update_time)) < Date.parse(String(r.create_time)),
      );
    },
    shows: true,
  }),
];

/** Round 6's faults no check detects yet (measured at c023ea6), each with the class of check it needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};
