import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../lib/http/redact.js';
import { consoleSummary } from '../../lib/report/console.js';
import type { CheckResult } from '../../lib/report/model.js';
import { ERRORED, FAILED, PASSED, SKIPPED, sampleRun, stoppedRun } from './sample.js';

const REPORTS = { junit: 'reports/junit.xml', html: 'reports/report.html', summary: 'reports/summary.json' };
const ANSI = /\u001b\[[0-9;]*m/g;
const widest = (text: string): number => Math.max(...text.replace(ANSI, '').split('\n').map((l) => l.length));

/** Long names, messages and URLs, and more failures than are listed. */
function crowdedRun() {
  const longUrl = `https://conformance-target.internal.example.com/v1/agents/${'A'.repeat(26)}/mutations/${'B'.repeat(26)}?page_size=100&filter=${'x'.repeat(150)}`;
  const failures: CheckResult[] = Array.from({ length: 25 }, (_, i) => ({
    ...FAILED,
    id: `f${i}`,
    group: i % 2 ? 'a-group-with-a-name-far-longer-than-any-real-group-would-ever-have' : 'mutations',
    title: `${'a very long title '.repeat(8)}${i}`,
    message: `cause ${i}: ${'word '.repeat(40)}\nsecond line`,
    evidence: { ...FAILED.evidence!, curl: `curl -sS -i -X POST '${longUrl}' -H "X-API-Key: $API_KEY" --data-raw '${'{"k":"v"}'.repeat(30)}'` },
  }));
  return sampleRun([...failures, ERRORED]);
}

/** The words bash sees in a command line, with curl replaced by printf. */
function shellWords(line: string): string[] {
  const out = spawnSync('bash', ['-c', `printf '%s\\0' ${line.replace(/^\s*curl /, '')}`], { env: { API_KEY: 'k' }, encoding: 'utf8' });
  return out.stdout.split('\0').slice(0, -1);
}

describe('consoleSummary', () => {
  it('fits 100 columns, with and without colour', () => {
    for (const run of [sampleRun(), stoppedRun(), crowdedRun()]) {
      for (const color of [false, true]) expect(widest(consoleSummary(run, { color, reports: REPORTS }))).toBeLessThanOrEqual(100);
    }
  });

  it('counts per group, lists failures with the first message line and replay, then totals, verdict and paths', () => {
    const text = consoleSummary(sampleRun(), { color: false, reports: REPORTS });
    expect(text).toMatch(/^agents\s+2\s+0\s+0\s+1\s+3$/m);
    expect(text).toMatch(/^mutations\s+0\s+1\s+0\s+0\s+1$/m);
    expect(text).toContain('FAIL [MUTATION-DELETE-IDEMPOTENT] deleting a deleted mutation succeeds\n  the second DELETE answered 404\n  curl ');
    expect(text).not.toContain('expected a success');
    expect(text).toContain('ERROR [AGENT-GET] an agent is fetched by id\n  request timed out after 10000 ms\n');
    expect(text).not.toContain('at Client.send');
    expect(text).toContain('Totals: 5 checks: 2 pass, 1 fail, 1 skip, 1 error');
    expect(text).toContain('Verdict: NOT CONFORMANT (exit code 1)');
    expect(text).toContain('  reports/summary.json');
    expect(text).not.toMatch(ANSI);
  });

  it('lists at most 20 causes', () => {
    const text = consoleSummary(crowdedRun(), { color: false });
    expect(text.match(/^FAIL /gm)).toHaveLength(20);
    expect(text).toContain('26 causes over 26 checks (first 20 causes');
  });

  it('groups failures that share a cause: one heading, the count and the other checks named', () => {
    const same = Array.from({ length: 30 }, (_, i): CheckResult => ({
      ...FAILED, id: `same${i}`, title: `check ${i}`, name: `[AGENT-CREATE] check ${i}`,
      message: `[SCHEMA-CANONICAL] GET /v1/runs answered 200 with a body that is not a JSON object (${1000 + i} bytes)`,
    }));
    const text = consoleSummary(sampleRun([...same, FAILED]), { color: false });
    expect(text).toContain('Failures and errors: 2 causes over 31 checks:');
    expect(text.match(/^FAIL /gm)).toHaveLength(2);
    expect(text).toContain('30 checks failed for this cause; also:');
    expect(text).toContain('and 26 more');
  });

  it('says why checks were skipped, and what a partial run left unverified', () => {
    const text = consoleSummary(sampleRun([PASSED, SKIPPED]), { color: false });
    expect(text).toMatch(/Skipped, by reason:\n +1 × SCHEDULED_RUN_ID is not set/);
    expect(text).toMatch(/Not verified \(\d+ required requirements; the run is partial\):/);
    expect(text).toContain('Verdict: PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT (exit code 0)');
  });

  it('wraps the replay line so that it still pastes into a shell', () => {
    for (const check of crowdedRun().checks.slice(0, 1).concat(FAILED)) {
      const text = consoleSummary(sampleRun([check]), { color: false });
      const replay = /^ {2}curl [\s\S]*?(?=\n\n|\nRequirements)/m.exec(text)?.[0] ?? '';
      expect(replay.split('\n').length).toBeGreaterThan(1);
      const original = shellWords(check.evidence!.curl);
      expect(original).toContain('X-API-Key: k');
      expect(shellWords(replay)).toEqual(original);
    }
  });

  it('shows why a stopped run stopped', () => {
    const text = consoleSummary(stoppedRun(), { color: false });
    expect(text).toContain('Verdict: STOPPED (exit code 2)');
    expect(text).toContain('the run stopped (unauthenticated): the target rejected API_KEY (401 UNAUTHENTICATED)');
    // The reason leads: no all-zero table or untested count before it.
    expect(text.split('\n').slice(0, 3).join('\n')).toMatch(/^Conformance run stopped: .*\n\nVerdict: STOPPED/);
    expect(text).not.toContain('untested');
  });

  it('keeps terminal escapes and secrets out', () => {
    registerSecret('console-secret-123');
    const text = consoleSummary(sampleRun([{ ...FAILED, message: 'x \u001b[2J console-secret-123' }]), { color: false });
    expect(text).toContain('x \\u001b[2J [redacted]');
  });
});
