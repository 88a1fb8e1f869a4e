// A run or a merge from the command line's request, in process: the reports written (to
// <REPORT_DIR>/rerun for a re-run), the console summary or summary.json on stdout, the exit code, and
// the stops found before a request is sent (a report directory that cannot be written, an earlier run
// --rerun-failed cannot trust). The runs target a loopback port where nothing listens, so each stops
// at its preflight.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import type { CliRequest } from '../../lib/cli/args.js';
import { runOrMerge } from '../../lib/cli/run-command.js';
import { ConfigError } from '../../lib/config.js';

const UNREACHABLE = 'http://127.0.0.1:9';
const root = mkdtempSync(join(tmpdir(), 'aes-run-command-'));
let made = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A report directory of its own. */
const reportDir = (): string => join(root, `reports-${++made}`);

const request = (dir: string, changed: Partial<CliRequest> = {}, env: Record<string, string> = {}): CliRequest => ({
  env: {
    BASE_URL: UNREACHABLE,
    API_KEY: 'run-command-key',
    REQUEST_TIMEOUT_MS: '2000',
    REPORT_DIR: dir,
    NO_COLOR: '1',
    ...env,
  },
  only: [],
  exclude: [],
  format: 'text',
  action: 'run',
  rerunFailed: false,
  mergeFrom: [],
  warnings: [],
  given: {},
  ...changed,
});

/** runOrMerge with its log lines kept. */
async function run(changed: CliRequest): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOrMerge(changed, (line) => lines.push(line));
  return { code, lines };
}

const summaryOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>;

/** An earlier run's summary.json in `dir`. */
function earlier(dir: string, summary: object): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
}

describe('a run', () => {
  test('writes its reports, shows the summary and where the reports are, exits with its code and leaves the signals as it found them', async () => {
    const dir = reportDir();
    const listeners = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const { code, lines } = await run(request(dir));
    expect(code).toBe(2);
    expect(summaryOf(dir)).toMatchObject({ exitCode: 2, stop: { kind: 'unreachable' } });
    expect(lines.at(-1)).toBe(
      `Reports: ${join(dir, 'junit.xml')}, ${join(dir, 'report.html')}, ${join(dir, 'summary.json')}`,
    );
    expect(lines.join('\n')).toMatch(/cannot be reached/);
    expect(lines.join('\n')).not.toContain('run-command-key');
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(listeners);
  });

  test('with --format json, prints summary.json on stdout instead of the summary', async () => {
    const dir = reportDir();
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const { code, lines } = await run(request(dir, { format: 'json' }));
    expect(code).toBe(2);
    expect(JSON.parse(written.join(''))).toEqual(summaryOf(dir));
    expect(lines.join('\n')).not.toMatch(/cannot be reached/);
  });

  test('is not started when its report directory cannot be written', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const refused = run(request(join(file, 'reports')));
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(`REPORT_DIR ${join(file, 'reports')} cannot be written: `);
  });

  test('whose reports cannot be written once it ran says so on stderr and exits 2', async () => {
    const dir = reportDir();
    mkdirSync(join(dir, 'summary.json'), { recursive: true });
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (errors.push(String(chunk)), true));
    const { code, lines } = await run(request(dir));
    expect(code).toBe(2);
    expect(errors.join('')).toMatch(new RegExp(`^REPORT_DIR ${dir} could not be written: `));
    expect(lines.join('\n')).toMatch(/cannot be reached/);
    expect(lines.join('\n')).not.toMatch(/^Reports:/m);
  });
});

