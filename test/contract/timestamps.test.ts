import { describe, expect, it } from 'vitest';
import { validateCanonical } from '../../lib/assert/canonical-schema.js';
import { compareInstants, parseIsoUtc, parseTimestamp, timestampMs } from '../../lib/contract/timestamps.js';

const AT = Date.parse('2026-01-05T10:00:00.123Z');

describe('ISO 8601 UTC timestamps', () => {
  const UTC = [
    '2026-01-05T10:00:00.123Z',
    '2026-01-05T10:00:00.123000Z',
    '2026-01-05T10:00:00.123456789Z',
    '2026-01-05T10:00:00.123+00:00',
    '2026-01-05T10:00:00.123000000+00:00',
    '2026-01-05T10:00:00.123+00',
    '2026-01-05T10:00:00,123Z',
    '2026-01-05t10:00:00.123z',
  ];
  it.each(UTC)('%s is UTC, read to the millisecond', (text) => {
    expect(parseIsoUtc(text)).toBeDefined();
    expect(timestampMs(text)).toBe(AT);
    expect(
      validateCanonical('Dashboard', { name: `dashboards/${'a'.repeat(22)}`, display_name: 'd', create_time: text }),
    ).toEqual([]);
  });

  const NOT_UTC = [
    '2026-01-05T10:00:00+02:00',
    '2026-01-05T10:00:00-05:00',
    '2026-01-05T10:00:00',
    '2026-01-05 10:00:00Z',
    '2026-01-05T10:00Z',
    '1767607200',
    '2026-01-05T10:00:00.Z',
    '2026-01-05T10:00:00+000',
    '2026-01-05T10:00:00.123000000+0000',
    '2026-01-05T10:00:00.000+0000',
  ];
  it.each(NOT_UTC)('%s is not', (text) => {
    expect(parseIsoUtc(text)).toBeUndefined();
    expect(
      validateCanonical('Dashboard', { name: `dashboards/${'a'.repeat(22)}`, display_name: 'd', create_time: text }),
    ).not.toEqual([]);
  });

  const NOT_A_TIME = [
    '2026-13-45T99:99:99Z',
    '2026-02-30T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-01-05T24:00:00Z',
    '2026-01-05T10:60:00Z',
    '2026-01-05T10:00:61Z',
    '20260105T100000Z',
  ];
  it.each(NOT_A_TIME)('%s has the shape but is no date and time', (text) => {
    expect(parseIsoUtc(text)).toBeUndefined();
    expect(parseTimestamp(text, { anyOffset: true })).toBeUndefined();
    expect(
      validateCanonical('Dashboard', { name: `dashboards/${'a'.repeat(22)}`, display_name: 'd', create_time: text }),
    ).not.toEqual([]);
  });

  it('accepts a leap day and a leap second', () => {
    expect(parseIsoUtc('2024-02-29T00:00:00Z')?.ms).toBe(Date.parse('2024-02-29T00:00:00Z'));
    expect(parseIsoUtc('2016-12-31T23:59:60Z')?.ms).toBe(Date.parse('2017-01-01T00:00:00Z'));
    expect(compareInstants('2016-12-31T23:59:60.5Z', '2016-12-31T23:59:59.9Z')).toBe(1);
    expect(
      validateCanonical('Dashboard', {
        name: `dashboards/${'a'.repeat(22)}`,
        display_name: 'd',
        create_time: '2016-12-31T23:59:60Z',
      }),
    ).toEqual([]);
  });

  it('reads any offset and a space only when asked', () => {
    expect(parseTimestamp('2026-01-05 12:00:00.123+02:00', { anyOffset: true })?.ms).toBe(AT);
    expect(parseTimestamp('2026-01-05T05:00:00.123-0500', { anyOffset: true })?.ms).toBe(AT);
    expect(parseTimestamp('2026-01-05T10:00:00.123-00:00', { anyOffset: true })?.ms).toBe(AT);
    expect(parseTimestamp('2026-01-05T10:00:00.123-00:00')).toBeUndefined();
    expect(parseTimestamp('2026-01-05T10:00:00+24:00', { anyOffset: true })).toBeUndefined();
    expect(parseTimestamp('2026-01-05T10:00:00+05:60', { anyOffset: true })).toBeUndefined();
  });

  it('whole seconds read as such', () => {
    expect(timestampMs('2026-01-05T10:00:00Z')).toBe(Date.parse('2026-01-05T10:00:00Z'));
    expect(timestampMs('2026-01-05T10:00:00+0000')).toBe(Date.parse('2026-01-05T10:00:00Z'));
  });

  it('compares instants exactly, sub-millisecond digits and spelling aside', () => {
    expect(compareInstants('2026-01-05T10:00:00.1234Z', '2026-01-05T10:00:00.1235+00:00')).toBe(-1);
    expect(compareInstants('2026-01-05T10:00:00.120Z', '2026-01-05T10:00:00,12+00:00')).toBe(0);
    expect(compareInstants('2026-01-05T10:00:01Z', '2026-01-05T10:00:00.999999999Z')).toBe(1);
    expect(compareInstants('2026-01-05T10:00:00+02:00', '2026-01-05T10:00:00Z')).toBeUndefined();
  });
});
