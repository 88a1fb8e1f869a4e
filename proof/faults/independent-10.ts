// Independent round 10: faults written from the specification and the reference service alone.
//
// Dropped on review:
//   ind10-agent-test-set-ids-checked-as-8: an agent's test_set_ids held to the test case rule (exactly 8 characters);
//     the specification gives one test set ID two forms (22 alphanumeric characters on an agent, exactly 8 on a test
//     case), so holding a test set ID to either is a reading of its own text

import { parseAllDocuments } from 'yaml';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { internal, invalidArgument } from '../../lib/reference/http/errors.js';
import { fault, finalizeWith, presentWith, rereadTestCase, respondWith } from './define.js';

/** The simulation with the most metric outputs, as the reference seeds it (ids are deterministic). */
const bigSimulationId = (): string => {
  const { store } = seedStore(ALPHANUMERIC);
  return [...store.simulations.entries()].sort((a, b) => b[1].size - a[1].size)[0]![0];
};

/** A valid chat agent body, with `extra` fields. */
const chatAgent = (extra: JsonObject = {}): JsonObject => ({
  display_name: 'ind10 agent',
  model_type: 'MODEL_TYPE_CHAT',
  metadata: { chat_endpoint: 'https://chat.example.com/v1/chat' },
  ...extra,
});

/** Every object inside a JSON value, depth first. */
function* objectsIn(value: unknown): Generator<JsonObject> {
  if (Array.isArray(value)) for (const member of value) yield* objectsIn(member);
  else if (isJsonObject(value)) {
    yield value;
    for (const member of Object.values(value)) yield* objectsIn(member);
  }
}

/** The JSON form of the first published document the listing names. */
async function firstDocument(call: Call): Promise<unknown> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
  const path = url.slice(url.indexOf('/v1/openapi/'));
  return (await call('GET', path, { key: null, headers: { Accept: 'application/json' } })).body;
}

/** Whether a schema is the enum of review project types. */
const isProjectTypeSchema = (schema: JsonObject): boolean =>
  Array.isArray(schema.enum) &&
  schema.enum.includes('PROJECT_INDIVIDUAL') &&
  schema.enum.includes('PROJECT_COLLABORATIVE');

/** A value with every object key "" removed, at every depth. */
function withoutEmptyKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyKeys);
  if (isJsonObject(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '')
        .map(([key, member]) => [key, withoutEmptyKeys(member)]),
    );
  return value;
}

/** A ULID as its specification writes it: a 48-bit time (first character 0 to 7), then Crockford base32. */
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

