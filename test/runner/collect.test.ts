// The reporter that only collects, fed with finished modules shaped as vitest hands them over: checks
// kept by the plan's target, what kept a file or the run from working kept as problems (errored checks
// of the run), and, when a run was cancelled, the checks it kept from running reported as not run.

import type { TestCase, TestModule } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import type { CheckMeta } from '../../lib/protocol/meta.js';
import { CollectingReporter } from '../../lib/runner/collect.js';

type State = 'passed' | 'failed' | 'skipped' | 'pending';

const MODULE_ID = '/home/ci/aes/suites/agents.suite.ts';

/** A finished test case of the agents suite: its id and target in its meta. */
function testCase(id: string, state: State, meta: CheckMeta = {}, note?: string): TestCase {
  const module = { type: 'module', moduleId: MODULE_ID };
  return {
    module,
    parent: { type: 'suite', name: 'agents', parent: module },
    name: `[AGENT-GET] ${id}`,
    fullName: `agents > [AGENT-GET] ${id}`,
    meta: () => ({ checkId: id, requirements: ['AGENT-GET'], target: 'target', ...meta }),
    result: () => ({ state, errors: [], ...(note === undefined ? {} : { note }) }),
    diagnostic: () => ({ duration: 1 }),
  } as unknown as TestCase;
}

/** A finished module: its tests, its own errors and its blocks' errors. */
function testModule(
  tests: TestCase[],
  { errors = [], blocks = [] }: { errors?: string[]; blocks?: Array<{ name: string; errors: string[] }> } = {},
): TestModule {
  const messages = (list: string[]) => list.map((message) => ({ message }));
  return {
    moduleId: MODULE_ID,
    errors: () => messages(errors),
    children: {
      allTests: () => tests,
      allSuites: () => blocks.map(({ name, errors: failed }) => ({ name, errors: () => messages(failed) })),
    },
  } as unknown as TestModule;
}

const outcomes = (reporter: CollectingReporter, target = 'target') =>
  reporter.checksOf(target).map(({ id, outcome, message, skipReason }) => ({ id, outcome, message, skipReason }));

describe('CollectingReporter', () => {
  it("keeps each check decoded under the plan's target it ran against; a target without checks has none", () => {
    const reporter = new CollectingReporter();
    reporter.onTestRunEnd(
      [
        testModule([testCase('a.pass', 'passed'), testCase('b.pass', 'passed', { target: 'fault-b' })]),
        testModule([testCase('a.skip', 'skipped', { skipReason: 'no DASHBOARD_ID' })]),
      ],
      [],
      'passed',
    );
    expect(outcomes(reporter)).toEqual([
      { id: 'a.pass', outcome: 'pass', message: undefined, skipReason: undefined },
      { id: 'a.skip', outcome: 'skip', message: undefined, skipReason: 'no DASHBOARD_ID' },
    ]);
    expect(outcomes(reporter, 'fault-b').map((check) => check.id)).toEqual(['b.pass']);
    expect(reporter.checksOf('none')).toEqual([]);
    expect(reporter.problemChecks()).toEqual([]);
  });

  it("keeps a file's errors, its blocks' errors and unhandled errors as problems: errored checks of the run", () => {
    const reporter = new CollectingReporter();
    reporter.onTestRunEnd(
      [
        testModule([], {
          errors: ['SyntaxError: x\n  at line 1'],
          blocks: [
            { name: 'agents', errors: ['hook timed out'] },
            { name: 'fine', errors: [] },
          ],
        }),
      ],
      [{ message: 'worker exited' }],
      'failed',
    );
    expect(reporter.problems).toEqual([
      'suites/agents.suite.ts: SyntaxError: x\n  at line 1',
      'suites/agents.suite.ts > agents: hook timed out',
      'unhandled error: worker exited',
    ]);
    expect(reporter.problemChecks()[0]).toEqual({
      id: 'run::problem-0',
      file: 'run',
      group: 'run',
      title: 'suites/agents.suite.ts: SyntaxError: x',
      name: 'suite could not run',
      requirements: [],
      outcome: 'error',
      durationMs: 0,
      message: 'suites/agents.suite.ts: SyntaxError: x\n  at line 1',
    });
    expect(reporter.problemChecks().map((check) => check.id)).toEqual([
      'run::problem-0',
      'run::problem-1',
      'run::problem-2',
    ]);
  });

  it('an interrupted run reports the checks it kept from running as errors saying why; finished checks and skips of their own stand', () => {
    const reporter = new CollectingReporter();
    reporter.cancelledBecause = 'the run exceeded RUN_TIMEOUT_MS (1000 ms)';
    const tests = [
      testCase('a.pass', 'passed'),
      testCase('a.own-skip', 'skipped', { skipReason: 'READ_ONLY is set and this check writes' }),
      testCase('a.cut', 'skipped', {}, 'cancelled'),
      testCase('a.pending', 'pending'),
    ];
    reporter.onTestRunEnd([testModule(tests)], [], 'interrupted');
    const notRun = {
      outcome: 'error',
      message: 'not run: the run exceeded RUN_TIMEOUT_MS (1000 ms)',
      skipReason: undefined,
    };
    expect(outcomes(reporter)).toEqual([
      { id: 'a.pass', outcome: 'pass', message: undefined, skipReason: undefined },
      { id: 'a.own-skip', outcome: 'skip', message: undefined, skipReason: 'READ_ONLY is set and this check writes' },
      { id: 'a.cut', ...notRun },
      { id: 'a.pending', ...notRun },
    ]);
    expect(reporter.checksOf('target')[2]).not.toHaveProperty('skipReason');
  });

  it('a run that ended otherwise keeps skips as skips, whatever their reason', () => {
    const reporter = new CollectingReporter();
    reporter.onTestRunEnd([testModule([testCase('a.skip', 'skipped', {}, 'todo')])], [], 'passed');
    expect(outcomes(reporter)).toEqual([{ id: 'a.skip', outcome: 'skip', message: undefined, skipReason: 'todo' }]);
  });
});
