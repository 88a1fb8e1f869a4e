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

const UNIT_WORDS: Record<LimitUnit, string> = { chars: 'characters', bytes: 'bytes', items: 'elements' };

function describe({ min, max }: LimitBounds, unit: LimitUnit): string {
  const words = UNIT_WORDS[unit];
  if (min !== undefined && max !== undefined) return min === max ? `must be exactly ${min} ${words}` : `must be ${min} to ${max} ${words}`;
  if (max !== undefined) return `must be at most ${max} ${words}`;
  return `must be at least ${min ?? 0} ${words}`;
}

/** Throws INVALID_ARGUMENT naming `field` when `value` falls outside the limit. */
export function enforceLimit(limits: Limits, id: FieldLimitId, field: string, value: unknown): void {
  const { unit } = limitRow(id);
  const bounds = limits[id];
  const size = bounds.measure ? bounds.measure(value) : measure(unit, value);
  if ((bounds.min !== undefined && size < bounds.min) || (bounds.max !== undefined && size > bounds.max)) {
    throw invalidArgument(field, `${describe(bounds, unit)} (got ${size})`);
  }
}
