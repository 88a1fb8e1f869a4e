// Round 9 of independent faults (issue #30, point 4): slips written from the specification and the
//
// Dropped on review:
//   ind9-run-progress-in-progress-counts-failed: in_progress_test_cases as total minus completed; whether failed test
//     cases count among the completed is not shown, so the counts need not add up to the total
//   ind9-test-case-null-description-as-empty: a description sent as null read back as ""; null, absent and empty
//     are one reading of "string or null" (proto3), as the explicit-null checks already allow
//   ind9-empty-object-answer-without-content-type: `{}` answered with no media type; the specification never names
//     the media type of JSON bodies (RESPONSE-CONTENT-TYPE-JSON is the strict profile's convention), so no MUST breaks
// reference service alone, by a writer who has not read the suite's checks.

import { parse as parseYaml } from 'yaml';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { AgentRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, presentWith, readAs, rereadAgent, rereadTestCase, respondWith } from './define.js';

const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** A voice agent with the given fields besides its name, type and number: the answer to its creation. */
const createAgent = (call: Call, extra: JsonObject = {}) =>
  call('POST', '/v1/agents', {
    body: { display_name: 'Round 9 agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100', ...extra },
  });

/** The agent as a GET reads it back after creating it with the given fields. */
async function agentReadBack(call: Call, extra: JsonObject): Promise<JsonObject> {
  const created = await createAgent(call, extra);
  const read = await call('GET', `/v1/agents/${created.body.agent.id}`);
  return read.body.agent as JsonObject;
}

/** A JSON value with every list of one element replaced by that element, at every depth. */
function unwrapSingles(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 1 ? unwrapSingles(value[0]) : value.map(unwrapSingles);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSingles(v)]));
  return value;
}

/** A JSON value with every member whose value is null left out, at every depth. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (isJsonObject(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  return value;
}

/** Changes the workflows of every agent as it is stored at creation. */
function storeWorkflowsAs(b: Behaviour, change: (workflows: JsonObject) => unknown): void {
  const created = b.agentCreated;
  b.agentCreated = (record, body) => {
    const agent = created(record, body);
    return agent.workflows === null
      ? agent
      : { ...agent, workflows: change(agent.workflows) as AgentRecord['workflows'] };
  };
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** A PENDING run other than the fixture the suite cancels: the last one the runs list shows. */
async function pendingRun(call: Call): Promise<string> {
  const listed = await call('GET', `/v1/runs?filter=${encodeURIComponent('status = PENDING')}&page_size=1000`);
  const ids = (listed.body.runs as { run_id: string }[])
    .map((r) => r.run_id)
    .filter((id) => id !== FIXTURES.cancellableRunId);
  return ids[ids.length - 1] ?? '';
}

const reviewProject = (assignees: string[], display_name = 'Round 9 review') => ({
  display_name,
  assignees,
  linked_simulation_ids: ['sim0000000000000000000001'],
  linked_metric_ids: ['met0000000000000000000001'],
});

/** The first spec_name GET /v1/openapi lists. */
async function firstSpecName(call: Call): Promise<string> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  return String(listing.body.specs[0].spec_name);
}

/** The runs list, every run on one page. */
async function allRuns(call: Call): Promise<JsonObject[]> {
  return (await call('GET', '/v1/runs?page_size=1000')).body.runs as JsonObject[];
}

/** The published document as JSON. */
async function jsonDocument(call: Call): Promise<JsonObject> {
  const name = await firstSpecName(call);
  return (await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } }))
    .body as JsonObject;
}

/** A schema with its `$ref` followed in the document's components. */
function resolved(doc: JsonObject, schema: JsonObject): JsonObject {
  const target = schema.$ref;
  if (typeof target !== 'string') return schema;
  const name = target.split('/').pop() ?? '';
  return ((doc.components as JsonObject).schemas as Record<string, JsonObject>)[name] ?? schema;
}

