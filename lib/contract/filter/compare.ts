// One canonical order: one interpretation per kind, which the filter generator sorts values
// with and test/reference/listing-filter.test.ts holds the reference's own reading
// (lib/reference/listing) to. The suite's oracle (interpret.ts) admits more than one.

import type { FieldKind } from '../list-endpoints.js';
import { sign, timestampMs } from '../timestamps.js';

export { sign };

type Key = string | number;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A decimal number literal; `0x10`, `Infinity` or blank text are not numbers in a filter. */
export function parseNumber(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}

const definedTime = (ms: number): number | undefined => (Number.isNaN(ms) ? undefined : ms);

/** What an item's value sorts by; undefined when it has none (missing, null, wrong type, tags). */
export function sortKey(kind: FieldKind, value: unknown): Key | undefined {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
    case 'timestamp':
      return typeof value === 'string' ? definedTime(timestampMs(value)) : undefined;
    case 'tags':
      return undefined;
    default:
      return typeof value === 'string' ? value : undefined;
  }
}

/** Total order: timestamps by instant, numbers numerically, text by UTF-16 code units; values without a key last. */
export function compareValues(kind: FieldKind, a: unknown, b: unknown): number {
  const ka = sortKey(kind, a);
  const kb = sortKey(kind, b);
  if (ka === undefined || kb === undefined) return (ka === undefined ? 1 : 0) - (kb === undefined ? 1 : 0);
  return sign(ka, kb);
}

/** A filter value as the canonical comparison reads it: a number, ms since epoch, or the text itself. */
export function coerceFilterValue(kind: FieldKind, text: string): Key | undefined {
  if (kind === 'number') return parseNumber(text);
  if (kind === 'timestamp') return definedTime(timestampMs(text));
  return text;
}
