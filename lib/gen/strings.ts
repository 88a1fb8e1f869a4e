// Strings around a length limit. A value meant to be accepted is in range however a
// server counts "characters" (code points or UTF-16 units); a value meant to be
// rejected is out of range under both. Neither shrinking nor generation can cross
// that line, because the bounds are built into the arbitraries.

import fc from 'fast-check';
import { remembered } from '../util/remembered.js';

/** Printable, NFC-stable characters that no reasonable server trims or normalises. */
export const ASCII_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.'];
/** Two or three UTF-8 bytes each, one UTF-16 unit: catches servers counting bytes. */
export const BMP_CHARS = [...'éüñßΩЖжλ中文字한'];
/**
 * Four UTF-8 bytes, two UTF-16 units, one code point. U+10000 (D800 DC00) and U+1D7FF (D835 DFFF)
 * hold the ends of the surrogate ranges: a hand-written pair test with `>` or `<` for `>=` or `<=`
 * counts them as two.
 */
export const ASTRAL_CHARS = ['😀', '🎉', '𝒜', '𝔘', '\u{10000}', '\u{1D7FF}'];

export type CharClass = 'ascii' | 'bmp' | 'astral';

const CLASSES: Record<CharClass, readonly string[]> = { ascii: ASCII_CHARS, bmp: BMP_CHARS, astral: ASTRAL_CHARS };

/** A deterministic string of exactly `length` code points from one class. */
export function stringOf(length: number, cls: CharClass = 'ascii', salt = 0): string {
  const chars = CLASSES[cls];
  let out = '';
  for (let i = 0; i < length; i++) out += chars[(i * 7 + salt) % chars.length];
  return out;
}

/**
 * Text of exactly `bytes` UTF-8 bytes in two-byte characters (one ASCII character last when `bytes` is odd):
 * a size limit held against characters (JavaScript's `.length`) instead of bytes sees about half of it.
 */
export function twoByteText(bytes: number): string {
  return 'é'.repeat(Math.floor(bytes / 2)) + 'x'.repeat(bytes % 2);
}

export interface LengthBounds {
  readonly min?: number;
  readonly max?: number;
}

/**
 * Text of exactly `length` code points, deterministic in `seed`: about 6 in 10 ASCII, 3 multi-byte
 * and 1 astral character, an astral one written only while the text still fits `maxUnits` UTF-16
 * units. Built directly rather than as a fast-check array of characters, which cost seconds for
 * the 50000-character limits; a length and a seed shrink as well.
 */
export function mixedText(length: number, seed: number, maxUnits = Number.POSITIVE_INFINITY): string {
  let state = seed >>> 0 || 0x9e3779b9;
  // xorshift32: fast, and enough to spread characters.
  const random = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  const chars: string[] = [];
  let units = 0;
  for (let i = 0; i < length; i++) {
    const roll = random();
    const afterThis = length - i - 1;
    const astralFits = units + 2 + afterThis <= maxUnits;
    const pool = roll < 0.6 || (roll >= 0.9 && !astralFits) ? ASCII_CHARS : roll < 0.9 ? BMP_CHARS : ASTRAL_CHARS;
    const char = pool[Math.floor(random() * pool.length)]!;
    chars.push(char);
    units += char.length;
  }
  return chars.join('');
}

const mixedTexts = (lengths: fc.Arbitrary<number>, maxUnits?: number): fc.Arbitrary<string> =>
  fc.tuple(lengths, fc.nat()).map(([length, seed]) => mixedText(length, seed, maxUnits));

/** Strings in range by code points AND by UTF-16 units (so every reading accepts them), lengths over the whole range. */
export function inRangeString(bounds: LengthBounds): fc.Arbitrary<string> {
  const min = Math.max(bounds.min ?? 0, 0);
  const max = bounds.max ?? min + 64;
  return mixedTexts(fc.integer({ min, max }), max);
}

