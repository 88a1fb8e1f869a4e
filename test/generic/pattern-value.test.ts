import { describe, expect, it } from 'vitest';
import { patternValue } from '../../lib/generic/pattern-value.js';

/** A generator that always draws the first character of a class. */
const first = () => 0;

describe('patternValue', () => {
  it.each([
    ['^[A-Z]{3}$', 10, 'AAA'],
    ['^a?b*c+$', 4, 'abbc'],
    ['^x{2,}$', 5, 'xxxxx'],
    ['^x{2,3}y{1,4}$', 10, 'xxxyyyy'],
    ['^x{2,3}$', 1, 'xx'],
    ['^\\d\\-\\.[b-d]$', 1, '0-.b'],
    ['ab.', 3, 'abA'],
    ['^[_]{2}$', 2, '__'],
  ])('draws %s at length %i as %s', (pattern, length, value) => {
    expect(patternValue(pattern, length, first)).toBe(value);
  });

  it('draws across the whole class', () => {
    const last = () => 0.999;
    expect(patternValue('^[a-c0-1]{2}$', 2, last)).toBe('11');
  });

  it.each([
    ['^(ab|cd)$'],
    ['^a|b$'],
    ['^(?=a)a$'],
    ['^[\\/]{2}$'],
    ['^x{3,2}$'],
    ['^x{5000}$'],
    ['^[z-a]$'],
    ['^a\\bb$'],
  ])('reads %s as not simple', (pattern) => {
    expect(patternValue(pattern, 5, first)).toBeUndefined();
  });
});
