// lib/gen/marked.ts: a boundary value with the run marker at the front keeps its length in
// code points (what the limits count, charLength) and never grows in UTF-16 units, so a value
// at a limit stays at it and a value past it stays past it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charLength } from '../../lib/contract/limits.js';
import { newRunMarker } from '../../lib/config.js';
import { holdsMarker, marked } from '../../lib/gen/marked.js';
import { ASCII_CHARS, ASTRAL_CHARS, BMP_CHARS, stringOf } from '../../lib/gen/strings.js';

const mixedText = fc
  .array(fc.constantFrom(...ASCII_CHARS, ...BMP_CHARS, ...ASTRAL_CHARS), { maxLength: 60 })
  .map((chars) => chars.join(''));
/** Markers as the suite makes them (`cft-<time36><rand36>`), and other ASCII ones a user may set. */
const asciiMarker = fc.oneof(
  fc.constant(newRunMarker()),
  fc.string({ unit: fc.constantFrom(...ASCII_CHARS), minLength: 1, maxLength: 20 }),
);

describe('marked', () => {
  it('keeps the length in code points and never grows in UTF-16 units', () => {
    fc.assert(
      fc.property(asciiMarker, mixedText, (marker, value) => {
        const out = marked(marker, value);
        expect(charLength(out)).toBe(charLength(value));
        expect(out.length).toBeLessThanOrEqual(value.length);
      }),
      { numRuns: 200 },
    );
  });

  it('puts `<marker> ` first when the value has room for it and one more character; else returns the value', () => {
    fc.assert(
      fc.property(asciiMarker, mixedText, (marker, value) => {
        const out = marked(marker, value);
        if (holdsMarker(marker, value)) {
          expect(out.startsWith(`${marker} `)).toBe(true);
          // The rest of the value is kept, so the value never ends on the marker's space.
          expect([...out].slice(marker.length + 1)).toEqual([...value].slice(marker.length + 1));
          expect(out.endsWith(' ')).toBe(value.endsWith(' '));
        } else {
          expect(out).toBe(value);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('holds the marker exactly from marker length + 2 code points on', () => {
    const marker = 'cft-abc';
    expect(holdsMarker(marker, stringOf(marker.length + 1))).toBe(false);
    expect(marked(marker, stringOf(marker.length + 1))).toBe(stringOf(marker.length + 1));
    expect(holdsMarker(marker, stringOf(marker.length + 2))).toBe(true);
    expect(marked(marker, stringOf(marker.length + 2))).toBe(`${marker} ${stringOf(marker.length + 2).slice(-1)}`);
    // Counted in code points: astral text of the same code-point length holds it the same.
    expect(holdsMarker(marker, stringOf(marker.length + 1, 'astral'))).toBe(false);
    expect(holdsMarker(marker, stringOf(marker.length + 2, 'astral'))).toBe(true);
  });

  it('keeps a value at a limit at it, and one past a limit past it, in astral text too', () => {
    const marker = newRunMarker();
    for (const cls of ['ascii', 'bmp', 'astral'] as const) {
      expect(charLength(marked(marker, stringOf(200, cls)))).toBe(200);
      expect(charLength(marked(marker, stringOf(201, cls)))).toBe(201);
    }
  });

  it('leaves the empty string alone', () => {
    expect(marked('cft-x', '')).toBe('');
    expect(holdsMarker('cft-x', '')).toBe(false);
  });

  it('keeps the length in code points for any marker, an astral one included', () => {
    expect(charLength(marked('😀', 'abcde'))).toBe(5);
  });
});
