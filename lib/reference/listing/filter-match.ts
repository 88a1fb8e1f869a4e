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

/** Tags have no order: an ordering comparison on them never holds (the suite does not judge one: the specification shows none). */
function tagsHold(cmp: Comparison, tags: unknown): boolean {
  // The `false` mutant survives, unmarked: every run holds its tags as a list.
  // Stryker disable next-line BooleanLiteral: every run holds its tags as a list.
  if (!Array.isArray(tags)) return false;
  const present = tags.some((tag) => tag === cmp.value);
  if (cmp.op === '=') return present;
  // The `true` mutant survives, unmarked: an ordering comparison on tags is not judged.
  if (cmp.op === '!=') return !present;
  // Stryker disable next-line BooleanLiteral: an ordering comparison on tags is not judged (tags have no order the specification shows).
  return false;
}

function comparisonHolds(cmp: Comparison, item: unknown, fields: FilterFields): boolean {
  const field = Object.getOwnPropertyDescriptor(fields, cmp.field)?.value as ListField | undefined;
  // Only faults let a field the list does not have this far (readFilter refuses it), and evaluatedFields gives every field a path: the
  // `false` mutants survive, unmarked (a directive would mark the `true` one, which checks kill).
  // Stryker disable next-line LogicalOperator,BooleanLiteral: only faults let a field the list does not have this far, and every field has a path.
  if (field === undefined || field.path === null) return false;
  // A missing value (undefined, null) ranks as nothing below, and is no list of tags.
  const actual = readPath(item, field.path);
  if (field.kind === 'tags') return tagsHold(cmp, actual);
  const right = literalRank(field.kind, cmp.value);
  if (right === undefined) return false;
  // A missing value ranks as nothing: no comparison holds for it. Every item the reference lists shows a value for each filter field of
  // its list (created_by among its hidden ones), so the `false` mutant survives, unmarked (a directive would mark the `true` one, which
  // checks kill).
  const left = rankOf(field.kind, actual);
  // Stryker disable next-line BooleanLiteral: every item the reference lists shows a value for each filter field of its list.
  if (left === undefined) return false;
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
