// Independent faults, round 25: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area: runs, scheduled runs, metrics and simulations, personas and phone numbers, authentication, the published
// documents, and the list grammar. 22 written (the writer stopped there: ideas past them repeated the catalog, a
// not-fault or a reading the specification leaves open). Dropped by the writer: a metrics list of a simulation that
// does not exist answered as an empty list (the specification names no NOT_FOUND); a personas list answering 304 by
// an ETag of its URL after a deletion (persona-revalidated-after-delete on the list); AND binding no tighter than OR (no
// precedence is stated); tabs refused as blanks in a filter; a forged page token answered UNAUTHENTICATED, a wrong key
// answered with an empty list, a relative listing URL, YAML answers on JSON endpoints, a key needed for the JSON form
// only, a cancelled run listed FAILED without its error (each a sibling of a catalog fault); last_run_id nulled when
// its run is deleted (the two fields are not said to go together); an empty `order_by=` refused; DELETE of
// /v1/personas/phone-numbers answered as its GET (a persona id or a method the path does not serve: either reading).
//
// Review (coordinator): 22 written, none dropped. Kept on the writer's doubts: a filter time with an offset read
// as if it were UTC (refusing it is fine, misreading it is not), a page retried with its token served the page
// after (a GET is safe; refusing a used token stays allowed), a run's deletion taking simulations other runs still
// name. Against the suite at cbe3cfe, as written: 16 of 22 detected, 6 missed (27 %).

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ApiError, invalidArgument, notFound } from '../../lib/reference/http/errors.js';
import type { Comparison, FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { PageTokenCodec } from '../../lib/reference/listing/page-token.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { RunRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, localTime, onRunCancelled, presentWith, respondWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** The URL of the request being served, as a URL. */
const urlOf = (url: string | undefined): URL => new URL(String(url), 'http://reference.invalid');

/** Every run, in the default order. */
async function allRuns(call: Call): Promise<JsonObject[]> {
  const list = await call('GET', '/v1/runs?page_size=1000');
  return list.body.runs as JsonObject[];
}

/** The simulation ids the runs name, the big one (most outputs) first. */
async function simulationIds(call: Call): Promise<string[]> {
  const ids = [...new Set((await allRuns(call)).flatMap((r) => (r.results as JsonObject).output_ids as string[]))];
  const sized = await Promise.all(
    ids.map(async (id) => {
      const page = await call('GET', `/v1/simulations/${id}/metrics?page_size=1000`);
      return { id, count: (page.body.metrics as unknown[]).length };
    }),
  );
  return sized.sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1)).map((s) => s.id);
}

/** The query with every comparison replaced by `change`'s answer. */
function mapComparisons(expr: FilterExpr, change: (cmp: Comparison) => Comparison): FilterExpr {
  return expr.kind === 'cmp' ? change(expr) : { ...expr, terms: expr.terms.map((t) => mapComparisons(t, change)) };
}

/** The store the service serves from, caught as a request is routed. */
function storeOf(b: Parameters<Fault['behaviour']>[0]): () => Store | undefined {
  let store: Store | undefined;
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, s) => {
    store = s;
    return named(endpoint, params, s);
  };
  return () => store;
}

const encode = encodeURIComponent;

