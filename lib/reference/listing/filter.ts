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
  // Stryker disable next-line MethodExpression,OptionalChaining,StringLiteral: listPage passes the filter text already trimmed, '' when
  // absent (never null).
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  const parsed = readFilterText(text);
  // Stryker disable next-line StringLiteral: the message is free text, and the detail's location is read only by variations and faults.
  if (!parsed.ok) throw invalidArgument('filter', `${parsed.message} (at position ${parsed.position})`, 'query');
  const unknown = comparedFields(parsed.expr).find((field) => !Object.hasOwn(list.filterFields, field));
  if (unknown !== undefined) {
    // Stryker disable next-line StringLiteral: the message is free text.
    const known = Object.keys(list.filterFields).join(', ');
    // Stryker disable next-line StringLiteral: the message is free text, and the detail's location is read only by variations and faults.
    throw invalidArgument('filter', `"${unknown}" is not a filter field of this list; fields: ${known}`, 'query');
  }
  return parsed.expr;
}

/**
 * The filter fields as the evaluator reads them: a field the resource does not expose
 * (path null, e.g. runs' created_by) is read from the same-named hidden value.
 */
export function evaluatedFields(list: ServedList): Readonly<Record<string, ListField>> {
  // Stryker disable next-line ConditionalExpression: only runs' created_by has no path, and it is never shown, so no client knows which
  // runs a filter on it must match (the filter must only be accepted and return listed runs: LIST-FILTER-FIELDS).
  return Object.fromEntries(Object.entries(list.filterFields).map(([name, field]) => [name, field.path === null ? { ...field, path: name } : field]));
}
