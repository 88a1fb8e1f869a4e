// The items a "same as listed" check reads back: a few, spread over the list.

import { describe, expect, it } from 'vitest';
import { spread } from '../../lib/families/same-resource.js';

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
