// The progress reporter fed with fake vitest events: counts so far, failed and errored apart,
// checks a name pattern left out not counted, and a line every few seconds when checks are slow.

import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import { ProgressReporter } from '../../lib/runner/progress.js';

type State = 'passed' | 'failed' | 'skipped' | 'pending';

let ids = 0;
function fakeTest(
  name: string,
  state: State,
  violated?: string[],
): TestCase & { finish(s: State, v?: string[]): void } {
  let current = state;
  let meta: { violated?: string[] } = violated ? { violated } : {};
  const id = `t${ids++}`;
  return {
    id,
    name,
    result: () => ({ state: current }),
    meta: () => meta,
    finish(s: State, v?: string[]) {
      current = s;
      meta = v ? { violated: v } : {};
    },
  } as unknown as TestCase & { finish(s: State, v?: string[]): void };
}

function fakeModule(file: string, tests: TestCase[]): TestModule {
  return {
    moduleId: `/x/suites/${file}.suite.ts`,
    children: { allTests: () => tests[Symbol.iterator]() },
  } as unknown as TestModule;
}

const specs = (n: number): ReadonlyArray<TestSpecification> =>
  Array.from({ length: n }) as unknown as TestSpecification[];

function reporter(options: ConstructorParameters<typeof ProgressReporter>[1] = {}) {
  const lines: string[] = [];
  let now = 0;
  const r = new ProgressReporter((l) => lines.push(l), { timer: false, now: () => now, ...options });
  return { r, lines, advance: (ms: number) => (now += ms) };
}

describe('ProgressReporter', () => {
  it('prints a line per finished file with failed and errored apart, and the count so far', () => {
    const { r, lines } = reporter();
    const a = [
      fakeTest('[AGENT-CREATE] a', 'passed'),
      fakeTest('[AGENT-GET] b', 'failed', ['AGENT-GET']),
      fakeTest('[AGENT-GET] c', 'failed'),
      fakeTest('[AGENT-X] d', 'skipped'),
    ];
    const b = [fakeTest('[RUN-GET] e', 'passed')];
    r.onTestRunStart(specs(2));
    r.onTestModuleCollected(fakeModule('agents', a));
    r.onTestModuleEnd(fakeModule('agents', a));
    expect(lines).toEqual([
      '  ✗ agents                      1 passed   1 failed   1 errored    1 skipped   (4/4+ checks done)',
    ]);
    r.onTestModuleCollected(fakeModule('runs', b));
    r.onTestModuleEnd(fakeModule('runs', b));
    expect(lines[1]).toBe(
      '  ✓ runs                        1 passed   0 failed   0 errored    0 skipped   (5/5 checks done)',
    );
    r.onTestRunEnd();
    expect(lines).toHaveLength(2);
  });

  it('says how far the run is every few seconds while checks end, and as a heartbeat when none does', () => {
    const { r, lines, advance } = reporter({ intervalMs: 5000, everyChecks: 1000 });
    const tests = Array.from({ length: 10 }, (_, i) => fakeTest(`[AGENT-GET] t${i}`, 'pending'));
    r.onTestRunStart(specs(1));
    r.onTestModuleCollected(fakeModule('agents', tests));
    tests[0]!.finish('passed');
    r.onTestCaseResult(tests[0]!);
    expect(lines).toEqual([]);
    advance(6000);
    tests[1]!.finish('failed', ['AGENT-GET']);
    r.onTestCaseResult(tests[1]!);
    expect(lines).toEqual(['  … 2/10 checks done: 1 passed, 1 failed, 0 errored, 0 skipped (6 s)']);
    // A slow check: nothing ends, the heartbeat still says where the run is.
    advance(3000);
    r.tick();
    expect(lines).toHaveLength(1);
    advance(3000);
    r.tick();
    expect(lines[1]).toBe('  … 2/10 checks done: 1 passed, 1 failed, 0 errored, 0 skipped (12 s)');
  });

  it('prints a count line every N checks, however fast they end', () => {
    const { r, lines } = reporter({ everyChecks: 3 });
    const tests = Array.from({ length: 7 }, (_, i) => fakeTest(`[AGENT-GET] t${i}`, 'passed'));
    r.onTestRunStart(specs(1));
    r.onTestModuleCollected(fakeModule('agents', tests));
    for (const t of tests) r.onTestCaseResult(t);
    expect(lines).toEqual([
      '  … 3/7 checks done: 3 passed, 0 failed, 0 errored, 0 skipped (0 s)',
      '  … 6/7 checks done: 6 passed, 0 failed, 0 errored, 0 skipped (0 s)',
    ]);
    // A result reported again with its module is not counted twice.
    r.onTestModuleEnd(fakeModule('agents', tests));
    expect(lines[2]).toContain('(7/7 checks done)');
  });
});
