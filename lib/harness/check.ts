// `check()` declares one test: the requirement ids it verifies, a title that reads
// like the rule, and a body. Requirement ids lead the test name so every report
// says which rule broke.

import { afterAll, describe, test } from 'vitest';
import type { Group } from '../contract/endpoints.js';
import { type RequirementId, requirement } from '../contract/requirements/index.js';
import { requestEvidence, toEvidence } from '../assert/evidence.js';
import { isRuleViolation, RuleViolation } from '../assert/violation.js';
import { TransportError } from '../http/exchange.js';
import { checkName } from '../result/check-name.js';
import { CheckContext, READ_ONLY_REASON } from './context.js';
import '../protocol/meta.js';
import { requestFacts } from './request-chain.js';
import { cleanupTarget, getTarget, listedTargets, type Target, type TargetSpec } from './target.js';

export interface CheckOptions {
  /** The check creates, changes or deletes data: skipped under READ_ONLY. */
  readonly writes?: boolean;
  /** Settings the check needs, e.g. `['dashboardId']`: skipped with the reason when absent. */
  readonly needs?: ReadonlyArray<'scheduledRunId' | 'dashboardId' | 'deletablePersonaId' | 'deletableRunId' | 'deletableScheduledRunId'>;
  readonly timeout?: number;
  /**
   * The check changes data other checks of the file read (deletes a listed fixture, renames
   * the dashboard): it runs alone, after the checks declared before it and before those after it.
   * Every other check of a file runs concurrently with its neighbours.
   */
  readonly exclusive?: boolean;
}

const SETTING_NAMES = {
  scheduledRunId: 'SCHEDULED_RUN_ID',
  dashboardId: 'DASHBOARD_ID',
  deletablePersonaId: 'DELETABLE_PERSONA_ID',
  deletableRunId: 'DELETABLE_RUN_ID',
  deletableScheduledRunId: 'DELETABLE_SCHEDULED_RUN_ID',
} as const;

/** While a group's body is declared for one of several listed targets: where its checks go. */
let binding: { readonly spec: TargetSpec; readonly declarations: Array<() => void> } | undefined;

/**
 * A top-level group of checks (an endpoint group or a cross-cutting area); cleans up after
 * itself. With several listed targets, the body is declared once per target, in a block
 * named after it holding only that target's selected checks.
 */
export function describeGroup(group: Group | 'auth', body: () => void): void {
  const listed = listedTargets();
  describe(group, () => {
    if (!listed) {
      afterAll(() => cleanupTarget());
      body();
      return;
    }
    for (const spec of listed) {
      const declarations = declarationsFor(spec, body);
      // vitest refuses a block without tests.
      if (declarations.length) {
        describe(spec.name, () => {
          afterAll(() => cleanupTarget(spec.name));
          declarations.forEach((declare) => declare());
        });
      }
    }
  });
}

function declarationsFor(spec: TargetSpec, body: () => void): Array<() => void> {
  binding = { spec, declarations: [] };
  try {
    body();
    return binding.declarations;
  } finally {
    binding = undefined;
  }
}

export function check(requirements: readonly RequirementId[], title: string, body: (t: CheckContext) => Promise<void>, options: CheckOptions = {}): void {
  const ids = [...requirements];
  if (!binding) return declare('', ids, title, body, options);
  const { spec, declarations } = binding;
  if (spec.only && !ids.some((id) => spec.only!.includes(id))) return;
  declarations.push(() => declare(spec.name, ids, title, body, options));
}

function declare(targetName: string, ids: RequirementId[], title: string, body: (t: CheckContext) => Promise<void>, options: CheckOptions): void {
  // `test.sequential`, not the `sequential` option: the group's concurrency would override the option.
  const declareTest = options.exclusive ? test.sequential : test;
  declareTest(checkName(ids, title), { timeout: options.timeout }, async (vitest) => {
    vitest.task.meta.requirements = ids;
    if (targetName) vitest.task.meta.target = targetName;
    const target = await getTarget(targetName);
    const t = new CheckContext(target, vitest, ids);
    const reason = skipReason(target, ids, options);
    if (reason) t.skip(reason);
    try {
      await body(t);
      reportConventions(t);
    } catch (error) {
      recordFailure(vitest.task.meta, error, t);
      throw error;
    } finally {
      // The check also verified the cross-cutting rules its response assertions applied.
      vitest.task.meta.requirements = [...new Set([...ids, ...t.verified])];
      // Requests sent and how many ran one after another, for `npm run bench` (summary.json).
      Object.assign(vitest.task.meta, requestFacts(t.exchanges));
    }
  });
}

/** Every MUST held; broken conventions (strict profile) fail the check now, all named. */
function reportConventions(t: CheckContext): void {
  const [first, ...more] = t.conventions;
  if (!first) return;
  const ids = [...new Set(t.conventions.flatMap((c) => c.requirements))];
  const also = more.length ? ` (and ${more.length} more: ${[...new Set(more.map((c) => c.summary))].slice(0, 3).join('; ')})` : '';
  throw new RuleViolation(ids, `${first.summary}${also}`, first.exchange);
}

function skipReason(target: Target, ids: readonly RequirementId[], options: CheckOptions): string | undefined {
  const { config } = target;
  if (config.profile !== 'strict' && ids.some((id) => requirement(id).level === 'SHOULD')) {
    return 'a SHOULD convention: checked only with PROFILE=strict';
  }
  if (options.writes && config.readOnly) return READ_ONLY_REASON;
  const missing = (options.needs ?? []).filter((need) => config[need] === undefined);
  if (missing.length) return `needs ${missing.map((need) => SETTING_NAMES[need]).join(', ')} (not set)`;
  return undefined;
}

function recordFailure(meta: import('vitest').TaskMeta, error: unknown, t: CheckContext): void {
  if (isRuleViolation(error)) {
    meta.violated = [...error.requirements];
    meta.violationSummary = error.summary;
    if (error.exchange) meta.evidence = toEvidence(error.exchange);
  } else if (error instanceof TransportError) {
    meta.evidence = requestEvidence(error.request);
  } else if (t.exchanges.length) {
    meta.evidence = toEvidence(t.exchanges[t.exchanges.length - 1]!);
  }
}
