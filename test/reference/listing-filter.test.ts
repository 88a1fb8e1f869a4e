// The reference's own filter reading (lib/reference/listing) against the suite's
// (lib/contract/filter): written apart, they must agree on every text and item, so
// that a slip in either one shows here instead of moving both sides together.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareValues, matchesFilter, parseFilter, valueAt } from '../../lib/contract/filter/index.js';
import { LIST_ENDPOINTS, type FieldKind } from '../../lib/contract/list-endpoints.js';
import { itemMatches } from '../../lib/reference/listing/filter-match.js';
import { readFilterText } from '../../lib/reference/listing/filter-syntax.js';
import { compareRanks, decimalLiteral, rankOf, readPath } from '../../lib/reference/listing/values.js';

const compareByKind = (kind: FieldKind, a: unknown, b: unknown): number =>
  compareRanks(rankOf(kind, a), rankOf(kind, b));

const PIECES = [
  ' ',
  '  ',
  '\t',
  '(',
  ')',
  '"',
  '\\',
  '\\"',
  '\\\\',
  '\\n',
  'AND',
  'OR',
  'and',
  'or',
  'ANDROID',
  'ORx',
  '=',
  '!=',
  '<',
  '>',
  '<=',
  '>=',
  '==',
  '=~',
  '<>',
  '~',
  '!',
  'name',
  'status',
  'value',
  'tag',
  'a.b',
  'a.',
  '_x',
  '1',
  '-2',
  '0.5',
  '.5',
  '5.',
  '1e3',
  '1e',
  'x',
  'é',
  'COMPLETED',
  '2024-01-01T00:00:00Z',
  '$',
  '-',
  '.',
  ',',
];

const filterText = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));
const wellFormed = fc
  .array(
    fc.tuple(
      fc.constantFrom('name', 'status', 'value', 'tag', 'create_time'),
      fc.constantFrom('=', '!=', '<', '>', '<=', '>='),
      fc.constantFrom(
        'x',
        '"x y"',
        '1',
        '0.50',
        '"AND"',
        'COMPLETED',
        '"2024-01-01T00:00:00Z"',
        '2024-01-01T00:00:00.000Z',
        'b',
      ),
      fc.constantFrom(' AND ', ' OR ', ' AND (', ') OR ', 'AND ', ' OR'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((terms) =>
    terms
      .map(([f, op, v, j]) => `${f} ${op} ${v}${j}`)
      .join('')
      .replace(/( AND \(| OR| AND |AND |\) OR )$/, ''),
  );

describe("the reference filter reading agrees with the suite's", () => {
  it('accepts and rejects the same texts, with the same trees', () => {
    fc.assert(
      fc.property(fc.oneof(filterText, wellFormed, fc.string()), (text) => {
        const ours = readFilterText(text);
        const theirs = parseFilter(text);
        expect(ours.ok).toBe(theirs.ok);
        if (ours.ok && theirs.ok) expect(ours.expr).toEqual(theirs.expr);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the examples the same', () => {
    for (const text of [
      'name = x',
      'name=x',
      'name="x"AND status=b',
      '(a = 1)AND(b = 2)',
      'a = 1 AND',
      'a = AND',
      'a = "AND"',
      'a = x"y"',
      'AND = 1',
      'AND.x = 1',
      'a.b-c = 1',
      'a = =x',
      'a =AND',
      '((a = 1) OR b = 2) AND c = 3',
      'a = 1 OR b = 2 AND c = 3',
      '"a" = 1',
      ')',
      '(',
      '()',
    ]) {
      const ours = readFilterText(text);
      const theirs = parseFilter(text);
      expect([text, ours.ok]).toEqual([text, theirs.ok]);
      if (ours.ok && theirs.ok) expect(ours.expr).toEqual(theirs.expr);
    }
  });

  const values = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: false }),
    fc.constantFrom('x', 'b', 'X', '1', '0.5', 'COMPLETED', ''),
    fc.constantFrom('2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.5Z', 'not a time'),
    fc.array(fc.constantFrom('x', 'b', 'release candidate'), { maxLength: 3 }),
    fc.string(),
  );

  it('matches the same items', () => {
    for (const list of LIST_ENDPOINTS) {
      const fields = Object.fromEntries(
        Object.entries(list.filterFields).map(([name, f]) => [name, f.path === null ? { ...f, path: name } : f]),
      );
      const names = Object.keys(fields);
      const texts = fc
        .array(
          fc.tuple(
            fc.constantFrom(...names, 'unknown'),
            fc.constantFrom('=', '!=', '<', '>', '<=', '>='),
            fc.constantFrom(
              'x',
              'b',
              '1',
              '-1',
              '0.50',
              '.5',
              '1e1',
              '0x10',
              'Infinity',
              'COMPLETED',
              '2024-01-01T00:00:00Z',
              '2024-01-01',
              'release candidate',
              '',
            ),
            fc.constantFrom(' AND ', ' OR '),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map((terms) => terms.map(([f, op, v, j], i) => `${i === 0 ? '' : j}${f} ${op} ${JSON.stringify(v)}`).join(''));
      const items = fc.dictionary(fc.constantFrom(...names.map((n) => fields[n]!.path!)), values);
      fc.assert(
        fc.property(texts, items, (text, item) => {
          const ours = readFilterText(text);
          const theirs = parseFilter(text);
          if (!ours.ok || !theirs.ok) throw new Error(`did not parse: ${text}`);
          expect(itemMatches(ours.expr, item, fields)).toBe(matchesFilter(theirs.expr, item, fields));
        }),
        { numRuns: 500 },
      );
    }
  });

  it('orders values the same', () => {
    const kinds: FieldKind[] = ['string', 'id', 'enum', 'timestamp', 'number', 'tags'];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), values, values, (kind, a, b) => {
        expect(Math.sign(compareByKind(kind, a, b))).toBe(Math.sign(compareValues(kind, a, b)));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads numbers and paths the same', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+-]?\d{0,3}\.?\d{0,3}([eE][+-]?\d{0,2})?$/)), (text) => {
        const expected = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : undefined;
        expect(decimalLiteral(text)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    const item = { a: { b: 1, c: null }, tags: ['x'], n: 0 };
    for (const path of [
      'a',
      'a.b',
      'a.c',
      'a.c.d',
      'a.b.c',
      'tags',
      'tags.0',
      'tags.length',
      'constructor',
      '__proto__',
      'a.__proto__',
      'n',
      'x',
      '',
    ]) {
      expect(readPath(item, path)).toEqual(valueAt(item, path));
    }
  });
});
