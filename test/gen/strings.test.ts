// lib/gen/strings.ts: strings around a length limit. A value meant to be accepted is in
// range however a server counts characters (code points, as the contract's charLength does,
// or UTF-16 units); a value meant to be rejected is out of range under both.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charLength, FIELD_LIMITS } from '../../lib/contract/limits.js';
import {
  ASCII_CHARS,
  ASTRAL_CHARS,
  BMP_CHARS,
  boundaryCases,
  type CharClass,
  escapedText,
  inRangeString,
  stringOf,
  tooLongString,
  twoByteText,
} from '../../lib/gen/strings.js';

const utf16 = (s: string): number => s.length;
const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

/** In range under both readings of "characters". */
const acceptedByEveryReading = (s: string, min: number, max: number): boolean =>
  charLength(s) >= min && utf16(s) >= min && charLength(s) <= max && utf16(s) <= max;
/** Out of range under both readings. */
const rejectedByEveryReading = (s: string, min: number, max: number): boolean =>
  (charLength(s) < min && utf16(s) < min) || (charLength(s) > max && utf16(s) > max);

describe('character classes', () => {
  it('ASCII characters are one byte, one unit, printable and not whitespace', () => {
    for (const c of ASCII_CHARS) {
      expect([utf8(c), utf16(c)], c).toEqual([1, 1]);
      expect(c).toMatch(/^[\x21-\x7e]$/);
    }
  });

  it('BMP characters are one code point and one UTF-16 unit, but two or three UTF-8 bytes', () => {
    for (const c of BMP_CHARS) {
      expect(charLength(c), c).toBe(1);
      expect(utf16(c), c).toBe(1);
      expect([2, 3], c).toContain(utf8(c));
    }
  });

  it('astral characters are one code point, two UTF-16 units and four UTF-8 bytes', () => {
    for (const c of ASTRAL_CHARS) expect([charLength(c), utf16(c), utf8(c)], c).toEqual([1, 2, 4]);
  });

  it('every character is stable under NFC and not whitespace, so no server normalises or trims it away', () => {
    for (const c of [...ASCII_CHARS, ...BMP_CHARS, ...ASTRAL_CHARS]) {
      expect(c.normalize('NFC'), c).toBe(c);
      expect(c.trim(), c).toBe(c);
      expect(c).not.toMatch(/\p{C}|\p{Z}/u);
    }
  });

  it('no character repeats within a class', () => {
    for (const chars of [ASCII_CHARS, BMP_CHARS, ASTRAL_CHARS]) expect(new Set(chars).size).toBe(chars.length);
  });
});

