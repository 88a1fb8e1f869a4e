// `--list` in process: the catalog narrowed by --only and --exclude, as text or JSON, and with BASE_URL
// the checks the target's published documents generate, or a stop (exit 2) when they cannot be read.
// The suite's inventory is a small one (collecting the suite is test/runner/inventory.test.ts's).

import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CliRequest } from '../../lib/cli/args.js';
import { list } from '../../lib/cli/list-command.js';
import { catalogJson, catalogListing, generatedListing } from '../../lib/cli/listing.js';
import { ConfigError, parseConfig } from '../../lib/config.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { readGenericOperations } from '../../lib/runner/published-operations.js';

const INVENTORY = vi.hoisted(() => [
  {
    id: 'agents.get',
    file: 'suites/agents.suite.ts',
    name: '[AGENT-GET] an agent is read back',
    requirements: ['AGENT-GET'],
  },
  {
    id: 'auth.missing',
    file: 'suites/auth.suite.ts',
    name: '[AUTH-MISSING-KEY] no key',
    requirements: ['AUTH-MISSING-KEY'],
  },
]);
vi.mock('../../lib/runner/inventory.js', () => ({ suiteInventory: async () => INVENTORY }));

let reference: RunningReference;
beforeAll(async () => {
  reference = await startReferenceService();
});
afterAll(() => reference.close());
afterEach(() => vi.restoreAllMocks());

const request = (changed: Partial<CliRequest> = {}): CliRequest => ({
  env: {},
  only: [],
  exclude: [],
  format: 'text',
  action: 'list',
  rerunFailed: false,
  mergeFrom: [],
  warnings: [],
  given: {},
  ...changed,
});

/** `--list` with what it logged and what it wrote on stdout. */
async function listed(changed: Partial<CliRequest>): Promise<{ code: number; lines: string[]; stdout: string }> {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
  const lines: string[] = [];
  const code = await list(request(changed), (line) => lines.push(line));
  vi.restoreAllMocks();
  return { code, lines, stdout: written.join('') };
}

const UNREACHABLE = { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k', REQUEST_TIMEOUT_MS: '2000' };

describe('--list', () => {
  test('without a target: the catalog, narrowed by --only and --exclude', async () => {
    expect(await listed({})).toEqual({ code: 0, lines: [catalogListing(INVENTORY)], stdout: '' });
    const narrowed = await listed({ only: ['agents', 'auth'], exclude: ['agents.get'] });
    expect(narrowed.lines).toEqual([catalogListing(INVENTORY, { only: ['agents', 'auth'], exclude: ['agents.get'] })]);
  });

  test('with --format json: the catalog as JSON on stdout, nothing logged', async () => {
    const { code, lines, stdout } = await listed({ format: 'json', only: ['auth'] });
    expect({ code, lines }).toEqual({ code: 0, lines: [] });
    expect(stdout).toBe(catalogJson(INVENTORY, { only: ['auth'], exclude: [] }));
  });

  test('refuses an --only item that names nothing', async () => {
    await expect(list(request({ only: ['NO-SUCH-THING'] }), () => {})).rejects.toThrow(ConfigError);
  });

  test('with a target: the catalog and the checks its published documents generate, as text or JSON', async () => {
    const env = referenceEnvironment(reference);
    const { operations } = await readGenericOperations(parseConfig(env));
    expect(operations.length).toBeGreaterThan(0);
    const text = await listed({ env });
    expect(text).toEqual({
      code: 0,
      lines: [`${catalogListing(INVENTORY)}\n\n${generatedListing(reference.url, operations)}`],
      stdout: '',
    });
    const json = await listed({ env, format: 'json' });
    expect(json.stdout).toBe(catalogJson(INVENTORY, { only: [], exclude: [] }, { baseUrl: reference.url, operations }));
  });

  test('with a target whose documents cannot be read: the catalog, then why, and exit 2', async () => {
    const text = await listed({ env: UNREACHABLE });
    expect(text.code).toBe(2);
    expect(text.lines[0]).toBe(catalogListing(INVENTORY));
    expect(text.lines[1]).toMatch(/^\nWhat http:\/\/127\.0\.0\.1:9 publishes could not be read: .*connection refused/);
    const json = await listed({ env: UNREACHABLE, format: 'json' });
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(json.lines).toEqual([text.lines[1]]);
  });
});
