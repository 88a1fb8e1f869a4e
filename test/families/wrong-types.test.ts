// The wrong-typed values of each stated type: none of the stated type, every other JSON type among them, made of the
// valid value.

import { describe, expect, it } from 'vitest';
import { flag, object, text, texts, wrongTypedValues, type StatedType } from '../../lib/families/wrong-types.js';

const jsonTypeOf = (value: unknown): string =>
  Array.isArray(value)
    ? value.every((item) => typeof item === 'string')
      ? 'strings'
      : 'list'
    : value === null
      ? 'null'
      : typeof value;

describe('wrongTypedValues', () => {
  it.each<[string, StatedType, string]>([
    ['text', text('Quality'), 'string'],
    ['a list of text', texts('reviewer@example.com'), 'strings'],
    ['a flag', flag(false), 'boolean'],
    ['an object', object({ channel: 'phone' }), 'object'],
  ])('%s: none of the stated type, four other JSON types among them', (_, stated, type) => {
    const values = wrongTypedValues(stated).map(({ value }) => value);
    const types = values.map((value) => (type === 'object' && Array.isArray(value) ? 'list' : jsonTypeOf(value)));
    expect(types).not.toContain(type);
    expect(new Set(types).size).toBeGreaterThanOrEqual(4);
  });

  it('a list of text also gets a number inside the list; a flag also the string "yes" (coercions lax readers make)', () => {
    expect(wrongTypedValues(texts('a@example.com')).map(({ value }) => value)).toContainEqual([42]);
    expect(wrongTypedValues(flag(true)).map(({ value }) => value)).toContain('yes');
  });

  it('wraps the valid value itself, as a lax reader would unwrap it: a list of one, one item alone', () => {
    expect(wrongTypedValues(text('Quality'))[0]!.value).toEqual(['Quality']);
    expect(wrongTypedValues(texts('a@example.com'))[0]!.value).toBe('a@example.com');
    expect(wrongTypedValues(flag(true))[0]!.value).toBe('true');
    expect(wrongTypedValues(object({ a: 1 })).map(({ value }) => value)).toContainEqual([{ a: 1 }]);
  });

  it('every type but a flag gets both booleans: false too, which a truth test takes for absent', () => {
    for (const stated of [text('Quality'), texts('a@example.com'), object({ a: 1 })])
      expect(wrongTypedValues(stated).map(({ value }) => value)).toEqual(expect.arrayContaining([true, false]));
  });
});
