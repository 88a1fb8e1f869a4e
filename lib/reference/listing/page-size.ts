// page_size: an integer within the list's bounds; the Behaviour decides whether an
// out-of-range value is refused or clamped.

import type { ServedList } from './tables.js';
import { invalidArgument } from '../http/errors.js';

// The `[^+-]?` mutant survives, unmarked: a page_size of one other character before digits is no number, refused as out of range
// all the same, and whether `+7` is an integer is left open.
const INTEGER = /^[+-]?\d+$/;

export function readPageSize(raw: string | null, list: ServedList, outOfRange: 'reject' | 'clamp'): number {
  const { default: fallback, min, max } = list.pageSize;
  if (raw === null) return fallback;
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: an empty or blank page_size (default or refused) is
  // left open by the specification.
  if (raw.trim() === '') return fallback;
  // Stryker disable next-line MethodExpression,StringLiteral: blanks around page_size are left open (refused or ignored); the message is
  // free text, and the detail's location is read only by variations and faults.
  if (!INTEGER.test(raw.trim())) throw invalidArgument('page_size', `must be an integer, got "${raw}"`, 'query');
  const size = Number(raw);
  if (size >= min && size <= max) return size;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,MethodExpression: the specification leaves open
  // whether an out-of-range page_size is refused or clamped (LIST-PAGE-SIZE-BOUNDS allows both); by default it is refused, only the
  // rest-statuses variation clamps.
  if (outOfRange === 'clamp') return Math.min(max, Math.max(min, size));
  // Stryker disable next-line StringLiteral: the message is free text, and the detail's location is read only by variations and faults.
  throw invalidArgument('page_size', `must be ${min} to ${max}, got ${size}`, 'query');
}