/** Strings longer than `max` code points (and so longer in UTF-16 units too). */
export function tooLongString(max: number, extra = 16): fc.Arbitrary<string> {
  return mixedTexts(fc.integer({ min: max + 1, max: max + extra }));
}

export interface BoundaryCase {
  readonly value: string;
  readonly why: string;
  /** The case's segment of a check id, where its length and kinds of characters do not tell it apart. */
  readonly key?: string;
}

/**
 * Astral characters count one code point and two UTF-16 units: as many as fit both readings,
 * topped up with ASCII to reach the minimum. None when no astral character fits (min = max).
 */
function astralCase(min: number, max: number): BoundaryCase | undefined {
  const astral = Math.min(Math.floor(max / 2), max - min);
  if (astral <= 0) return undefined;
  const ascii = Math.max(min - astral, 0);
  const units = ascii + 2 * astral;
  const why = ascii
    ? `${ascii} ASCII and ${astral} astral characters (${units} UTF-16 units, within the limits either way)`
    : `${astral} astral characters (${units} UTF-16 units, within the maximum either way)`;
  return { value: stringOf(ascii) + stringOf(astral, 'astral'), why };
}

/** The deterministic cases at each side of a limit: min−1, min, max, max+1 with ASCII and multi-byte text. */
export function boundaryCases(bounds: LengthBounds): BoundaryCases {
  return cases(`${bounds.min}/${bounds.max}`, () => casesAt(bounds));
}

export interface BoundaryCases {
  readonly accept: readonly BoundaryCase[];
  readonly reject: readonly BoundaryCase[];
}

/** Built once per bounds: every target of the proof declares the same cases, some 50,000 characters long. */
const cases = remembered<BoundaryCases>(256);

function casesAt(bounds: LengthBounds): BoundaryCases {
  const accept: BoundaryCase[] = [];
  const reject: BoundaryCase[] = [];
  const { min, max } = bounds;
  if (min !== undefined && min > 0) {
    accept.push({ value: stringOf(min), why: `${min} character${min === 1 ? '' : 's'} (the minimum)` });
    reject.push({
      value: stringOf(min - 1),
      why: min - 1 === 0 ? 'an empty string' : `${min - 1} characters (one below the minimum)`,
    });
  }
  if (max !== undefined) {
    accept.push({ value: stringOf(max), why: `${max} ASCII characters (the maximum)` });
    accept.push({
      value: stringOf(max, 'bmp'),
      why: `${max} multi-byte characters (the maximum; ${Buffer.byteLength(stringOf(max, 'bmp'))} UTF-8 bytes)`,
    });
    const astral = astralCase(min ?? 0, max);
    if (astral) accept.push(astral);
    reject.push({ value: stringOf(max + 1), why: `${max + 1} ASCII characters (one above the maximum)` });
    reject.push({ value: stringOf(max + 1, 'bmp'), why: `${max + 1} multi-byte characters (one above the maximum)` });
    reject.push({ value: stringOf(max + 1, 'astral'), why: `${max + 1} astral characters (one above the maximum)` });
  }
  return { accept, reject };
}

/** Characters JSON writes escaped: a quote, a backslash, and a slash (which some writers escape). */
export const JSON_ESCAPED_CHARS = ['"', '\\', '/'];
/** A tab and a line break: escaped by JSON too, and held by free text only (a name is one line). */
export const LINE_CHARS = ['\t', '\n'];

const escapedTexts = remembered<string | undefined>(64);

/**
 * ASCII of exactly `length` code points ending in characters JSON escapes, each between two letters (no end to
 * trim, the front left to the run marker): a limit measured on the escaped form sees it too long. Undefined
 * when `length` leaves no room for the marker before them.
 */
export function escapedText(length: number, lines: boolean): string | undefined {
  return escapedTexts(`${length}/${lines}`, () => {
    const tail = `a${[...JSON_ESCAPED_CHARS, ...(lines ? LINE_CHARS : [])].join('a')}a`;
    return length < 4 * tail.length ? undefined : stringOf(length - tail.length) + tail;
  });
}
