// A hanging, resetting, lying or hostile server: the run still finishes within its
// bound, writes its reports, exits 1 or 2, shows no stack trace and never the key.

import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startReference } from '../../proof/service.js';
import type { FaultId } from '../../proof/faults/index.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { Limiter } from '../support/limiter.js';
import { type CliRun, runCli } from '../support/run-cli.js';

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

// Every bound below must hold on a busy two-core machine (the rest of `npm test` beside this
// file), so each comes from what the tests prove, not from how fast a run is on an idle one.
//
// A hang never ends: a hang test only needs a request timeout shorter than the hang, and shorter
// than the per-check bound of the conformance project (60 s), so it can be generous. Generous
// matters: the endpoints that do answer must answer within it too, on a loaded machine where a
// worker may be busy for seconds (compiling the published spec's validators) while a response waits.
const HANG_REQUEST_TIMEOUT_MS = 15_000;
// Runs that are not about timeouts: far above any answer a loopback server gives, however busy.
const REQUEST_TIMEOUT_MS = 30_000;
// RUN_TIMEOUT_MS for each run: far above a run's duration under load (a few hanging requests at
// HANG_REQUEST_TIMEOUT_MS one after another, plus starting vitest), so only a run that does not end hits it.
const BOUND_MS = 240_000;
// The child is killed (no exit code: the test fails) if it outlives its bound by this much;
// stopping at the bound and writing the reports take seconds, not minutes.
const KILL_MS = BOUND_MS + 60_000;
// Two CLI runs at a time: each is a vitest process of its own.
const PARALLEL_RUNS = 2;
const runs = new Limiter(PARALLEL_RUNS);
// A test's time includes its wait for a run slot: every other run of this file that takes one may go first.
const SLOTTED_RUNS = 8;
const TEST_TIMEOUT_MS = Math.ceil(SLOTTED_RUNS / PARALLEL_RUNS) * KILL_MS;

interface ChaosOptions {
  only?: string;
  faults?: FaultId[];
  env?: Record<string, string>;
  requestTimeoutMs?: number;
}

async function runAgainstChaos(
  chaos: string[],
  options: ChaosOptions = {},
): Promise<{ run: CliRun; everything: string; key: string }> {
  return runs.run(() => runOnce(chaos, options));
}

/** A run against a hang spends most of its time waiting on it, not on the CPU: it takes no run slot. */
function runAgainstHang(chaos: string[]): Promise<{ run: CliRun; everything: string; key: string }> {
  return runOnce(chaos, { requestTimeoutMs: HANG_REQUEST_TIMEOUT_MS });
}

async function runOnce(
  chaos: string[],
  options: ChaosOptions,
): Promise<{ run: CliRun; everything: string; key: string }> {
  const reference = await startReference({ chaos, ...(options.faults ? { faults: options.faults } : {}) });
  try {
    const run = await runCli({
      env: {
        ...referenceEnvironment(reference),
        REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
        RUN_TIMEOUT_MS: String(BOUND_MS),
        ...options.env,
      },
      args: ['--only', options.only ?? 'auth,specification'],
      keepReports: true,
      timeoutMs: KILL_MS,
    });
    const files = await readdir(run.reportDir);
    const reports = await Promise.all(files.map((f) => readFile(join(run.reportDir, f), 'utf8')));
    await rm(run.reportDir, { recursive: true, force: true });
    expect(files.sort()).toEqual(['junit.xml', 'report.html', 'summary.json']);
    return { run, everything: [run.stdout, run.stderr, ...reports].join('\n'), key: reference.apiKey };
  } finally {
    await reference.close();
  }
}

function expectCleanFailure(result: { run: CliRun; everything: string; key: string }, exitCode: 1 | 2): void {
  expect(result.run.exitCode, result.run.stdout.slice(-2000)).toBe(exitCode);
  expect(result.run.stdout + result.run.stderr).not.toMatch(STACK_LINE);
  expect(result.everything).not.toContain(result.key);
}

// The runs against a hang are declared first: vitest starts at most five tests of a file at once,
// and these mostly wait, so they should wait while the other runs use the CPU.
describe.concurrent('against a hostile server the run ends cleanly', () => {
  test(
    'an endpoint that never answers: those checks error on the timeout, the rest run',
    async () => {
      const result = await runAgainstHang(['hang@/v1/agents']);
      expectCleanFailure(result, 1);
      const errored = result.run.summary!.checks.filter((c) => c.outcome === 'error');
      expect(errored.length).toBeGreaterThan(0);
      expect(errored.every((c) => /REQUEST_TIMEOUT_MS/.test(c.message ?? ''))).toBe(true);
      expect(result.run.summary!.counts.pass).toBeGreaterThan(10);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a target that never answers is a clear stop',
    async () => {
      const result = await runAgainstHang(['hang']);
      expectCleanFailure(result, 2);
      expect(result.run.summary!.stop?.kind).toBe('unreachable');
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'an unreachable published spec fails the spec checks; the rest goes on with the canonical schemas',
    async () => {
      const result = await runAgainstHang(['hang@/v1/openapi']);
      expectCleanFailure(result, 1);
      const auth = result.run.summary!.checks.filter((c) => c.group === 'auth');
      expect(auth.length).toBeGreaterThan(0);
      expect(auth.every((c) => c.outcome === 'pass')).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  test.each([
    ['reset@/v1/agents', /reset/],
    ['truncate@/v1/agents', /./],
  ])(
    '%s: the affected checks error with a plain message',
    async (chaos, message) => {
      const result = await runAgainstChaos([chaos]);
      expectCleanFailure(result, 1);
      const errored = result.run.summary!.checks.filter((c) => c.outcome === 'error');
      expect(errored.length).toBeGreaterThan(0);
      expect(errored.every((c) => message.test(c.message ?? ''))).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  test.each(['non-json@/v1/agents', 'huge@/v1/agents', 'redirect-loop@/v1/agents'])(
    '%s: the affected checks fail as violations',
    async (chaos) => {
      const result = await runAgainstChaos([chaos]);
      expectCleanFailure(result, 1);
      expect(result.run.summary!.counts.fail).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a burst of 503s is waited out: the run passes',
    async () => {
      const result = await runAgainstChaos(['burst-503']);
      expect(result.run.exitCode, result.run.stdout.slice(-2000)).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a server that echoes the key: the key appears in no output or report',
    async () => {
      const result = await runAgainstChaos(['echo-key']);
      expect(result.run.exitCode, result.run.stdout.slice(-2000)).toBe(0);
      expect(result.everything).not.toContain(result.key);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'an invalid published spec fails SPEC-VALID-OPENAPI; the rest goes on',
    async () => {
      const result = await runAgainstChaos([], { faults: ['spec-invalid-openapi'] });
      expectCleanFailure(result, 1);
      const checks = result.run.summary!.checks;
      expect(checks.find((c) => c.requirements.includes('SPEC-VALID-OPENAPI'))?.outcome).toBe('fail');
      expect(checks.filter((c) => c.group === 'auth').every((c) => c.outcome === 'pass')).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
