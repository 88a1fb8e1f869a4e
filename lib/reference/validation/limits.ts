// Enforces one row of the limits table, measured in the row's unit, with the bounds the
// Behaviour holds for it.

import type { FieldLimitId, LimitUnit } from '../../contract/limits.js';
import { invalidArgument } from '../http/errors.js';
import { limitRow, measure } from './measure.js';

export interface LimitBounds {
  readonly min?: number;
  readonly max?: number;
  /** How a value is measured against the bounds, when not in the row's unit. */
  readonly measure?: (value: unknown) => number;
}

export type Limits = Readonly<Record<FieldLimitId, LimitBounds>>;

// Stryker disable next-line ObjectLiteral,StringLiteral: free message text (the specification asks no wording).
const UNIT_WORDS: Record<LimitUnit, string> = { chars: 'characters', bytes: 'bytes', items: 'elements' };

/** The message of a value outside the bounds. */
// Stryker disable next-line BlockStatement: free message text (the specification asks no wording).
function describe({ min, max }: LimitBounds, unit: LimitUnit): string {
  const words = UNIT_WORDS[unit];
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: free message text (the specification asks no wording).
  if (min !== undefined && max !== undefined) return min === max ? `must be exactly ${min} ${words}` : `must be ${min} to ${max} ${words}`;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: free message text (the specification asks no wording).
  if (max !== undefined) return `must be at most ${max} ${words}`;
  // Stryker disable next-line StringLiteral,LogicalOperator: free message text (the specification asks no wording).
  return `must be at least ${min ?? 0} ${words}`;
}

/** Throws INVALID_ARGUMENT naming `field` when `value` falls outside the limit. */
export function enforceLimit(limits: Limits, id: FieldLimitId, field: string, value: unknown): void {
  const { unit } = limitRow(id);
  const bounds = limits[id];
  const size = bounds.measure ? bounds.measure(value) : measure(unit, value);
  if (size < (bounds.min ?? -Infinity) || size > (bounds.max ?? Infinity)) {
    // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
    throw invalidArgument(field, `${describe(bounds, unit)} (got ${size})`);
  }
}
