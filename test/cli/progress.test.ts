// Progress lines of a real run through a pipe (not a TTY): plain lines, counts of the selected checks only.

import { afterAll, beforeAll, expect, test } from 'vitest';
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

test('--only AUTH-MISSING-KEY: progress counts only the selected checks, none of the others as skipped', async () => {
  const run = await runCli({ env: referenceEnvironment(reference), args: ['--only', 'AUTH-MISSING-KEY'] });
  expect(run.exitCode).toBe(0);
  const progress = run.stdout
    .slice(0, run.stdout.indexOf('Conformance summary'))
    .split('\n')
    .filter((l) => /checks done/.test(l));
  expect(progress.length).toBeGreaterThan(0);
  // Every file and count line: no skipped checks, and failed and errored apart.
  for (const line of progress) {
    expect(line).toMatch(/\b0 (skipped)\b/);
    expect(line).toMatch(/\b0 failed\b.*\b0 errored\b/);
  }
  expect(progress.some((l) => /^ {2}✓ auth +\d+ passed/.test(l))).toBe(true);
  // Files none of whose checks was selected print no line of their own.
  expect(progress.some((l) => /^ {2}[✓✗] (dashboards|metrics) /.test(l))).toBe(false);
  // No cursor movement or carriage returns: the output is for a log.
  expect(run.stdout).not.toMatch(/\r|\u001b\[/);
  // The last count is the number of checks the suites ran for the id (the summary adds settled checks of its own).
  const last = progress[progress.length - 1]!;
  const done = /(\d+)\/(\d+) checks done/.exec(last);
  expect(done?.[1]).toBe(done?.[2]);
  expect(Number(done?.[1])).toBe(run.summary!.checks.filter((c) => c.name.includes('AUTH-MISSING-KEY')).length);
}, 150_000);
