import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coerceFilterValue,
  compareTimestamps,
  compareValues,
  formatFilter,
  interpretedComparisons,
  isBareValue,
  judgeFilter,
  matchesFilter,
  parseFilter,
  valueAt,
  type FilterExpr,
  type FilterFields,
  type FormatOptions,
} from '../../lib/contract/filter/index.js';
import { FILTER_OPERATORS, listEndpoint } from '../../lib/contract/list-endpoints.js';

const RUNS = listEndpoint('runs').filterFields;
const METRICS = listEndpoint('metrics').filterFields;

function parsed(text: string): FilterExpr {
  const result = parseFilter(text);
  if (!result.ok) throw new Error(`${text}: ${result.message} at ${result.position}`);
  return result.expr;
}

const cmp = (field: string, op: (typeof FILTER_OPERATORS)[number], value: string, quoted = false): FilterExpr => ({ kind: 'cmp', field, op, value, quoted });

/** What parse(format(e)) can give back: no `quoted`, no one-term junctions, same-kind junctions flattened. */
function normalize(e: FilterExpr): FilterExpr {
  if (e.kind === 'cmp') return { ...e, quoted: false };
  const terms = e.terms.map(normalize).flatMap((t) => (t.kind === e.kind ? t.terms : [t]));
  return terms.length === 1 ? terms[0]! : { kind: e.kind, terms };
}

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
    const expected = { kind: 'and', terms: [{ kind: 'or', terms: [cmp('a', '=', '1'), cmp('b', '=', '2')] }, cmp('c', '=', '3')] };
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

  const tokens = fc.constantFrom('a', 'b.c', '=', '!=', '>=', '<', '==', '"', '\\', '(', ')', ' AND ', ' OR ', ' and ', ' ', 'x y', '2026-01-01T00:00:00Z');
  const filterish = fc.oneof(fc.string(), fc.array(tokens, { maxLength: 12 }).map((t) => t.join('')));

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

const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,5}$/).filter((f) => f !== 'AND' && f !== 'OR');
const value = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[a-z0-9:.+-]{1,8}$/),
  fc.constantFrom('', 'AND', 'OR', 'a b', '"', '\\', '\\"', '(', ')', '=x', '!', 'x=y', '2026-01-01T00:00:00Z'),
);
const comparison = fc.record({ kind: fc.constant('cmp' as const), field, op: fc.constantFrom(...FILTER_OPERATORS), value, quoted: fc.boolean() });
const { expr } = fc.letrec<{ expr: FilterExpr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), terms: fc.array(tie('expr'), { minLength: 1, maxLength: 4 }) }),
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
        if (isBareValue(v)) expect(parsed(formatFilter(cmp('a', '<', v), { quote: 'never' }))).toEqual(cmp('a', '<', v));
        else expect(() => formatFilter(cmp('a', '<', v), { quote: 'never' })).toThrow(RangeError);
      }),
    );
  });
});

