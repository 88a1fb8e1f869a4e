// The one list implementation, driven by a row of LIST_ENDPOINTS: filter, order (ties
// by id so pages are stable), keyset pagination with opaque tokens.

import { createHash } from 'node:crypto';
import type { ListEndpoint } from '../../contract/list-endpoints.js';
import type { Behaviour } from '../behaviour.js';
import { evaluatedFields } from './filter.js';
import type { FilterExpr } from './filter-syntax.js';
import type { Order } from './order.js';
import type { Cursor } from './page-token.js';
import { compareByKind, readPath } from './values.js';
import type { JsonObject } from '../../util/json.js';

export interface ListSource<R> {
  readonly list: ListEndpoint;
  /** Tells apart collections under one list endpoint (the simulation of a metrics list). */
  readonly parent: string;
  readonly records: Iterable<R>;
  view(record: R): JsonObject;
  /** Filterable values the item does not expose (filter fields whose path is null). */
  hidden?(record: R): JsonObject;
}

type Key = Cursor['after'];

interface Entry {
  readonly view: JsonObject;
  readonly key: Key;
}

function fingerprint({ list, parent }: { list: ListEndpoint; parent: string }, filterText: string, order: Order): string {
  const query = JSON.stringify([list.id, parent, filterText, order.field, order.descending]);
  return createHash('sha256').update(query).digest('hex').slice(0, 16);
}

function keyComparator(order: Order, tieOrder: Behaviour['lists']['tieOrder']): (a: Key, b: Key) => number {
  const direction = order.descending ? -1 : 1;
  const tie = tieOrder === 'asc' ? 1 : -1;
  return (a, b) => direction * compareByKind(order.spec.kind, a[0], b[0]) || tie * (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}

function readCursor(raw: string | null, b: Behaviour, expected: string): Cursor | null {
  if (raw === null || raw === '') return null;
  const cursor = b.lists.tokens.decode(raw);
  const problem = !cursor ? 'unknown' : cursor.fingerprint !== expected ? 'other-query' : undefined;
  const refusal = problem && b.lists.refuseToken(problem);
  if (refusal) throw refusal;
  return cursor;
}

function entries<R>(b: Behaviour, source: ListSource<R>, filter: FilterExpr | null, order: Order): Entry[] {
  const fields = evaluatedFields(source.list);
  const out: Entry[] = [];
  for (const record of source.records) {
    const view = source.view(record);
    const item = source.hidden ? { ...view, ...source.hidden(record) } : view;
    if (filter && !b.lists.matches(filter, item, fields)) continue;
    out.push({ view, key: [readPath(item, order.spec.path ?? order.field) ?? null, String(readPath(item, source.list.idField))] });
  }
  return out;
}

/** One page of a list, as `{<items>: [...], next_page_token}`. */
export function listPage<R>(b: Behaviour, query: URLSearchParams, source: ListSource<R>): JsonObject {
  const { list } = source;
  const pageSize = b.lists.pageSize(query.get('page_size'), list);
  const filterText = query.get('filter')?.trim() ?? '';
  const filter = b.lists.filter(filterText, list);
  const order = b.lists.order(query.get('order_by'), list);
  const print = fingerprint(source, filterText, order);
  const pageToken = query.get('page_token');
  const cursor = readCursor(pageToken, b, print);

  const compare = keyComparator(order, b.lists.tieOrder);
  const sorted = entries(b, source, filter, order).sort((x, y) => compare(x.key, y.key));
  const firstAfter = cursor ? sorted.findIndex((entry) => compare(entry.key, cursor.after) > 0) : 0;
  const start = cursor && firstAfter >= 0 ? b.lists.resumeAt(firstAfter) : firstAfter;
  const page = start < 0 ? [] : sorted.slice(start, start + pageSize);
  const last = page[page.length - 1];
  const more = start >= 0 && start + pageSize < sorted.length;

  const next = more && last ? b.lists.tokens.encode({ fingerprint: print, after: last.key }) : b.lists.endOfList(list, pageToken);
  const body: JsonObject = { [list.itemsKey]: page.map((entry) => entry.view) };
  if (next !== undefined) body.next_page_token = next;
  return body;
}
