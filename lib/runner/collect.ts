// Turns vitest's finished test modules into the suite's result model.

import type { Reporter, TestCase, TestModule, TestRunEndReason } from 'vitest/node';
import { redact } from '../http/redact.js';
import type { CheckResult, Outcome } from '../result/model.js';
import { requirementsInName, titleOf } from '../result/check-name.js';
import '../protocol/meta.js';


/** A vitest reporter that only collects; the CLI writes the reports from what it holds. */
export class CollectingReporter implements Reporter {
  readonly checks: CheckResult[] = [];
  readonly problems: string[] = [];
  /** The same checks by the listed target they ran against, for runs against several at once (the proof). */
  readonly byTarget = new Map<string, CheckResult[]>();

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>, reason: TestRunEndReason): void {
    for (const module of modules) {
      for (const error of module.errors()) this.problems.push(`${relativeFile(module.moduleId)}: ${error.message}`);
      for (const test of module.children.allTests()) {
        const check = toCheckResult(test, relativeFile(module.moduleId));
        const kept = reason === 'interrupted' ? cutShort(check) : check;
        this.checks.push(kept);
        const target = test.meta().target ?? '';
        if (!this.byTarget.has(target)) this.byTarget.set(target, []);
        this.byTarget.get(target)!.push(kept);
      }
    }
    for (const error of unhandledErrors) this.problems.push(`unhandled error: ${error.message ?? String(error)}`);
  }
}

/** A check the run bound cancelled did not run: an error, not a skip with a reason. */
function cutShort(check: CheckResult): CheckResult {
  if (check.outcome !== 'skip' || check.skipReason !== 'skipped') return check;
  const { skipReason: _none, ...rest } = check;
  return { ...rest, outcome: 'error', message: 'not run: the run was cancelled when it exceeded RUN_TIMEOUT_MS' };
}

function toCheckResult(test: TestCase, file: string): CheckResult {
  const meta = test.meta();
  const result = test.result();
  const title = titleOf(test.name);
  const requirements = meta.requirements ?? requirementsInName(test.name);
  const outcome = outcomeOf(result.state, meta.violated !== undefined);
  const message = result.state === 'failed' ? redact(failureMessage(meta.violated, meta.violationSummary, result.errors)) : undefined;
  const skipReason = result.state === 'skipped' ? (meta.skipReason ?? result.note ?? 'skipped') : undefined;
  return {
    id: `${file}::${test.fullName}`,
    file,
    group: topGroup(test),
    title,
    name: test.name,
    requirements,
    outcome,
    durationMs: Math.round(test.diagnostic()?.duration ?? 0),
    ...(message === undefined ? {} : { message }),
    ...(skipReason === undefined ? {} : { skipReason }),
    ...(outcome === 'fail' && meta.violated ? { violated: meta.violated } : {}),
    ...(meta.evidence && outcome !== 'pass' && outcome !== 'skip' ? { evidence: meta.evidence } : {}),
    ...(meta.seed === undefined ? {} : { seed: meta.seed }),
    ...(meta.path === undefined ? {} : { path: meta.path }),
    ...(meta.requests === undefined ? {} : { requests: meta.requests }),
    ...(meta.requestChain === undefined ? {} : { requestChain: meta.requestChain }),
    ...(meta.notes?.length ? { notes: meta.notes } : {}),
    ...(meta.findings?.length ? { findings: meta.findings } : {}),
    ...(meta.publishedChecked?.length ? { publishedChecked: meta.publishedChecked } : {}),
  };
}

/** A violation's one-line summary (the evidence travels separately); otherwise the error text. */
function failureMessage(violated: string[] | undefined, summary: string | undefined, errors: ReadonlyArray<{ message: string }>): string {
  if (violated && summary !== undefined) return `[${violated.join(', ')}] ${summary}`;
  return errors.map((e) => e.message).join('\n');
}

/** A finished check's outcome as the reports count it: a failure without a violated rule is an error. */
export function outcomeOf(state: string, violated: boolean): Outcome {
  if (state === 'passed') return 'pass';
  if (state === 'failed') return violated ? 'fail' : 'error';
  if (state === 'skipped') return 'skip';
  return 'error'; // pending: the run was cut short
}

function topGroup(test: TestCase): string {
  let group = 'general';
  for (let node = test.parent; node.type === 'suite'; node = node.parent) group = node.name;
  return group;
}

export function relativeFile(moduleId: string): string {
  const at = moduleId.lastIndexOf('/suites/');
  return at >= 0 ? moduleId.slice(at + 1) : moduleId;
}
