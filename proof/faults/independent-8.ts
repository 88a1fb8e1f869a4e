// Independent round 8: faults written from the specification and the reference alone, without the checks.
//
// Dropped on review:
//   ind8-agent-get-metric-ids-newest-first: metric_ids read back in another order; the order of a list of IDs is
//     not stated to mean anything (a server may keep them as a set)
//   ind8-auth-development-key-accepted: a second key (`dev-api-key`) accepted; a deployment may hold more keys than
//     the one the user named, and no client can tell a leftover key from another valid one
//   ind8-delete-with-json-type-refused: a DELETE labelled application/json with an empty body refused; an empty body
//     is no JSON text, so refusing what the label promises is a reader's choice

import { internal, invalidArgument } from '../../lib/reference/http/errors.js';
import type { AgentRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { ListField } from '../../lib/contract/list-endpoints.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { fault, finalizeWith, mapSchemas, paths, presentWith, readAs, rereadTestCase, respondWith } from './define.js';

/** Fixture IDs of the reference (seeded, the same at every start). */
const DASHBOARD_ID = 'xdDPhcJzYBFMsc6fkbXTvm';
const SIMULATION_27 = '3mAIqNw1Xho05XxRZ2p24aR0yMM';
const SPEC = '/v1/openapi/agent-evaluation';
const CANCELLABLE_RUN_ID = 'EArTEuUkHM3VevuyJZQE0A';
const DELETABLE_SCHEDULED_RUN_ID = 'SfU7X0BdBSRcPZDsBSXqqM';

const chatAgent = {
  display_name: 'ind8 chat agent',
  model_type: 'MODEL_TYPE_CHAT',
  metadata: { chat_endpoint: 'https://chat.example.com/v1/messages' },
};

const reviewProject = {
  display_name: 'ind8 review',
  assignees: ['reviewer@example.com'],
  linked_simulation_ids: [SIMULATION_27],
  linked_metric_ids: ['J7qfvdIq2EqJHqtUjD0rCQ'],
};

/** Multi-word resource types whose wrapper key a camel-casing serializer renames. */
const CAMEL_WRAPPERS: Readonly<Record<string, [string, string]>> = {
  'POST /v1/test-cases': ['test_case', 'testCase'],
  'GET /v1/scheduled-runs/{scheduled_run_id}': ['scheduled_run', 'scheduledRun'],
  'POST /v1/review-projects': ['review_project', 'reviewProject'],
};

export const INDEPENDENT_8_FAULTS = [
  fault({
    id: 'ind8-spec-accept-yaml-served-json',
    requirements: ['SPEC-YAML-ON-REQUEST'],
    slips: ['broken'],
    description:
      'The document form is chosen by the Accept header\'s top-level type (`accept.startsWith("application/")` taken for application/json): `Accept: application/yaml`, which asks for the default YAML by name, is answered with the JSON form.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => (accept?.startsWith('application/') ? 'json' : negotiate(accept));
    },
    probe: async (call) =>
      (await call('GET', SPEC, { key: null, headers: { Accept: 'application/yaml' } })).contentType,
    shows: 'application/json',
  }),
  fault({
    id: 'ind8-dashboard-patch-answers-previous',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard PATCH answers the dashboard as it was read before the update (the handler returns the row it loaded, not the one it wrote): the new display_name is stored, but the answer carries the previous one.',
    behaviour: (b) => {
      let before: string | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        const id = params.dashboard_id;
        if (endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}' && id !== undefined)
          before = store.dashboards.get(id)?.display_name;
        return named(endpoint, params, store);
      };
      readAs(b, 'PATCH /v1/dashboards/{dashboard_id}', 'dashboard', (d) =>
        before === undefined ? d : { ...d, display_name: before },
      );
    },
    probe: async (call) => {
      await call('PATCH', `/v1/dashboards/${DASHBOARD_ID}`, { body: { display_name: 'ind8 first' } });
      const second = await call('PATCH', `/v1/dashboards/${DASHBOARD_ID}`, { body: { display_name: 'ind8 second' } });
      return second.body?.dashboard?.display_name;
    },
    shows: 'ind8 first',
  }),
  fault({
    id: 'ind8-wrappers-camel-case',
    requirements: ['ENVELOPE-WRAPPED'],
    seenThrough: ['TESTCASE-CREATE', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "The wrapper key is derived from the resource's message type with a lowerCamelCase JSON naming (proto3 JSON's default): single-word types are unchanged, but a test case comes back under `testCase`, a scheduled run under `scheduledRun` and a review project under `reviewProject`.",
    behaviour: (b) => {
      for (const [key, [from, to]] of Object.entries(CAMEL_WRAPPERS))
        respondWith(b, key, (body) => (from in body ? { [to]: body[from] } : body));
    },
    probe: async (call) =>
      Object.keys(
        (await call('POST', '/v1/test-cases', { body: { input_str: 'ind8 hi', test_set_id: 'ind8set1' } })).body,
      ),
    shows: ['testCase'],
  }),
  fault({
    id: 'ind8-test-case-name-under-test-set',
    requirements: ['NAME-MATCHES-ID', 'TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'A test case is named as a child of its test set (`test-sets/<test_set_id>/test-cases/<id>`, the hierarchical resource name of a nested collection), where the specification gives `test-cases/<id>`.',
    behaviour: (b) =>
      presentWith(b, 'testCase', (view) => ({
        ...view,
        name: `test-sets/${String(view.test_set_id)}/test-cases/${String(view.id)}`,
      })),
    probe: async (call) => {
      const made = (await call('POST', '/v1/test-cases', { body: { input_str: 'ind8 hi', test_set_id: 'ind8set1' } }))
        .body?.test_case;
      return String(made?.name).replace(String(made?.id), '<id>');
    },
    shows: 'test-sets/ind8set1/test-cases/<id>',
  }),
  fault({
    id: 'ind8-spec-path-template-camel',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      "The published mutation paths are written from the router's camelCase route (`/v1/agents/{agentId}/mutations/{mutationId}`) while their parameters keep the names agent_id and mutation_id: each template expression names a path parameter the operation does not declare, which OpenAPI forbids.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: Object.fromEntries(
          Object.entries(paths(doc)).map(([path, item]) => [
            path.includes('/mutations')
              ? path.replace('{agent_id}', '{agentId}').replace('{mutation_id}', '{mutationId}')
              : path,
            item,
          ]),
        ),
      })),
    probe: async (call) => {
      const doc = (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body as JsonObject;
      return Object.keys(paths(doc)).filter((p) => p.includes('/mutations'));
    },
    shows: ['/v1/agents/{agentId}/mutations', '/v1/agents/{agentId}/mutations/{mutationId}'],
  }),
  fault({
    id: 'ind8-review-simulation-ids-cut-26',
    requirements: ['REVIEW-PROJECT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'linked_simulation_ids are kept in a CHAR(26) column sized for ULIDs (the metric output and mutation IDs), which a non-strict database truncates: a simulation ID of 27 characters, valid (22 to 27), comes back cut to its first 26.',
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        linked_simulation_ids: (view.linked_simulation_ids as string[]).map((id) => id.slice(0, 26)),
      })),
    probe: async (call) =>
      (await call('POST', '/v1/review-projects', { body: reviewProject })).body?.review_project?.linked_simulation_ids,
    shows: [SIMULATION_27.slice(0, 26)],
  }),
  fault({
    id: 'ind8-agent-get-model-type-short',
    requirements: ['AGENT-GET', 'AGENT-MODEL-TYPE'],
    slips: { 'AGENT-GET': ['read-back'], 'AGENT-MODEL-TYPE': ['broken'] },
    description:
      'model_type is stored in its short form (`CHAT`, the column an enum converter writes) and the prefix is put back only in the create answer, built from the request: GET /v1/agents/{agent_id} answers `CHAT`, not one of the five MODEL_TYPE_* values.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/agents/{agent_id}', 'agent', (agent) => ({
        ...agent,
        model_type: String(agent.model_type).replace(/^MODEL_TYPE_/, ''),
      })),
    probe: async (call) => {
      const id = (await call('POST', '/v1/agents', { body: chatAgent })).body?.agent?.id;
      return (await call('GET', `/v1/agents/${String(id)}`)).body?.agent?.model_type;
    },
    shows: 'CHAT',
  }),
  fault({
    id: 'ind8-body-quoted-charset-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'The charset of a JSON body is read with `/charset=([^;]+)/` and compared with utf-8, so a quoted parameter value, which HTTP allows (`application/json; charset="utf-8"`), is taken for an unknown charset and the body is refused with INVALID_ARGUMENT; `charset=utf-8` unquoted is read.',
    behaviour: (b) => {
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) => {
        const charset = /charset=([^;]+)/i
          .exec(contentType ?? '')?.[1]
          ?.trim()
          .toLowerCase();
        return charset !== undefined && charset !== 'utf-8' && charset !== 'utf8'
          ? invalidArgument('Content-Type', `unsupported charset ${charset}`, 'header')
          : refusal(contentType, endpoint);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: chatAgent,
        headers: { 'Content-Type': 'application/json; charset="utf-8"' },
      });
      return answer.status === 200 ? 'created' : answer.body?.error?.code;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind8-spec-persona-delete-204',
    requirements: ['SPEC-COVERS-ENDPOINTS', 'SCHEMA-PUBLISHED'],
    seenThrough: ['PERSONA-DELETE'],
    slips: { 'SPEC-COVERS-ENDPOINTS': ['broken'], 'SCHEMA-PUBLISHED': ['scope'] },
    description:
      "The published DELETE /v1/personas/{persona_id} gives its success as 204 No Content (a generator's default for DELETE), while the service answers 200 with the empty object `{}` the specification names: a client built from the document expects no body and no 200.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const item = all['/v1/personas/{persona_id}'];
        const del = item?.delete;
        if (!item || !del) return doc;
        const { '200': _ok, ...others } = (del.responses ?? {}) as JsonObject;
        const responses = { '204': { description: 'Deleted' }, ...others };
        return { ...doc, paths: { ...all, '/v1/personas/{persona_id}': { ...item, delete: { ...del, responses } } } };
      }),
    probe: async (call) => {
      const doc = (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body as JsonObject;
      const del = paths(doc)['/v1/personas/{persona_id}']?.delete;
      return Object.keys((del?.responses ?? {}) as JsonObject).filter((code) => code.startsWith('2'));
    },
    shows: ['204'],
  }),
  fault({
    id: 'ind8-agent-endpoint-kept-for-outbound-only',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "endpoint is stored only for MODEL_TYPE_OUTBOUND_VOICE agents, the one type the table says requires it (the writer copies the type's required fields): a VOICE agent created with a valid webhook endpoint comes back with endpoint null.",
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const kept = created(record, body);
        return kept.model_type === 'MODEL_TYPE_OUTBOUND_VOICE' ? kept : { ...kept, endpoint: null };
      };
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'ind8 voice',
            model_type: 'MODEL_TYPE_VOICE',
            phone_number: '+14155550100',
            endpoint: 'https://hooks.example.com/voice',
          },
        })
      ).body?.agent?.endpoint,
    shows: null,
  }),
  fault({
    id: 'ind8-filter-times-compared-as-text',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'Timestamps in a filter are compared with the stored text (`create_time >= ?` against a text column holding the service\'s own format, `.000Z` included): a valid ISO 8601 UTC value written without fractional seconds, `create_time = "2026-01-05T00:06:00Z"`, does not match the persona created at that instant (`.` sorts before `Z`), and `>=` leaves it out.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(
          expr,
          item,
          Object.fromEntries(
            Object.entries(fields).map(([name, field]): [string, ListField] => [
              name,
              field.kind === 'timestamp' ? { ...field, kind: 'string' } : field,
            ]),
          ),
        );
    },
    probe: async (call) => {
      const filter = encodeURIComponent('create_time = "2026-01-05T00:06:00Z"');
      const listed = (await call('GET', `/v1/personas?filter=${filter}`)).body?.personas as JsonObject[] | undefined;
      return listed?.map((p) => p.id);
    },
    shows: [],
  }),
  fault({
    id: 'ind8-cancelled-run-filtered-by-old-status',
    requirements: ['LIST-FILTER-FIELDS', 'RUN-DELETE-BY-STATUS'],
    slips: { 'LIST-FILTER-FIELDS': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      "Cancelling a run (DELETE of a run in progress) updates the run's status but not the status column of the runs index the filter reads: the cancelled run is listed with its new status, yet `status = <that status>` does not find it, while a filter on its old status (`status = RUNNING`, `status = PENDING`) still does.",
    behaviour: (b) => {
      const before = new Map<string, string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        const id = params.run_id;
        const run = id === undefined ? undefined : store.runs.get(id);
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && id !== undefined && run && !before.has(id))
          before.set(id, run.status);
        return named(endpoint, params, store);
      };
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        const view = item as JsonObject;
        const old = typeof view.run_id === 'string' ? before.get(view.run_id) : undefined;
        return matches(expr, old === undefined ? item : { ...view, status: old }, fields);
      };
    },
    probe: async (call) => {
      const listed = (await call('GET', '/v1/runs?page_size=1000')).body?.runs as JsonObject[];
      const running = listed.find((r) => !['COMPLETED', 'FAILED', 'CANCELLED'].includes(String(r.status)));
      const id = String(running?.run_id ?? CANCELLABLE_RUN_ID);
      await call('DELETE', `/v1/runs/${id}`);
      const all = (await call('GET', '/v1/runs?page_size=1000')).body?.runs as JsonObject[];
      const status = String(all.find((r) => r.run_id === id)?.status);
      const filter = encodeURIComponent(`status = "${status}"`);
      const found = (await call('GET', `/v1/runs?page_size=1000&filter=${filter}`)).body?.runs as JsonObject[];
      return found.some((r) => r.run_id === id);
    },
    shows: false,
  }),
  fault({
    id: 'ind8-test-case-type-inferred-script',
    requirements: ['TESTCASE-INPUT-TYPE-DEFAULT'],
    slips: ['broken'],
    description:
      'A test case sent without input_type whose simulation_metadata_input holds script_turns is stored as SCRIPT (the type inferred from the contents, a convenience), where the specification makes the default SCENARIO.',
    behaviour: (b) =>
      rereadTestCase(b, ['input_type'], (original) => (f, request) => {
        if (f.has('input_type')) return original(f, request);
        return f.has('simulation_metadata_input') && f.nested('simulation_metadata_input').has('script_turns')
          ? 'SCRIPT'
          : original(f, request);
      }),
    probe: async (call) =>
      (
        await call('POST', '/v1/test-cases', {
          body: {
            input_str: 'ind8 scripted',
            test_set_id: 'ind8set1',
            simulation_metadata_input: { script_turns: ['Hello', 'I need help'] },
          },
        })
      ).body?.test_case?.input_type,
    shows: 'SCRIPT',
  }),
  fault({
    id: 'ind8-spec-test-set-id-in-query',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published POST /v1/test-cases takes test_set_id as a required query parameter (a generator reading it as the parent collection) and leaves it out of the body schema, while the service reads it from the body only (the specification: "in the body and not the URL").',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const item = all['/v1/test-cases'];
        const post = item?.post;
        if (!item || !post) return doc;
        const parameter = { name: 'test_set_id', in: 'query', required: true, schema: { type: 'string' } };
        const parameters = [...((post.parameters ?? []) as JsonObject[]), parameter];
        const withParameter = {
          ...doc,
          paths: { ...all, '/v1/test-cases': { ...item, post: { ...post, parameters } } },
        };
        return mapSchemas(withParameter, (schema) => {
          const properties = schema.properties as JsonObject | undefined;
          if (!properties || 'id' in properties || !('input_str' in properties) || !('test_set_id' in properties))
            return schema;
          const { test_set_id: _moved, ...others } = properties;
          const required = ((schema.required ?? []) as string[]).filter((name) => name !== 'test_set_id');
          return { ...schema, properties: others, required };
        });
      }),
    probe: async (call) => {
      const doc = (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body as JsonObject;
      const post = paths(doc)['/v1/test-cases']?.post;
      return ((post?.parameters ?? []) as JsonObject[]).filter((p) => p.name === 'test_set_id').map((p) => p.in);
    },
    shows: ['query'],
  }),
  fault({
    id: 'ind8-mutation-get-overrides-resolved',
    requirements: ['MUTATION-GET', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "GET of a mutation answers as config_overrides the configuration it resolves to, the parent agent's configuration with the delta merged in (the runtime merge done at read time for display), not the delta that was sent: the parent's metadata and other fields come back as overrides; the create answer has the delta.",
    behaviour: (b) => {
      let parent: AgentRecord | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        const id = params.agent_id;
        if (endpoint.key === 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' && id !== undefined)
          parent = store.agents.get(id);
        return named(endpoint, params, store);
      };
      readAs(b, 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', 'mutation', (mutation) => {
        if (!parent) return mutation;
        const fields = ['phone_number', 'endpoint', 'prompt', 'metadata', 'workflows'] as const;
        const base = Object.fromEntries(fields.filter((f) => parent?.[f] != null).map((f) => [f, parent?.[f]]));
        return { ...mutation, config_overrides: { ...base, ...(mutation.config_overrides as JsonObject) } };
      });
    },
    probe: async (call) => {
      const agent = (await call('POST', '/v1/agents', { body: { ...chatAgent, prompt: 'Be kind.' } })).body?.agent;
      const made = (
        await call('POST', `/v1/agents/${String(agent?.id)}/mutations`, {
          body: { display_name: 'ind8 brief', config_overrides: { prompt: 'Be brief.' } },
        })
      ).body?.mutation;
      const read = await call('GET', `/v1/agents/${String(agent?.id)}/mutations/${String(made?.id)}`);
      return Object.keys(read.body?.mutation?.config_overrides ?? {}).sort();
    },
    shows: ['metadata', 'prompt'],
  }),
  fault({
    id: 'ind8-review-project-type-enum-number',
    requirements: ['REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'The review projects module serializes its proto message with enums written as numbers (an `EnumsAsInts` option set for the export service it shares): project_type comes back `2` for PROJECT_INDIVIDUAL and `1` for PROJECT_COLLABORATIVE, not the enum names the specification lists.',
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        project_type:
          view.project_type === 'PROJECT_COLLABORATIVE' ? 1 : view.project_type === 'PROJECT_INDIVIDUAL' ? 2 : 0,
      })),
    probe: async (call) =>
      (await call('POST', '/v1/review-projects', { body: reviewProject })).body?.review_project?.project_type,
    shows: 2,
  }),
  fault({
    id: 'ind8-metric-in-progress-get-not-found',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} reads the table of scores, which an output enters when it completes: an output still IN PROGRESS, listed by the metrics list with its id, answers NOT_FOUND when fetched by that id.',
    behaviour: (b) => {
      const reached = b.metricOutputReached;
      b.metricOutputReached = (simulationId, metricOutputId, simulations) => {
        const found = reached(simulationId, metricOutputId, simulations);
        return found?.status === 'IN PROGRESS' ? undefined : found;
      };
    },
    probe: async (call) => {
      const listed = (await call('GET', `/v1/simulations/${SIMULATION_27}/metrics?page_size=1000`)).body
        ?.metrics as JsonObject[];
      const pending = listed.find((m) => m.status === 'IN PROGRESS');
      const read = await call('GET', `/v1/simulations/${SIMULATION_27}/metrics/${String(pending?.metric_output_id)}`);
      return read.status === 200 ? read.body?.metric?.status : read.body?.error?.code;
    },
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'ind8-spec-runs-filter-required',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published runs list marks its query parameters filter and order_by `required: true` (a generator that marks every declared parameter required), while the service serves the list without them: a client built from the document cannot ask for the unfiltered list in its default order.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const item = all['/v1/runs'];
        const get = item?.get;
        if (!item || !get) return doc;
        const parameters = ((get.parameters ?? []) as JsonObject[]).map((p) =>
          p.name === 'filter' || p.name === 'order_by' ? { ...p, required: true } : p,
        );
        return { ...doc, paths: { ...all, '/v1/runs': { ...item, get: { ...get, parameters } } } };
      }),
    probe: async (call) => {
      const doc = (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body as JsonObject;
      const parameters = (paths(doc)['/v1/runs']?.get?.parameters ?? []) as JsonObject[];
      return parameters.filter((p) => p.required === true).map((p) => p.name);
    },
    shows: ['filter', 'order_by'],
  }),
  fault({
    id: 'ind8-spec-security-scheme-renamed',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-SECURITY-SCHEME', 'SPEC-SECURITY-API-KEY'],
    slips: ['broken'],
    description:
      'The published security scheme is declared under components.securitySchemes as `ApiKey` (renamed in a tidy-up) while every secured operation still requires `ApiKeyAuth`: each security requirement names a scheme the document does not declare, which OpenAPI forbids, and the key is described nowhere a client generator looks.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const components = (doc.components ?? {}) as JsonObject;
        const schemes = (components.securitySchemes ?? {}) as JsonObject;
        const { ApiKeyAuth: scheme, ...others } = schemes;
        if (scheme === undefined) return doc;
        return { ...doc, components: { ...components, securitySchemes: { ...others, ApiKey: scheme } } };
      }),
    probe: async (call) => {
      const doc = (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body as JsonObject;
      const declared = Object.keys(((doc.components as JsonObject | undefined)?.securitySchemes ?? {}) as JsonObject);
      const required = new Set(
        Object.values(paths(doc)).flatMap((item) =>
          Object.values(item).flatMap((op) => ((op.security ?? []) as JsonObject[]).flatMap((r) => Object.keys(r))),
        ),
      );
      return [...required].filter((name) => !declared.includes(name));
    },
    shows: ['ApiKeyAuth'],
  }),
  fault({
    id: 'ind8-sms-sip-address-refused',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['broken'],
    description:
      "An SMS agent's phone_number must be an E.164 number (a text message cannot be sent to a SIP address, the implementer reasons), so a MODEL_TYPE_SMS agent with a SIP address is refused with INVALID_ARGUMENT; the table allows an E.164 number or a SIP address for every agent type, and other types take SIP addresses.",
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        if (record.model_type === 'MODEL_TYPE_SMS' && /^sips?:/i.test(record.phone_number ?? ''))
          throw invalidArgument('phone_number', 'an SMS agent needs an E.164 phone number');
        return created(record, body);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: { display_name: 'ind8 sms', model_type: 'MODEL_TYPE_SMS', phone_number: 'sip:texts@voice.example.com' },
      });
      return answer.status === 200 ? 'created' : answer.body?.error?.code;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind8-agent-get-replica-lag',
    requirements: ['AGENT-GET'],
    slips: ['broken'],
    description:
      'GET /v1/agents/{agent_id} reads from a replica that trails the primary by a few seconds: an agent fetched right after its creation, with the id the creation answered, is NOT_FOUND for about two seconds, then found.',
    behaviour: (b) => {
      const createdAt = new Map<string, number>();
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const kept = created(record, body);
        createdAt.set(kept.id, Date.now());
        return kept;
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        const id = params.agent_id;
        const at = id === undefined ? undefined : createdAt.get(id);
        const lagging = endpoint.key === 'GET /v1/agents/{agent_id}' && at !== undefined && Date.now() - at < 2000;
        return named(endpoint, lagging ? { ...params, agent_id: 'ReplicaLagAaaaaaaaaaaa' } : params, store);
      };
    },
    probe: async (call) => {
      const id = (await call('POST', '/v1/agents', { body: chatAgent })).body?.agent?.id;
      const read = await call('GET', `/v1/agents/${String(id)}`);
      return read.status === 200 ? 'found' : read.body?.error?.code;
    },
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'ind8-scheduled-run-delete-answers-internal',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['broken'],
    description:
      'DELETE /v1/scheduled-runs/{id} deletes the row first, then asks the scheduler to remove the schedule with the expression read as a rate (the one form the removal was tested with), which fails on cron(...) expressions: a cron scheduled run is gone (GET answers NOT_FOUND), but the DELETE itself answers 500 INTERNAL.',
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, given: Store) => {
        store = given;
        return named(endpoint, params, given);
      };
      const removes = b.scheduledRunDeleteRemoves;
      b.scheduledRunDeleteRemoves = (run) => {
        if (!removes(run)) return false;
        if (!run.schedule_expression.startsWith('cron(')) return true;
        store?.scheduledRuns.delete(run.id);
        throw internal(`cannot parse rate expression "${run.schedule_expression}"`);
      };
    },
    probe: async (call) => {
      const deleted = await call('DELETE', `/v1/scheduled-runs/${DELETABLE_SCHEDULED_RUN_ID}`);
      const after = await call('GET', `/v1/scheduled-runs/${DELETABLE_SCHEDULED_RUN_ID}`);
      return [deleted.status, after.status];
    },
    shows: [500, 404],
  }),
  fault({
    id: 'ind8-dashboard-patch-reads-wrapped-body',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard PATCH reads its fields from the resource wrapped in the body (`{"dashboard": {"display_name": ...}}`, the AIP update request\'s shape): the bare `{"display_name": ...}` the specification shows is read as an empty update, answered 200 with the name unchanged.',
    behaviour: (b) => {
      let patching = false;
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) => {
        patching = endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}';
        return refusal(contentType, endpoint);
      };
      const bodyText = b.requestBody;
      b.requestBody = (text, headers) => {
        const read = bodyText(text, headers);
        if (!patching) return read;
        try {
          const parsed = JSON.parse(read) as unknown;
          const wrapped = parsed !== null && typeof parsed === 'object' ? (parsed as JsonObject).dashboard : undefined;
          return JSON.stringify(wrapped ?? {});
        } catch {
          return read;
        }
      };
    },
    probe: async (call) =>
      (await call('PATCH', `/v1/dashboards/${DASHBOARD_ID}`, { body: { display_name: 'ind8 renamed' } })).body
        ?.dashboard?.display_name === 'ind8 renamed',
    shows: false,
  }),
  fault({
    id: 'ind8-mutation-empty-overrides-refused',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'config_overrides is checked to hold at least one key (a variant that changes nothing seemed a mistake): a mutation created with `config_overrides: {}`, which the specification allows (only display_name is required, and keys must merely exist on the parent), is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const read = b.mutationRules.fields.config_overrides;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          config_overrides: (f, body) => {
            const overrides = read(f, body);
            if (f.has('config_overrides') && Object.keys(overrides).length === 0)
              throw invalidArgument('config_overrides', 'must override at least one field');
            return overrides;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = (await call('POST', '/v1/agents', { body: chatAgent })).body?.agent;
      const answer = await call('POST', `/v1/agents/${String(agent?.id)}/mutations`, {
        body: { display_name: 'ind8 unchanged', config_overrides: {} },
      });
      return answer.status === 200 ? 'created' : answer.body?.error?.code;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind8-body-first-chunk-only',
    requirements: ['AGENT-CREATE', 'AGENT-PROMPT'],
    slips: ['broken'],
    description:
      'A request body is read from the first chunk the socket delivers (`req.once("data", ...)`), which holds the whole of a small body: a body larger than one read, such as an agent with a prompt of 50000 two-byte characters (100 KB, within the limit), is cut and refused as malformed JSON with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const decode = b.decodeBody;
      b.decodeBody = (chunks) => decode(chunks.slice(0, 1));
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', { body: { ...chatAgent, prompt: 'é'.repeat(50000) } });
      return answer.status === 200 ? 'created' : answer.body?.error?.code;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind8-run-metric-mean-counts-failures',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['broken'],
    description:
      "A run's result metric mean is divided by every finished test case, the failed ones counted as scoring 0, while min and max are taken over the scores that exist: for a run with failed test cases the mean falls below its min (`mean * completed / (completed + failed)`); runs without failures are right.",
    behaviour: (b) =>
      presentWith(b, 'run', (view) => {
        const progress = view.progress as JsonObject | undefined;
        const results = view.results as JsonObject | undefined;
        const completed = Number(progress?.completed_test_cases ?? 0);
        const failed = Number(progress?.failed_test_cases ?? 0);
        if (!results || !progress || failed === 0 || completed === 0) return view;
        const metrics = Object.fromEntries(
          Object.entries((results.metrics ?? {}) as Record<string, JsonObject>).map(([name, m]) => [
            name,
            { ...m, mean: (Number(m.mean) * completed) / (completed + failed) },
          ]),
        );
        return { ...view, results: { ...results, metrics } };
      }),
    probe: async (call) => {
      const runs = (await call('GET', '/v1/runs?page_size=1000')).body?.runs as JsonObject[];
      return runs.some((run) =>
        Object.values(((run.results as JsonObject | null)?.metrics ?? {}) as Record<string, JsonObject>).some(
          (m) => Number(m.mean) < Number(m.min),
        ),
      );
    },
    shows: true,
  }),
  fault({
    id: 'ind8-runs-or-tags-joined-twice',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'Tag comparisons are run against a join of runs with their tags, without DISTINCT: with `tag = a OR tag = b`, a run tagged with both comes once per matching tag, so the list holds the same run twice.',
    behaviour: (b) => {
      let tagsAsked: string[] = [];
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = read(raw, list);
        const orTags = (e: FilterExpr | null): string[] =>
          e?.kind === 'or'
            ? e.terms.flatMap((t) => (t.kind === 'cmp' && t.field === 'tag' && t.op === '=' ? [t.value] : []))
            : [];
        if (list.id === 'runs') tagsAsked = orTags(expr);
        return expr;
      };
      respondWith(b, 'GET /v1/runs', (body) => {
        if (tagsAsked.length < 2) return body;
        const runs = (body.runs ?? []) as JsonObject[];
        const joined = runs.flatMap((run) => {
          const matching = tagsAsked.filter((tag) => ((run.tags ?? []) as string[]).includes(tag)).length;
          return Array.from({ length: Math.max(1, matching) }, () => run);
        });
        return { ...body, runs: joined };
      });
    },
    probe: async (call) => {
      const filter = encodeURIComponent('tag = regression OR tag = "release candidate"');
      const runs = (await call('GET', `/v1/runs?page_size=1000&filter=${filter}`)).body?.runs as JsonObject[];
      const ids = runs.map((run) => String(run.run_id));
      return ids.length > new Set(ids).size;
    },
    shows: true,
  }),
];

/** Faults of this round no check detects yet, with the class of check each needs (filled in by the coordinator). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
