// Whether an item satisfies a parsed filter, as the reference service decides it: one
// reading, no doubt. A missing or null value fails every comparison, `!=` included; a
// tags field holds `= x` when x is an element and `!= x` when it is not, and has no order.
//
// Kept apart from the suite's oracle (lib/contract/filter) on purpose: see filter-syntax.ts.

import type { FilterOperator, ListField } from '../../contract/list-endpoints.js';
import type { Comparison, FilterExpr } from './filter-syntax.js';
import { literalRank, rankOf, rankOrder, readPath } from './values.js';

export type FilterFields = Readonly<Record<string, ListField>>;

/** For each operator, the orders of (item value, literal) under which it holds. */
const SATISFIED_BY: Readonly<Record<FilterOperator, readonly (-1 | 0 | 1)[]>> = {
  '=': [0],
  '!=': [-1, 1],
  '<': [-1],
  '<=': [-1, 0],
  '>': [1],
  '>=': [0, 1],
};

function tagsHold(cmp: Comparison, tags: unknown): boolean {
  if (!Array.isArray(tags)) return false;
  const present = tags.some((tag) => tag === cmp.value);
  if (cmp.op === '=') return present;
  if (cmp.op === '!=') return !present;
  return false;
}

function comparisonHolds(cmp: Comparison, item: unknown, fields: FilterFields): boolean {
  const field = Object.getOwnPropertyDescriptor(fields, cmp.field)?.value as ListField | undefined;
  if (field === undefined || field.path === null) return false;
  const actual = readPath(item, field.path);
  if (actual === undefined || actual === null) return false;
  if (field.kind === 'tags') return tagsHold(cmp, actual);
  const left = rankOf(field.kind, actual);
  const right = literalRank(field.kind, cmp.value);
  if (left === undefined || right === undefined) return false;
  return SATISFIED_BY[cmp.op].includes(rankOrder(left, right));
}

export function itemMatches(expr: FilterExpr, item: unknown, fields: FilterFields): boolean {
  switch (expr.kind) {
    case 'cmp':
      return comparisonHolds(expr, item, fields);
    case 'and':
      for (const term of expr.terms) if (!itemMatches(term, item, fields)) return false;
      return true;
    case 'or':
      for (const term of expr.terms) if (itemMatches(term, item, fields)) return true;
      return false;
  }
}
