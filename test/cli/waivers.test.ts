// Waivers, --exclude and --format json through the real command line, against embedded reference services:
// one with a fault (a failure to waive), one correct (a waiver gone stale).

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { runCli } from '../support/run-cli.js';

const CHILD_KILL_MS = 120_000;
const afterRuns = (sequential: number): number => sequential * CHILD_KILL_MS + 30_000;

// `list-page-gap` breaks LIST-PAGINATION-COMPLETE: the page after a token skips an item.
const RULE = 'LIST-PAGINATION-COMPLETE';
const ONLY = ['--only', RULE];
const WAIVERS = 'conformance.waivers.yaml';

let faulty: RunningReference;
let correct: RunningReference;

beforeAll(async () => {
  [faulty, correct] = await Promise.all([startReference({ faults: ['list-page-gap'] }), startReference()]);
});

afterAll(async () => {
  await Promise.all([faulty?.close(), correct?.close()]);
});

interface WaiverSummary {
  waivers?: {
    file: string;
    waived: number;
    expired: Array<{ requirement?: string; failures: string[] }>;
    stale: Array<{ requirement?: string }>;
  };
  checks: Array<{ id: string; outcome: string; waived?: { by: string[]; reason: string; expires?: string } }>;
}

describe('waivers', () => {
  test(
    'without a waiver the fault fails the run; the default waiver file waives it: exit 0, partial, reported as waived; --format json prints summary.json alone',
    async () => {
      const waiver = `waivers:\n  - requirement: ${RULE.toLowerCase()}\n    reason: AES-123, fixed in 2.4\n    expires: 2999-12-31\n`;
      const [plain, waived, json] = await Promise.all([
        runCli({ env: referenceEnvironment(faulty), args: ONLY }),
        runCli({ env: referenceEnvironment(faulty), args: ONLY, files: { [WAIVERS]: waiver }, keepReports: true }),
        runCli({
          env: referenceEnvironment(faulty),
          args: [...ONLY, '--format', 'json'],
          files: { [WAIVERS]: waiver },
        }),
      ]);
      expect(plain.exitCode, plain.stdout).toBe(1);
      expect(plain.summary?.verdict).toBe('violations');
      try {
        expect(waived.exitCode, waived.stdout).toBe(0);
        const summary = waived.summary as unknown as WaiverSummary & NonNullable<typeof waived.summary>;
        expect(summary.verdict).toBe('passed-partial');
        expect(summary.counts.fail).toBeGreaterThan(0);
        const failed = summary.checks.filter((c) => c.outcome === 'fail');
        expect(
          failed.every((c) => c.waived?.reason === 'AES-123, fixed in 2.4' && c.waived.expires === '2999-12-31'),
        ).toBe(true);
        expect(summary.waivers).toMatchObject({ file: WAIVERS, waived: failed.length, expired: [], stale: [] });
        expect(summary.untested).toContainEqual({
          id: RULE,
          level: 'MUST',
          reason: 'failed, waived until 2999-12-31: AES-123, fixed in 2.4',
        });
        expect(waived.stdout).toContain('FAIL (WAIVED)');
        expect(waived.stdout).toMatch(/Waivers \(conformance\.waivers\.yaml, 1 entry\):\s+\d+\s+waived\s+failures?/);
        expect(waived.stdout).toContain('PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT');
        const junit = await readFile(join(waived.reportDir, 'junit.xml'), 'utf8');
        expect(junit).toContain('type="WaivedFailure"');
        expect(junit).toMatch(/<testsuites[^>]* failures="0"/);
        expect(await readFile(join(waived.reportDir, 'report.html'), 'utf8')).toContain('FAIL (WAIVED)');
      } finally {
        await rm(waived.reportDir, { recursive: true, force: true });
      }
      // stdout is the summary.json document and nothing else; progress went to stderr.
      expect(json.exitCode, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout)).toEqual(json.summary);
      expect(json.stderr).toMatch(/^Target http:\/\/127\.0\.0\.1:\d+/m);
    },
    afterRuns(1),
  );

  test(
    'an expired waiver waives nothing and is reported; a waiver whose rule passes is stale, reported everywhere, exit 0',
    async () => {
      const [expired, stale] = await Promise.all([
        runCli({
          env: referenceEnvironment(faulty),
          args: [...ONLY, '--waivers', 'old.yaml'],
          files: { 'old.yaml': `waivers:\n  - requirement: ${RULE}\n    reason: old\n    expires: 2020-01-01\n` },
        }),
        runCli({
          env: referenceEnvironment(correct),
          args: ONLY,
          files: { [WAIVERS]: `waivers:\n  - requirement: ${RULE}\n    reason: was broken\n` },
          keepReports: true,
        }),
      ]);
      expect(expired.exitCode, expired.stdout).toBe(1);
      const expiredSummary = expired.summary as unknown as WaiverSummary;
      expect(expiredSummary.waivers?.file).toBe('old.yaml');
      expect(expiredSummary.waivers?.expired).toMatchObject([{ requirement: RULE }]);
      expect(expiredSummary.waivers?.expired[0]?.failures.length).toBeGreaterThan(0);
      expect(expired.stdout).toContain(`EXPIRED ${RULE} (expired 2020-01-01)`);
      try {
        expect(stale.exitCode, stale.stdout).toBe(0);
        expect((stale.summary as unknown as WaiverSummary).waivers?.stale).toEqual([
          { requirement: RULE, reason: 'was broken' },
        ]);
        expect(stale.stdout).toContain(`STALE ${RULE}`);
        expect(await readFile(join(stale.reportDir, 'junit.xml'), 'utf8')).toContain(
          `<property name="stale_waiver" value="${RULE}: no failure of this run needed it; remove the waiver"/>`,
        );
        expect(await readFile(join(stale.reportDir, 'report.html'), 'utf8')).toContain(`STALE ${RULE}`);
      } finally {
        await rm(stale.reportDir, { recursive: true, force: true });
      }
    },
    afterRuns(1),
  );

  test(
    'a bad waiver file stops the run with exit 2 and one line naming the file and the entry',
    async () => {
      const [unknown, reasonless, missing] = await Promise.all([
        runCli({ args: ONLY, files: { [WAIVERS]: 'waivers:\n  - requirement: NO-SUCH-RULE\n    reason: x\n' } }),
        runCli({ args: ONLY, files: { [WAIVERS]: `waivers:\n  - requirement: ${RULE}\n    expires: 2030-01-01\n` } }),
        runCli({ args: [...ONLY, '--waivers', 'nowhere.yaml'] }),
      ]);
      expect(unknown.exitCode).toBe(2);
      expect(unknown.summary?.stop).toEqual({
        kind: 'config',
        message: 'conformance.waivers.yaml: entry 1: unknown requirement id "NO-SUCH-RULE" (see --list)',
      });
      expect(unknown.stdout).toContain('conformance.waivers.yaml: entry 1: unknown requirement id "NO-SUCH-RULE"');
      expect(reasonless.exitCode).toBe(2);
      expect(reasonless.summary?.stop?.message).toBe(
        `conformance.waivers.yaml: entry 1 (${RULE}): \`reason\` is missing or empty: every waiver says why`,
      );
      expect(missing.exitCode).toBe(2);
      expect(missing.summary?.stop?.message).toMatch(/^waivers: cannot read nowhere\.yaml: ENOENT$/);
    },
    afterRuns(1),
  );
});

