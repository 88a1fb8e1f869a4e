// The waiver file: strict parsing, and what waivers do to a run's checks, verdict and exit code.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import { newAjv } from '../../lib/schema/ajv.js';
import { summarise, verdictOf } from '../../lib/result/aggregate.js';
import { toJunitXml } from '../../lib/report/junit.js';
import { toHtml } from '../../lib/report/html.js';
import { consoleSummary } from '../../lib/report/console.js';
import { mergeSummaries } from '../../lib/report/merge.js';
import type { CheckResult } from '../../lib/result/model.js';
import { SUMMARY_SCHEMA, toSummaryJson } from '../../lib/report/summary-json.js';
import { applyWaivers, loadWaivers, parseWaivers } from '../../lib/waivers/waivers.js';
import { COVERING, FAILED, META, PASSED } from '../report/sample.js';

const FILE = 'conformance.waivers.yaml';
const parse = (text: string) => parseWaivers(text, FILE);
const refusal = (text: string): string => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('parseWaivers', () => {
  it('reads requirement and check entries, with and without expiry', () => {
    const file = parse(`waivers:
  - requirement: mutation-delete-idempotent
    reason: AES-123, fixed in 2.4
    expires: 2030-01-31
  - check: agents.create.returns-it
    reason: flaky upstream
`);
    expect(file.waivers).toEqual([
      { requirement: 'MUTATION-DELETE-IDEMPOTENT', reason: 'AES-123, fixed in 2.4', expires: '2030-01-31' },
      { check: 'agents.create.returns-it', reason: 'flaky upstream' },
    ]);
  });

  it('accepts an empty file and an empty list', () => {
    expect(parse('').waivers).toEqual([]);
    expect(parse('waivers: []\n').waivers).toEqual([]);
  });

  it.each([
    [
      'waivers:\n  - requirement: NO-SUCH-RULE\n    reason: x\n',
      /conformance\.waivers\.yaml: entry 1: unknown requirement id "NO-SUCH-RULE"/,
    ],
    ['waivers:\n  - requirement: AGENT-CREATE\n', /entry 1 \(AGENT-CREATE\): `reason` is missing/],
    ['waivers:\n  - requirement: AGENT-CREATE\n    reason: "  "\n', /`reason` is missing or empty/],
    [
      'waivers:\n  - requirement: AGENT-CREATE\n    reason: x\n    expires: 2030-02-30\n',
      /entry 1 \(AGENT-CREATE\): `expires` must be a date YYYY-MM-DD, not "2030-02-30"/,
    ],
    ['waivers:\n  - requirement: AGENT-CREATE\n    reason: x\n    expires: 31/01/2030\n', /`expires` must be a date/],
    ['waivers:\n  - requirement: AGENT-CREATE\n    reason: x\n    until: 2030-01-01\n', /entry 1: unknown key "until"/],
    ['waiver:\n  - requirement: AGENT-CREATE\n', /unknown key "waiver"/],
    ['waivers:\n  - requirement: AGENT-CREATE\n    check: a.b\n    reason: x\n', /exactly one of `requirement`/],
    ['waivers:\n  - check: agents\n    reason: x\n', /check id/],
    [
      'waivers:\n  - check: "suites/agents.suite.ts::[AGENT-CREATE] a title"\n    reason: x\n',
      /lowercase dotted words/,
    ],
    [
      'waivers:\n  - requirement: AGENT-CREATE\n    reason: x\n  - requirement: agent-create\n    reason: y\n',
      /entry 2 \(AGENT-CREATE\): the same requirement as entry 1/,
    ],
    ['waivers: [\n', /not valid YAML/],
    ['- requirement: AGENT-CREATE\n', /expected a mapping/],
  ])('refuses %j', (text, message) => {
    const refused = refusal(text);
    expect(refused).toMatch(message);
    expect(refused).not.toContain('\n');
  });

  it('loads the default file only when present; a named file must exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aes-waivers-'));
    try {
      expect(loadWaivers(undefined, dir)).toBeUndefined();
      expect(() => loadWaivers('missing.yaml', dir)).toThrow(/waivers: cannot read missing\.yaml: ENOENT/);
      await writeFile(join(dir, FILE), 'waivers:\n  - requirement: AGENT-CREATE\n    reason: x\n');
      expect(loadWaivers(undefined, dir)?.waivers).toHaveLength(1);
      expect(loadWaivers('', dir)?.file).toBe(FILE);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const waive = (text: string, checks: readonly CheckResult[], today = '2030-01-15') =>
  applyWaivers(checks, parse(text), today);
const waiverOf = (id: string, extra = ''): string =>
  `waivers:\n  - requirement: ${id}\n    reason: known, AES-1\n${extra}`;

// A run that verified everything except the one rule FAILED breaks.
const ALL_BUT_FAILED = [...COVERING.filter((c) => !c.requirements.includes('MUTATION-DELETE-IDEMPOTENT')), FAILED];

describe('applyWaivers', () => {
  it('a waived failure stays a failure, marked waived; the run exits 0 but is only a partial pass', () => {
    const { checks, report } = waive(
      waiverOf('MUTATION-DELETE-IDEMPOTENT', '    expires: 2030-01-15\n'),
      ALL_BUT_FAILED,
    );
    const failed = checks.find((c) => c.id === FAILED.id)!;
    expect(failed.outcome).toBe('fail');
    expect(failed.waived).toEqual({
      by: ['MUTATION-DELETE-IDEMPOTENT'],
      reason: 'known, AES-1',
      expires: '2030-01-15',
    });
    expect(report).toMatchObject({ file: FILE, entries: 1, waived: 1, expired: [], stale: [] });
    const run = summarise(checks, { ...META, waivers: report });
    expect(run.exitCode).toBe(0);
    expect(run.counts.fail).toBe(1);
    expect(verdictOf(run)).toBe('passed-partial');
    expect(run.untested).toEqual([
      { id: 'MUTATION-DELETE-IDEMPOTENT', level: 'MUST', reason: 'failed, waived until 2030-01-15: known, AES-1' },
    ]);
    expect(run.requirements.find((r) => r.id === 'MUTATION-DELETE-IDEMPOTENT')?.outcome).toBe('fail');
  });

  it('an expired waiver waives nothing and is reported with the failures it covered', () => {
    const { checks, report } = waive(
      waiverOf('MUTATION-DELETE-IDEMPOTENT', '    expires: 2030-01-14\n'),
      ALL_BUT_FAILED,
    );
    expect(checks.find((c) => c.id === FAILED.id)?.waived).toBeUndefined();
    expect(report.expired).toEqual([
      {
        requirement: 'MUTATION-DELETE-IDEMPOTENT',
        reason: 'known, AES-1',
        expires: '2030-01-14',
        failures: [FAILED.id],
      },
    ]);
    const run = summarise(checks, { ...META, waivers: report });
    expect(run.exitCode).toBe(1);
    expect(verdictOf(run)).toBe('violations');
  });

  it('a waiver whose checks ran and passed is stale; one whose checks did not run is not', () => {
    const { report } = waive(
      `waivers:
  - requirement: AGENT-CREATE
    reason: was broken
  - requirement: SCHEDULED-RUN-GET
    reason: not run here
`,
      [PASSED],
    );
    expect(report.stale).toEqual([{ requirement: 'AGENT-CREATE', reason: 'was broken' }]);
    const run = summarise([PASSED], { ...META, waivers: report });
    // A stale waiver does not change the exit code: the target got better.
    expect(run.exitCode).toBe(0);
  });

  it('a waiver of one rule never silences another rule broken by the same check', () => {
    const both = { ...FAILED, violated: ['MUTATION-DELETE-IDEMPOTENT', 'AGENT-CREATE'] };
    const { checks } = waive(waiverOf('MUTATION-DELETE-IDEMPOTENT'), [both]);
    expect(checks[0]?.waived).toBeUndefined();
    // Nor does a waiver of the check: it answers for the check's own rules, not for another rule it broke.
    const checkWaiver = `waivers:\n  - check: ${JSON.stringify(FAILED.id)}\n    reason: this check\n`;
    const byCheck = waive(checkWaiver, [both]);
    expect(byCheck.checks[0]?.waived).toBeUndefined();
    expect(byCheck.report).toMatchObject({ waived: 0, stale: [] });
    expect(waive(checkWaiver, [FAILED]).checks[0]?.waived?.by).toEqual([`check ${FAILED.id}`]);
    // The other rule waived too, both are answered for.
    const both2 = waive(`${checkWaiver}  - requirement: AGENT-CREATE\n    reason: other ticket\n`, [both]).checks[0]
      ?.waived;
    expect(both2).toEqual({ by: [`check ${FAILED.id}`, 'AGENT-CREATE'], reason: 'this check; other ticket' });
  });

  it('an expired waiver lists only the failures it answered for that no other waiver still waives', () => {
    const other = { ...FAILED, id: `${FAILED.id}.again`, violated: ['MUTATION-DELETE-IDEMPOTENT', 'AGENT-CREATE'] };
    const findingOnly = { ...FAILED, id: `${FAILED.id}.finding`, violated: ['AGENT-CREATE'] };
    const { report } = waive(
      `waivers:
  - requirement: MUTATION-DELETE-IDEMPOTENT
    reason: long ago
    expires: 2020-01-01
  - check: ${JSON.stringify(FAILED.id)}
    reason: this check still
  - check: ${JSON.stringify(findingOnly.id)}
    reason: expired too
    expires: 2020-01-01
`,
      [FAILED, other, findingOnly],
    );
    // FAILED is still waived by its check waiver; findingOnly never violated MUTATION-DELETE-IDEMPOTENT.
    expect(report.expired.find((e) => e.requirement)?.failures).toEqual([other.id]);
    // A check waiver does not answer for a rule that is not the check's own.
    expect(report.expired.find((e) => e.check)?.failures).toEqual([]);
  });

  it('a check waiver whose id matches no check of a run that surely declared it matches no check (not stale); otherwise it says nothing', () => {
    const removed = 'agents.create.returned-it';
    const text = `waivers:\n  - check: ${removed}\n    reason: r\n`;
    expect(waive(text, [PASSED]).report).toMatchObject({ stale: [], unmatched: [{ check: removed, reason: 'r' }] });
    // `--only AGENT-GET`, a shard: the run may have left the check out, so its absence says nothing.
    expect(applyWaivers([PASSED], parse(text), '2030-01-15', { declared: () => false }).report).not.toHaveProperty(
      'unmatched',
    );
    expect(
      applyWaivers([PASSED], parse(text), '2030-01-15', { declared: (id) => id === removed }).report.unmatched,
    ).toEqual([{ check: removed, reason: 'r' }]);
    // The text reports say so in those words.
    const run = summarise([PASSED], { ...META, waivers: waive(text, [PASSED]).report });
    expect(consoleSummary(run, { color: false })).toContain(`UNMATCHED check ${removed}: matches no check`);
    // The run's own checks exist only when seen: a waiver of one that is absent is neither stale nor unmatched.
    const runCheck = waive('waivers:\n  - check: "run::agents::[AGENT-CREATE] a finding"\n    reason: r\n', [
      PASSED,
    ]).report;
    expect(runCheck).toMatchObject({ stale: [] });
    expect(runCheck).not.toHaveProperty('unmatched');
    // Expired, it is reported as expired only.
    const expired = waive(`waivers:\n  - check: ${removed}\n    reason: r\n    expires: 2020-01-01\n`, [PASSED]).report;
    expect(expired).toMatchObject({ stale: [], expired: [{ check: removed, failures: [] }] });
    expect(expired).not.toHaveProperty('unmatched');
  });

  it('errors are never waived', () => {
    const errored: CheckResult = { ...FAILED, outcome: 'error', violated: undefined };
    const { checks, report } = waive(waiverOf('MUTATION-DELETE-IDEMPOTENT'), [errored]);
    expect(checks[0]?.waived).toBeUndefined();
    expect(report.stale).toEqual([]);
  });

  it('every report shows waived failures and stale or expired waivers', () => {
    const { checks, report } = waive(
      `waivers:
  - requirement: MUTATION-DELETE-IDEMPOTENT
    reason: known, AES-1
  - requirement: AGENT-CREATE
    reason: was broken
  - requirement: AGENT-GET
    reason: long ago
    expires: 2020-01-01
`,
      [PASSED, FAILED],
    );
    const run = summarise(checks, { ...META, waivers: report });
    const summary = JSON.parse(toSummaryJson(run)) as Record<string, unknown>;
    expect(newAjv().compile(SUMMARY_SCHEMA)(summary)).toBe(true);
    expect(summary['waivers']).toMatchObject({
      waived: 1,
      stale: [{ requirement: 'AGENT-CREATE' }],
      expired: [{ requirement: 'AGENT-GET', failures: [] }],
    });
    const junit = toJunitXml(run);
    expect(junit).toContain('type="WaivedFailure"');
    expect(junit).toMatch(/<testsuites[^>]* failures="0"/);
    expect(junit).toContain(
      '<property name="stale_waiver" value="AGENT-CREATE: no failure of this run needed it; remove the waiver"/>',
    );
    expect(junit).toContain('<property name="expired_waiver" value="AGENT-GET (expired 2020-01-01)"/>');
    const text = consoleSummary(run, { color: false });
    expect(text).toMatch(/Waivers \(conformance\.waivers\.yaml, 3 entries\):\s+1\s+waived\s+failure\s/);
    expect(text).toContain('STALE AGENT-CREATE');
    expect(text).toContain(
      'FAIL (WAIVED) mutations.deleting-a-deleted-mutation-succeeds: deleting a deleted mutation succeeds',
    );
    const html = toHtml(run);
    expect(html).toContain('id="waivers"');
    expect(html).toContain('STALE AGENT-CREATE');
  });

  it("a merge keeps the runs' waiver marks, or applies the waiver file given to it afresh", () => {
    const { checks, report } = waive(waiverOf('MUTATION-DELETE-IDEMPOTENT'), [PASSED, FAILED]);
    const summary = JSON.parse(toSummaryJson(summarise(checks, { ...META, waivers: report })));
    const kept = mergeSummaries([{ source: 'a', summary }]);
    expect(kept.exitCode).toBe(0);
    expect(kept.waivers?.waived).toBe(1);
    const expired = mergeSummaries(
      [{ source: 'a', summary }],
      parse(waiverOf('MUTATION-DELETE-IDEMPOTENT', '    expires: 2020-01-01\n')),
      '2030-01-01',
    );
    expect(expired.exitCode).toBe(1);
    expect(expired.waivers?.expired).toHaveLength(1);
  });
});
