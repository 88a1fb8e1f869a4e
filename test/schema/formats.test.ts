import { describe, expect, it } from 'vitest';
import { OWN_FORMATS } from '../../lib/schema/formats.js';

describe('the iso-utc format', () => {
  const validate = (text: string) => (OWN_FORMATS['iso-utc']!.validate as (text: string) => boolean)(text);

  it('accepts a UTC timestamp that exists, with or without a fraction, with Z or a zero offset', () => {
    expect(validate('2026-01-31T23:59:59Z')).toBe(true);
    expect(validate('2026-01-31T23:59:59+00:00')).toBe(true);
    expect(validate('2024-02-29T00:00:00.123456Z')).toBe(true);
  });

  it('refuses another offset, a missing zone, and a date that does not exist', () => {
    expect(validate('2026-01-31T23:59:59+02:00')).toBe(false);
    expect(validate('2026-01-31T23:59:59')).toBe(false);
    expect(validate('2026-02-30T00:00:00Z')).toBe(false);
    expect(validate('2023-02-29T00:00:00Z')).toBe(false);
    expect(validate('2026-01-31T24:00:01Z')).toBe(false);
  });
});
