// Pure verdicts on what a list returned: the same collection two ways, and a filter's
// selection judged by the three-valued oracle (an item is wrong only when every
// reasonable reading of the filter agrees).

import { judgeFilter, valueAt, type FilterExpr, type FilterFields } from '../contract/filter/index.js';

type Item = Record<string, unknown>;

const SHOWN = 3;

export const idOf = (item: Item, idField: string): string => String(valueAt(item, idField));

export function duplicates(items: readonly Item[], idField: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of items.map((item) => idOf(item, idField))) {
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/** Up to SHOWN ids, and how many more. */
export const listed = (ids: readonly string[]): string =>
  `${ids.slice(0, SHOWN).join(', ')}${ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : ''}`;

/** Why a walk holds an item twice, or undefined. */
export function repeated(walked: readonly Item[], idField: string, how: string): string | undefined {
  const twice = duplicates(walked, idField);
  return twice.length ? `${how} returned ${twice.length} item(s) more than once: ${listed(twice)}` : undefined;
}

/** Why a walk is not the same collection as the reference walk, or undefined. */
export function walkMismatch(
  reference: readonly Item[],
  walked: readonly Item[],
  idField: string,
  how: string,
): string | undefined {
  const twice = repeated(walked, idField, how);
  if (twice) return twice;
  const expected = new Set(reference.map((item) => idOf(item, idField)));
  const got = new Set(walked.map((item) => idOf(item, idField)));
  const missing = [...expected].filter((id) => !got.has(id));
  const extra = [...got].filter((id) => !expected.has(id));
  if (missing.length) return `${how} missed ${missing.length} of ${expected.size} item(s): ${listed(missing)}`;
  if (extra.length) return `${how} returned ${extra.length} item(s) the other walk did not: ${listed(extra)}`;
  return undefined;
}

/** A filter as sent (`text`) and as the oracle reads it. */
export interface SentFilter {
  readonly expr: FilterExpr;
  readonly text: string;
}

/**
 * Why `returned` is not the selection of the filter from `all`, or undefined: a returned
 * item the filter excludes under every reading, or an item of `all` it includes under
 * every reading that did not come back.
 */
export function selectionMismatch(
  { expr, text: sent }: SentFilter,
  fields: FilterFields,
  idField: string,
  all: readonly Item[],
  returned: readonly Item[],
): string | undefined {
  const text = JSON.stringify(sent);
  const wrong = returned.filter((item) => judgeFilter(expr, item, fields) === 'no-match');
  if (wrong.length) {
    const shown = wrong.slice(0, SHOWN).map((item) => `${idOf(item, idField)} ${describe(item, expr, fields)}`);
    return `filter ${text} returned ${wrong.length} item(s) it excludes: ${shown.join('; ')}`;
  }
  const got = new Set(returned.map((item) => idOf(item, idField)));
  const missing = all.filter((item) => judgeFilter(expr, item, fields) === 'match' && !got.has(idOf(item, idField)));
  if (missing.length) {
    const shown = missing.slice(0, SHOWN).map((item) => `${idOf(item, idField)} ${describe(item, expr, fields)}`);
    return `filter ${text} left out ${missing.length} of the listed item(s) it selects: ${shown.join('; ')}`;
  }
  return undefined;
}

/** Why `returned` holds an item the unfiltered list does not, or undefined. */
export function subsetMismatch(
  idField: string,
  all: readonly Item[],
  returned: readonly Item[],
  how: string,
): string | undefined {
  const known = new Set(all.map((item) => idOf(item, idField)));
  const unknown = returned.map((item) => idOf(item, idField)).filter((id) => !known.has(id));
  return unknown.length
    ? `${how} returned ${unknown.length} item(s) the unfiltered list does not hold: ${listed(unknown)}`
    : undefined;
}

/** The compared values of an item, e.g. `(status "FAILED", create_time "2026-…")`. */
function describe(item: Item, expr: FilterExpr, fields: FilterFields): string {
  const names = [...new Set(comparedFields(expr))];
  const values = names.map((name) => {
    const path = Object.hasOwn(fields, name) ? fields[name]?.path : null;
    return `${name} ${path ? JSON.stringify(valueAt(item, path)) : '?'}`;
  });
  return `(${values.join(', ')})`;
}

function comparedFields(expr: FilterExpr): string[] {
  return expr.kind === 'cmp' ? [expr.field] : expr.terms.flatMap(comparedFields);
}
