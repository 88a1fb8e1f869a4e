// The command line as a user meets it: clear stops with exit code 2 and a report,
// never the key in any output.

import { createServer } from 'node:net';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReferenceService } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { ROOT, type Summary, runCli } from '../support/run-cli.js';
import { spawn } from 'node:child_process';

let reference: RunningReference;

// Nothing here is about time, and the machine may be busy (the rest of `npm test` beside it):
// runCli kills a child that outlives its default bound, and a test allows each run it waits
// for one after another that long, so only a run that does not end fails a test on time.
const CHILD_KILL_MS = 120_000;
const afterRuns = (sequential: number): number => sequential * CHILD_KILL_MS + 30_000;

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

/** A pass-through HTTP proxy in front of `target` that records every request as `METHOD /path -> status`. */
async function recordingProxy(target: string): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createHttpServer((req, res) => {
    const upstream = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        requests.push(`${req.method} ${req.url} -> ${answer.statusCode}`);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The requirement ids a check's name leads with. */
const idsOf = (name: string): string[] => /^\[([^\]]*)\]/.exec(name)?.[1]?.split(', ') ?? [];
const fileOf = (check: { file: string }): string => check.file;

/** The run's own checks: one per operation whose responses were compared with the published schema. */
const publishedSchemaChecks = (summary: Summary): number =>
  summary.checks.filter((c) => c.id.startsWith('run::published-schema::')).length;

async function reportTexts(dir: string): Promise<string> {
  const files = await readdir(dir);
  return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
}

describe('aes-conformance', () => {
  test(
    'a wrong key stops the run with one clear message, exit 2 and a report',
    async () => {
      const run = await runCli({
        env: { ...referenceEnvironment(reference), API_KEY: 'wrong-key-for-the-test-0000' },
        keepReports: true,
      });
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
    },
    afterRuns(1),
  );

  test(
    'an unreachable target stops the run with exit 2',
    async () => {
      const run = await runCli({ env: { BASE_URL: `http://127.0.0.1:${await deadPort()}`, API_KEY: 'k-unreachable' } });
      expect(run.exitCode).toBe(2);
      expect(run.summary?.stop?.kind).toBe('unreachable');
      expect(run.stdout).toMatch(/cannot be reached[\s\S]*connection refused/);
    },
    afterRuns(1),
  );

  test(
    'a BASE_URL ending in /v1 is used without it, and the console says so once',
    async () => {
      const run = await runCli({
        env: { ...referenceEnvironment(reference), BASE_URL: `${reference.url}/v1/` },
        args: ['--only', 'AUTH-SPEC-PUBLIC'],
      });
      expect(run.exitCode, run.stdout).toBe(0);
      const notice = `BASE_URL ends in /v1: the suite appends /v1 itself, so it uses ${reference.url}`;
      expect(run.stdout.split('\n').filter((line) => line === notice)).toHaveLength(1);
      expect(run.stdout).toContain(`Target ${reference.url},`);
      expect(run.summary?.counts.pass).toBeGreaterThan(0);
    },
    afterRuns(1),
  );

  test(
    'a base URL under which nothing of the API answers stops with exit 2 and names the path prefix',
    async () => {
      const notFound = createHttpServer((_req, res) => res.writeHead(404).end());
      await new Promise<void>((resolve) => notFound.listen(0, '127.0.0.1', resolve));
      try {
        const run = await runCli({
          env: {
            BASE_URL: `http://127.0.0.1:${(notFound.address() as { port: number }).port}/api`,
            API_KEY: 'k-prefix',
          },
        });
        expect(run.exitCode).toBe(2);
        expect(run.summary?.stop?.kind).toBe('config');
        expect(run.stdout).toMatch(/path prefix of BASE_URL looks wrong/);
        expect(run.summary?.counts.total).toBe(0);
      } finally {
        notFound.closeAllConnections();
        await new Promise((resolve) => notFound.close(resolve));
      }
    },
    afterRuns(1),
  );

  test(
    'bad configuration exits 2 with the reason',
    async () => {
      const run = await runCli({ env: { BASE_URL: 'localhost:8787', API_KEY: 'k' } });
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toMatch(/^Conformance run stopped: localhost:8787/);
      expect(run.stdout + run.stderr).toMatch(
        /BASE_URL has no http:\/\/ or https:\/\/ in front: "localhost:8787" \(did you\s+mean http:\/\/localhost:8787\?\)/,
      );
      // The reports name the target that was given, not the embedded service.
      expect(run.summary).toMatchObject({
        target: { baseUrl: 'localhost:8787', embedded: false },
        stop: { kind: 'config' },
      });
    },
    afterRuns(1),
  );

  test(
    '--only with an unknown item stops with the valid groups, writes the reports, and --list --only lists what it selects',
    async () => {
      const [bad, list, split] = await Promise.all([
        runCli({ args: ['--only', 'nonsense'] }),
        runCli({ args: ['--list', '--only', 'Auth'] }),
        runCli({ args: ['--list', '--format', 'json', '--only', 'agents'] }),
      ]);
      expect(bad.exitCode).toBe(2);
      // A name may be one the target publishes: the target is asked first, so the run says which it is.
      expect(bad.stdout).toMatch(/^Conformance run stopped: /m);
      expect(bad.stdout).toMatch(
        /unknown\s+group,\s+requirement\s+id,\s+check\s+id,\s+or\s+published\s+operation\s+or\s+document:\s+nonsense\.\s+Groups:\s+specification,\s+agents,/,
      );
      // The reports say so too, rather than leaving the previous run's for CI to publish.
      expect(bad.summary).toMatchObject({
        verdict: 'stopped',
        stop: { kind: 'config', message: expect.stringContaining('Groups: specification, agents,') },
      });
      expect(list.exitCode).toBe(0);
      expect(list.stdout).toMatch(/^Selected by --only auth: 3 of \d+ requirements/);
      expect(list.stdout).toMatch(/^AUTH-MISSING-KEY /m);
      expect(list.stdout).not.toMatch(/^AGENT-CREATE /m);
      // A group split over files (suites/agents.<topic>.suite.ts) keeps the checks of all of them.
      const files = new Set(
        (JSON.parse(split.stdout) as { checks: Array<{ file: string }> }).checks.map((c) => c.file),
      );
      expect(files.size).toBeGreaterThan(1);
      expect([...files].filter((file) => !file.startsWith('suites/agents.'))).toEqual([]);
    },
    afterRuns(1),
  );

  test(
    'an unknown option exits 2 and points at --help',
    async () => {
      const run = await runCli({ args: ['--frobnicate'] });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/--help/);
    },
    afterRuns(1),
  );

  test(
    '--help, --version and --list answer without running anything',
    async () => {
      const [help, version, list] = await Promise.all([
        runCli({ args: ['--help'] }),
        runCli({ args: ['--version'] }),
        runCli({ args: ['--list'] }),
      ]);
      expect(help.exitCode).toBe(0);
      expect(help.stdout).toMatch(/Exit codes: 0 no violation/);
      expect(version.stdout).toMatch(/^aes-conformance \d+\.\d+\.\d+/);
      expect(list.stdout).toMatch(/AUTH-MISSING-KEY\s+MUST/);
      // Each requirement is followed by the checks that carry it, found by collecting the suites.
      expect(list.stdout).toMatch(/AUTH-MISSING-KEY.*\n {4}verified by \d+ checks?:\n {6}auth\.[a-z0-9.-]+: /);
      expect(list.stdout).toMatch(/ 0 requirements without a check\./);
      expect(list.stdout).toMatch(/Not testable from outside the service:/);
      expect(help.summary).toBeUndefined();
    },
    afterRuns(1),
  );

  test(
    'a pipe read slowly still gets the whole output: the process exits only once stdout is flushed',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'aes-list-'));
      try {
        // Written to a file, the output is complete (file writes are synchronous): the reference.
        const shell = (command: string) =>
          new Promise<{ code: number | null; stdout: string }>((resolve) => {
            // Without vitest's own BASE_URL (`/`): with one set, --list also reads what that target publishes.
            const { BASE_URL: _vite, ...env } = process.env;
            const child = spawn('sh', ['-c', command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
            const chunks: Buffer[] = [];
            child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
            child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8') }));
          });
        const cli = `"${process.execPath}" bin/aes-conformance.js --list`;
        expect((await shell(`${cli} > "${join(dir, 'list.txt')}"`)).code).toBe(0);
        const whole = await readFile(join(dir, 'list.txt'), 'utf8');
        expect(whole.length).toBeGreaterThan(70_000);
        // The reader takes nothing for a second, as `--list | less` or a busy log collector would: the
        // pipe's buffer fills, and what the CLI writes after that waits in the process until it is read.
        const piped = await shell(`${cli} | (sleep 1; cat)`);
        expect(piped.code).toBe(0);
        expect(piped.stdout).toBe(whole);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    afterRuns(2),
  );

  test(
    'a run against a correct target passes, and the key appears nowhere',
    async () => {
      const run = await runCli({
        env: referenceEnvironment(reference),
        args: ['--only', 'auth,specification'],
        keepReports: true,
      });
      try {
        expect(run.exitCode, run.stdout).toBe(0);
        expect(run.summary?.counts.fail).toBe(0);
        expect(run.summary?.counts.pass).toBeGreaterThan(40);
        // The version reported is the package's, read from one place.
        const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
        expect(run.summary?.suite).toEqual({ name: pkg.name, version: pkg.version });
        const everything = `${run.stdout}${run.stderr}${await reportTexts(run.reportDir)}`;
        expect(everything).not.toContain(reference.apiKey);
      } finally {
        await rm(run.reportDir, { recursive: true, force: true });
      }
    },
    afterRuns(1),
  );

  test(
    '--shard must be <index>/<count>, and only --merge takes operands',
    async () => {
      const [shard, operand] = await Promise.all([runCli({ args: ['--shard', '4/3'] }), runCli({ args: ['reports'] })]);
      expect(shard.exitCode).toBe(2);
      expect(shard.stderr).toMatch(/--shard: expected <index>\/<count>/);
      expect(operand.exitCode).toBe(2);
      expect(operand.stderr).toMatch(/unexpected argument: reports/);
    },
    afterRuns(1),
  );

  test(
    '--only <group> runs that group only; --only <REQUIREMENT-ID> runs only the checks that carry the id',
    async () => {
      const env = referenceEnvironment(reference);
      // The id's checks include the key on deleted fixtures: they delete them, on a reference of their own.
      const own = await startReferenceService();
      const [group, id, list] = await Promise.all([
        runCli({ env, args: ['--only', 'dashboards'] }),
        runCli({ env: referenceEnvironment(own), args: ['--only', 'AUTH-MISSING-KEY'] }),
        runCli({ args: ['--list'] }),
      ]).finally(() => own.close());
      expect(group.exitCode, group.stdout.slice(-2000)).toBe(0);
      const groupChecks = group.summary!.checks.filter((c) => !c.id.startsWith('run::'));
      expect(groupChecks.length).toBeGreaterThan(5);
      expect(new Set(groupChecks.map((c) => c.group))).toEqual(new Set(['dashboards']));
      expect(new Set(groupChecks.map(fileOf))).toEqual(new Set(['suites/dashboards.suite.ts']));

      expect(id.exitCode, id.stdout.slice(-2000)).toBe(0);
      const idChecks = id.summary!.checks.filter((c) => !c.id.startsWith('run::'));
      // Exactly the checks --list names for the id, every one of them run (none left as an unselected skip).
      const listed = Number(/^AUTH-MISSING-KEY .*\n {4}verified by (\d+) checks?:/m.exec(list.stdout)?.[1]);
      expect(listed).toBeGreaterThan(0);
      expect(idChecks).toHaveLength(listed);
      expect(
        idChecks.every((c) => idsOf(c.name).includes('AUTH-MISSING-KEY')),
        idChecks.map((c) => c.name).join('\n'),
      ).toBe(true);
      expect(id.summary!.counts).toMatchObject({
        pass: listed + publishedSchemaChecks(id.summary!),
        total: listed + publishedSchemaChecks(id.summary!),
      });
      // What ran passed, but the run is partial: it says so everywhere, and exits 0.
      expect(id.stdout).toMatch(/Verdict: PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT \(exit code 0\)/);
      expect(id.stdout).not.toMatch(/Verdict: CONFORMANT/);
      expect(id.summary).toMatchObject({
        verdict: 'passed-partial',
        selection: { only: ['AUTH-MISSING-KEY'], shards: [], readOnly: false },
      });
      expect(id.summary!.untested.find((u) => u.id === 'AGENT-CREATE')?.reason).toBe(
        'not selected (--only AUTH-MISSING-KEY)',
      );
      expect(id.summary!.untested.some((u) => u.id === 'AUTH-MISSING-KEY')).toBe(false);
    },
    afterRuns(1),
  );

  test(
    '--read-only skips every check that writes, with the reason, changes nothing on the target, and passes',
    async () => {
      const proxy = await recordingProxy(reference.url);
      try {
        const run = await runCli({
          env: { ...referenceEnvironment(reference), BASE_URL: proxy.url },
          args: ['--only', 'dashboards,personas', '--read-only'],
        });
        expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
        expect(run.summary).toMatchObject({ verdict: 'passed-partial', selection: { readOnly: true } });
        expect(run.summary!.untested.find((u) => u.id === 'DASHBOARD-PATCH')?.reason).toBe(
          'READ_ONLY is set and this check writes',
        );
        const { counts, checks } = run.summary!;
        expect(counts.fail + counts.error).toBe(0);
        expect(counts.pass).toBeGreaterThan(0);
        const readOnly = checks.filter(
          (c) => c.outcome === 'skip' && c.skipReason === 'READ_ONLY is set and this check writes',
        );
        // The renames of the dashboard and the deletion of a persona are among them.
        expect(readOnly.some((c) => idsOf(c.name).includes('DASHBOARD-PATCH'))).toBe(true);
        expect(readOnly.some((c) => idsOf(c.name).includes('PERSONA-DELETE'))).toBe(true);
        for (const c of checks.filter((c) => c.outcome === 'skip'))
          expect(c.skipReason, c.name).toMatch(/READ_ONLY is set|checked only with PROFILE=strict/);
        // A check that was not declared as writing but would send PATCH or DELETE (a malformed path ID
        // a correct server rejects) is skipped when it tries, naming the request.
        expect(
          checks.some(
            (c) =>
              c.outcome === 'skip' &&
              /READ_ONLY is set and this check writes \((PATCH|DELETE) /.test(c.skipReason ?? ''),
          ),
        ).toBe(true);
        // What the target saw: reads only.
        expect(proxy.requests.filter((r) => / -> 2\d\d$/.test(r)).length).toBeGreaterThan(0);
        expect(proxy.requests.filter((r) => !/^GET /.test(r))).toEqual([]);
      } finally {
        await proxy.close();
      }
    },
    afterRuns(1),
  );

  test(
    '--shard i/n splits the suite files over machines; --merge makes one set of reports of their summaries',
    async () => {
      const env = referenceEnvironment(reference);
      const shards = await Promise.all(
        [1, 2].map((i) => runCli({ env, args: ['--shard', `${i}/2`], keepReports: true })),
      );
      const out = await mkdtemp(join(tmpdir(), 'aes-merged-'));
      try {
        const ids = shards.map((s) => {
          expect(s.exitCode, s.stdout.slice(-2000)).toBe(0);
          // A shard alone is a partial run.
          expect(s.summary!.verdict).toBe('passed-partial');
          // The run's own checks (one per operation compared with the published schema) may come from both shards.
          return s.summary!.checks.map((c) => c.id).filter((id) => !id.startsWith('run::'));
        });
        const [first = [], second = []] = ids;
        expect(first.length).toBeGreaterThan(0);
        expect(second.length).toBeGreaterThan(0);
        expect(first.filter((id) => second.includes(id))).toEqual([]);
        // Each shard ran whole suite files.
        const files = shards.map(
          (s) => new Set(s.summary!.checks.filter((c) => !c.id.startsWith('run::')).map(fileOf)),
        );
        expect([...files[0]!].filter((f) => files[1]!.has(f))).toEqual([]);

        const merged = await runCli({
          env: { ...env, REPORT_DIR: out },
          args: ['--merge', ...shards.map((s) => s.reportDir)],
        });
        expect(merged.exitCode, merged.stdout + merged.stderr).toBe(0);
        // Together the shards verified everything: the merged run is conformant again.
        expect(merged.stdout).toMatch(/Verdict: CONFORMANT/);
        const summary = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')) as Summary;
        expect(summary).toMatchObject({ verdict: 'conformant', untested: [] });
        expect(
          summary.checks
            .map((c) => c.id)
            .filter((id) => !id.startsWith('run::'))
            .sort(),
        ).toEqual([...first, ...second].sort());
        expect(summary.counts.total).toBe(summary.checks.length);
        expect((await readdir(out)).sort()).toEqual(['junit.xml', 'report.html', 'summary.json']);
        const everything = `${merged.stdout}${merged.stderr}${await reportTexts(out)}${shards.map((s) => s.stdout + s.stderr).join('')}`;
        expect(everything).not.toContain(reference.apiKey);
      } finally {
        await Promise.all(
          [out, ...shards.map((s) => s.reportDir)].map((dir) => rm(dir, { recursive: true, force: true })),
        );
      }
    },
    afterRuns(2),
  );
});
