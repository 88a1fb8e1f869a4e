// The plan: everything a vitest worker needs to declare and run the checks, written once by the
// runner (or the proof) and read once in the worker. A run is a plan with one target; the proof is
// a plan with many (one reference service per fault), through the same path.
//
// It crosses the process boundary as one environment variable: vitest defines Vite's own BASE_URL
// (`/`) in every worker's environment, so the target's settings cannot travel as themselves.

import type { Config } from '../config.js';
import type { RequirementId } from '../contract/requirements/index.js';

export interface TargetPlan {
  /** Names the target in results (task meta) and, with several targets, the block its checks are declared in. */
  readonly name: string;
  /** The target's configuration, parsed and validated by the runner: the worker does not parse it again. */
  readonly config: Config;
  /**
   * Declare only the checks carrying one of these requirement ids, or in one of `onlyGroups`
   * (`--only agents,AUTH-MISSING-KEY` is both); neither given: every check.
   */
  readonly only?: readonly RequirementId[];
  readonly onlyGroups?: readonly string[];
  /** Published operation ids or document names (`listTestCases`, `test-cases`): the generic layer's checks of those. */
  readonly onlyPublished?: readonly string[];
  /** Declare no check carrying one of these. */
  readonly exclude?: readonly RequirementId[];
}

/** The group name that selects every check of operations published beyond the 20 endpoints (`--only published`). */
export const PUBLISHED_GROUP = 'published';

export interface Plan {
  readonly targets: readonly TargetPlan[];
}

const PLAN_VARIABLE = 'AES_CONFORMANCE_PLAN';

/** The worker environment entry that carries the plan. */
export const planEnvironment = (plan: Plan): Record<string, string> => ({ [PLAN_VARIABLE]: JSON.stringify(plan) });

/** The plan this worker was given. */
export function readPlan(env: Readonly<Record<string, string | undefined>> = process.env): Plan {
  const text = env[PLAN_VARIABLE];
  if (!text) throw new Error(`no ${PLAN_VARIABLE} in the environment: run the suite through \`npm run conformance\`, which writes the plan.`);
  const plan = JSON.parse(text) as Plan;
  if (!Array.isArray(plan.targets) || plan.targets.length === 0) throw new Error(`${PLAN_VARIABLE} names no target`);
  return plan;
}

/**
 * Whether a check of this group carrying these requirement ids is part of the target's selection;
 * `subjects` are the other names that select it (a published check's document and operation id).
 */
export function selects(
  target: Pick<TargetPlan, 'only' | 'onlyGroups' | 'onlyPublished' | 'exclude'>, group: string, ids: readonly RequirementId[], subjects: readonly string[] = [],
): boolean {
  if (target.exclude?.some((id) => ids.includes(id))) return false;
  if (!target.only && !target.onlyGroups && !target.onlyPublished) return true;
  const named = (names: readonly string[] | undefined): boolean => !!names?.some((name) => name === group || subjects.includes(name));
  return named(target.onlyGroups) || named(target.onlyPublished) || !!target.only?.some((id) => ids.includes(id));
}
