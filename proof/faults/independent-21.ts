// Independent faults, round 21: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area of the round: runs (lists, states, cancel and delete), scheduled runs, metrics and simulations, review
// projects, dashboards, the published documents and their listing, and the list grammar everywhere.
//
// Writer: 28 written; ideas past them repeated the catalog (dashboards and review projects above all, where every
// slip thought of had a sibling there). One seam added to the reference: ListPolicy.sortItems (the order a query's
// items are sorted in; the default sorts by the comparator page tokens resume by, as before).
//
// Review (coordinator): four of 28 dropped. Run metric names snake-cased (a repeat of
// ind3-run-metric-names-snake-cased); a client-edited page token obeyed (an opaque token a server does not sign is a
// common design, and a client that edits one is outside the specification); a second DELETE of a cancelled run
// leaving it as it is (which status deletes and which cancels is not shown: cancelling a cancelled run again is a
// reading); `tag != x` true of a run with another tag beside x (its meaning on several tags is not shown, as round 6
// decided). As written (the suite at 8a3b49b, the writer's base), 16 of the 24 kept detected.

import type { Behaviour } from '../../lib/reference/behaviour.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { Cursor } from '../../lib/reference/listing/page-token.js';
import { decimalLiteral } from '../../lib/reference/listing/values.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import {
  fault,
  type Fault,
  finalizeWith,
  lastRequest,
  mapOperations,
  onRunCancelled,
  paths,
  presentWith,
  readAs,
  respondWith,
} from './define.js';
import { tokensReadAs } from './list-seams.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

const RUN_DELETE = 'DELETE /v1/runs/{run_id}';

/** The store the request being served reaches, and the path parameters it was routed with. */
function routedWith(b: Behaviour): () => { store?: Store; key?: string; params: Readonly<Record<string, string>> } {
  let seen: { store?: Store; key?: string; params: Readonly<Record<string, string>> } = { params: {} };
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    seen = { store, key: endpoint.key, params };
    return named(endpoint, params, store);
  };
  return () => seen;
}

/** Every run of the collection, in the list's default order. */
async function allRuns(call: Call): Promise<JsonObject[]> {
  const list = await call('GET', '/v1/runs?page_size=1000');
  return list.body.runs as JsonObject[];
}

/** The simulation IDs the runs name, in the order they are first named. */
async function simulationIds(call: Call): Promise<string[]> {
  const runs = await allRuns(call);
  return [...new Set(runs.flatMap((r) => (r.results as JsonObject).output_ids as string[]))];
}

const rolesOf = (metric: JsonObject): unknown[] =>
  ((metric.subvalues_by_timestamp as JsonObject[] | undefined) ?? []).map((s) => s.role);

/** The first published document's spec_name. */
async function firstSpecName(call: Call): Promise<string> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  return String((listing.body.specs as JsonObject[])[0]?.spec_name);
}