const FAULTS_25 = [
  fault({
    id: 'ind25-filter-time-offset-ignored',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['unit'],
    description:
      'A time in a filter is read by a pattern for `YYYY-MM-DDTHH:MM:SS[.fff]` followed by any zone designator, which is then dropped and the time taken as UTC: `create_time >= "2026-01-05T12:00:00.000+02:00"`, the instant 10:00Z, is read as 12:00Z and leaves out the runs created in the two hours between. A time written with `Z` is read right.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        if (!expr) return expr;
        return mapComparisons(expr, (cmp) => {
          const zoned = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?)[+-]\d\d:\d\d$/.exec(cmp.value);
          return list.filterFields[cmp.field]?.kind === 'timestamp' && zoned ? { ...cmp, value: `${zoned[1]}Z` } : cmp;
        });
      };
    },
    probe: async (call) => {
      const runs = await allRuns(call);
      const pivot = Date.parse(String(runs[70]?.create_time));
      const count = async (value: string) => {
        const page = await call('GET', `/v1/runs?page_size=1000&filter=${encode(`create_time >= "${value}"`)}`);
        return (page.body.runs as unknown[]).length;
      };
      return { utc: await count(new Date(pivot).toISOString()), offset: await count(localTime(pivot)) };
    },
    shows: { utc: 71, offset: 68 },
  }),

  fault({
    id: 'ind25-filter-time-equality-first-match',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'A filter that is one `=` comparison on a time field is served by a lookup on the time column\'s index that returns the first row it finds (as for an id): `create_time = "<t>"` lists one persona where two were created at that instant. Ranges and other fields list every match.',
    behaviour: (b) => {
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        const sorted = sortItems(items, compare, list, query);
        const f = query.filter;
        return f?.kind === 'cmp' && f.op === '=' && list.filterFields[f.field]?.kind === 'timestamp'
          ? sorted.slice(0, 1)
          : sorted;
      };
    },
    probe: async (call) => {
      const list = await call('GET', '/v1/personas?page_size=100&order_by=create_time');
      const personas = list.body.personas as JsonObject[];
      const tie = personas.find((p, i) => i > 0 && p.create_time === personas[i - 1]?.create_time);
      if (!tie) return 'no two personas created at one instant';
      const page = await call('GET', `/v1/personas?filter=${encode(`create_time = "${String(tie.create_time)}"`)}`);
      return (page.body.personas as unknown[]).length;
    },
    shows: 1,
  }),

  fault({
    id: 'ind25-metrics-filtered-page-cached-across-simulations',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      "Filtered metrics pages are cached by their query string (filter, order_by, page_size, page_token), the simulation left out of the key: once one simulation was listed with `filter=status = COMPLETED`, the same query under another simulation answers the first simulation's outputs. Unfiltered lists are not cached.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const cache = new Map<string, JsonObject>();
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics', (body) => {
        const url = urlOf(request()?.url);
        if (!url.searchParams.has('filter')) return body;
        const cached = cache.get(url.search);
        if (cached) return cached;
        cache.set(url.search, body);
        return body;
      });
    },
    probe: async (call) => {
      const [big, small] = await simulationIds(call);
      const query = `?page_size=1000&filter=${encode('status = COMPLETED')}`;
      const ids = async (simulation: string | undefined) => {
        const page = await call('GET', `/v1/simulations/${String(simulation)}/metrics${query}`);
        return (page.body.metrics as JsonObject[]).map((m) => m.metric_output_id);
      };
      const first = await ids(big);
      const second = await ids(small);
      return { sameOutputs: JSON.stringify(first) === JSON.stringify(second), listed: second.length };
    },
    shows: { sameOutputs: true, listed: 123 },
  }),

  fault({
    id: 'ind25-scheduled-run-enabled-delete-refused',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['state'],
    description:
      'DELETE /v1/scheduled-runs/{id} refuses a scheduled run that is enabled with FAILED_PRECONDITION (HTTP 400, "disable the scheduled run before deleting it"), as the scheduler it wraps refuses to drop an active rule; a disabled one is deleted. The specification says the DELETE deletes the scheduled run and removes its schedule, whatever its state.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (
          endpoint.key === 'DELETE /v1/scheduled-runs/{scheduled_run_id}' &&
          store.scheduledRuns.get(params.scheduled_run_id ?? '')?.enabled === true
        )
          throw new ApiError('FAILED_PRECONDITION', 'Disable the scheduled run before deleting it', [
            { field: 'scheduled_run_id', description: 'the scheduled run is enabled', location: 'path' },
          ]);
        return named(endpoint, params, store);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'FAILED_PRECONDITION' ? 400 : status(code, endpoint));
    },
    probe: async (call) => {
      const path = `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`;
      const before = await call('GET', path);
      const deleted = await call('DELETE', path);
      const after = await call('GET', path);
      return {
        enabled: before.body.scheduled_run.enabled,
        status: deleted.status,
        code: deleted.body?.error?.code ?? null,
        after: after.status,
      };
    },
    shows: { enabled: true, status: 400, code: 'FAILED_PRECONDITION', after: 200 },
  }),

  fault({
    id: 'ind25-runs-order-by-persona-id-sorts-by-name',
    requirements: ['LIST-ORDER-BY'],
    slips: ['broken'],
    description:
      "The runs list joins each run's persona to show its name in the console, and `order_by=persona_id` is mapped to the joined column the console sorts by, the persona's name: runs come grouped by persona in the order of the personas' names, not of their IDs. The other order fields sort by their own values.",
    behaviour: (b) => {
      const store = storeOf(b);
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        const sorted = sortItems(items, compare, list, query);
        if (list.id !== 'runs' || query.order.field !== 'persona_id') return sorted;
        const nameOf = (item: unknown) => {
          const id = String(((item as { view: JsonObject }).view ?? {}).persona_id);
          return store()?.personas.get(id)?.name ?? id;
        };
        const direction = query.order.descending ? -1 : 1;
        return [...sorted].sort((a, c) => direction * nameOf(a).localeCompare(nameOf(c)) || compare(a, c));
      };
    },
    probe: async (call) => {
      const list = await call('GET', '/v1/runs?page_size=1000&order_by=persona_id');
      const ids = (list.body.runs as JsonObject[]).map((r) => String(r.persona_id));
      return { sorted: ids.every((id, i) => i === 0 || ids[i - 1]! <= id) };
    },
    shows: { sorted: false },
  }),

  fault({
    id: 'ind25-personas-deleted-listed-after-token',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description:
      "The personas list builds the query of a page after a token from the token's cursor (`WHERE (create_time, id) > (?, ?)`), a statement written apart from the first page's, which lacks the soft-delete condition: a deleted persona is left out of the first page but listed again on the page after a token where it falls.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) =>
        !(endpoint.key === 'GET /v1/personas' && urlOf(request()?.url).searchParams.has('page_token')) &&
        hides(endpoint);
    },
    probe: async (call) => {
      const deleted = await call('DELETE', `/v1/personas/${FIXTURES.deletablePersonaId}`);
      const listed: string[] = [];
      let token = '';
      for (let page = 0; page < 5; page++) {
        const answer = await call('GET', `/v1/personas?page_size=100${token ? `&page_token=${encode(token)}` : ''}`);
        listed.push(...(answer.body.personas as JsonObject[]).map((p) => String(p.id)));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      return { deleted: deleted.status, listed: listed.includes(FIXTURES.deletablePersonaId) };
    },
    shows: { deleted: 200, listed: true },
  }),
  fault({
    id: 'ind25-run-cancel-answered-not-found',
    requirements: ['RUN-DELETE', 'RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE /v1/runs/{run_id} of a run in progress cancels it, then builds its answer by reading the run back through the view of active runs (PENDING and RUNNING), where a cancelled run no longer is: the cancellation is carried out but answered 404 NOT_FOUND. Deleting a finished run answers `{}`.',
    behaviour: (b) => {
      let cancelledNow = false;
      onRunCancelled(b, () => {
        cancelledNow = true;
      });
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        cancelledNow = false;
        const answered = answer(kind, deleted);
        if (cancelledNow) throw notFound('run', 'run_id');
        return answered;
      };
    },
    probe: async (call) => {
      const deleted = await call('DELETE', `/v1/runs/${FIXTURES.cancellableRunId}`);
      const listed = (await allRuns(call)).find((r) => r.run_id === FIXTURES.cancellableRunId);
      return { status: deleted.status, code: deleted.body?.error?.code ?? null, listed: listed?.status ?? null };
    },
    shows: { status: 404, code: 'NOT_FOUND', listed: 'CANCELLED' },
  }),

  fault({
    id: 'ind25-run-cancel-summary-over-no-outputs',
    requirements: ['RUN-METRICS-CONSISTENT', 'SCHEMA-CANONICAL'],
    slips: { 'RUN-METRICS-CONSISTENT': ['state'], 'SCHEMA-CANONICAL': ['type'] },
    description:
      "Cancelling a run in progress recomputes its results.metrics from the outputs finished since the cancel, which are none: each summary becomes the mean of nothing (0/0, NaN) and the min and max of nothing (Infinity, -Infinity), all written as JSON null, so a cancelled run's metrics read `{mean: null, min: null, max: null}` where they had numbers with min ≤ mean ≤ max.",
    behaviour: (b) => {
      const cancelled = new Set<string>();
      onRunCancelled(b, (before) => cancelled.add(before.run_id));
      presentWith(b, 'run', (view, record) => {
        if (!cancelled.has((record as RunRecord).run_id)) return view;
        const results = view.results as JsonObject;
        const metrics = results.metrics as Record<string, JsonObject>;
        const empty = Object.fromEntries(
          Object.keys(metrics).map((name) => [name, { mean: null, min: null, max: null }]),
        );
        return { ...view, results: { ...results, metrics: empty } };
      });
    },
    probe: async (call) => {
      const running = (await allRuns(call)).find(
        (r) => r.status === 'RUNNING' && Object.keys((r.results as JsonObject).metrics as JsonObject).length > 0,
      );
      if (!running) return 'no run in progress with metrics';
      await call('DELETE', `/v1/runs/${String(running.run_id)}`);
      const after = (await allRuns(call)).find((r) => r.run_id === running.run_id);
      const metrics = ((after?.results as JsonObject | undefined)?.metrics ?? {}) as Record<string, unknown>;
      return { status: after?.status ?? null, summary: metrics['Empathy'] ?? null };
    },
    shows: { status: 'CANCELLED', summary: { mean: null, min: null, max: null } },
  }),

  fault({
    id: 'ind25-personas-name-pages-resume-by-code-point',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-ORDER-BY'],
    slips: ['order'],
    description:
      "The personas list sorts `order_by=name` with the locale's collation (the database column's, `alice smith` beside `Alice Smith`), but a page token resumes at the first persona of that order whose name comes after the cursor's by code point (the application's `name > cursor`): lower-case names sort early by the collation and late by code point, so the page after the first starts again near the top and a walk by name comes back to the same personas without end (60 pages of 7 list 7 personas of 135). Other orders walk right.",
    behaviour: (b) => {
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        const sorted = sortItems(items, compare, list, query);
        if (list.id !== 'personas' || query.order.field !== 'name') return sorted;
        const nameOf = (item: unknown) => String(((item as { view: JsonObject }).view ?? {}).name);
        const direction = query.order.descending ? -1 : 1;
        return [...sorted].sort((a, c) => direction * nameOf(a).localeCompare(nameOf(c), 'en') || compare(a, c));
      };
    },
    probe: async (call) => {
      const ids: string[] = [];
      let token = '';
      for (let page = 0; page < 60; page++) {
        const answer = await call(
          'GET',
          `/v1/personas?page_size=7&order_by=name${token ? `&page_token=${encode(token)}` : ''}`,
        );
        ids.push(...(answer.body.personas as JsonObject[]).map((p) => String(p.id)));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      return { walked: ids.length, distinct: new Set(ids).size };
    },
    shows: { walked: 420, distinct: 7 },
  }),

  fault({
    id: 'ind25-filter-fields-checked-against-order-fields',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      "A filter's fields are checked against the list's order_by fields (one table of \"queryable columns\" read for both): the fields that can filter but not order are refused with INVALID_ARGUMENT, among them the metrics list's status (the specification's own example, `status = \"IN PROGRESS\"`) and metric_id, and the runs list's tag and created_by.",
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        const fields = (e: FilterExpr): string[] => (e.kind === 'cmp' ? [e.field] : e.terms.flatMap(fields));
        const unknown = expr && fields(expr).find((field) => !Object.hasOwn(list.orderFields, field));
        if (unknown) throw invalidArgument('filter', `"${unknown}" is not a field of this list`, 'query');
        return expr;
      };
    },
    probe: async (call) => {
      const [big] = await simulationIds(call);
      const page = await call(
        'GET',
        `/v1/simulations/${String(big)}/metrics?filter=${encode('status = "IN PROGRESS"')}`,
      );
      return { status: page.status, code: page.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind25-scheduled-run-index-stale-after-delete',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['state'],
    description:
      'Scheduled runs are kept in an array and found through an id-to-position index built at the first lookup; DELETE splices the array but does not rebuild the index: once the first scheduled run is deleted, the one after it is answered NOT_FOUND (its position now past the end), though it was never deleted.',
    behaviour: (b) => {
      const store = storeOf(b);
      let positions: Map<string, number> | undefined;
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => {
        const runs = store()?.scheduledRuns;
        if (!runs) return served(id, stored);
        positions ??= new Map([...runs.keys()].map((key, i) => [key, i]));
        const at = positions.get(id);
        return served(id, at === undefined ? undefined : [...runs.values()][at]);
      };
    },
    probe: async (call) => {
      const before = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      await call('DELETE', `/v1/scheduled-runs/${FIXTURES.deletableScheduledRunId}`);
      const after = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      return { before: before.status, after: after.status, code: after.body?.error?.code ?? null };
    },
    shows: { before: 200, after: 404, code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind25-page-token-replay-advances',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      'A page token names a server-side cursor that each page served from it moves on (a database cursor kept per token): a GET repeated with the same page_token, as a client retries a page whose answer it lost, is served the page after the one the token first gave, so the retrying walk misses a page. A GET, which is safe, changes what the next identical GET answers.',
    behaviour: (b) => {
      const codecs = new Map<string, PageTokenCodec>();
      let carried: string | null = null;
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken, orderBy) => {
        carried = pageToken;
        return pageSize(raw, list, pageToken, orderBy);
      };
      const tokens = b.lists.tokens;
      b.lists.tokens = (list) => {
        const known = codecs.get(list.id);
        if (known) return known;
        const codec = tokens(list);
        const used = new Set<string>();
        const next = new Map<string, string>();
        const moved: PageTokenCodec = {
          encode: (cursor) => {
            const token = codec.encode(cursor);
            if (carried) next.set(carried, token);
            return token;
          },
          decode: (token) => {
            const replayed = used.has(token) ? next.get(token) : undefined;
            used.add(token);
            return codec.decode(replayed ?? token);
          },
        };
        codecs.set(list.id, moved);
        return moved;
      };
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/personas?page_size=10');
      const token = encode(String(first.body.next_page_token));
      const ids = async () => {
        const page = await call('GET', `/v1/personas?page_size=10&page_token=${token}`);
        return (page.body.personas as JsonObject[]).map((p) => String(p.id));
      };
      const once = await ids();
      const again = await ids();
      return {
        samePage: JSON.stringify(once) === JSON.stringify(again),
        overlap: again.filter((id) => once.includes(id)).length,
      };
    },
    shows: { samePage: false, overlap: 0 },
  }),

  fault({
    id: 'ind25-run-delete-cascades-to-shared-simulations',
    requirements: ['METRIC-SIMULATION-ID-ACCEPTED', 'RUN-DELETE-BY-STATUS'],
    slips: { 'METRIC-SIMULATION-ID-ACCEPTED': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      'Deleting a finished run deletes its simulations with it (a cascade from the run to the simulations its output_ids name), though simulations are shared between runs: afterwards the metrics list of such a simulation answers NOT_FOUND while other listed runs still name it in results.output_ids.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const run = endpoint.key === 'DELETE /v1/runs/{run_id}' ? store.runs.get(params.run_id ?? '') : undefined;
        if (run && b.runDeletion.outcome(run.status) === 'delete')
          for (const simulation of run.results.output_ids) store.simulations.delete(simulation);
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const runs = await allRuns(call);
      const deleted = runs.find((r) => r.run_id === FIXTURES.deletableRunId);
      const simulation = String(
        ((deleted?.results as JsonObject | undefined)?.output_ids as string[] | undefined)?.[0],
      );
      await call('DELETE', `/v1/runs/${FIXTURES.deletableRunId}`);
      const stillNamed = (await allRuns(call)).some((r) =>
        ((r.results as JsonObject).output_ids as string[]).includes(simulation),
      );
      const page = await call('GET', `/v1/simulations/${simulation}/metrics`);
      return { stillNamed, status: page.status, code: page.body?.error?.code ?? null };
    },
    shows: { stillNamed: true, status: 404, code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind25-personas-cursor-holds-create-time',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-ORDER-BY'],
    slips: ['scope'],
    description:
      "The personas list writes into each page token the last persona's create_time and id, the cursor of the default order, whatever order_by the page was cut in: a walk by `order_by=update_time` resumes after the first persona whose update_time follows that create_time, so the page after it starts again among personas already listed and a walk by update_time never ends (60 pages of 7 list 35 personas of 135). Walks in the default order and by create_time are complete.",
    behaviour: (b) => {
      const store = storeOf(b);
      const codecs = new Map<string, PageTokenCodec>();
      const tokens = b.lists.tokens;
      b.lists.tokens = (list) => {
        const codec = tokens(list);
        if (list.id !== 'personas') return codec;
        const known = codecs.get(list.id);
        if (known) return known;
        const created: PageTokenCodec = {
          encode: (cursor) => {
            const persona = store()?.personas.get(cursor.after[1]);
            return codec.encode(
              persona ? { ...cursor, after: [b.formatTime(persona.create_time), cursor.after[1]] } : cursor,
            );
          },
          decode: (token) => codec.decode(token),
        };
        codecs.set(list.id, created);
        return created;
      };
    },
    probe: async (call) => {
      const ids: string[] = [];
      let token = '';
      for (let page = 0; page < 60; page++) {
        const answer = await call(
          'GET',
          `/v1/personas?page_size=7&order_by=update_time${token ? `&page_token=${encode(token)}` : ''}`,
        );
        ids.push(...(answer.body.personas as JsonObject[]).map((p) => String(p.id)));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      return { walked: ids.length, distinct: new Set(ids).size };
    },
    shows: { walked: 420, distinct: 35 },
  }),
  fault({
    id: 'ind25-metrics-name-order-boolean-comparator',
    requirements: ['LIST-ORDER-DEFAULT', 'LIST-ORDER-BY'],
    slips: ['order'],
    description:
      "The metrics list sorts by metric_name with `outputs.sort((a, b) => a.metric_name > b.metric_name)`, a comparator that answers a boolean (1 or 0, never negative): the engine's merge sort reads the whole list as one ascending run and leaves it as it was, so the default order, and `order_by=metric_name`, serve the outputs in the order they were created. Orders by the other fields sort.",
    behaviour: (b) => {
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        if (list.id !== 'metrics' || query.order.field !== 'metric_name') return sortItems(items, compare, list, query);
        const nameOf = (item: unknown) => String(((item as { view: JsonObject }).view ?? {}).metric_name);
        return items.sort((a, c) => Number(query.order.descending ? nameOf(a) < nameOf(c) : nameOf(a) > nameOf(c)));
      };
    },
    probe: async (call) => {
      const [big] = await simulationIds(call);
      const page = await call('GET', `/v1/simulations/${String(big)}/metrics?page_size=1000`);
      const names = (page.body.metrics as JsonObject[]).map((m) => String(m.metric_name));
      return { sorted: names.every((name, i) => i === 0 || names[i - 1]! <= name) };
    },
    shows: { sorted: false },
  }),

  fault({
    id: 'ind25-filter-time-equality-by-date-identity',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'Times in a filter are compared as Date objects: `<`, `<=`, `>` and `>=` compare their values, but `=` and `!=` compare the objects themselves, which are never the same object: `start_time = "<t>"` lists no output even where outputs started at t, and `start_time != "<t>"` lists them all.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        const holds = (e: FilterExpr): boolean => {
          if (e.kind !== 'cmp') return e.kind === 'and' ? e.terms.every(holds) : e.terms.some(holds);
          const kind = Object.hasOwn(fields, e.field) ? fields[e.field]?.kind : undefined;
          if (kind === 'timestamp' && (e.op === '=' || e.op === '!=')) return e.op === '!=';
          return matches(e, item, fields);
        };
        return holds(expr);
      };
    },
    probe: async (call) => {
      const [big] = await simulationIds(call);
      const all = await call('GET', `/v1/simulations/${String(big)}/metrics?page_size=1000`);
      const start = String((all.body.metrics as JsonObject[])[0]?.start_time);
      const count = async (filter: string) => {
        const page = await call(
          'GET',
          `/v1/simulations/${String(big)}/metrics?page_size=1000&filter=${encode(filter)}`,
        );
        return (page.body.metrics as unknown[]).length;
      };
      return {
        equal: await count(`start_time = "${start}"`),
        between: await count(`start_time >= "${start}" AND start_time <= "${start}"`),
      };
    },
    shows: { equal: 0, between: 1 },
  }),

  fault({
    id: 'ind25-runs-tag-filter-misses-first-tag',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['bound'],
    description:
      '`tag = x` holds for a run when `run.tags.indexOf(x) > 0` (a presence test written against 0, not -1): a run whose first tag is x is not listed by `tag = x` and is listed by `tag != x`; runs that carry x in a later place are filtered right.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        const holds = (e: FilterExpr): boolean => {
          if (e.kind !== 'cmp') return e.kind === 'and' ? e.terms.every(holds) : e.terms.some(holds);
          const field = Object.hasOwn(fields, e.field) ? fields[e.field] : undefined;
          if (field?.kind !== 'tags' || field.path === null || (e.op !== '=' && e.op !== '!='))
            return matches(e, item, fields);
          const tags = (item as JsonObject)[field.path];
          const present = Array.isArray(tags) && tags.indexOf(e.value) > 0;
          return e.op === '=' ? present : !present;
        };
        return holds(expr);
      };
    },
    probe: async (call) => {
      const runs = await allRuns(call);
      const carrying = runs.filter((r) => (r.tags as string[]).includes('nightly'));
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${encode('tag = nightly')}`);
      return { carrying: carrying.length, listed: (page.body.runs as unknown[]).length };
    },
    shows: { carrying: 49, listed: 0 },
  }),

  fault({
    id: 'ind25-page-slice-end-as-length',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['first-page'],
    description:
      'Pages are cut with `items.slice(start, pageSize)`, the end written as a length: the first page (start 0) is right, and every page after a token, whose start is at least page_size, is empty and ends the list, so a walk of any list stops after its first page.',
    behaviour: (b) => {
      let size = 0;
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken, orderBy) => {
        size = pageSize(raw, list, pageToken, orderBy);
        return size;
      };
      const resumeAt = b.lists.resumeAt;
      b.lists.resumeAt = (firstAfter, list) => {
        const start = resumeAt(firstAfter, list);
        return start >= size ? Number.MAX_SAFE_INTEGER : start;
      };
    },
    probe: async (call) => {
      const ids: string[] = [];
      let token = '';
      let pages = 0;
      for (; pages < 40;) {
        const answer = await call('GET', `/v1/runs?page_size=7${token ? `&page_token=${encode(token)}` : ''}`);
        pages += 1;
        ids.push(...(answer.body.runs as JsonObject[]).map((r) => String(r.run_id)));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      return { walked: ids.length, pages };
    },
    shows: { walked: 7, pages: 2 },
  }),
  fault({
    id: 'ind25-order-reversed-in-place-in-cache',
    requirements: ['LIST-ORDER-BY'],
    slips: ['state'],
    description:
      'The personas and runs lists keep one sorted array per order field and serve the other direction with `sorted.reverse()`, which reverses the kept array in place: once a list was asked for by a field in one direction and then in the other, a later request in the first direction is served in the second (`order_by=create_time` answers newest first).',
    behaviour: (b) => {
      const kept = new Map<string, { items: unknown[]; descending: boolean }>();
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        if (list.id !== 'personas' && list.id !== 'runs') return sortItems(items, compare, list, query);
        const key = JSON.stringify([list.id, query.filter, query.order.field, query.ties]);
        const cached = kept.get(key);
        if (!cached) {
          const sorted = sortItems(items, compare, list, query);
          kept.set(key, { items: sorted, descending: query.order.descending });
          return sorted;
        }
        if (cached.descending !== query.order.descending) {
          cached.items.reverse();
          cached.descending = query.order.descending;
        }
        return cached.items as typeof items;
      };
    },
    probe: async (call) => {
      const ascending = async () => {
        const page = await call('GET', '/v1/personas?page_size=100&order_by=create_time');
        const times = (page.body.personas as JsonObject[]).map((p) => Date.parse(String(p.create_time)));
        return times.every((time, i) => i === 0 || times[i - 1]! <= time);
      };
      const first = await ascending();
      await call('GET', '/v1/personas?page_size=100&order_by=-create_time');
      return { first, again: await ascending() };
    },
    shows: { first: true, again: false },
  }),

  fault({
    id: 'ind25-filter-text-lowercased-one-side',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'Text equality in a filter lower-cases the stored value (meant to make it case-insensitive) but not the value compared with it: `name = "Alice Smith"` lists no persona, though one is named so, while `name = "alice smith"` lists the three personas whose names differ from it only by case; `!=` is inverted alike.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        const holds = (e: FilterExpr): boolean => {
          if (e.kind !== 'cmp') return e.kind === 'and' ? e.terms.every(holds) : e.terms.some(holds);
          const field = Object.hasOwn(fields, e.field) ? fields[e.field] : undefined;
          if (field?.kind !== 'string' || field.path === null || (e.op !== '=' && e.op !== '!='))
            return matches(e, item, fields);
          const stored = (item as JsonObject)[field.path];
          if (typeof stored !== 'string') return false;
          return (stored.toLowerCase() === e.value) === (e.op === '=');
        };
        return holds(expr);
      };
    },
    probe: async (call) => {
      const count = async (name: string) => {
        const page = await call('GET', `/v1/personas?page_size=100&filter=${encode(`name = "${name}"`)}`);
        return (page.body.personas as unknown[]).length;
      };
      return { exact: await count('Alice Smith'), lower: await count('alice smith') };
    },
    shows: { exact: 0, lower: 3 },
  }),

  fault({
    id: 'ind25-filter-time-month-one-late',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['unit'],
    description:
      'A time in a filter is parsed by splitting it into its numbers and passing them to `Date.UTC(year, month, day, ...)` without taking one from the month (which Date.UTC counts from 0): every time compared is read a month late, so `create_time >= "<the oldest run\'s create_time>"` lists no run and `create_time < "<it>"` lists all 140.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        if (!expr) return expr;
        return mapComparisons(expr, (cmp) => {
          const parts = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,3})\d*)?Z$/.exec(cmp.value);
          if (list.filterFields[cmp.field]?.kind !== 'timestamp' || !parts) return cmp;
          const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as number[];
          const ms = Number((parts[7] ?? '0').padEnd(3, '0'));
          const late = Date.UTC(year!, month!, day!, hour!, minute!, second!, ms);
          return { ...cmp, value: new Date(late).toISOString() };
        });
      };
    },
    probe: async (call) => {
      const runs = await allRuns(call);
      const oldest = String(runs[runs.length - 1]?.create_time);
      const count = async (filter: string) => {
        const page = await call('GET', `/v1/runs?page_size=1000&filter=${encode(filter)}`);
        return (page.body.runs as unknown[]).length;
      };
      return { from: await count(`create_time >= "${oldest}"`), before: await count(`create_time < "${oldest}"`) };
    },
    shows: { from: 0, before: 140 },
  }),

  fault({
    id: 'ind25-phone-index-map-parse-int',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['type'],
    description:
      "The phone number mapping keeps each index as text and converts a list's indexes with `indexes.map(parseInt)`, which passes each element's position as parseInt's radix: the first index reads 0, the next ones NaN, written as JSON null, so every phone number after the first of each list has `index: null`, not an integer.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/personas/phone-numbers', (body) => {
        const mapping = body.phone_numbers as Record<string, { index: number; phone_number: string }[]>;
        const parsed = (numbers: { index: number; phone_number: string }[]) => {
          const indexes = numbers.map((n) => String(n.index)).map(parseInt);
          return numbers.map((n, i) => ({
            index: Number.isNaN(indexes[i]) ? null : indexes[i],
            phone_number: n.phone_number,
          }));
        };
        return {
          ...body,
          phone_numbers: Object.fromEntries(
            Object.entries(mapping).map(([direction, numbers]) => [direction, parsed(numbers)]),
          ),
        };
      }),
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas/phone-numbers');
      const mapping = answer.body.phone_numbers as Record<string, JsonObject[]>;
      return { inbound: mapping.inbound?.map((n) => n.index), outbound: mapping.outbound?.map((n) => n.index) };
    },
    shows: { inbound: [0, null, null], outbound: [0, null] },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_25_FAULTS: readonly Fault<(typeof FAULTS_25)[number]['id']>[] = FAULTS_25;
