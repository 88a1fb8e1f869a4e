// Agent mutations: configuration variants created under an agent, fetched and deleted only
// through it. Every check creates its own parent agent, so nothing depends on data the
// target already holds (the API cannot delete agents: their names carry the run marker);
// every mutation the suite creates is deleted at the end of the run.

import { isDeepStrictEqual } from 'node:util';
import { CONVENTIONAL_ERRORS, ERROR_CODES } from '../lib/contract/enums.js';
import { ID_RULES, matchesIdRule } from '../lib/contract/ids.js';
import { byteSize, fieldLimit } from '../lib/contract/limits.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { timestampMs } from '../lib/contract/timestamps.js';
import { echoMismatches } from '../lib/assert/echo.js';
import { charBounds, lengthLimitChecks } from '../lib/families/length-limits.js';
import { expectMissingNotFound, expectNearMissesRejected } from '../lib/families/path-ids.js';
import { expectTimestampOrder } from '../lib/families/resource-fields.js';
import { answerNames, detailFields, rejectsNaming } from '../lib/assert/error-details.js';
import { isSuccess } from '../lib/assert/responses.js';
import { agentBody, mutationBody } from '../lib/gen/bodies.js';
import { wellFormedId } from '../lib/gen/ids.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import type { JsonObject } from '../lib/util/json.js';

type Requirements = readonly RequirementId[];

const CREATE = 'POST /v1/agents/{agent_id}/mutations' satisfies EndpointKey;
const GET = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const DELETE = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const WRITES = { writes: true } as const;

// ---- parents and mutations ------------------------------------------------------------

/** The resource a successful call returned under its wrapper, if any. */
function returned(call: Call): JsonObject | undefined {
  if (!isSuccess(call) || !call.endpoint.wrapper) return undefined;
  const resource = (call.response.json as JsonObject)[call.endpoint.wrapper];
  return typeof resource === 'object' && resource !== null ? (resource as JsonObject) : undefined;
}

const idOf = (resource: JsonObject): string => String(resource['id']);

/** A new agent with a prompt, so `prompt` is on its configuration; the check is skipped when none can be made. */
async function newAgent(t: CheckContext, extra: JsonObject = {}): Promise<string> {
  const call = await t.call('POST /v1/agents', { json: agentBody(t.name('mutation parent'), { prompt: 'base prompt', ...extra }) });
  const id = returned(call)?.['id'];
  if (typeof id !== 'string') t.skip(`needs a parent agent, but POST /v1/agents answered ${call.response.status} without one (the agents group judges that)`);
  return id;
}

interface Parents {
  readonly agents: string[];
  /** How often each display name (case-folded) was sent in the check. */
  readonly uses: Map<string, number>;
}

const parentsByCheck = new WeakMap<CheckContext, Parents>();

function parentsOf(t: CheckContext): Parents {
  const parents = parentsByCheck.get(t) ?? { agents: [], uses: new Map<string, number>() };
  parentsByCheck.set(t, parents);
  return parents;
}

/** The check's own parent agents, made when first needed: `parent(t)` is the first, `parent(t, 1)` a second. */
async function parent(t: CheckContext, index = 0): Promise<string> {
  const { agents } = parentsOf(t);
  while (agents.length <= index) agents.push(await newAgent(t));
  return agents[index] as string;
}

/** A parent of the check under which `displayName` is still free: generated names may repeat, and names are unique per agent. */
async function parentFreeFor(t: CheckContext, displayName: string): Promise<string> {
  const { uses } = parentsOf(t);
  const key = displayName.toLowerCase();
  const earlier = uses.get(key) ?? 0;
  uses.set(key, earlier + 1);
  return parent(t, earlier);
}

/** POSTs a mutation; whatever is created is deleted at the end of the run. */
async function postMutation(t: CheckContext, agentId: string, body: JsonObject): Promise<Call> {
  const call = await t.call(CREATE, { params: { agent_id: agentId }, json: body });
  const created = returned(call);
  if (created) t.cleanup(() => t.call(DELETE, { params: { agent_id: agentId, mutation_id: idOf(created) } }));
  return call;
}

/** Creates a mutation that must be accepted; returns it unwrapped with its call. */
async function createMutation(t: CheckContext, agentId: string, body: JsonObject, requirements: Requirements = ['MUTATION-CREATE'], what = 'creating a mutation'): Promise<{ mutation: JsonObject; call: Call }> {
  const call = await postMutation(t, agentId, body);
  return { mutation: t.expectResource(call, requirements, what), call };
}

