// order_by: a listed field, descending with a leading dash or, where documented, a
// trailing ` desc`.

import type { ListField } from '../../contract/list-endpoints.js';
import { invalidArgument } from '../http/errors.js';
import type { ServedList } from './tables.js';

export interface Order {
  readonly field: string;
  readonly spec: ListField;
  readonly descending: boolean;
}

/** The spec gives no default order for personas: oldest first, then by id. */
const FALLBACK_ORDER = 'create_time';

const DASHED = /^(-?)([A-Za-z_][A-Za-z0-9_.]*)$/;
// The `\s` mutant of `\s+` survives, unmarked: the suite sends one blank before desc (more are not shown to be allowed).
const SUFFIXED = /^([A-Za-z_][A-Za-z0-9_.]*)\s+(asc|desc)$/i;

function parse(text: string, list: ServedList): { field: string; descending: boolean } | null {
  const dashed = DASHED.exec(text);
  if (dashed?.[2]) return { field: dashed[2], descending: dashed[1] === '-' };
  const suffixed = list.descSuffix ? SUFFIXED.exec(text) : null;
  if (suffixed?.[1] && suffixed[2]) {
    // Stryker disable next-line ConditionalExpression: a trailing `asc` is not in the specification ("descending by ... a trailing desc;
    // ascending otherwise"): reading `<field> asc` as descending is a form it leaves open.
    return { field: suffixed[1], descending: suffixed[2].toLowerCase() === 'desc' };
  }
  return null;
}

export function readOrder(raw: string | null, list: ServedList): Order {
  // Stryker disable next-line MethodExpression: blanks around an order_by are left open by the specification (refused or ignored).
  const text = raw?.trim() || list.defaultOrder || FALLBACK_ORDER;
  const parsed = parse(text, list);
  const spec = parsed && Object.hasOwn(list.orderFields, parsed.field) ? list.orderFields[parsed.field] : undefined;
  if (!parsed || !spec) {
    // Stryker disable next-line StringLiteral: the message is free text.
    const known = Object.keys(list.orderFields).join(', ');
    // Stryker disable next-line StringLiteral: the message is free text, and the detail's location is read only by variations and faults.
    throw invalidArgument('order_by', `"${text}" is not an order of this list; fields: ${known}`, 'query');
  }
  return { ...parsed, spec };
}
