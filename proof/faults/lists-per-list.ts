// List faults on ONE list: each breaks a list rule (a page_size bound or default, page_size on
// the pages after a token, a page token, order_by, the filter, the last page) on one list
// endpoint and leaves the other two correct, as an implementer does who applies a rule on one
// list but not another. The list faults of lists.ts break a rule on all three lists at once;
// these show each list's checks judge it.

import type { ServedList } from '../../lib/reference/listing/tables.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { readFilterText } from '../../lib/reference/listing/filter-syntax.js';
import { fault, type Fault } from './define.js';
import { isBlank, onList, prune, quotesKept, tokenAcceptedOn, type ListId } from './list-seams.js';
import { shape, second, metrics } from '../probes/lists-per-list.js';
import {
  list,
  metricLists,
  page,
  pageInOrder,
  personasCounted,
  runs,
  runsCounted,
  walk,
  PERSONAS,
  RUNS,
} from '../probes/lists.js';

type PageSize = Behaviour['lists']['pageSize'];

/** page_size on list `id` as `read` has it (`correct`: the reading it replaces); the other lists keep the correct one. */
function pageSizeOn(
  b: Behaviour,
  id: ListId,
  read: (raw: string | null, list: ServedList, pageToken: string | null, correct: PageSize) => number,
): void {
  onList(b, id, 'pageSize', (correct) => (raw, list, pageToken) => read(raw, list, pageToken, correct));
}

/** page_size on list `id` refused with the reason `why` gives for the size the correct reading finds, if it gives one. */
function refusedOn(b: Behaviour, id: ListId, why: (size: number, list: ServedList) => string | undefined): void {
  pageSizeOn(b, id, (raw, list, pageToken, correct) => {
    const size = correct(raw, list, pageToken);
    const reason = why(size, list);
    if (reason !== undefined) throw invalidArgument('page_size', reason, 'query');
    return size;
  });
}

/** The maximum itself refused (`page_size < max` where `<=` was meant). */
const maxRefused = (size: number, list: ServedList): string | undefined =>
  size >= list.pageSize.max ? `must be less than ${list.pageSize.max}` : undefined;

/** The integer a page_size parameter spells, if it spells one. */
const integer = (raw: string | null): number | undefined =>
  raw !== null && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : undefined;

/** Whether the request asks for a page after a token. */
const continued = (pageToken: string | null): boolean => !isBlank(pageToken);

/** Without page_size, list `id` serves 100 items a page when the request carries `parameter` (a path of its own with its own default). */
function defaultWithQuery(b: Behaviour, id: ListId, parameter: 'filter' | 'order_by'): void {
  // The page size is read before the query's other parameters: the request's URL is seen as its key is.
  let carries = false;
  const presented = b.auth.presented;
  b.auth.presented = (req) => {
    carries = !isBlank(new URL(String(req.url), 'http://reference.invalid').searchParams.get(parameter));
    return presented(req);
  };
  pageSizeOn(b, id, (raw, list, pageToken, correct) => (raw === null && carries ? 100 : correct(raw, list, pageToken)));
}

/** The persona list's maximum page_size, which a runs or metrics handler copied. */
const PERSONAS_MAX = 100;

