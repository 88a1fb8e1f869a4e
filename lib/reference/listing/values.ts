// How the reference service reads and compares list values, by the field's kind from the
// list table: numbers numerically, timestamps as instants (Date.parse), tags not at all,
// every other kind as text by UTF-16 code units. Used for filtering and for ordering.
//
// Kept apart from the suite's comparison code (lib/contract/filter) on purpose: the
// suite judges the reference with that code, so the two must not share it.

import type { FieldKind } from '../../contract/list-endpoints.js';

/** A value a field sorts and compares by: a number (numbers, instants) or text. */
export type Rank = number | string;

/** The item's value at a dot path, through own properties only (`__proto__` or `constructor` never resolve). */
export function readPath(item: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((here, step) => {
    if (here === undefined || here === null || typeof here !== 'object') return undefined;
    return Object.getOwnPropertyDescriptor(here, step)?.value;
  }, item);
}

/** One character `0`–`9` (`undefined`, past the end of a text, is none). */
export const isDigit = (c: string | undefined): boolean => c !== undefined && c.length === 1 && c >= '0' && c <= '9';

/**
 * A plain decimal literal (sign, digits with an optional point, or a point and digits,
 * an optional exponent): `0x10`, `Infinity`, `1_000` or blank text are no numbers.
 */
export function decimalLiteral(text: string): number | undefined {
  let i = 0;
  const at = (k: number): string | undefined => (k < text.length ? text.charAt(k) : undefined);
  const digits = (): number => {
    const from = i;
    while (isDigit(at(i))) i += 1;
    return i - from;
  };
  if (at(i) === '+' || at(i) === '-') i += 1;
  const whole = digits();
  const fraction = at(i) === '.' ? (i += 1, digits()) : 0;
  if (whole === 0 && fraction === 0) return undefined;
  if (at(i) === 'e' || at(i) === 'E') {
    i += 1;
    if (at(i) === '+' || at(i) === '-') i += 1;
    if (digits() === 0) return undefined;
  }
  return i === text.length ? Number(text) : undefined;
}

function instant(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** What an item's value ranks by under its field's kind; undefined when it has none (missing, null, wrong type, tags). */
export function rankOf(kind: FieldKind, value: unknown): Rank | undefined {
  if (kind === 'tags') return undefined;
  if (kind === 'timestamp') return instant(value);
  if (kind === 'number') return typeof value === 'number' && value === value ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A filter's literal text read as the field's kind ranks; undefined when it cannot be read so. */
export function literalRank(kind: FieldKind, text: string): Rank | undefined {
  if (kind === 'number') return decimalLiteral(text);
  if (kind === 'timestamp') return instant(text);
  return text;
}

/** -1, 0 or 1; both ranks are of one kind (both numbers or both text). */
export function rankOrder(a: Rank, b: Rank): -1 | 0 | 1 {
  if (a === b) return 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of two ranks of one field: values without one (undefined) after all others. */
export function compareRanks(ra: Rank | undefined, rb: Rank | undefined): number {
  if (ra === undefined) return rb === undefined ? 0 : 1;
  if (rb === undefined) return -1;
  return rankOrder(ra, rb);
}

/** The order of two item values of one field: by rank, values without one after all others. */
export const compareByKind = (kind: FieldKind, a: unknown, b: unknown): number => compareRanks(rankOf(kind, a), rankOf(kind, b));
