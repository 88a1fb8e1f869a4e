import { describe, expect, it } from 'vitest';
import { compareTimestamps, interpretedComparisons } from '../../../lib/contract/filter/interpret.js';

describe('interpretedComparisons and compareTimestamps', () => {
  it('reads text by code unit, case-insensitively and by collation', () => {
    expect(interpretedComparisons('string', 'B', 'a')).toEqual([-1, 1, 1]);
    expect(interpretedComparisons('id', 'abc', 'ABC')).toEqual([1, 0, -1]);
    expect(interpretedComparisons('string', 'a b', 'ab')).toEqual([-1, -1, -1]);
    expect(interpretedComparisons('string', 1, 'a')).toBeUndefined();
  });

  it('does not judge the order of text beyond ASCII (collations differ)', () => {
    expect(interpretedComparisons('string', 'Émile', 'Frank')).toBeUndefined();
  });

  it('compares timestamps exactly, below the millisecond too', () => {
    expect(compareTimestamps('2026-01-01T00:00:00.123456Z', '2026-01-01T00:00:00.123Z')).toBe(1);
    expect(compareTimestamps('2026-01-01T00:00:00.1200Z', '2026-01-01T00:00:00.12Z')).toBe(0);
    expect(compareTimestamps('2026-01-01t05:30:00+05:30', '2026-01-01 00:00:00z')).toBe(0);
    expect(compareTimestamps('2026-01-01T00:00:00', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(compareTimestamps('2026-01-01', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(compareTimestamps('2026-13-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBeUndefined();
  });
});
