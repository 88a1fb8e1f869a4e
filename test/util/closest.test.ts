import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../lib/util/closest.js';

describe('closest', () => {
  it('counts single-character edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('offers the nearest known name only when it is close', () => {
    expect(closest('list-page-gapp', ['list-page-gap', 'list-page-overlap'])).toBe('list-page-gap');
    expect(closest('reed-only', ['read-only', 'runs'])).toBe('read-only');
    expect(closest('frobnicate', ['read-only', 'runs'])).toBeUndefined();
    expect(closest('x', [])).toBeUndefined();
  });
});
