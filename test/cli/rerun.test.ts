// --rerun-failed says what it re-runs and keeps the full run's reports; with nothing to re-run it
// says so and exits 0. A bad value given as an option is named as the option typed.

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReferenceService } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { runCli } from '../support/run-cli.js';

let reference: RunningReference;
beforeAll(async () => {
  reference = await startReferenceService();
});
afterAll(async () => {
  await reference.close();
});

/** Not about time: bounded only against a hang of the child runs (each killed after 120 s). */
const BOUND = 300_000;

/** A check of the suite, by its id. */
const FAILING = 'auth.missing-key.post-v1-agents';

const earlierRun = (outcome: 'pass' | 'fail'): string =>
  JSON.stringify({
    checks: [
      { id: FAILING, outcome, requirements: ['AUTH-MISSING-KEY'] },
      { id: 'agents.create.get-as-created', outcome: 'pass', requirements: ['AGENT-GET'] },
      // A check the run added (a finding seen on the way) has no declaration: its requirement's checks are re-run.
      { id: 'run::agents::[TIMESTAMP-ORDER] observed on the way: x', outcome, requirements: ['TIMESTAMP-ORDER'] },
    ],
  });

describe('--rerun-failed', () => {
  test(
    'with nothing to re-run: says so, exits 0 and leaves the reports alone',
    async () => {
      const before = earlierRun('pass');
      const run = await runCli({
        env: referenceEnvironment(reference),
        args: ['--rerun-failed'],
        files: { 'summary.json': before },
        keepReports: true,
      });
      try {
        expect(run.exitCode).toBe(0);
        expect(run.stdout).toMatch(/Nothing to re-run: the run in .*summary\.json had no failures or errors\./);
        expect(await readFile(join(run.reportDir, 'summary.json'), 'utf8')).toBe(before);
      } finally {
        await rm(run.reportDir, { recursive: true, force: true });
      }
    },
    BOUND,
  );

  test(
    'says what it re-runs, runs only that, and writes to <report-dir>/rerun',
    async () => {
      const before = earlierRun('fail');
      const run = await runCli({
        env: referenceEnvironment(reference),
        args: ['--rerun-failed'],
        files: { 'summary.json': before },
        keepReports: true,
      });
      try {
        expect(run.exitCode).toBe(0);
        expect(run.stdout).toContain('Re-running what failed or errored in');
        expect(run.stdout).toContain(`: ${FAILING}, TIMESTAMP-ORDER`);
        expect(await readFile(join(run.reportDir, 'summary.json'), 'utf8')).toBe(before);
        const rerun = JSON.parse(await readFile(join(run.reportDir, 'rerun', 'summary.json'), 'utf8')) as {
          selection: { only: string[] };
          checks: Array<{ id: string; requirements: string[] }>;
        };
        // Run-level checks (the published schema judged on every response seen) are not selected by --only.
        const suiteChecks = rerun.checks.filter((c) => !c.id.startsWith('run::'));
        expect(rerun.selection.only).toEqual([FAILING, 'TIMESTAMP-ORDER']);
        expect(suiteChecks.map((c) => c.id)).toContain(FAILING);
        expect(
          suiteChecks.filter((c) => c.id !== FAILING).every((c) => c.requirements.includes('TIMESTAMP-ORDER')),
        ).toBe(true);
      } finally {
        await rm(run.reportDir, { recursive: true, force: true });
      }
    },
    BOUND,
  );
});

test(
  'a bad value given as an option is named as the option typed, not as its environment variable',
  async () => {
    const run = await runCli({ env: referenceEnvironment(reference), args: ['--runs', '0'] });
    expect(run.exitCode).toBe(2);
    const said = run.stdout + run.stderr;
    expect(said).toContain('--runs must be an integer from 1 to 100000, not "0"');
    expect(said).not.toContain('NUM_RUNS');
  },
  BOUND,
);
