// `--only` items that are neither a group, a requirement id nor a check id name what the target publishes
// beyond the 20 endpoints (lib/runner/run.ts, withPublishedNames): confirmed against the
// documents the embedded reference service publishes, over HTTP like any target.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, type Config, parseConfig } from '../../lib/config.js';
import { findEndpoint } from '../../lib/contract/endpoints.js';
import { publishedOperations } from '../../lib/generic/operations.js';
import { ApiClient } from '../../lib/http/client.js';
import { loadPublishedSpec } from '../../lib/published/load.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { atReference } from '../../lib/runner/embedded.js';
import { readGenericOperations } from '../../lib/runner/published-operations.js';
import { type Choice, selection, selects as selectsCheck } from '../../lib/result/selection.js';
import { withPublishedNames } from '../../lib/runner/run.js';

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
