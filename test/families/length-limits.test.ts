// The length-limit family's own helpers: the character bounds of a row of the limits table, and a
// boundary value's segment of a check id.

import { describe, expect, it } from 'vitest';
import { boundaryKey, charBounds } from '../../lib/families/length-limits.js';

describe('charBounds', () => {
  it('reads a character limit, a minimum not stated being 0', () => {
    expect(charBounds('agent.display_name')).toEqual({ min: 1, max: 200 });
    expect(charBounds('agent.prompt')).toEqual({ min: 0, max: 50000 });
  });

  it('refuses a limit not counted in characters', () => {
    expect(() => charBounds('agent.metadata')).toThrow('agent.metadata is not a character limit with a maximum');
  });
});

describe('boundaryKey', () => {
  it('is the length in code points and the kind of its characters', () => {
    expect(boundaryKey('x'.repeat(201))).toBe('201-ascii');
    expect(boundaryKey('é'.repeat(3))).toBe('3-multi-byte');
    expect(boundaryKey('\u{1F600}'.repeat(200))).toBe('200-astral');
    expect(boundaryKey('a\u{1F600}')).toBe('2-mixed');
    expect(boundaryKey('')).toBe('0-empty');
  });

  it('tells the kinds apart at their edges: U+007F is ASCII, U+0080 and U+FFFF are not, U+10000 is astral', () => {
    expect(boundaryKey('\u007f')).toBe('1-ascii');
    expect(boundaryKey('\u0080')).toBe('1-multi-byte');
    expect(boundaryKey('\uffff')).toBe('1-multi-byte');
    expect(boundaryKey('\u{10000}')).toBe('1-astral');
  });
});
