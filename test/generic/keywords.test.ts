import { describe, expect, it } from 'vitest';
import { integerBounds, lengthBounds, typesOf } from '../../lib/generic/keywords.js';

describe('typesOf', () => {
  it('reads `type` as a name or a list of names (3.1)', () => {
    expect(typesOf({ type: 'string' })).toEqual(['string']);
    expect(typesOf({ type: ['string', 'null'] })).toEqual(['string', 'null']);
    expect(typesOf({ type: ['integer', 7, null] })).toEqual(['integer']);
  });

  it('is empty for a schema that names no type', () => {
    expect(typesOf({})).toEqual([]);
    expect(typesOf({ type: 7 })).toEqual([]);
    expect(typesOf(['string'])).toEqual([]);
    expect(typesOf(undefined)).toEqual([]);
  });
});

describe('integerBounds', () => {
  it('takes inclusive bounds as they are, rounded inwards when fractional', () => {
    expect(integerBounds({ minimum: 1, maximum: 100 })).toEqual({ min: 1, max: 100 });
    expect(integerBounds({ minimum: 0.5, maximum: 9.5 })).toEqual({ min: 1, max: 9 });
    expect(integerBounds({ minimum: -1.5 })).toEqual({ min: -1 });
  });

  it('reads 3.0 exclusive flags beside the bound: the next integer inwards', () => {
    expect(integerBounds({ minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true })).toEqual({
      min: 1,
      max: 9,
    });
    expect(integerBounds({ minimum: 0.5, exclusiveMinimum: true, maximum: 9.5, exclusiveMaximum: true })).toEqual({
      min: 1,
      max: 9,
    });
    expect(integerBounds({ minimum: 0, exclusiveMinimum: false, maximum: 10, exclusiveMaximum: false })).toEqual({
      min: 0,
      max: 10,
    });
  });

  it('reads 3.1 exclusive bounds as numbers', () => {
    expect(integerBounds({ exclusiveMinimum: 0, exclusiveMaximum: 10 })).toEqual({ min: 1, max: 9 });
    expect(integerBounds({ exclusiveMinimum: 0.5, exclusiveMaximum: 9.5 })).toEqual({ min: 1, max: 9 });
  });

  it('keeps the stricter of an inclusive and an exclusive bound', () => {
    expect(integerBounds({ minimum: 5, exclusiveMinimum: 0, maximum: 5, exclusiveMaximum: 10 })).toEqual({
      min: 5,
      max: 5,
    });
    expect(integerBounds({ minimum: 0, exclusiveMinimum: 5, maximum: 10, exclusiveMaximum: 7 })).toEqual({
      min: 6,
      max: 6,
    });
  });

  it('ignores bounds that are not finite numbers, and schemas that are not objects', () => {
    expect(integerBounds({ minimum: '1', maximum: Infinity, exclusiveMinimum: null })).toEqual({});
    expect(integerBounds(undefined)).toEqual({});
    expect(integerBounds([1, 2])).toEqual({});
  });
});

describe('lengthBounds', () => {
  it('takes non-negative integer lengths', () => {
    expect(lengthBounds({ minLength: 0, maxLength: 200 })).toEqual({ min: 0, max: 200 });
    expect(lengthBounds({ maxLength: 8 })).toEqual({ max: 8 });
  });

  it('ignores negative, fractional and non-numeric lengths', () => {
    expect(lengthBounds({ minLength: -1, maxLength: 2.5 })).toEqual({});
    expect(lengthBounds({ minLength: '1' })).toEqual({});
    expect(lengthBounds(null)).toEqual({});
  });
});