describe('--rerun-failed', () => {
  const target = { baseUrl: UNREACHABLE, embedded: false };
  const rerun = (dir: string, env: Record<string, string> = {}) => run(request(dir, { rerunFailed: true }, env));

  test("re-runs what failed or errored, waived failures aside, into <REPORT_DIR>/rerun, keeping the full run's reports", async () => {
    const dir = reportDir();
    const checks = [
      { id: 'agents.get', outcome: 'fail', requirements: ['AGENT-GET'] },
      { id: 'agents.create', outcome: 'fail', requirements: ['AGENT-CREATE'], waived: { by: ['AGENT-CREATE'] } },
      { id: 'run::problem-0', outcome: 'error', requirements: ['RUN-DELETE'] },
      { id: 'agents.list', outcome: 'pass', requirements: ['AGENT-LIST'] },
    ];
    earlier(dir, { target, checks });
    const { code, lines } = await rerun(dir);
    expect(lines[0]).toBe(
      `Re-running what failed or errored in ${join(dir, 'summary.json')} (checks by id, findings by requirement): agents.get, RUN-DELETE`,
    );
    expect(code).toBe(2);
    expect(summaryOf(join(dir, 'rerun'))).toMatchObject({ selection: { only: ['agents.get', 'RUN-DELETE'] } });
    expect(summaryOf(dir)).toEqual({ target, checks });
  });

  test('with nothing failed, says so and exits 0, writing nothing', async () => {
    const dir = reportDir();
    earlier(dir, { target, checks: [{ id: 'agents.get', outcome: 'pass', requirements: ['AGENT-GET'] }] });
    const { code, lines } = await rerun(dir);
    expect(code).toBe(0);
    expect(lines).toEqual([`Nothing to re-run: the run in ${join(dir, 'summary.json')} had no failures or errors.`]);
    expect(existsSync(join(dir, 'rerun'))).toBe(false);
  });

  test('refuses a missing or unreadable summary', async () => {
    const dir = reportDir();
    await expect(rerun(dir)).rejects.toThrow(
      `--rerun-failed: no readable ${join(dir, 'summary.json')} from an earlier run`,
    );
    earlier(dir, {});
    writeFileSync(join(dir, 'summary.json'), '{');
    await expect(rerun(dir)).rejects.toThrow(ConfigError);
  });

  test('refuses an earlier run that stopped: before the suites it verified nothing, part-way it left checks unrun', async () => {
    const dir = reportDir();
    const stop = { kind: 'unreachable', message: 'cannot be reached' };
    earlier(dir, { target, stop, checks: [] });
    await expect(rerun(dir)).rejects.toThrow(
      `--rerun-failed: the earlier run (${join(dir, 'summary.json')}) verified nothing: it stopped (unreachable: cannot be reached); run the whole suite again.`,
    );
    earlier(dir, { target, stop, checks: [{ id: 'agents.get', outcome: 'fail', requirements: ['AGENT-GET'] }] });
    await expect(rerun(dir)).rejects.toThrow(/did not finish: the checks it left were never run: it stopped/);
  });

  test("refuses another target's failures: another base URL, or the embedded reference for a named target and back", async () => {
    const dir = reportDir();
    const failed = [{ id: 'agents.get', outcome: 'fail', requirements: ['AGENT-GET'] }];
    earlier(dir, { target: { baseUrl: 'http://127.0.0.1:8', embedded: false }, checks: failed });
    await expect(rerun(dir)).rejects.toThrow(
      `--rerun-failed: the earlier run (${join(dir, 'summary.json')}) was against http://127.0.0.1:8, not ${UNREACHABLE}: re-run against the recorded target (set BASE_URL to it), or run the whole suite.`,
    );
    earlier(dir, { target: { baseUrl: 'http://127.0.0.1:8', embedded: true }, checks: failed });
    await expect(rerun(dir)).rejects.toThrow(/was against the embedded reference service, not http:\/\/127\.0\.0\.1:9/);
    earlier(dir, { target: { baseUrl: 'http://127.0.0.1:8', embedded: false }, checks: failed });
    const embedded = request(dir, { rerunFailed: true });
    delete embedded.env['BASE_URL'];
    delete embedded.env['API_KEY'];
    await expect(run(embedded)).rejects.toThrow(
      /was against http:\/\/127\.0\.0\.1:8, not the embedded reference service/,
    );
  });
});

describe('--merge', () => {
  test('merges the summaries of earlier runs into one set of reports, exiting with the merged code', async () => {
    const [first, merged] = [reportDir(), reportDir()];
    await run(request(first));
    const { code, lines } = await run(request(merged, { action: 'merge', mergeFrom: [first] }));
    expect(code).toBe(2);
    expect(summaryOf(merged)).toMatchObject({ exitCode: 2, stop: { kind: 'unreachable' } });
    expect(lines.at(-1)).toMatch(/^Reports: /);
  });
});
