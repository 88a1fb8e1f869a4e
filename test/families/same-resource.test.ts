// The items a "same as listed" check reads back: a few, spread over the list.

import { describe, expect, it } from 'vitest';
import { covering, spread } from '../../lib/families/same-resource.js';

describe('spread', () => {
  it('takes every item of a list no longer than the count', () => {
    expect(spread([])).toEqual([]);
    expect(spread(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('takes the first, the last and evenly between, each once', () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    expect(spread(items)).toEqual([0, 5, 10]);
    expect(spread(items, 5)).toEqual([0, 3, 5, 8, 10]);
    expect(spread([0, 1, 2, 3], 3)).toEqual([0, 2, 3]);
  });

  it('returns a copy, never the list itself', () => {
    const items = ['a'];
    expect(spread(items)).not.toBe(items);
  });
});

describe('covering', () => {
  const items = Array.from({ length: 10 }, (_, i) => ({
    id: `m${i}`,
    subvalues: i === 6 ? [{ at: 1 }] : null,
    note: i === 4 ? 'kept' : '',
    extra: i === 2 ? { a: 1 } : {},
  }));

  it('the spread, and the first item holding each field filled that the spread leaves empty', () => {
    expect(covering(items).map((item) => item.id)).toEqual(['m0', 'm5', 'm9', 'm2', 'm4', 'm6']);
  });

  it('no more than the spread when it already reads every field filled', () => {
    const full = items.map((item) => ({ ...item, subvalues: [1], note: 'x', extra: { a: 1 } }));
    expect(covering(full)).toEqual(spread(full));
  });
});
