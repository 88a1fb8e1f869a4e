// Every reasonable reading of a comparison, for the suite's oracles: a server is
// only wrong when all readings agree against it.

import type { FieldKind } from '../list-endpoints.js';
import { sign } from './compare.js';

// ISO 8601 / RFC 3339 with an explicit offset (`Z`, `+02:00`, `+0200`, `+02`; fraction after `.` or `,`):
// a zoneless time may be local to the server.
const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:[.,](\d+))?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/** The offset as Date.parse reads it: `Z` or `±hh:mm`. */
const offset = (zone: string): string => (/^z$/i.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`);

interface Instant {
  readonly ms: number;
  /** Fraction-of-second digits without trailing zeros: compared as text, they keep sub-millisecond precision. */
  readonly fraction: string;
}

function parseInstant(value: unknown): Instant | undefined {
  const m = typeof value === 'string' ? RFC3339.exec(value) : null;
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}T${m[2]}${offset(m[4]!)}`);
  return Number.isNaN(ms) ? undefined : { ms, fraction: (m[3] ?? '').replace(/0+$/, '') };
}

/** Compares two RFC 3339 timestamps exactly; undefined when either is not one. */
export function compareTimestamps(a: unknown, b: unknown): number | undefined {
  const ia = parseInstant(a);
  const ib = parseInstant(b);
  if (!ia || !ib) return undefined;
  return sign(ia.ms, ib.ms) || sign(ia.fraction, ib.fraction);
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
      return typeof a === 'number' && typeof b === 'number' && !Number.isNaN(a) && !Number.isNaN(b) ? [sign(a, b)] : undefined;
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
