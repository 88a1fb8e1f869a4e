// Pure verdicts that need no item's value: the selections of related filters must fit
// together. `f = x` and `f != x` (likewise `f > x` / `f <= x`, `f >= x` / `f < x`) never
// share an item, and each pair covers every item that has a value, so both pairs of
// ordering operators select the same items between them. These judge fields whose
// values no item shows (runs' created_by) and readings the value oracle leaves open
// (the order of enum values, items without a value).

import { compareTimestamps, valueAt } from '../contract/filter/index.js';
import type { ListField } from '../contract/list-endpoints.js';
import { idOf, listed } from './filter-judge.js';

type Item = Record<string, unknown>;

/** What a filter returned, with its text as sent. */
export interface Selection {
  readonly text: string;
  readonly items: readonly Item[];
}

const quoted = (s: Selection): string => JSON.stringify(s.text);
const idSet = (items: readonly Item[], idField: string): Set<string> =>
  new Set(items.map((item) => idOf(item, idField)));

/**
 * Whether the item shows a value of the field that every server can compare: text for
 * text, ids and enums, a finite number, an RFC 3339 instant. Such an item meets exactly
 * one of `f = x` and `f != x` (and of `f > x` and `f <= x`) under any consistent reading;
 * a missing or null value may meet neither, or (as an empty or lowest value) one.
 */
export function carriesValue(item: Item, field: ListField): boolean {
  if (field.path === null) return false;
  const value = valueAt(item, field.path);
  switch (field.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'timestamp':
      return compareTimestamps(value, value) !== undefined;
    case 'tags':
      return false;
    default:
      return typeof value === 'string';
  }
}

/**
 * Why two complementary selections are wrong, or undefined: an item both returned, or an
 * item of `cover` (items known to hold a value) that neither returned.
 */
export function partitionMismatch(
  a: Selection,
  b: Selection,
  idField: string,
  cover: readonly Item[] = [],
): string | undefined {
  const inB = idSet(b.items, idField);
  const both = [...idSet(a.items, idField)].filter((id) => inB.has(id));
  if (both.length)
    return `filters ${quoted(a)} and ${quoted(b)} exclude each other, yet both returned ${both.length} item(s): ${listed(both)}`;
  const returned = new Set([...idSet(a.items, idField), ...inB]);
  const neither = [...idSet(cover, idField)].filter((id) => !returned.has(id));
  if (neither.length)
    return `filters ${quoted(a)} and ${quoted(b)} together select every item that has a value, yet neither returned ${neither.length} such item(s): ${listed(neither)}`;
  return undefined;
}

/**
 * Why two pairs of complementary selections cover different items, or undefined. Either
 * pair selects the items that have a value (and, on a server that orders a missing value
 * first or last, those too, in both pairs alike).
 */
export function unionMismatch(
  p: readonly [Selection, Selection],
  q: readonly [Selection, Selection],
  idField: string,
): string | undefined {
  const union = (pair: readonly [Selection, Selection]) =>
    new Set([...idSet(pair[0].items, idField), ...idSet(pair[1].items, idField)]);
  const [up, uq] = [union(p), union(q)];
  const onlyP = [...up].filter((id) => !uq.has(id));
  const onlyQ = [...uq].filter((id) => !up.has(id));
  if (!onlyP.length && !onlyQ.length) return undefined;
  const [ids, from, other] = onlyP.length ? [onlyP, p, q] : [onlyQ, q, p];
  return `filters ${quoted(from[0])} and ${quoted(from[1])} together returned ${ids.length} item(s) that ${quoted(other[0])} and ${quoted(other[1])} together did not: ${listed(ids)}; both pairs split the same items`;
}
