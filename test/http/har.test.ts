// --har: every exchange of a run as HAR 1.2, valid against the spec's required parts, secrets redacted,
// written from per-thread parts the run joins.

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { harEntry, harRecorder, joinHar, startHar } from '../../lib/http/har.js';
import { registerSecret } from '../../lib/http/redact.js';
import { type RunningReference, startReferenceService } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { type Exchange, TransportError } from '../../lib/http/exchange.js';
import { ApiClient } from '../../lib/http/client.js';
import { runCli } from '../support/run-cli.js';
import { HAR_12_SCHEMA } from './har-schema.js';

const validHar = new Ajv({ allErrors: true }).compile(HAR_12_SCHEMA);

interface Har {
  log: {
    entries: Array<{
      request: { method: string; headers: Array<{ name: string; value: string }>; postData?: { text: string } };
      response: { status: number; content: { text: string } };
    }>;
  };
}

/** Not about time: bounded only against a hang of the child run (killed after 120 s). */
const BOUND = 300_000;

describe('--har against the real binary', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await startReferenceService();
  });
  afterAll(async () => {
    await reference.close();
  });

  test(
    'writes every exchange of the run as valid HAR 1.2, the key redacted',
    async () => {
      const run = await runCli({
        env: referenceEnvironment(reference),
        args: ['--only', 'auth', '--har', 'run.har'],
        keepReports: true,
      });
      try {
        expect(run.exitCode).toBe(0);
        const file = join(run.reportDir, 'run.har');
        expect(run.stdout).toContain(`HAR: ${file}`);
        const text = await readFile(file, 'utf8');
        const har = JSON.parse(text) as Har;
        expect(validHar(har), JSON.stringify(validHar.errors?.slice(0, 3))).toBe(true);
        // Every request the checks counted, and the preflight's.
        const counted = run.summary!.checks.reduce((n, c) => n + ((c as { requests?: number }).requests ?? 0), 0);
        expect(har.log.entries.length).toBeGreaterThan(counted);
        expect(text).not.toContain(reference.apiKey);
        const keyed = har.log.entries.flatMap((e) => e.request.headers.filter((h) => h.name === 'X-API-Key'));
        expect(keyed.length).toBeGreaterThan(0);
        expect(keyed.every((h) => h.value === '[redacted]')).toBe(true);
        expect(har.log.entries.some((e) => e.request.method === 'POST' && e.request.postData)).toBe(true);
        expect(existsSync(`${file}.parts`)).toBe(false);
      } finally {
        await rm(run.reportDir, { recursive: true, force: true });
      }
    },
    BOUND,
  );
});

describe('HAR entries and parts', () => {
  const exchange = (secret: string): Exchange => ({
    request: {
      method: 'POST',
      url: `http://127.0.0.1:1/v1/agents?token=${secret}&page_size=2`,
      headers: { 'X-API-Key': '$API_KEY', authorization: 'Bearer x', 'content-type': 'application/json' },
      body: `{"echo":"${secret}"}`,
    },
    response: {
      status: 201,
      headers: { 'content-type': 'application/json', 'set-cookie': 's=1' },
      text: `{"echo":"${secret}"}`,
      json: undefined,
      truncated: false,
    },
    startedAt: Date.UTC(2026, 10, 28),
    durationMs: 12.5,
    retries: 0,
  });

  test('secret headers and the registered key read [redacted], wherever they are', () => {
    registerSecret('har-secret-key');
    const text = JSON.stringify(harEntry(exchange('har-secret-key')));
    expect(text).not.toContain('har-secret-key');
    expect(text).not.toContain('Bearer x');
    expect(text).not.toContain('s=1');
    expect(text).toContain('"startedDateTime":"2026-11-28T00:00:00.000Z"');
    expect(text).toContain('{"name":"page_size","value":"2"}');
  });

  test('the parts of several threads join into one valid log, the parts removed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aes-har-'));
    try {
      const file = join(dir, 'joined.har');
      await startHar(file);
      const record = harRecorder(`${file}.parts`);
      record(exchange('a'));
      record(exchange('b'));
      await joinHar(file, { name: 'aes-conformance', version: 'test' });
      const har = JSON.parse(await readFile(file, 'utf8')) as Har;
      expect(validHar(har)).toBe(true);
      // The schema bites: an entry without its timings is no HAR 1.2.
      const { timings: _dropped, ...partial } = har.log.entries[0] as unknown as Record<string, unknown>;
      expect(validHar({ log: { ...har.log, entries: [partial] } })).toBe(false);
      expect(har.log.entries.map((e) => e.response.content.text)).toEqual(['{"echo":"a"}', '{"echo":"b"}']);
      expect(existsSync(`${file}.parts`)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a request that got no answer is an entry too: status 0, why in its comment, the key redacted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aes-har-'));
    try {
      const file = join(dir, 'unanswered.har');
      await startHar(file);
      // Port 1 on loopback: nothing listens, the connection is refused.
      const client = new ApiClient({
        baseUrl: 'http://127.0.0.1:1',
        apiKey: 'har-unanswered-key',
        timeoutMs: 20_000,
        concurrency: 1,
        harParts: `${file}.parts`,
      });
      await expect(client.send({ method: 'GET', path: '/v1/agents' })).rejects.toBeInstanceOf(TransportError);
      await joinHar(file, { name: 'aes-conformance', version: 'test' });
      const text = await readFile(file, 'utf8');
      const har = JSON.parse(text) as Har;
      expect(validHar(har), JSON.stringify(validHar.errors?.slice(0, 3))).toBe(true);
      expect(har.log.entries).toHaveLength(1);
      const [entry] = har.log.entries as unknown as Array<{ response: { status: number; comment?: string } }>;
      expect(entry!.response.status).toBe(0);
      expect(entry!.response.comment).toMatch(/^no answer: /);
      expect(text).not.toContain('har-unanswered-key');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
