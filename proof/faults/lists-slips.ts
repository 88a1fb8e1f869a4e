// List faults that slip the list rules in the common ways of the fault model (slips.ts): on
// one list only (scope), on the first page only, on the pages after a token (first-page), or
// in the order across pages (order). Each acts through one seam of the list policy
// (Behaviour.lists); those on the pages after a token through `continued`, `issuedAfter` and
// the page token the page_size seam is given.

import type { ServedList } from '../../lib/reference/listing/tables.js';
import type { Behaviour, ListQuery } from '../../lib/reference/behaviour.js';
import { readFilterText, type FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { fault, type Fault } from './define.js';
import { asAnd, isBlank, onList, prune, tokenAcceptedOn } from './list-seams.js';
import { walk, RUNS, PERSONAS, everySimulation, page, counted, list } from '../probes/lists-slips.js';

/** The expression with each comparison changed by `touch`. */
const mapComparisons = (
  expr: FilterExpr,
  touch: (cmp: Extract<FilterExpr, { kind: 'cmp' }>) => FilterExpr,
): FilterExpr =>
  expr.kind === 'cmp' ? touch(expr) : { kind: expr.kind, terms: expr.terms.map((term) => mapComparisons(term, touch)) };

/** A double-quoted value compared with its quotes still on (so it matches nothing). */
const quotesKept = (expr: FilterExpr): FilterExpr =>
  mapComparisons(expr, (cmp) => (cmp.quoted ? { ...cmp, value: `"${cmp.value}"`, quoted: false } : cmp));

/** The query the pages after a token are cut from, as `cut` has it; the first page keeps the query asked. */
function afterToken(b: Behaviour, cut: (query: ListQuery, list: ServedList) => ListQuery): void {
  const continued = b.lists.continued;
  b.lists.continued = (query, list) => cut(continued(query, list), list);
}

export const LISTS_SLIPS_FAULTS = [
  // Pagination
  fault({
    id: 'list-token-after-extra-item',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['first-page'],
    description:
      'A page after a token reads one item more than page_size (to see whether more follow) and issues its next_page_token after that extra item, as the first page does not: from the third page on, one item at each page boundary is skipped.',
    behaviour: (b) => {
      const issuedAfter = b.lists.issuedAfter;
      b.lists.issuedAfter = (last, pageToken) => issuedAfter(last, pageToken) + (isBlank(pageToken) ? 0 : 1);
    },
    probe: (call) => walk(call, RUNS, { page_size: '7' }),
  }),
  fault({
    id: 'list-ties-reversed-after-token',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['order'],
    description:
      'The query for the pages after a token breaks ties of the sort value by id the other way round from the first page: an item sharing its sort value with the last item of a page is skipped, or comes twice.',
    behaviour: (b) => {
      afterToken(b, (query) => ({ ...query, ties: query.ties === 'asc' ? 'desc' : 'asc' }));
    },
    probe: (call) => walk(call, PERSONAS, { page_size: '7' }),
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
    probe: (call) => everySimulation(call, (path) => walk(call, path, { page_size: '2' })),
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
    probe: (call) => counted(call, RUNS, { page_size: '1.5' }),
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
    probe: (call) => counted(call, PERSONAS, { page_token: 'forged!token' }),
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
      return counted(call, RUNS, { page_size: '5', order_by: '-create_time', page_token: first.body.next_page_token });
    },
    shows: [200, 4],
  }),
  fault({
    id: 'list-page-after-token-one-short',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['first-page'],
    description:
      "A page after a token is read from the token's item on, which is then dropped: it holds one item fewer than page_size (the first page is full).",
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        return isBlank(pageToken) ? size : Math.max(1, size - 1);
      };
    },
    probe: async (call) => {
      const first = await list(call, RUNS, { page_size: '7' });
      return counted(call, RUNS, { page_size: '7', page_token: first.body.next_page_token });
    },
    shows: [200, 6],
  }),

  // order_by
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
    probe: (call) => page(call, PERSONAS, { page_size: '5', order_by: 'name' }),
  }),
  fault({
    id: 'list-order-direction-lost-after-token',
    requirements: ['LIST-ORDER-BY'],
    slips: ['first-page'],
    description:
      "The page token keeps order_by's field, not its leading dash: with order_by=-<field> the first page comes descending, the pages after a token ascending.",
    behaviour: (b) => {
      afterToken(b, (query) =>
        /^\s*-/.test(query.orderBy ?? '') ? { ...query, order: { ...query.order, descending: false } } : query,
      );
    },
    probe: (call) => walk(call, PERSONAS, { page_size: '50', order_by: '-name' }),
  }),
  fault({
    id: 'list-order-desc-suffix-ignored',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['order'],
    description: 'order_by "<field> desc" is accepted, but the trailing desc is dropped: the items come ascending.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => order(raw === null ? null : raw.replace(/\s+desc\s*$/i, ''), list);
    },
    probe: (call) => page(call, PERSONAS, { page_size: '5', order_by: 'name desc' }),
  }),
  fault({
    id: 'list-order-desc-suffix-first-page-only',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['first-page'],
    description:
      'On the pages after a token, order_by is read by a parser that knows only the leading dash: "<field> desc" is read as "<field>", so the first page comes descending and the pages after it ascending.',
    behaviour: (b) => {
      afterToken(b, (query, list) =>
        /\s+desc\s*$/i.test(query.orderBy ?? '')
          ? { ...query, order: b.lists.order(query.orderBy!.replace(/\s+desc\s*$/i, ''), list) }
          : query,
      );
    },
    probe: (call) => walk(call, PERSONAS, { page_size: '50', order_by: 'name desc' }),
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
    probe: (call) => everySimulation(call, (path) => page(call, path, { page_size: '1000' })),
  }),
  fault({
    id: 'list-default-order-first-page-only',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['first-page'],
    description:
      "Without order_by, the default order's direction is applied to the first page only: the pages after a token come ascending (runs: oldest first after the newest first page).",
    behaviour: (b) => {
      afterToken(b, (query) =>
        isBlank(query.orderBy) ? { ...query, order: { ...query.order, descending: false } } : query,
      );
    },
    probe: (call) => walk(call, RUNS, { page_size: '50' }),
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
    probe: (call) => counted(call, RUNS, { order_by: 'no_such_field' }),
    shows: [200, 50],
  }),

  // filter
  fault({
    id: 'list-filter-first-page-only',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['first-page'],
    description:
      'The filter is applied to the first page only: the pages after a token go on through the whole collection, unfiltered.',
    behaviour: (b) => {
      afterToken(b, (query) => ({ ...query, filter: null }));
    },
    probe: (call) => walk(call, RUNS, { page_size: '5', filter: 'status = FAILED' }),
  }),
  fault({
    id: 'list-filter-or-as-and-after-token',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['first-page'],
    description:
      "The page token keeps the filter's comparisons, not how they are joined: on the pages after it, OR acts as AND.",
    behaviour: (b) => {
      afterToken(b, (query) => (query.filter ? { ...query, filter: asAnd(query.filter) } : query));
    },
    probe: (call) => walk(call, RUNS, { page_size: '2', filter: 'status = FAILED OR status = PENDING' }),
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
    probe: (call) =>
      everySimulation(call, (path) => page(call, path, { page_size: '1000', filter: 'status = "COMPLETED"' })),
    shows: [
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
    ],
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
    probe: (call) => page(call, RUNS, { page_size: '1000', filter: 'status="COMPLETED"' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-quotes-kept-after-token',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['first-page'],
    description:
      'On the pages after a token, a double-quoted value keeps its quotes when compared: a quoted comparison matches on the first page only.',
    behaviour: (b) => {
      afterToken(b, (query) => (query.filter ? { ...query, filter: quotesKept(query.filter) } : query));
    },
    probe: (call) => walk(call, RUNS, { page_size: '5', filter: 'status = "COMPLETED"' }),
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
    probe: (call) => counted(call, PERSONAS, { filter: 'no_such_field = 1' }),
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
    probe: (call) => counted(call, RUNS, { filter: 'status =' }),
    shows: [200, 50],
  }),
] as const satisfies readonly Fault[];