export const LISTS_PER_LIST_FAULTS = [
  // personas (page_size 1 to 100, default 50)
  fault({
    id: 'personas-page-size-max-rejected',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Personas only: page_size must be below 100, so the maximum itself is rejected (runs and metrics accept 1000).',
    behaviour: (b) => {
      refusedOn(b, 'personas', maxRefused);
    },
    probe: (call) => shape(call, PERSONAS, { page_size: '100' }),
    shows: [400, undefined, false],
  }),
  fault({
    id: 'personas-page-one-short',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Personas only: every page ends one item early (the slice end is off by one), so page_size 1 answers an empty page that ends the list.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => correct(raw, list, pageToken) - 1);
    },
    probe: (call) => shape(call, PERSONAS, { page_size: '1' }),
    shows: [200, 0, false],
  }),
  fault({
    id: 'personas-page-size-negative-sliced',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Personas only: a negative page_size is not refused but used as the end of a slice: page_size -1 answers every persona but the last, more than the maximum 100.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => {
        const asked = integer(raw);
        return asked !== undefined && asked < 0 ? asked : correct(raw, list, pageToken);
      });
    },
    probe: (call) => shape(call, PERSONAS, { page_size: '-1' }),
    shows: [200, 134, true],
  }),
  fault({
    id: 'personas-default-page-size-20',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['scope'],
    description: 'Personas only: without page_size a page holds 20 personas, not 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => (isBlank(raw) ? 20 : correct(raw, list, pageToken)));
    },
    probe: (call) => shape(call, PERSONAS, {}),
    shows: [200, 20, true],
  }),
  fault({
    id: 'personas-page-token-loses-page-size',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description:
      'Personas only: the page after a token takes its page size from the token, which does not carry it: the default 50, whatever page_size asks.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) =>
        continued(pageToken) ? list.pageSize.default : correct(raw, list, pageToken),
      );
    },
    probe: (call) => second(call, PERSONAS, { page_size: '7' }),
    shows: [200, 50, true],
  }),
  fault({
    id: 'personas-default-page-size-lost-after-token',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description:
      'Personas only: without page_size the first page holds the default 50, but a page after a token holds the maximum 100.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) =>
        isBlank(raw) && continued(pageToken) ? list.pageSize.max : correct(raw, list, pageToken),
      );
    },
    probe: (call) => second(call, PERSONAS, {}),
    shows: [200, 85, false],
  }),

  fault({
    id: 'personas-page-size-kept-from-last-request',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      'Personas only: the handler keeps the page size it last read in a variable of its own (meant for the pages after a token) and serves it to every request without page_size: once a client listed at page_size 3, GET /v1/personas answers pages of 3, not of the default 50.',
    behaviour: (b) => {
      let last: number | undefined;
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => {
        const size = correct(raw, list, pageToken);
        if (isBlank(raw)) return last ?? size;
        last = size;
        return size;
      });
    },
    probe: async (call) => {
      const before = await shape(call, PERSONAS, {});
      await shape(call, PERSONAS, { page_size: '3' });
      return { before: before[1], after: (await shape(call, PERSONAS, {}))[1] };
    },
    shows: { before: 50, after: 3 },
  }),

  // runs (page_size 1 to 1000, default 50)
  fault({
    id: 'runs-page-size-max-of-personas',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      "Runs only: the handler checks page_size against the personas' maximum, so page_size above 100 (1000 included) is rejected.",
    behaviour: (b) => {
      refusedOn(b, 'runs', (size) => (size > PERSONAS_MAX ? `must be 1 to ${PERSONAS_MAX}, got ${size}` : undefined));
    },
    probe: (call) => shape(call, RUNS, { page_size: '1000' }),
    shows: [400, undefined, false],
  }),
  fault({
    id: 'runs-page-size-one-rejected',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description: 'Runs only: the lower bound is checked as `page_size > 1`, so page_size 1 is rejected.',
    behaviour: (b) => {
      refusedOn(b, 'runs', (size, list) =>
        size <= list.pageSize.min ? `must be greater than ${list.pageSize.min}` : undefined,
      );
    },
    probe: (call) => shape(call, RUNS, { page_size: '1' }),
    shows: [400, undefined, false],
  }),
  fault({
    id: 'runs-page-size-zero-empty',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Runs only: page_size 0 passes the bounds check (`< 0` instead of `< 1`) and answers an empty page that ends the list, while 140 runs exist.',
    behaviour: (b) => {
      pageSizeOn(b, 'runs', (raw, list, pageToken, correct) =>
        integer(raw) === 0 ? 0 : correct(raw, list, pageToken),
      );
    },
    probe: (call) => shape(call, RUNS, { page_size: '0' }),
    shows: [200, 0, false],
  }),
  fault({
    id: 'runs-default-page-size-100',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description: 'Runs only: without page_size a page holds 100 runs, not 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'runs', (raw, list, pageToken, correct) => (isBlank(raw) ? 100 : correct(raw, list, pageToken)));
    },
    probe: (call) => shape(call, RUNS, {}),
    shows: [200, 100, true],
  }),
  fault({
    id: 'runs-page-size-first-page-only',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description: 'Runs only: page_size is honoured on the first page; the page after a token holds the default 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'runs', (raw, list, pageToken, correct) =>
        continued(pageToken) ? correct(null, list, pageToken) : correct(raw, list, pageToken),
      );
    },
    probe: (call) => second(call, RUNS, { page_size: '7' }),
    shows: [200, 50, true],
  }),

  fault({
    id: 'runs-order-kept-from-last-request',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      'Runs only: the handler keeps the order it last parsed (meant for the pages after a token) and serves it to every request without order_by: once a client listed `order_by=status`, GET /v1/runs lists by status, not newest first.',
    behaviour: (b) => {
      let last: ReturnType<Behaviour['lists']['order']> | undefined;
      onList(b, 'runs', 'order', (correct) => (raw, list) => {
        if (isBlank(raw)) return last ?? correct(raw, list);
        last = correct(raw, list);
        return last;
      });
    },
    probe: async (call) => {
      const firstIds = async () =>
        ((await list(call, RUNS, {})).body.runs as { run_id: string }[]).map((r) => r.run_id);
      const before = await firstIds();
      await list(call, RUNS, { order_by: 'status' });
      return { samePage: JSON.stringify(await firstIds()) === JSON.stringify(before) };
    },
    shows: { samePage: false },
  }),

  // metrics (page_size 1 to 1000, default 50)
  fault({
    id: 'metrics-filter-kept-from-last-request',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      'Metrics only: the handler keeps the filter it last parsed (meant for the pages after a token) and applies it to every request without a filter, under any simulation: once a client listed `create_time > "2100-01-01T00:00:00Z"`, GET /v1/simulations/{id}/metrics lists none.',
    behaviour: (b) => {
      let last: ReturnType<Behaviour['lists']['filter']> | undefined;
      onList(b, 'metrics', 'filter', (correct) => (raw, list) => {
        if (isBlank(raw)) return last ?? correct(raw, list);
        last = correct(raw, list);
        return last;
      });
    },
    probe: async (call) => {
      const [path] = await metricLists(call);
      const count = async (query: Record<string, string>) =>
        ((await list(call, path!, query)).body.metrics as unknown[]).length;
      const before = await count({});
      await list(call, path!, { filter: 'create_time > "2100-01-01T00:00:00Z"' });
      return { listedBefore: before > 0, listedAfter: (await count({})) > 0 };
    },
    shows: { listedBefore: true, listedAfter: false },
  }),

  fault({
    id: 'metrics-page-size-max-off-by-one',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description: 'Metrics only: page_size must be below 1000, so the maximum itself is rejected with INVALID_ARGUMENT.',
    behaviour: (b) => {
      refusedOn(b, 'metrics', maxRefused);
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '1000' })),
    shows: [[400, null, false]],
  }),
  fault({
    id: 'metrics-page-size-capped-at-personas-max',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['scope'],
    description:
      "Metrics only: pages silently hold at most 100 metric outputs (the personas' maximum): page_size 1000 gets 100 of 140 and a token.",
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) =>
        Math.min(PERSONAS_MAX, correct(raw, list, pageToken)),
      );
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '1000' })),
    shows: [
      [200, 100, true],
      [200, 3, false],
      [200, 4, false],
      [200, 6, false],
      [200, 7, false],
      [200, 8, false],
    ],
  }),
  fault({
    id: 'metrics-page-size-negative-empty',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Metrics only: a negative page_size is read as zero, so page_size -1 answers an empty page that ends the list.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) => {
        const asked = integer(raw);
        return asked !== undefined && asked < 0 ? 0 : correct(raw, list, pageToken);
      });
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '-1' })),
    shows: [[200, 0, false]],
  }),
  fault({
    id: 'metrics-page-one-long',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Metrics only: every page holds one item more than page_size asks (the slice end is off by one): page_size 1 answers 2.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) => correct(raw, list, pageToken) + 1);
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '1' })),
    shows: [[200, 2, true]],
  }),
  fault({
    id: 'metrics-default-page-size-max',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      'Metrics only: without page_size a page holds up to the maximum 1000 (every output of a simulation), not 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) =>
        isBlank(raw) ? list.pageSize.max : correct(raw, list, pageToken),
      );
    },
    probe: (call) => metrics(call, (path) => shape(call, path, {})),
    shows: [
      [200, 140, false],
      [200, 3, false],
      [200, 4, false],
      [200, 6, false],
      [200, 7, false],
      [200, 8, false],
    ],
  }),
  fault({
    id: 'metrics-page-size-max-after-token',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description: 'Metrics only: the page after a token holds up to the maximum 1000, whatever page_size asks.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) =>
        continued(pageToken) ? list.pageSize.max : correct(raw, list, pageToken),
      );
    },
    probe: (call) => metrics(call, (path) => second(call, path, { page_size: '7' })),
    shows: [
      [200, 1, false],
      [200, 133, false],
      [200, 3, false],
      [200, 4, false],
      [200, 6, false],
      [200, 7, false],
    ],
  }),
  fault({
    id: 'metrics-last-page-echoes-token',
    requirements: ['LIST-LAST-PAGE'],
    slips: ['scope'],
    description:
      'Metrics only: the last page answers with the page_token it was fetched with, so a walk never ends (personas and runs end theirs).',
    behaviour: (b) => {
      onList(b, 'metrics', 'endOfList', (end) => (list, pageToken) => pageToken || end(list, pageToken));
    },
    probe: (call) => metrics(call, async (path) => (await walk(call, path, { page_size: '5' })).ended),
    shows: [false, true],
  }),
  fault({
    id: 'runs-page-size-parse-int',
    requirements: ['LIST-PAGE-SIZE-INVALID'],
    slips: ['scope'],
    description:
      'Runs only: page_size is read with parseInt, so "1.5" is 1 and "abc" the default (personas and metrics refuse them).',
    behaviour: (b) => {
      onList(b, 'runs', 'pageSize', (read) => (raw, list, pageToken) => {
        const parsed = Number.parseInt(raw ?? '', 10);
        return read(Number.isNaN(parsed) ? null : String(parsed), list, pageToken);
      });
    },
    probe: (call) => runsCounted(call, { page_size: '1.5' }),
    shows: [200, 1],
  }),
  fault({
    id: 'personas-forged-token-first-page',
    requirements: ['LIST-PAGE-TOKEN-FORGED'],
    slips: ['scope'],
    description:
      'Personas only: a page_token the service never issued gets the first page (runs and metrics refuse it).',
    behaviour: (b) => {
      tokenAcceptedOn(b, 'personas', 'unknown');
    },
    probe: (call) => personasCounted(call, { page_token: 'forged!token' }),
    shows: [200, 50],
  }),
  fault({
    id: 'runs-stale-token-accepted',
    requirements: ['LIST-PAGE-TOKEN-STALE'],
    slips: ['scope'],
    description:
      'Runs only: a page_token issued for another filter or order_by is used as is (personas and metrics refuse it).',
    behaviour: (b) => {
      tokenAcceptedOn(b, 'runs', 'other-query');
    },
    probe: async (call) => {
      const first = await list(call, RUNS, { page_size: '5', order_by: 'create_time' });
      return runsCounted(call, { page_size: '5', order_by: '-create_time', page_token: first.body.next_page_token });
    },
    shows: [200, 4],
  }),
  fault({
    id: 'personas-order-by-name-as-create-time',
    requirements: ['LIST-ORDER-BY'],
    slips: ['scope'],
    description:
      "Personas only: order_by=name is accepted, then sorts by create_time in the direction asked (the handler's column map lacks name); the other fields and lists sort right.",
    behaviour: (b) => {
      onList(b, 'personas', 'order', (order) => (raw, list) => {
        const read = order(raw, list);
        return read.field === 'name' ? order(read.descending ? '-create_time' : 'create_time', list) : read;
      });
    },
    probe: (call) => pageInOrder(call, PERSONAS, { page_size: '100', order_by: 'name' }, 'name'),
    shows: [200, false],
  }),
  fault({
    id: 'metrics-default-order-create-time',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['scope'],
    description:
      'Metrics only: without order_by, metric outputs come by create_time, not by metric_name (runs keep -create_time).',
    behaviour: (b) => {
      onList(b, 'metrics', 'order', (order) => (raw, list) => order(isBlank(raw) ? 'create_time' : raw, list));
    },
    probe: (call) => metrics(call, (path) => pageInOrder(call, path, { page_size: '1000' }, 'metric_name')),
    shows: [[200, false]],
  }),
  fault({
    id: 'runs-order-unknown-field-default',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['scope'],
    description:
      'Runs only: an order_by the service cannot read falls back to the default order (personas and metrics refuse it).',
    behaviour: (b) => {
      onList(b, 'runs', 'order', (order) => (raw, list) => {
        try {
          return order(raw, list);
        } catch {
          return order(null, list);
        }
      });
    },
    probe: (call) => runsCounted(call, { order_by: 'no_such_field' }),
    shows: [200, 50],
  }),
  fault({
    id: 'metrics-filter-quoted-never-match',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['scope'],
    description:
      'Metrics only: a double-quoted value keeps its quotes when compared, so it matches nothing (personas and runs unquote it).',
    behaviour: (b) => {
      onList(b, 'metrics', 'filter', (read) => (raw, list) => {
        const expr = read(raw, list);
        return expr && quotesKept(expr);
      });
    },
    probe: (call) => metrics(call, (path) => page(call, path, { page_size: '1000', filter: 'status = "COMPLETED"' })),
    shows: [[200, []]],
  }),
  fault({
    id: 'runs-filter-compact-quotes-kept',
    requirements: ['LIST-FILTER-COMPACT'],
    slips: ['scope'],
    description:
      'Runs only: a word runs on through a quote, so in `status="COMPLETED"` the quotes stay part of the value and it matches nothing (with blanks around the operator, and on personas and metrics, quotes are read).',
    behaviour: (b) => {
      onList(b, 'runs', 'filter', (read) => (raw, list) => {
        const expr = read(raw, list);
        return expr && /[=!<>]"/.test(raw ?? '') ? quotesKept(expr) : expr;
      });
    },
    probe: (call) => runs(call, { page_size: '1000', filter: 'status="COMPLETED"' }),
    shows: [200, []],
  }),
  fault({
    id: 'personas-filter-unknown-field-ignored',
    requirements: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['scope'],
    description:
      'Personas only: comparisons on fields the list does not have are dropped (runs and metrics refuse them).',
    behaviour: (b) => {
      onList(b, 'personas', 'filter', (read) => (raw, list) => {
        const parsed = readFilterText(raw ?? '');
        return parsed.ok ? prune(parsed.expr, (cmp) => Object.hasOwn(list.filterFields, cmp.field)) : read(raw, list);
      });
    },
    probe: (call) => personasCounted(call, { filter: 'no_such_field = 1' }),
    shows: [200, 50],
  }),
  fault({
    id: 'runs-filter-malformed-ignored',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['scope'],
    description:
      'Runs only: a filter that does not parse is ignored, and every run comes back (personas and metrics refuse it).',
    behaviour: (b) => {
      onList(
        b,
        'runs',
        'filter',
        (read) => (raw, list) => (isBlank(raw) || readFilterText(raw ?? '').ok ? read(raw, list) : null),
      );
    },
    probe: (call) => runsCounted(call, { filter: 'status =' }),
    shows: [200, 50],
  }),
  fault({
    id: 'personas-filtered-default-page-size-100',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      'Personas only: a list with a filter is served by a search path whose own default page size is 100, so without page_size a filtered page holds up to 100 personas instead of 50 (an unfiltered page, and runs and metrics, keep 50).',
    behaviour: (b) => defaultWithQuery(b, 'personas', 'filter'),
    probe: (call) => personasCounted(call, { filter: 'create_time >= "1970-01-01T00:00:00Z"' }),
    shows: [200, 100],
  }),
  fault({
    id: 'metrics-ordered-default-page-size-100',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      'Metrics only: a list with an order_by is served by a sorting path whose own default page size is 100, so without page_size an ordered page holds up to 100 metric outputs instead of 50 (an unordered page, and personas and runs, keep 50).',
    behaviour: (b) => defaultWithQuery(b, 'metrics', 'order_by'),
    probe: async (call) => {
      const paths = await metricLists(call);
      const sizes = await Promise.all(paths.map(async (path) => (await shape(call, path, { page_size: '1000' }))[1]));
      const busiest = paths[sizes.indexOf(Math.max(...sizes.map(Number)))]!;
      return (await shape(call, busiest, { order_by: 'metric_name' })).slice(0, 2);
    },
    shows: [200, 100],
  }),
] as const satisfies readonly Fault[];
