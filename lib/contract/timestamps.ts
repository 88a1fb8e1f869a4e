// The one reading of timestamps the suite judges and compares with: the RFC 3339 profile of
// ISO 8601 (extended format, full precision to the second; reduced precision such as
// `2026-01-05T10:00Z` and the basic format `20260105T100000Z` are not accepted). Accepted:
// `T` (or `t`, as RFC 3339 allows), any number of fraction digits after `.` or `,` (ISO 8601
// allows both), a leap second `:60`, and a date and time that exist (no 13th month, no 25th hour).
//
// The spec's "ISO 8601 UTC strings" (the default reading) also need UTC: `Z`/`z` or a zero
// offset `+00:00` or `+00`. An offset without its colon (`+0000`, Python's `%z`, Jackson's
// default) is the basic format beside an extended date and time, which ISO 8601 does not mix
// in one representation (RFC 3339 writes `Z` or `+00:00`): not accepted. Any other offset is
// not UTC; a zoneless time is local to somewhere. With `anyOffset` (comparing values a
// server may write in its own zone, once their form is judged), any offset `±hh[[:]mm]` is
// read, and a space may stand for `T` as RFC 3339 allows.

import { remembered } from '../util/remembered.js';

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2})(?:(:?)(\d{2}))?)$/;

interface Instant {
  /** Milliseconds since the epoch (the fraction cut to milliseconds; a leap second reads as the next second's start). */
  readonly ms: number;
  /** Fraction-of-second digits without trailing zeros: compared as text, they keep sub-millisecond precision. */
  readonly fraction: string;
}

export interface TimestampReading {
  /** Read any offset and a space for `T`, not only UTC (default false). */
  readonly anyOffset?: boolean;
}

/** Three-way comparison of two numbers or two strings. */
export const sign = <T extends number | string>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);

// The same timestamps are read again and again (every response validated, every page sorted): read each once.
const readings = [remembered<Instant | undefined>(100_000), remembered<Instant | undefined>(100_000)];

/** The instant a timestamp writes; undefined when it is not one (see above). */
export function parseTimestamp(value: unknown, { anyOffset = false }: TimestampReading = {}): Instant | undefined {
  if (typeof value !== 'string') return undefined;
  return readings[anyOffset ? 1 : 0]!(value, () => readTimestamp(value, anyOffset));
}

function readTimestamp(value: string, anyOffset: boolean): Instant | undefined {
  const m = TIMESTAMP.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[5], m[6], m[7]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [separator, zulu, offsetSign, offsetHours = '00', colon, offsetMinutes = '00'] = [
    m[4],
    m[9],
    m[10],
    m[11],
    m[12],
    m[13],
  ];
  if (
    !anyOffset &&
    (separator === ' ' ||
      (!zulu && (offsetSign !== '+' || offsetHours !== '00' || offsetMinutes !== '00' || colon === '')))
  )
    return undefined;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
  // The fields must survive a round trip through a date (no 2026-02-30, no 24:00); a leap second is checked as :59.
  const leap = second === 60;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, leap ? 59 : second, 0);
  const fields = [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ];
  if (fields.join() !== [year, month, day, hour, minute, leap ? 59 : second].join()) return undefined;
  const fraction = (m[8] ?? '').replace(/0+$/, '');
  const offsetMs = (offsetSign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const ms = date.getTime() + (leap ? 1000 : 0) + Number(fraction.slice(0, 3).padEnd(3, '0')) - offsetMs;
  return Number.isFinite(ms) ? { ms, fraction } : undefined;
}

/** The instant an ISO 8601 UTC timestamp writes; undefined when it is not one. */
export function parseIsoUtc(value: unknown): Instant | undefined {
  return parseTimestamp(value);
}

/** Milliseconds since the epoch of an ISO 8601 UTC timestamp, else what Date.parse reads (NaN when nothing). */
export function timestampMs(value: string): number {
  return parseIsoUtc(value)?.ms ?? Date.parse(value);
}

/** Compares two timestamps exactly (sub-millisecond digits included); undefined when either is not one. */
export function compareInstants(a: unknown, b: unknown, reading: TimestampReading = {}): number | undefined {
  const ia = parseTimestamp(a, reading);
  const ib = parseTimestamp(b, reading);
  if (!ia || !ib) return undefined;
  return sign(ia.ms, ib.ms) || sign(ia.fraction, ib.fraction);
}
