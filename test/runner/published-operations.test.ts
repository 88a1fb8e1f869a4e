// What a target publishes beyond the specification's 20 endpoints, read before a run: the operations
// of the reference service's documents, and what kept documents from being read.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { publishedNames, readGenericOperations } from '../../lib/runner/published-operations.js';

let reference: RunningReference;

beforeAll(async () => {
  reference = await startReferenceService();
});
afterAll(() => reference.close());

const atReference = () => parseConfig(referenceEnvironment(reference));
const unreachable = () => parseConfig({ BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k', REQUEST_TIMEOUT_MS: '2000' });

describe('readGenericOperations', () => {
  test("reads the operations the target publishes beyond the 20 endpoints, none of the contract's", async () => {
    const { operations, problems } = await readGenericOperations(atReference());
    expect(problems).toEqual([]);
    expect(operations.map((operation) => operation.id)).toEqual(expect.arrayContaining(['listTestCases', 'getRun']));
    const contract = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    for (const operation of operations) expect(contract.has(`${operation.method} ${operation.path}`)).toBe(false);
  });

  test('says why nothing could be read from a target that cannot be reached', async () => {
    const { operations, problems } = await readGenericOperations(unreachable());
    expect(operations).toEqual([]);
    expect(problems.join('\n')).toMatch(/connection refused/);
  });
});

describe('publishedNames', () => {
  test('are the operation ids and the documents publishing them', async () => {
    const { operations } = await readGenericOperations(atReference());
    const names = await publishedNames(atReference());
    expect(names).toEqual(new Set(operations.flatMap((operation) => [operation.document, operation.id])));
    expect(names.has('listTestCases')).toBe(true);
    expect(names.has(operations[0]!.document)).toBe(true);
  });

  test('are none for a target that cannot be reached', async () => {
    expect(await publishedNames(unreachable())).toEqual(new Set());
  });
});
