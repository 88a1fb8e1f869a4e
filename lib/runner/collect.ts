// A vitest reporter that only collects: each finished check, decoded into the result model and
// kept by the plan's target it ran against. The runner writes the reports from what it holds.

import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';
import { relativeFile, targetOf, toCheckResult } from '../protocol/decode.js';
import type { CheckResult } from '../result/model.js';

export class CollectingReporter implements Reporter {
  /** Problems that kept a suite file or the run from working (not checks). */
  readonly problems: string[] = [];
  private readonly byTarget = new Map<string, CheckResult[]>();
  /** Why the run was cancelled, if it was (set before cancelling): the checks it kept from running say so. */
  cancelledBecause = 'the run was cancelled';

  /** The checks that ran against one target of the plan. */
  checksOf(target: string): CheckResult[] {
    return this.byTarget.get(target) ?? [];
  }

  /** The problems as checks of the run that errored: a suite that could not run verified nothing. */
  problemChecks(): CheckResult[] {
    return this.problems.map((message, i): CheckResult => ({
      id: `run::problem-${i}`,
      file: 'run',
      group: 'run',
      title: message.split('\n')[0] ?? message,
      name: 'suite could not run',
      requirements: [],
      outcome: 'error',
      durationMs: 0,
      message,
    }));
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string }>,
    reason: TestRunEndReason,
  ): void {
    for (const module of modules) {
      for (const error of module.errors()) this.problems.push(`${relativeFile(module.moduleId)}: ${error.message}`);
      for (const test of module.children.allTests()) {
        const check = toCheckResult(test);
        const target = targetOf(test);
        if (!this.byTarget.has(target)) this.byTarget.set(target, []);
        // A check the cancelled run skipped (no reason of its own: vitest's note) or never started did not run.
        const state = test.result().state;
        const cut =
          reason === 'interrupted' &&
          (state === 'pending' || (state === 'skipped' && test.meta().skipReason === undefined));
        this.byTarget.get(target)!.push(cut ? this.notRun(check) : check);
      }
      for (const suite of module.children.allSuites()) {
        // A group hook that failed (deleting what checks cut short left, timing out, say): a problem of the run.
        for (const error of suite.errors())
          this.problems.push(`${relativeFile(module.moduleId)} > ${suite.name}: ${error.message}`);
      }
    }
    for (const error of unhandledErrors) this.problems.push(`unhandled error: ${error.message ?? String(error)}`);
  }

  /** A check the cancelled run kept from running: an error, not a skip (and never a pass). */
  private notRun(check: CheckResult): CheckResult {
    const { skipReason: _none, ...rest } = check;
    return { ...rest, outcome: 'error', message: `not run: ${this.cancelledBecause}` };
  }
}
