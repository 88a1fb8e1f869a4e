import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../lib/http/redact.js';
import { consoleSummary } from '../../lib/report/console.js';
import { toJunitXml } from '../../lib/report/junit.js';
import type { CheckResult } from '../../lib/result/model.js';
import { summarise } from '../../lib/result/aggregate.js';
import { COVERING, ERRORED, FAILED, META, PASSED, PROPERTY, SKIPPED, sampleRun, stoppedRun } from './sample.js';

const REPORTS = { junit: 'reports/junit.xml', html: 'reports/report.html', summary: 'reports/summary.json' };
const ANSI = /\u001b\[[0-9;]*m/g;
/** The widest line in code points (an astral character is one column, not two UTF-16 units); curl lines are printed whole. */
const widest = (text: string): number =>
  Math.max(
    ...text
      .replace(ANSI, '')
      .split('\n')
      .filter((l) => !/^ {2}curl /.test(l))
      .map((l) => Array.from(l).length),
  );
const ASTRAL = '\u{1D518}\u{1F389}'; // 𝔘🎉

/** Long names, messages and URLs, and more failures than are listed. */
function crowdedRun() {
  const longUrl = `https://conformance-target.internal.example.com/v1/agents/${'A'.repeat(26)}/mutations/${'B'.repeat(26)}?page_size=100&filter=${'x'.repeat(150)}`;
  const failures: CheckResult[] = Array.from({ length: 25 }, (_, i) => ({
    ...FAILED,
    id: `f${i}`,
    group: i % 2 ? 'a-group-with-a-name-far-longer-than-any-real-group-would-ever-have' : 'mutations',
    title: `${'a very long title '.repeat(8)}${i}`,
    message: `cause ${i}: ${'word '.repeat(40)}\nsecond line`,
    evidence: {
      ...FAILED.evidence!,
      curl: `curl -sS -i -X POST '${longUrl}' -H "X-API-Key: $API_KEY" --data-raw '${'{"k":"v"}'.repeat(30)}'`,
    },
  }));
  return sampleRun([...failures, ERRORED]);
}

const BODY = `{"display_name":"${'\u{1D518}\u{1F389}x'.repeat(60)} it's ${ASTRAL}","note":"${'n'.repeat(120)}${ASTRAL}"}`;

/** A failure whose title, message and request body are long and full of astral characters. */
function astralRun() {
  const title = `display_name of 200 astral characters ${ASTRAL.repeat(30)} is accepted and read back unchanged`;
  const message = `[AGENT-DISPLAY-NAME] POST /v1/agents answered 400 for display_name ${ASTRAL.repeat(45)}x: should be rejected with code INVALID_ARGUMENT only beyond 200 characters, ${'word '.repeat(20)}end`;
  const curl = `curl -sS -i -X POST 'http://127.0.0.1:8787/v1/agents' -H 'content-type: application/json' -H "X-API-Key: $API_KEY" --data-raw '${BODY.replace(/'/g, `'\\''`)}'`;
  return sampleRun([
    {
      ...FAILED,
      id: 'astral',
      group: 'agents',
      title,
      name: `[AGENT-DISPLAY-NAME] ${title}`,
      requirements: ['AGENT-DISPLAY-NAME'],
      violated: ['AGENT-DISPLAY-NAME'],
      message,
      evidence: { ...FAILED.evidence!, method: 'POST', url: 'http://127.0.0.1:8787/v1/agents', curl },
    },
  ]);
}

/** The words bash sees in a command line, with curl replaced by printf. */
function shellWords(line: string): string[] {
  const out = spawnSync('bash', ['-c', `printf '%s\\0' ${line.replace(/^\s*curl /, '')}`], {
    env: { API_KEY: 'k' },
    encoding: 'utf8',
  });
  return out.stdout.split('\0').slice(0, -1);
}

describe('consoleSummary', () => {
  it('fits 100 columns, with and without colour, but for the curl lines', () => {
    for (const run of [sampleRun(), stoppedRun(), crowdedRun(), astralRun()]) {
      for (const color of [false, true])
        expect(widest(consoleSummary(run, { color, reports: REPORTS }))).toBeLessThanOrEqual(100);
    }
  });

  it('counts per group, lists failures with the first message line and replay, then totals, verdict and paths', () => {
    const text = consoleSummary(sampleRun(), { color: false, reports: REPORTS });
    expect(text).toMatch(/^agents\s+2\s+0\s+0\s+1\s+3$/m);
    expect(text).toMatch(/^mutations\s+0\s+1\s+0\s+0\s+1$/m);
    expect(text).toContain(
      // The check once, by id and title; the resource it was about; the ids once, with the rule.
      `FAIL ${FAILED.id}: deleting a deleted mutation succeeds\n` +
        '  at DELETE /v1/agents/01ARZ3NDEKTSV4RRFFQ69G5FAV/mutations/01BX5ZZKBKACTAV9WEVGEMMVRZ\n' +
        '  the second DELETE answered 404\n' +
        '  violated: MUTATION-DELETE-IDEMPOTENT: Deleting a mutation succeeds, and deleting it again also\n    succeeds.\n  curl ',
    );
    expect(text).not.toContain('expected a success');
    expect(text).toContain(`ERROR ${ERRORED.id}: an agent is fetched by id\n`);
    expect(text).toContain('\n  request timed out after 10000 ms\n');
    expect(text.split('MUTATION-DELETE-IDEMPOTENT').length).toBe(2);
    // Once, after the failures: how $API_KEY of the replay lines comes to hold the key.
    expect(text.split('export API_KEY=...').length).toBe(2);
    expect(text).toContain('`set -a; . ./.env; set +a`');
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
      ...FAILED,
      id: `same${i}`,
      title: `check ${i}`,
      name: `[AGENT-CREATE] check ${i}`,
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

  it('prints the replay line whole, as the exact command', () => {
    for (const check of [...crowdedRun().checks.slice(0, 1), FAILED, ...astralRun().checks]) {
      const text = consoleSummary(sampleRun([check]), { color: false });
      const replay = text.split('\n').filter((l) => l.startsWith('  curl '));
      expect(replay).toEqual([`  ${check.evidence!.curl}`]);
      const original = shellWords(check.evidence!.curl);
      expect(original).toContain('X-API-Key: k');
      expect(shellWords(replay[0]!)).toEqual(original);
    }
  });

  it('never splits an astral character: no U+FFFD, whole messages and headings, the body replayed byte for byte', () => {
    const run = astralRun();
    const text = consoleSummary(run, { color: false, reports: REPORTS });
    // Written out as UTF-8 (what stdout does), a lone surrogate would come back as U+FFFD.
    const written = Buffer.from(text, 'utf8').toString('utf8');
    expect(written).not.toContain('\uFFFD');
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    const failures = text.slice(text.indexOf('Failures and errors'), text.indexOf('Not verified'));
    expect(failures).not.toContain('…');
    const check = run.checks[0]!;
    // The heading and the first message line, wrapped: rejoined, they are whole.
    const flat = text.replace(/\n +/g, ' ').replace(/\n/g, ' ');
    expect(flat.replace(/ /g, '')).toContain(`FAIL ${check.id}: ${check.title}`.replace(/ /g, ''));
    // The first message line without the ids the heading's check carries (they follow, with the rule).
    expect(flat.replace(/ /g, '')).toContain(
      check.message!.split('\n')[0]!.replace('[AGENT-DISPLAY-NAME] ', '').replace(/ /g, ''),
    );
    expect(text).toContain('  violated: AGENT-DISPLAY-NAME: ');
    // The printed curl line, run by sh with printf in place of curl, sends exactly the original body.
    const line = text.split('\n').find((l) => l.startsWith('  curl '))!;
    const args = shellWords(line);
    expect(args[args.indexOf('--data-raw') + 1]).toBe(BODY);
    const out = spawnSync('sh', ['-c', `printf %s ${line.replace(/^\s*curl .*--data-raw /, '')}`], {
      encoding: 'buffer',
    });
    expect(out.stdout.equals(Buffer.from(BODY, 'utf8'))).toBe(true);
  });

  it('says how to run what a missing setting or the profile left out', () => {
    const skip = (i: number, skipReason: string): CheckResult => ({ ...SKIPPED, id: `s${i}`, skipReason });
    const text = consoleSummary(
      sampleRun([
        PASSED,
        skip(1, 'needs DASHBOARD_ID (not set)'),
        skip(2, 'a SHOULD convention: checked only with PROFILE=strict'),
        skip(3, 'a SHOULD convention: checked only with PROFILE=strict'),
        skip(4, 'READ_ONLY is set and this check writes'),
      ]),
      { color: false },
    );
    expect(text).toContain(
      '     2 × a SHOULD convention: checked only with PROFILE=strict: run with --profile strict\n',
    );
    expect(text).toContain('     1 × needs DASHBOARD_ID (not set): set DASHBOARD_ID to run them\n');
    expect(text).toContain(
      '     1 × READ_ONLY is set and this check writes: run without --read-only (READ_ONLY) to run them\n',
    );
  });

  it('lists the indented lines of a message, wrapped, and says how many more there are', () => {
    const lines = Array.from(
      { length: 12 },
      (_, i) => `  /components/schemas/Agent/properties/field_${i}: ${'expected string '.repeat(8)}`,
    );
    const text = consoleSummary(sampleRun([{ ...FAILED, message: `published schema mismatch\n${lines.join('\n')}` }]), {
      color: false,
    });
    expect(text).toContain('    /components/schemas/Agent/properties/field_7: expected string');
    expect(text).not.toContain('field_8:');
    expect(text).toContain('… 4 more lines in report.html');
    expect(widest(text)).toBeLessThanOrEqual(100);
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
    const text = consoleSummary(sampleRun([{ ...FAILED, message: 'x \u001b[2J console-secret-123' }]), {
      color: false,
    });
    expect(text).toContain('x \\u001b[2J [redacted]');
  });

  it('heads one cause seen at several places by its rule and what was wrong, and lists the places', () => {
    const at = (id: string, where: string, violated = ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC']): CheckResult => ({
      ...FAILED,
      id,
      violated,
      where,
      message: `[${violated.join(', ')}] ${where}: must match format "iso-utc"`,
    });
    const text = consoleSummary(
      sampleRun([
        at('a', 'POST /v1/agents /agent/create_time'),
        at('b', 'GET /v1/runs /runs/*/create_time'),
        at('c', 'listAgents (GET /v1/agents) /agents/*/create_time', ['GENERIC-TIMESTAMPS']),
      ]),
      { color: false },
    );
    expect(text).toContain('Failures and errors: 1 cause over 3 checks:');
    expect(text).toContain(
      [
        'FAIL [TIMESTAMP-ISO-UTC] must match format "iso-utc"',
        '  seen at 3 places:',
        '    POST /v1/agents /agent/create_time',
        '    GET /v1/runs /runs/*/create_time',
        '    listAgents (GET /v1/agents) /agents/*/create_time',
      ].join('\n'),
    );
    // Every check of the cause once, by id and title.
    expect(text).toMatch(/\n {2}3 checks failed for this cause:\n {4}a: .*\n {4}b: .*\n {4}c: /);
  });

  it('a violation whose rule reads as the check title names the rule by id alone', () => {
    const text = consoleSummary(
      sampleRun([{ ...FAILED, title: 'Deleting a mutation succeeds, and deleting it again also succeeds' }]),
      { color: false },
    );
    expect(text).toContain('  violated: MUTATION-DELETE-IDEMPOTENT\n');
  });

  it('says in the verdict line that the target was the embedded reference service', () => {
    const embedded = summarise(COVERING, { ...META, target: { baseUrl: 'http://127.0.0.1:4000', embedded: true } });
    expect(consoleSummary(embedded, { color: false })).toContain(
      'Verdict: CONFORMANT against the embedded reference service, no target named (exit code 0)',
    );
    expect(consoleSummary(summarise(COVERING, META), { color: false })).toContain('Verdict: CONFORMANT (exit code 0)');
  });

  it('shows the seed of a failed property, as the option that repeats it', () => {
    const text = consoleSummary(sampleRun([{ ...PROPERTY, outcome: 'fail', message: 'x' }]), { color: false });
    expect(text).toContain(`Seed ${PROPERTY.seed}: 1 failed property check; --seed ${PROPERTY.seed} (SEED) repeats it`);
    expect(consoleSummary(sampleRun([PROPERTY]), { color: false })).not.toContain('failed property');
  });

  it("shows the run's seed as the command that repeats the run, and the failed properties it drew", () => {
    const run = (seed: string, selection = META.selection) =>
      summarise([{ ...PROPERTY, outcome: 'fail', message: 'x', seed: 7 }], {
        ...META,
        settings: { ...META.settings, seed },
        selection,
      });
    const text = consoleSummary(run('7', { ...META.selection, only: ['auth'], grep: "it's" }), { color: false });
    expect(text).toContain(
      "\nSeed 7: npx aes-conformance --seed 7 --only auth --grep 'it'\\''s' repeats this run\n  1 failed property check drew from it\n",
    );
    expect(consoleSummary(run('7 | 8'), { color: false })).toContain(
      "Seeds 7 | 8: the merged runs differ; each shard's own summary repeats it",
    );
  });

  it('a run a throttling target stopped part-way shows what ran, and its verdict says it was throttled', () => {
    const run = summarise([PASSED, FAILED], {
      ...META,
      stop: { kind: 'throttled', message: 'The target answered every request with back-pressure for 60 s' },
    });
    const text = consoleSummary(run, { color: false });
    expect(text).toContain('Conformance summary:');
    expect(text).toContain('Verdict: STOPPED: THROTTLED (exit code 2)');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'back-pressure for 60 s; 1 check passed, 1 failed, 0 errored, 0 skipped before it stopped',
    );
    expect(toJunitXml(run)).toContain('the run stopped: the target answered only with back-pressure');
  });

  it('an interrupted run shows what ran, and its verdict says it was interrupted', () => {
    const run = summarise([PASSED, { ...ERRORED, message: 'not run: the run was interrupted by SIGTERM' }], {
      ...META,
      stop: { kind: 'interrupted', signal: 'SIGTERM', message: 'interrupted by SIGTERM' },
    });
    const text = consoleSummary(run, { color: false });
    expect(text).toContain('Verdict: INTERRUPTED (exit code 143)');
    expect(text).toMatch(/interrupted by SIGTERM; 1 check passed, 0 failed, 1 errored, 0 skipped before it stopped/);
    expect(text).toContain('Totals: 2 checks');
  });
});

describe('one total, labelled', () => {
  it('the totals say how many checks were declared (as the progress counts) and how many the run added', () => {
    const added = { ...FAILED, id: 'run::published-schema::GET /v1/personas', title: 'responses match' };
    expect(consoleSummary(sampleRun([PASSED, FAILED, added]), { color: false })).toContain(
      'Totals: 3 checks (2 declared + 1 added by the run: run::…):',
    );
    expect(consoleSummary(sampleRun([PASSED, FAILED]), { color: false })).toContain('Totals: 2 checks: ');
  });
});
