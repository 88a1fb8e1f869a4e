// The targets of a worker, by the plan's names: connected once each (client, published documents,
// operations, memos).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { getTarget, type Target } from '../../lib/harness/target.js';
import type { TargetPlan } from '../../lib/protocol/plan.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';

let reference: RunningReference;
const connected: Target[] = [];
let named = 0;

/** A plan's target on the reference, under a name no other test uses (targets are kept by name). */
const planOf = (env: Record<string, string> = {}): TargetPlan => ({
  name: `target-test-${++named}`,
  config: parseConfig({ ...referenceEnvironment(reference), ...env }),
});
const connect = async (plan: TargetPlan): Promise<Target> => {
  const target = await getTarget(plan);
  connected.push(target);
  return target;
};

beforeAll(async () => {
  reference = await startReferenceService();
});
afterAll(async () => {
  for (const target of new Set(connected)) await target.client.close();
  await reference.close();
});

describe('getTarget', () => {
  test('connects a name once: its client, its published documents and the operations they publish', async () => {
    const plan = planOf();
    const [first, again] = await Promise.all([connect(plan), connect(plan)]);
    expect(again).toBe(first);
    expect(first.config).toBe(plan.config);
    expect(first.published).not.toBeNull();
    expect(first.responses).toEqual({ publishedSpec: first.published, strict: false });
    const ids = first.publishedOperations.map((operation) => operation.id);
    expect(ids).toEqual(expect.arrayContaining(['listTestCases', 'getRun']));
    expect(first.genericOperations.length).toBeGreaterThan(0);
    expect(first.genericOperations.length).toBeLessThan(first.publishedOperations.length);
    for (const operation of first.genericOperations) expect(first.publishedOperations).toContain(operation);
  });

  test('another name is another target, and the strict profile judges its responses strictly', async () => {
    const strict = await connect(planOf({ PROFILE: 'strict' }));
    expect(strict).not.toBe(await connect(planOf()));
    expect(strict.responses.strict).toBe(true);
  });

  test('a target without a base URL is refused, saying how to run the suite', async () => {
    await expect(getTarget({ name: `target-test-${++named}`, config: parseConfig({}) })).rejects.toThrow(
      /^BASE_URL is not set: run the suite through `npm run conformance`/,
    );
  });

  test("memo loads a key once per target, the first load's promise shared; another target loads its own", async () => {
    const [a, b] = [await connect(planOf()), await connect(planOf())];
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([a.memo('k', load), a.memo('k', load)])).toEqual([1, 1]);
    expect(await a.memo('other', load)).toBe(2);
    expect(await b.memo('k', load)).toBe(3);
  });
});