const FAULTS_21 = [
  fault({
    id: 'ind21-metric-get-subvalues-by-role',
    requirements: ['METRIC-GET'],
    slips: { 'METRIC-GET': ['broken'] },
    description:
      "GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} reads an output's time segments with the detail query's ORDER BY of the segments table's index, (role, message_index): the agent's segments come before the user's, so a transcript agent, user, agent reads agent, agent, user; the metrics list serves them in their order.",
    behaviour: (b) =>
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (m) => {
        const segments = m.subvalues_by_timestamp as JsonObject[] | undefined;
        if (!Array.isArray(segments)) return m;
        const sorted = [...segments].sort(
          (x, y) => String(x.role).localeCompare(String(y.role)) || Number(x.message_index) - Number(y.message_index),
        );
        return { ...m, subvalues_by_timestamp: sorted };
      }),
    probe: async (call) => {
      for (const simulation of await simulationIds(call)) {
        const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
        const listed = (page.body.metrics as JsonObject[]).find((m) => rolesOf(m).length >= 3);
        if (!listed) continue;
        const one = await call('GET', `/v1/simulations/${simulation}/metrics/${String(listed.metric_output_id)}`);
        return { listed: rolesOf(listed), got: rolesOf(one.body.metric as JsonObject) };
      }
      return 'no output with three segments';
    },
    shows: { listed: ['agent', 'user', 'agent'], got: ['agent', 'agent', 'user'] },
  }),

  fault({
    id: 'ind21-scheduled-run-found-by-template-id',
    requirements: ['PATH-ID-EXACT', 'MISSING-RESOURCE-NOT-FOUND'],
    slips: ['scope'],
    description:
      'GET and DELETE /v1/scheduled-runs/{scheduled_run_id} look the scheduled run up with `WHERE id = ? OR run_template_id = ?` (the lookup the run pages use to find the schedule of a run): the ID of a run that serves as a template, another kind of resource, is answered with the first scheduled run made from it instead of NOT_FOUND.',
    behaviour: (b) => {
      const routed = routedWith(b);
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => {
        const found = served(id, stored);
        if (found) return found;
        const all = routed().store?.scheduledRuns.values() ?? [];
        for (const run of all) if (run.run_template_id === id) return run;
        return undefined;
      };
    },
    probe: async (call) => {
      const kept = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      const template = String(kept.body.scheduled_run.run_template_id);
      const byTemplate = await call('GET', `/v1/scheduled-runs/${template}`);
      // The first scheduled run made from it, whichever that is: one whose run_template_id is the ID asked.
      return { status: byTemplate.status, made: byTemplate.body.scheduled_run?.run_template_id === template };
    },
    shows: { status: 200, made: true },
  }),

  fault({
    id: 'ind21-spec-form-by-request-content-type',
    requirements: ['SPEC-YAML-DEFAULT'],
    // The rule is the one endpoint's: a header it should ignore breaks it there (no scope to slip out of).
    slips: ['broken'],
    description:
      "GET /v1/openapi/{spec_name} picks the document's form with the helper the body parser uses, which reads the request's Content-Type before its Accept (`req.headers['content-type'] ?? req.headers.accept`): a request without Accept that carries `Content-Type: application/json` (which many HTTP clients set on every request) gets the JSON form instead of the default YAML.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => {
        const contentType = request()?.headers['content-type'];
        return negotiate(contentType ?? accept);
      };
    },
    probe: async (call) => {
      const name = await firstSpecName(call);
      const answer = await call('GET', `/v1/openapi/${name}`, {
        key: null,
        headers: { 'Content-Type': 'application/json' },
      });
      return answer.contentType;
    },
    shows: 'application/json',
  }),

  fault({
    id: 'ind21-spec-listing-scheme-https',
    requirements: ['SPEC-FETCHABLE', 'SPEC-LISTING'],
    slips: ['broken'],
    description:
      "GET /v1/openapi writes each document's URL with a fixed `https://` scheme before the request's host (the service was meant to run behind a TLS terminator): a service reached over plain HTTP lists URLs its clients cannot fetch there; the documents themselves are served at the right path.",
    behaviour: (b) => {
      const listing = b.publishing.listing;
      b.publishing.listing = {
        ...listing,
        render: (entries) => listing.render(entries.map((e) => ({ ...e, url: e.url.replace(/^http:/, 'https:') }))),
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      return new URL(String((listing.body.specs as JsonObject[])[0]?.url)).protocol;
    },
    shows: 'https:',
  }),

  fault({
    id: 'ind21-run-delete-again-internal',
    requirements: ['MISSING-RESOURCE-NOT-FOUND', 'RUN-DELETE'],
    slips: { 'MISSING-RESOURCE-NOT-FOUND': ['broken'], 'RUN-DELETE': ['state'] },
    description:
      "DELETE /v1/runs/{run_id} of a finished run already deleted fails with 500 INTERNAL: the lookup reads the soft-deleted row (it has no `deleted = false` condition) and the delete's `UPDATE ... RETURNING *`, which skips deleted rows, returns none, whose fields the handler then reads; a run never stored is answered NOT_FOUND, and the first DELETE succeeds.",
    behaviour: (b) => {
      const deleted = new Set<string>();
      const routed = routedWith(b);
      const outcome = b.runDeletion.outcome;
      b.runDeletion.outcome = (status) => {
        const chosen = outcome(status);
        const { key, params } = routed();
        if (key === RUN_DELETE && chosen === 'delete' && params.run_id !== undefined) deleted.add(params.run_id);
        return chosen;
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === RUN_DELETE && deleted.has(params.run_id ?? ''))
          throw new TypeError("Cannot read properties of undefined (reading 'run_id')");
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const finished = (await allRuns(call)).filter((r) => r.status === 'COMPLETED').at(-2) as JsonObject;
      const id = String(finished.run_id);
      const first = await call('DELETE', `/v1/runs/${id}`);
      const again = await call('DELETE', `/v1/runs/${id}`);
      return { first: first.status, again: again.status, code: again.body?.error?.code };
    },
    shows: { first: 200, again: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind21-run-persona-id-null-after-persona-delete',
    requirements: ['SCHEMA-CANONICAL', 'PERSONA-DELETE'],
    slips: { 'SCHEMA-CANONICAL': ['type'], 'PERSONA-DELETE': ['state'] },
    description:
      'Runs reference their persona through a foreign key declared ON DELETE SET NULL: once a persona is deleted, every run of it is served with persona_id null, on the runs list and on GET /v1/runs/{run_id}, where the Run table types persona_id as a string, not nullable; runs of personas still there, and every other field, are unchanged.',
    behaviour: (b) => {
      const gone = new Set<string>();
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        if (kind === 'persona') gone.add(String(deleted.id));
        return answer(kind, deleted);
      };
      const nulled = (run: JsonObject): JsonObject =>
        gone.has(String(run.persona_id)) ? { ...run, persona_id: null } : run;
      respondWith(b, 'GET /v1/runs', (body) => ({ ...body, runs: (body.runs as JsonObject[]).map(nulled) }));
      readAs(b, 'GET /v1/runs/{run_id}', 'run', nulled);
    },
    probe: async (call) => {
      const run = (await allRuns(call)).at(-1) as JsonObject;
      const deleted = await call('DELETE', `/v1/personas/${String(run.persona_id)}`);
      const after = (await allRuns(call)).find((r) => r.run_id === run.run_id);
      return { deleted: deleted.status, persona_id: after?.persona_id === run.persona_id ? 'kept' : after?.persona_id };
    },
    shows: { deleted: 200, persona_id: null },
  }),

  fault({
    id: 'ind21-spec-page-size-exclusive-minimum-boolean',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['type'],
    description:
      "The published page_size parameters keep the bound the OpenAPI 3.0 document had, `minimum: 0` with `exclusiveMinimum: true` (above 0), in documents that declare `openapi: 3.1.0`, whose JSON Schema 2020-12 makes exclusiveMinimum a number: a boolean there is invalid, so the documents are not valid OpenAPI 3.1; the service's bounds are unchanged.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: mapOperations(doc, (op) => {
          if (!Array.isArray(op.parameters)) return op;
          const parameters = (op.parameters as JsonObject[]).map((p) =>
            p.name === 'page_size' && p.in === 'query'
              ? { ...p, schema: { ...(p.schema as JsonObject), minimum: 0, exclusiveMinimum: true } }
              : p,
          );
          return { ...op, parameters };
        }),
      })),
    probe: async (call) => {
      const name = await firstSpecName(call);
      const doc = (await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } }))
        .body as JsonObject;
      const list = paths(doc)['/v1/runs']?.get;
      const pageSize = (list?.parameters as JsonObject[] | undefined)?.find((p) => p.name === 'page_size');
      return { openapi: doc.openapi, exclusiveMinimum: (pageSize?.schema as JsonObject | undefined)?.exclusiveMinimum };
    },
    shows: { openapi: '3.1.0', exclusiveMinimum: true },
  }),

  fault({
    id: 'ind21-scheduled-run-expression-upper-cased',
    requirements: ['SCHEDULED-RUN-EXPRESSION-FORM'],
    slips: { 'SCHEDULED-RUN-EXPRESSION-FORM': ['broken'] },
    description:
      "A scheduled run's schedule_expression is served through the normaliser that upper-cases day and month names for the scheduler (`mon-fri` to `MON-FRI`), applied to the whole expression, its wrapper too: `rate(1 day)` is served `RATE(1 DAY)` and `cron(0 12 * * ? *)` `CRON(0 12 * * ? *)`, neither in the `rate(...)` or `cron(...)` form.",
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view) => ({
        ...view,
        schedule_expression: String(view.schedule_expression).toUpperCase(),
      })),
    probe: async (call) => {
      const kept = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      return kept.body.scheduled_run.schedule_expression;
    },
    shows: 'RATE(1 DAY)',
  }),
  fault({
    id: 'ind21-metric-get-output-id-lower-cased',
    requirements: ['METRIC-GET'],
    slips: { 'METRIC-GET': ['broken'] },
    description:
      "GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} lower-cases the path's ULID before looking it up (Crockford base32 is case-insensitive, and the index keeps it lower case) and answers metric_output_id as it looked it up: the output the list serves as `01KB3…` is answered as `01kb3…`, not equal to the listed id; the list and every other field are unchanged.",
    behaviour: (b) =>
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (m) => ({
        ...m,
        metric_output_id: String(m.metric_output_id).toLowerCase(),
      })),
    probe: async (call) => {
      const [simulation] = await simulationIds(call);
      const page = await call('GET', `/v1/simulations/${String(simulation)}/metrics?page_size=1`);
      const listed = String((page.body.metrics as JsonObject[])[0]?.metric_output_id);
      const one = await call('GET', `/v1/simulations/${String(simulation)}/metrics/${listed}`);
      const got = String(one.body.metric.metric_output_id);
      return { equal: got === listed, lowerCaseOfListed: got === listed.toLowerCase() };
    },
    shows: { equal: false, lowerCaseOfListed: true },
  }),

  fault({
    id: 'ind21-page-token-checked-against-last-query',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-ORDER-BY', 'LIST-FILTER-FIELDS'],
    slips: { 'LIST-PAGINATION-COMPLETE': ['state'], 'LIST-ORDER-BY': ['broken'], 'LIST-FILTER-FIELDS': ['broken'] },
    description:
      'A page_token is checked against the query of the last token the list issued (kept per list, as a session\'s current cursor), not against its own query: a walk is refused with INVALID_ARGUMENT ("issued for a different filter or order_by") as soon as another walk of the same list, with another filter or order_by, got a page in between, though its token is genuine and used with the query it was issued for.',
    behaviour: (b) => {
      const lastIssued = new Map<string, string>();
      const tokens = b.lists.tokens;
      b.lists.tokens = (list) => {
        const codec = tokens(list);
        return {
          encode: (cursor) => {
            lastIssued.set(list.id, cursor.fingerprint);
            return codec.encode(cursor);
          },
          decode: (token) => {
            const cursor = codec.decode(token);
            if (!cursor) return null;
            return lastIssued.get(list.id) === cursor.fingerprint ? cursor : { ...cursor, fingerprint: 'superseded' };
          },
        };
      };
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/runs?page_size=5');
      const token = String(first.body.next_page_token);
      await call('GET', `/v1/runs?page_size=5&filter=${encodeURIComponent('status = COMPLETED')}`);
      const second = await call('GET', `/v1/runs?page_size=5&page_token=${encodeURIComponent(token)}`);
      return { status: second.status, code: second.body?.error?.code };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind21-spec-browser-accept-refused',
    requirements: ['SPEC-YAML-DEFAULT', 'SPEC-YAML-ON-REQUEST'],
    slips: ['broken'],
    description:
      "GET /v1/openapi/{spec_name} reads only the first media range of Accept (`accept.split(',')[0]`) and refuses with INVALID_ARGUMENT naming Accept a request whose first range is neither application/yaml, application/json nor `*/*`: a browser's `text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8`, which accepts anything, is refused instead of getting the default YAML; no Accept, `*/*`, and the two forms asked for are served as before.",
    behaviour: (b) => {
      const refusal = b.answerRefusal;
      b.answerRefusal = (accept, endpoint) => {
        const first = accept?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
        const served = ['application/yaml', 'application/json', '*/*'];
        if (endpoint.key === 'GET /v1/openapi/{spec_name}' && first && !served.includes(first))
          return invalidArgument(
            'Accept',
            'the documents are served as application/yaml or application/json',
            'header',
          );
        return refusal(accept, endpoint);
      };
    },
    probe: async (call) => {
      const name = await firstSpecName(call);
      const answer = await call('GET', `/v1/openapi/${name}`, {
        key: null,
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      return { status: answer.status, code: answer.body?.error?.code };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind21-scheduled-run-internal-after-template-deleted',
    requirements: ['SCHEDULED-RUN-GET', 'RUN-DELETE-BY-STATUS'],
    slips: { 'SCHEDULED-RUN-GET': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      "A scheduled run is served through its run template, read by a join on the runs table that leaves out deleted runs: once the run it was made from is deleted (DELETE /v1/runs/{run_id} of that finished run), GET and DELETE /v1/scheduled-runs/{id} read the missing template's fields and fail with 500 INTERNAL; scheduled runs whose template is still there are served as before.",
    behaviour: (b) => {
      const deleted = new Set<string>();
      const routed = routedWith(b);
      const outcome = b.runDeletion.outcome;
      b.runDeletion.outcome = (status) => {
        const chosen = outcome(status);
        const { key, params } = routed();
        if (key === RUN_DELETE && chosen === 'delete' && params.run_id !== undefined) deleted.add(params.run_id);
        return chosen;
      };
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => {
        const found = served(id, stored);
        if (found && deleted.has(found.run_template_id))
          throw new TypeError("Cannot read properties of undefined (reading 'agent_id')");
        return found;
      };
    },
    probe: async (call) => {
      const before = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      const template = String(before.body.scheduled_run.run_template_id);
      const status = (await allRuns(call)).find((r) => r.run_id === template)?.status;
      const deleted = await call('DELETE', `/v1/runs/${template}`);
      const after = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      return { template: status, deleted: deleted.status, after: after.status, code: after.body?.error?.code };
    },
    shows: { template: 'COMPLETED', deleted: 200, after: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind21-metric-get-not-found-after-run-cancel',
    requirements: ['METRIC-GET', 'RUN-DELETE-BY-STATUS'],
    slips: { 'METRIC-GET': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      "GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} reads the output through the run that produced its simulation, with `run.status <> 'CANCELLED'` (the review screens hide cancelled work): once a run is cancelled by its DELETE, the outputs of its simulations answer NOT_FOUND, while the simulation's metrics list still serves them; outputs of runs not cancelled are served as before.",
    behaviour: (b) => {
      const hidden = new Set<string>();
      onRunCancelled(b, (before) => {
        for (const simulation of before.results.output_ids) hidden.add(simulation);
      });
      const reached = b.metricOutputReached;
      b.metricOutputReached = (simulationId, metricOutputId, simulations) =>
        hidden.has(simulationId) ? undefined : reached(simulationId, metricOutputId, simulations);
    },
    probe: async (call) => {
      const running = (await allRuns(call)).find(
        (r) => r.status === 'RUNNING' && ((r.results as JsonObject).output_ids as string[]).length,
      ) as JsonObject;
      const simulation = String(((running.results as JsonObject).output_ids as string[])[0]);
      const listed = async () =>
        (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1`)).body.metrics as JsonObject[];
      const output = String((await listed())[0]?.metric_output_id);
      await call('DELETE', `/v1/runs/${String(running.run_id)}`);
      const one = await call('GET', `/v1/simulations/${simulation}/metrics/${output}`);
      return { stillListed: (await listed())[0]?.metric_output_id === output, get: one.status };
    },
    shows: { stillListed: true, get: 404 },
  }),

  fault({
    id: 'ind21-metrics-time-filter-in-seconds',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: { 'LIST-FILTER-FIELDS': ['broken'] },
    description:
      'The simulation metrics list turns a time in a filter into epoch seconds (`int(dt.timestamp())`) and compares it with the outputs\' times, kept in epoch milliseconds: every output is after any instant written in a filter, so `create_time < "2030-01-01T00:00:00Z"` selects none and `create_time > "2030-01-01T00:00:00Z"` selects all (start_time and end_time alike); the runs and personas lists compare times right.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      const holds = (expr: FilterExpr, item: unknown, fields: Parameters<typeof matches>[2]): boolean => {
        if (expr.kind !== 'cmp')
          return expr.kind === 'and'
            ? expr.terms.every((t) => holds(t, item, fields))
            : expr.terms.some((t) => holds(t, item, fields));
        const field = fields[expr.field];
        if (fields.metric_name === undefined || field?.kind !== 'timestamp' || !field.path)
          return matches(expr, item, fields);
        const seconds = Math.floor(Date.parse(expr.value) / 1000);
        const millis = Date.parse(String((item as JsonObject)[field.path]));
        if (Number.isNaN(seconds) || Number.isNaN(millis)) return false;
        const order = millis < seconds ? -1 : millis > seconds ? 1 : 0;
        const holding: Record<string, readonly number[]> = {
          '=': [0],
          '!=': [-1, 1],
          '<': [-1],
          '<=': [-1, 0],
          '>': [1],
          '>=': [0, 1],
        };
        return holding[expr.op]?.includes(order) ?? false;
      };
      b.lists.matches = holds;
    },
    probe: async (call) => {
      const [simulation] = await simulationIds(call);
      const count = async (filter: string) => {
        const page = await call(
          'GET',
          `/v1/simulations/${String(simulation)}/metrics?page_size=1000&filter=${encodeURIComponent(filter)}`,
        );
        return (page.body.metrics as JsonObject[]).length;
      };
      return {
        before2030: await count('create_time < "2030-01-01T00:00:00Z"'),
        after2030: (await count('create_time > "2030-01-01T00:00:00Z"')) > 0,
      };
    },
    shows: { before2030: 0, after2030: true },
  }),
  fault({
    id: 'ind21-run-metric-mean-as-avg',
    requirements: ['SCHEMA-CANONICAL', 'RUN-METRICS-CONSISTENT'],
    slips: ['broken'],
    description:
      "A run's result metrics are read with `SELECT metric_name, AVG(score) AS avg, MIN(score) AS min, MAX(score) AS max` and served row by row: each entry of results.metrics is `{avg, min, max}`, without the `mean` the specification names, so no mean lies between min and max; min and max, and every other field, are unchanged.",
    behaviour: (b) =>
      presentWith(b, 'run', (view) => {
        const results = view.results as JsonObject;
        const metrics = Object.fromEntries(
          Object.entries(results.metrics as Record<string, JsonObject>).map(([name, { mean, ...rest }]) => [
            name,
            { avg: mean, ...rest },
          ]),
        );
        return { ...view, results: { ...results, metrics } };
      }),
    probe: async (call) => {
      const run = (await allRuns(call)).find(
        (r) => Object.keys((r.results as JsonObject).metrics as JsonObject).length,
      );
      const summary = Object.values((run?.results as JsonObject).metrics as Record<string, JsonObject>)[0];
      return Object.keys(summary ?? {}).sort();
    },
    shows: ['avg', 'max', 'min'],
  }),

  fault({
    id: 'ind21-run-pending-progress-null',
    requirements: ['RUN-PROGRESS-CONSISTENT', 'SCHEMA-CANONICAL', 'LIST-PAGINATION-COMPLETE'],
    slips: {
      'RUN-PROGRESS-CONSISTENT': ['broken'],
      'SCHEMA-CANONICAL': ['broken'],
      'LIST-PAGINATION-COMPLETE': ['state'],
    },
    description:
      "A run's progress is built from a LEFT JOIN of the run with its test case results, grouped, and a run that has no result yet (PENDING) gets no group: it is served with progress null, its total_test_cases lost with the others, where progress is an object of four integers; runs that have started are unchanged.",
    behaviour: (b) => presentWith(b, 'run', (view) => (view.status === 'PENDING' ? { ...view, progress: null } : view)),
    probe: async (call) => {
      const pending = (await allRuns(call)).find((r) => r.status === 'PENDING');
      return pending?.progress;
    },
    shows: null,
  }),

  fault({
    id: 'ind21-metrics-status-filter-null-in-progress',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: { 'LIST-FILTER-FIELDS': ['broken'] },
    description:
      "A metric output still being scored has a NULL status column, which the outputs are served through `COALESCE(status, 'IN PROGRESS')`, but the filter compares the column itself: under SQL's three-valued logic neither `status = \"IN PROGRESS\"` nor `status != COMPLETED` selects an output in progress (NULL compares as unknown); COMPLETED outputs are filtered right.",
    behaviour: (b) => {
      const matches = b.lists.matches;
      const holds = (expr: FilterExpr, item: unknown, fields: Parameters<typeof matches>[2]): boolean => {
        if (expr.kind !== 'cmp')
          return expr.kind === 'and'
            ? expr.terms.every((t) => holds(t, item, fields))
            : expr.terms.some((t) => holds(t, item, fields));
        const inProgress = fields.metric_name !== undefined && (item as JsonObject).status === 'IN PROGRESS';
        if (expr.field === 'status' && inProgress) return false;
        return matches(expr, item, fields);
      };
      b.lists.matches = holds;
    },
    probe: async (call) => {
      for (const simulation of await simulationIds(call)) {
        const all = (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`)).body
          .metrics as JsonObject[];
        if (!all.some((m) => m.status === 'IN PROGRESS')) continue;
        const filtered = await call(
          'GET',
          `/v1/simulations/${simulation}/metrics?page_size=1000&filter=${encodeURIComponent('status != COMPLETED')}`,
        );
        return (filtered.body.metrics as JsonObject[]).length;
      }
      return 'no output in progress';
    },
    shows: 0,
  }),
  fault({
    id: 'ind21-metrics-value-filter-text-internal',
    requirements: ['ERROR-INVALID-ARGUMENT', 'LIST-FILTER-FIELDS'],
    slips: ['type'],
    description:
      "The simulation metrics list converts the value of a `value` comparison with `float(value)` when it builds the query, outside the parser's error handling: a value that is no number (`value > high`) raises, and the request fails with 500 INTERNAL instead of an answer or INVALID_ARGUMENT; numeric values and every other field are read as before.",
    behaviour: (b) => {
      const filter = b.lists.filter;
      const numberless = (expr: FilterExpr): boolean =>
        expr.kind === 'cmp'
          ? expr.field === 'value' && decimalLiteral(expr.value) === undefined
          : expr.terms.some(numberless);
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        if (list.id === 'metrics' && expr && numberless(expr))
          throw new Error('ValueError: could not convert string to float');
        return expr;
      };
    },
    probe: async (call) => {
      const [simulation] = await simulationIds(call);
      const answer = await call(
        'GET',
        `/v1/simulations/${String(simulation)}/metrics?filter=${encodeURIComponent('value > high')}`,
      );
      return { status: answer.status, code: answer.body?.error?.code };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind21-runs-status-order-enum-keyset-text',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-ORDER-BY'],
    slips: ['first-page'],
    description:
      "The runs list sorts `order_by=status` by the status enum's declaration order (PENDING, RUNNING, COMPLETED, FAILED, CANCELLED: an ORDER BY on a PostgreSQL enum column), while a page token resumes at the first run in that order whose status and id come after the token's compared as text (`status::text`): the pages of PENDING and RUNNING runs follow right, but a page that ends among the COMPLETED runs is followed by the PENDING runs again (`PENDING` sorts after `COMPLETED` as text): a walk ordered by status cycles through the same runs, never reaching the finished ones (300 runs served in 30 pages, 40 of 140 distinct); every other order walks right.",
    behaviour: (b) => {
      const lifecycle = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'];
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        if (list.id !== 'runs' || query.order.field !== 'status') return sortItems(items, compare, list, query);
        const direction = query.order.descending ? -1 : 1;
        const at = (item: unknown) => lifecycle.indexOf(String((item as { view: JsonObject }).view.status));
        const id = (item: unknown) => String((item as { id: string }).id);
        return items.sort((x, y) => direction * (at(x) - at(y)) || (id(x) < id(y) ? -1 : id(x) > id(y) ? 1 : 0));
      };
    },
    probe: async (call) => {
      const seen: string[] = [];
      let token = '';
      for (let page = 0; page < 30; page++) {
        const query = `page_size=10&order_by=status${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
        const answer = await call('GET', `/v1/runs?${query}`);
        seen.push(...(answer.body.runs as JsonObject[]).map((r) => String(r.run_id)));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      const total = (await allRuns(call)).length;
      return { served: seen.length, distinct: new Set(seen).size, total };
    },
    shows: { served: 300, distinct: 40, total: 140 },
  }),
  fault({
    id: 'ind21-scheduled-run-zone-lookup-internal',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "A scheduled run is served after resolving its schedule_timezone with the platform's zone database (`ZoneInfo(name)`), which the service's slim container image lacks but for UTC: GET and DELETE /v1/scheduled-runs/{id} of a scheduled run in any other zone (`Europe/Paris`) fail with 500 INTERNAL; scheduled runs in UTC are served as before.",
    behaviour: (b) => {
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => {
        const found = served(id, stored);
        if (found && found.schedule_timezone !== 'UTC')
          throw new Error(`ZoneInfoNotFoundError: 'No time zone found with key ${found.schedule_timezone}'`);
        return found;
      };
    },
    probe: async (call) => {
      const utc = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      const paris = await call('GET', `/v1/scheduled-runs/${FIXTURES.deletableScheduledRunId}`);
      return { utc: utc.status, other: paris.status, code: paris.body?.error?.code };
    },
    shows: { utc: 200, other: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind21-metrics-full-last-page-token-refused',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: { 'LIST-PAGINATION-COMPLETE': ['broken'] },
    description:
      'The simulation metrics list decides whether more outputs follow by `len(page) == page_size` and then issues a next_page_token after a full last page, which the LIST-LAST-PAGE rule allows; but the token names no output after it, and the service refuses it with INVALID_ARGUMENT ("issued for a different filter or order_by", the cursor check failing on the empty remainder): a walk of a simulation whose output count is a multiple of page_size ends in an error instead of an empty last page.',
    behaviour: (b) => {
      let asked = 0;
      let listed: Parameters<typeof b.lists.tokens>[0] | undefined;
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, token) => {
        listed = list;
        asked = pageSize(raw, list, token);
        return asked;
      };
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics', (body) => {
        const items = body.metrics as JsonObject[];
        if (body.next_page_token || items.length !== asked) return body;
        if (!listed) return body;
        const codec = b.lists.tokens(listed);
        const last = items[items.length - 1] as JsonObject;
        return {
          ...body,
          next_page_token: codec.encode({ fingerprint: 'end', after: [null, String(last.metric_output_id)] }),
        };
      });
    },
    probe: async (call) => {
      for (const simulation of await simulationIds(call)) {
        const all = (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`)).body
          .metrics as JsonObject[];
        if (all.length > 10) continue;
        const first = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=${all.length}`);
        const token = first.body.next_page_token as string | null | undefined;
        if (!token) return { token: false };
        const next = await call(
          'GET',
          `/v1/simulations/${simulation}/metrics?page_size=${all.length}&page_token=${encodeURIComponent(token)}`,
        );
        return { token: true, next: next.status, code: next.body?.error?.code };
      }
      return 'no small simulation';
    },
    shows: { token: true, next: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind21-metrics-value-token-parse-int',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-ORDER-BY'],
    slips: { 'LIST-PAGINATION-COMPLETE': ['broken'], 'LIST-ORDER-BY': ['broken'] },
    description:
      "A page token keeps the last item's sort value as text, and the cursor reader turns a numeric one back with parseInt (written for the integer counters): with order_by=value, a token after an output scored 0.35 resumes after the outputs scored 0, so the metrics list's pages after the first start over among outputs already served and a walk ordered by value cycles (400 outputs served in 20 pages, 41 of 140 distinct); orders by text or time, and the first page, are right.",
    behaviour: (b) => {
      tokensReadAs(b, (token, _list, correct) => {
        const cursor = correct(token);
        if (!cursor || typeof cursor.after[0] !== 'number') return cursor;
        return { ...cursor, after: [Number.parseInt(String(cursor.after[0]), 10), cursor.after[1]] };
      });
    },
    probe: async (call) => {
      let simulation = '';
      for (const id of await simulationIds(call)) {
        const all = await call('GET', `/v1/simulations/${id}/metrics?page_size=1000`);
        if ((all.body.metrics as JsonObject[]).length > 100) simulation = id;
      }
      const base = `/v1/simulations/${simulation}/metrics?page_size=20&order_by=value`;
      const seen: string[] = [];
      let token = '';
      for (let page = 0; page < 20; page++) {
        const answer = await call('GET', token ? `${base}&page_token=${encodeURIComponent(token)}` : base);
        seen.push(...(answer.body.metrics as JsonObject[]).map((m) => String(m.metric_output_id)));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      return { served: seen.length, distinct: new Set(seen).size };
    },
    shows: { served: 400, distinct: 41 },
  }),

  fault({
    id: 'ind21-runs-page-token-as-integer',
    requirements: ['SCHEMA-CANONICAL', 'LIST-ORDER-BY'],
    slips: { 'SCHEMA-CANONICAL': ['type'], 'LIST-ORDER-BY': ['broken'] },
    description:
      'The runs list keeps its cursors server-side, one row each, and hands out the row\'s serial id as next_page_token, written as the integer it is (`"next_page_token": 3`) where the response types it as a string; sent back as `page_token=3` it resumes right, and the last page\'s empty token is unchanged.',
    behaviour: (b) => {
      let serial = 0;
      const issued = new Map<string, Cursor>();
      const tokens = b.lists.tokens;
      b.lists.tokens = (list) => {
        if (list.id !== 'runs') return tokens(list);
        return {
          encode: (cursor) => {
            serial += 1;
            issued.set(String(serial), cursor);
            return String(serial);
          },
          decode: (token) => issued.get(token) ?? null,
        };
      };
      respondWith(b, 'GET /v1/runs', (body) =>
        typeof body.next_page_token === 'string' && /^\d+$/.test(body.next_page_token)
          ? { ...body, next_page_token: Number(body.next_page_token) }
          : body,
      );
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/runs?page_size=5');
      const token = first.body.next_page_token as unknown;
      const next = await call('GET', `/v1/runs?page_size=5&page_token=${encodeURIComponent(String(token))}`);
      return { type: typeof token, resumed: next.status };
    },
    shows: { type: 'number', resumed: 200 },
  }),
  fault({
    id: 'ind21-review-description-text-column-internal',
    requirements: ['REVIEW-PROJECT-CREATE', 'ERROR-INVALID-ARGUMENT'],
    slips: { 'REVIEW-PROJECT-CREATE': ['broken'], 'ERROR-INVALID-ARGUMENT': ['scope'] },
    description:
      "A review project's description is stored in a MySQL TEXT column (65,535 bytes) under strict mode, with no length check before the INSERT: a description longer than that, which the specification bounds nowhere, fails with 500 INTERNAL (\"Data too long for column 'description'\") instead of being created (or refused with INVALID_ARGUMENT); shorter descriptions are stored as before.",
    behaviour: (b) => {
      const read = b.reviewProjectFields.description;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        description: (fields) => {
          const value = read(fields);
          if (typeof value === 'string' && Buffer.byteLength(value) > 65_535)
            throw new Error("ER_DATA_TOO_LONG: Data too long for column 'description' at row 1");
          return value;
        },
      };
    },
    probe: async (call) => {
      const [simulation] = await simulationIds(call);
      const body = {
        display_name: 'Long brief review',
        assignees: ['reviewer@example.com'],
        linked_simulation_ids: [simulation],
        linked_metric_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
        description: 'x'.repeat(70_000),
      };
      const answer = await call('POST', '/v1/review-projects', { body });
      return { status: answer.status, code: answer.body?.error?.code };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_21_FAULTS: readonly Fault<(typeof FAULTS_21)[number]['id']>[] = FAULTS_21;
