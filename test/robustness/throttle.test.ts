// Back-pressure and idle connections are not verdicts: a correct server that rate-limits and drops
// idle connections gets a clean run with its throttling reported; one that only throttles, from the
// start or from some point on, stops the run as `throttled` (exit 2, reports written) at
// THROTTLE_GIVE_UP_MS, never at RUN_TIMEOUT_MS.

import { createServer, request, type Server } from 'node:http';
import { describe, expect, test } from 'vitest';
import { startReference } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { runCli } from '../support/run-cli.js';

// Far above a run's duration on a loaded two-core machine: only a run that does not end reaches them.
const RUN_TIMEOUT_MS = 600_000;
const KILL_MS = RUN_TIMEOUT_MS + 60_000;
const TEST_TIMEOUT_MS = KILL_MS + 30_000;

const EXHAUSTED = JSON.stringify({
  error: { code: 'RESOURCE_EXHAUSTED', message: 'rate limit exceeded', details: [] },
});

/** Passes the first `answered` requests to `target`; to every later one, 429 with Retry-After: 1. */
async function throttlingFrom(target: string, answered: number): Promise<{ url: string; close: () => Promise<void> }> {
  let seen = 0;
  const server: Server = createServer((req, res) => {
    if (++seen > answered)
      return void res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' }).end(EXHAUSTED);
    const upstream = request(target + (req.url ?? '/'), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function runThrottled(answered: number): Promise<Awaited<ReturnType<typeof runCli>>> {
  const reference = await startReference();
  const proxy = await throttlingFrom(reference.url, answered);
  try {
    return await runCli({
      env: {
        ...referenceEnvironment(reference),
        BASE_URL: proxy.url,
        RUN_TIMEOUT_MS: String(RUN_TIMEOUT_MS),
        THROTTLE_GIVE_UP_MS: '1000',
      },
      timeoutMs: KILL_MS,
    });
  } finally {
    await proxy.close();
    await reference.close();
  }
}

describe.concurrent('back-pressure and idle connections', () => {
  test(
    'a server that rate-limits and drops idle connections: the whole default run passes, its throttling reported',
    async () => {
      const reference = await startReference({ chaos: ['rate-limit', 'idle-close'] });
      try {
        const run = await runCli({
          env: { ...referenceEnvironment(reference), RUN_TIMEOUT_MS: String(RUN_TIMEOUT_MS) },
          timeoutMs: KILL_MS,
        });
        const summary = run.summary!;
        expect(
          { fail: summary.counts.fail, error: summary.counts.error, verdict: summary.verdict, exitCode: run.exitCode },
          run.stdout.slice(-3000),
        ).toEqual({ fail: 0, error: 0, verdict: 'conformant', exitCode: 0 });
        expect(summary.throttling?.responses).toBeGreaterThan(0);
        expect(run.stdout).toMatch(/^Throttled: the target answered \d+ requests with back-pressure/m);
      } finally {
        await reference.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a server that only ever answers 429: the run stops as throttled before the suites, exit 2',
    async () => {
      const run = await runThrottled(0);
      expect(run.exitCode, run.stdout.slice(-2000)).toBe(2);
      expect(run.summary?.stop?.kind).toBe('throttled');
      expect(run.summary?.verdict).toBe('throttled');
      expect(run.summary?.throttling?.responses).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'a server that throttles every request from some point on: the run stops as throttled, exit 2, with what ran',
    async () => {
      const run = await runThrottled(300);
      expect(run.exitCode, run.stdout.slice(-2000)).toBe(2);
      expect(run.summary?.stop?.kind).toBe('throttled');
      expect(run.summary?.checks.length).toBeGreaterThan(0);
      expect(run.summary?.durationMs).toBeLessThan(RUN_TIMEOUT_MS);
    },
    TEST_TIMEOUT_MS,
  );
});
