// How a run reaches its target, shown on the real binary against the reference on loopback: through a
// proxy that counts what went through it (HTTP_PROXY, http_proxy, NO_PROXY), a dead proxy stopping the
// run (exit 2), extra headers reaching the target with credential-like values never shown, and
// --insecure said in every report.

import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type RunningReference, startReferenceService } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';

/** Not about time: bounded only against a hang of the child runs. */
const BOUND = 300_000;
const ONE_CHECK = ['--only', 'AUTH-MISSING-KEY'];

/** A forward proxy on loopback: CONNECT tunnels and absolute-form requests, each counted. */
function startProxy(): Promise<{ server: Server; url: string; through: () => number; reset: () => void }> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    const target = new URL(req.url!);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    count++;
    const [host, port] = req.url!.split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        through: () => count,
        reset: () => (count = 0),
      }),
    ),
  );
}

let reference: RunningReference;
let proxy: Awaited<ReturnType<typeof startProxy>>;
const received: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  reference = await startReferenceService({
    wrap: (listener) => (req, res) => {
      received.push(req.headers);
      return listener(req, res);
    },
  });
  proxy = await startProxy();
});
afterAll(async () => {
  await reference.close();
  proxy.server.closeAllConnections();
  await new Promise((resolve) => proxy.server.close(resolve));
});
beforeEach(() => {
  proxy.reset();
  received.length = 0;
});

describe('a proxy', () => {
  test.each([['HTTP_PROXY'], ['http_proxy']])(
    '%s: every request goes through it, and the target line names it',
    async (variable) => {
      const run = await runCli({ env: { ...referenceEnvironment(reference), [variable]: proxy.url }, args: ONE_CHECK });
      expect(run.exitCode).toBe(0);
      expect(proxy.through()).toBeGreaterThan(0);
      expect(run.summary).toMatchObject({ target: { baseUrl: reference.url, proxy: proxy.url } });
      expect(run.stdout).toContain(`Conformance summary: ${reference.url} through the proxy ${proxy.url}`);
    },
    BOUND,
  );

  test(
    'NO_PROXY naming the target: nothing goes through the proxy, and no report names one',
    async () => {
      const env = { ...referenceEnvironment(reference), HTTP_PROXY: proxy.url, NO_PROXY: 'example.org, 127.0.0.1' };
      const run = await runCli({ env, args: ONE_CHECK });
      expect(run.exitCode).toBe(0);
      expect(proxy.through()).toBe(0);
      expect(run.summary).toMatchObject({ target: { baseUrl: reference.url } });
      expect(run.stdout).not.toContain('through the proxy');
    },
    BOUND,
  );

  test(
    'a loopback target is proxied too when NO_PROXY does not name it (undici exempts nothing by default)',
    async () => {
      const env = { ...referenceEnvironment(reference), HTTP_PROXY: proxy.url, NO_PROXY: 'localhost' };
      const run = await runCli({ env, args: ONE_CHECK });
      expect(run.exitCode).toBe(0);
      expect(proxy.through()).toBeGreaterThan(0);
    },
    BOUND,
  );

  test(
    'a dead proxy stops the run before any check: exit 2, "cannot reach … through the proxy …", never a pass',
    async () => {
      const dead = createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
      await new Promise((resolve) => dead.close(resolve));
      const env = { ...referenceEnvironment(reference), HTTP_PROXY: deadUrl, HTTPS_PROXY: deadUrl };
      const run = await runCli({ env, args: ONE_CHECK });
      expect(run.exitCode).toBe(2);
      expect(run.summary).toMatchObject({ verdict: 'stopped', stop: { kind: 'unreachable' } });
      expect(run.summary!.stop!.message).toContain(
        `cannot reach ${reference.url} through the proxy ${deadUrl}: the proxy refused the connection`,
      );
      expect(received).toHaveLength(0);
    },
    BOUND,
  );
});