const fetchMutation = (t: CheckContext, agentId: string, mutationId: string): Promise<Call> =>
  t.call(GET, { params: { agent_id: agentId, mutation_id: mutationId } });

const deleteMutation = (t: CheckContext, agentId: string, mutationId: string): Promise<Call> =>
  t.call(DELETE, { params: { agent_id: agentId, mutation_id: mutationId } });

let serial = 0;
/** A display name no other mutation of the run has. */
const freshName = (t: CheckContext, label = 'variant'): string => t.name(`${label} ${++serial}`);

/** A mutation with every body field the spec lists. */
const fullMutation = (t: CheckContext): JsonObject => mutationBody(freshName(t, 'full variant'), {
  description: 'Shorter greeting, same booking flow',
  config_overrides: { prompt: 'variant prompt' },
  parameter_values: { prompt: 'variant prompt (shown)' },
});

// ---- reading defaults ------------------------------------------------------------------

/**
 * A field as the client reads it: left out means its default (proto3 JSON omits `""` and
 * null), so `description` reads as `""` and `update_time` as null. MUTATION-EXPLICIT-DEFAULTS
 * (strict) requires them present.
 */
const DEFAULTS_WHEN_ABSENT: Readonly<Record<string, unknown>> = { description: '', update_time: null };

function readField(mutation: JsonObject, field: string): unknown {
  const value = field in mutation ? mutation[field] : DEFAULTS_WHEN_ABSENT[field];
  // Timestamps compare as instants: `Z` and `+00:00`, or a different precision, write the same time.
  return field.endsWith('_time') && typeof value === 'string' ? timestampMs(value) : value;
}

const MUTATION_FIELDS = ['id', 'agent_id', 'display_name', 'description', 'config_overrides', 'parameter_values', 'create_time', 'update_time'];

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/** INVALID_ARGUMENT whose details name `field` or a key inside it. */
function expectInvalidWithin(t: CheckContext, call: Call, requirements: Requirements, field: string, what: string): void {
  t.expectRejection(call, [...requirements, 'ERROR-INVALID-ARGUMENT'], { code: ERROR_CODES.invalidArgument, conventionalStatus: 400 }, what);
  t.assert(answerNames(call, field), ['ERROR-DETAILS-FIELD'],
    `error details name neither "${field}" nor a key inside it (they name: ${detailFields(call).map((d) => JSON.stringify(d)).join(', ') || 'nothing'})`, call);
}

// ---- sizes -----------------------------------------------------------------------------

