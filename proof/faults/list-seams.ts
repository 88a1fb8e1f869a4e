// The small seams the list faults (lists.ts, lists-per-list.ts, generic.ts) share: a blank
// parameter, the filter reshaped (its ORs as ANDs, comparisons dropped, quotes kept), and one
// seam of the list policy replaced on one list only.

import { listEndpoint, type ListEndpoint } from '../../lib/contract/list-endpoints.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { GenericListId } from '../../lib/reference/generic/lists.js';
import type { Comparison, FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { Cursor } from '../../lib/reference/listing/page-token.js';
import type { ServedList } from '../../lib/reference/listing/tables.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { respondWith } from './define.js';

type Lists = Behaviour['lists'];

/** A list the reference serves, by id: the contract's three and those beyond it. */
export type ListId = ListEndpoint['id'] | GenericListId;

/** Whether a query parameter is absent or blank. */
export const isBlank = (raw: string | null): boolean => (raw ?? '').trim() === '';

/** The expression with its ORs read as ANDs. */
export const asAnd = (expr: FilterExpr): FilterExpr =>
  expr.kind === 'cmp' ? expr : { kind: 'and', terms: expr.terms.map(asAnd) };

/** The expression without the comparisons `keep` rejects; null when none is left. */
export function prune(expr: FilterExpr, keep: (cmp: Comparison) => boolean): FilterExpr | null {
  if (expr.kind === 'cmp') return keep(expr) ? expr : null;
  const terms = expr.terms.map((term) => prune(term, keep)).filter((term): term is FilterExpr => term !== null);
  return terms.length > 1 ? { kind: expr.kind, terms } : (terms[0] ?? null);
}

/** The expression with each comparison changed by `touch`. */
const mapComparisons = (
  expr: FilterExpr,
  touch: (cmp: Extract<FilterExpr, { kind: 'cmp' }>) => FilterExpr,
): FilterExpr =>
  expr.kind === 'cmp' ? touch(expr) : { kind: expr.kind, terms: expr.terms.map((term) => mapComparisons(term, touch)) };

/** A double-quoted value compared with its quotes still on (so it matches nothing). */
export const quotesKept = (expr: FilterExpr): FilterExpr =>
  mapComparisons(expr, (cmp) => (cmp.quoted ? { ...cmp, value: `"${cmp.value}"`, quoted: false } : cmp));

type PerList = 'pageSize' | 'order' | 'filter' | 'endOfList' | 'resumeAt' | 'refuseToken';

/** Seam `key` of the list policy replaced on list `id` by `on` (`correct`: the one it replaces); the other lists keep it. */
export function onList<K extends PerList>(b: Behaviour, id: ListId, key: K, on: (correct: Lists[K]) => Lists[K]): void {
  const correct = b.lists[key];
  const replaced = on(correct);
  b.lists[key] = ((...args: Parameters<Lists[K]>) => {
    const list = (key === 'endOfList' ? args[0] : args[1]) as ServedList;
    const chosen = list.id === id ? replaced : correct;
    return (chosen as (...a: Parameters<Lists[K]>) => ReturnType<Lists[K]>)(...args);
  }) as Lists[K];
}

/**
 * Page tokens read otherwise, written as they are: `read` gets the token, its list, and the correct reading of it (a
 * cursor, or null for a token the service did not issue).
 */
export function tokensReadAs(
  b: Behaviour,
  read: (token: string, list: ServedList, correct: (token: string) => Cursor | null) => Cursor | null,
): void {
  const tokens = b.lists.tokens;
  b.lists.tokens = (list) => {
    const codec = tokens(list);
    return { encode: (cursor) => codec.encode(cursor), decode: (token) => read(token, list, (t) => codec.decode(t)) };
  };
}

/** The answer to a page_token problem on list `id`: null (go on from the first page) for `problem`. */
export function tokenAcceptedOn(b: Behaviour, id: ListId, problem: 'unknown' | 'other-query'): void {
  onList(b, id, 'refuseToken', (refuse) => (found, list) => (found === problem ? null : refuse(found, list)));
}

/** The items of list `id`'s pages after a token reshaped by `touch`, its first page kept: pages after a token built apart. */
export function itemsAfterToken(b: Behaviour, id: ListEndpoint['id'], touch: (item: JsonObject) => JsonObject): void {
  const { path, itemsKey } = listEndpoint(id);
  let token: string | null = null;
  const pageSize = b.lists.pageSize;
  b.lists.pageSize = (raw, list, pageToken) => {
    token = pageToken;
    return pageSize(raw, list, pageToken);
  };
  respondWith(b, `GET ${path}`, (body) =>
    token ? { ...body, [itemsKey]: (body[itemsKey] as JsonObject[]).map(touch) } : body,
  );
}

/** The second item of list `id` (no path parameters), listed one a page: on the page after a token. */
export async function secondListed(call: Call, id: ListEndpoint['id']): Promise<JsonObject | undefined> {
  const { path, itemsKey } = listEndpoint(id);
  const first = await call('GET', `${path}?page_size=1`);
  const token = encodeURIComponent(String(first.body?.next_page_token));
  return (await call('GET', `${path}?page_size=1&page_token=${token}`)).body?.[itemsKey]?.[0];
}
