// Unusual JSON text reads as the same value, and really is written unusually.

import fc from 'fast-check';
import { expect, test } from 'vitest';
import { unusualJsonText } from '../../lib/gen/json-text.js';

test('any JSON value reads back the same from its unusual text', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      expect(JSON.parse(unusualJsonText(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }),
  );
});

test('escapes non-ASCII characters (astral ones as surrogate pairs), double quotes, a first letter and solidus; breaks lines with CR LF and tabs, blanks around the value', () => {
  const text = unusualJsonText({ display_name: 'Agent "é"/😀', list: [1, 'a'] });
  expect(text).toContain('\\u0041gent \\u0022\\u00e9\\u0022\\/\\ud83d\\ude00');
  expect(text).toContain('\\u0064isplay_name');
  expect(text).toMatch(/\{\r\n\t"/);
  expect(text).toMatch(/^ \t\r\n\t\{[^]*\}\r\n \t$/);
  expect(text).not.toMatch(/[^\x00-\x7f]/);
  expect(JSON.parse(text)).toEqual({ display_name: 'Agent "é"/😀', list: [1, 'a'] });
});

test('writes every number with an exponent, read back as the same number', () => {
  const text = unusualJsonText({ n: 1000, f: 0.25, m: -1.5, z: 0 });
  expect(text).toContain('1e+3');
  expect(text).toContain('2.5e-1');
  expect(text).toContain('-1.5e+0');
  expect(JSON.parse(text)).toEqual({ n: 1000, f: 0.25, m: -1.5, z: 0 });
});