function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the limits table gives no ${what}`);
  return value;
}

const { low: OVERRIDES_LOW, high: OVERRIDES_HIGH } = defined(fieldLimit('mutation.config_overrides').maxAmbiguous, 'config_overrides size');
/** Under 10 KB however KB is read (1000 or 1024 bytes)... */
const SMALL_OVERRIDES = { prompt: 'x'.repeat(OVERRIDES_LOW - 100) };
/** ...and well over it either way. */
const LARGE_OVERRIDES = { prompt: 'x'.repeat(OVERRIDES_HIGH + 260) };

const DESCRIPTION_MAX = defined(fieldLimit('mutation.description').max, 'description maximum');

/** Bodies of the wrong JSON type for a field, one field at a time. */
const WRONG_TYPES = [
  { field: 'description', value: 42, why: 'a number' },
  { field: 'config_overrides', value: 'prompt=hello', why: 'a string' },
] as const;

describeGroup('mutations', () => {
  // ---- creating and reading back -------------------------------------------------------

  check(['MUTATION-CREATE'], 'a created mutation returns display_name, description, config_overrides and parameter_values as sent, and agent_id the parent', async (t) => {
    const agentId = await parent(t);
    const body = fullMutation(t);
    const { mutation, call } = await createMutation(t, agentId, body);
    const mismatches = echoMismatches({ ...body, agent_id: agentId }, mutation);
    t.assert(!mismatches.length, ['MUTATION-CREATE'], `the created mutation differs from what was sent: ${mismatches.join('; ')}`, call);
  }, WRITES);

  check(['MUTATION-GET'], 'GET returns the mutation as created', async (t) => {
    const agentId = await parent(t);
    const { mutation } = await createMutation(t, agentId, fullMutation(t));
    const call = await fetchMutation(t, agentId, idOf(mutation));
    const fetched = t.expectResource(call, ['MUTATION-GET'], 'fetching the created mutation');
    const differing = MUTATION_FIELDS.filter((field) => !isDeepStrictEqual(readField(mutation, field), readField(fetched, field)));
    const described = differing.map((field) => `${field} (created ${shown(mutation[field])}, fetched ${shown(fetched[field])})`);
    t.assert(!differing.length, ['MUTATION-GET'], `the fetched mutation differs from the created one in ${described.join('; ')}`, call);
  }, WRITES);

  check(['MUTATION-ID-FORMAT'], 'a mutation id is 26 alphanumeric characters', async (t) => {
    const { mutation, call } = await createMutation(t, await parent(t), mutationBody(freshName(t)));
    t.assert(matchesIdRule(ID_RULES.mutation, mutation['id']), ['MUTATION-ID-FORMAT'], `mutation id ${shown(mutation['id'])} is not 26 alphanumeric characters`, call);
  }, WRITES);

  check(['TIMESTAMP-ORDER'], 'a mutation, created and fetched, has no update_time before its create_time', async (t) => {
    const agentId = await parent(t);
    const { mutation, call } = await createMutation(t, agentId, mutationBody(freshName(t)));
    expectTimestampOrder(t, mutation, call);
    const fetch = await fetchMutation(t, agentId, idOf(mutation));
    expectTimestampOrder(t, t.expectResource(fetch, ['MUTATION-GET'], 'fetching the created mutation'), fetch);
  }, WRITES);

  // ---- display_name ----------------------------------------------------------------------

  check(['MUTATION-DISPLAY-NAME', 'REQUEST-MISSING-REQUIRED'], 'a mutation without display_name is rejected with INVALID_ARGUMENT naming display_name', async (t) => {
    const call = await postMutation(t, await parent(t), { description: 'no display name' });
    t.expectInvalidArgument(call, ['MUTATION-DISPLAY-NAME', 'REQUEST-MISSING-REQUIRED'], 'display_name', 'a mutation without display_name');
  }, WRITES);

  lengthLimitChecks({
    requirement: 'MUTATION-DISPLAY-NAME',
    field: 'display_name',
    bounds: charBounds('mutation.display_name'),
    send: async (t, value) => postMutation(t, await parentFreeFor(t, value), mutationBody(value)),
    acceptProperty: true,
    options: WRITES,
  });

  // Each display_name is unique among the active mutations of its agent, and only there.

  /** A mutation named like an active one of the same agent. */
  async function duplicate(t: CheckContext): Promise<Call> {
    const agentId = await parent(t);
    const name = freshName(t, 'twin');
    await createMutation(t, agentId, mutationBody(name), ['MUTATION-CREATE'], 'creating the first mutation');
    return postMutation(t, agentId, mutationBody(name, { description: 'the second of two' }));
  }

  check(['MUTATION-DISPLAY-NAME-UNIQUE'], 'a second active mutation of the agent with the same display_name is rejected', async (t) => {
    t.expectRejection(await duplicate(t), ['MUTATION-DISPLAY-NAME-UNIQUE'], {}, 'a mutation named like an active one of the same agent');
  }, WRITES);

  check(['MUTATION-DUPLICATE-ALREADY-EXISTS'], 'a duplicate display_name is rejected with ALREADY_EXISTS (HTTP 409)', async (t) => {
    t.expectRejection(await duplicate(t), ['MUTATION-DUPLICATE-ALREADY-EXISTS'], CONVENTIONAL_ERRORS.alreadyExists, 'a mutation named like an active one of the same agent');
  }, WRITES);

  check(['MUTATION-DISPLAY-NAME-PER-AGENT'], 'the same display_name is accepted under another agent', async (t) => {
    const name = freshName(t, 'shared name');
    await createMutation(t, await parent(t, 0), mutationBody(name), ['MUTATION-CREATE'], 'creating a mutation under the first agent');
    await createMutation(t, await parent(t, 1), mutationBody(name), ['MUTATION-DISPLAY-NAME-PER-AGENT'], 'creating a mutation of the same name under a second agent');
  }, WRITES);

  check(['MUTATION-DISPLAY-NAME-REUSABLE'], 'the display_name of a deleted mutation can be used again', async (t) => {
    const agentId = await parent(t);
    const name = freshName(t, 'reused name');
    const { mutation } = await createMutation(t, agentId, mutationBody(name), ['MUTATION-CREATE'], 'creating the first mutation');
    t.expectSuccess(await deleteMutation(t, agentId, idOf(mutation)), ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the first mutation');
    await createMutation(t, agentId, mutationBody(name), ['MUTATION-DISPLAY-NAME-REUSABLE'], 'creating a mutation with the deleted one\'s display_name');
  }, WRITES);

  // ---- description and update_time -------------------------------------------------------

  check(['MUTATION-DESCRIPTION'], 'description defaults to the empty string, on creation and on GET', async (t) => {
    const agentId = await parent(t);
    const { mutation, call } = await createMutation(t, agentId, mutationBody(freshName(t)));
    const fetch = await fetchMutation(t, agentId, idOf(mutation));
    const fetched = t.expectResource(fetch, ['MUTATION-GET'], 'fetching the created mutation');
    for (const [read, exchange] of [[mutation, call], [fetched, fetch]] as const) {
      t.assert(readField(read, 'description') === '', ['MUTATION-DESCRIPTION'], `description, not sent, should be "" (or left out), got ${shown(read['description'])}`, exchange);
    }
  }, WRITES);

  lengthLimitChecks({
    requirement: 'MUTATION-DESCRIPTION',
    field: 'description',
    bounds: { min: 0, max: DESCRIPTION_MAX },
    send: async (t, value) => postMutation(t, await parent(t), mutationBody(freshName(t), { description: value })),
    acceptProperty: true,
    options: WRITES,
  });

  check(['MUTATION-UPDATE-TIME-NULL'], 'a mutation never updated has update_time null, on creation and on GET', async (t) => {
    const agentId = await parent(t);
    const { mutation, call } = await createMutation(t, agentId, mutationBody(freshName(t)));
    const fetch = await fetchMutation(t, agentId, idOf(mutation));
    const fetched = t.expectResource(fetch, ['MUTATION-GET'], 'fetching the created mutation');
    for (const [read, exchange] of [[mutation, call], [fetched, fetch]] as const) {
      t.assert(readField(read, 'update_time') === null, ['MUTATION-UPDATE-TIME-NULL'], `update_time of a mutation never updated should be null (or left out), got ${shown(read['update_time'])}`, exchange);
    }
  }, WRITES);

  check(['MUTATION-EXPLICIT-DEFAULTS'], 'description "" and update_time null are present in the response, not left out', async (t) => {
    const { mutation, call } = await createMutation(t, await parent(t), mutationBody(freshName(t)));
    t.assert(mutation['description'] === '', ['MUTATION-EXPLICIT-DEFAULTS'], `description should be present as "", got ${shown(mutation['description'])}`, call);
    t.assert('update_time' in mutation && mutation['update_time'] === null, ['MUTATION-EXPLICIT-DEFAULTS'], `update_time should be present as null, got ${shown(mutation['update_time'])}`, call);
  }, WRITES);

  // ---- config_overrides and parameter_values ---------------------------------------------

  check(['MUTATION-CONFIG-OVERRIDES-KEYS'], 'config_overrides may override a key the parent has (prompt)', async (t) => {
    const body = mutationBody(freshName(t), { config_overrides: { prompt: 'override prompt' } });
    await createMutation(t, await parent(t), body, ['MUTATION-CONFIG-OVERRIDES-KEYS'], 'overriding prompt, which the parent agent has');
  }, WRITES);

  check(['MUTATION-CONFIG-OVERRIDES-KEYS'], 'config_overrides with a key the parent lacks is rejected with INVALID_ARGUMENT naming config_overrides', async (t) => {
    const call = await postMutation(t, await parent(t), mutationBody(freshName(t), { config_overrides: { no_such_key_cft: 'x' } }));
    expectInvalidWithin(t, call, ['MUTATION-CONFIG-OVERRIDES-KEYS'], 'config_overrides', 'overriding a key the parent agent lacks');
  }, WRITES);

  check(['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'], `config_overrides of ${byteSize(SMALL_OVERRIDES)} bytes (under 10 KB) is accepted`, async (t) => {
    const body = mutationBody(freshName(t), { config_overrides: SMALL_OVERRIDES });
    await createMutation(t, await parent(t), body, ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'], `config_overrides of ${byteSize(SMALL_OVERRIDES)} bytes`);
  }, WRITES);

  check(['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'], `config_overrides of ${byteSize(LARGE_OVERRIDES)} bytes (over 10 KB) is rejected with INVALID_ARGUMENT`, async (t) => {
    const call = await postMutation(t, await parent(t), mutationBody(freshName(t), { config_overrides: LARGE_OVERRIDES }));
    expectInvalidWithin(t, call, ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'], 'config_overrides', `config_overrides of ${byteSize(LARGE_OVERRIDES)} bytes`);
  }, WRITES);

  check(['MUTATION-PARAMETER-VALUES-DERIVED'], 'without parameter_values, flat string overrides come back as parameter_values', async (t) => {
    const overrides = { prompt: 'hello' };
    const { mutation, call } = await createMutation(t, await parent(t), mutationBody(freshName(t), { config_overrides: overrides }));
    t.assert(isDeepStrictEqual(mutation['parameter_values'], overrides), ['MUTATION-PARAMETER-VALUES-DERIVED'],
      `parameter_values derived from config_overrides ${JSON.stringify(overrides)} should be the same pairs, got ${shown(mutation['parameter_values'])}`, call);
  }, WRITES);

  check(['MUTATION-PARAMETER-VALUES-DERIVED'], 'parameter_values given are kept as given', async (t) => {
    const given = { tone: 'friendly' };
    const body = mutationBody(freshName(t), { config_overrides: { prompt: 'hello' }, parameter_values: given });
    const { mutation, call } = await createMutation(t, await parent(t), body);
    t.assert(isDeepStrictEqual(mutation['parameter_values'], given), ['MUTATION-PARAMETER-VALUES-DERIVED'],
      `parameter_values sent as ${JSON.stringify(given)} came back as ${shown(mutation['parameter_values'])}`, call);
  }, WRITES);

  check(['MUTATION-PARAMETER-VALUES-DERIVED'], 'parameter_values derived from a non-string override hold strings', async (t) => {
    // Overrides a number inside the parent's workflows: whatever the flattening notation, the values are strings.
    const agentId = await newAgent(t, { workflows: { retries: 2 } });
    const call = await postMutation(t, agentId, mutationBody(freshName(t), { config_overrides: { workflows: { retries: 3 } } }));
    if (rejectsNaming(call, 'config_overrides', 'workflows')) t.skip('the target does not count workflows as overridable configuration (which keys count is not shown)');
    const values = t.expectResource(call, ['MUTATION-CREATE'], 'overriding workflows.retries with a number')['parameter_values'];
    const entries = typeof values === 'object' && values !== null ? Object.values(values) : [];
    t.assert(entries.length > 0 && entries.every((value) => typeof value === 'string'), ['MUTATION-PARAMETER-VALUES-DERIVED'],
      `parameter_values derived from {"workflows":{"retries":3}} should be string pairs, got ${shown(values)}`, call);
  }, WRITES);

  // ---- deletion ----------------------------------------------------------------------------

  check(['MUTATION-DELETE-IDEMPOTENT'], 'deleting a mutation succeeds, and deleting it again succeeds too', async (t) => {
    const agentId = await parent(t);
    const { mutation } = await createMutation(t, agentId, mutationBody(freshName(t)));
    t.expectSuccess(await deleteMutation(t, agentId, idOf(mutation)), ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation');
    t.expectSuccess(await deleteMutation(t, agentId, idOf(mutation)), ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation a second time');
  }, WRITES);

  /** A mutation created and deleted; returns its path parameters. */
  async function deleted(t: CheckContext): Promise<{ agent_id: string; mutation_id: string }> {
    const agentId = await parent(t);
    const { mutation } = await createMutation(t, agentId, mutationBody(freshName(t)));
    t.expectSuccess(await deleteMutation(t, agentId, idOf(mutation)), ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation');
    return { agent_id: agentId, mutation_id: idOf(mutation) };
  }

  check(['MUTATION-DELETE-GONE'], 'a deleted mutation can no longer be fetched', async (t) => {
    const params = await deleted(t);
    t.expectRejection(await t.call(GET, { params }), ['MUTATION-DELETE-GONE'], {}, 'fetching a deleted mutation');
  }, WRITES);

  check(['MISSING-RESOURCE-NOT-FOUND'], 'fetching a deleted mutation answers NOT_FOUND (HTTP 404)', async (t) => {
    await expectMissingNotFound(t, GET, await deleted(t));
  }, WRITES);

  // ---- scope: a mutation belongs to its agent -----------------------------------------------

  /** A mutation under the first parent, and a second parent it does not belong to. */
  async function mutationAndStranger(t: CheckContext): Promise<{ owner: string; stranger: string; mutationId: string }> {
    const owner = await parent(t, 0);
    const { mutation } = await createMutation(t, owner, mutationBody(freshName(t)));
    return { owner, stranger: await parent(t, 1), mutationId: idOf(mutation) };
  }

  /** The mutation is still there under its own agent. */
  async function expectIntact(t: CheckContext, owner: string, mutationId: string, after: string): Promise<void> {
    const call = await fetchMutation(t, owner, mutationId);
    const fetched = t.expectResource(call, ['MUTATION-SCOPED-TO-AGENT'], `fetching the mutation under its own agent after ${after}`);
    t.assert(fetched['id'] === mutationId, ['MUTATION-SCOPED-TO-AGENT'], `fetching mutation ${mutationId} under its own agent returned id ${shown(fetched['id'])}`, call);
  }

  check(['MUTATION-SCOPED-TO-AGENT'], 'GET of a mutation under another agent fails, and it stays reachable under its own', async (t) => {
    const { owner, stranger, mutationId } = await mutationAndStranger(t);
    t.expectRejection(await fetchMutation(t, stranger, mutationId), ['MUTATION-SCOPED-TO-AGENT'], {}, 'fetching a mutation under an agent it does not belong to');
    await expectIntact(t, owner, mutationId, 'a GET under another agent');
  }, WRITES);

  check(['MUTATION-SCOPED-TO-AGENT'], 'DELETE of a mutation under another agent leaves it intact', async (t) => {
    const { owner, stranger, mutationId } = await mutationAndStranger(t);
    // The answer itself is open: an error, or the success idempotent deletion gives for what is not there.
    await deleteMutation(t, stranger, mutationId);
    await expectIntact(t, owner, mutationId, 'a DELETE under another agent');
  }, WRITES);

  /** A mutation sent under a well-formed agent id that names no agent. */
  const orphan = (t: CheckContext): Promise<Call> => postMutation(t, wellFormedId(ID_RULES.agent, 43), mutationBody(freshName(t, 'orphan')));

  check(['MUTATION-PARENT-MUST-EXIST'], 'creating a mutation under an agent that does not exist fails', async (t) => {
    t.expectRejection(await orphan(t), ['MUTATION-PARENT-MUST-EXIST'], {}, 'creating a mutation under a well-formed agent id that names no agent');
  }, WRITES);

  check(['MISSING-RESOURCE-NOT-FOUND'], 'creating a mutation under an agent that does not exist answers NOT_FOUND (HTTP 404)', async (t) => {
    t.expectRejection(await orphan(t), ['MISSING-RESOURCE-NOT-FOUND'], CONVENTIONAL_ERRORS.notFound, 'creating a mutation under a well-formed agent id that names no agent');
  }, WRITES);

  // ---- path IDs and malformed requests -------------------------------------------------------

  for (const endpoint of [GET, DELETE] as const) {
    for (const param of ['mutation_id', 'agent_id'] as const) {
      check(['PATH-ID-FORMAT'], `${endpoint} with a near miss of ${param} is rejected with INVALID_ARGUMENT naming ${param}`, async (t) => {
        // The other parameter names a real mutation and agent, so the near miss is the only thing wrong.
        const agentId = await parent(t);
        const { mutation } = await createMutation(t, agentId, mutationBody(freshName(t)));
        await expectNearMissesRejected(t, endpoint, param, { agent_id: agentId, mutation_id: idOf(mutation) });
      }, WRITES);
    }
  }

  for (const { field, value, why } of WRONG_TYPES) {
    check(['REQUEST-WRONG-TYPE'], `${field} given as ${why} is rejected with INVALID_ARGUMENT naming ${field}`, async (t) => {
      const call = await postMutation(t, await parent(t), mutationBody(freshName(t), { [field]: value }));
      t.expectInvalidArgument(call, ['REQUEST-WRONG-TYPE'], field, `${field} given as ${why}`);
    }, WRITES);
  }

  check(['REQUEST-MALFORMED-JSON'], 'a mutation body that is not valid JSON is rejected with INVALID_ARGUMENT', async (t) => {
    const call = await t.call(CREATE, { params: { agent_id: await parent(t) }, rawBody: '{"display_name": ' });
    t.expectInvalidArgument(call, ['REQUEST-MALFORMED-JSON'], undefined, 'a body that is not valid JSON');
  }, WRITES);
});
