import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpr } from '../../../lib/contract/filter/ast.js';
import { judgeFilter, matchesFilter, valueAt, type FilterFields } from '../../../lib/contract/filter/evaluate.js';
import { FILTER_OPERATORS, listEndpoint } from '../../../lib/contract/list-endpoints.js';
import { cmp, parsed } from './expressions.js';

const RUNS = listEndpoint('runs').filterFields;
const METRICS = listEndpoint('metrics').filterFields;

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
  const instant = fc
    .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2025, 0, 3) })
    .map((ms) => new Date(ms - (ms % 3_600_000)).toISOString());
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
        fc.record({
          kind: fc.constant('cmp' as const),
          field: fc.constantFrom(...Object.keys(fields)),
          op: fc.constantFrom(...FILTER_OPERATORS),
          value: filterValue(text),
          quoted: fc.boolean(),
        }),
        fc.record({
          kind: fc.constantFrom('and' as const, 'or' as const),
          terms: fc.array(tie('e'), { minLength: 1, maxLength: 3 }),
        }),
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
      fc.property(
        fc.constantFrom(...decidable),
        fc.constantFrom(...FILTER_OPERATORS),
        lowerWord,
        instant,
        number,
        (name, op, text, time, n) => {
          const kind = fields[name]!.kind;
          const v = kind === 'timestamp' ? time : kind === 'number' ? String(n) : text;
          const e = cmp(name, op, v);
          const it = {
            agent_id: 'b',
            persona_id: '',
            metric_name: 'ab',
            create_time: '2025-01-02T00:00:00.000Z',
            value: 1,
          };
          expect(judgeFilter(e, it, fields)).toBe(matchesFilter(e, it, fields) ? 'match' : 'no-match');
        },
      ),
    );
  });
});
