import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFilter, judgeFilter, parseFilter } from '../../lib/contract/filter/index.js';
import { listEndpoint } from '../../lib/contract/list-endpoints.js';
import {
  acceptedComparisons,
  atOffset,
  bareComparisons,
  boundComparisons,
  comparison,
  escapedLookalikes,
  exposedFields,
  filterLiteral,
  junctionArbitrary,
  junctionExamples,
  malformedArbitrary,
  malformedFilters,
  operatorComparisons,
  otherFieldComparisons,
  respell,
  sampleValues,
  shapedComparisons,
  spacedComparisons,
  unseenFieldValue,
} from '../../lib/gen/filters.js';

const RUNS = listEndpoint('runs');
const METRICS = listEndpoint('metrics');
const exposed = (list = RUNS, name: string) => exposedFields(list).find((e) => e.name === name)!;

const runs = [
  {
    run_id: 'r1',
    status: 'COMPLETED',
    agent_id: 'a1',
    create_time: '2026-01-05T10:00:00.000Z',
    tags: ['nightly', 'release candidate'],
  },
  { run_id: 'r2', status: 'FAILED', agent_id: 'a2', create_time: '2026-01-05T09:00:00.000Z', tags: ['nightly'] },
  { run_id: 'r3', status: 'COMPLETED', agent_id: 'a"3', create_time: '2026-01-05T11:00:00.000Z', tags: [] },
  { run_id: 'r4', status: 'RUNNING', agent_id: null, create_time: '2026-01-05T12:00:00.000Z', tags: ['smoke'] },
  { run_id: 'r5', status: 'PENDING', create_time: '2026-01-05T08:00:00.000Z' },
];

describe('filterLiteral', () => {
  it('writes numbers and plain text as they are', () => {
    expect(filterLiteral('number', 0.35)).toBe('0.35');
    expect(filterLiteral('string', 'IN PROGRESS')).toBe('IN PROGRESS');
    expect(filterLiteral('timestamp', '2026-01-05T10:00:00Z')).toBe('2026-01-05T10:00:00Z');
  });

  it.each<[string, 'string' | 'number', unknown]>([
    ['a quote', 'string', 'say "hi"'],
    ['a backslash', 'string', 'a\\b'],
    ['a control character', 'string', 'a\nb'],
    ['surrounding space', 'string', ' a'],
    ['empty text', 'string', ''],
    ['null', 'string', null],
    ['a number in a text field', 'string', 3],
    ['NaN', 'number', Number.NaN],
    ['Infinity', 'number', Number.POSITIVE_INFINITY],
    ['text in a number field', 'number', '3'],
  ])('refuses %s', (_, kind, value) => {
    expect(filterLiteral(kind, value)).toBeUndefined();
  });
});

describe('sampleValues', () => {
  it('takes the median in sort order, skipping unusable values', () => {
    expect(sampleValues(runs, exposed(RUNS, 'create_time'), 1)).toEqual(['2026-01-05T10:00:00.000Z']);
    expect(sampleValues(runs, exposed(RUNS, 'agent_id'), 1)).toEqual(['a2']);
  });

  it('spreads several values and never repeats one', () => {
    expect(sampleValues(runs, exposed(RUNS, 'status'), 2)).toEqual(['COMPLETED', 'PENDING']);
    expect(sampleValues(runs, exposed(RUNS, 'agent_id'), 3)).toEqual(['a1', 'a2']);
    expect(sampleValues(runs, exposed(RUNS, 'create_time'), 2)).toEqual([
      '2026-01-05T09:00:00.000Z',
      '2026-01-05T11:00:00.000Z',
    ]);
  });

  it('orders numbers numerically and tags by frequency', () => {
    const metrics = [2, 10, 9, 0.5].map((value) => ({ value }));
    expect(sampleValues(metrics, exposed(METRICS, 'value'), 1)).toEqual(['9']);
    expect(sampleValues(runs, exposed(RUNS, 'tag'), 2)).toEqual(['nightly', 'release candidate']);
  });

  it('is empty when no item carries the field', () => {
    expect(sampleValues([{}, { status: null }], exposed(RUNS, 'status'), 1)).toEqual([]);
  });
});

describe('respell', () => {
  it.each([
    ['number', '0.35', '0.350'],
    ['number', '1', '1.0'],
    ['number', '-2', '-2.0'],
    ['number', '1e-7', undefined],
    ['timestamp', '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00Z'],
    ['timestamp', '2026-01-05T10:00:00Z', '2026-01-05T10:00:00.000Z'],
    ['timestamp', '2026-01-05T10:00:00.000000+00:00', '2026-01-05T10:00:00+00:00'],
    ['timestamp', '2026-01-05T10:00:00.12Z', '2026-01-05T10:00:00.120000Z'],
    ['timestamp', '2026-01-05T10:00:00.123456Z', undefined],
    ['timestamp', '2026-01-05 10:00', undefined],
    ['string', 'abc', undefined],
  ] as const)('%s %s → %s', (kind, text, expected) => {
    expect(respell(kind, text)).toBe(expected);
  });

  it('keeps the value: the oracle judges both spellings alike', () => {
    const field = { time: { kind: 'timestamp' as const, path: 'time' } };
    const item = { time: '2026-01-05T10:00:00.000Z' };
    for (const op of ['=', '>=', '<', '!='] as const) {
      expect(judgeFilter(comparison('time', op, respell('timestamp', item.time)!), item, field)).toBe(
        judgeFilter(comparison('time', op, item.time), item, field),
      );
    }
  });
});

