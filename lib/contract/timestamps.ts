// The one reading of the spec's "ISO 8601 UTC strings" the suite judges and compares with.
// Accepted: an extended-format date and time (`T`, or `t` as RFC 3339 allows), any number of
// fraction digits after `.` or `,` (ISO 8601 allows both), and UTC written as `Z`/`z` or a zero
// offset `+00:00`, `+0000` (Python's `%z`, Jackson's default) or `+00`. Any other offset is
// not UTC; a zoneless time is local to somewhere.

/** ISO 8601 UTC, in every spelling above. */
export const ISO_UTC_PATTERN = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(?:[.,](\d+))?([Zz]|\+00(?::?00)?)$/;

export interface Instant {
  /** Milliseconds since the epoch (the fraction cut to milliseconds). */
  readonly ms: number;
  /** Fraction-of-second digits without trailing zeros: compared as text, they keep sub-millisecond precision. */
  readonly fraction: string;
}

/** The instant an ISO 8601 UTC timestamp writes; undefined when it is not one. */
export function parseIsoUtc(value: unknown): Instant | undefined {
  const m = typeof value === 'string' ? ISO_UTC_PATTERN.exec(value) : null;
  if (!m) return undefined;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const ms = Date.parse(`${m[1]}T${m[2]}.${fraction.slice(0, 3).padEnd(3, '0')}Z`);
  return Number.isNaN(ms) ? undefined : { ms, fraction };
}

/** Milliseconds since the epoch of an ISO 8601 UTC timestamp, else what Date.parse reads (NaN when nothing). */
export function timestampMs(value: string): number {
  return parseIsoUtc(value)?.ms ?? Date.parse(value);
}

/** Compares two ISO 8601 UTC timestamps exactly (sub-millisecond digits included); undefined when either is not one. */
export function compareInstants(a: unknown, b: unknown): number | undefined {
  const ia = parseIsoUtc(a);
  const ib = parseIsoUtc(b);
  if (!ia || !ib) return undefined;
  const sign = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
  return sign(ia.ms, ib.ms) || sign(ia.fraction, ib.fraction);
}