describe('compareValues and coerceFilterValue', () => {
  it('orders timestamps by instant, whatever the offset', () => {
    expect(compareValues('timestamp', '2026-01-01T01:00:00+01:00', '2026-01-01T00:00:00Z')).toBe(0);
    expect(compareValues('timestamp', '2026-01-01T00:30:00+01:00', '2026-01-01T00:00:00Z')).toBe(-1);
    expect(compareValues('timestamp', '2026-01-02T00:00:00Z', '2026-01-01T23:59:59.999Z')).toBe(1);
  });

  it('orders numbers numerically and text by UTF-16 code unit', () => {
    expect(compareValues('number', 2, 10)).toBe(-1);
    expect(compareValues('id', 'B', 'a')).toBe(-1);
    expect(compareValues('enum', 'COMPLETED', 'COMPLETED')).toBe(0);
    // A surrogate pair (0xD83D…) sorts before U+FF5E by code unit, after it by code point.
    expect(compareValues('string', '\u{1F600}', '\uFF5E')).toBe(-1);
  });

  it('puts null, missing and unreadable values last', () => {
    expect(compareValues('string', null, 'a')).toBe(1);
    expect(compareValues('string', 'a', undefined)).toBe(-1);
    expect(compareValues('string', null, undefined)).toBe(0);
    expect(compareValues('timestamp', 'not a time', '2026-01-01T00:00:00Z')).toBe(1);
    expect(compareValues('number', 1, Number.NaN)).toBe(-1);
  });

  const mixed = fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null), fc.constant(undefined), fc.integer());
  it('is a total order', () => {
    fc.assert(
      fc.property(fc.constantFrom('string', 'number') as fc.Arbitrary<'string' | 'number'>, mixed, mixed, mixed, (kind, a, b, c) => {
        expect(Math.sign(compareValues(kind, a, b))).toBe(-Math.sign(compareValues(kind, b, a)) || 0);
        if (compareValues(kind, a, b) <= 0 && compareValues(kind, b, c) <= 0) expect(compareValues(kind, a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it.each([
    ['number', '1.5', 1.5],
    ['number', '-2e3', -2000],
    ['number', 'abc', undefined],
    ['number', '', undefined],
    ['number', '0x10', undefined],
    ['timestamp', '2026-01-01T00:00:00Z', Date.UTC(2026, 0, 1)],
    ['timestamp', 'yesterday', undefined],
    ['string', ' x ', ' x '],
    ['enum', 'COMPLETED', 'COMPLETED'],
  ] as const)('coerces %s %j to %j', (kind, text, expected) => {
    expect(coerceFilterValue(kind, text)).toBe(expected);
  });
});

describe('interpretedComparisons and compareTimestamps', () => {
  it('reads text by code unit, case-insensitively and by collation', () => {
    expect(interpretedComparisons('string', 'B', 'a')).toEqual([-1, 1, 1]);
    expect(interpretedComparisons('id', 'abc', 'ABC')).toEqual([1, 0, -1]);
    expect(interpretedComparisons('string', 'a b', 'ab')).toEqual([-1, -1, -1]);
    expect(interpretedComparisons('string', 1, 'a')).toBeUndefined();
  });

  it('does not judge the order of text beyond ASCII (collations differ)', () => {
    expect(interpretedComparisons('string', 'Émile', 'Frank')).toBeUndefined();
  });

  it('compares timestamps exactly, below the millisecond too', () => {
    expect(compareTimestamps('2026-01-01T00:00:00.123456Z', '2026-01-01T00:00:00.123Z')).toBe(1);
    expect(compareTimestamps('2026-01-01T00:00:00.1200Z', '2026-01-01T00:00:00.12Z')).toBe(0);
    expect(compareTimestamps('2026-01-01t05:30:00+05:30', '2026-01-01 00:00:00z')).toBe(0);
    expect(compareTimestamps('2026-01-01T00:00:00', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(compareTimestamps('2026-01-01', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(compareTimestamps('2026-13-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBeUndefined();
  });
});

const run = {
  run_id: 'r1',
  status: 'COMPLETED',
  agent_id: 'Agent7',
  persona_id: 'p1',
  test_set_id: 'abcdefgh',
  create_time: '2026-01-02T00:00:00.000Z',
  update_time: null,
  tags: ['smoke', 'nightly'],
};
const metric = { metric_output_id: 'm', metric_id: 'x', status: 'IN PROGRESS', value: 0.75 };

describe('matchesFilter', () => {
  it.each([
    ['status = COMPLETED', true],
    ['status = "COMPLETED"', true],
    ['status = completed', false],
    ['status != RUNNING', true],
    ['agent_id > Agent1', true],
    ['agent_id < agent9', true],
    ['agent_id <= Agent7 AND agent_id >= Agent7', true],
    ['tag = smoke', true],
    ['tag = smok', false],
    ['tag != smoke', false],
    ['tag != other', true],
    ['tag > a', false],
    ['create_time > 2026-01-01T00:00:00Z', true],
    ['create_time = 2026-01-02T01:00:00+01:00', true],
    ['create_time < yesterday', false],
    ['update_time != 2026-01-01T00:00:00Z', false],
    ['update_time = null', false],
    ['created_by = someone', false],
    ['created_by != someone', false],
    ['nope = x', false],
    ['constructor != x', false],
    ['status = RUNNING OR tag = nightly', true],
    ['status = COMPLETED AND (tag = x OR agent_id = Agent7)', true],
    ['status = COMPLETED AND tag = x', false],
  ])('runs: %s → %s', (text, expected) => {
    expect(matchesFilter(parsed(text), run, RUNS)).toBe(expected);
  });

  it.each([
    ['value > 0.5', true],
    ['value = 0.75', true],
    ['value <= .75', true],
    ['value > 1e0', false],
    ['value > abc', false],
    ['status = "IN PROGRESS"', true],
    ['start_time > 2026-01-01T00:00:00Z', false],
  ])('metrics: %s → %s', (text, expected) => {
    expect(matchesFilter(parsed(text), metric, METRICS)).toBe(expected);
  });

  it('follows dot paths through own properties only', () => {
    const fields: FilterFields = { score: { kind: 'number', path: 'result.score' } };
    expect(matchesFilter(parsed('score >= 3'), { result: { score: 3 } }, fields)).toBe(true);
    expect(matchesFilter(parsed('score >= 3'), { result: 3 }, fields)).toBe(false);
    expect(valueAt({ a: { b: [1, 2] } }, 'a.b.1')).toBe(2);
    expect(valueAt({}, 'constructor')).toBeUndefined();
    expect(valueAt('text', 'length')).toBeUndefined();
  });
});

describe('judgeFilter', () => {
  it.each([
    ['status = COMPLETED', 'match'],
    ['status = completed', 'unknown'],
    ['status = RUNNING', 'no-match'],
    ['status != RUNNING', 'match'],
    ['status != completed', 'unknown'],
    ['status > A', 'unknown'],
    ['agent_id = Agent7', 'match'],
    ['agent_id = agent7', 'unknown'],
    ['agent_id = agent8', 'no-match'],
    ['agent_id > Agent1', 'match'],
    ['agent_id < b', 'match'],
    ['agent_id < a', 'unknown'], // 'A' < 'a' by code unit, not case-insensitively
    ['agent_id > a', 'unknown'],
    ['agent_id >= Agent7', 'match'],
    ['persona_id <= p0', 'no-match'],
    ['tag = smoke', 'match'],
    ['tag = Smoke', 'no-match'],
    ['tag != other', 'match'],
    ['tag != smoke', 'unknown'],
    ['tag < z', 'unknown'],
    ['create_time > 2026-01-01T00:00:00Z', 'match'],
    ['create_time >= 2026-01-02T00:00:00.000001Z', 'no-match'],
    ['create_time = 2026-01-01T19:00:00-05:00', 'match'],
    ['create_time > 2026-01-01', 'unknown'],
    ['create_time > 2026-01-01T00:00:00', 'unknown'],
    ['update_time = 2026-01-01T00:00:00Z', 'no-match'],
    ['update_time = null', 'unknown'],
    ['update_time = ""', 'unknown'],
    ['update_time != 2026-01-01T00:00:00Z', 'unknown'],
    ['update_time > 2026-01-01T00:00:00Z', 'unknown'],
    ['created_by = x', 'unknown'],
    ['nope = x', 'unknown'],
    ['status = RUNNING AND created_by = x', 'no-match'],
    ['status = COMPLETED AND created_by = x', 'unknown'],
    ['status = COMPLETED OR created_by = x', 'match'],
    ['status = RUNNING OR created_by = x', 'unknown'],
    ['status = RUNNING OR tag = none', 'no-match'],
  ])('runs: %s → %s', (text, expected) => {
    expect(judgeFilter(parsed(text), run, RUNS)).toBe(expected);
  });

  it('is unknown for a field the item does not carry', () => {
    const { tags: _tags, ...untagged } = run;
    expect(judgeFilter(parsed('tag = smoke'), untagged, RUNS)).toBe('unknown');
    expect(judgeFilter(parsed('tag = smoke'), { ...run, tags: 'smoke' }, RUNS)).toBe('unknown');
  });

  it('reads tag != x both as "x is not a tag" and as "some tag is not x"', () => {
    const judge = (tags: string[]) => judgeFilter(parsed('tag != a'), { tags }, RUNS);
    expect(judge(['b'])).toBe('match');
    expect(judge(['a'])).toBe('no-match');
    expect(judge(['a', 'b'])).toBe('unknown');
    expect(judge([])).toBe('unknown');
  });

  it('keeps sub-millisecond precision', () => {
    const item = { create_time: '2026-01-01T00:00:00.123789Z' };
    expect(judgeFilter(parsed('create_time > 2026-01-01T00:00:00.123456Z'), item, RUNS)).toBe('match');
  });

  it.each([
    ['value > 0.5', 'match'],
    ['value = 0.75', 'match'],
    ['value != 75e-2', 'no-match'],
    ['value > abc', 'unknown'],
    ['value > 0x1', 'unknown'],
    ['value < ""', 'unknown'],
    ['metric_name = x', 'unknown'],
    ['status = "in progress"', 'unknown'],
  ])('metrics: %s → %s', (text, expected) => {
    expect(judgeFilter(parsed(text), metric, METRICS)).toBe(expected);
  });

  it('treats a null value as unknown where null could stand for the filter value', () => {
    expect(judgeFilter(parsed('value = 0'), { value: null }, METRICS)).toBe('unknown');
    expect(judgeFilter(parsed('value = 1'), { value: null }, METRICS)).toBe('no-match');
    expect(judgeFilter(parsed('tag = x'), { tags: null }, RUNS)).toBe('no-match');
  });

  const word = fc.stringMatching(/^[a-cA-C]{0,3}$/);
  const lowerWord = fc.stringMatching(/^[a-c]{0,3}$/);
  const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2025, 0, 3) }).map((ms) => new Date(ms - (ms % 3_600_000)).toISOString());
  const number = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const item = (text: fc.Arbitrary<string>) =>
    fc.record(
      {
        status: fc.constantFrom('COMPLETED', 'RUNNING', 'completed'),
        agent_id: text,
        persona_id: text,
        metric_name: text,
        create_time: instant,
        update_time: fc.option(instant),
        tags: fc.option(fc.array(text, { maxLength: 3 })),
        value: fc.option(number),
      },
      { requiredKeys: [] },
    );
  const fields: FilterFields = { ...RUNS, ...METRICS };
  const filterValue = (text: fc.Arbitrary<string>) =>
    fc.oneof(text, instant, number.map(String), fc.constantFrom('COMPLETED', 'completed', 'null', '', '0', 'nope'));
  const filter = (text: fc.Arbitrary<string>) =>
    fc.letrec<{ e: FilterExpr }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small' },
        fc.record({ kind: fc.constant('cmp' as const), field: fc.constantFrom(...Object.keys(fields)), op: fc.constantFrom(...FILTER_OPERATORS), value: filterValue(text), quoted: fc.boolean() }),
        fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), terms: fc.array(tie('e'), { minLength: 1, maxLength: 3 }) }),
      ),
    })).e;

  it('never contradicts the reference server', () => {
    fc.assert(
      fc.property(filter(word), item(word), (e, it) => {
        const verdict = judgeFilter(e, it, fields);
        if (verdict !== 'unknown') expect(verdict).toBe(matchesFilter(e, it, fields) ? 'match' : 'no-match');
      }),
      { numRuns: 300 },
    );
  });

  it('decides every text, number and time comparison when no case variants exist', () => {
    const decidable = ['agent_id', 'persona_id', 'metric_name', 'create_time', 'value'];
    fc.assert(
      fc.property(fc.constantFrom(...decidable), fc.constantFrom(...FILTER_OPERATORS), lowerWord, instant, number, (name, op, text, time, n) => {
        const kind = fields[name]!.kind;
        const v = kind === 'timestamp' ? time : kind === 'number' ? String(n) : text;
        const e = cmp(name, op, v);
        const it = { agent_id: 'b', persona_id: '', metric_name: 'ab', create_time: '2025-01-02T00:00:00.000Z', value: 1 };
        expect(judgeFilter(e, it, fields)).toBe(matchesFilter(e, it, fields) ? 'match' : 'no-match');
      }),
    );
  });
});
