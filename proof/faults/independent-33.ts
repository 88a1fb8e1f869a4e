// Independent faults, round 33: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4). Area: runs, scheduled runs, metrics, personas and
// phone numbers, authentication, the published documents and the list grammar.
//
// Review (coordinator): 14 written, 1 dropped: `ind33-order-by-dashes-toggle` (`--create_time` accepted and read as
// ascending: an order_by form the specification gives no meaning, which a lenient server may recognise; the writers'
// not-faults list has "an extension recognised").
// Against the suite at 0af0987 (the checks as at 160a629), as written: 10 of 13 detected, 3 missed.

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ApiError, invalidArgument } from '../../lib/reference/http/errors.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { ServedList } from '../../lib/reference/listing/tables.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import { fault, type Fault, lastRequest, onRunCancelled, respondWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {
  'ind33-run-cancel-marked-completed':
    'A cancelled run read as COMPLETED: the specification names no cancelled status and no transitions ("Transitions: not shown"), and on a real deployment a run in progress may finish on its own between the read and the DELETE, or while an asynchronous cancel takes effect: telling a cancel marked COMPLETED from a run that completed needs a run that cannot finish meanwhile, which no setting names.',
};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** An instant stored in a signed 32-bit count of seconds: past 2038-01-19T03:14:07Z it wraps round to 1901. */
function wrappedInt32(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const seconds = Math.floor(ms / 1000);
  const wrapped = ((((seconds + 2 ** 31) % 2 ** 32) + 2 ** 32) % 2 ** 32) - 2 ** 31;
  return wrapped === seconds ? iso : new Date(wrapped * 1000 + (ms - seconds * 1000)).toISOString();
}

/** The filter with every comparison `change` picks rewritten. */
function mapComparisons(
  expr: FilterExpr,
  change: (cmp: Extract<FilterExpr, { kind: 'cmp' }>) => FilterExpr,
): FilterExpr {
  return expr.kind === 'cmp'
    ? change(expr)
    : { ...expr, terms: expr.terms.map((term) => mapComparisons(term, change)) };
}

/** Whether a filter compares `field` with a value `test` holds of. */
function compares(expr: FilterExpr, field: string, test: (value: string) => boolean): boolean {
  return expr.kind === 'cmp'
    ? expr.field === field && test(expr.value)
    : expr.terms.some((term) => compares(term, field, test));
}

const isTimestampField = (list: ServedList, field: string): boolean =>
  Object.hasOwn(list.filterFields, field) && list.filterFields[field]?.kind === 'timestamp';

/** The first simulation with metric outputs, found through the runs' output_ids. */
async function firstSimulation(call: Parameters<Fault['probe']>[0]): Promise<string> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const ids = (runs.body.runs as JsonObject[]).flatMap((r) => (r.results as JsonObject).output_ids as string[]);
  return String(ids[0]);
}