export const INDEPENDENT_10_FAULTS = [
  fault({
    id: 'ind10-run-metrics-map-as-list',
    requirements: ['RUN-FIELDS', 'SCHEMA-CANONICAL'],
    seenThrough: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description:
      "A run's results.metrics, a map from metric name to {mean, min, max}, is served as a list of {metric_name, mean, min, max} (a proto repeated field where the specification has a map).",
    behaviour: (b) =>
      presentWith(b, 'run', (view) => {
        const results = view.results as JsonObject;
        const metrics = results.metrics as Record<string, JsonObject>;
        return {
          ...view,
          results: {
            ...results,
            metrics: Object.entries(metrics).map(([metric_name, summary]) => ({ metric_name, ...summary })),
          },
        };
      }),
    probe: async (call) => {
      const { body } = await call('GET', '/v1/runs?page_size=100');
      const run = (body.runs as JsonObject[]).find((r) => Object.keys((r.results as JsonObject).metrics ?? {}).length);
      return Array.isArray((run?.results as JsonObject).metrics);
    },
    shows: true,
  }),
  fault({
    id: 'ind10-metric-get-output-id-as-id',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET of one metric output names its identifier `id` (as every other resource does) instead of `metric_output_id`; the list still says metric_output_id.',
    behaviour: (b) =>
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', (body) => {
        const { metric_output_id, ...rest } = body.metric as JsonObject;
        return { ...body, metric: { id: metric_output_id, ...rest } };
      }),
    probe: async (call) => {
      const simulation = bigSimulationId();
      const listed = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1`);
      const id = (listed.body.metrics as JsonObject[])[0]!.metric_output_id as string;
      const got = await call('GET', `/v1/simulations/${simulation}/metrics/${id}`);
      return Object.keys(got.body.metric as JsonObject).filter((k) => k === 'id' || k === 'metric_output_id');
    },
    shows: ['id'],
  }),
  fault({
    id: 'ind10-personas-list-items-wrapped',
    requirements: ['ENVELOPE-WRAPPED', 'PERSONA-FIELDS'],
    slips: ['scope'],
    description:
      'The personas list wraps each item as GET does, `{personas: [{persona: Persona}, ...]}`, instead of a list of personas.',
    behaviour: (b) =>
      respondWith(b, 'GET /v1/personas', (body) => ({
        ...body,
        personas: (body.personas as JsonObject[]).map((persona) => ({ persona })),
      })),
    probe: async (call) =>
      Object.keys(((await call('GET', '/v1/personas?page_size=1')).body.personas as JsonObject[])[0]!),
    shows: ['persona'],
  }),
  fault({
    id: 'ind10-spec-review-project-type-default-collaborative',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published documents give review projects' project_type the default PROJECT_COLLABORATIVE (the first enum value), while the service defaults to PROJECT_INDIVIDUAL as the specification says.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        for (const schema of objectsIn(copy))
          if (isProjectTypeSchema(schema) && 'default' in schema) schema.default = 'PROJECT_COLLABORATIVE';
        return copy;
      }),
    probe: async (call) => {
      const doc = await firstDocument(call);
      return [...objectsIn(doc)].filter((s) => isProjectTypeSchema(s) && 'default' in s).map((s) => s.default);
    },
    shows: ['PROJECT_COLLABORATIVE'],
  }),
  fault({
    id: 'ind10-test-case-script-turns-reversed',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "A SCRIPT test case's simulation_metadata_input.script_turns (ordered persona lines) comes back last line first.",
    behaviour: (b) =>
      presentWith(b, 'testCase', (view) => {
        const input = view.simulation_metadata_input;
        if (!isJsonObject(input) || !Array.isArray(input.script_turns)) return view;
        return { ...view, simulation_metadata_input: { ...input, script_turns: [...input.script_turns].reverse() } };
      }),
    probe: async (call) => {
      const { body } = await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'ind10 script',
          test_set_id: 'cftTs001',
          input_type: 'SCRIPT',
          simulation_metadata_input: { script_turns: ['Hello', 'I need a refund', 'Thanks'] },
        },
      });
      return (body.test_case.simulation_metadata_input as JsonObject).script_turns;
    },
    shows: ['Thanks', 'I need a refund', 'Hello'],
  }),
  fault({
    id: 'ind10-mutation-id-not-ulid',
    requirements: ['MUTATION-ID-FORMAT'],
    slips: ['broken'],
    description:
      "A mutation's id is drawn as a 26-character random alphanumeric token (the 22-character id generator at another length), not a ULID: it matches ^[A-Za-z0-9]{26}$ but holds lower-case letters, I, L, O, U and a first character past 7.",
    behaviour: (b) => {
      b.mutationRules = { ...b.mutationRules, newId: (ids) => ids.token(26) };
    },
    probe: async (call) => {
      const agent = (await call('POST', '/v1/agents', { body: chatAgent() })).body.agent as JsonObject;
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const created = await call('POST', `/v1/agents/${String(agent.id)}/mutations`, {
          body: { display_name: `ind10 variant ${i}` },
        });
        ids.push(String((created.body.mutation as JsonObject).id));
      }
      return ids.every((id) => /^[A-Za-z0-9]{26}$/.test(id)) && !ids.every((id) => ULID.test(id));
    },
    shows: true,
  }),
  fault({
    id: 'ind10-agent-workflows-empty-key-dropped',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Members of workflows whose key is the empty string ("", a valid JSON object key) are dropped when the agent is stored, at every depth.',
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const stored = created(record, body);
        return stored.workflows === null
          ? stored
          : { ...stored, workflows: withoutEmptyKeys(stored.workflows) as JsonObject };
      };
    },
    probe: async (call) => {
      const workflows = { steps: { '': 'default branch', refund: 'refund branch' } };
      const created = (await call('POST', '/v1/agents', { body: chatAgent({ workflows }) })).body.agent as JsonObject;
      const got = await call('GET', `/v1/agents/${String(created.id)}`);
      return (got.body.agent as JsonObject).workflows;
    },
    shows: { steps: { refund: 'refund branch' } },
  }),
  fault({
    id: 'ind10-test-case-output-wrapped-for-scenario-only',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['broken'],
    description:
      'expected_output_str is wrapped into expected_behaviors only for SCENARIO test cases (the default input_type): a TRANSCRIPT, IVR, AUDIO, MANUAL or SCRIPT test case sent with expected_output_str alone gets expected_behaviors null.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_behaviors'], (read) => (fields, request) => {
        const type = request.body.input_type;
        if (type !== undefined && type !== 'SCENARIO' && !('expected_behaviors' in request.body)) return null;
        return read(fields, request);
      }),
    probe: async (call) => {
      const { body } = await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'ind10 transcript',
          test_set_id: 'cftTs001',
          input_type: 'TRANSCRIPT',
          expected_output_str: 'The agent offers a refund',
        },
      });
      return body.test_case.expected_behaviors;
    },
    shows: null,
  }),
  fault({
    id: 'ind10-spec-document-published-json-only',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published documents describe GET /v1/openapi/{spec_name} as answering application/json only (a framework default), leaving out application/yaml, the form the endpoint answers by default.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        for (const item of Object.values((copy.paths ?? {}) as Record<string, JsonObject>))
          for (const response of objectsIn(item))
            if (isJsonObject(response.content) && 'application/yaml' in response.content)
              delete (response.content as JsonObject)['application/yaml'];
        return copy;
      }),
    probe: async (call) => {
      const doc = (await firstDocument(call)) as JsonObject;
      const operation = Object.entries((doc.paths ?? {}) as Record<string, JsonObject>).find(([path]) =>
        path.endsWith('/openapi/{spec_name}'),
      )?.[1];
      const ok = ((operation?.get as JsonObject).responses as Record<string, JsonObject>)['200'];
      return Object.keys((ok?.content ?? {}) as JsonObject).sort();
    },
    shows: ['application/json'],
  }),
  fault({
    id: 'ind10-review-project-id-as-name',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description:
      "A review project's id field carries its resource name (`review-projects/<id>`, the same text as name) instead of the bare id the name ends with.",
    behaviour: (b) => presentWith(b, 'reviewProject', (view) => ({ ...view, id: view.name })),
    probe: async (call) => {
      const { body } = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'ind10 review',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: ['Sim22chars000000000001'],
          linked_metric_ids: ['Met22chars000000000001'],
        },
      });
      const project = body.review_project as JsonObject;
      return project.id === project.name;
    },
    shows: true,
  }),
  fault({
    id: 'ind10-filter-unterminated-quote-internal',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description:
      'A filter whose double quote is never closed (`name = "Ann`) crashes the filter reader: INTERNAL instead of INVALID_ARGUMENT naming filter.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        if (raw !== null && (raw.match(/"/g) ?? []).length % 2 === 1) throw internal('unexpected end of filter text');
        return read(raw, list);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/personas?filter=${encodeURIComponent('name = "Ann')}`);
      return answer.body.error?.code;
    },
    shows: 'INTERNAL',
  }),
  fault({
    id: 'ind10-response-cut-at-1mib',
    requirements: ['AGENT-GET', 'AGENT-CONFIG-SIZE'],
    slips: ['broken'],
    description:
      'Response bodies are written from a 1 MiB buffer: an answer longer than that (an agent whose workflows hold 2 MB, within the 10 MB allowed) is cut, its Content-Length saying the cut length, and is no longer JSON.',
    behaviour: (b) => {
      const MIB = 1 << 20;
      const bytes = b.responseBytes;
      b.responseBytes = (text) => bytes(text).subarray(0, MIB);
      const length = b.contentLength;
      b.contentLength = (text) => Math.min(length(text), MIB);
    },
    probe: async (call) => {
      const workflows = { notes: 'w'.repeat(2_000_000) };
      const created = await call('POST', '/v1/agents', { body: chatAgent({ workflows }) });
      const id = /"id":"([A-Za-z0-9]{22})"/.exec(created.text)?.[1] ?? '';
      const got = await call('GET', `/v1/agents/${id}`);
      return [got.status, got.bytes.length === 1 << 20, typeof got.body];
    },
    shows: [200, true, 'string'],
  }),
  fault({
    id: 'ind10-spec-yaml-trailing-document-separator',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-YAML-DEFAULT'],
    slips: ['broken'],
    description:
      'The YAML form ends with a document separator (`---` written after the document rather than before it): the answer is a stream of two YAML documents, the second empty, which a single-document YAML reader refuses.',
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml' ? `${out.endsWith('\n') ? out : `${out}\n`}---\n` : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
      const yaml = await call('GET', url.slice(url.indexOf('/v1/openapi/')), { key: null });
      return parseAllDocuments(yaml.text).length;
    },
    shows: 2,
  }),
  fault({
    id: 'ind10-mutation-display-name-markup-refused',
    requirements: ['MUTATION-DISPLAY-NAME', 'MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'A mutation display_name that contains something like an HTML tag (`<` followed by a letter or `/`, as in "A <b>bold</b> variant") is refused as unsafe input (INVALID_ARGUMENT naming display_name), though any 1 to 200 characters are a valid name.',
    behaviour: (b) => {
      const read = b.mutationRules.fields.display_name;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          display_name: (fields, body) => {
            const name = read(fields, body);
            if (/<[A-Za-z/]/.test(name)) throw invalidArgument('display_name', 'must not contain markup');
            return name;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = (await call('POST', '/v1/agents', { body: chatAgent() })).body.agent as JsonObject;
      const answer = await call('POST', `/v1/agents/${String(agent.id)}/mutations`, {
        body: { display_name: 'Variant <b>bold</b> greeting' },
      });
      return answer.body.error?.details?.[0]?.field ?? answer.status;
    },
    shows: 'display_name',
  }),
  fault({
    id: 'ind10-dashboard-name-stored-cut-at-250',
    requirements: ['DASHBOARD-PATCH', 'READ-BACK-UNCHANGED'],
    slips: { 'DASHBOARD-PATCH': ['broken'], 'READ-BACK-UNCHANGED': ['read-back'] },
    description:
      "A dashboard's display_name is stored in a column 250 characters wide: a PATCH of a 251- to 255-character name answers it whole, but what is stored (and the next PATCH that leaves the name as it is answers) is cut at 250.",
    behaviour: (b) => {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        const stored = kept(kind, updated, previous);
        if (kind !== 'dashboard') return stored;
        const record = stored as unknown as { display_name: string };
        return { ...stored, display_name: [...record.display_name].slice(0, 250).join('') };
      };
    },
    probe: async (call) => {
      const id = seedStore(ALPHANUMERIC).fixtures.dashboardId;
      const name = `ind10 ${'d'.repeat(249)}`;
      const first = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: name } });
      const second = await call('PATCH', `/v1/dashboards/${id}`, { body: {} });
      return [
        (first.body.dashboard as JsonObject).display_name === name,
        String((second.body.dashboard as JsonObject).display_name).length,
      ];
    },
    shows: [true, 250],
  }),
  fault({
    id: 'ind10-spec-unknown-name-unauthenticated',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['broken'],
    description:
      'GET /v1/openapi/{spec_name} of a name that is not listed falls through to the catch-all of the authenticated routes: UNAUTHENTICATED naming X-API-Key, with a key or without, instead of a not-found answer on an endpoint that needs no key.',
    behaviour: (b) => {
      const named = b.publishing.documentNamed;
      b.publishing.documentNamed = (asked, listed) => {
        const found = named(asked, listed);
        if (found === undefined) throw b.auth.failure(undefined);
        return found;
      };
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/openapi/no-such-document', { key: null });
      return answer.body.error?.code;
    },
    shows: 'UNAUTHENTICATED',
  }),
  fault({
    id: 'ind10-metric-get-searches-first-100',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      "GET of one metric output looks it up in the first 100 of its simulation's outputs in the list's default order (metric_name), as one page of the list: an output past the hundredth of a large simulation is NOT_FOUND.",
    behaviour: (b) => {
      b.metricOutputReached = (simulationId, metricOutputId, simulations) => {
        const outputs = [...(simulations.get(simulationId)?.values() ?? [])]
          .sort(
            (x, y) =>
              x.metric_name.localeCompare(y.metric_name) || x.metric_output_id.localeCompare(y.metric_output_id),
          )
          .slice(0, 100);
        return outputs.find((output) => output.metric_output_id === metricOutputId);
      };
    },
    probe: async (call) => {
      const simulation = bigSimulationId();
      const listed = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
      const last = (listed.body.metrics as JsonObject[]).at(-1)!.metric_output_id as string;
      return (await call('GET', `/v1/simulations/${simulation}/metrics/${last}`)).body.error?.code ?? 'found';
    },
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'ind10-run-update-time-null-when-never-updated',
    requirements: ['RUN-FIELDS', 'TIMESTAMP-ISO-UTC'],
    seenThrough: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description:
      'A run never updated since it was created (update_time equal to create_time, a PENDING run) is served with update_time null, the mutations\' rule ("null when never updated") carried over to runs, whose update_time is a timestamp.',
    behaviour: (b) =>
      presentWith(b, 'run', (view, record) => {
        const run = record as { create_time: number; update_time: number };
        return run.update_time === run.create_time ? { ...view, update_time: null } : view;
      }),
    probe: async (call) => {
      const { body } = await call('GET', '/v1/runs?page_size=1000');
      const pending = (body.runs as JsonObject[]).filter((run) => run.status === 'PENDING');
      return pending.length > 0 && pending.every((run) => run.update_time === null);
    },
    shows: true,
  }),
  fault({
    id: 'ind10-review-metric-ids-checked-as-output-ids',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "A review project's linked_metric_ids are checked as metric output IDs (26 characters) rather than metric IDs: the 22-character metric_id a simulation's metric outputs name is refused (INVALID_ARGUMENT naming linked_metric_ids).",
    behaviour: (b) => {
      const read = b.reviewProjectFields.linked_metric_ids;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        linked_metric_ids: (fields) => {
          const ids = read(fields);
          if (ids.some((id) => id.length !== 26))
            throw invalidArgument('linked_metric_ids', 'each metric id must be 26 characters');
          return ids;
        },
      };
    },
    probe: async (call) => {
      const simulation = bigSimulationId();
      const metric = (
        (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1`)).body.metrics as JsonObject[]
      )[0]!;
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'ind10 metric review',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: [simulation],
          linked_metric_ids: [metric.metric_id],
        },
      });
      return answer.body.error?.details?.[0]?.field ?? answer.status;
    },
    shows: 'linked_metric_ids',
  }),
];

/** Faults of this round no check detects yet, with the class of check each needs (filled in after the suite runs). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
