// One run, as far as it goes without running the suites: the stops before them (a configuration,
// a signal, a target unreachable or only throttling), each a result naming the target and the
// selection as tried. And `--only` items that are neither a group, a requirement id nor a check id,
// which name what the target publishes beyond the 20 endpoints (withPublishedNames): confirmed
// against the documents the embedded reference service publishes, over HTTP like any target.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, type Config, parseConfig } from '../../lib/config.js';
import { findEndpoint } from '../../lib/contract/endpoints.js';
import { publishedOperations } from '../../lib/generic/operations.js';
import { ApiClient } from '../../lib/http/client.js';
import { loadPublishedSpec } from '../../lib/published/load.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { atReference, referenceEnvironment } from '../../lib/runner/embedded.js';
import { readGenericOperations } from '../../lib/runner/published-operations.js';
import { type Choice, selection, selects as selectsCheck } from '../../lib/result/selection.js';
import { runConformance, withPublishedNames } from '../../lib/runner/run.js';

let reference: RunningReference;
let config: Config;
/** The document the reference publishes its operations beyond the 20 endpoints in. */
let document: string;

beforeAll(async () => {
  reference = await startReferenceService();
  config = atReference(parseConfig({}), reference);
  const { operations, problems } = await readGenericOperations(config);
  expect(problems).toEqual([]);
  const ids = operations.map((operation) => operation.id);
  // The names these tests choose: if the reference stops publishing them, the tests need others.
  expect(ids).toEqual(expect.arrayContaining(['listTestCases', 'getRun']));
  document = operations.find((operation) => operation.id === 'listTestCases')!.document;
});
afterAll(() => reference.close());

/** What a published check of the operation is selected by, besides its requirement ids (lib/harness/check.ts). */
const subjects = (operationId: string) => ['published', document, operationId];

const selects = (choice: Choice, group: string, requirements: string[], names: string[] = []): boolean =>
  selectsCheck(choice, { id: 'a.check', group, requirements, subjects: names });

