// filter: parsed with the reference's own reading of the grammar (filter-syntax.ts, not the
// suite's parser); every compared field must be listed for the endpoint.

import type { ListField } from '../../contract/list-endpoints.js';
import { invalidArgument } from '../http/errors.js';
import { readFilterText, type FilterExpr } from './filter-syntax.js';
import type { ServedList } from './tables.js';

function comparedFields(expr: FilterExpr): string[] {
  return expr.kind === 'cmp' ? [expr.field] : expr.terms.flatMap(comparedFields);
}

/** The parsed filter, or null when none was given. */
export function readFilter(raw: string | null, list: ServedList): FilterExpr | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  const parsed = readFilterText(text);
  if (!parsed.ok) throw invalidArgument('filter', `${parsed.message} (at position ${parsed.position})`, 'query');
  const unknown = comparedFields(parsed.expr).find((field) => !Object.hasOwn(list.filterFields, field));
  if (unknown !== undefined) {
    const known = Object.keys(list.filterFields).join(', ');
    throw invalidArgument('filter', `"${unknown}" is not a filter field of this list; fields: ${known}`, 'query');
  }
  return parsed.expr;
}

/**
 * The filter fields as the evaluator reads them: a field the resource does not expose
 * (path null, e.g. runs' created_by) is read from the same-named hidden value.
 */
export function evaluatedFields(list: ServedList): Readonly<Record<string, ListField>> {
  return Object.fromEntries(Object.entries(list.filterFields).map(([name, field]) => [name, field.path === null ? { ...field, path: name } : field]));
}