/** A simulation of the fixtures holding an output whose value rounds to `literal` at one decimal but differs from it. */
const SEEDED = seedStore(ALPHANUMERIC).store;
const ROUNDING_LITERAL = 0.3;
const roundedSimulation = [...SEEDED.simulations].find(([, outputs]) =>
  [...outputs.values()].some((o) => o.value !== ROUNDING_LITERAL && Math.round(o.value * 10) / 10 === ROUNDING_LITERAL),
)?.[0];

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A JSON value with every string shaped like an ISO 8601 timestamp rewritten as Date writes it, at every depth. */
function revivedDates(value: unknown): unknown {
  if (typeof value === 'string') return ISO_TIMESTAMP.test(value) ? new Date(value).toISOString() : value;
  if (Array.isArray(value)) return value.map(revivedDates);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revivedDates(v)]));
  return value;
}

const TIME_FIELDS = /_time$/;

/**
 * Runs `step` as a dashboard PATCH is handled, before the route reads its body: with that body as sent (undefined
 * when it is no JSON object: the body step refuses it first), the store and the dashboard_id.
 */
function beforeDashboardPatch(
  b: Behaviour,
  step: (sent: JsonObject | undefined, store: Store, id: string | undefined) => void,
): void {
  let lastBody = '';
  const read = b.requestBody;
  b.requestBody = (text, headers) => {
    lastBody = read(text, headers);
    return lastBody;
  };
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    if (endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}') {
      let sent: unknown;
      try {
        sent = JSON.parse(lastBody);
      } catch {
        sent = undefined;
      }
      step(isJsonObject(sent) ? sent : undefined, store, params.dashboard_id);
    }
    return named(endpoint, params, store);
  };
}

