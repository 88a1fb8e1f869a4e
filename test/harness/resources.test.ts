// The resource layer against the reference service: each create sends a valid body with the
// check's fields over it and the name marked, hands back the resource, the exchange and the
// body as sent; mutations get parents per check, names new on the target, and a deletion
// registered for what was created (and only that), run when the check ends and judged.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { ID_RULES } from '../../lib/contract/ids.js';
import { VALID_PHONE } from '../../lib/gen/bodies.js';
import { wellFormedId } from '../../lib/gen/ids.js';
import { CheckContext } from '../../lib/harness/context.js';
import { metricOutputs, simulationIds } from '../../lib/harness/discovery.js';
import { type Creator, Mutations, sentBody } from '../../lib/harness/resources.js';
import { getTarget } from '../../lib/harness/target.js';
import type { TargetPlan } from '../../lib/protocol/plan.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';

const MARKER = 'cft-resources';

let reference: RunningReference;
let target: TargetPlan;

beforeAll(async () => {
  reference = await startReferenceService();
  target = { name: 'reference', config: parseConfig({ ...referenceEnvironment(reference), AES_RUN_MARKER: MARKER }) };
});
afterAll(async () => {
  await (await getTarget(target)).client.close();
  await reference.close();
});

/** A check's context on the reference, as check() makes one. */
const contextOf = async (): Promise<CheckContext> => new CheckContext(await getTarget(target));

/** The check's context with `cleanup` and `call` changed: to see what the layer registers, or to make the target refuse. */
const creatorOf = (t: CheckContext, changed: Partial<Creator>): Creator => ({
  config: t.config,
  call: (key, spec) => t.call(key, spec),
  expectResource: (call, requirements, what) => t.expectResource(call, requirements, what),
  name: (label) => t.name(label),
  cleanup: (deletion, requirements) => t.cleanup(deletion, requirements),
  memo: (key, load) => t.memo(key, load),
  skip: (reason) => t.skip(reason),
  ...changed,
});

describe('agents', () => {
  test('create sends the fields over a valid agent named `<marker> agent` and returns the agent, the exchange and the body', async () => {
    const t = await contextOf();
    const { agent, call, sent } = await t.agents.create({ prompt: 'hello' });
    expect(sent).toEqual({
      display_name: `${MARKER} agent`,
      model_type: 'MODEL_TYPE_VOICE',
      phone_number: VALID_PHONE,
      prompt: 'hello',
    });
    expect(call.endpoint.key).toBe('POST /v1/agents');
    expect(agent).toMatchObject(sent);
  });

  test('a given name gets the marker over its first characters, its length kept; a marked or short one is sent as given', async () => {
    const t = await contextOf();
    const nameSent = async (displayName: string) =>
      sentBody(await t.agents.send({ display_name: displayName }))['display_name'];
    expect(await nameSent('x'.repeat(40))).toBe(`${MARKER} ${'x'.repeat(40 - MARKER.length - 1)}`);
    expect(await nameSent(t.name('front desk'))).toBe(`${MARKER} front desk`);
    expect(await nameSent('a')).toBe('a');
  });

  test("a field set to undefined is left out, and the answer is the check's to judge", async () => {
    const t = await contextOf();
    const call = await t.agents.send({ display_name: undefined });
    expect(Object.keys(sentBody(call))).toEqual(['model_type', 'phone_number']);
    expect(call.response.status).toBe(400);
  });
});

