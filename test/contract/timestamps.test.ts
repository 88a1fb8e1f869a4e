import { describe, expect, it } from 'vitest';
import { validateCanonical } from '../../lib/checks/schema-validator.js';
import { compareInstants, ISO_UTC_PATTERN, parseIsoUtc, timestampMs } from '../../lib/contract/timestamps.js';

const AT = Date.parse('2026-01-05T10:00:00.123Z');

describe('ISO 8601 UTC timestamps', () => {
  const UTC = [
    '2026-01-05T10:00:00.123Z',
    '2026-01-05T10:00:00.123000Z',
    '2026-01-05T10:00:00.123456789Z',
    '2026-01-05T10:00:00.123+00:00',
    '2026-01-05T10:00:00.123000000+0000',
    '2026-01-05T10:00:00.123+00',
    '2026-01-05T10:00:00,123Z',
    '2026-01-05t10:00:00.123z',
  ];
  it.each(UTC)('%s is UTC, read to the millisecond', (text) => {
    expect(ISO_UTC_PATTERN.test(text)).toBe(true);
    expect(timestampMs(text)).toBe(AT);
    expect(validateCanonical('Dashboard', { name: `dashboards/${'a'.repeat(22)}`, display_name: 'd', create_time: text })).toEqual([]);
  });

  const NOT_UTC = ['2026-01-05T10:00:00+02:00', '2026-01-05T10:00:00-05:00', '2026-01-05T10:00:00', '2026-01-05 10:00:00Z', '2026-01-05T10:00Z', '1767607200', '2026-01-05T10:00:00.Z', '2026-01-05T10:00:00+000'];
  it.each(NOT_UTC)('%s is not', (text) => {
    expect(ISO_UTC_PATTERN.test(text)).toBe(false);
    expect(parseIsoUtc(text)).toBeUndefined();
  });

  it('whole seconds read as such', () => {
    expect(timestampMs('2026-01-05T10:00:00Z')).toBe(Date.parse('2026-01-05T10:00:00Z'));
    expect(timestampMs('2026-01-05T10:00:00+0000')).toBe(Date.parse('2026-01-05T10:00:00Z'));
  });

  it('compares instants exactly, sub-millisecond digits and spelling aside', () => {
    expect(compareInstants('2026-01-05T10:00:00.1234Z', '2026-01-05T10:00:00.1235+0000')).toBe(-1);
    expect(compareInstants('2026-01-05T10:00:00.120Z', '2026-01-05T10:00:00,12+00:00')).toBe(0);
    expect(compareInstants('2026-01-05T10:00:01Z', '2026-01-05T10:00:00.999999999Z')).toBe(1);
    expect(compareInstants('2026-01-05T10:00:00+02:00', '2026-01-05T10:00:00Z')).toBeUndefined();
  });
});