describe('--exclude and --format', () => {
  test(
    '--exclude leaves out the checks of a requirement id and says the run is partial because of it',
    async () => {
      const run = await runCli({
        env: referenceEnvironment(correct),
        args: ['--only', 'auth', '--exclude', 'auth-missing-key'],
      });
      expect(run.exitCode, run.stdout).toBe(0);
      expect(run.summary?.verdict).toBe('passed-partial');
      expect(run.summary?.checks.length).toBeGreaterThan(0);
      expect(run.summary?.checks.some((c) => c.requirements.includes('AUTH-MISSING-KEY'))).toBe(false);
      expect(run.summary?.untested).toContainEqual({
        id: 'AUTH-MISSING-KEY',
        level: 'MUST',
        reason: 'excluded (--exclude AUTH-MISSING-KEY)',
      });
      expect((run.summary?.selection as { exclude?: string[] }).exclude).toEqual(['AUTH-MISSING-KEY']);
    },
    afterRuns(1),
  );

  test(
    'an unknown --exclude item or --format value exits 2',
    async () => {
      const [exclude, format] = await Promise.all([
        runCli({ args: ['--exclude', 'nonsense'] }),
        runCli({ args: ['--format', 'xml'] }),
      ]);
      expect(exclude.exitCode).toBe(2);
      expect(exclude.summary?.stop?.message).toMatch(
        /^--exclude: unknown group, requirement id or check id: nonsense\./,
      );
      expect(format.exitCode).toBe(2);
      expect(format.stderr).toMatch(/--format: expected text or json, got "xml"/);
    },
    afterRuns(1),
  );
});
