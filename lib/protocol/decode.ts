// The one decoder of what comes back from the workers: a finished vitest test case, with the meta
// its check recorded, becomes a check result of the result model.

import type { TestCase } from 'vitest/node';
import { redact } from '../http/redact.js';
import type { CheckResult, Outcome } from '../result/model.js';
import { titleOf } from '../result/check-name.js';
import './meta.js';

export function toCheckResult(test: TestCase): CheckResult {
  const meta = test.meta();
  const result = test.result();
  const file = relativeFile(test.module.moduleId);
  const outcome = outcomeOf(result.state, meta.violated !== undefined);
  const message =
    result.state === 'failed' ? redact(failureMessage(meta.violated, meta.violationSummary, result.errors)) : undefined;
  const skipReason = result.state === 'skipped' ? (meta.skipReason ?? result.note ?? 'skipped') : undefined;
  return {
    // A test case not declared by check() (none today) is still told apart by its place.
    id: meta.checkId ?? `${file}::${test.fullName}`,
    file,
    group: topGroup(test),
    title: titleOf(test.name),
    name: test.name,
    // What the check covered: the rules it declares and the cross-cutting ones its assertions applied.
    requirements: [...new Set([...(meta.requirements ?? []), ...(meta.verified ?? [])])],
    outcome,
    durationMs: Math.round(test.diagnostic()?.duration ?? 0),
    ...(message === undefined ? {} : { message }),
    ...(skipReason === undefined ? {} : { skipReason }),
    ...(outcome === 'fail' && meta.violated ? { violated: meta.violated } : {}),
    ...(outcome === 'fail' && meta.violationWhere !== undefined ? { where: meta.violationWhere } : {}),
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

/** The plan's target a test case ran against. */
export const targetOf = (task: TestCase): string => task.meta().target ?? '';

/** A violation's one-line summary (the evidence travels separately); otherwise the error text. */
function failureMessage(
  violated: string[] | undefined,
  summary: string | undefined,
  errors: ReadonlyArray<{ message: string }>,
): string {
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

/** The top describe block: the endpoint group of a check. */
function topGroup(task: TestCase): string {
  let group = 'general';
  for (let node = task.parent; node.type === 'suite'; node = node.parent) group = node.name;
  return group;
}

export function relativeFile(moduleId: string): string {
  const at = moduleId.lastIndexOf('/suites/');
  return at >= 0 ? moduleId.slice(at + 1) : moduleId;
}
