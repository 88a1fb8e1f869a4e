// A run verifies the target it was asked to, or stops: a target setting without a target, a re-run
// of a run that verified nothing or of another target, a report directory that cannot be written
// (found before the first request), and a run interrupted by a signal (reports written, exit 143).

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { ROOT, runCli } from '../support/run-cli.js';

let reference: RunningReference;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(async () => {
  await reference.close();
});

/** Not about time: bounded only against a hang of the child runs (each killed after 120 s). */
const BOUND = 300_000;

describe('a target is named or the run stops', () => {
  test.each([
    [{ BASE_URL: '' }, 'BASE_URL is set but empty: no target is named'],
    [{ API_KEY: 'k-orphan' }, 'API_KEY is set but BASE_URL is not: no target is named'],
    [{ SCHEDULED_RUN_ID: 'sched-1' }, 'SCHEDULED_RUN_ID is set but BASE_URL is not'],
  ])(
    '%o: exit 2, a stopped summary and no embedded reference',
    async (env, said) => {
      const run = await runCli({ env });
      expect(run.exitCode).toBe(2);
      expect(run.summary).toMatchObject({ verdict: 'stopped', stop: { kind: 'config' }, target: { embedded: false } });
      expect(run.stdout).toContain(said);
      expect(run.stdout).not.toContain('k-orphan');
    },
    BOUND,
  );

  test(
    'a .env with BASE_URL= is read like the environment: the run stops',
    async () => {
      const run = await runCli({ files: { '.env': 'BASE_URL=\nAPI_KEY=from-dotenv\n' } });
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toContain('BASE_URL is set but empty');
    },
    BOUND,
  );

  test(
    'a key that looks like a setting is warned of, naming the setting; the run goes on',
    async () => {
      const run = await runCli({
        env: { ...referenceEnvironment(reference), BASE_ULR: 'http://127.0.0.1:1' },
        args: ['--only', 'AUTH-MISSING-KEY'],
      });
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain('warning: BASE_ULR is not a setting; did you mean BASE_URL?');
      expect(run.stdout).not.toMatch(/warning: (PATH|HOME|LANG)/);
    },
    BOUND,
  );
});

describe('--rerun-failed', () => {
  test(
    'after a run that stopped, before the suites or part-way: exit 2, it verified nothing or not everything',
    async () => {
      const target = { baseUrl: 'http://127.0.0.1:9', embedded: false };
      const stoppedRun = (stop: object, checks: object[]) => JSON.stringify({ target, stop, checks });
      const rerun = (summary: string) =>
        runCli({
          env: { BASE_URL: target.baseUrl, API_KEY: 'k' },
          args: ['--rerun-failed'],
          files: { 'summary.json': summary },
        });
      const before = await rerun(stoppedRun({ kind: 'unreachable', message: 'cannot be reached' }, []));
      expect(before.exitCode).toBe(2);
      expect(before.stderr).toMatch(
        /--rerun-failed: the earlier run \(.*summary\.json\) verified nothing: it stopped \(unreachable: cannot be reached\)/,
      );
      const passed = {
        id: 'suites/auth.suite.ts::auth > [AUTH-MISSING-KEY] x',
        outcome: 'pass',
        requirements: ['AUTH-MISSING-KEY'],
      };
      const partWay = await rerun(stoppedRun({ kind: 'throttled', message: 'only back-pressure' }, [passed]));
      expect(partWay.exitCode).toBe(2);
      expect(partWay.stderr).toMatch(
        /did not finish: the checks it left were never run: it stopped \(throttled: only back-pressure\)/,
      );
    },
    BOUND,
  );

  test(
    'against another target than the recorded one: exit 2, naming the recorded target',
    async () => {
      const failed = JSON.stringify({
        target: { baseUrl: 'http://127.0.0.1:9', embedded: false },
        checks: [
          {
            id: 'suites/auth.suite.ts::auth > [AUTH-MISSING-KEY] x',
            outcome: 'fail',
            requirements: ['AUTH-MISSING-KEY'],
          },
        ],
      });
      const embedded = await runCli({ args: ['--rerun-failed'], files: { 'summary.json': failed } });
      expect(embedded.exitCode).toBe(2);
      expect(embedded.stderr).toContain('was against http://127.0.0.1:9, not the embedded reference service');
      const other = await runCli({
        env: referenceEnvironment(reference),
        args: ['--rerun-failed'],
        files: { 'summary.json': failed },
      });
      expect(other.exitCode).toBe(2);
      expect(other.stderr).toContain(`was against http://127.0.0.1:9, not ${reference.url}`);
    },
    BOUND,
  );
});

