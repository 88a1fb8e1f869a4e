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

const earlierRun = (outcome: 'pass' | 'fail'): string => JSON.stringify({
  checks: [
    { id: 'suites/auth.suite.ts::auth > [AUTH-MISSING-KEY] x', outcome, requirements: ['AUTH-MISSING-KEY'] },
    { id: 'suites/agents.suite.ts::agents > [AGENT-GET] y', outcome: 'pass', requirements: ['AGENT-GET'] },
  ],
});

describe('--rerun-failed', () => {
  test('with nothing to re-run: says so, exits 0 and leaves the reports alone', async () => {
    const before = earlierRun('pass');
    const run = await runCli({ env: referenceEnvironment(reference), args: ['--rerun-failed'], files: { 'summary.json': before }, keepReports: true });
    try {
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toMatch(/Nothing to re-run: the run in .*summary\.json had no failures or errors\./);
      expect(await readFile(join(run.reportDir, 'summary.json'), 'utf8')).toBe(before);
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  }, BOUND);

  test('says what it re-runs, runs only that, and writes to <report-dir>/rerun', async () => {
    const before = earlierRun('fail');
    const run = await runCli({ env: referenceEnvironment(reference), args: ['--rerun-failed'], files: { 'summary.json': before }, keepReports: true });
    try {
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain('Re-running the checks of 1 requirement that failed or errored in');
      expect(run.stdout).toContain(': AUTH-MISSING-KEY');
      expect(await readFile(join(run.reportDir, 'summary.json'), 'utf8')).toBe(before);
      const rerun = JSON.parse(await readFile(join(run.reportDir, 'rerun', 'summary.json'), 'utf8')) as { selection: { only: string[] }; checks: Array<{ id: string; requirements: string[] }> };
      // Run-level checks (the published schema judged on every response seen) are not selected by --only.
      const suiteChecks = rerun.checks.filter((c) => c.id.startsWith('suites/'));
      expect(rerun.selection.only).toEqual(['AUTH-MISSING-KEY']);
      expect(suiteChecks.length).toBeGreaterThan(0);
      expect(suiteChecks.every((c) => c.requirements.includes('AUTH-MISSING-KEY'))).toBe(true);
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  }, BOUND);
});

test('a bad value given as an option is named as the option typed, not as its environment variable', async () => {
  const run = await runCli({ env: referenceEnvironment(reference), args: ['--runs', '0'] });
  expect(run.exitCode).toBe(2);
  const said = run.stdout + run.stderr;
  expect(said).toContain('--runs must be an integer from 1 to 100000, not "0"');
  expect(said).not.toContain('NUM_RUNS');
}, BOUND);
