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
    // The mutants that never take this return (`false`, and `&&` for `||`) and the `?.` of the next line survive, unmarked: every path the
    // reference reads is one step into an item that has it; a directive would mark the `true` ones, which checks kill.
    if (here === undefined || here === null || typeof here !== 'object') return undefined;
    return Object.getOwnPropertyDescriptor(here, step)?.value;
  }, item);
}

const DIGITS: ReadonlySet<string> = new Set('0123456789');
const SIGNS: ReadonlySet<string> = new Set('+-');
// Stryker disable next-line StringLiteral: the suite sends no exponent (a number's spelling is not shown, and a service may refuse `1e3`).
const EXPONENTS: ReadonlySet<string> = new Set('eE');

/**
 * A plain decimal literal (sign, digits with an optional point, or a point and digits,
 * an optional exponent): `0x10`, `Infinity`, `1_000` or blank text are no numbers.
 */
export function decimalLiteral(text: string): number | undefined {
  let i = 0;
  // Past the end, charAt reads '', which no set holds.
  const at = (k: number): string => text.charAt(k);
  const digits = (): number => {
    const from = i;
    while (DIGITS.has(at(i))) i += 1;
    return i - from;
  };
  if (SIGNS.has(at(i))) i += 1;
  const whole = digits();
  const fraction = at(i) === '.' ? (i += 1, digits()) : 0;
  // The `true` of `fraction === 0` survives, unmarked: the suite sends no number without digits before its point (`.5`: a service may
  // refuse it); a directive would mark mutants of this line the checks kill.
  if (whole === 0 && fraction === 0) return undefined;
  // The `false` mutant of this line survives, unmarked: the suite sends no exponent (a number's spelling is not shown, and a service
  // may refuse `1e3`); a directive would mark the `true` one too, which checks kill.
  // Stryker disable next-line BlockStatement: the suite sends no exponent (a number's spelling is not shown, and a service may refuse `1e3`).
  if (EXPONENTS.has(at(i))) {
    // Stryker disable next-line all: the suite sends no exponent (a number's spelling is not shown, and a service may refuse `1e3`).
    i += 1;
    // Stryker disable next-line all: the suite sends no exponent (a number's spelling is not shown, and a service may refuse `1e3`).
    if (SIGNS.has(at(i))) i += 1;
    // Stryker disable next-line all: the suite sends no exponent (a number's spelling is not shown, and a service may refuse `1e3`).
    if (digits() === 0) return undefined;
  }
  // The `true` mutant survives, unmarked: the suite sends no number followed by other text (a lenient parser reads `1x` as 1, so a
  // list holding the value 1 could rightly answer it); a directive would mark the `false` one, which checks kill.
  return i === text.length ? Number(text) : undefined;
}

function instant(value: unknown): number | undefined {
  // The `false` mutant survives, unmarked: every timestamp an item holds is a string.
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** What an item's value ranks by under its field's kind; undefined when it has none (missing, null, wrong type, tags). */
export function rankOf(kind: FieldKind, value: unknown): Rank | undefined {
  // The `false` mutant survives, unmarked: a run's tags are a list, which ranks as nothing through the last line too.
  // Stryker disable next-line StringLiteral: a run's tags are a list, which ranks as nothing through the last line too.
  if (kind === 'tags') return undefined;
  if (kind === 'timestamp') return instant(value);
  // The `true` mutants of these two lines survive, unmarked: every item holds its field's type (and no number is NaN).
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
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of two ranks of one field: values without one (undefined) after all others. */
export function compareRanks(ra: Rank | undefined, rb: Rank | undefined): number {
  // Where items without a value go is not shown, and the suite judges an order on the items that show one (LIST-ORDER-BY); the `false`
  // mutants of these two lines survive, unmarked, as a directive would mark the `true` ones, which checks kill.
  // Stryker disable next-line EqualityOperator: where items without a value go is not shown (LIST-ORDER-BY judges the items that show one).
  if (ra === undefined) return rb === undefined ? 0 : 1;
  // Stryker disable next-line UnaryOperator: where items without a value go is not shown (LIST-ORDER-BY judges the items that show one).
  if (rb === undefined) return -1;
  return rankOrder(ra, rb);
}