const FAULTS_33 = [
  fault({
    id: 'ind33-filter-time-bound-int32-seconds',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['type'],
    description:
      'A time in a filter is bound to the query as a signed 32-bit count of Unix seconds (the driver parameter of a legacy INT timestamp column): a bound after 2038-01-19T03:14:07Z wraps round to 1901, so `create_time < "2040-01-01T00:00:00Z"`, which every run satisfies, lists no run (and `create_time > "2040-01-01T00:00:00Z"` lists them all). Times before 2038 are read as written.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        return (
          expr &&
          mapComparisons(expr, (cmp) =>
            isTimestampField(list, cmp.field) ? { ...cmp, value: wrappedInt32(cmp.value) } : cmp,
          )
        );
      };
    },
    probe: async (call) => {
      const before = encodeURIComponent('create_time < "2040-01-01T00:00:00Z"');
      const after = encodeURIComponent('create_time > "2040-01-01T00:00:00Z"');
      const early = await call('GET', `/v1/runs?page_size=1000&filter=${before}`);
      const late = await call('GET', `/v1/runs?page_size=1000&filter=${after}`);
      return {
        before2040: (early.body.runs as unknown[] | undefined)?.length ?? early.status,
        after2040: (late.body.runs as unknown[] | undefined)?.length ?? late.status,
      };
    },
    shows: { before2040: 0, after2040: 140 },
  }),

  fault({
    id: 'ind33-run-cancel-answers-cancelled-run',
    requirements: ['DELETE-EMPTY-OBJECT-BODY', 'RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE /v1/runs/{run_id} of a run still in progress is handed to the cancel operation, whose answer is the cancelled run (`{run: {..., status: "CANCELLED"}}`, as a cancel RPC answers), and that answer is sent on; a finished run, deleted, gets the empty object the specification gives for both outcomes.',
    behaviour: (b) => {
      let cancelling = false;
      onRunCancelled(b, () => {
        cancelling = true;
      });
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        const shaped = answer(kind, deleted);
        const cancelled = cancelling;
        cancelling = false;
        return kind === 'run' && cancelled ? { run: deleted } : shaped;
      };
    },
    probe: async (call) => {
      const cancelled = await call('DELETE', `/v1/runs/${FIXTURES.cancellableRunId}`);
      const deleted = await call('DELETE', `/v1/runs/${FIXTURES.deletableRunId}`);
      return {
        cancelled: Object.keys((cancelled.body ?? {}) as JsonObject),
        status: (cancelled.body as { run?: JsonObject } | undefined)?.run?.status ?? null,
        deleted: Object.keys((deleted.body ?? {}) as JsonObject),
      };
    },
    shows: { cancelled: ['run'], status: 'CANCELLED', deleted: [] },
  }),

  fault({
    id: 'ind33-page-size-unchecked-after-token',
    requirements: ['LIST-PAGE-SIZE-INVALID'],
    slips: ['first-page'],
    description:
      'page_size is validated by the handler of the first page only: with a page_token the page size is taken from the token when page_size does not read as an integer (`Number.isInteger(Number(raw)) ? raw : token.size`), so `page_size=abc` sent with a page_token is served a page instead of being refused with INVALID_ARGUMENT, as it is without one.',
    behaviour: (b) => {
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken, orderBy) =>
        pageToken && raw !== null && !/^\s*[+-]?\d+\s*$/.test(raw)
          ? pageSize(null, list, pageToken, orderBy)
          : pageSize(raw, list, pageToken, orderBy);
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/runs?page_size=5');
      const token = encodeURIComponent(String(first.body.next_page_token));
      const plain = await call('GET', '/v1/runs?page_size=abc');
      const after = await call('GET', `/v1/runs?page_size=abc&page_token=${token}`);
      return { withoutToken: plain.status, withToken: after.status };
    },
    shows: { withoutToken: 400, withToken: 200 },
  }),

  fault({
    id: 'ind33-spec-json-form-needs-key',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['scope'],
    description:
      "GET /v1/openapi/{spec_name} serves its YAML form as a public file, but hands a request asking for JSON (`Accept: application/json`) to the API's JSON pipeline, which authenticates every request: the JSON form without a key is refused UNAUTHENTICATED, while the YAML form and the listing stay public.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const required = b.auth.required;
      b.auth.required = (endpoint) =>
        required(endpoint) ||
        (endpoint.key === 'GET /v1/openapi/{spec_name}' && /json/i.test(String(request()?.headers.accept ?? '')));
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const name = String((listing.body.specs as { spec_name: string }[])[0]?.spec_name);
      const yaml = await call('GET', `/v1/openapi/${name}`, { key: null });
      const json = await call('GET', `/v1/openapi/${name}`, {
        key: null,
        headers: { Accept: 'application/json' },
      });
      return { yaml: yaml.status, json: json.status, code: json.body?.error?.code ?? null };
    },
    shows: { yaml: 200, json: 401, code: 'UNAUTHENTICATED' },
  }),

  fault({
    id: 'ind33-metrics-value-integer-literal-refused',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['type'],
    description:
      'The metrics filter is type-checked against the output message, where value is a double, and a literal without a decimal point is read as an int64: `value >= 1` (or `value = 0`) is refused with INVALID_ARGUMENT as comparing a double with an integer, while `value >= 1.0` is served; a number is a number, with or without its point.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        if (expr && list.id === 'metrics' && compares(expr, 'value', (v) => /^[+-]?\d+$/.test(v)))
          throw invalidArgument('filter', 'value is a double: an int64 literal cannot be compared with it', 'query');
        return expr;
      };
    },
    probe: async (call) => {
      const simulation = await firstSimulation(call);
      const whole = await call(
        'GET',
        `/v1/simulations/${simulation}/metrics?filter=${encodeURIComponent('value >= 0')}`,
      );
      const pointed = await call(
        'GET',
        `/v1/simulations/${simulation}/metrics?filter=${encodeURIComponent('value >= 0.0')}`,
      );
      return { whole: whole.status, pointed: pointed.status };
    },
    shows: { whole: 400, pointed: 200 },
  }),
  fault({
    id: 'ind33-filter-error-sticks-until-unfiltered',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['state'],
    // Seen after a malformed filter of the same list, which the malformed-filter checks send.
    seenThrough: ['LIST-FILTER-MALFORMED'],
    description:
      'The list handlers share one filter parser whose error is cleared by its reset, which only the path building an empty filter calls: after one request with a malformed filter (`status =`), every filtered request is refused with that same INVALID_ARGUMENT, `status = COMPLETED` included, until some list request without a filter comes along.',
    behaviour: (b) => {
      let stale: ApiError | undefined;
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        if (!raw?.trim()) {
          stale = undefined;
          return filter(raw, list);
        }
        if (stale) throw stale;
        try {
          return filter(raw, list);
        } catch (error) {
          if (error instanceof ApiError) stale = error;
          throw error;
        }
      };
    },
    probe: async (call) => {
      const valid = `/v1/runs?page_size=5&filter=${encodeURIComponent('status = COMPLETED')}`;
      const statuses: number[] = [];
      for (const path of [`/v1/runs?filter=${encodeURIComponent('status =')}`, valid, '/v1/runs?page_size=5', valid])
        statuses.push((await call('GET', path)).status);
      return statuses;
    },
    shows: [400, 400, 200, 200],
  }),

  fault({
    id: 'ind33-spec-yaml-cached-as-text-plain',
    requirements: ['SPEC-YAML-DEFAULT'],
    slips: ['state'],
    description:
      "The published documents pass a response cache that keeps a document's bytes by URL but not its headers, and replays them with its own default media type: the first fetch of a document is YAML labelled `application/yaml`, every later fetch of the same URL the same YAML labelled `text/plain`, no YAML media type.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const served = new Set<string>();
      const types = b.contentTypes;
      b.contentTypes = {
        get json() {
          return types.json;
        },
        get yaml() {
          const url = String(request()?.url);
          const replayed = served.has(url);
          served.add(url);
          return replayed ? 'text/plain' : types.yaml;
        },
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const name = String((listing.body.specs as { spec_name: string }[])[0]?.spec_name);
      const first = await call('GET', `/v1/openapi/${name}`, { key: null });
      const second = await call('GET', `/v1/openapi/${name}`, { key: null });
      return { first: first.contentType, second: second.contentType, same: first.text === second.text };
    },
    shows: { first: 'application/yaml', second: 'text/plain', same: true },
  }),

  fault({
    id: 'ind33-metrics-default-order-descending',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['broken'],
    description:
      "The metrics list's default order was written after the runs list's (`-create_time`) with the field changed and the dash kept: without order_by, metric outputs come by metric_name descending (`-metric_name`), where the default is `metric_name`, ascending; an explicit `order_by=metric_name` is served ascending.",
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) =>
        list.id === 'metrics' && !raw?.trim() ? order('-metric_name', list) : order(raw, list);
    },
    probe: async (call) => {
      const simulation = await firstSimulation(call);
      const names = async (query: string) => {
        const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000${query}`);
        return ((page.body.metrics as JsonObject[] | undefined) ?? []).map((m) => String(m.metric_name));
      };
      const byDefault = await names('');
      const ascending = await names('&order_by=metric_name');
      return { defaultFirst: byDefault[0], defaultLast: byDefault.at(-1), ascendingFirst: ascending[0] };
    },
    shows: { defaultFirst: 'Latency Score', defaultLast: 'Intent Accuracy', ascendingFirst: 'Intent Accuracy' },
  }),
  fault({
    id: 'ind33-run-cancel-marked-completed',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      "DELETE of a run in progress stops it through the runner's finish routine, which closes a run by marking it COMPLETED (the path a run takes when its last test case settles): the run is listed afterwards as COMPLETED, as if it had run to its end, neither deleted nor cancelled; a finished run is deleted as before.",
    behaviour: (b) => {
      b.runDeletion = { ...b.runDeletion, cancelledStatus: () => 'COMPLETED' };
    },
    probe: async (call) => {
      const answer = await call('DELETE', `/v1/runs/${FIXTURES.cancellableRunId}`);
      const list = await call('GET', '/v1/runs?page_size=1000');
      const run = (list.body.runs as JsonObject[]).find((r) => r.run_id === FIXTURES.cancellableRunId);
      return { answer: answer.status, status: run?.status ?? 'not listed' };
    },
    shows: { answer: 200, status: 'COMPLETED' },
  }),

  fault({
    id: 'ind33-persona-delete-by-create-time',
    requirements: ['PERSONA-DELETE'],
    slips: ['scope'],
    description:
      'DELETE /v1/personas/{persona_id} removes personas by the key the personas list pages by, its create_time, with the id condition lost (`WHERE create_time = ?`): a persona created in the same instant as the one deleted is removed with it, so GET of that other persona, never deleted, answers NOT_FOUND.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const target = store.personas.get(params.persona_id ?? '');
        if (endpoint.key === 'DELETE /v1/personas/{persona_id}' && target)
          for (const [id, persona] of [...store.personas])
            if (id !== target.id && persona.create_time === target.create_time) store.personas.delete(id);
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/personas?page_size=100');
      const second = await call(
        'GET',
        `/v1/personas?page_size=100&page_token=${encodeURIComponent(String(first.body.next_page_token))}`,
      );
      const personas = [...(first.body.personas as JsonObject[]), ...((second.body.personas as JsonObject[]) ?? [])];
      const target = personas.find((p) => p.id === FIXTURES.deletablePersonaId);
      const twin = personas.find((p) => p.id !== target?.id && p.create_time === target?.create_time);
      if (!twin) return 'no persona created with the deletable one';
      const deleted = await call('DELETE', `/v1/personas/${FIXTURES.deletablePersonaId}`);
      const after = await call('GET', `/v1/personas/${String(twin.id)}`);
      return { deleted: deleted.status, twin: after.status };
    },
    shows: { deleted: 200, twin: 404 },
  }),
  fault({
    id: 'ind33-filter-doubled-operator-into-value',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description:
      'The filter lexer takes the longest operator it knows at the operator\'s place and reads whatever follows, up to a blank, as the value: `value >> 0.5` is read as `value > ">0.5"`, a value no output holds, and answered with an empty list instead of being refused as malformed (`>>` is no operator); `value > 0.5` is read as before.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) =>
        filter(raw?.replace(/([A-Za-z_][\w.]*)\s*([<>])\2\s*([^\s"()]+)/g, '$1 $2 "$2$3"') ?? raw, list);
    },
    probe: async (call) => {
      const simulation = await firstSimulation(call);
      const page = await call(
        'GET',
        `/v1/simulations/${simulation}/metrics?filter=${encodeURIComponent('value >> 0.5')}`,
      );
      return { status: page.status, metrics: (page.body.metrics as unknown[] | undefined)?.length ?? null };
    },
    shows: { status: 200, metrics: 0 },
  }),
  fault({
    id: 'ind33-metrics-segment-cursor-not-reset',
    requirements: ['METRIC-SEGMENT-OFFSETS'],
    slips: ['scope'],
    description:
      "The metrics list writes each segment's start_offset from a running cursor advanced by every segment's duration, declared once for the page instead of once per output: the first output's segments come out right, but every later output's segments start where the previous output's last segment ended, after their own end_offset (end before start). GET of one output is written apart and is right.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics', (body) => {
        let cursor = 0;
        const metrics = ((body.metrics as JsonObject[] | undefined) ?? []).map((metric) => {
          const segments = (metric.subvalues_by_timestamp as JsonObject[] | undefined) ?? [];
          const shifted = segments.map((segment) => {
            const start = Number(segment.start_offset);
            const end = Number(segment.end_offset);
            const written = { ...segment, start_offset: cursor };
            cursor += end - start;
            return written;
          });
          return { ...metric, subvalues_by_timestamp: shifted };
        });
        return { ...body, metrics };
      }),
    probe: async (call) => {
      const runs = await call('GET', '/v1/runs?page_size=1000');
      const simulations = [
        ...new Set((runs.body.runs as JsonObject[]).flatMap((r) => (r.results as JsonObject).output_ids as string[])),
      ];
      const segmentsOf = (metric: JsonObject) => (metric.subvalues_by_timestamp as JsonObject[] | undefined) ?? [];
      const backward = (metric: JsonObject) =>
        segmentsOf(metric).some((s) => Number(s.end_offset) < Number(s.start_offset));
      for (const simulation of simulations) {
        const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
        const [first, ...later] = ((page.body.metrics as JsonObject[] | undefined) ?? []).filter(
          (m) => segmentsOf(m).length > 0,
        );
        if (first && later.length > 0)
          return { outputs: 1 + later.length > 1, firstBackward: backward(first), laterBackward: later.some(backward) };
      }
      return 'no simulation with two outputs holding segments';
    },
    shows: { outputs: true, firstBackward: false, laterBackward: true },
  }),
  fault({
    id: 'ind33-auth-verdict-cached-by-path',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'The key check keeps the resource paths a valid key was accepted on (an authorization cache keyed by the resource, `personas/<id>`, without the caller or the method): after a GET /v1/personas/{persona_id} with the valid key, a DELETE of the same path without any key is served and deletes the persona, instead of being refused UNAUTHENTICATED; paths not read with the key still need it.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const granted = new Set<string>();
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => {
        const path = String(request()?.url).split('?')[0] ?? '';
        const accepted = accepts(endpoint, presented);
        if (accepted) granted.add(path);
        return accepted || granted.has(path);
      };
    },
    probe: async (call) => {
      const path = `/v1/personas/${FIXTURES.deletablePersonaId}`;
      const untouched = await call('DELETE', `/v1/runs/${FIXTURES.deletableRunId}`, { key: null });
      const read = await call('GET', path);
      const deleted = await call('DELETE', path, { key: null });
      const after = await call('GET', path);
      return { otherPath: untouched.status, read: read.status, deleteWithoutKey: deleted.status, after: after.status };
    },
    shows: { otherPath: 401, read: 200, deleteWithoutKey: 200, after: 404 },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_33_FAULTS: readonly Fault<(typeof FAULTS_33)[number]['id']>[] = FAULTS_33;