describe('extra headers', () => {
  test(
    '--header and --secret-header reach the target; credential-like and secret values appear in no output or report',
    async () => {
      const run = await runCli({
        env: { ...referenceEnvironment(reference), HEADERS: 'X-Gateway: open; Authorization: Bearer tok-in-env' },
        args: [...ONE_CHECK, '--header', 'X-Route: blue', '--secret-header', 'X-Tenant: tenant-secret-1'],
        keepReports: true,
      });
      try {
        expect(run.exitCode).toBe(0);
        // The option wins over the variable, as for every setting.
        expect(received.length).toBeGreaterThan(0);
        expect(received.every((h) => h['x-route'] === 'blue' && h['x-tenant'] === 'tenant-secret-1')).toBe(true);
        expect(received.some((h) => h['x-gateway'] !== undefined)).toBe(false);
        const reports = await Promise.all(
          ['summary.json', 'junit.xml', 'report.html'].map((f) => readFile(join(run.reportDir, f), 'utf8')),
        );
        for (const text of [run.stdout, run.stderr, ...reports]) expect(text).not.toContain('tenant-secret-1');
        expect(JSON.parse(reports[0]!)).toMatchObject({
          settings: { headers: 'X-Route: blue', secretHeaders: '[redacted]' },
        });
      } finally {
        await rm(run.reportDir, { recursive: true, force: true });
      }
    },
    BOUND,
  );

  test(
    'HEADERS: an Authorization value is redacted by its name; a check sending no key still sends none',
    async () => {
      const run = await runCli({
        env: { ...referenceEnvironment(reference), HEADERS: 'X-Gateway: open; Authorization: Bearer tok-in-env' },
        args: ONE_CHECK,
      });
      expect(run.exitCode).toBe(0);
      expect(received.every((h) => h['x-gateway'] === 'open')).toBe(true);
      expect(received.some((h) => h.authorization === 'Bearer tok-in-env')).toBe(true);
      // AUTH-MISSING-KEY's requests leave the key out on purpose, or send it where it does not belong (an
      // Authorization of their own): an extra header never puts the key back, nor replaces theirs.
      expect(received.some((h) => h['x-api-key'] === undefined)).toBe(true);
      expect(
        received.some((h) => h.authorization?.startsWith('Bearer ') && h.authorization !== 'Bearer tok-in-env'),
      ).toBe(true);
      expect(JSON.stringify(run.summary)).not.toContain('tok-in-env');
      expect(run.stdout).not.toContain('tok-in-env');
    },
    BOUND,
  );

  test.each([['X-API-Key: k'], ['content-type: text/plain'], ['no colon here']])(
    'HEADERS %j is refused before any request (exit 2)',
    async (headers) => {
      const run = await runCli({ env: { ...referenceEnvironment(reference), HEADERS: headers }, args: ONE_CHECK });
      expect(run.exitCode).toBe(2);
      expect(run.summary).toMatchObject({ stop: { kind: 'config' } });
      expect(run.summary!.stop!.message).toMatch(/^HEADERS(:)? (may not set|expected "Name: value")/);
      expect(received).toHaveLength(0);
    },
    BOUND,
  );
});

test(
  '--insecure is said next to the target in every report',
  async () => {
    const run = await runCli({
      env: referenceEnvironment(reference),
      args: [...ONE_CHECK, '--insecure'],
      keepReports: true,
    });
    try {
      expect(run.exitCode).toBe(0);
      expect(run.summary).toMatchObject({ target: { insecure: true } });
      expect(run.stdout).toContain('TLS certificates NOT verified (--insecure)');
      const [junit, html] = await Promise.all(
        ['junit.xml', 'report.html'].map((f) => readFile(join(run.reportDir, f), 'utf8')),
      );
      expect(junit).toContain('name="tls_verified" value="false (--insecure)"');
      expect(html).toContain('TLS certificates NOT verified (--insecure)');
    } finally {
      await rm(run.reportDir, { recursive: true, force: true });
    }
  },
  BOUND,
);

describe('--merge', () => {
  test(
    'keeps every run setting the shards recorded: the proxy, --insecure, --grep, the headers, the seed',
    async () => {
      const env = { ...referenceEnvironment(reference), HTTP_PROXY: proxy.url };
      const options = ['--grep', 'missing-key|openapi', '--insecure', '--header', 'X-Route: blue', '--seed', '99'];
      const shards = await Promise.all(
        [1, 2].map((i) => runCli({ env, args: [...options, '--shard', `${i}/2`], keepReports: true })),
      );
      const merged = await runCli({
        env: { REPORT_DIR: shards[0]!.reportDir + '-merged' },
        args: ['--merge', ...shards.map((s) => s.reportDir)],
      });
      try {
        for (const shard of shards) expect(shard.exitCode, shard.stdout.slice(-2000)).toBe(0);
        expect(merged.exitCode, merged.stdout + merged.stderr).toBe(0);
        const summary = JSON.parse(
          await readFile(join(`${shards[0]!.reportDir}-merged`, 'summary.json'), 'utf8'),
        ) as (typeof shards)[0]['summary'] & { target: object; settings: Record<string, string> };
        const [one] = shards.map((s) => s.summary as typeof summary);
        expect(summary.target).toEqual({ baseUrl: reference.url, embedded: false, proxy: proxy.url, insecure: true });
        expect(summary.target).toEqual(one!.target);
        expect(summary.selection).toMatchObject({ grep: 'missing-key|openapi', shards: ['1/2', '2/2'] });
        expect(summary.settings).toMatchObject({ headers: 'X-Route: blue', seed: '99', insecure: 'true' });
        const { runMarker: _marker, reportDir: _dir, ...settings } = summary.settings;
        const { runMarker: _m, reportDir: _d, ...shardSettings } = one!.settings;
        expect(settings).toEqual(shardSettings);
        expect(merged.stdout).toContain(`${reference.url} through the proxy ${proxy.url}; TLS certifica`);
        expect(merged.stdout).toContain('--grep missing-key|openapi');
        expect(merged.stdout).toContain(
          "Seed 99: npx aes-conformance --seed 99 --grep 'missing-key|openapi' repeats this run",
        );
      } finally {
        await Promise.all(
          shards
            .flatMap((s) => [s.reportDir, `${s.reportDir}-merged`])
            .map((dir) => rm(dir, { recursive: true, force: true })),
        );
      }
    },
    BOUND,
  );
});
