// `replay` re-runs an earlier run's failures against the recorded target: STILL FAILING while the
// fault is on, FIXED once the same address serves without it; FLAKY when the attempts disagree.

import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { judged, replayExitCode, type RecordedCheck } from '../../lib/cli/replay.js';
import { parseCli } from '../../lib/cli/args.js';
import { startReference, type RunningReference } from '../../proof/service.js';
import { runCli } from '../support/run-cli.js';

/** Not about time: bounded only against a hang of the child runs (each killed after 120 s). */
const BOUND = 300_000;

const FAULT = 'auth-missing-key-accepted-on-get-agent';
const CHECK = 'auth.missing-key.get-v1-agents-agent-id';

describe('replay against the real binary', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  test(
    'STILL FAILING while the fault is on, FIXED once it is off; another target is refused',
    async () => {
      let reference: RunningReference = await startReference({ faults: [FAULT] });
      cleanup.push(() => reference.close());
      const first = await runCli({ env: referenceEnvironment(reference), args: ['--only', CHECK], keepReports: true });
      cleanup.push(() => rm(first.reportDir, { recursive: true, force: true }));
      expect(first.exitCode).toBe(1);
      const replay = (reference: RunningReference, args: string[] = []): ReturnType<typeof runCli> =>
        runCli({ env: { ...referenceEnvironment(reference), REPORT_DIR: first.reportDir }, args: ['replay', ...args] });

      const failing = await replay(reference);
      expect(failing.stdout).toContain(`STILL FAILING  ${CHECK}  (fail, fail, fail)`);
      expect(failing.stdout).toContain('Replay: 0 fixed, 1 still failing, 0 flaky');
      expect(failing.exitCode).toBe(1);

      // The fault switched off: the same address, served correctly.
      const port = Number(new URL(reference.url).port);
      await reference.close();
      reference = await startReference({ port });
      const fixed = await replay(reference, [CHECK]);
      expect(fixed.stdout).toContain(`FIXED          ${CHECK}  (pass, pass, pass)`);
      expect(fixed.exitCode).toBe(0);

      const elsewhere = await runCli({
        env: { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k-elsewhere', REPORT_DIR: first.reportDir },
        args: ['replay'],
      });
      expect(elsewhere.exitCode).toBe(2);
      expect(elsewhere.stderr).toContain('--other-target');

      const unknown = await replay(reference, ['agents.create.get-as-created']);
      expect(unknown.exitCode).toBe(2);
      expect(unknown.stderr).toContain(
        `no failure of the run in ${first.reportDir}/summary.json has this id; its failures: ${CHECK}`,
      );
    },
    BOUND,
  );

  test(
    'without a recorded run: exit 2, saying so',
    async () => {
      const run = await runCli({ env: { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k-none' }, args: ['replay'] });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/replay: no readable .*summary\.json from an earlier run/);
    },
    BOUND,
  );
});

describe('judging the attempts', () => {
  const failure: RecordedCheck = { id: 'auth.missing-key.post-v1-agents', outcome: 'fail', requirements: ['A'] };
  const added: RecordedCheck = { id: 'run::agents::[B] observed on the way: x', outcome: 'fail', requirements: ['B'] };
  const attempt = (outcome: string, other = 'pass'): RecordedCheck[] => [
    { ...failure, outcome, message: `${outcome} message` },
    { id: 'lists.b', outcome: other, requirements: ['B'] },
  ];

  test('all pass: FIXED; none: STILL FAILING; disagreeing: FLAKY, with the last message that was no pass', () => {
    const fixed = judged([failure], [attempt('pass'), attempt('pass'), attempt('pass')]);
    const still = judged([failure], [attempt('fail'), attempt('error'), attempt('skip')]);
    const flaky = judged([failure], [attempt('pass'), attempt('fail'), attempt('pass')]);
    expect(fixed.map((r) => r.status)).toEqual(['FIXED']);
    expect(still[0]).toMatchObject({ status: 'STILL FAILING', outcomes: ['fail', 'error', 'skip'] });
    expect(flaky[0]).toMatchObject({ status: 'FLAKY', outcomes: ['pass', 'fail', 'pass'], message: 'fail message' });
    expect(replayExitCode(fixed)).toBe(0);
    expect(replayExitCode([...fixed, ...flaky])).toBe(1);
  });

  test('a check missing from an attempt is not run; a failure the run added is judged by the checks of its rules', () => {
    expect(judged([failure], [[], [], []])[0]!.outcomes).toEqual(['not run', 'not run', 'not run']);
    expect(judged([added], [attempt('pass', 'fail'), attempt('pass'), attempt('pass')])[0]!.status).toBe('FLAKY');
  });
});

describe('the replay command line', () => {
  test('check ids are its operands; --failed and --other-target belong to it alone', () => {
    expect(parseCli(['replay', CHECK, '--other-target'], {})).toMatchObject({
      action: 'replay',
      replay: { ids: [CHECK], otherTarget: true },
    });
    expect(parseCli(['replay', '--failed'], {}).replay).toEqual({ ids: [], otherTarget: false });
    expect(() => parseCli(['replay', '--failed', CHECK], {})).toThrow(/check ids or --failed, not both/);
    expect(() => parseCli(['--failed'], {})).toThrow(/belongs to the replay command/);
  });
});
