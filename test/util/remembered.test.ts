// lib/util/remembered.ts: each key worked out once, a throw kept for nobody, bounded.

import { expect, test } from 'vitest';
import { remembered } from '../../lib/util/remembered.js';

test('works a key out once, undefined included, and tries again after a throw', () => {
  const read = remembered<number | undefined>(10);
  let made = 0;
  const make = (value: number | undefined) => () => (made++, value);
  expect([read('a', make(1)), read('a', make(2)), read('u', make(undefined)), read('u', make(3))]).toEqual([
    1,
    1,
    undefined,
    undefined,
  ]);
  expect(made).toBe(2);
  expect(() =>
    read('x', () => {
      throw new Error('no');
    }),
  ).toThrow('no');
  expect(read('x', make(4))).toBe(4);
});

test('past its limit it starts afresh', () => {
  const read = remembered<number>(2);
  read('a', () => 1);
  read('b', () => 2);
  read('c', () => 3);
  expect(read('a', () => 9)).toBe(9);
});
