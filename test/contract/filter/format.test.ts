import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpr } from '../../../lib/contract/filter/ast.js';
import { formatFilter, type FormatOptions } from '../../../lib/contract/filter/format.js';
import { isBareValue } from '../../../lib/contract/filter/parse.js';
import { FILTER_OPERATORS } from '../../../lib/contract/list-endpoints.js';
import { cmp, normalize, parsed } from './expressions.js';

const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,5}$/).filter((f) => f !== 'AND' && f !== 'OR');
const value = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[a-z0-9:.+-]{1,8}$/),
  fc.constantFrom('', 'AND', 'OR', 'a b', '"', '\\', '\\"', '(', ')', '=x', '!', 'x=y', '2026-01-01T00:00:00Z'),
);
const comparison = fc.record({
  kind: fc.constant('cmp' as const),
  field,
  op: fc.constantFrom(...FILTER_OPERATORS),
  value,
  quoted: fc.boolean(),
});
const { expr } = fc.letrec<{ expr: FilterExpr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      terms: fc.array(tie('expr'), { minLength: 1, maxLength: 4 }),
    }),
  ),
}));

describe('formatFilter', () => {
  it('writes single spaces, uppercase keywords and only the parentheses precedence needs', () => {
    expect(formatFilter(parsed('a=1 OR (b=2 AND c=3)'))).toBe('a = 1 OR b = 2 AND c = 3');
    expect(formatFilter(parsed('(a=1 OR b=2)AND c=3'))).toBe('(a = 1 OR b = 2) AND c = 3');
    expect(formatFilter(parsed('((a>=1))'))).toBe('a >= 1');
  });

  it('adds parentheses for an OR that reaches an AND through one-term junctions', () => {
    const or = { kind: 'or', terms: [cmp('a', '=', '1'), cmp('b', '=', '2')] } as const;
    const e: FilterExpr = { kind: 'and', terms: [{ kind: 'and', terms: [or] }, cmp('c', '=', '3')] };
    expect(formatFilter(e)).toBe('(a = 1 OR b = 2) AND c = 3');
  });

  it.each<[string, FormatOptions['quote'], string]>([
    ['plain', 'auto', 'a = plain'],
    ['plain', 'always', 'a = "plain"'],
    ['plain', 'never', 'a = plain'],
    ['IN PROGRESS', 'auto', 'a = "IN PROGRESS"'],
    ['', 'auto', 'a = ""'],
    ['say "hi" \\', 'auto', 'a = "say \\"hi\\" \\\\"'],
    ['back\\slash', 'auto', 'a = back\\slash'],
    ['(x)', 'auto', 'a = "(x)"'],
    ['OR', 'auto', 'a = "OR"'],
    ['>5', 'auto', 'a = ">5"'],
  ])('writes %j with quote %s as %s', (v, quote, text) => {
    expect(formatFilter(cmp('a', '=', v), { quote })).toBe(text);
  });

  it('writes no blanks around an operator when compact, and keeps them around the keywords', () => {
    expect(formatFilter(parsed('status = COMPLETED AND (a > 1 OR b <= "x y")'), { compact: true })).toBe(
      'status=COMPLETED AND (a>1 OR b<="x y")',
    );
    expect(parsed(formatFilter(cmp('a', '!=', '-1'), { compact: true }))).toEqual(cmp('a', '!=', '-1'));
  });

  it('ignores the quoted flag in auto mode', () => {
    expect(formatFilter(cmp('a', '=', 'x', true))).toBe('a = x');
  });

  it('refuses what it cannot write', () => {
    expect(() => formatFilter(cmp('a', '=', 'a b'), { quote: 'never' })).toThrow(RangeError);
    expect(() => formatFilter({ kind: 'or', terms: [] })).toThrow(RangeError);
  });

  it('round-trips generated expressions', () => {
    fc.assert(
      fc.property(expr, fc.constantFrom<FormatOptions['quote']>('always', 'auto'), (e, quote) => {
        expect(normalize(parsed(formatFilter(e, { quote })))).toEqual(normalize(e));
      }),
    );
  });

  it('quotes in auto mode exactly the values that are not bare', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(parsed(formatFilter(cmp('a', '!=', v)))).toEqual(cmp('a', '!=', v, !isBareValue(v)));
      }),
    );
  });

  it('with quote never, round-trips bare values and throws for the rest', () => {
    fc.assert(
      fc.property(value, (v) => {
        if (isBareValue(v))
          expect(parsed(formatFilter(cmp('a', '<', v), { quote: 'never' }))).toEqual(cmp('a', '<', v));
        else expect(() => formatFilter(cmp('a', '<', v), { quote: 'never' })).toThrow(RangeError);
      }),
    );
  });
});
