import { describe, expect, it } from 'vitest';
import { derivedBodies, type DerivedRule } from '../../../lib/families/values/derived.js';

const rule = (field: string, given: string[] = []): DerivedRule => ({
  field,
  requirements: ['TESTCASE-CREATE'],
  given,
  expected: () => null,
});

describe('derivedBodies', () => {
  it('gives each rule what it needs beside each other optional field, and beside all of them', () => {
    expect(derivedBodies(['str', 'json', 'notes', 'behaviors'], [rule('behaviors', ['str'])])).toEqual([
      ['str', 'json'],
      ['str', 'notes'],
      ['str', 'json', 'notes'],
    ]);
  });

  it('adds for a second rule only the bodies the first left it without', () => {
    const bodies = derivedBodies(['a', 'b', 'type'], [rule('b', ['a']), rule('type')]);
    expect(bodies).toEqual([['a', 'type'], ['a'], ['b'], ['a', 'b']]);
    // Every rule meets every other field in a body that leaves its field out and gives what it needs.
    for (const [field, given, others] of [
      ['b', ['a'], ['type']],
      ['type', [], ['a', 'b']],
    ] as const)
      for (const other of others)
        expect(
          bodies.some((body) => !body.includes(field) && given.every((g) => body.includes(g)) && body.includes(other)),
        ).toBe(true);
  });
});
