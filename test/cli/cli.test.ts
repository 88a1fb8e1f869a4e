// The command line as a user meets it: clear stops with exit code 2 and a report,
// never the key in any output.

import { createServer } from 'node:net';
import { readFile, readdir, rm } from 'node:fs/promises';
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

/** A loopback port with nothing listening. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function reportTexts(dir: string): Promise<string> {
  const files = await readdir(dir);
  return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
}

describe('aes-conformance', () => {
  test('a wrong key stops the run with one clear message, exit 2 and a report', async () => {
    const run = await runCli({ env: { ...referenceEnvironment(reference), API_KEY: 'wrong-key-for-the-test-0000' }, keepReports: true });
    try {
      expect(run.exitCode).toBe(2);
      expect(run.summary?.stop?.kind).toBe('unauthenticated');
      expect(run.stdout).toMatch(/rejected API_KEY/);
      expect(run.summary?.counts.total).toBe(0);
      const reports = await reportTexts(run.reportDir);
      expect(reports).toMatch(/rejected API_KEY/);
      expect(`${run.stdout}${run.stderr}${reports}`).not.toContain('wrong-key-for-the-test-0000');
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  });

  test('an unreachable target stops the run with exit 2', async () => {
    const run = await runCli({ env: { BASE_URL: `http://127.0.0.1:${await deadPort()}`, API_KEY: 'k-unreachable' } });
    expect(run.exitCode).toBe(2);
    expect(run.summary?.stop?.kind).toBe('unreachable');
    expect(run.stdout).toMatch(/cannot be reached[\s\S]*connection refused/);
  });

  test('bad configuration exits 2 with the reason', async () => {
    const run = await runCli({ env: { BASE_URL: 'not a url', API_KEY: 'k' } });
    expect(run.exitCode).toBe(2);
    expect(run.stdout + run.stderr).toMatch(/BASE_URL is not a URL/);
  });

  test('an unknown option exits 2 and points at --help', async () => {
    const run = await runCli({ args: ['--frobnicate'] });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--help/);
  });

  test('--help, --version and --list answer without running anything', async () => {
    const [help, version, list] = await Promise.all([runCli({ args: ['--help'] }), runCli({ args: ['--version'] }), runCli({ args: ['--list'] })]);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 conformant/);
    expect(version.stdout).toMatch(/^aes-conformance \d+\.\d+\.\d+/);
    expect(list.stdout).toMatch(/AUTH-MISSING-KEY\s+MUST/);
    // Each requirement is followed by the checks that carry it, found by collecting the suites.
    expect(list.stdout).toMatch(/AUTH-MISSING-KEY.*\n    verified by \d+ checks?:\n      suites\/auth\.suite\.ts: /);
    expect(list.stdout).toMatch(/ 0 requirements without a check\./);
    expect(list.stdout).toMatch(/Not testable from outside the service:/);
    expect(help.summary).toBeUndefined();
  });

  test('a run against a correct target passes, and the key appears nowhere', async () => {
    const run = await runCli({ env: referenceEnvironment(reference), args: ['--only', 'auth,specification'], keepReports: true });
    try {
      expect(run.exitCode, run.stdout).toBe(0);
      expect(run.summary?.counts.fail).toBe(0);
      expect(run.summary?.counts.pass).toBeGreaterThan(40);
      const everything = `${run.stdout}${run.stderr}${await reportTexts(run.reportDir)}`;
      expect(everything).not.toContain(reference.apiKey);
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  });
});
