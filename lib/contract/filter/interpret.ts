// Every reasonable reading of a comparison, for the suite's oracles: a server is
// only wrong when all readings agree against it.

import type { FieldKind } from '../list-endpoints.js';
import { compareInstants, sign } from '../timestamps.js';

/**
 * Compares two RFC 3339 timestamps exactly, in any explicit offset (`Z`, `+02:00`, `+0200`, `+02`;
 * `T`, `t` or a space; fraction after `.` or `,`); undefined when either is not one: a zoneless
 * time may be local to the server.
 */
export function compareTimestamps(a: unknown, b: unknown): number | undefined {
  return compareInstants(a, b, { anyOffset: true });
}

/**
 * The sign of comparing a with b under each reading of `kind`; undefined when a side
 * cannot be read. For enums only zero versus non-zero means anything: their order is the server's.
 */
export function interpretedComparisons(kind: FieldKind, a: unknown, b: unknown): number[] | undefined {
  switch (kind) {
    case 'timestamp': {
      const s = compareTimestamps(a, b);
      return s === undefined ? undefined : [s];
    }
    case 'number':
      return typeof a === 'number' && typeof b === 'number' && !Number.isNaN(a) && !Number.isNaN(b)
        ? [sign(a, b)]
        : undefined;
    case 'tags':
      return undefined;
    default:
      return typeof a === 'string' && typeof b === 'string' ? stringComparisons(a, b) : undefined;
  }
}

// A server may sort text by code point, case-insensitively, or with a collation
// (ICU / a database's): all three are readings. Beyond ASCII, collations differ too
// much from one another to judge at all.
const COLLATOR = new Intl.Collator('en');
const ASCII = /^[\x20-\x7e]*$/;

function stringComparisons(a: string, b: string): number[] | undefined {
  if (!ASCII.test(a) || !ASCII.test(b)) return undefined;
  return [sign(a, b), sign(a.toLowerCase(), b.toLowerCase()), Math.sign(COLLATOR.compare(a, b))];
}
