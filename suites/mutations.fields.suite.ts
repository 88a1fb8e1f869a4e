// Agent mutations: the rules of each body field. display_name (required, its length, unique
// among the active mutations of its agent and only there), the length of description, which
// keys config_overrides may hold and how large it may be, and the parameter_values derived
// from it. Every check makes its own parent agents; every mutation is deleted at the end.

import { isDeepStrictEqual } from 'node:util';
import { CONVENTIONAL_ERRORS } from '../lib/contract/enums.js';
import { byteSize, fieldLimit } from '../lib/contract/limits.js';
import { DEFINITIONS } from '../lib/contract/schemas.js';
import { LIST_ENDPOINTS } from '../lib/contract/list-endpoints.js';
import { rejectsNaming } from '../lib/assert/error-details.js';
import { charBounds, lengthLimitChecks } from '../lib/families/length-limits.js';
import { expectEcho } from '../lib/families/agents.js';
import {
  createdAndFetched,
  expectDistinctNamesCreated,
  expectMutationReadBack,
  expectOtherSpellingsRefused,
  fetchMutation,
  MUTATION_JUDGE,
  OTHER_SPELLINGS,
} from '../lib/families/mutations.js';
import { CONFIG_KEYS, EXPLORED_TYPES, fullConfiguration } from '../lib/explore/configuration.js';
import { configField, probeConfigField } from '../lib/families/simulator-config.js';
import { typedAgentBody } from '../lib/gen/agent-bodies.js';
import { twoByteText } from '../lib/gen/strings.js';
import { UNLISTED_NAMES } from '../lib/gen/values.js';
import { allEnded, check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import { createdIn, PARENT_PROMPT } from '../lib/harness/resources.js';
import { isSuccess } from '../lib/assert/responses.js';
import { errorCodeOf } from '../lib/assert/retryable.js';
import { atOnce } from '../lib/families/at-once.js';
import { expectNotServed, settled } from '../lib/families/deletion.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import type { JsonObject } from '../lib/util/json.js';
import type { ModelType } from '../lib/contract/enums.js';

const DELETE = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const WRITES = { writes: true } as const;

/** The largest default page size of the specification's lists: a uniqueness lookup one page deep stops there. */
const LARGEST_DEFAULT_PAGE = Math.max(...LIST_ENDPOINTS.map((list) => list.pageSize.default));
/** Active mutations under one agent, past a page of any size a lookup would use by default. */
const PAST_A_PAGE = LARGEST_DEFAULT_PAGE + 1;

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

const OVERRIDES_SIZE = fieldLimit('mutation.config_overrides').maxAmbiguous;
if (!OVERRIDES_SIZE) throw new Error('the limits table gives no config_overrides size');
/** Under 10 KB however KB is read (1000 or 1024 bytes)... */
const SMALL_OVERRIDES = { prompt: 'x'.repeat(OVERRIDES_SIZE.low - 100) };
/** ...and well over it either way, in two-byte characters: bytes, not characters, are what the limit counts. */
const LARGE_OVERRIDES = { prompt: twoByteText(OVERRIDES_SIZE.high + 260) };
/** The most characters a description may have. */
const DESCRIPTION_MAX = fieldLimit('mutation.description').max;
if (DESCRIPTION_MAX === undefined) throw new Error('the limits table gives no description length');

/**
 * Keys a parent of `modelType` holds that its type's table does not list: one only this suite sets, and one another
 * type's table lists (CHAT's response_format, or OUTBOUND_VOICE's phone_number_key on a CHAT parent), with a value that
 * type's rule takes too.
 */
const UNLISTED_KEYS = (modelType: ModelType): JsonObject => ({
  cft_voice_speed: 'gentle',
  ...(modelType === 'MODEL_TYPE_CHAT' ? { phone_number_key: 'to' } : { response_format: 'responses' }),
});

/** Values an override gives a key instead of the parent's (each one a correct server takes for the key, in any type). */
const OTHER_VALUES: Readonly<Record<string, readonly unknown[]>> = {
  ...Object.fromEntries(Object.values(CONFIG_KEYS).flatMap((keys) => keys.map(({ key, values }) => [key, values]))),
  chat_endpoint: ['https://example.com/v2/messages'],
  endpoint: ['wss://example.com/agent/v2'],
  initialization_json: ['{"type":"session.resume"}'],
  cft_voice_speed: ['firm'],
  response_format: ['chat_completions', 'responses'],
  phone_number_key: ['callee.number', 'to'],
};

/** A value of `key` other than the parent's `current`. */
function otherValue(key: string, current: unknown): unknown {
  const other = (OTHER_VALUES[key] ?? []).find((value) => !isDeepStrictEqual(value, current));
  if (other === undefined) throw new Error(`no other value for the configuration key ${key}`);
  return other;
}

/** A mutation named like an active one of the same agent (`first`, under `agentId`). */
async function duplicate(t: CheckContext): Promise<{ call: Call; agentId: string; first: JsonObject }> {
  const agentId = await t.mutations.parent();
  const { mutation, sent } = await t.mutations.create(agentId, {}, ['MUTATION-CREATE'], 'creating the first mutation');
  return {
    call: await t.mutations.send(agentId, { display_name: sent['display_name'], description: 'the second of two' }),
    agentId,
    first: mutation,
  };
}

/** Names every JavaScript object inherits, none of them a configuration key. */
const INHERITED_KEYS = UNLISTED_NAMES.filter((name) => name !== 'deleted');
/** Columns of an agent's stored row that are no configuration: its soft-delete flag, and the fields the service sets. */
const ROW_COLUMNS = ['deleted', 'id', 'create_time', 'update_time'];

describeGroup('mutations', () => {
  // ---- display_name ----------------------------------------------------------------------

  check(
    'mutations.fields.mutation-without-display-name-rejected',
    ['MUTATION-DISPLAY-NAME', 'REQUEST-MISSING-REQUIRED'],
    'a mutation without display_name is rejected with INVALID_ARGUMENT naming display_name',
    async (t) => {
      const call = await t.mutations.send(await t.mutations.parent(), {
        display_name: undefined,
        description: 'no display name',
      });
      t.expectInvalidArgument(
        call,
        ['MUTATION-DISPLAY-NAME', 'REQUEST-MISSING-REQUIRED'],
        'display_name',
        'a mutation without display_name',
      );
    },
    WRITES,
  );

  lengthLimitChecks({
    requirement: 'MUTATION-DISPLAY-NAME',
    field: 'display_name',
    bounds: charBounds('mutation.display_name'),
    send: async (t, value) => t.mutations.send(await t.mutations.parentFreeFor(value), { display_name: value }),
    acceptProperty: true,
    options: WRITES,
    judge: MUTATION_JUDGE,
  });

  check(
    'mutations.fields.second-active-mutation-agent-same',
    ['MUTATION-DISPLAY-NAME-UNIQUE', 'MUTATION-UPDATE-TIME-NULL'],
    'a second active mutation of the agent with the same display_name is rejected, and the first is left never updated (update_time null)',
    async (t) => {
      const { call, agentId, first } = await duplicate(t);
      t.expectRejection(
        call,
        ['MUTATION-DISPLAY-NAME-UNIQUE'],
        {},
        'a mutation named like an active one of the same agent',
      );
      // A refused request changes nothing: the first mutation was never updated (an omitted update_time reads as null).
      const fetch = await fetchMutation(t, agentId, first['id']);
      const updateTime = t.expectResource(fetch, ['MUTATION-GET'], 'fetching the first mutation')['update_time'];
      t.assert(
        updateTime === null || updateTime === undefined,
        ['MUTATION-UPDATE-TIME-NULL'],
        `update_time of the first mutation, never updated (only a refused duplicate followed), should be null, got ${shown(updateTime)}`,
        fetch,
      );
    },
    WRITES,
  );

  // A name held only against the first page of a lookup (ten, or the lists' default fifty) is one no one reads past.
  check(
    'mutations.fields.display-name-unique-past-a-page',
    ['MUTATION-DISPLAY-NAME-UNIQUE'],
    `with ${PAST_A_PAGE} active mutations under one agent (more than the lists' default page of ${LARGEST_DEFAULT_PAGE}), a new one named like the last or the first is rejected`,
    async (t) => {
      const agentId = await t.mutations.parent();
      const names: unknown[] = [];
      // Created in order, so "first" and "last" mean what a server's store order may make of them.
      for (let i = 0; i < PAST_A_PAGE; i++)
        names.push(
          (await t.mutations.create(agentId, {}, ['MUTATION-CREATE'], `creating mutation ${i + 1}`)).sent[
            'display_name'
          ],
        );
      for (const [which, name] of [
        ['last', names.at(-1)],
        ['first', names[0]],
      ] as const) {
        const call = await t.mutations.send(agentId, { display_name: name, description: `named like the ${which}` });
        t.expectRejection(
          call,
          ['MUTATION-DISPLAY-NAME-UNIQUE'],
          {},
          `a mutation named like the ${which} of the agent's ${PAST_A_PAGE} active mutations`,
        );
      }
    },
    WRITES,
  );

  // A name held unique through a slug of it, or an index on its first characters or bytes, refuses other names.
  check(
    'mutations.fields.display-names-nearly-alike-distinct',
    ['MUTATION-CREATE', 'MUTATION-DISPLAY-NAME-UNIQUE', 'READ-BACK-UNCHANGED'],
    `names that differ only in blanks or punctuation, or at ${fieldLimit('mutation.display_name').max} characters only in their last (one-byte and three-byte characters), names differing only in an astral character, and names every object inherits (constructor, __proto__, …), are each created under one agent and read back as sent; a true duplicate of each is rejected`,
    async (t) => expectDistinctNamesCreated(t),
    WRITES,
  );

  check(
    'mutations.fields.duplicate-display-name-rejected-already',
    ['MUTATION-DUPLICATE-ALREADY-EXISTS'],
    'a duplicate display_name is rejected with ALREADY_EXISTS (HTTP 409)',
    async (t) => {
      t.expectRejection(
        (await duplicate(t)).call,
        ['MUTATION-DUPLICATE-ALREADY-EXISTS'],
        CONVENTIONAL_ERRORS.alreadyExists,
        'a mutation named like an active one of the same agent',
      );
    },
    WRITES,
  );

  check(
    'mutations.fields.same-display-name-accepted-under',
    ['MUTATION-DISPLAY-NAME-PER-AGENT'],
    'the same display_name is accepted under another agent',
    async (t) => {
      const { sent } = await t.mutations.create(
        await t.mutations.parent(0),
        {},
        ['MUTATION-CREATE'],
        'creating a mutation under the first agent',
      );
      await t.mutations.create(
        await t.mutations.parent(1),
        { display_name: sent['display_name'] },
        ['MUTATION-DISPLAY-NAME-PER-AGENT'],
        'creating a mutation of the same name under a second agent',
      );
    },
    WRITES,
  );

  check(
    'mutations.fields.display-name-deleted-mutation-can',
    ['MUTATION-DISPLAY-NAME-REUSABLE', 'MUTATION-DISPLAY-NAME-UNIQUE'],
    'the display_name of a deleted mutation can be used again, and is then taken by the new one',
    async (t) => {
      const agentId = await t.mutations.parent();
      const { mutation, sent } = await t.mutations.create(
        agentId,
        {},
        ['MUTATION-CREATE'],
        'creating the first mutation',
      );
      const deletion = await t.call(DELETE, { params: { agent_id: agentId, mutation_id: String(mutation['id']) } });
      t.expectSuccess(deletion, ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the first mutation');
      await t.mutations.create(
        agentId,
        { display_name: sent['display_name'] },
        ['MUTATION-DISPLAY-NAME-REUSABLE'],
        "creating a mutation with the deleted one's display_name",
      );
      const third = await t.mutations.send(agentId, {
        display_name: sent['display_name'],
        description: 'the third of three',
      });
      t.expectRejection(
        third,
        ['MUTATION-DISPLAY-NAME-UNIQUE'],
        {},
        "a mutation named like the active one that reused a deleted one's display_name",
      );
    },
    WRITES,
  );

  // Two creates of one new name at the same moment: uniqueness among active mutations lets at most one be created. A
  // refusal with ALREADY_EXISTS says a mutation of that name exists, so when neither was created that claim must hold:
  // the name is taken afterwards (judged within the time a write is given to show). ABORTED (retry) claims nothing.
  check(
    'mutations.fields.same-name-at-once-one-kept',
    ['MUTATION-CREATE', 'MUTATION-DISPLAY-NAME-UNIQUE'],
    'two mutations of one new display_name created under one agent at the same moment: at most one is created, the other refused with a 4xx, never a 5xx; when neither is created and a refusal said ALREADY_EXISTS, a mutation of that name exists, so a later create of the name is refused too',
    async (t) => {
      const agentId = await t.mutations.parent();
      const display_name = t.name('mutation named twice at once');
      const send = (): Promise<Call> => t.mutations.send(agentId, { display_name });
      const calls = await atOnce([send, send]);
      const what = 'one of two mutations of one new display_name created at the same moment';
      const made = calls.filter((call) => {
        if (isSuccess(call)) return t.expectResource(call, ['MUTATION-CREATE'], what);
        expectNotServed(t, call, ['MUTATION-CREATE'], what, 'a refusal of a valid create is a 4xx');
        return false;
      });
      t.assert(
        made.length < 2,
        ['MUTATION-DISPLAY-NAME-UNIQUE'],
        `two mutations of one new display_name created under one agent at the same moment were both created (ids ${made.map((call) => JSON.stringify(createdIn(call)?.['id'] ?? null)).join(', ')}): the name is unique among active mutations`,
        calls[1],
      );
      if (made.length || !calls.some((call) => errorCodeOf(call) === CONVENTIONAL_ERRORS.alreadyExists.code)) return;
      let later: Call | undefined;
      const problem = await settled(async () => {
        later = await send();
        const mutation = createdIn(later);
        if (!mutation) return undefined;
        // Deleted at once, so the next attempt asks about the name again (and not about this one).
        await t.call(DELETE, { params: { agent_id: agentId, mutation_id: String(mutation['id']) } });
        return 'a later create of the name succeeded';
      });
      t.assert(
        problem === undefined,
        ['MUTATION-DISPLAY-NAME-UNIQUE'],
        `two mutations of one new display_name created at the same moment were both refused, one with ALREADY_EXISTS (a mutation of that name exists), yet ${problem ?? ''}, within the time a write is given to show: no mutation holds the name`,
        later,
      );
    },
    WRITES,
  );

  // ---- description ---------------------------------------------------------------------------

  lengthLimitChecks({
    requirement: 'MUTATION-DESCRIPTION',
    field: 'description',
    bounds: charBounds('mutation.description'),
    send: async (t, value) => t.mutations.send(await t.mutations.parent(), { description: value }),
    acceptProperty: true,
    lines: true,
    options: WRITES,
    judge: MUTATION_JUDGE,
  });

  // ---- config_overrides and parameter_values ---------------------------------------------

  check(
    'mutations.fields.config-overrides-may-override-key',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    'config_overrides may override a key the parent has (prompt)',
    async (t) => {
      await t.mutations.create(
        await t.mutations.parent(),
        { config_overrides: { prompt: 'override prompt' } },
        ['MUTATION-CONFIG-OVERRIDES-KEYS'],
        'overriding prompt, which the parent agent has',
      );
    },
    WRITES,
  );

  check(
    'mutations.fields.config-overrides-key-false-on-parent',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    'config_overrides may override a configuration key the parent holds as false (a CHAT strip_message_timestamps)',
    async (t) => {
      // A key holding false is a key the parent has: only a value test (`if (config[key])`) would say otherwise.
      const field = await configField(t);
      const parent = await t.mutations.newParent(
        typedAgentBody('MODEL_TYPE_CHAT', t.name('mutation parent'), {
          configField: field,
          config: { strip_message_timestamps: false },
        }),
      );
      await t.mutations.create(
        parent,
        { config_overrides: { strip_message_timestamps: true } },
        ['MUTATION-CONFIG-OVERRIDES-KEYS'],
        'overriding strip_message_timestamps, which the parent agent holds as false',
      );
    },
    WRITES,
  );

  // "Keys must exist on the parent agent configuration": every key that does may be overridden, whether the type's table
  // lists it or not; and the overrides are a "delta merged with the parent agent configuration at runtime", so one key
  // alone (without the keys the type requires) is a whole override, never held against the type's rules as a configuration.
  check(
    'mutations.fields.config-overrides-each-parent-key-alone',
    ['MUTATION-CONFIG-OVERRIDES-KEYS', 'MUTATION-CREATE'],
    `under a parent of every type whose configuration holds its table's keys, a key only it set and a key another type's table lists, a mutation overriding each key alone (without the keys the type requires), and one overriding a single key inside metadata, is accepted and returned as sent`,
    async (t) => {
      const field = await configField(t);
      const reqs = ['MUTATION-CONFIG-OVERRIDES-KEYS', 'MUTATION-CREATE'] as const;
      await allEnded(
        EXPLORED_TYPES.map(async (modelType) => {
          const config = { ...fullConfiguration(modelType), ...UNLISTED_KEYS(modelType) };
          const body = typedAgentBody(modelType, t.name(`${modelType} parent`), { configField: field, config });
          const parent = await t.mutations.newParent(body);
          const own = body[field] as JsonObject;
          const overrides: JsonObject[] = Object.keys(own).map((key) => ({ [key]: otherValue(key, own[key]) }));
          const [first] = Object.keys(config);
          if (first !== undefined) overrides.push({ metadata: { [first]: otherValue(first, own[first]) } });
          for (const override of overrides) {
            const what = `overriding ${JSON.stringify(override)} alone under a ${modelType} parent whose configuration is ${JSON.stringify(own)}`;
            const { mutation, call } = await t.mutations.create(parent, { config_overrides: override }, reqs, what);
            expectEcho(t, { config_overrides: override }, mutation, ['MUTATION-CREATE'], call);
          }
        }),
      );
    },
    WRITES,
  );

  // "What was sent is what is read back": config_overrides are stored as given, a key pinned to the parent's own value
  // as much as one that changes it (none minimised away as no change, nor left out as a default), on every read path
  // the specification shows (the create answer, GET).
  check(
    'mutations.fields.config-overrides-parent-values-kept',
    ['MUTATION-CREATE', 'MUTATION-GET', 'READ-BACK-UNCHANGED'],
    `a mutation overriding prompt and every key of its parent's configuration with the parent's own values, and one key with another, is answered and read back by GET with every key as sent, under a parent of each type with configuration keys (${Object.keys(CONFIG_KEYS).join(', ')})`,
    async (t) => {
      const found = await probeConfigField(t);
      const parents: { parent: string; overrides: JsonObject; what: string }[] = [];
      if (found.echoed)
        for (const modelType of Object.keys(CONFIG_KEYS) as ModelType[]) {
          const body = typedAgentBody(modelType, t.name(`${modelType} parent`), {
            configField: found.field,
            config: fullConfiguration(modelType),
          });
          const own = body[found.field] as JsonObject;
          // One key changed where the type has several (so a type's one key is pinned: phone_number_key at its default).
          const keys = (CONFIG_KEYS[modelType] ?? []).map(({ key }) => key);
          const overrides: JsonObject = { prompt: PARENT_PROMPT, ...own };
          if (keys.length > 1) overrides[keys[0]!] = otherValue(keys[0]!, own[keys[0]!]) as JsonObject[string];
          parents.push({
            parent: await t.mutations.newParent(body),
            overrides,
            what: `under a ${modelType} parent whose prompt is ${JSON.stringify(PARENT_PROMPT)} and configuration ${JSON.stringify(own)}`,
          });
        }
      // Without a configuration field the target echoes, prompt alone (every parent of the suite has one).
      else
        parents.push({
          parent: await t.mutations.parent(),
          overrides: { prompt: PARENT_PROMPT },
          what: `under a parent whose prompt is ${JSON.stringify(PARENT_PROMPT)}`,
        });
      for (const { parent, overrides, what } of parents) {
        const sent = { config_overrides: overrides };
        const described = `overriding ${JSON.stringify(overrides)} ${what}`;
        const { mutation, call } = await t.mutations.create(parent, sent, ['MUTATION-CREATE'], described);
        expectEcho(t, sent, mutation, ['MUTATION-CREATE'], call, `the config_overrides sent (${described})`);
        await expectMutationReadBack(t, call, described);
      }
    },
    WRITES,
  );

  // The limit is held against the overrides sent, not the configuration they make with the parent's: under a parent
  // whose prompt and workflows each pass 10 KB however KB is read, overrides within it are accepted.
  check(
    'mutations.fields.config-overrides-size-beside-large-parent',
    ['MUTATION-CONFIG-OVERRIDES-SIZE'],
    `config_overrides of a few bytes and of ${OVERRIDES_SIZE.low - 100} bytes are accepted under a parent whose prompt and workflows each hold over ${OVERRIDES_SIZE.high} bytes`,
    async (t) => {
      const parent = await t.mutations.newParent({
        prompt: 'p'.repeat(OVERRIDES_SIZE.high + 260),
        workflows: { steps: ['w'.repeat(OVERRIDES_SIZE.high + 260)] },
      });
      for (const [overrides, what] of [
        [{ prompt: 'Be kind.' }, 'a one-line prompt override'],
        [SMALL_OVERRIDES, `a prompt override of ${OVERRIDES_SIZE.low - 100} bytes`],
      ] as const)
        await t.mutations.create(
          parent,
          { config_overrides: overrides },
          ['MUTATION-CONFIG-OVERRIDES-SIZE'],
          `${what} under a parent with a large configuration`,
        );
    },
    WRITES,
  );

  check(
    'mutations.fields.config-overrides-key-parent-lacks',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    'config_overrides with a key the parent lacks is rejected with INVALID_ARGUMENT naming config_overrides',
    async (t) => {
      const call = await t.mutations.send(await t.mutations.parent(), { config_overrides: { no_such_key_cft: 'x' } });
      t.expectInvalidArgument(
        call,
        ['MUTATION-CONFIG-OVERRIDES-KEYS'],
        'config_overrides',
        'overriding a key the parent agent lacks',
        { within: true },
      );
    },
    WRITES,
  );

  // A lookup against the keys any agent has (a cache of every configuration read) finds another agent's keys too.
  check(
    'mutations.fields.config-overrides-key-of-another-agent',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    "config_overrides with a key another agent holds but the parent lacks (a simulator configuration key of another type, a key of another agent's workflows) is rejected naming config_overrides, under a parent of every type",
    async (t) => {
      const field = await configField(t);
      // An agent of every type with its whole configuration and a workflows key of its own: each the parent of some
      // mutations, the other agent of the rest.
      const agents: { modelType: string; id: string; config: JsonObject; workflows: JsonObject }[] = [];
      for (const modelType of EXPLORED_TYPES) {
        const workflows = { [`${modelType.replace('MODEL_TYPE_', '').toLowerCase()}_handoff`]: 'support queue' };
        const body = typedAgentBody(modelType, t.name(`${modelType} parent`), {
          configField: field,
          config: fullConfiguration(modelType),
          overrides: { workflows },
        });
        agents.push({ modelType, id: await t.mutations.newParent(body), config: body[field] as JsonObject, workflows });
      }
      // An agent field's name (WEBSOCKET's endpoint) is left out: a parent may be said to hold that field, null.
      const agentFields = Object.keys(DEFINITIONS['Agent']?.properties ?? {});
      const refused = async (parent: (typeof agents)[number], key: string, value: unknown, holder: string) => {
        const call = await t.mutations.send(parent.id, { config_overrides: { [key]: value ?? null } });
        t.expectInvalidArgument(
          call,
          ['MUTATION-CONFIG-OVERRIDES-KEYS'],
          'config_overrides',
          `overriding ${key}, which ${holder} holds and the ${parent.modelType} parent lacks`,
          { within: true },
        );
      };
      let turn = 0;
      for (const [index, parent] of agents.entries()) {
        for (const other of agents) {
          const foreign = Object.keys(other.config).filter(
            (key) => !(key in parent.config) && !agentFields.includes(key),
          );
          const key = foreign[turn++ % Math.max(foreign.length, 1)];
          if (key !== undefined)
            await refused(parent, key, other.config[key], `a ${other.modelType} agent's configuration`);
        }
        const next = agents[(index + 1) % agents.length] as (typeof agents)[number];
        for (const [key, value] of Object.entries(next.workflows))
          await refused(parent, key, value, `a ${next.modelType} agent's workflows`);
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.config-overrides-inherited-key-names',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    `config_overrides with a key named like a member every JavaScript object inherits (${INHERITED_KEYS.join(', ')}), which the parent lacks, is rejected naming config_overrides`,
    async (t) => {
      // A key looked up with `in`, or read off a plain object, is found on every configuration.
      const parent = await t.mutations.parent();
      for (const key of INHERITED_KEYS) {
        const call = await t.mutations.send(parent, { config_overrides: { [key]: 'x' } });
        t.expectInvalidArgument(
          call,
          ['MUTATION-CONFIG-OVERRIDES-KEYS'],
          'config_overrides',
          `overriding ${key}, which the parent agent lacks`,
          { within: true },
        );
      }
    },
    WRITES,
  );

  // Keys looked up in the parent's stored row rather than its configuration find the row's own columns: the soft-delete
  // flag ("internal and never returned") and the fields the service sets, which no configuration holds. The fields a
  // client sets on the agent are its configuration (overridable); knowledge_base_ids, shown in responses alone, is left open.
  check(
    'mutations.fields.config-overrides-non-configuration-names',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    `config_overrides with a key that names no configuration of the parent but a column of its row (${ROW_COLUMNS.join(', ')}: the internal soft-delete flag and the fields the service sets) is rejected naming config_overrides`,
    async (t) => {
      const parent = await t.mutations.parent();
      for (const key of ROW_COLUMNS) {
        const call = await t.mutations.send(parent, { config_overrides: { [key]: key === 'deleted' ? true : 'x' } });
        t.expectInvalidArgument(
          call,
          ['MUTATION-CONFIG-OVERRIDES-KEYS'],
          'config_overrides',
          `overriding ${key}, a column of the parent's row and no configuration`,
          { within: true },
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.config-overrides-key-other-spellings',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    `config_overrides with a key of the parent's configuration spelt another way (${OTHER_SPELLINGS.map(([what]) => what).join(', ')}) is rejected naming config_overrides, each spelling on a parent of every type (upper case on every key)`,
    async (t) => {
      // A type that needs a configuration is made only when its request field was proven (its name is not shown).
      const probe = await probeConfigField(t);
      for (const modelType of EXPLORED_TYPES) {
        if (!probe.echoed && (modelType === 'MODEL_TYPE_CHAT' || modelType === 'MODEL_TYPE_WEBSOCKET')) continue;
        const config = fullConfiguration(modelType);
        const body = typedAgentBody(modelType, t.name(`${modelType} parent`), {
          ...(probe.echoed ? { configField: probe.field, config } : {}),
          overrides: { prompt: PARENT_PROMPT },
        });
        const parent = await t.mutations.newParent(body);
        const { [probe.field]: configuration, ...fields } = body;
        const own = probe.echoed ? { ...fields, ...(configuration as JsonObject) } : fields;
        await expectOtherSpellingsRefused(t, parent, own, `a ${modelType} parent`);
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.config-overrides-size.accepted',
    ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    `config_overrides of ${byteSize(SMALL_OVERRIDES)} bytes (under 10 KB) is accepted`,
    async (t) => {
      await t.mutations.create(
        await t.mutations.parent(),
        { config_overrides: SMALL_OVERRIDES },
        ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
        `config_overrides of ${byteSize(SMALL_OVERRIDES)} bytes`,
      );
    },
    WRITES,
  );

  // Each limit is the field's own: config_overrides within its 10 KB beside a description of its most characters
  // makes a body over 10 KiB, which a server holding the whole body to the largest field's limit refuses.
  check(
    'mutations.fields.limited-fields-together-accepted',
    ['MUTATION-CONFIG-OVERRIDES-SIZE', 'MUTATION-DESCRIPTION', 'FIELD-SIZE-LIMITS'],
    `config_overrides of ${byteSize(SMALL_OVERRIDES)} bytes and a description of ${DESCRIPTION_MAX} characters in one body (each within its own limit, together over 10 KiB) are accepted: each limit is per field`,
    async (t) => {
      await t.mutations.create(
        await t.mutations.parent(),
        { config_overrides: SMALL_OVERRIDES, description: 'd'.repeat(DESCRIPTION_MAX) },
        ['MUTATION-CONFIG-OVERRIDES-SIZE', 'MUTATION-DESCRIPTION', 'FIELD-SIZE-LIMITS'],
        `config_overrides of ${byteSize(SMALL_OVERRIDES)} bytes and a description of ${DESCRIPTION_MAX} characters`,
      );
    },
    WRITES,
  );

  check(
    'mutations.fields.config-overrides-size.rejected',
    ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    `config_overrides of ${byteSize(LARGE_OVERRIDES)} bytes (over 10 KB) is rejected with INVALID_ARGUMENT`,
    async (t) => {
      const call = await t.mutations.send(await t.mutations.parent(), { config_overrides: LARGE_OVERRIDES });
      t.expectInvalidArgument(
        call,
        ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
        'config_overrides',
        `config_overrides of ${byteSize(LARGE_OVERRIDES)} bytes`,
        { within: true },
      );
    },
    WRITES,
  );

  check(
    'mutations.fields.without-parameter-values-flat-string',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'without parameter_values, flat string overrides come back as parameter_values, on creation and on GET',
    async (t) => {
      const overrides = { prompt: 'hello' };
      for (const [read, exchange] of await createdAndFetched(t, { config_overrides: overrides })) {
        t.assert(
          isDeepStrictEqual(read['parameter_values'], overrides),
          ['MUTATION-PARAMETER-VALUES-DERIVED'],
          `parameter_values derived from config_overrides ${JSON.stringify(overrides)} should be the same pairs, got ${shown(read['parameter_values'])}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.parameter-values-given-kept-given',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'parameter_values given are kept as given, beside config_overrides and without any',
    async (t) => {
      const given = { tone: 'friendly' };
      // Without overrides too: deriving and keeping are two branches a server may nest.
      for (const beside of [{ config_overrides: { prompt: 'hello' } }, {}]) {
        const { mutation, call } = await t.mutations.create(await t.mutations.parent(), {
          ...beside,
          parameter_values: given,
        });
        t.assert(
          isDeepStrictEqual(mutation['parameter_values'], given),
          ['MUTATION-PARAMETER-VALUES-DERIVED'],
          `parameter_values sent as ${JSON.stringify(given)}${'config_overrides' in beside ? ' beside config_overrides' : ' without config_overrides'} came back as ${shown(mutation['parameter_values'])}`,
          call,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.parameter-values-given-empty-kept',
    ['MUTATION-PARAMETER-VALUES-DERIVED', 'EXPLICIT-VALUE-KEPT'],
    'parameter_values given as {} are kept empty (derived only when omitted), on creation and on GET',
    async (t) => {
      // proto3 JSON leaves an empty map out: absent reads as {}; the derived pair never.
      for (const [read, exchange] of await createdAndFetched(t, {
        config_overrides: { prompt: 'hello' },
        parameter_values: {},
      })) {
        const values = read['parameter_values'];
        t.assert(
          values === undefined || isDeepStrictEqual(values, {}),
          ['MUTATION-PARAMETER-VALUES-DERIVED', 'EXPLICIT-VALUE-KEPT'],
          `parameter_values sent as {} beside config_overrides {"prompt":"hello"} should stay {}, got ${shown(values)}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.parameter-values-derived-falsy-leaves',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'parameter_values derived from overrides of "", 0, false and a list hold a string pair for each, on creation and on GET',
    async (t) => {
      // A flat "" is a pair like any string: the same pairs come back.
      for (const [read, exchange] of await createdAndFetched(t, { config_overrides: { prompt: '' } }))
        t.assert(
          isDeepStrictEqual(read['parameter_values'], { prompt: '' }),
          ['MUTATION-PARAMETER-VALUES-DERIVED'],
          `parameter_values derived from config_overrides {"prompt":""} should be {"prompt":""}, got ${shown(read['parameter_values'])}`,
          exchange,
        );
      const overrides = { workflows: { retries: 0, notify: false, label: '', steps: ['greet', 'close'] } };
      const agentId = await t.mutations.newParent({
        workflows: { retries: 2, notify: true, label: 'base', steps: ['greet'] },
      });
      const call = await t.mutations.send(agentId, { config_overrides: overrides });
      if (rejectsNaming(call, 'config_overrides', 'workflows'))
        t.skip('the target does not count workflows as overridable configuration (which keys count is not shown)');
      const mutation = t.expectResource(call, ['MUTATION-CREATE'], 'overriding workflows with falsy values');
      const fetched = await fetchMutation(t, agentId, mutation['id']);
      const reads: [JsonObject, Call][] = [
        [mutation, call],
        [t.expectResource(fetched, ['MUTATION-GET'], 'fetching the created mutation'), fetched],
      ];
      // Each leaf is a pair keyed by its path, its value as text ("0"; "false" in any case, as Python writes False);
      // a list may be one pair of its text or a pair per element: some key names it.
      const leaves: [string, RegExp, (value: string) => boolean][] = [
        ['retries', /workflows.*retries/i, (value) => value === '0'],
        ['notify', /workflows.*notify/i, (value) => /^false$/i.test(value)],
        ['label', /workflows.*label/i, (value) => value === ''],
        ['steps', /workflows.*steps/i, () => true],
      ];
      for (const [read, exchange] of reads) {
        const values = read['parameter_values'];
        const entries = typeof values === 'object' && values !== null ? Object.entries(values) : [];
        const missing = leaves.filter(
          ([, key, fits]) => !entries.some(([k, v]) => key.test(k) && typeof v === 'string' && fits(v)),
        );
        t.assert(
          !missing.length,
          ['MUTATION-PARAMETER-VALUES-DERIVED'],
          `parameter_values derived from ${JSON.stringify(overrides)} should hold a string pair for ${missing.map(([name]) => name).join(', ')}, got ${shown(values)}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.fields.parameter-values-derived-nested-non',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'parameter_values derived from a nested non-string override are flattened: string pairs, one of them "3" keyed by the path workflows → retries',
    async (t) => {
      // Overrides a number inside the parent's workflows: whatever the flattening notation, the values are strings.
      const agentId = await t.mutations.newParent({ workflows: { retries: 2 } });
      const call = await t.mutations.send(agentId, { config_overrides: { workflows: { retries: 3 } } });
      if (rejectsNaming(call, 'config_overrides', 'workflows'))
        t.skip('the target does not count workflows as overridable configuration (which keys count is not shown)');
      const values = t.expectResource(call, ['MUTATION-CREATE'], 'overriding workflows.retries with a number')[
        'parameter_values'
      ];
      const entries = typeof values === 'object' && values !== null ? Object.entries(values) : [];
      t.assert(
        entries.length > 0 && entries.every(([, value]) => typeof value === 'string'),
        ['MUTATION-PARAMETER-VALUES-DERIVED'],
        `parameter_values derived from {"workflows":{"retries":3}} should be string pairs, got ${shown(values)}`,
        call,
      );
      // Flattened, not serialized: the leaf is a pair of its own, and its key keeps the path to it (`workflows.retries`, `workflows_retries`,
      // `workflows[retries]`, ...): neither `workflows: "{\"retries\":3}"` nor a bare `retries`.
      t.assert(
        entries.some(([key, value]) => value === '3' && /workflows.*retries/i.test(key)),
        ['MUTATION-PARAMETER-VALUES-DERIVED'],
        `parameter_values derived from {"workflows":{"retries":3}} should flatten it to a pair "3" keyed by workflows and retries, got ${shown(values)}`,
        call,
      );
    },
    WRITES,
  );

  check(
    'mutations.fields.nested-config-overrides-read-back',
    ['MUTATION-CREATE', 'MUTATION-GET', 'READ-BACK-UNCHANGED'],
    'config_overrides holding objects inside objects (a key of the parent holding an object: workflows) come back as sent from POST and GET',
    async (t) => {
      // Every key on the way exists on the parent: only the values differ. A list and a number keep their types.
      const agentId = await t.mutations.newParent({
        workflows: { retries: 2, escalation: { queue: 'tier-1', after_turns: 4, channels: ['sms'] } },
      });
      const overrides = { workflows: { retries: 3, escalation: { queue: 'tier-2', channels: ['sms', 'email'] } } };
      const call = await t.mutations.send(agentId, { config_overrides: overrides });
      if (rejectsNaming(call, 'config_overrides', 'workflows'))
        t.skip('the target does not count workflows as overridable configuration (which keys count is not shown)');
      const what = 'nested config_overrides';
      expectEcho(
        t,
        { config_overrides: overrides },
        t.expectResource(call, ['MUTATION-CREATE'], what),
        ['MUTATION-CREATE'],
        call,
        what,
      );
      await expectMutationReadBack(t, call, `a mutation with ${what}`);
    },
    WRITES,
  );
});
