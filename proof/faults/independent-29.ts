// Independent faults, round 29: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area: runs (lists, states, progress, cancel and delete), scheduled runs, metrics and simulations, personas and phone
// numbers, keys, the published documents and the list grammar over those lists. 9 written: the writer's ideas past
// them repeated the catalog (or a reading dropped in earlier rounds), in an area its earlier rounds have mined deeply.
//
// Review (coordinator): 9 written, 3 dropped: `ind29-runs-list-stale-while-revalidate` (the first list after a cancel
// still showing the run RUNNING, the next one CANCELLED: what a deployment reading from a replica a moment behind shows;
// the specification promises no read-after-write consistency, and the suite gives a write 3 s to show everywhere);
// `ind29-spec-listing-without-host-internal` (an HTTP/1.0 request without Host answered 500: the specification names
// no HTTP version, and on a real deployment the balancer in front answers such a request, not the service); `ind29-page-token-bound-to-raw-query` (a token refused under the same parameters in
// another order: the specification says only that the token comes from the previous response, and a token bound to
// the exact query text is a choice a careful implementer may make).
// Against the suite at 95ad96f, as written: 4 of 6 detected, 2 missed (33 %).

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import type { Comparison, FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { readFilterText } from '../../lib/reference/listing/filter-syntax.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import { rawStatus, type Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, onRunCancelled } from './define.js';
import { tokensReadAs } from './list-seams.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

const q = encodeURIComponent;

/** The ids of a list's items. */
const idsOf = (items: unknown, key: string): string[] => (items as JsonObject[]).map((item) => String(item[key]));

/** Every run, as the runs list shows them (one page of the largest size). */
async function allRuns(call: Call, filter?: string): Promise<JsonObject[]> {
  const page = await call('GET', `/v1/runs?page_size=1000${filter === undefined ? '' : `&filter=${q(filter)}`}`);
  return page.body.runs as JsonObject[];
}

/** The fields a filter compares. */
function comparedFields(expr: FilterExpr): string[] {
  return expr.kind === 'cmp' ? [expr.field] : expr.terms.flatMap(comparedFields);
}

/** The filter with every comparison replaced by `change`'s answer. */
function mapComparisons(expr: FilterExpr, change: (cmp: Comparison) => Comparison): FilterExpr {
  return expr.kind === 'cmp' ? change(expr) : { ...expr, terms: expr.terms.map((t) => mapComparisons(t, change)) };
}

const FAULTS_29 = [
  fault({
    id: 'ind29-page-token-split-at-colon',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['first-page'],
    description:
      'A page token carries its cursor as the text `<sort value>:<id>` and is read back by splitting at the first colon (`token.split(":", 2)` in spirit): a time holds colons, so under a time order (the runs\' default `-create_time`) the cursor\'s time reads `2026-01-05T10`, no instant, and the page after the first starts over from the top (it repeats the first page; ascending, it is empty). Orders by values without a colon (status, name, metric_name, value) page right.',
    behaviour: (b) => {
      tokensReadAs(b, (token, _list, correct) => {
        const cursor = correct(token);
        if (!cursor || typeof cursor.after[0] !== 'string') return cursor;
        const joined = `${cursor.after[0]}:${cursor.after[1]}`;
        const cut = joined.indexOf(':');
        return { ...cursor, after: [joined.slice(0, cut), joined.slice(cut + 1)] };
      });
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/runs?page_size=5');
      const second = await call('GET', `/v1/runs?page_size=5&page_token=${q(String(first.body.next_page_token))}`);
      const byStatus = await call('GET', '/v1/runs?page_size=5&order_by=status');
      const byStatusNext = await call(
        'GET',
        `/v1/runs?page_size=5&order_by=status&page_token=${q(String(byStatus.body.next_page_token))}`,
      );
      const overlap = (a: string[], b: string[]) => a.filter((id) => b.includes(id)).length;
      return {
        defaultOrderRepeated: overlap(idsOf(first.body.runs, 'run_id'), idsOf(second.body.runs, 'run_id')),
        statusOrderRepeated: overlap(idsOf(byStatus.body.runs, 'run_id'), idsOf(byStatusNext.body.runs, 'run_id')),
      };
    },
    shows: { defaultOrderRepeated: 5, statusOrderRepeated: 0 },
  }),

  fault({
    id: 'ind29-filter-field-found-through-prototype',
    requirements: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['broken'],
    description:
      "A filter's fields are checked with `field in FILTER_FIELDS` on a plain object, which also holds what every object inherits: `constructor = x` (or `toString`, `valueOf`, `hasOwnProperty`) passes the check on every list, and its comparison, read from the item's own fields, never holds: 200 with an empty page instead of INVALID_ARGUMENT. A field no object inherits (`colour = red`) is refused as before.",
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        try {
          return filter(raw, list);
        } catch (error) {
          const parsed = readFilterText((raw ?? '').trim());
          if (parsed.ok && comparedFields(parsed.expr).every((field) => field in list.filterFields)) return parsed.expr;
          throw error;
        }
      };
    },
    probe: async (call) => {
      const inherited = await call('GET', `/v1/runs?filter=${q('constructor = x')}`);
      const unknown = await call('GET', `/v1/runs?filter=${q('colour = red')}`);
      return {
        inherited: { status: inherited.status, runs: (inherited.body.runs as unknown[] | undefined)?.length ?? null },
        unknown: unknown.status,
      };
    },
    shows: { inherited: { status: 200, runs: 0 }, unknown: 400 },
  }),

  fault({
    id: 'ind29-filter-operator-alternation-order',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'A comparison is split by a pattern whose operators are listed one-character first (`(\\w+)\\s*(=|!=|>|<|>=|<=)\\s*(.+)`): the alternation takes `>` out of `>=` (and `<` out of `<=`), and the value becomes `= <value>`, which reads as no number and no time: `create_time >= "2026-01-05T00:00:00Z"` lists no run where every run holds it; `>`, `<`, `=` and `!=` are read right.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        return (
          expr &&
          mapComparisons(expr, (cmp) =>
            cmp.op === '>=' || cmp.op === '<='
              ? { ...cmp, op: cmp.op === '>=' ? '>' : '<', value: `= ${cmp.value}` }
              : cmp,
          )
        );
      };
    },
    probe: async (call) => {
      const atOrAfter = await allRuns(call, 'create_time >= "2026-01-05T00:00:00Z"');
      const after = await allRuns(call, 'create_time > "2026-01-05T00:00:00Z"');
      return { atOrAfter: atOrAfter.length, after: after.length };
    },
    shows: { atOrAfter: 0, after: 140 },
  }),

  fault({
    id: 'ind29-run-delete-unauthenticated-answered-empty',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      'DELETE /v1/runs/{run_id} is wrapped in an idempotency guard that answers `{}` when the chain under it fails with 401 or 404 ("nothing of yours to delete", meant for repeated deletes); the key check is part of that chain, so a DELETE without X-API-Key, or with a wrong one, answers 200 `{}` and deletes nothing, instead of UNAUTHENTICATED. Every other endpoint refuses the key as before.',
    behaviour: (b) => {
      const guarded = (key: string | undefined) => key === 'DELETE /v1/runs/{run_id}';
      const status = b.errors.status;
      b.errors.status = (code, endpoint) =>
        guarded(endpoint?.key) && (code === 'UNAUTHENTICATED' || code === 'NOT_FOUND') ? 200 : status(code, endpoint);
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        guarded(endpoint?.key) && (error.code === 'UNAUTHENTICATED' || error.code === 'NOT_FOUND')
          ? {}
          : body(error, endpoint);
    },
    probe: async (call) => {
      const id = FIXTURES.deletableRunId;
      const missing = await call('DELETE', `/v1/runs/${id}`, { key: null });
      const wrong = await call('DELETE', `/v1/runs/${id}`, { key: 'not-the-key' });
      const listed = (await allRuns(call)).some((run) => run.run_id === id);
      return { missing: [missing.status, missing.body], wrong: [wrong.status, wrong.body], listed };
    },
    shows: { missing: [200, {}], wrong: [200, {}], listed: true },
  }),
  fault({
    id: 'ind29-auth-skipped-for-absolute-form',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      'The key middleware guards the requests whose target starts with `/v1/` (all but `/v1/openapi`), testing `req.url`, the request target as sent; a request in absolute form (`GET http://host:port/v1/runs HTTP/1.1`, which RFC 9112 has every server accept, and which a forward proxy sends) does not start with `/`, so it is taken for no API request and let through without a key, and the router, reading the path from the parsed URL, serves it. In origin form (`GET /v1/runs`) the key is asked as before.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const required = b.auth.required;
      b.auth.required = (endpoint) => String(request()?.url ?? '/').startsWith('/') && required(endpoint);
    },
    probe: async (call) => ({
      absoluteForm: await rawStatus(
        call,
        (host) => `GET http://${host}/v1/runs?page_size=1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`,
      ),
      originForm: await rawStatus(
        call,
        (host) => `GET /v1/runs?page_size=1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`,
      ),
    }),
    shows: { absoluteForm: 200, originForm: 401 },
  }),

  fault({
    id: 'ind29-run-cancel-progress-from-percentages',
    requirements: ['RUN-PROGRESS-CONSISTENT'],
    slips: ['type'],
    description:
      "A cancel freezes the run's progress as the percentages the dashboard's bar shows (`count / total * 100`), and the run's view turns them back into counts as `percent / 100 * total`, unrounded: after DELETE /v1/runs/{run_id} cancels the run in progress (2 of 17 test cases completed), the runs list shows completed_test_cases 1.9999999999999998, no integer. Runs never cancelled through the API keep their integer counts.",
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        return named(endpoint, params, s);
      };
      onRunCancelled(b, (before) => {
        const cancelled = store?.runs.get(before.run_id);
        if (!store || !cancelled) return;
        const total = cancelled.progress.total_test_cases;
        const back = (count: number) => (((count / total) * 100) / 100) * total;
        const progress = Object.fromEntries(
          Object.entries(cancelled.progress).map(([name, count]) => [name, back(count)]),
        ) as unknown as typeof cancelled.progress;
        store.runs.set(before.run_id, { ...cancelled, progress });
      });
    },
    probe: async (call) => {
      const id = FIXTURES.cancellableRunId;
      await call('DELETE', `/v1/runs/${id}`);
      const run = (await allRuns(call)).find((r) => r.run_id === id);
      return run ? (run.progress as JsonObject).completed_test_cases : 'gone';
    },
    shows: 1.9999999999999998,
  }),
] as const;

export const INDEPENDENT_29_FAULTS: readonly Fault<(typeof FAULTS_29)[number]['id']>[] = FAULTS_29;
