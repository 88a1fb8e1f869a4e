import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFilter } from '../../../lib/contract/filter/format.js';
import { parseFilter } from '../../../lib/contract/filter/parse.js';
import { cmp, normalize, parsed } from './expressions.js';

describe('parseFilter', () => {
  it.each([
    ['a=b', cmp('a', '=', 'b')],
    ['a = b', cmp('a', '=', 'b')],
    ['  a   =   b  ', cmp('a', '=', 'b')],
    ['a!=b', cmp('a', '!=', 'b')],
    ['a>=b', cmp('a', '>=', 'b')],
    ['a<=b', cmp('a', '<=', 'b')],
    ['a>b', cmp('a', '>', 'b')],
    ['a<b', cmp('a', '<', 'b')],
    ['create_time>=2026-01-01T00:00:00Z', cmp('create_time', '>=', '2026-01-01T00:00:00Z')],
    ['t < 2026-01-01T00:00:00.5+05:30', cmp('t', '<', '2026-01-01T00:00:00.5+05:30')],
    ['value>-1.5e3', cmp('value', '>', '-1.5e3')],
    ['x.y_Z9 = v', cmp('x.y_Z9', '=', 'v')],
    ['_a = b=c', cmp('_a', '=', 'b=c')],
    ['status = "IN PROGRESS"', cmp('status', '=', 'IN PROGRESS', true)],
    ['a = "say \\"hi\\" \\\\ bye"', cmp('a', '=', 'say "hi" \\ bye', true)],
    ['a = ""', cmp('a', '=', '', true)],
    ['a = "AND"', cmp('a', '=', 'AND', true)],
    ['a="(x)"', cmp('a', '=', '(x)', true)],
    ['ANDROID = x', cmp('ANDROID', '=', 'x')],
    ['a = ORx', cmp('a', '=', 'ORx')],
  ])('parses %s', (text, expected) => {
    expect(parsed(text)).toEqual(expected);
  });

  it('binds AND tighter than OR', () => {
    expect(parsed('a=1 OR b=2 AND c=3')).toEqual({
      kind: 'or',
      terms: [cmp('a', '=', '1'), { kind: 'and', terms: [cmp('b', '=', '2'), cmp('c', '=', '3')] }],
    });
    expect(parsed('a=1 AND b=2 OR c=3')).toEqual({
      kind: 'or',
      terms: [{ kind: 'and', terms: [cmp('a', '=', '1'), cmp('b', '=', '2')] }, cmp('c', '=', '3')],
    });
  });

  it('lets parentheses override precedence, with or without spaces around them', () => {
    const expected = {
      kind: 'and',
      terms: [{ kind: 'or', terms: [cmp('a', '=', '1'), cmp('b', '=', '2')] }, cmp('c', '=', '3')],
    };
    expect(parsed('(a=1 OR b=2) AND c=3')).toEqual(expected);
    expect(parsed('( a = 1 OR b = 2 )AND(c = 3)')).toEqual(expected);
    expect(parsed('((a=1))')).toEqual(cmp('a', '=', '1'));
  });

  it('flattens nested junctions of the same kind', () => {
    const flat = { kind: 'and', terms: [cmp('a', '=', '1'), cmp('b', '=', '2'), cmp('c', '=', '3')] };
    expect(parsed('a=1 AND b=2 AND c=3')).toEqual(flat);
    expect(parsed('(a=1 AND b=2) AND c=3')).toEqual(flat);
    expect(parsed('a=1 AND (b=2 AND c=3)')).toEqual(flat);
  });

  it.each([
    ['', 'empty', 0],
    ['   \t ', 'empty', 0],
    ['a', 'missing operator', 1],
    ['a b', 'missing operator', 2],
    ['a =', 'missing value', 3],
    ['a = )', 'missing value', 4],
    ['a = AND b = c', 'missing value', 4],
    ['a = "x', 'unterminated quote', 4],
    ['a = "x\\"', 'unterminated quote', 4],
    ['a = "x\\', 'unterminated quote', 4],
    ['a = "x\\n"', 'unknown escape', 6],
    ['a=b AND', 'dangling AND', 4],
    ['a=b OR ', 'dangling OR', 4],
    ['AND a=b', 'dangling AND', 0],
    ['(a=b AND) OR c=d', 'dangling AND', 5],
    ['a=b AND OR c=d', 'dangling OR', 8],
    ['a==b', 'unknown operator "=="', 1],
    ['a =~ b', 'unknown operator "=~"', 2],
    ['a <> b', 'unknown operator "<>"', 2],
    ['a ! b', 'unknown operator "!"', 2],
    ['a = =b', 'must be quoted', 4],
    ['a=b c', 'unexpected "c"', 4],
    ['a="b"c', 'unexpected "c"', 5],
    ['a=b and c=d', 'must be uppercase', 4],
    ['(a=b or c=d)', 'must be uppercase', 5],
    ['a=b ANDc=d', 'unexpected', 4],
    ['(a=b', 'never closed', 0],
    ['((a=b)', 'never closed', 0],
    ['a=b)', 'no matching', 3],
    ['()', 'expected a field name', 1],
    ['= b', 'expected a field name', 0],
    ['1a = b', 'expected a field name', 0],
  ])('rejects %j (%s)', (text, message, position) => {
    const result = parseFilter(text);
    expect(result).toMatchObject({ ok: false, position });
    expect(result.ok || result.message).toContain(message);
  });

  const tokens = fc.constantFrom(
    'a',
    'b.c',
    '=',
    '!=',
    '>=',
    '<',
    '==',
    '"',
    '\\',
    '(',
    ')',
    ' AND ',
    ' OR ',
    ' and ',
    ' ',
    'x y',
    '2026-01-01T00:00:00Z',
  );
  const filterish = fc.oneof(
    fc.string(),
    fc.array(tokens, { maxLength: 12 }).map((t) => t.join('')),
  );

  it('never throws, reports positions inside the text, and accepts its own canonical text', () => {
    fc.assert(
      fc.property(filterish, (text) => {
        const result = parseFilter(text);
        if (!result.ok) expect(result.position).toSatisfy((p: number) => p >= 0 && p <= text.length);
        else expect(normalize(parsed(formatFilter(result.expr)))).toEqual(normalize(result.expr));
      }),
    );
  });
});
