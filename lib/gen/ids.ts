// Well-formed IDs that name nothing, and near-misses that break exactly one part of a rule.

import type { IdRule } from '../contract/ids.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A deterministic alphanumeric string of `length` characters, different per `salt`. */
export function alnum(length: number, salt = 0): string {
  let out = '';
  let state = (salt * 2654435761 + 12345) >>> 0;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += ALNUM[(state >>> 8) % ALNUM.length];
  }
  return out;
}

/** Crockford's base 32, the alphabet of a ULID. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An ID that satisfies the rule (at its minimum length) and is very unlikely to exist; a ULID where the rule is one. */
export function wellFormedId(rule: IdRule, salt = 0, length = rule.minLength): string {
  const id = alnum(length, salt);
  if (!rule.ulid) return id;
  // Each character mapped into Crockford's alphabet, the first into 0-7 (a 48-bit time).
  return [...id].map((c, i) => CROCKFORD[ALNUM.indexOf(c) % (i === 0 ? 8 : 32)]).join('');
}

export interface NearMiss {
  readonly value: string;
  readonly why: string;
  /**
   * Control characters and blanks in a path: firewalls and frameworks in front of a server (Spring's
   * StrictHttpFirewall, a WAF) refuse them before the API reads the request, with a 4xx of their own.
   */
  readonly intermediaryMayRefuse?: true;
}

/** IDs that break the rule in one way each: one too short, one too long, a character outside the alphabet. */
export function nearMissIds(rule: IdRule, salt = 0): NearMiss[] {
  const misses: NearMiss[] = [
    {
      value: alnum(rule.minLength - 1, salt),
      why: `${rule.minLength - 1} characters (one fewer than ${rule.minLength})`,
    },
    {
      value: alnum(rule.maxLength + 1, salt),
      why: `${rule.maxLength + 1} characters (one more than ${rule.maxLength})`,
    },
  ];
  if (rule.alphanumeric) {
    const base = alnum(rule.minLength - 1, salt + 1);
    misses.push({
      value: `${base.slice(0, 5)}_${base.slice(5)}`,
      why: `${rule.minLength} characters with an underscore (not alphanumeric)`,
    });
  }
  return misses;
}

/** Longer than any key column is wide (a store's 64 or 255 characters). */
const FAR_TOO_LONG = 300;

/**
 * Two IDs far outside any rule's length, or a parameter's without a rule (`null`): one character, and more
 * than any store's key holds. A server that passes them to its store unchecked fails there.
 */
export function extremeIds(rule: IdRule | null, salt = 0): NearMiss[] {
  const long = Math.max(FAR_TOO_LONG, (rule?.maxLength ?? 0) + 1);
  return [
    { value: alnum(1, salt), why: 'one character' },
    { value: alnum(long, salt), why: `${long} characters` },
  ];
}

/**
 * Path segments holding a malformed percent escape, written into the path as they are: `%` before two characters that
 * are no hexadecimal digits (`%zz`), a lone `%` at the end, an escape of a byte that begins no UTF-8 character (`%e9`,
 * Latin-1's é) and an escaped NUL. A server that percent-decodes the path without a guard fails on the first three
 * (JavaScript's decodeURIComponent throws a URIError); none names a resource.
 */
export const MALFORMED_ESCAPES: ReadonlyArray<{ readonly of: (base: string) => string; readonly why: string }> = [
  { of: (base) => `${base.slice(0, 6)}%zz${base.slice(6)}`, why: 'a malformed percent escape (%zz)' },
  { of: (base) => `${base}%`, why: 'a lone % at its end' },
  { of: (base) => `${base.slice(0, 6)}%e9${base.slice(6)}`, why: 'a percent escape that is no UTF-8 (%e9)' },
  { of: (base) => `${base.slice(0, 6)}%00${base.slice(6)}`, why: 'an escaped NUL (%00)' },
];

/**
 * IDs of an alphanumeric rule's length, each with one character outside [A-Za-z0-9] besides
 * nearMissIds's underscore: a hyphen (below the digits in ASCII; a URL carries it as it is) and `é`,
 * a letter beyond ASCII (percent-encoded in a path). "Alphanumeric" is ASCII's: the agent ID, in
 * the same row of the limits table, is `^[A-Za-z0-9]{22}$`. None for a rule that states only a length.
 */
export function offAlphabetIds(rule: IdRule, salt = 0): NearMiss[] {
  if (!rule.alphanumeric) return [];
  const base = (offset: number) => alnum(rule.minLength - 1, salt + offset);
  const hyphen = base(2);
  const letter = base(3);
  return [
    {
      value: `${hyphen.slice(0, 7)}-${hyphen.slice(7)}`,
      why: `${rule.minLength} characters with a hyphen (not alphanumeric)`,
    },
    {
      value: `${letter.slice(0, 9)}é${letter.slice(9)}`,
      why: `${rule.minLength} characters with é (a letter outside [A-Za-z0-9])`,
    },
  ];
}

/** Swaps the case of every ASCII letter: `aB3` becomes `Ab3`. */
const swapCase = (value: string): string =>
  value.replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));

/**
 * A real ID altered three ways (RESTler's "invalid dynamic object"): a character appended, the last one
 * cut, and every letter's case swapped. Each is a string no resource has been given, inside or outside
 * the ID rule; a server matching IDs by prefix, trimming them or folding their case finds the real one.
 * An ID without letters has no case to swap, and gets the first two alone.
 */
export function alteredIds(real: string): NearMiss[] {
  const altered: NearMiss[] = [
    { value: `${real}${alnum(1, real.length)}`, why: `the real ID ${real} with a character appended` },
    { value: real.slice(0, -1), why: `the real ID ${real} with its last character cut` },
  ];
  const swapped = swapCase(real);
  if (swapped !== real)
    altered.push({ value: swapped, why: `the real ID ${real} with the case of its letters swapped` });
  return altered;
}

/**
 * Blanks and control characters around a real ID: a pattern whose `$` also matches before a final line break
 * (Python's `re.match`, PCRE), a reader that trims, or a store that pads (SQL's PAD SPACE) lets them through to
 * the real resource. Each names nothing.
 */
const PADDINGS: ReadonlyArray<readonly [string, (id: string) => string]> = [
  ['a line feed (%0A) appended', (id) => `${id}\n`],
  ['CRLF (%0D%0A) appended', (id) => `${id}\r\n`],
  ['a space (%20) appended', (id) => `${id} `],
  ['a tab (%09) appended', (id) => `${id}\t`],
  ['a space (%20) in front', (id) => ` ${id}`],
  ['a tab (%09) in front', (id) => `\t${id}`],
];

/** The real ID padded in the `index`th way (taken in turn, so each path parameter costs one request). */
export function paddedId(real: string, index: number): NearMiss {
  const [how, pad] = PADDINGS[index % PADDINGS.length]!;
  return { value: pad(real), why: `the real ID ${real} with ${how}`, intermediaryMayRefuse: true };
}
