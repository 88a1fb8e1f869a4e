// The plan: everything a vitest worker needs to declare and run the checks, written once by the
// runner (or the proof) and read once in the worker. A run is a plan with one target; the proof is
// a plan with many (one reference service per fault), through the same path. Each target carries
// its selection (lib/result/selection.ts): the worker declares only the checks it chose.
//
// It crosses the process boundary as one environment variable: vitest defines Vite's own BASE_URL
// (`/`) in every worker's environment, so the target's settings cannot travel as themselves.

import type { Config } from '../config.js';
import type { Choice } from '../result/selection.js';

export interface TargetPlan extends Choice {
  /** Names the target in results (task meta) and, with several targets, the block its checks are declared in. */
  readonly name: string;
  /** The target's configuration, parsed and validated by the runner: the worker does not parse it again. */
  readonly config: Config;
}

export interface Plan {
  readonly targets: readonly TargetPlan[];
}

const PLAN_VARIABLE = 'AES_CONFORMANCE_PLAN';

/** The worker environment entry that carries the plan. */
export const planEnvironment = (plan: Plan): Record<string, string> => ({ [PLAN_VARIABLE]: JSON.stringify(plan) });

/** The plan this worker was given. */
export function readPlan(env: Readonly<Record<string, string | undefined>> = process.env): Plan {
  const text = env[PLAN_VARIABLE];
  if (!text)
    throw new Error(
      `no ${PLAN_VARIABLE} in the environment: run the suite through \`npm run conformance\`, which writes the plan.`,
    );
  const plan = JSON.parse(text) as Plan;
  if (!Array.isArray(plan.targets) || plan.targets.length === 0) throw new Error(`${PLAN_VARIABLE} names no target`);
  return plan;
}
