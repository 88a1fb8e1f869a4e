import { describe, expect, it } from 'vitest';
import { foldIndices, isJsonObject } from '../../lib/util/json.js';

describe('isJsonObject', () => {
  it('is true for a plain object, false for null, arrays and scalars', () => {
    expect([{}, { a: 1 }].map(isJsonObject)).toEqual([true, true]);
    expect([null, [], [1], 'x', 1, undefined].map(isJsonObject)).toEqual([false, false, false, false, false, false]);
  });
});

describe('foldIndices', () => {
  it('folds every array index of a pointer, at the end or in the middle', () => {
    expect(foldIndices('/runs/3/id')).toBe('/runs/*/id');
    expect(foldIndices('/runs/12')).toBe('/runs/*');
    expect(foldIndices('/a/0/b/1/c')).toBe('/a/*/b/*/c');
  });

  it('leaves keys that only contain digits alone', () => {
    expect(foldIndices('/runs/3a/id')).toBe('/runs/3a/id');
    expect(foldIndices('/v1/x')).toBe('/v1/x');
    expect(foldIndices('/')).toBe('/');
  });
});