describe('atOffset', () => {
  it.each([
    ['2026-01-05T10:00:00Z', 120, '2026-01-05T12:00:00+02:00'],
    ['2026-01-05T10:00:00.123Z', -330, '2026-01-05T04:30:00.123-05:30'],
    ['2026-01-05T10:00:00Z', 0, '2026-01-05T10:00:00+00:00'],
    ['2026-01-05T10:00:00.123000000+00:00', 120, '2026-01-05T12:00:00.123000000+02:00'],
    ['2026-01-05T00:10:00+02:00', -330, '2026-01-04T16:40:00-05:30'],
    ['2026-01-05T10:00:60Z', 0, undefined],
    ['2026-01-05 10:00', 0, undefined],
  ] as const)('%s at %i minutes → %s', (text, minutes, expected) => {
    expect(atOffset(text, minutes)).toBe(expected);
  });

  it('keeps the instant: the oracle judges both writings alike', () => {
    const field = { time: { kind: 'timestamp' as const, path: 'time' } };
    const item = { time: '2026-01-05T10:00:00.500Z' };
    for (const minutes of [120, -330, 0])
      for (const op of ['=', '>=', '<=', '<'] as const)
        expect(judgeFilter(comparison('time', op, atOffset(item.time, minutes)!), item, field)).toBe(
          judgeFilter(comparison('time', op, item.time), item, field),
        );
  });
});

describe('comparisons from data', () => {
  it('tries every operator with the median and, for numbers and timestamps, its other spelling', () => {
    const time = operatorComparisons(runs, exposed(RUNS, 'create_time'));
    expect(time).toHaveLength(12);
    expect(new Set(time.map((c) => c.value))).toEqual(new Set(['2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00Z']));
    expect(operatorComparisons(runs, exposed(RUNS, 'status')).map((c) => formatFilter(c))).toEqual(
      ['=', '!=', '>', '<', '>=', '<='].map((op) => `status ${op} FAILED`),
    );
    expect(operatorComparisons([], exposed(RUNS, 'status'))).toEqual([]);
  });

  it('lists as always accepted only = and != on text-like fields, every operator on timestamps', () => {
    const ops = acceptedComparisons(RUNS, runs).map((c) => `${c.field} ${c.op}`);
    expect(ops).toContain('status !=');
    expect(ops).toContain('create_time <=');
    expect(ops).not.toContain('status >');
    expect(ops).not.toContain('tag <');
    expect(ops.some((op) => op.startsWith('created_by'))).toBe(false);
  });

  it('joins two values of one field (and three where it has them): OR of equalities, AND of inequalities', () => {
    expect(junctionExamples(RUNS, runs).map((e) => formatFilter(e))).toEqual([
      'status = COMPLETED OR status = PENDING',
      'status != COMPLETED AND status != PENDING',
      'status = COMPLETED OR status = FAILED OR status = PENDING',
      'status != COMPLETED AND status != FAILED AND status != PENDING',
    ]);
    expect(junctionExamples(RUNS, [runs[1]!])).toEqual([]);
  });

  it('writes a listed value as a second decoding reads it back: an escape first, a plus for each blank', () => {
    const personas = [{ id: 'p1', name: 'Grace Garcia' }];
    expect(escapedLookalikes(listEndpoint('personas'), personas, 'name')).toEqual(['%47race Garcia', 'Grace+Garcia']);
    expect(escapedLookalikes(RUNS, runs, 'status')).toEqual(['%46AILED']);
    // runs' created_by: no item shows it, so there is no listed value to disguise.
    expect(escapedLookalikes(RUNS, runs, 'created_by')).toEqual([]);
  });

  it('finds values with a space, and values that need no quotes', () => {
    expect(spacedComparisons(RUNS, runs).map((c) => formatFilter(c))).toEqual(['tag = "release candidate"']);
    expect(bareComparisons(RUNS, runs).map((c) => c.field)).toEqual(['status', 'agent_id', 'create_time', 'tag']);
  });
});

