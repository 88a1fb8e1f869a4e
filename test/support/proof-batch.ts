// Many proofs in one vitest process: one reference service and one vitest project per
// proof, each project handed its own target through its environment. Vitest starts once
// and its workers serve every project, which keeps the whole score within minutes.

import { availableParallelism } from 'node:os';
import { createVitest } from 'vitest/node';
import { newRunMarker, WORKER_SETTINGS_VARIABLE, workerSettings } from '../../lib/config.js';
import type { CheckResult } from '../../lib/report/model.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { CollectingReporter } from '../../lib/runner/collect.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { ROOT } from './run-cli.js';

export interface ProofJob {
  readonly name: string;
  readonly faults?: readonly string[];
  readonly variation?: string;
  readonly profile: 'default' | 'strict';
  /** Suite groups to run; empty: every suite. */
  readonly groups: readonly string[];
}

export interface JobResult {
  readonly name: string;
  readonly checks: readonly CheckResult[];
}

const suiteFiles = (groups: readonly string[]): string[] =>
  groups.length ? groups.map((g) => `suites/${g}.suite.ts`) : ['suites/**/*.suite.ts'];

async function runBatch(jobs: readonly ProofJob[]): Promise<JobResult[]> {
  const references: RunningReference[] = [];
  try {
    const projects = [];
    for (const job of jobs) {
      const reference = await startReferenceService({ faults: job.faults ?? [], variation: job.variation ?? 'default' });
      references.push(reference);
      const env = { ...referenceEnvironment(reference), PROFILE: job.profile, AES_RUN_MARKER: newRunMarker() };
      projects.push({
        test: {
          name: job.name,
          root: ROOT,
          include: suiteFiles(job.groups),
          env: { [WORKER_SETTINGS_VARIABLE]: workerSettings(env) },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      });
    }
    const collector = new CollectingReporter();
    // One worker per core: the checks wait on the network, and vitest's default leaves a core idle.
    const vitest = await createVitest('test', { root: ROOT, config: false, run: true, watch: false, passWithNoTests: true, reporters: [collector], maxWorkers: availableParallelism() }, { test: { projects } });
    try {
      await vitest.start();
    } finally {
      await vitest.close();
    }
    return jobs.map((job) => ({ name: job.name, checks: collector.byProject.get(job.name) ?? [] }));
  } finally {
    await Promise.all(references.map((r) => r.close()));
  }
}

/** Runs the jobs in batches (bounded memory: each batch holds its reference services). */
export async function runProofBatch(jobs: readonly ProofJob[], batchSize = 64): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (let i = 0; i < jobs.length; i += batchSize) results.push(...(await runBatch(jobs.slice(i, i + batchSize))));
  return results;
}
