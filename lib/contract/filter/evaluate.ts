// Whether an item satisfies a filter: `matchesFilter` is one canonical reading (the
// reference server filters with its own, lib/reference/listing, and is tested against this
// one); `judgeFilter` is the suite's oracle, which answers 'unknown' wherever
// reasonable servers may differ, so that no conforming server is failed.

import type { FieldKind, FilterOperator, ListField } from '../list-endpoints.js';
import type { Comparison, FilterExpr } from './ast.js';
import { coerceFilterValue, parseNumber, sign, sortKey } from './compare.js';
import { interpretedComparisons } from './interpret.js';

export type FilterFields = Readonly<Record<string, ListField>>;
export type Verdict = 'match' | 'no-match' | 'unknown';

/** Dot-path lookup through own properties only, so `constructor` or `__proto__` never resolve. */
export function valueAt(item: unknown, path: string): unknown {
  let value = item;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The compared field's kind and the item's value; undefined when the field is unknown or not exposed. */
function resolve(
  cmp: Comparison,
  item: unknown,
  fields: FilterFields,
): { kind: FieldKind; value: unknown } | undefined {
  const field = Object.hasOwn(fields, cmp.field) ? fields[cmp.field] : undefined;
  return field?.path == null ? undefined : { kind: field.kind, value: valueAt(item, field.path) };
}

function holds(op: FilterOperator, s: number): boolean {
  switch (op) {
    case '=':
      return s === 0;
    case '!=':
      return s !== 0;
    case '<':
      return s < 0;
    case '>':
      return s > 0;
    case '<=':
      return s <= 0;
    case '>=':
      return s >= 0;
  }
}

/** The canonical reading. A missing or null value fails every comparison, `!=` included. */
export function matchesFilter(expr: FilterExpr, item: unknown, fields: FilterFields): boolean {
  if (expr.kind !== 'cmp') {
    const test = (t: FilterExpr) => matchesFilter(t, item, fields);
    return expr.kind === 'and' ? expr.terms.every(test) : expr.terms.some(test);
  }
  const target = resolve(expr, item, fields);
  if (target?.value == null) return false;
  if (target.kind === 'tags') return matchesTags(expr, target.value);
  const a = sortKey(target.kind, target.value);
  const b = coerceFilterValue(target.kind, expr.value);
  return a !== undefined && b !== undefined && holds(expr.op, sign(a, b));
}

/** `tag = x` holds when x is an element, `tag != x` when it is not; tags have no order. */
function matchesTags(cmp: Comparison, tags: unknown): boolean {
  if (!Array.isArray(tags)) return false;
  return cmp.op === '=' ? tags.includes(cmp.value) : cmp.op === '!=' && !tags.includes(cmp.value);
}

/** The suite's reading: 'match' or 'no-match' only when every reasonable interpretation agrees. */
export function judgeFilter(expr: FilterExpr, item: unknown, fields: FilterFields): Verdict {
  if (expr.kind === 'cmp') return judgeComparison(expr, item, fields);
  const verdicts = expr.terms.map((t) => judgeFilter(t, item, fields));
  const decisive: Verdict = expr.kind === 'and' ? 'no-match' : 'match';
  const other: Verdict = expr.kind === 'and' ? 'match' : 'no-match';
  if (verdicts.includes(decisive)) return decisive;
  return verdicts.every((v) => v === other) ? other : 'unknown';
}

const agreed = (results: boolean[]): Verdict =>
  results.every(Boolean) ? 'match' : results.some(Boolean) ? 'unknown' : 'no-match';

function judgeComparison(cmp: Comparison, item: unknown, fields: FilterFields): Verdict {
  const target = resolve(cmp, item, fields);
  if (target === undefined || target.value === undefined) return 'unknown';
  if (target.value === null) return judgeNull(cmp);
  if (target.kind === 'tags') return judgeTags(cmp, target.value);
  // The order of enum values is the server's own (often declaration order).
  if (target.kind === 'enum' && cmp.op !== '=' && cmp.op !== '!=') return 'unknown';
  const other = target.kind === 'number' ? parseNumber(cmp.value) : cmp.value;
  const signs = interpretedComparisons(target.kind, target.value, other);
  return signs === undefined ? 'unknown' : agreed(signs.map((s) => holds(cmp.op, s)));
}

/**
 * null equals no concrete value, but a server may let `null`, an empty value or zero
 * (protobuf defaults) stand for it, and may order null first, last, or not at all.
 */
function judgeNull(cmp: Comparison): Verdict {
  const emptyLike = cmp.value === '' || cmp.value.toLowerCase() === 'null' || parseNumber(cmp.value) === 0;
  return cmp.op === '=' && !emptyLike ? 'no-match' : 'unknown';
}

/** `tag != x` may mean "x is not a tag" or "some tag is not x". */
function judgeTags(cmp: Comparison, tags: unknown): Verdict {
  if (!Array.isArray(tags)) return 'unknown';
  if (cmp.op === '=') return tags.includes(cmp.value) ? 'match' : 'no-match';
  if (cmp.op === '!=') return agreed([!tags.includes(cmp.value), tags.some((t) => t !== cmp.value)]);
  return 'unknown';
}