describe('mutations', () => {
  test('a check keeps its parents; another check gets its own; a name given twice gets a second parent', async () => {
    const t = await contextOf();
    const first = await t.mutations.parent();
    expect(await t.mutations.parent()).toBe(first);
    expect(await (await contextOf()).mutations.parent()).not.toBe(first);
    expect(await t.mutations.parentFreeFor('Twin')).toBe(first);
    expect(await t.mutations.parentFreeFor('twin')).toBe(await t.mutations.parent(1));
  });

  test('default names are new on the target, across checks', async () => {
    const [t, u] = [await contextOf(), await contextOf()];
    const names = [
      (await t.mutations.create(await t.mutations.parent())).sent['display_name'],
      (await t.mutations.create(await t.mutations.parent())).sent['display_name'],
      (await u.mutations.create(await u.mutations.parent())).sent['display_name'],
    ];
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(new RegExp(`^${MARKER} mutation \\d+$`));
  });

  test('what is created is deleted when the check ends, once', async () => {
    const t = await contextOf();
    const agentId = await t.mutations.parent();
    const { mutation } = await t.mutations.create(agentId);
    const params = { agent_id: agentId, mutation_id: String(mutation['id']) };
    expect((await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', { params })).response.status).toBe(200);
    expect(await t.deleteCreated()).toEqual([]);
    expect((await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', { params })).response.status).toBe(404);
    const sent = t.exchanges.length;
    await t.deleteCreated();
    expect(t.exchanges).toHaveLength(sent);
  });

  test('each deletion is judged: a refusal comes back as the violation of the rule, a success as nothing', async () => {
    const t = await contextOf();
    const agentId = await t.mutations.parent();
    const { mutation } = await t.mutations.create(agentId);
    // A second deletion of a mutation that does not exist under another agent: the target refuses it.
    const params = { agent_id: wellFormedId(ID_RULES.agent, 44), mutation_id: String(mutation['id']) };
    t.cleanup(
      () => t.call('DELETE /v1/agents/{agent_id}/mutations/{mutation_id}', { params }),
      ['MUTATION-DELETE-IDEMPOTENT'],
    );
    const refused = await t.deleteCreated();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      requirements: ['MUTATION-DELETE-IDEMPOTENT'],
      summary: expect.stringMatching(/^deleting what the check created should succeed/),
    });
    expect(refused[0]!.exchange?.response.status).toBeGreaterThanOrEqual(400);
  });

  test('a deletion is registered only for what was created', async () => {
    const t = await contextOf();
    const registered: Array<() => Promise<unknown>> = [];
    const mutations = new Mutations(creatorOf(t, { cleanup: (deletion) => void registered.push(deletion) }));
    await mutations.send(await mutations.parent());
    await mutations.send(wellFormedId(ID_RULES.agent, 43));
    await mutations.send(await mutations.parent(), { display_name: '' });
    expect(registered).toHaveLength(1);
  });

  test('a parent that cannot be made skips the check, leaving the judgement to the agents group', async () => {
    const t = await contextOf();
    const refused = creatorOf(t, {
      call: (key, spec) => t.call(key, key === 'POST /v1/agents' ? { ...spec, json: {} } : spec),
      skip: (reason) => {
        throw new Error(`skipped: ${reason}`);
      },
    });
    await expect(new Mutations(refused).parent()).rejects.toThrow(
      /skipped: needs a parent agent, but POST \/v1\/agents answered 400 .*the agents group judges that/,
    );
  });
});

describe('test cases and review projects', () => {
  test('a test case is sent with the test set chosen once for the target and input_str `<marker> test case`', async () => {
    const t = await contextOf();
    const { testCase, sent } = await t.testCases.create({ description: 'a refund' });
    expect(sent).toEqual({
      input_str: `${MARKER} test case`,
      test_set_id: await t.testCases.testSetId(),
      description: 'a refund',
    });
    expect(testCase).toMatchObject(sent);
  });

  test('a review project links what the check found and is named `<marker> review project`', async () => {
    const t = await contextOf();
    const simulationId = (await simulationIds(t))[0] as string;
    const metricId = String((await metricOutputs(t, simulationId))[0]?.['metric_id']);
    const { reviewProject, sent } = await t.reviewProjects.create({ simulationId, metricId }, { notifications: false });
    expect(sent).toMatchObject({
      display_name: `${MARKER} review project`,
      linked_simulation_ids: [simulationId],
      linked_metric_ids: [metricId],
      notifications: false,
    });
    expect(reviewProject['display_name']).toBe(`${MARKER} review project`);
  });
});