describe('deterministic by default', () => {
  test(
    'two runs against the same faulty server give the same results; --seed random draws a seed and says which',
    async () => {
      // A fault only some generated values reveal: with a seed drawn per run, runs found it or not (2, 2, 1 failures).
      const faulty = await startReference({ faults: ['test-case-test-set-id-7-accepted'] });
      try {
        const options = { env: referenceEnvironment(faulty), args: ['--only', 'TESTCASE-TEST-SET-ID'] };
        const [first, second] = [await runCli(options), await runCli(options)];
        const outcomes = (run: typeof first): string[] => run.summary!.checks.map((c) => `${c.outcome} ${c.id}`).sort();
        expect(first.summary!.counts.fail).toBeGreaterThan(0);
        expect(second.summary!.counts).toEqual(first.summary!.counts);
        expect(outcomes(second)).toEqual(outcomes(first));
        const random = await runCli({ ...options, args: [...options.args, '--seed', 'random'] });
        const seed = /^Seed (-?\d+), drawn at random \(SEED=random\): --seed \1 repeats this run$/m.exec(
          random.stdout,
        )?.[1];
        expect(seed, random.stdout).toBeDefined();
        expect(
          random
            .summary!.checks.filter((c) => 'seed' in c)
            .every((c) => String((c as { seed?: number }).seed) === seed),
        ).toBe(true);
      } finally {
        await faulty.close();
      }
    },
    BOUND,
  );
});

describe('reports CI can rely on', () => {
  test.each([['/proc/aes-conformance-x'], ['<file>/reports']])(
    'a report directory that cannot be written (%s) stops the run before its first request: exit 2, one line',
    async (given) => {
      const dir = await mkdtemp(join(tmpdir(), 'aes-report-dir-'));
      try {
        await writeFile(join(dir, 'file'), '');
        const reportDir = given.replace('<file>', join(dir, 'file'));
        // Nothing listens at the target: had a request gone out first, the run would stop as unreachable.
        const run = await runCli({ env: { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k', REPORT_DIR: reportDir } });
        expect(run.exitCode).toBe(2);
        expect(run.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(new RegExp(`^REPORT_DIR ${reportDir} cannot be written: E[A-Z]+`)),
        ]);
        expect(run.stdout).not.toContain('unreachable');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    BOUND,
  );

  test(
    'reports that cannot be written after the run: the console summary is still printed, exit 2',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'aes-report-dir-'));
      try {
        // The directory takes the probe, but summary.json cannot be written: a directory holds its name.
        await mkdir(join(dir, 'summary.json'));
        const run = await runCli({
          env: { ...referenceEnvironment(reference), REPORT_DIR: dir },
          args: ['--only', 'AUTH-MISSING-KEY'],
        });
        expect(run.exitCode).toBe(2);
        expect(run.stdout).toMatch(/^Verdict: PASSED, PARTIAL RUN/m);
        expect(run.stderr).toMatch(new RegExp(`^REPORT_DIR ${dir} could not be written: EISDIR`));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    BOUND,
  );

  test(
    'SIGTERM stops the run with its reports written: verdict interrupted, exit 143, unfinished checks not run',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'aes-interrupted-'));
      // A slow target: the whole run takes far longer than the way from the first progress line to the signal.
      const slow = await startReference({ latencyMs: 200 });
      try {
        const child = spawn(process.execPath, [join(ROOT, 'bin', 'aes-conformance.js')], {
          cwd: dir,
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: dir,
            NO_COLOR: '1',
            REPORT_DIR: dir,
            ...referenceEnvironment(slow),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
        // Signalled once a check has passed (a progress line counting one), whenever that is: the progress line every
        // 5 s comes before any check has finished when collecting takes that long (a loaded machine).
        await new Promise<void>((resolve) =>
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (/checks done: [1-9]\d* passed/.test(out)) resolve();
          }),
        );
        child.kill('SIGTERM');
        expect(await exited, out).toBe(143);
        const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as {
          verdict: string;
          exitCode: number;
          stop: { kind: string; signal: string };
          checks: Array<{ outcome: string; message?: string }>;
        };
        expect(summary).toMatchObject({
          verdict: 'interrupted',
          exitCode: 143,
          stop: { kind: 'interrupted', signal: 'SIGTERM' },
        });
        expect(summary.checks.some((c) => c.outcome === 'pass')).toBe(true);
        // What did not finish is never a pass: every error is a check the signal kept from running, or cut short.
        const errors = summary.checks.filter((c) => c.outcome === 'error').map((c) => c.message);
        expect(
          errors.filter((m) => !/^not (run|finished): the run was interrupted by SIGTERM$/.test(m ?? '')),
          out,
        ).toEqual([]);
        expect(out).toContain('Verdict: INTERRUPTED');
      } finally {
        await slow.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    BOUND,
  );
});
