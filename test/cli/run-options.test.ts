// --verbose, --max-failures and --grep on the real binary, against the reference on loopback (with a
// fault switched on where checks must fail).

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { runCli } from '../support/run-cli.js';

/** Not about time: bounded only against a hang of the child runs. */
const BOUND = 300_000;

let reference: RunningReference;
let faulty: RunningReference;
let localTime: RunningReference;
beforeAll(async () => {
  [reference, faulty, localTime] = await Promise.all([
    startReference(),
    startReference({ faults: ['auth-details-missing'] }),
    startReference({ faults: ['timestamps-not-utc'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([reference.close(), faulty.close(), localTime.close()]);
});

test(
  '--verbose: one line per request on stderr (method, path, status, time), never the key',
  async () => {
    const run = await runCli({
      env: referenceEnvironment(reference),
      args: ['--only', 'AUTH-MISSING-KEY', '--verbose'],
    });
    expect(run.exitCode).toBe(0);
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines)
      expect(line).toMatch(
        /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/\S* (\d{3}|no answer) \d+ ms( \(\d+ retr(y|ies)\))?$/,
      );
    expect(lines.some((line) => line.startsWith('GET /v1/personas?page_size=1 200 '))).toBe(true);
    expect(run.stderr).not.toContain(reference.apiKey);
    expect(run.stdout).not.toMatch(/^GET \/v1/m);
  },
  BOUND,
);

describe('--max-failures', () => {
  test(
    'stops after N failing checks: the rest not run, every report says the run is partial, exit 1',
    async () => {
      const run = await runCli({ env: referenceEnvironment(faulty), args: ['--max-failures', '2'], keepReports: true });
      try {
        expect(run.exitCode).toBe(1);
        expect(run.summary).toMatchObject({ verdict: 'violations', selection: { stoppedAfterFailures: 2 } });
        expect(run.summary!.counts.fail).toBeGreaterThanOrEqual(2);
        // The whole suite against this fault leaves one requirement unverified; cut short, it leaves many: their
        // checks not run are errors (every file is collected before any check runs), or none was collected.
        const unverified = run.summary!.requirements.filter((r) => r.outcome === 'error').length;
        expect(unverified + run.summary!.untested.length).toBeGreaterThan(20);
        const said = 'stopped after 2 failing checks (--max-failures), the rest not run';
        expect(run.stdout.replace(/\s+/g, ' ')).toContain(said);
        const [junit, html] = await Promise.all(
          ['junit.xml', 'report.html'].map((f) => readFile(join(run.reportDir, f), 'utf8')),
        );
        expect(junit).toContain(said);
        expect(html!.replace(/\s+/g, ' ')).toContain(said);
      } finally {
        await rm(run.reportDir, { recursive: true, force: true });
      }
    },
    BOUND,
  );

  test(
    'not reached: the run is whole and says nothing of it',
    async () => {
      const run = await runCli({
        env: referenceEnvironment(reference),
        args: ['--only', 'AUTH-MISSING-KEY', '--max-failures', '1'],
      });
      expect(run.exitCode).toBe(0);
      expect(run.summary!.selection).not.toHaveProperty('stoppedAfterFailures');
    },
    BOUND,
  );
});

describe('--grep', () => {
  test(
    'runs only the checks whose id or title matches (any case); the run is partial and says --grep',
    async () => {
      const run = await runCli({
        env: referenceEnvironment(reference),
        args: ['--grep', 'MISSING-KEY\\.get-v1-personas$|unknown key'],
      });
      expect(run.exitCode).toBe(0);
      const ids = run.summary!.checks.map((c) => c.id);
      expect(ids).toContain('auth.missing-key.get-v1-personas');
      expect(ids).not.toContain('auth.missing-key.post-v1-agents');
      const grep = /MISSING-KEY\.get-v1-personas$|unknown key/i;
      // Beside them, what the run saw on the way is still judged (settled checks, `run::…`): a filter never hides a fault.
      expect(run.summary!.checks.every((c) => grep.test(c.id) || grep.test(c.name) || c.id.startsWith('run::'))).toBe(
        true,
      );
      expect(run.summary).toMatchObject({
        verdict: 'passed-partial',
        selection: { grep: 'MISSING-KEY\\.get-v1-personas$|unknown key' },
      });
      expect(run.stdout).toContain('--grep');
    },
    BOUND,
  );

  test(
    '--list with --grep (and --exclude) lists exactly the checks a run of the same options runs',
    async () => {
      const options = [
        '--grep',
        'missing-key\\.(get|post)-v1-agents|unknown key',
        '--exclude',
        'auth.missing-key.post-v1-agents',
      ];
      const [list, text, run] = await Promise.all([
        runCli({ args: ['--list', '--format', 'json', ...options] }),
        runCli({ args: ['--list', ...options] }),
        runCli({ env: referenceEnvironment(reference), args: options }),
      ]);
      expect([list.exitCode, text.exitCode, run.exitCode]).toEqual([0, 0, 0]);
      const listed = (JSON.parse(list.stdout) as { checks: Array<{ id: string }> }).checks.map((c) => c.id);
      const ran = run.summary!.checks.map((c) => c.id).filter((id) => !id.startsWith('run::'));
      expect(listed.length).toBeGreaterThan(1);
      expect(listed).not.toContain('auth.missing-key.post-v1-agents');
      expect([...listed].sort()).toEqual([...ran].sort());
      expect(text.stdout.split('\n', 1)[0]).toBe(
        `Selected by --exclude auth.missing-key.post-v1-agents --grep ${options[1]}: ${/ \d+ of \d+ requirements/.exec(text.stdout)?.[0].trim()}, ${listed.length} of ${/of (\d+) checks/.exec(text.stdout)?.[1]} checks.`,
      );
    },
    BOUND,
  );

  test(
    'a pattern that is no regular expression stops the run (exit 2)',
    async () => {
      const run = await runCli({ env: referenceEnvironment(reference), args: ['--grep', '(unclosed'] });
      expect(run.exitCode).toBe(2);
      expect(run.stdout + run.stderr).toContain('--grep: "(unclosed" is no regular expression');
    },
    BOUND,
  );
});

test(
  '--summary-md writes the Markdown summary; $GITHUB_STEP_SUMMARY is appended to; the key is in neither',
  async () => {
    const run = await runCli({
      env: { ...referenceEnvironment(faulty), GITHUB_STEP_SUMMARY: 'step-summary.md' },
      args: ['--only', 'auth', '--summary-md', 'out/summary.md'],
      files: { 'step-summary.md': '# an earlier step\n' },
      keepReports: true,
    });
    try {
      expect(run.exitCode).toBe(1);
      const [md, step] = await Promise.all(
        ['out/summary.md', 'step-summary.md'].map((f) => readFile(join(run.reportDir, f), 'utf8')),
      );
      expect(md!).toMatch(/^## ❌ NOT CONFORMANT\n/);
      expect(md!).toContain(`| ${run.summary!.counts.pass} | ${run.summary!.counts.fail} |`);
      expect(md!).toMatch(/#### FAIL /);
      expect(md!).toMatch(/```sh\ncurl -sS -i /);
      expect(Buffer.byteLength(md!)).toBeLessThan(64_000);
      expect(step).toBe(`# an earlier step\n${md}`);
      expect(md!).not.toContain(faulty.apiKey);
      expect(run.stdout).toContain('Markdown summary: out/summary.md, step-summary.md');
      // The console's failure heading: the check once, by id and title, then the resource of its failing exchange.
      const failures = run.stdout.slice(
        run.stdout.indexOf('Failures and errors'),
        run.stdout.indexOf('\nNot verified'),
      );
      const [, id] = /^FAIL (\S+): /m.exec(failures) ?? [];
      const example = run.summary!.checks.find((c) => c.id === id && c.outcome === 'fail')!;
      const title = example.name.replace(/^\[[^\]]*\] /, '');
      const flat = failures.replace(/\n {2,}/g, ' ');
      expect(flat).toMatch(
        new RegExp(`\\nFAIL ${id}: ${title.replace(/[{}]/g, '\\$&')} at (GET|POST|PATCH|DELETE) /v1/\\S* `),
      );
      expect(flat.split(title)).toHaveLength(2);
      // The rule's id once, with its text: not in brackets before the heading or the message.
      expect(failures.split('AUTH-DETAILS-HEADER')).toHaveLength(2);
      for (const c of run.summary!.checks) expect(failures.split(`${c.id}: `).length).toBeLessThanOrEqual(2);
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  },
  BOUND,
);

test(
  'a schema or format violation quotes the offending value, and stays one cause whatever the values',
  async () => {
    const run = await runCli({ env: referenceEnvironment(localTime), args: ['--only', 'agents'] });
    expect(run.exitCode).toBe(1);
    const got = /\n {4}got "\d{4}-\d\d-\d\dT[\d:.]+\+02:00" at \/agents?\/\S*create_time\n/;
    expect(run.stdout).toMatch(got);
    expect(run.stdout).toMatch(/: must match format "iso-utc"\n {4}got /);
    const failed = run.summary!.checks.filter((c) => c.violated?.includes('TIMESTAMP-ISO-UTC'));
    expect(failed.length).toBeGreaterThan(1);
    expect(failed.every((c) => /\n {2}got "[^"]+" at \//.test(c.message!))).toBe(true);
    expect(run.stdout).toContain(`Failures and errors: 1 cause over ${run.summary!.counts.fail} checks:`);
    expect(run.stdout).not.toContain(localTime.apiKey);
  },
  BOUND,
);

/** A command line as the shell splits it: words, and single-quoted words (`'\\''` a quote inside). */
const shellWords = (line: string): string[] =>
  [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => m[2] ?? m[1]!.replace(/'\\''/g, "'"));

test(
  'the seed in the console and the Markdown summary, as the command that repeats the run',
  async () => {
    const args = ['--seed', '4242', '--only', 'auth', '--grep', "missing key|it's"];
    const run = await runCli({
      env: referenceEnvironment(reference),
      args: [...args, '--summary-md', 'summary.md'],
      keepReports: true,
    });
    try {
      expect(run.exitCode).toBe(0);
      const command = `npx aes-conformance --seed 4242 --only auth --grep 'missing key|it'\\''s'`;
      expect(run.stdout).toContain(`\nSeed 4242: ${command} repeats this run\n`);
      expect(await readFile(join(run.reportDir, 'summary.md'), 'utf8')).toContain(
        `Seed \`4242\`; this repeats the run:\n\n\`\`\`sh\n${command}\n\`\`\`\n`,
      );
      // The command, as the shell reads it, is the run's options: run again, it runs the same checks.
      expect(shellWords(command).slice(2)).toEqual(args);
      const again = await runCli({ env: referenceEnvironment(reference), args: shellWords(command).slice(2) });
      const ids = (r: typeof run) => r.summary!.checks.map((c) => c.id).sort();
      expect(ids(again)).toEqual(ids(run));
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  },
  BOUND,
);

test(
  'every configuration error in one report: settings, selection and waiver file, one a line (exit 2)',
  async () => {
    const run = await runCli({
      env: { ...referenceEnvironment(reference), NUM_RUNS: 'many', WAIVERS: 'no-such-waivers.yaml' },
      args: ['--exclude', 'no-such-group', '--profile', 'Strict'],
    });
    expect(run.exitCode).toBe(2);
    const lines = run.summary!.stop!.message.split('\n');
    expect(lines.some((l) => l.startsWith('NUM_RUNS must be an integer'))).toBe(true);
    expect(lines.some((l) => l.includes('no-such-group'))).toBe(true);
    expect(lines.some((l) => l.includes('no-such-waivers.yaml'))).toBe(true);
    // Enumerated settings take any case: `Strict` is no error.
    expect(run.summary!.stop!.message).not.toContain('PROFILE');
  },
  BOUND,
);
