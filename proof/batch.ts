// Many proofs in one vitest run: one reference service per proof, each a target of the plan
// of one of a few vitest projects. A worker then loads the suite once for many targets, and a
// fault's target declares only the checks that could detect it.

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import { newRunMarker, parseConfig } from '../lib/config.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { planEnvironment, type TargetPlan } from '../lib/protocol/plan.js';
import type { CheckResult } from '../lib/result/model.js';
import { startReference, type RunningReference } from './service.js';
import type { FaultId } from './faults/index.js';
import { CollectingReporter } from '../lib/runner/collect.js';
import { settleFindings } from '../lib/result/settle.js';
import { referenceEnvironment } from '../lib/runner/embedded.js';
import { CONFORMANCE_SCHEDULING } from '../lib/runner/project.js';

/** The repository: the suite files the proof runs are under it. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface ProofJob {
  readonly name: string;
  readonly faults?: readonly FaultId[];
  readonly variation?: string;
  readonly profile: 'default' | 'strict';
  /** Suite files (globs) holding the checks to run. */
  readonly files: readonly string[];
  /** Run only the checks carrying one of these requirement ids; absent: every check. */
  readonly requirements?: readonly RequirementId[];
}

export interface JobResult {
  readonly name: string;
  readonly checks: readonly CheckResult[];
}

/** Projects per core: more projects balance the files better; each costs a load of the suite per worker. */
const PROJECTS_PER_CORE = 4;

export async function runProofBatch(jobs: readonly ProofJob[]): Promise<JobResult[]> {
  const references: RunningReference[] = [];
  try {
    const targets: Array<{ job: ProofJob; plan: TargetPlan }> = [];
    for (const job of jobs) {
      const reference = await startReference({ faults: job.faults ?? [], variation: job.variation ?? 'default' });
      references.push(reference);
      const config = parseConfig({
        ...referenceEnvironment(reference),
        PROFILE: job.profile,
        AES_RUN_MARKER: newRunMarker(),
      });
      targets.push({ job, plan: { name: job.name, config, ...(job.requirements ? { only: job.requirements } : {}) } });
    }
    const collector = new CollectingReporter();
    const vitest = await createVitest(
      'test',
      {
        root: ROOT,
        config: false,
        run: true,
        watch: false,
        passWithNoTests: true,
        reporters: [collector],
        maxWorkers: availableParallelism(),
        ...CONFORMANCE_SCHEDULING,
      },
      { test: { projects: projectsFor(targets) } },
    );
    try {
      await vitest.start();
    } finally {
      await vitest.close();
    }
    // A suite that could not run is every job's error: a variation is not clean when part of the suite never ran.
    return jobs.map((job) => ({
      name: job.name,
      checks: [...settleFindings(collector.checksOf(job.name)), ...collector.problemChecks()],
    }));
  } finally {
    await Promise.all(references.map((r) => r.close()));
  }
}

/**
 * The longest plan one project's workers may be given: it travels in one environment variable, and Linux refuses to
 * start a process with a string over 128 KiB in its environment (MAX_ARG_STRLEN), which vitest reports only as a
 * worker that failed to start.
 */
const PLAN_LIMIT = 96 * 1024;

/** Targets dealt round-robin over the projects, heaviest (whole suites) first; more projects where a plan grows too long. */
function projectsFor(targets: ReadonlyArray<{ job: ProofJob; plan: TargetPlan }>) {
  const ordered = [...targets].sort((a, b) => Number(!!a.job.requirements) - Number(!!b.job.requirements));
  const dealt = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const mine = ordered.filter((_, j) => j % count === i);
      return {
        files: [...new Set(mine.flatMap((t) => t.job.files))],
        env: planEnvironment({ targets: mine.map((t) => t.plan) }),
      };
    });
  const tooLong = (groups: ReturnType<typeof dealt>) =>
    groups.some(({ env }) => Object.values(env).some((value) => value.length > PLAN_LIMIT));
  let count = Math.min(targets.length, PROJECTS_PER_CORE * availableParallelism());
  let groups = dealt(count);
  while (count < targets.length && tooLong(groups)) groups = dealt((count = Math.ceil(count * 1.25)));
  return groups.map(({ files, env }, i) => ({
    test: {
      name: `proofs-${i + 1}`,
      root: ROOT,
      include: files,
      env,
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // As in the conformance project: a worker loads the suite's modules once for all its files.
      isolate: false,
    },
  }));
}
