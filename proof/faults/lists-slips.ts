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
  fault(
    'list-token-after-extra-item',
    ['LIST-PAGINATION-COMPLETE'],
    'A page after a token reads one item more than page_size (to see whether more follow) and issues its next_page_token after that extra item, as the first page does not: from the third page on, one item at each page boundary is skipped.',
    (b) => {
      const issuedAfter = b.lists.issuedAfter;
      b.lists.issuedAfter = (last, pageToken) => issuedAfter(last, pageToken) + (isBlank(pageToken) ? 0 : 1);
    },
  ),
  fault(
    'list-ties-reversed-after-token',
    ['LIST-PAGINATION-COMPLETE'],
    'The query for the pages after a token breaks ties of the sort value by id the other way round from the first page: an item sharing its sort value with the last item of a page is skipped, or comes twice.',
    (b) => {
      afterToken(b, (query) => ({ ...query, ties: query.ties === 'asc' ? 'desc' : 'asc' }));
    },
  ),
  fault(
    'metrics-last-page-echoes-token',
    ['LIST-LAST-PAGE'],
    'Metrics only: the last page answers with the page_token it was fetched with, so a walk never ends (personas and runs end theirs).',
    (b) => {
      onList(b, 'metrics', 'endOfList', (end) => (list, pageToken) => pageToken || end(list, pageToken));
    },
  ),
  fault(
    'runs-page-size-parse-int',
    ['LIST-PAGE-SIZE-INVALID'],
    'Runs only: page_size is read with parseInt, so "1.5" is 1 and "abc" the default (personas and metrics refuse them).',
    (b) => {
      onList(b, 'runs', 'pageSize', (read) => (raw, list, pageToken) => {
        const parsed = Number.parseInt(raw ?? '', 10);
        return read(Number.isNaN(parsed) ? null : String(parsed), list, pageToken);
      });
    },
  ),
  fault(
    'personas-forged-token-first-page',
    ['LIST-PAGE-TOKEN-FORGED'],
    'Personas only: a page_token the service never issued gets the first page (runs and metrics refuse it).',
    (b) => {
      tokenAcceptedOn(b, 'personas', 'unknown');
    },
  ),
  fault(
    'runs-stale-token-accepted',
    ['LIST-PAGE-TOKEN-STALE'],
    'Runs only: a page_token issued for another filter or order_by is used as is (personas and metrics refuse it).',
    (b) => {
      tokenAcceptedOn(b, 'runs', 'other-query');
    },
  ),
  fault(
    'list-page-after-token-one-short',
    ['LIST-FULL-PAGES'],
    "A page after a token is read from the token's item on, which is then dropped: it holds one item fewer than page_size (the first page is full).",
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        return isBlank(pageToken) ? size : Math.max(1, size - 1);
      };
    },
  ),

  // order_by
  fault(
    'personas-order-by-name-as-create-time',
    ['LIST-ORDER-BY'],
    "Personas only: order_by=name is accepted, then sorts by create_time in the direction asked (the handler's column map lacks name); the other fields and lists sort right.",
    (b) => {
      onList(b, 'personas', 'order', (order) => (raw, list) => {
        const read = order(raw, list);
        return read.field === 'name' ? order(read.descending ? '-create_time' : 'create_time', list) : read;
      });
    },
  ),
  fault(
    'list-order-direction-lost-after-token',
    ['LIST-ORDER-BY'],
    "The page token keeps order_by's field, not its leading dash: with order_by=-<field> the first page comes descending, the pages after a token ascending.",
    (b) => {
      afterToken(b, (query) =>
        /^\s*-/.test(query.orderBy ?? '') ? { ...query, order: { ...query.order, descending: false } } : query,
      );
    },
  ),
  fault(
    'list-order-desc-suffix-ignored',
    ['LIST-ORDER-BY-DESC-SUFFIX'],
    'order_by "<field> desc" is accepted, but the trailing desc is dropped: the items come ascending.',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => order(raw === null ? null : raw.replace(/\s+desc\s*$/i, ''), list);
    },
  ),
  fault(
    'list-order-desc-suffix-first-page-only',
    ['LIST-ORDER-BY-DESC-SUFFIX'],
    'On the pages after a token, order_by is read by a parser that knows only the leading dash: "<field> desc" is read as "<field>", so the first page comes descending and the pages after it ascending.',
    (b) => {
      afterToken(b, (query, list) =>
        /\s+desc\s*$/i.test(query.orderBy ?? '')
          ? { ...query, order: b.lists.order(query.orderBy!.replace(/\s+desc\s*$/i, ''), list) }
          : query,
      );
    },
  ),
  fault(
    'metrics-default-order-create-time',
    ['LIST-ORDER-DEFAULT'],
    'Metrics only: without order_by, metric outputs come by create_time, not by metric_name (runs keep -create_time).',
    (b) => {
      onList(b, 'metrics', 'order', (order) => (raw, list) => order(isBlank(raw) ? 'create_time' : raw, list));
    },
  ),
  fault(
    'list-default-order-first-page-only',
    ['LIST-ORDER-DEFAULT'],
    "Without order_by, the default order's direction is applied to the first page only: the pages after a token come ascending (runs: oldest first after the newest first page).",
    (b) => {
      afterToken(b, (query) =>
        isBlank(query.orderBy) ? { ...query, order: { ...query.order, descending: false } } : query,
      );
    },
  ),
  fault(
    'runs-order-unknown-field-default',
    ['LIST-ORDER-BY-UNKNOWN'],
    'Runs only: an order_by the service cannot read falls back to the default order (personas and metrics refuse it).',
    (b) => {
      onList(b, 'runs', 'order', (order) => (raw, list) => {
        try {
          return order(raw, list);
        } catch {
          return order(null, list);
        }
      });
    },
  ),

  // filter
  fault(
    'list-filter-first-page-only',
    ['LIST-FILTER-FIELDS'],
    'The filter is applied to the first page only: the pages after a token go on through the whole collection, unfiltered.',
    (b) => {
      afterToken(b, (query) => ({ ...query, filter: null }));
    },
  ),
  fault(
    'list-filter-or-as-and-after-token',
    ['LIST-FILTER-AND-OR'],
    "The page token keeps the filter's comparisons, not how they are joined: on the pages after it, OR acts as AND.",
    (b) => {
      afterToken(b, (query) => (query.filter ? { ...query, filter: asAnd(query.filter) } : query));
    },
  ),
  fault(
    'metrics-filter-quoted-never-match',
    ['LIST-FILTER-QUOTING'],
    'Metrics only: a double-quoted value keeps its quotes when compared, so it matches nothing (personas and runs unquote it).',
    (b) => {
      onList(b, 'metrics', 'filter', (read) => (raw, list) => {
        const expr = read(raw, list);
        return expr && quotesKept(expr);
      });
    },
  ),
  fault(
    'runs-filter-compact-quotes-kept',
    ['LIST-FILTER-COMPACT'],
    'Runs only: a word runs on through a quote, so in `status="COMPLETED"` the quotes stay part of the value and it matches nothing (with blanks around the operator, and on personas and metrics, quotes are read).',
    (b) => {
      onList(b, 'runs', 'filter', (read) => (raw, list) => {
        const expr = read(raw, list);
        return expr && /[=!<>]"/.test(raw ?? '') ? quotesKept(expr) : expr;
      });
    },
  ),
  fault(
    'list-filter-quotes-kept-after-token',
    ['LIST-FILTER-QUOTING'],
    'On the pages after a token, a double-quoted value keeps its quotes when compared: a quoted comparison matches on the first page only.',
    (b) => {
      afterToken(b, (query) => (query.filter ? { ...query, filter: quotesKept(query.filter) } : query));
    },
  ),
  fault(
    'personas-filter-unknown-field-ignored',
    ['LIST-FILTER-UNKNOWN-FIELD'],
    'Personas only: comparisons on fields the list does not have are dropped (runs and metrics refuse them).',
    (b) => {
      onList(b, 'personas', 'filter', (read) => (raw, list) => {
        const parsed = readFilterText(raw ?? '');
        return parsed.ok ? prune(parsed.expr, (cmp) => Object.hasOwn(list.filterFields, cmp.field)) : read(raw, list);
      });
    },
  ),
  fault(
    'runs-filter-malformed-ignored',
    ['LIST-FILTER-MALFORMED'],
    'Runs only: a filter that does not parse is ignored, and every run comes back (personas and metrics refuse it).',
    (b) => {
      onList(
        b,
        'runs',
        'filter',
        (read) => (raw, list) => (isBlank(raw) || readFilterText(raw ?? '').ok ? read(raw, list) : null),
      );
    },
  ),
] as const satisfies readonly Fault[];
