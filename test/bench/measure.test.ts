import { describe, expect, test } from 'vitest';
import {
  cell,
  checksMeasure,
  childrenTicks,
  floorMs,
  goalsTable,
  largerFloorMs,
  parseTimeFile,
  peakInFlight,
  type RunMeasure,
  spread,
  startupTable,
  table,
  throughputFloorMs,
} from '../../bench/measure.js';

const run = (over: Partial<RunMeasure> = {}): RunMeasure => ({
  scenario: 'b',
  latencyMs: 50,
  wallMs: 20_000,
  requests: 100,
  requestMs: 10_000,
  peakInFlight: 4,
  activeMs: 5_000,
  exitCode: 0,
  checks: { requests: 90, longestChain: 8, longestChecks: ['x'], verdict: 'conformant', counts: {} },
  cpu: { cpuMs: 5_000, referenceMs: 1_000, maxRssKb: 512 * 1024, peakTreeKb: 600 * 1024 },
  ...over,
});

describe('the bench’s arithmetic', () => {
  test('medians of odd and even counts, with their range', () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, count: 3 });
    expect(spread([4, 1, 3, 2])?.median).toBe(2.5);
    expect(spread([])).toBeUndefined();
    expect(cell([2, 1, 3], 1)).toBe('2.0 (1.0–3.0)');
    expect(cell([5, 5], 0)).toBe('5');
    expect(cell([49.2, 48.9], 0)).toBe('49');
    expect(cell([], 0)).toBe('—');
  });

  test('a summary’s longest chain, the checks with it, and the requests sent in checks', () => {
    const measure = checksMeasure({
      verdict: 'conformant',
      checks: [
        { id: 'a', requests: 3, requestChain: 2 },
        { id: 'b', requests: 5, requestChain: 4 },
        { id: 'c' },
        { id: 'd', requests: 4, requestChain: 4 },
      ],
    });
    expect(measure).toEqual({
      requests: 12,
      longestChain: 4,
      longestChecks: ['b', 'd'],
      verdict: 'conformant',
      counts: {},
    });
    expect(checksMeasure({}).longestChain).toBe(0);
    expect(checksMeasure({ counts: { pass: 3, total: 3 } }).counts).toEqual({ pass: 3, total: 3 });
  });

  test('the floor is the longest chain times the latency, and none without latency or summary', () => {
    expect(floorMs(run())).toBe(400);
    expect(floorMs(run({ latencyMs: 0 }))).toBeUndefined();
    expect(floorMs(run({ checks: undefined }))).toBeUndefined();
  });

  test('the throughput floor is every request times the latency over the concurrency; the larger floor the greater one', () => {
    expect(throughputFloorMs(run(), 16)).toBe(312.5);
    expect(throughputFloorMs(run({ latencyMs: 0 }), 16)).toBeUndefined();
    expect(largerFloorMs(run(), 16)).toBe(400);
    expect(largerFloorMs(run(), 4)).toBe(1250);
    expect(largerFloorMs(run({ checks: undefined }), 16)).toBe(312.5);
    expect(largerFloorMs(run({ latencyMs: 0 }), 16)).toBeUndefined();
  });

  test("GNU time's figures: user+sys in ms and the max RSS, after any line saying how the command ended", () => {
    expect(parseTimeFile('9.41 1.36 556788\n')).toEqual({ cpuMs: 10_770, maxRssKb: 556_788 });
    expect(parseTimeFile('Command exited with non-zero status 1\n0.50 0.25 1024\n')).toEqual({
      cpuMs: 750,
      maxRssKb: 1024,
    });
    expect(parseTimeFile('Command terminated by signal 9\n')).toBeUndefined();
    expect(parseTimeFile('')).toBeUndefined();
  });

  test("the children's ticks of a /proc stat line, counted past a command name holding spaces and parentheses", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = '42 (tsx (a b)) S 1 42 42 0 -1 4194304 100 200 0 0 7 3 950 140 20 0 11 0 5000 100000 2000';
    expect(childrenTicks(stat)).toBe(1090);
    expect(childrenTicks('42 (x) S 1')).toBeUndefined();
  });

  test('peak in flight: overlapping spans count together, touching ones do not', () => {
    expect(peakInFlight([])).toBe(0);
    expect(
      peakInFlight([
        { startedAt: 0, endedAt: 10 },
        { startedAt: 10, endedAt: 20 },
      ]),
    ).toBe(1);
    expect(
      peakInFlight([
        { startedAt: 0, endedAt: 10 },
        { startedAt: 5, endedAt: 20 },
        { startedAt: 6, endedAt: 7 },
      ]),
    ).toBe(3);
  });

  test('the table: a row per scenario, both floors under the slow one, killed runs left out', () => {
    const scenarios = [
      { key: 'a', label: '(a) default', latencyMs: 0 },
      { key: 'b', label: '(b) slow', latencyMs: 50 },
    ] as const;
    const runs = [
      run({ scenario: 'a', latencyMs: 0 }),
      run(),
      run({ wallMs: 40_000, exitCode: 1, cpu: undefined }),
      run({ exitCode: null }),
    ];
    const lines = table(scenarios, runs, 3, 16).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      '| scenario | runs (exit 0) | wall s | CPU s | CPU ms / request | max RSS MB | peak tree RSS MB | requests | sum of request time s | effective parallelism | floor s | wall ÷ floor |',
    );
    expect(lines[2]).toBe('| (a) default | 1/3 (1) | 20.0 | 5.0 | 50.00 | 512 | 600 | 100 | 10.0 | 0.50 | — | — |');
    expect(lines[3]).toBe(
      '| (b) slow | 2/3 (1) | 30.0 (20.0–40.0) | 5.0 | 50.00 | 512 | 600 | 100 | 10.0 | 0.38 (0.25–0.50) | 0.40 | 75.0 (50.0–100.0) |',
    );
    expect(lines[4]).toBe(
      '| (c) critical path of (b): longest chain × 50 ms | 2/3 | — | — | — | — | — | 8 | — | — | 0.40 | 75.0 (50.0–100.0) |',
    );
    expect(lines[5]).toBe(
      '| (d) throughput floor of (b): requests × 50 ms ÷ 16 | 2/3 | — | — | — | — | — | 100 | — | — | 0.31 | 96.0 (64.0–128.0) |',
    );
  });

  test('a run with the embedded reference counts no requests of its own', () => {
    const scenarios = [{ key: 'e', label: '(e) embedded', latencyMs: 0, embedded: true }] as const;
    const lines = table(scenarios, [run({ scenario: 'e', latencyMs: 0, requests: 0 })], 1, 16).split('\n');
    expect(lines[2]).toBe('| (e) embedded | 1/1 (1) | 20.0 | 5.0 | — | 512 | 600 | — | — | — | — | — |');
  });

  test('each goal of issue #28 beside its measure, the ratio, and whether it is met', () => {
    const runs = [
      run({ scenario: 'a', latencyMs: 0, wallMs: 2_000 }),
      run({ wallMs: 1_000 }),
      run({ scenario: 'e', latencyMs: 0, cpu: { cpuMs: 1, referenceMs: 0, peakTreeKb: 450 * 1024 } }),
    ];
    const lines = goalsTable(runs, [{ option: '--version', wallMs: 80, exitCode: 0 }], 16, 50).split('\n');
    expect(lines[0]).toBe('| goal of issue #28 | measure (median, range) | goal | measure ÷ goal | met |');
    expect(lines[2]).toBe('| default run wall (a) | 2.00 s | ≤ 2.5 s | 0.80 | yes |');
    // The larger floor of run(): 100 requests × 50 ms ÷ 16 = 0.3125 s against a chain of 8 × 50 ms = 0.4 s.
    expect(lines[3]).toBe('| +50 ms run wall ÷ its floor (b) | 2.50 | ≤ 1.5× | 1.67 | no |');
    expect(lines[4]).toBe('| peak memory of a default run, whole process tree (e) | 450 MB | ≤ 300 MB | 1.50 | no |');
    // (5000 − 1000) ms of the CLI's own CPU over 100 requests.
    expect(lines[5]).toBe(
      "| the suite's own CPU per request, reference in another process (a) | 40.00 ms | ≤ 1 ms | 40.00 | no |",
    );
    expect(lines[6]).toBe('| mean requests in flight, first request to last (b) | 2.0 | ≥ 16 | 0.13 | no |');
    expect(lines[7]).toBe('| `--version` wall | 0.08 s | ≤ 0.1 s | 0.80 | yes |');
  });

  test('the start-up table: a row per option, in the order given, killed runs left out', () => {
    const usage = { cpuMs: 1_200, maxRssKb: 280 * 1024 };
    const runs = [
      { option: '--help', wallMs: 1_300, exitCode: 0, usage },
      { option: '--version', wallMs: 1_400, exitCode: 0, usage },
      { option: '--version', wallMs: 1_600, exitCode: 0 },
      { option: '--version', wallMs: 9_000, exitCode: null },
    ];
    const lines = startupTable(['--version', '--help', '--list'], runs, 3).split('\n');
    expect(lines[0]).toBe('| start-up | runs (exit 0) | wall s | CPU s | max RSS MB |');
    expect(lines[2]).toBe('| `node bin/aes-conformance.js --version` | 2/3 (2) | 1.50 (1.40–1.60) | 1.20 | 280 |');
    expect(lines[3]).toBe('| `node bin/aes-conformance.js --help` | 1/3 (1) | 1.30 | 1.20 | 280 |');
    expect(lines[4]).toBe('| `node bin/aes-conformance.js --list` | 0/3 (0) | — | — | — |');
  });
});