describe('withPublishedNames', () => {
  test('accepts an operation id the target publishes beyond the 20: its published checks alone are run', async () => {
    const chosen = await withPublishedNames(selection(['listTestCases']), config);
    expect(chosen).toEqual({
      only: ['listTestCases'],
      exclude: [],
      files: ['suites/published.'],
      declared: { onlyPublished: ['listTestCases'] },
      pendingPublished: [],
    });
    expect(selects(chosen.declared, `published: ${document}`, ['GENERIC-AUTH'], subjects('listTestCases'))).toBe(true);
    expect(selects(chosen.declared, `published: ${document}`, ['GENERIC-AUTH'], subjects('getRun'))).toBe(false);
    expect(selects(chosen.declared, 'agents', ['AGENT-CREATE'])).toBe(false);
  });

  test('accepts a document name, selecting every operation of it', async () => {
    const chosen = await withPublishedNames(selection([document]), config);
    expect(chosen.declared).toEqual({ onlyPublished: [document] });
    expect(chosen.files).toEqual(['suites/published.']);
    expect(selects(chosen.declared, `published: ${document}`, ['GENERIC-AUTH'], subjects('getRun'))).toBe(true);
  });

  test("adds the published file to a group's, keeping the group in what the plan declares", async () => {
    const chosen = await withPublishedNames(selection(['agents', 'getRun']), config);
    expect(chosen.only).toEqual(['agents', 'getRun']);
    expect(chosen.files).toEqual(['suites/agents.', 'suites/published.']);
    expect(chosen.declared).toEqual({ onlyPublished: ['getRun'], onlyGroups: ['agents'] });
    expect(chosen.pendingPublished).toEqual([]);
    expect(selects(chosen.declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(selects(chosen.declared, 'personas', ['PERSONA-GET'])).toBe(false);
    expect(selects(chosen.declared, `published: ${document}`, ['GENERIC-IMPLEMENTED'], subjects('getRun'))).toBe(true);
    expect(selects(chosen.declared, `published: ${document}`, ['GENERIC-IMPLEMENTED'], subjects('listTestCases'))).toBe(
      false,
    );
  });

  test('beside requirement ids, loads every file', async () => {
    const chosen = await withPublishedNames(selection(['AGENT-CREATE', 'listTestCases']), config);
    expect(chosen.files).toEqual([]);
    expect(chosen.declared).toEqual({ only: ['AGENT-CREATE'], onlyPublished: ['listTestCases'] });
    expect(selects(chosen.declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(selects(chosen.declared, `published: ${document}`, ['GENERIC-AUTH'], subjects('listTestCases'))).toBe(true);
  });

  test('refuses a name the target does not publish with a ConfigError naming it, and only it', async () => {
    const refused = withPublishedNames(selection(['listTestCases', 'noSuchOperation']), config);
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(
      /--only: unknown group, requirement id, check id, or published operation or document: noSuchOperation\. /,
    );
    await expect(refused).rejects.not.toThrow(/listTestCases/);
  });

  test('refuses an operation id of the 20 endpoints: the published checks do not cover them', async () => {
    const client = new ApiClient({
      baseUrl: config.baseUrl!,
      apiKey: config.apiKey,
      timeoutMs: config.requestTimeoutMs,
      concurrency: 2,
    });
    let contractId: string | undefined;
    try {
      const { documents } = await loadPublishedSpec(client);
      const createAgent = findEndpoint('POST', '/v1/agents');
      contractId = publishedOperations(documents).find(
        (operation) => operation.method === createAgent.method && operation.path === createAgent.path,
      )?.id;
    } finally {
      await client.close();
    }
    expect(contractId).toBeDefined();
    await expect(withPublishedNames(selection([contractId!]), config)).rejects.toThrow(
      new RegExp(`published operation or document: ${contractId}\\.`),
    );
  });

  test('refuses a published name given to --only when --exclude published leaves out every published check', async () => {
    for (const only of [['agents', 'listTestCases'], ['listTestCases']]) {
      await expect(withPublishedNames(selection(only, ['published']), config), only.join()).rejects.toThrow(
        /--exclude published/,
      );
    }
  });

  test('adds the published file once', async () => {
    expect(
      (await withPublishedNames(selection(['agents', 'listTestCases'], ['runs']), config)).files.filter(
        (f) => f === 'suites/published.',
      ),
    ).toHaveLength(1);
  });

  test('returns a selection without pending names unchanged, asking the target nothing', async () => {
    // Nothing listens there: a lookup would find no name.
    const unreachable = parseConfig({ BASE_URL: 'http://127.0.0.1:9', API_KEY: 'unused', REQUEST_TIMEOUT_MS: '2000' });
    await expect(withPublishedNames(selection(['listTestCases']), unreachable)).rejects.toThrow(ConfigError);
    for (const chosen of [
      selection([]),
      selection(['agents']),
      selection(['AGENT-CREATE'], ['AGENT-GET']),
      selection(['published']),
    ]) {
      expect(await withPublishedNames(chosen, unreachable)).toBe(chosen);
    }
    expect(selection(['published']).files).toEqual(['suites/published.']);
  });
});

/** Nothing listens on the discard port of the loopback. */
const UNREACHABLE = 'http://127.0.0.1:9';

describe('runConformance, stopped before the suites', () => {
  test('a setting it cannot read stops it, named as typed, with the target and the selection as given', async () => {
    const run = await runConformance({
      env: { BASE_URL: ` ${UNREACHABLE} `, API_KEY: 'run-test-key', PROFILE: 'nonsense' },
      given: { PROFILE: '--profile' },
      only: ['agents'],
      exclude: ['AGENT-GET'],
      shard: '1/2',
    });
    expect(run.stop).toEqual({ kind: 'config', message: '--profile must be one of default, strict, not "nonsense".' });
    expect(run).toMatchObject({
      target: { baseUrl: UNREACHABLE, embedded: false },
      selection: { only: ['agents'], exclude: ['AGENT-GET'], shards: ['1/2'], readOnly: false },
      profile: 'default',
      settings: {},
      checks: [],
      exitCode: 2,
      verdict: 'stopped',
    });
  });

  test('a selection that cannot be made stops it as a configuration error, before a request is sent', async () => {
    const run = await runConformance({
      env: { BASE_URL: UNREACHABLE, API_KEY: 'k' },
      only: ['agents'],
      exclude: ['agents'],
    });
    expect(run.stop).toEqual({
      kind: 'config',
      message: expect.stringMatching(/--exclude agents leaves no group to run/),
    });
    expect(run.selection).toMatchObject({ only: ['agents'], exclude: ['agents'] });
  });

  test('a target that cannot be reached stops it, its settings shown with the key redacted', async () => {
    const lines: string[] = [];
    const run = await runConformance({
      env: { BASE_URL: UNREACHABLE, API_KEY: 'run-test-secret', REQUEST_TIMEOUT_MS: '2000', READ_ONLY: 'true' },
      log: (line) => lines.push(line),
    });
    expect(run.stop?.kind).toBe('unreachable');
    expect(run).toMatchObject({ target: { baseUrl: UNREACHABLE, embedded: false }, exitCode: 2, verdict: 'stopped' });
    expect(run.selection.readOnly).toBe(true);
    expect(run.settings).toMatchObject({ baseUrl: UNREACHABLE, apiKey: '[redacted]', readOnly: 'true' });
    expect(lines).toEqual([`Target ${UNREACHABLE}, profile default, read-only`]);
    expect(JSON.stringify(run)).not.toContain('run-test-secret');
  });

  test('a name --only gives that the target does not publish stops it once the target answers', async () => {
    const run = await runConformance({ env: referenceEnvironment(reference), only: ['noSuchOperation'] });
    expect(run.stop).toMatchObject({ kind: 'config', message: expect.stringMatching(/noSuchOperation/) });
    expect(run.target).toEqual({ baseUrl: reference.url, embedded: false });
    expect(run.settings['apiKey']).toBe('[redacted]');
  });

  test('a signal before the suites start stops it as interrupted; without a target it is the embedded reference', async () => {
    const interrupt = new AbortController();
    interrupt.abort('SIGTERM');
    const lines: string[] = [];
    const run = await runConformance({ env: {}, interrupt: interrupt.signal, log: (line) => lines.push(line) });
    expect(run.stop).toEqual({ kind: 'interrupted', signal: 'SIGTERM', message: 'interrupted by SIGTERM' });
    expect(run).toMatchObject({ target: { embedded: true }, checks: [], exitCode: 143, verdict: 'interrupted' });
    expect(run.target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    expect(lines).toEqual([
      `Target ${run.target.baseUrl} (embedded reference service: no target setting given), profile default`,
    ]);
  });

  test('a target answering only with back-pressure stops it as throttled, with what it waited', async () => {
    const throttling = createServer((_request, response) => response.writeHead(429, { 'retry-after': '1' }).end());
    await new Promise<void>((listening) => throttling.listen(0, '127.0.0.1', listening));
    try {
      const baseUrl = `http://127.0.0.1:${(throttling.address() as AddressInfo).port}`;
      const run = await runConformance({ env: { BASE_URL: baseUrl, API_KEY: 'k', THROTTLE_GIVE_UP_MS: '1000' } });
      expect(run.stop).toEqual({
        kind: 'throttled',
        message:
          "The target answered every request with back-pressure (429, or 503 with Retry-After) for 1 s (THROTTLE_GIVE_UP_MS), so the run stopped. Is the key's quota used up? RATE_LIMIT (--rate) keeps a run under a limit the target has.",
      });
      expect(run).toMatchObject({ exitCode: 2, verdict: 'throttled' });
      expect(run.throttling?.responses).toBeGreaterThan(0);
    } finally {
      throttling.closeAllConnections();
      await new Promise((closed) => throttling.close(closed));
    }
  });
});