describe('generated expressions', () => {
  const candidates = acceptedComparisons(RUNS, runs);

  it('valid junctions parse back to their comparisons under one AND or OR', () => {
    fc.assert(
      fc.property(junctionArbitrary(candidates), (expr) => {
        const parsed = parseFilter(formatFilter(expr));
        expect(parsed.ok && parsed.expr.kind !== 'cmp' && parsed.expr.terms.length).toBe(
          expr.kind === 'cmp' ? 1 : expr.terms.length,
        );
      }),
    );
  });

  it('malformed ones never parse, however they shrink', () => {
    fc.assert(
      fc.property(malformedArbitrary(candidates), (text) => {
        expect(parseFilter(text).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
    for (const text of malformedFilters('name')) expect(parseFilter(text).ok).toBe(false);
  });
});

describe('fields no item shows', () => {
  it('are compared with the median of a timestamp the items show, else a fixed valid value', () => {
    expect(
      unseenFieldValue(
        METRICS,
        [{ create_time: '2026-01-05T10:00:00Z' }, { create_time: '2026-01-05T11:00:00Z' }, {}],
        'timestamp',
      ),
    ).toBe('2026-01-05T11:00:00Z');
    expect(unseenFieldValue(METRICS, [{ value: 1 }], 'timestamp')).toBe('2000-01-01T00:00:00Z');
    expect(unseenFieldValue(RUNS, runs, 'string')).toBe('cft-nobody@example.com');
    expect(unseenFieldValue(RUNS, runs, 'id')).toBeUndefined();
  });
});

describe('boundComparisons', () => {
  it('are `g >= least` and `g < least` on the first timestamp or number every item shows', () => {
    expect(boundComparisons(RUNS, runs)).toEqual({
      always: comparison('create_time', '>=', '2026-01-05T08:00:00.000Z'),
      never: comparison('create_time', '<', '2026-01-05T08:00:00.000Z'),
    });
  });

  it('skip a field some item lacks, and fall back to a number', () => {
    const metrics = [{ value: 0.5, create_time: '2026-01-05T08:00:00Z' }, { value: 0.25 }];
    expect(boundComparisons(METRICS, metrics)).toEqual({
      always: comparison('value', '>=', '0.25'),
      never: comparison('value', '<', '0.25'),
    });
    expect(boundComparisons(METRICS, [])).toBeUndefined();
  });
});

describe('otherFieldComparisons', () => {
  const items = [
    {
      run_id: 'RUNAAAAAAA',
      agent_id: 'AGENTAAAAA',
      persona_id: 'PERSONAAAA',
      status: 'COMPLETED',
      tags: ['smoke'],
      metadata: { source: 'fixture' },
    },
    {
      run_id: 'RUNBBBBBBB',
      agent_id: 'AGENTBBBBB',
      persona_id: 'PERSONAAAA',
      status: 'COMPLETED',
      tags: ['nightly', 'fixture'],
      metadata: { source: 'fixture' },
    },
    { run_id: 'RUNCCCCCCC', status: 'FAILED', tags: [], metadata: { source: 'fixture' } },
  ];

  it("sends values other fields hold where the field does not: another filter field's, then any other", () => {
    expect(otherFieldComparisons(RUNS, items, exposed(RUNS, 'tag')).map((c) => formatFilter(c))).toEqual([
      'tag = COMPLETED',
      'tag = fixture',
    ]);
  });

  it('sends an ID field an ID of its length first, and nothing no item holds elsewhere', () => {
    expect(otherFieldComparisons(RUNS, items, exposed(RUNS, 'agent_id')).map((c) => formatFilter(c))).toEqual([
      'agent_id = PERSONAAAA',
      'agent_id = RUNAAAAAAA',
    ]);
    expect(otherFieldComparisons(RUNS, [{ status: 'COMPLETED' }], exposed(RUNS, 'status'))).toEqual([]);
  });

  it('sends a timestamp field only times', () => {
    const times = [{ create_time: '2026-01-05T10:00:00Z', update_time: '2026-01-06T10:00:00Z', status: 'x' }];
    expect(otherFieldComparisons(RUNS, times, exposed(RUNS, 'create_time')).map((c) => c.value)).toEqual([
      '2026-01-06T10:00:00Z',
    ]);
  });
});

describe('shapedComparisons', () => {
  it('adds listed values of the shapes the median lacks, fewest first', () => {
    const ids = ['aaaaaaaa', '01cR2zXg', 'AbcDef12', '12345678'].map((persona_id) => ({ persona_id }));
    const { accepted, refusable } = shapedComparisons(RUNS, ids);
    expect(accepted.map((c) => c.value)).toEqual(['12345678']);
    expect(refusable).toEqual([]);
  });

  it('crafts an ID beginning with digits where none is listed, and free text of every shape', () => {
    const { refusable } = shapedComparisons(RUNS, [{ agent_id: 'AbcDefGh' }]);
    expect(refusable).toEqual([comparison('agent_id', '=', '01cDefGh')]);
    const personas = listEndpoint('personas');
    expect(shapedComparisons(personas, [{ name: 'Alice' }]).accepted.map((c) => c.value)).toEqual([
      '2nd-Line_Agent',
      '2024',
    ]);
  });
});
