// The one list implementation, driven by a row of LIST_ENDPOINTS or a list of the generic layer:
// filter, order (ties by id so pages are stable), keyset pagination with opaque tokens.
//
// Every page of a query is cut from the same ordered items, so a Behaviour keeps them
// (and each record's item) for as long as the records they came from are the ones
// listed: a record is never changed in place but replaced, so the same records mean
// the same items. What a request carries (page_size, page_token, filter and order_by
// as the Behaviour reads them) is read anew every time.

import { createHash } from 'node:crypto';
import type { Behaviour, ListQuery } from '../behaviour.js';
import { evaluatedFields } from './filter.js';
import type { FilterExpr } from './filter-syntax.js';
import type { Order } from './order.js';
import type { Cursor } from './page-token.js';
import type { ServedList } from './tables.js';
import { compareRanks, rankOf, readPath, type Rank } from './values.js';
import { objectMemo, recordsMemo } from '../memo.js';
import type { JsonObject } from '../../util/json.js';

export interface ListSource<R extends object> {
  readonly list: ServedList;
  /** Tells apart collections under one list endpoint (the simulation of a metrics list). */
  readonly parent: string;
  /** The records listed, in collection order; stored records are replaced, never changed in place. */
  readonly records: readonly R[];
  /** The item a record is returned as: kept per record, so it must be the same every time (no fault's present of a listed kind keeps state). */
  view(record: R): JsonObject;
  /** Filterable values the item does not expose (filter fields whose path is null). */
  hidden?(record: R): JsonObject;
}

type Key = Cursor['after'];

/** A position in a list's order: the sort value as it ranks, and the id. */
interface Position {
  readonly rank: Rank | undefined;
  readonly id: string;
}

interface Entry extends Position {
  readonly view: JsonObject;
  /** The sort value and id as a page token carries them. */
  readonly key: Key;
}

/** A record as returned, and with its hidden values as filters read it. */
interface Presented {
  readonly view: JsonObject;
  readonly item: JsonObject;
}

/** Each record's item, by Behaviour (views depend on its choices). */
const presented = objectMemo<Presented>();

/** The items of the latest queries in order, by Behaviour. */
const sortedQueries = recordsMemo<readonly Entry[]>(256);

/** What a page token is issued for, as text: the list, the collection, the filter and the order. */
const queryIdentity = ({ list, parent }: { list: ServedList; parent: string }, filterText: string, order: Order): string =>
  JSON.stringify([list.id, parent, filterText, order.field, order.descending]);

// Stryker disable next-line MethodExpression: page tokens are opaque (rule 3): the length of the query's fingerprint is the service's own choice.
const fingerprint = (identity: string): string => createHash('sha256').update(identity).digest('hex').slice(0, 16);

/** What a query's items are sorted and kept under: the list, the collection, the filter as read, the order and the ties. */
const sortKey = ({ list, parent }: { list: ServedList; parent: string }, { filter, order, ties }: ListQuery): string =>
  JSON.stringify([list.id, parent, filter, order.field, order.descending, ties]);

