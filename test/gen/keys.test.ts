// lib/gen/keys.ts: each shape is an invalid key: never the valid one, nor the valid one with
// spaces around it (HTTP strips those), and one edit away from it where it says so.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEADERS_BESIDE_KEY, INVALID_KEY_SHAPES } from '../../lib/gen/keys.js';

const KEY = 'aes-reference-key-0123';

describe('INVALID_KEY_SHAPES', () => {
  it('makes the shapes it names from a key', () => {
    expect(INVALID_KEY_SHAPES.map((s) => s.of(KEY))).toEqual([
      '',
      `${KEY}7`,
      KEY.slice(0, -1),
      `${KEY.slice(0, -1)}7`,
      KEY.toUpperCase(),
      `"${KEY}"`,
      `'${KEY}'`,
      `Bearer ${KEY}`,
      `${KEY}, ${KEY}`,
      [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
      `%61${KEY.slice(1)}`,
      Buffer.from(KEY).toString('base64'),
      `&#97;${KEY.slice(1)}`,
      `${KEY}\u00a0`,
      `\u00a0${KEY}`,
      Buffer.from('ａｅｓ-ｒｅｆｅｒｅｎｃｅ-ｋｅｙ-0123', 'utf8').toString('latin1'),
      undefined, // no letters a ligature joins
      Buffer.from('aes-reference-key-012\u00b3', 'utf8').toString('latin1'),
      `${KEY}\u00ad`,
      `a\u00ad${KEY.slice(1)}`,
      Buffer.from(`${KEY}\u200b`, 'utf8').toString('latin1'),
    ]);
  });

  const named = (...words: string[]) => INVALID_KEY_SHAPES.filter((s) => words.some((w) => s.what.includes(w)));

  it('sends compatibility forms as UTF-8 bytes that NFKC maps back to the key', () => {
    for (const shape of named('full-width', 'ligature', 'superscript')) {
      const made = shape.of('ref-test-key-0001')!;
      expect(made, shape.what).toMatch(/^[\x20-\xff]+$/);
      expect(Buffer.from(made, 'latin1').toString('utf8').normalize('NFKC'), shape.what).toBe('ref-test-key-0001');
    }
    expect(named('superscript')[0]!.of('no-digits')).toBeUndefined();
  });

  it('sends characters a collation ignores as bytes that are the key without them', () => {
    const ignorable = named('soft hyphen', 'zero-width');
    expect(ignorable).toHaveLength(3);
    for (const shape of ignorable) {
      const made = shape.of('ref-test-key-0001')!;
      expect(made, shape.what).toMatch(/^[\x20-\xff]+$/);
      const read = /zero-width/.test(shape.what) ? Buffer.from(made, 'latin1').toString('utf8') : made;
      expect(read.replace(/[\u00ad\u200b]/g, ''), shape.what).toBe('ref-test-key-0001');
    }
  });

  it('never gives the valid key, whatever it is, nor the valid key padded with spaces', () => {
    // A key is a token: printable, without spaces (the configuration trims what it is given). HTTP strips only
    // spaces and tabs around a field value (RFC 9110 5.5), not what String.prototype.trim strips besides.
    const httpTrimmed = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');
    const keys = fc.string({ unit: fc.constantFrom(...'aZ09-_.~+/=xX7'), minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(keys, (key) => {
        for (const shape of INVALID_KEY_SHAPES) {
          const made = shape.of(key);
          if (made !== undefined) expect(httpTrimmed(made), shape.what).not.toBe(key);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out what cannot be made: no other case without letters, nothing to remove from one character', () => {
    const shape = (what: string) => INVALID_KEY_SHAPES.find((s) => s.what.includes(what))!;
    expect(shape('letter case').of('0123-4567')).toBeUndefined();
    expect(shape('without its last').of('k')).toBeUndefined();
  });
});

describe('HEADERS_BESIDE_KEY', () => {
  it("never carries a key, and names only the request's own method (never OPTIONS)", () => {
    for (const beside of HEADERS_BESIDE_KEY) {
      const headers = beside.of('PATCH');
      expect(
        Object.keys(headers).map((name) => name.toLowerCase()),
        beside.what,
      ).not.toContain('x-api-key');
      for (const value of Object.values(headers)) expect(value, beside.what).not.toMatch(/OPTIONS/);
    }
    const methods = HEADERS_BESIDE_KEY.flatMap((b) => Object.values(b.of('PATCH'))).filter((v) => /^[A-Z]+$/.test(v));
    expect(new Set(methods)).toEqual(new Set(['PATCH']));
  });
});
