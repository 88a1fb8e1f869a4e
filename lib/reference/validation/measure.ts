// How the reference service measures a value against a row of the limits table: text in
// code points, JSON values in UTF-8 bytes of their compact text, arrays in elements.
// Kept apart from lib/contract/limits.ts's charLength / byteSize, which the suite builds
// and judges its boundary values with: a slip there must not move the reference with it.

import { FIELD_LIMITS, type FieldLimit, type FieldLimitId, type LimitUnit } from '../../contract/limits.js';
import { codePointCount } from './id-format.js';

/** UTF-8 size of a value as compact JSON; a string is measured as its own text (a lone surrogate as U+FFFD, 3 bytes). */
export function utf8Size(value: unknown): number {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the specification leaves open whether a JSON string value is measured as its text or as it is written in the body, quoted and escaped ("JSON string, max 32 KB"); only absent values, which are never measured, stringify to undefined; Buffer.byteLength reads an empty encoding as UTF-8.
  return Buffer.byteLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), 'utf8');
}

export function measure(unit: LimitUnit, value: unknown): number {
  switch (unit) {
    case 'chars':
      return codePointCount(String(value));
    case 'items':
      return Array.isArray(value) ? value.length : 0;
    case 'bytes':
      return utf8Size(value);
  }
}

const BY_ID: ReadonlyMap<string, FieldLimit> = new Map(FIELD_LIMITS.map((row) => [row.id, row]));

/** The row of the limits table with this id. */
export function limitRow(id: FieldLimitId): FieldLimit {
  const row = BY_ID.get(id);
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent (the `false` test, the text): FieldLimitId is the type of the table's ids, so every id has a row.
  if (row === undefined) throw new Error(`no limit ${id}`);
  return row;
}
