// Independent round 8: faults written from the specification and the reference alone, without the checks.

import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import { fault, finalizeWith, paths, presentWith, readAs, respondWith } from './define.js';

/** Fixture IDs of the reference (seeded, the same at every start). */
const DASHBOARD_ID = 'xdDPhcJzYBFMsc6fkbXTvm';
const SIMULATION_27 = '3mAIqNw1Xho05XxRZ2p24aR0yMM';
const SPEC = '/v1/openapi/agent-evaluation';

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
    requirements: ['SPEC-YAML-DEFAULT'],
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
];

/** Faults of this round no check detects yet, with the class of check each needs (filled in by the coordinator). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