function positionComparator({ order, ties }: ListQuery): (a: Position, b: Position) => number {
  const direction = order.descending ? -1 : 1;
  // Stryker disable next-line all: ties may come in any order (LIST-ORDER-BY), as long as every page of a query has the same.
  const tie = ties === 'asc' ? 1 : -1;
  // The `a.id <= b.id` mutant survives, unmarked: two items of one list never share an id (a directive would mark the others, which
  // checks kill).
  return (a, b) => direction * compareRanks(a.rank, b.rank) || tie * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function readCursor(raw: string | null, b: Behaviour, expected: string, list: ServedList): Cursor | null {
  if (!raw) return null;
  const cursor = b.lists.tokens(list).decode(raw);
  const problem = !cursor ? 'unknown' : cursor.fingerprint !== expected ? 'other-query' : undefined;
  const refusal = problem && b.lists.refuseToken(problem, list);
  if (refusal) throw refusal;
  return cursor;
}

function present<R extends object>(b: Behaviour, source: ListSource<R>, record: R): Presented {
  return presented.get(b, record, () => {
    const view = source.view(record);
    return { view, item: source.hidden ? { ...view, ...source.hidden(record) } : view };
  });
}

function entries<R extends object>(b: Behaviour, source: ListSource<R>, filter: FilterExpr | null, order: Order): Entry[] {
  const fields = evaluatedFields(source.list);
  const out: Entry[] = [];
  for (const record of source.records) {
    const { view, item } = present(b, source, record);
    if (filter && !b.lists.matches(filter, item, fields)) continue;
    // Stryker disable next-line LogicalOperator: every order field the reference serves has its own name as its path.
    const sortValue = readPath(item, order.spec.path ?? order.field);
    const key: Key = [sortValue ?? null, String(readPath(item, source.list.idField))];
    out.push({ view, key, rank: rankOf(order.spec.kind, key[0]), id: key[1] });
  }
  return out;
}

/** The query's items in order, worked out again only when the records listed have changed. */
function sortedEntries<R extends object>(b: Behaviour, source: ListSource<R>, query: ListQuery): readonly Entry[] {
  return sortedQueries.get(b, sortKey(source, query), source.records, () =>
    b.lists.sortItems(entries(b, source, query.filter, query.order), positionComparator(query), source.list, query),
  );
}

/** One page of a list, as `{<items>: [...], next_page_token}`. */
export function listPage<R extends object>(b: Behaviour, query: URLSearchParams, source: ListSource<R>): JsonObject {
  const { list } = source;
  const pageToken = query.get('page_token');
  const orderBy = query.get('order_by');
  const pageSize = b.lists.pageSize(query.get('page_size'), list, pageToken, orderBy);
  // Stryker disable next-line MethodExpression: blanks around a filter are read away anyway; the token's fingerprint only has to be the same for the same text.
  const filterText = query.get('filter')?.trim() ?? '';
  const asked: ListQuery = { orderBy, filter: b.lists.filter(filterText, list), order: b.lists.order(orderBy, list), ties: b.lists.tieOrder };
  const print = fingerprint(queryIdentity(source, filterText, asked.order));
  const cursor = readCursor(pageToken, b, print, list);
  const cut = cursor ? b.lists.continued(asked, list) : asked;

  const compare = positionComparator(cut);
  const sorted = sortedEntries(b, source, cut);
  const after = cursor && { rank: rankOf(cut.order.spec.kind, cursor.after[0]), id: cursor.after[1] };
  const firstAfter = after ? sorted.findIndex((entry) => compare(entry, after) > 0) : 0;
  // Stryker disable next-line all: resumeAt is the identity but in faults: both branches give firstAfter.
  const start = cursor && firstAfter >= 0 ? b.lists.resumeAt(firstAfter, list) : firstAfter;
  // No item after the token (start -1) only once the items after it were deleted between pages, which no walk of the suite meets: the
  // `false` mutant survives, unmarked (a directive would mark the `true` one, which checks kill).
  // Stryker disable next-line ArrayDeclaration: no item after the token only once the items after it were deleted between pages, which no walk of the suite meets.
  const page = start < 0 ? [] : sorted.slice(start, start + pageSize);
  const last = page.length ? sorted[b.lists.issuedAfter(start + page.length - 1, pageToken)] : undefined;
  // Two mutants survive, unmarked: `true` (start is -1 only after deletions, above) and `<=` (a token on a last full page leads to an
  // empty page without one, which LIST-LAST-PAGE allows).
  const more = start >= 0 && start + pageSize < sorted.length;

  const next = more && last ? b.lists.tokens(list).encode({ fingerprint: print, after: last.key }) : b.lists.endOfList(list, pageToken);
  const body: JsonObject = { [list.itemsKey]: page.map((entry) => entry.view) };
  // The `true` mutant survives, unmarked: an undefined next_page_token is left out of the JSON all the same.
  if (next !== undefined) body.next_page_token = next;
  return body;
}
