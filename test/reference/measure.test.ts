// The reference measures a JSON field's size without writing its text (lib/reference/validation/measure.ts):
// the count must be that of the text JSON.stringify writes, whatever the value.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSize } from '../../lib/reference/validation/measure.js';

const written = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** Characters JSON escapes or writes in more than one byte, and lone surrogates. */
const awkward = fc.string({
  unit: fc.constantFrom(
    'a',
    '"',
    '\\',
    '\n',
    '\t',
    '\b',
    '\f',
    '\r',
    '\u0000',
    '\u001f',
    '\u007f',
    'é',
    '\u2028',
    '\u{1F600}',
    '\uD800',
    '\uDC00',
    '/',
  ),
});

describe('jsonSize', () => {
  it('counts the bytes of the JSON text of any parsed JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonSize(value)).toBe(written(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts strings and keys as JSON writes them: escapes, multi-byte and astral characters, lone surrogates', () => {
    fc.assert(
      fc.property(awkward, awkward, fc.string({ unit: 'binary' }), (key, text, binary) => {
        const value = { [key]: [text, binary, { [binary]: key }], n: [-0, 1e21, 1.5e-7, NaN, -Infinity] };
        expect(jsonSize(value)).toBe(written(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts what JSON.parse never gives as JSON.stringify writes it (toJSON, class instances, undefined, holes)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true,
        }),
        (value) => {
          expect(jsonSize(value)).toBe(written(value));
        },
      ),
      { numRuns: 3000 },
    );
    expect(jsonSize(undefined)).toBe(0);
    expect(jsonSize({ a: undefined, b: () => 1 })).toBe(written({ a: undefined, b: () => 1 }));
  });

  it('measures a 10 MB field exactly', () => {
    const value = { filler: 'x'.repeat(9_900_000), two: 'é'.repeat(100_000) };
    expect(jsonSize(value)).toBe(written(value));
  });
});
