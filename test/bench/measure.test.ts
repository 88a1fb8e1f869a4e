import { describe, expect, test } from 'vitest';
import { cell, checksMeasure, floorMs, peakInFlight, type RunMeasure, spread, table } from '../../bench/measure.js';

const run = (over: Partial<RunMeasure> = {}): RunMeasure => ({
  scenario: 'b', latencyMs: 50, wallMs: 20_000, requests: 100, requestMs: 10_000, peakInFlight: 4, exitCode: 0,
  checks: { requests: 90, longestChain: 8, longestChecks: ['x'], verdict: 'conformant' }, ...over,
});

describe('the bench’s arithmetic', () => {
  test('medians of odd and even counts, with their range', () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, count: 3 });
    expect(spread([4, 1, 3, 2])?.median).toBe(2.5);
    expect(spread([])).toBeUndefined();
    expect(cell([2, 1, 3], 1)).toBe('2.0 (1.0–3.0)');
    expect(cell([5, 5], 0)).toBe('5');
    expect(cell([], 0)).toBe('—');
  });

  test('a summary’s longest chain, the checks with it, and the requests sent in checks', () => {
    const measure = checksMeasure({
      verdict: 'conformant',
      checks: [{ id: 'a', requests: 3, requestChain: 2 }, { id: 'b', requests: 5, requestChain: 4 }, { id: 'c' }, { id: 'd', requests: 4, requestChain: 4 }],
    });
    expect(measure).toEqual({ requests: 12, longestChain: 4, longestChecks: ['b', 'd'], verdict: 'conformant' });
    expect(checksMeasure({}).longestChain).toBe(0);
  });

  test('the floor is the longest chain times the latency, and none without latency or summary', () => {
    expect(floorMs(run())).toBe(400);
    expect(floorMs(run({ latencyMs: 0 }))).toBeUndefined();
    expect(floorMs(run({ checks: undefined }))).toBeUndefined();
  });

  test('peak in flight: overlapping spans count together, touching ones do not', () => {
    expect(peakInFlight([])).toBe(0);
    expect(peakInFlight([{ startedAt: 0, endedAt: 10 }, { startedAt: 10, endedAt: 20 }])).toBe(1);
    expect(peakInFlight([{ startedAt: 0, endedAt: 10 }, { startedAt: 5, endedAt: 20 }, { startedAt: 6, endedAt: 7 }])).toBe(3);
  });

  test('the table: a row per scenario, the critical path under the slow one, killed runs left out', () => {
    const scenarios = [{ key: 'a', label: '(a) default', latencyMs: 0 }, { key: 'b', label: '(b) slow', latencyMs: 50 }] as const;
    const runs = [run({ scenario: 'a', latencyMs: 0 }), run(), run({ wallMs: 40_000, exitCode: 1 }), run({ exitCode: null })];
    const lines = table(scenarios, runs, 3).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe('| (a) default | 1/3 (1) | 20.0 | 100 | 10.0 | 0.50 | — | — |');
    expect(lines[3]).toBe('| (b) slow | 2/3 (1) | 30.0 (20.0–40.0) | 100 | 10.0 | 0.38 (0.25–0.50) | — | — |');
    expect(lines[4]).toBe('| (c) critical path of (b): longest chain × 50 ms | 2/3 | — | 8 | — | — | 0.40 | 75.0 (50.0–100.0) |');
  });
});