export const INDEPENDENT_9_FAULTS = [
  fault({
    id: 'ind9-agent-workflows-one-element-lists-unwrapped',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Agent workflows are stored through a converter that turns every list of one element into that element (as XML-shaped ' +
      'configuration is read), so `{"steps": ["greet"]}` reads back as `{"steps": "greet"}`; longer lists are kept.',
    behaviour: (b) => storeWorkflowsAs(b, (w) => unwrapSingles(w)),
    probe: async (call) =>
      (await agentReadBack(call, { workflows: { steps: ['greet'], branches: ['a', 'b'] } })).workflows,
    shows: { steps: 'greet', branches: ['a', 'b'] },
  }),
  fault({
    id: 'ind9-agent-workflows-null-members-dropped',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Agent workflows are stored compacted: a member whose value is null is left out at every depth, so ' +
      '`{"retry": null, "name": "x"}` reads back as `{"name": "x"}`.',
    behaviour: (b) => storeWorkflowsAs(b, (w) => withoutNulls(w)),
    probe: async (call) => (await agentReadBack(call, { workflows: { retry: null, name: 'x' } })).workflows,
    shows: { name: 'x' },
  }),
  fault({
    id: 'ind9-agent-sip-uri-parameters-cut',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'A SIP address in phone_number is stored without its URI parameters (cut at the first `;`), so ' +
      '`sip:agent@example.com;transport=tls` reads back as `sip:agent@example.com`.',
    behaviour: (b) =>
      rereadAgent(b, 'phone_number', (read) => (fields, request) => {
        const value = read(fields, request);
        return value?.startsWith('sip') ? (value.split(';')[0] ?? value) : value;
      }),
    probe: async (call) =>
      (await agentReadBack(call, { phone_number: 'sip:agent@example.com;transport=tls' })).phone_number,
    shows: 'sip:agent@example.com',
  }),
  fault({
    id: 'ind9-agent-get-id-lists-swapped',
    requirements: ['AGENT-GET'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} maps the two ID lists crosswise: metric_ids carries the test set IDs and test_set_ids the ' +
      'metric IDs (the create answer has them right).',
    behaviour: (b) =>
      readAs(b, 'GET /v1/agents/{agent_id}', 'agent', (agent) => ({
        ...agent,
        metric_ids: agent.test_set_ids,
        test_set_ids: agent.metric_ids,
      })),
    probe: async (call) => {
      const agent = await agentReadBack(call, {
        metric_ids: ['MetricAAAAAAAAAAAAAAAA'],
        test_set_ids: ['TestSetBBBBBBBBBBBBBBB'],
      });
      return [agent.metric_ids, agent.test_set_ids];
    },
    shows: [['TestSetBBBBBBBBBBBBBBB'], ['MetricAAAAAAAAAAAAAAAA']],
  }),
  fault({
    id: 'ind9-agent-display-name-entities-decoded',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'An agent display_name passes through an HTML sanitizer that decodes character entities, so ' +
      '`Tom &amp; Jerry` is stored and answered as `Tom & Jerry`.',
    behaviour: (b) =>
      rereadAgent(
        b,
        'display_name',
        (read) => (fields, request) =>
          read(fields, request).replace(/&(amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity] ?? entity),
      ),
    probe: async (call) =>
      (await createAgent(call, { display_name: 'Tom &amp; Jerry &lt;QA&gt;' })).body.agent.display_name,
    shows: 'Tom & Jerry <QA>',
  }),
  fault({
    id: 'ind9-mutation-name-held-by-refused-create',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['state'],
    description:
      'A mutation creation claims its display_name before the rest of the body is checked and does not release it when the ' +
      'body is refused (a description over 2000 characters): the next creation with that name under the agent, with a ' +
      'valid body, is refused as ALREADY_EXISTS though no mutation holds the name.',
    behaviour: (b) => {
      const leaked = new Set<string>();
      let pending: string | undefined;
      let agentId = '';
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') agentId = params.agent_id ?? '';
        return named(endpoint, params, store);
      };
      const rules = b.mutationRules;
      const readName = rules.fields.display_name;
      const taken = rules.nameTakenBy;
      const derive = rules.parameterValues;
      b.mutationRules = {
        ...rules,
        fields: {
          ...rules.fields,
          display_name: (fields, body) => {
            const name = readName(fields, body);
            if (pending !== undefined) leaked.add(pending);
            pending = `${agentId}\n${name}`;
            return name;
          },
        },
        nameTakenBy: (other, agent, name) => taken(other, agent, name) || leaked.has(`${agent}\n${name}`),
        parameterValues: (given, overrides) => {
          pending = undefined;
          return derive(given, overrides);
        },
      };
    },
    probe: async (call) => {
      const agent = (await createAgent(call, { prompt: 'Be brief.' })).body.agent.id as string;
      const path = `/v1/agents/${agent}/mutations`;
      await call('POST', path, { body: { display_name: 'Variant A' } });
      const refused = await call('POST', path, { body: { display_name: 'Variant B', description: 'x'.repeat(2001) } });
      const again = await call('POST', path, { body: { display_name: 'Variant B' } });
      return [refused.status, again.status];
    },
    shows: [400, 409],
  }),
  fault({
    id: 'ind9-mutation-override-keys-cached-per-model-type',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      "The configuration keys a mutation may override are memoized by the parent agent's model_type, not by the agent: once " +
      'a mutation of a voice agent without a prompt was created, a mutation overriding `prompt` of another voice agent that ' +
      'has one is refused (and the reverse accepted).',
    behaviour: (b) => {
      const keysOf = b.mutationRules.configurationKeys;
      const cache = new Map<string, ReadonlySet<string>>();
      b.mutationRules = {
        ...b.mutationRules,
        configurationKeys: (agent) => {
          const known = cache.get(agent.model_type) ?? keysOf(agent);
          cache.set(agent.model_type, known);
          return known;
        },
      };
    },
    probe: async (call) => {
      const plain = (await createAgent(call)).body.agent.id as string;
      await call('POST', `/v1/agents/${plain}/mutations`, {
        body: { display_name: 'Other number', config_overrides: { phone_number: '+14155550101' } },
      });
      const prompted = (await createAgent(call, { prompt: 'Be brief.' })).body.agent.id as string;
      const answer = await call('POST', `/v1/agents/${prompted}/mutations`, {
        body: { display_name: 'Terse', config_overrides: { prompt: 'Be terse.' } },
      });
      return answer.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind9-test-case-user-notes-first-line-only',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'Test case user_notes are stored as a single-line column: only the first line of notes written over several lines is ' +
      'kept, the rest is lost.',
    behaviour: (b) =>
      rereadTestCase(b, ['user_notes'], (read) => (fields, request) => {
        const notes = read(fields, request);
        return notes === null ? null : (notes.split(/\r?\n/)[0] ?? notes);
      }),
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: {
          test_set_id: 'ts9lines',
          input_str: 'Ask for a refund.',
          user_notes: 'Checked by QA.\nRe-run after fix.',
        },
      });
      return answer.body.test_case.user_notes;
    },
    shows: 'Checked by QA.',
  }),
  fault({
    id: 'ind9-run-cancelled-delete-not-found',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE /v1/runs/{run_id} looks the run up among active runs, and a cancelled run counts as inactive: deleting a run ' +
      'that an earlier DELETE cancelled (or any CANCELLED run) answers NOT_FOUND, though the runs list still shows it.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params.run_id;
        if (
          endpoint.key === 'DELETE /v1/runs/{run_id}' &&
          id !== undefined &&
          store.runs.get(id)?.status === 'CANCELLED'
        )
          return named(endpoint, { ...params, run_id: `${id}-inactive` }, store);
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const run = await pendingRun(call);
      const first = await call('DELETE', `/v1/runs/${run}`);
      const second = await call('DELETE', `/v1/runs/${run}`);
      return [first.status, second.status];
    },
    shows: [200, 404],
  }),
  fault({
    id: 'ind9-dashboard-refused-name-stored',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard PATCH writes display_name to the store before checking its length: a name of 256 characters is refused ' +
      'with INVALID_ARGUMENT, yet the dashboard holds it afterwards (a later PATCH without display_name answers it).',
    behaviour: (b) => {
      beforeDashboardPatch(b, (sent, store, id) => {
        const dashboard = id === undefined ? undefined : store.dashboards.get(id);
        if (dashboard && typeof sent?.display_name === 'string')
          store.dashboards.set(dashboard.id, { ...dashboard, display_name: sent.display_name });
      });
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const refused = await call('PATCH', path, { body: { display_name: 'D'.repeat(256) } });
      const after = await call('PATCH', path, { body: {} });
      return [refused.status, String(after.body.dashboard.display_name).length];
    },
    shows: [400, 256],
  }),
  fault({
    id: 'ind9-review-project-assignees-first-only',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project keeps only the first of its assignees (stored in a single assignee column): a project created for ' +
      'two reviewers answers, and holds, one.',
    behaviour: (b) => {
      const read = b.reviewProjectFields.assignees;
      b.reviewProjectFields = { ...b.reviewProjectFields, assignees: (fields) => read(fields).slice(0, 1) };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: reviewProject(['ana@example.com', 'ben@example.org']),
      });
      return answer.body.review_project.assignees;
    },
    shows: ['ana@example.com'],
  }),
  fault({
    id: 'ind9-review-project-answer-cached-by-name',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'Review project creations are answered through a retry cache keyed by display_name alone: a second project created with ' +
      'the same name but other assignees is answered with the first project (its id and assignees).',
    behaviour: (b) => {
      const answered = new Map<string, JsonObject>();
      respondWith(b, 'POST /v1/review-projects', (body) => {
        const project = body.review_project as JsonObject;
        const name = String(project.display_name);
        const earlier = answered.get(name);
        if (earlier) return earlier;
        answered.set(name, body);
        return body;
      });
    },
    probe: async (call) => {
      await call('POST', '/v1/review-projects', { body: reviewProject(['first@example.com'], 'Same name') });
      const second = await call('POST', '/v1/review-projects', {
        body: reviewProject(['second@example.com'], 'Same name'),
      });
      return second.body.review_project.assignees;
    },
    shows: ['first@example.com'],
  }),
  fault({
    id: 'ind9-spec-yaml-server-url-fixed',
    requirements: ['SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The YAML form of a published document is generated once with the server URL of the build (`http://localhost:8080`), ' +
      'while the JSON form names the address the client reached: the two forms differ in `servers`.',
    behaviour: (b) =>
      finalizeWith(b, (doc, form) => (form === 'yaml' ? { ...doc, servers: [{ url: 'http://localhost:8080' }] } : doc)),
    probe: async (call) => {
      const name = await firstSpecName(call);
      const yaml = await call('GET', `/v1/openapi/${name}`, { key: null });
      return (parseYaml(yaml.text) as { servers: { url: string }[] }).servers[0]?.url;
    },
    shows: 'http://localhost:8080',
  }),
  fault({
    id: 'ind9-auth-empty-key-invalid-argument',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'An X-API-Key header sent empty is refused by header validation (a minimum length) before authentication: the answer is ' +
      'INVALID_ARGUMENT, not UNAUTHENTICATED; a missing or a wrong non-empty key still gets UNAUTHENTICATED.',
    behaviour: (b) => {
      const failure = b.auth.failure;
      b.auth.failure = (presented) =>
        presented === ''
          ? invalidArgument('X-API-Key', 'must be at least 1 character long', 'header')
          : failure(presented);
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: '' })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind9-run-cancel-update-time-in-seconds',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description:
      'Cancelling a run (DELETE of a run in progress) stamps update_time with the clock in seconds where milliseconds are ' +
      'stored: the cancelled run reads as updated in January 1970, before its create_time.',
    behaviour: (b) => {
      const cancelled = new Set<string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params.run_id;
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && id !== undefined) cancelled.add(id);
        return named(endpoint, params, store);
      };
      presentWith(b, 'run', (view, record) => {
        const run = record as { run_id: string; status: string; update_time: number };
        return cancelled.has(run.run_id) && run.status === 'CANCELLED'
          ? { ...view, update_time: b.formatTime(Math.floor(run.update_time / 1000)) }
          : view;
      });
    },
    probe: async (call) => {
      const id = await pendingRun(call);
      await call('DELETE', `/v1/runs/${id}`);
      const run = (await allRuns(call)).find((r) => r.run_id === id);
      return Date.parse(String(run?.update_time)) < Date.parse(String(run?.create_time));
    },
    shows: true,
  }),
  fault({
    id: 'ind9-run-delete-long-id-internal',
    requirements: ['PATH-ID-EXACT', 'MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description:
      "DELETE /v1/runs/{run_id} with an ID longer than the store's key column (64 characters) fails inside the lookup and " +
      'answers INTERNAL (500) instead of NOT_FOUND; shorter unknown IDs are NOT_FOUND.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && (params.run_id ?? '').length > 64)
          throw new Error('value too long for the run_id key column');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const answer = await call('DELETE', `/v1/runs/${'R'.repeat(80)}`);
      return [answer.status, answer.body.error.code];
    },
    shows: [500, 'INTERNAL'],
  }),
  fault({
    id: 'ind9-agent-get-outbound-voice-as-voice',
    requirements: ['AGENT-GET'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} maps the stored type to its enum by suffix, so an outbound voice agent reads back as ' +
      '`MODEL_TYPE_VOICE` (the create answer has `MODEL_TYPE_OUTBOUND_VOICE`).',
    behaviour: (b) =>
      readAs(b, 'GET /v1/agents/{agent_id}', 'agent', (agent) =>
        agent.model_type === 'MODEL_TYPE_OUTBOUND_VOICE' ? { ...agent, model_type: 'MODEL_TYPE_VOICE' } : agent,
      ),
    probe: async (call) =>
      (await agentReadBack(call, { model_type: 'MODEL_TYPE_OUTBOUND_VOICE', endpoint: 'https://example.com/trigger' }))
        .model_type,
    shows: 'MODEL_TYPE_VOICE',
  }),
  fault({
    id: 'ind9-spec-dashboard-update-published-as-put',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published document describes the dashboard update as `put` on /v1/dashboards/{dashboard_id} (the generator maps ' +
      '"update" to PUT); the service serves PATCH, which the document no longer names.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const paths = { ...(doc.paths as Record<string, JsonObject>) };
        for (const [path, item] of Object.entries(paths)) {
          if (!path.endsWith('/dashboards/{dashboard_id}') || !item.patch) continue;
          const { patch, ...rest } = item;
          paths[path] = { ...rest, put: patch };
        }
        return { ...doc, paths };
      }),
    probe: async (call) => {
      const paths = (await jsonDocument(call)).paths as Record<string, JsonObject>;
      const item = Object.entries(paths).find(([path]) => path.endsWith('/dashboards/{dashboard_id}'))?.[1] ?? {};
      return Object.keys(item).filter((k) => k !== 'parameters');
    },
    shows: ['put'],
  }),
  fault({
    id: 'ind9-spec-review-project-every-field-required',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published request schema of POST /v1/review-projects lists every field of the table as required (description, ' +
      'project_type, notifications and project_rules too), though the service, as the specification says, defaults them.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const post = ((doc.paths as Record<string, JsonObject>)['/v1/review-projects'] ?? {}).post as
          JsonObject | undefined;
        const content = ((post?.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>;
        const schemaRef = content['application/json']?.schema as JsonObject | undefined;
        if (!schemaRef) return doc;
        const name =
          String(schemaRef.$ref ?? '')
            .split('/')
            .pop() ?? '';
        const schemas = (doc.components as JsonObject).schemas as Record<string, JsonObject>;
        const schema = schemas[name];
        if (!schema) return doc;
        const every = Object.keys((schema.properties ?? {}) as JsonObject);
        return {
          ...doc,
          components: {
            ...(doc.components as JsonObject),
            schemas: { ...schemas, [name]: { ...schema, required: every } },
          },
        };
      }),
    probe: async (call) => {
      const doc = await jsonDocument(call);
      const post = ((doc.paths as Record<string, JsonObject>)['/v1/review-projects'] ?? {}).post as JsonObject;
      const content = (post.requestBody as JsonObject).content as Record<string, JsonObject>;
      const schema = resolved(doc, content['application/json']?.schema as JsonObject);
      return ((schema.required ?? []) as string[]).includes('notifications');
    },
    shows: true,
  }),
  fault({
    id: 'ind9-personas-filter-after-inclusive',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['bound'],
    description:
      'A strict `>` on a timestamp field of a list filter is evaluated as `>=` (a slip in the operator table for times): ' +
      '`update_time > "T"` also lists the items updated exactly at T.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(
          expr.kind === 'cmp' && expr.op === '>' && TIME_FIELDS.test(expr.field) ? { ...expr, op: '>=' } : expr,
          item,
          fields,
        );
    },
    probe: async (call) => {
      const first = ((await call('GET', '/v1/personas?page_size=100')).body.personas as JsonObject[])[0] ?? {};
      const time = String(first.update_time);
      const filter = encodeURIComponent(`update_time > "${time}"`);
      const after = (await call('GET', `/v1/personas?page_size=100&filter=${filter}`)).body.personas as JsonObject[];
      return after.some((p) => p.update_time === time);
    },
    shows: true,
  }),
  fault({
    id: 'ind9-metrics-value-equality-rounded',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'A metrics filter `value = x` compares values rounded to one decimal (a tolerance meant for display), so `value = 0.3` ' +
      'also lists outputs whose value is 0.25.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      const round = (n: number) => Math.round(n * 10) / 10;
      b.lists.matches = (expr, item, fields) => {
        if (expr.kind !== 'cmp' || expr.field !== 'value' || expr.op !== '=') return matches(expr, item, fields);
        const value = (item as { value?: unknown }).value;
        return typeof value === 'number' && round(value) === round(Number(expr.value));
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent(`value = ${ROUNDING_LITERAL}`);
      const answer = await call('GET', `/v1/simulations/${roundedSimulation}/metrics?page_size=1000&filter=${filter}`);
      return (answer.body.metrics as JsonObject[]).some((m) => m.value !== ROUNDING_LITERAL);
    },
    shows: true,
  }),
  fault({
    id: 'ind9-query-semicolon-separates-parameters',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'List query strings are parsed by a legacy reader that also splits parameters at `;`: a double-quoted filter value ' +
      'holding a semicolon (`tag = "a;b"`) is cut there and refused as a malformed filter.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => filter(raw === null ? null : (raw.split(';')[0] ?? raw), list);
    },
    probe: async (call) => (await call('GET', `/v1/runs?filter=${encodeURIComponent('tag = "smoke;nightly"')}`)).status,
    shows: 400,
  }),
  fault({
    id: 'ind9-personas-desc-suffix-loses-field',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['broken'],
    description:
      'A persona order_by with a trailing ` desc` keeps the direction but not the field: `name desc` orders by the default ' +
      'field (create_time) descending, while `-name` orders by name.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) =>
        order(raw !== null && /^\S+\s+desc$/i.test(raw.trim()) ? '-create_time' : raw, list);
    },
    probe: async (call) => {
      const names = async (orderBy: string) =>
        (
          (await call('GET', `/v1/personas?page_size=100&order_by=${encodeURIComponent(orderBy)}`)).body
            .personas as JsonObject[]
        ).map((p) => p.id);
      return JSON.stringify(await names('name desc')) === JSON.stringify(await names('-name'));
    },
    shows: false,
  }),
  fault({
    id: 'ind9-unauthenticated-error-wrapped-twice',
    requirements: ['ERROR-ENVELOPE', 'AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'The authentication layer builds its own `{error: ...}` envelope and the common error handler wraps it again: an ' +
      'UNAUTHENTICATED answer is `{"error": {"error": {code, message, details}}}`; other errors have one envelope.',
    behaviour: (b) => {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) => {
        const wrapped = body(error, endpoint);
        return error.code === 'UNAUTHENTICATED' ? { error: wrapped } : wrapped;
      };
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas', { key: null });
      return [answer.status, Object.keys(answer.body.error)];
    },
    shows: [401, ['error']],
  }),
  fault({
    id: 'ind9-test-case-output-json-dates-revived',
    requirements: ['TESTCASE-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'expected_output_json is read with a JSON reviver that turns strings shaped like ISO 8601 timestamps into dates, which ' +
      'are written back in their own form: `"2026-03-01T09:30:00Z"` comes back as `"2026-03-01T09:30:00.000Z"`.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_output_json'], (read) => (fields, request) => {
        const value = read(fields, request);
        return value === null ? null : (revivedDates(value) as JsonObject);
      }),
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: {
          test_set_id: 'ts9dates',
          input_str: 'Book a table for Sunday.',
          expected_output_json: { booking: { at: '2026-03-01T09:30:00Z' } },
        },
      });
      return answer.body.test_case.expected_output_json;
    },
    shows: { booking: { at: '2026-03-01T09:30:00.000Z' } },
  }),
  fault({
    id: 'ind9-mutation-description-measured-escaped',
    requirements: ['MUTATION-DESCRIPTION'],
    slips: ['unit'],
    description:
      "A mutation description's 2000-character limit is measured on its JSON-escaped form (as it sits in the stored " +
      'document), so a line break counts as two characters: a description of exactly 2000 characters holding line breaks ' +
      'is refused.',
    behaviour: (b) => {
      const rules = b.mutationRules;
      const read = rules.fields.description;
      b.mutationRules = {
        ...rules,
        fields: {
          ...rules.fields,
          description: (fields, body) => {
            const description = read(fields, body);
            if (JSON.stringify(description).length - 2 > 2000)
              fields.fail('description', 'must be at most 2000 characters');
            return description;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = (await createAgent(call)).body.agent.id as string;
      const answer = await call('POST', `/v1/agents/${agent}/mutations`, {
        body: { display_name: 'Long notes', description: 'a\n'.repeat(1000) },
      });
      return answer.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind9-dashboard-name-measured-decomposed',
    requirements: ['DASHBOARD-DISPLAY-NAME'],
    slips: ['unit'],
    description:
      'A dashboard display_name is measured after Unicode decomposition (NFD, as the search index stores it): a precomposed ' +
      '`é` counts as two characters, so a name of 255 such letters is refused.',
    behaviour: (b) => {
      beforeDashboardPatch(b, (sent) => {
        if (typeof sent?.display_name === 'string' && [...sent.display_name.normalize('NFD')].length > 255)
          throw invalidArgument('display_name', 'must be at most 255 characters');
      });
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const answer = await call('PATCH', path, { body: { display_name: '\u00e9'.repeat(255) } });
      await call('PATCH', path, { body: { display_name: 'Quality overview' } });
      return answer.status;
    },
    shows: 400,
  }),
] as const;

/** The faults of this round no check detects yet, with the class of check each needs (filled in after the suite is run). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
