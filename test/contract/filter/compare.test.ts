import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceFilterValue, compareValues } from '../../../lib/contract/filter/compare.js';

describe('compareValues and coerceFilterValue', () => {
  it('orders timestamps by instant, whatever the offset', () => {
    expect(compareValues('timestamp', '2026-01-01T01:00:00+01:00', '2026-01-01T00:00:00Z')).toBe(0);
    expect(compareValues('timestamp', '2026-01-01T00:30:00+01:00', '2026-01-01T00:00:00Z')).toBe(-1);
    expect(compareValues('timestamp', '2026-01-02T00:00:00Z', '2026-01-01T23:59:59.999Z')).toBe(1);
  });

  it('orders numbers numerically and text by UTF-16 code unit', () => {
    expect(compareValues('number', 2, 10)).toBe(-1);
    expect(compareValues('id', 'B', 'a')).toBe(-1);
    expect(compareValues('enum', 'COMPLETED', 'COMPLETED')).toBe(0);
    // A surrogate pair (0xD83D…) sorts before U+FF5E by code unit, after it by code point.
    expect(compareValues('string', '\u{1F600}', '\uFF5E')).toBe(-1);
  });

  it('puts null, missing and unreadable values last', () => {
    expect(compareValues('string', null, 'a')).toBe(1);
    expect(compareValues('string', 'a', undefined)).toBe(-1);
    expect(compareValues('string', null, undefined)).toBe(0);
    expect(compareValues('timestamp', 'not a time', '2026-01-01T00:00:00Z')).toBe(1);
    expect(compareValues('number', 1, Number.NaN)).toBe(-1);
  });

  const mixed = fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null), fc.constant(undefined), fc.integer());
  it('is a total order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('string', 'number') as fc.Arbitrary<'string' | 'number'>,
        mixed,
        mixed,
        mixed,
        (kind, a, b, c) => {
          expect(Math.sign(compareValues(kind, a, b))).toBe(-Math.sign(compareValues(kind, b, a)) || 0);
          if (compareValues(kind, a, b) <= 0 && compareValues(kind, b, c) <= 0)
            expect(compareValues(kind, a, c)).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it.each([
    ['number', '1.5', 1.5],
    ['number', '-2e3', -2000],
    ['number', 'abc', undefined],
    ['number', '', undefined],
    ['number', '0x10', undefined],
    ['timestamp', '2026-01-01T00:00:00Z', Date.UTC(2026, 0, 1)],
    ['timestamp', 'yesterday', undefined],
    ['string', ' x ', ' x '],
    ['enum', 'COMPLETED', 'COMPLETED'],
  ] as const)('coerces %s %j to %j', (kind, text, expected) => {
    expect(coerceFilterValue(kind, text)).toBe(expected);
  });
});