describe('stringOf', () => {
  const CLASS_OF: Record<CharClass, readonly string[]> = { ascii: ASCII_CHARS, bmp: BMP_CHARS, astral: ASTRAL_CHARS };

  it('is exactly `length` code points, all from the class, the same every time', () => {
    fc.assert(
      fc.property(
        fc.nat(300),
        fc.constantFrom<CharClass>('ascii', 'bmp', 'astral'),
        fc.nat(1000),
        (length, cls, salt) => {
          const value = stringOf(length, cls, salt);
          expect(charLength(value)).toBe(length);
          expect([...value].every((c) => CLASS_OF[cls].includes(c))).toBe(true);
          expect(utf16(value)).toBe(cls === 'astral' ? 2 * length : length);
          expect(stringOf(length, cls, salt)).toBe(value);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('defaults to ASCII', () => {
    expect(stringOf(12)).toBe(stringOf(12, 'ascii', 0));
    expect(utf8(stringOf(12))).toBe(12);
  });

  it("mixes the class's characters rather than repeating one", () => {
    for (const cls of ['ascii', 'bmp', 'astral'] as const) expect(new Set(stringOf(40, cls)).size).toBeGreaterThan(3);
  });
});

describe('twoByteText', () => {
  it('is exactly `bytes` UTF-8 bytes in about half as many characters, two bytes each but for one ASCII last when odd', () => {
    fc.assert(
      fc.property(fc.nat(20_000), (bytes) => {
        const value = twoByteText(bytes);
        expect(utf8(value)).toBe(bytes);
        expect(charLength(value)).toBe(Math.ceil(bytes / 2));
        expect(utf16(value)).toBe(Math.ceil(bytes / 2));
        expect([...value].filter((c) => utf8(c) !== 2).length).toBe(bytes % 2);
      }),
      { numRuns: 100 },
    );
  });
});

describe('inRangeString', () => {
  const bounds = fc.tuple(fc.nat(25), fc.nat(40)).map(([min, extra]) => ({ min, max: min + extra }));

  it('stays within [min, max] in code points and in UTF-16 units', () => {
    fc.assert(
      fc.property(
        bounds.chain((b) => fc.tuple(fc.constant(b), inRangeString(b))),
        ([{ min, max }, value]) => {
          expect(acceptedByEveryReading(value, min, max), JSON.stringify(value)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('mixes ASCII, multi-byte and astral characters', () => {
    const chars = fc.sample(inRangeString({ min: 20, max: 60 }), { numRuns: 50, seed: 11 }).join('');
    expect([...chars].some((c) => BMP_CHARS.includes(c))).toBe(true);
    expect([...chars].some((c) => ASTRAL_CHARS.includes(c))).toBe(true);
    expect([...chars].some((c) => ASCII_CHARS.includes(c))).toBe(true);
  });

  it('without a maximum allows 64 characters past the minimum', () => {
    fc.assert(
      fc.property(inRangeString({ min: 3 }), (value) => {
        expect(charLength(value)).toBeGreaterThanOrEqual(3);
        expect(utf16(value)).toBeLessThanOrEqual(67);
      }),
      { numRuns: 50 },
    );
  });

  it('reaches lengths across the whole range, not only near the minimum', () => {
    const lengths = fc.sample(inRangeString({ min: 1, max: 200 }), { numRuns: 200, seed: 42 }).map(charLength);
    for (const [low, high] of [
      [1, 50],
      [50, 100],
      [100, 150],
      [150, 201],
    ]) {
      expect(
        lengths.some((n) => n >= low! && n < high!),
        `${low}..${high}`,
      ).toBe(true);
    }
  });

  it('with min = max gives exactly that many characters, within the maximum in UTF-16 units too', () => {
    fc.assert(
      fc.property(inRangeString({ min: 200, max: 200 }), (value) => {
        expect(charLength(value)).toBe(200);
        expect(utf16(value)).toBeLessThanOrEqual(200);
      }),
      { numRuns: 30 },
    );
  });

  it("the contract's largest text limit (prompt, 50000) too", () => {
    for (const value of fc.sample(inRangeString({ min: 0, max: 50_000 }), { numRuns: 5, seed: 7 }))
      expect(acceptedByEveryReading(value, 0, 50_000)).toBe(true);
  });

  it('shrinks only to values still in range', () => {
    // A property that fails on every value: fast-check reports the smallest it shrank to.
    const details = fc.check(
      fc.property(inRangeString({ min: 5, max: 9 }), () => false),
      { numRuns: 5, seed: 3 },
    );
    const [smallest] = details.counterexample as [string];
    expect(acceptedByEveryReading(smallest, 5, 9)).toBe(true);
  });
});

describe('tooLongString', () => {
  it('is longer than `max` in code points, and so in UTF-16 units, by at most `extra`', () => {
    const cases = fc
      .tuple(fc.nat(120), fc.integer({ min: 1, max: 20 }))
      .chain(([max, extra]) => fc.tuple(fc.constant(max), fc.constant(extra), tooLongString(max, extra)));
    fc.assert(
      fc.property(cases, ([max, extra, value]) => {
        expect(rejectedByEveryReading(value, 0, max)).toBe(true);
        expect(charLength(value)).toBeLessThanOrEqual(max + extra);
      }),
      { numRuns: 100 },
    );
  });

  it('shrinks only to values still too long', () => {
    const details = fc.check(
      fc.property(tooLongString(10), () => false),
      { numRuns: 5, seed: 5 },
    );
    expect(charLength((details.counterexample as [string])[0])).toBe(11);
  });
});

describe('boundaryCases', () => {
  it('gives min, min−1, max and max+1 with ASCII, multi-byte and astral text', () => {
    const { accept, reject } = boundaryCases({ min: 1, max: 200 });
    expect(accept.map((c) => [charLength(c.value), utf16(c.value)])).toEqual([
      [1, 1],
      [200, 200],
      [200, 200],
      [100, 200],
    ]);
    expect(reject.map((c) => [charLength(c.value), utf16(c.value)])).toEqual([
      [0, 0],
      [201, 201],
      [201, 201],
      [201, 402],
    ]);
    expect(reject[0]!.why).toBe('an empty string');
  });

  it('the multi-byte maximum is longer than the maximum in UTF-8 bytes (a server counting bytes rejects it)', () => {
    const [, , bmp] = boundaryCases({ min: 1, max: 200 }).accept;
    expect(utf8(bmp!.value)).toBeGreaterThan(200);
    expect(bmp!.why).toContain(`${utf8(bmp!.value)} UTF-8 bytes`);
  });

  it('leaves out a side with no bound, and a minimum of 0', () => {
    expect(boundaryCases({ min: 1 })).toEqual({
      accept: [{ value: stringOf(1), why: '1 character (the minimum)' }],
      reject: [{ value: '', why: 'an empty string' }],
    });
    expect(boundaryCases({ max: 5 }).accept.map((c) => charLength(c.value))).toEqual([5, 5, 2]);
    expect(boundaryCases({ min: 0, max: 5 })).toEqual(boundaryCases({ max: 5 }));
    expect(boundaryCases({})).toEqual({ accept: [], reject: [] });
  });

  it('each case says the length it has', () => {
    const { accept, reject } = boundaryCases({ min: 3, max: 50 });
    for (const c of [...accept, ...reject].filter((c) => c.value !== ''))
      expect(c.why).toMatch(new RegExp(`^${charLength(c.value)} `));
  });

  it('every character limit of the contract: accepted cases in range by every reading, rejected ones out of range by every reading', () => {
    for (const limit of FIELD_LIMITS.filter((l) => l.unit === 'chars')) {
      const bounds = { ...('min' in limit ? { min: limit.min } : {}), ...('max' in limit ? { max: limit.max } : {}) };
      const { accept, reject } = boundaryCases(bounds);
      const [min, max] = [bounds.min ?? 0, bounds.max ?? Number.POSITIVE_INFINITY];
      for (const c of accept) expect(acceptedByEveryReading(c.value, min, max), `${limit.id}: ${c.why}`).toBe(true);
      for (const c of reject) expect(rejectedByEveryReading(c.value, min, max), `${limit.id}: ${c.why}`).toBe(true);
    }
  });

  it('rejected cases are out of range by every reading, for any bounds', () => {
    const bounds = fc
      .tuple(fc.integer({ min: 1, max: 300 }), fc.nat(300))
      .map(([min, extra]) => ({ min, max: min + extra }));
    fc.assert(
      fc.property(bounds, ({ min, max }) => {
        for (const c of boundaryCases({ min, max }).reject)
          expect(rejectedByEveryReading(c.value, min, max), c.why).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('accepted cases are in range by every reading, for any bounds (a minimum above half the maximum included)', () => {
    const bounds = fc
      .tuple(fc.integer({ min: 1, max: 300 }), fc.nat(300))
      .map(([min, extra]) => ({ min, max: min + extra }));
    fc.assert(
      fc.property(bounds, ({ min, max }) => {
        for (const c of boundaryCases({ min, max }).accept)
          expect(acceptedByEveryReading(c.value, min, max), c.why).toBe(true);
      }),
      { examples: [[{ min: 8, max: 8 }], [{ min: 1, max: 1 }], [{ min: 5, max: 7 }]], numRuns: 100 },
    );
  });
});

describe('escapedText', () => {
  it('is exactly the length asked, ends in the characters JSON escapes, lines only for free text', () => {
    const name = escapedText(200, false)!;
    const text = escapedText(2000, true)!;
    expect([charLength(name), charLength(text)]).toEqual([200, 2000]);
    expect(name.endsWith('a"a\\a/a')).toBe(true);
    expect(text.endsWith('a"a\\a/a\ta\na')).toBe(true);
    expect(/[\t\n]/.test(name)).toBe(false);
  });

  it('is undefined where the marker would leave no room before them', () => {
    expect(escapedText(10, true)).toBeUndefined();
  });
});
