// Agent mutations: configuration variants created under an agent and read back through
// it. What a created mutation returns, what it defaults to, and how malformed bodies are
// answered. Every check makes its own parent agents (t.mutations.parent), so nothing
// depends on data the target already holds; every mutation is deleted at the end.

import { isDeepStrictEqual } from 'node:util';
import { ID_RULES, matchesIdRule } from '../lib/contract/ids.js';
import { timestampMs } from '../lib/contract/timestamps.js';
import { echoMismatches } from '../lib/assert/echo.js';
import { asTextValues, expectRecognised, expectRefusedOrRecognised } from '../lib/families/invalid-field.js';
import { createdAndFetched, expectMutationReadBack, fetchMutation } from '../lib/families/mutations.js';
import { expectServerTime, expectTimestampOrder, SKEWED_CLOCKS } from '../lib/families/resource-fields.js';
import { check, describeGroup } from '../lib/harness/index.js';
import type { JsonObject } from '../lib/util/json.js';
import { explicitNullChecks, valueSpaceCheck } from '../lib/families/field-values.js';
import { jsonFormsCheck, malformedBodyCheck } from '../lib/families/json-forms.js';
import { bodyFormsCheck } from '../lib/families/negotiation.js';
import { PAST_TIMESTAMP, serverSetFieldsCheck } from '../lib/families/server-set-fields.js';
import { wellFormedId } from '../lib/gen/ids.js';
import { object, text, wrongTypesCheck } from '../lib/families/wrong-types.js';
import { refusedWriteCheck, refusedWriteFramingCheck } from '../lib/families/refused-writes.js';
import { derivedBesideOthersCheck } from '../lib/families/values/derived.js';

const WRITES = { writes: true } as const;

/** Every body field the spec lists beside display_name. */
const EVERY_FIELD: JsonObject = {
  description: 'Shorter greeting, same booking flow',
  config_overrides: { prompt: 'variant prompt' },
  parameter_values: { prompt: 'variant prompt (shown)' },
};

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

const MUTATION_FIELDS = [
  'id',
  'agent_id',
  'display_name',
  'description',
  'config_overrides',
  'parameter_values',
  'create_time',
  'update_time',
];

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/** Bodies of the wrong JSON type for a field, one field at a time. */

describeGroup('mutations', () => {
  check(
    'mutations.create.created-mutation-returns-display-name',
    ['MUTATION-CREATE'],
    'a created mutation returns display_name, description, config_overrides and parameter_values as sent, and agent_id the parent',
    async (t) => {
      const agentId = await t.mutations.parent();
      const { mutation, call, sent } = await t.mutations.create(agentId, EVERY_FIELD);
      const mismatches = echoMismatches({ ...sent, agent_id: agentId }, mutation);
      t.assert(
        !mismatches.length,
        ['MUTATION-CREATE'],
        `the created mutation differs from what was sent: ${mismatches.join('; ')}`,
        call,
      );
    },
    WRITES,
  );

  check(
    'mutations.create.get-returns-mutation-created',
    ['MUTATION-GET'],
    'GET returns the mutation as created',
    async (t) => {
      const agentId = await t.mutations.parent();
      const { mutation } = await t.mutations.create(agentId, EVERY_FIELD);
      const call = await fetchMutation(t, agentId, mutation['id']);
      const fetched = t.expectResource(call, ['MUTATION-GET'], 'fetching the created mutation');
      const differing = MUTATION_FIELDS.filter(
        (field) => !isDeepStrictEqual(readField(mutation, field), readField(fetched, field)),
      );
      const described = differing.map(
        (field) => `${field} (created ${shown(mutation[field])}, fetched ${shown(fetched[field])})`,
      );
      t.assert(
        !differing.length,
        ['MUTATION-GET'],
        `the fetched mutation differs from the created one in ${described.join('; ')}`,
        call,
      );
    },
    WRITES,
  );

  check(
    'mutations.create.mutation-id-26-alphanumeric-characters',
    ['MUTATION-ID-FORMAT'],
    'a mutation id is 26 alphanumeric characters',
    async (t) => {
      const { mutation, call } = await t.mutations.create(await t.mutations.parent());
      t.assert(
        matchesIdRule(ID_RULES.mutation, mutation['id']),
        ['MUTATION-ID-FORMAT'],
        `mutation id ${shown(mutation['id'])} is not 26 alphanumeric characters`,
        call,
      );
    },
    WRITES,
  );

  check(
    'mutations.create.mutation-created-fetched-no-update',
    ['TIMESTAMP-ORDER', 'SERVER-SET-TIMES'],
    "a mutation, created and fetched, has no update_time before its create_time; created with a request Date far behind, its times are the server's own",
    async (t) => {
      const agentId = await t.mutations.parent();
      const call = await t.mutations.send(agentId, {}, { headers: SKEWED_CLOCKS.past });
      const mutation = t.expectResource(call, ['MUTATION-CREATE'], 'creating a mutation');
      expectTimestampOrder(t, mutation, call);
      expectServerTime(t, mutation, call, { now: ['create_time', 'update_time'] });
      const fetch = await fetchMutation(t, agentId, mutation['id']);
      expectTimestampOrder(t, t.expectResource(fetch, ['MUTATION-GET'], 'fetching the created mutation'), fetch);
    },
    WRITES,
  );

  // ---- defaults ----------------------------------------------------------------------------

  // The default description and the derived parameter_values hold beside every other optional field.
  derivedBesideOthersCheck({
    id: 'mutations.create',
    resource: 'a mutation',
    optional: {
      description: 'A calmer variant',
      config_overrides: { prompt: 'A calmer tone' },
      parameter_values: { tone: 'calm' },
    },
    rules: [
      { field: 'description', requirements: ['MUTATION-DESCRIPTION'], expected: () => '', mayBeAbsent: true },
      {
        field: 'parameter_values',
        requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
        given: ['config_overrides'],
        expected: (sent) => sent['config_overrides'],
      },
    ],
    send: async (t, fields) => t.mutations.send(await t.mutations.parent(), fields),
  });

  check(
    'mutations.create.description-defaults-empty-string-creation',
    ['MUTATION-DESCRIPTION'],
    'description defaults to the empty string, on creation and on GET',
    async (t) => {
      for (const [read, exchange] of await createdAndFetched(t)) {
        t.assert(
          readField(read, 'description') === '',
          ['MUTATION-DESCRIPTION'],
          `description, not sent, should be "" (or left out), got ${shown(read['description'])}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.create.mutation-never-updated-update-time',
    ['MUTATION-UPDATE-TIME-NULL'],
    'a mutation never updated has update_time null, on creation and on GET',
    async (t) => {
      for (const [read, exchange] of await createdAndFetched(t)) {
        t.assert(
          readField(read, 'update_time') === null,
          ['MUTATION-UPDATE-TIME-NULL'],
          `update_time of a mutation never updated should be null (or left out), got ${shown(read['update_time'])}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.create.description-update-time-null-present',
    ['MUTATION-EXPLICIT-DEFAULTS'],
    'description "" and update_time null are present in the response, not left out, on creation and on GET',
    async (t) => {
      for (const [mutation, call] of await createdAndFetched(t)) {
        t.assert(
          mutation['description'] === '',
          ['MUTATION-EXPLICIT-DEFAULTS'],
          `description should be present as "", got ${shown(mutation['description'])}`,
          call,
        );
        t.assert(
          'update_time' in mutation && mutation['update_time'] === null,
          ['MUTATION-EXPLICIT-DEFAULTS'],
          `update_time should be present as null, got ${shown(mutation['update_time'])}`,
          call,
        );
      }
    },
    WRITES,
  );

  // ---- malformed bodies --------------------------------------------------------------------

  wrongTypesCheck({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    fields: {
      display_name: text('Calmer variant', { required: true }),
      description: text('A calmer variant'),
      config_overrides: object(),
      parameter_values: object(),
    },
    send: async (t, fields) => t.mutations.send(await t.mutations.parent(), fields),
  });

  // A number alone, and after a string: a server reading only some value (or the first) takes the rest; then a
  // fraction and a boolean. Values "as strings" may be refused or taken as their text ("42"), never kept as numbers.
  const scalarValues = [{ tone: 42 }, { tone: 'calm', retries: 3, ratio: 2.5, live: true }];
  check(
    'mutations.create.parameter-values-scalars',
    ['REQUEST-WRONG-TYPE'],
    `parameter_values holding numbers or a boolean (${scalarValues.map((v) => JSON.stringify(v)).join(', ')}) are rejected with INVALID_ARGUMENT naming parameter_values, or stored as strings ("42"), on creation and on GET`,
    async (t) => {
      for (const values of scalarValues) {
        const agentId = await t.mutations.parent();
        const what = `parameter_values ${JSON.stringify(values)}`;
        const recognised = asTextValues(values);
        // Refused, named as the field or as the value inside it (`parameter_values.tone`).
        const created = expectRefusedOrRecognised(
          t,
          await t.mutations.send(agentId, { parameter_values: values }),
          ['REQUEST-WRONG-TYPE'],
          'parameter_values',
          recognised,
          what,
          { within: true },
        );
        if (!created) continue;
        const fetch = await fetchMutation(t, agentId, created['id']);
        expectRecognised(
          t,
          t.expectResource(fetch, ['MUTATION-GET'], `fetching the mutation created with ${what}`),
          fetch,
          ['REQUEST-WRONG-TYPE'],
          'parameter_values',
          recognised,
          `${what} (read back)`,
        );
      }
    },
    WRITES,
  );

  malformedBodyCheck({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    send: async (t, name, written) => t.mutations.send(await t.mutations.parent(), { display_name: name }, written),
    // Names are unique among an agent's active mutations: a refused body that stored its mutation takes the name.
    noTrace: async (t, name) => {
      const call = await t.mutations.send(await t.mutations.parent(), { display_name: name });
      t.expectResource(call, ['REQUEST-MALFORMED-JSON'], 'the name every refused body held, sent in a valid body');
    },
    options: WRITES,
  });

  valueSpaceCheck({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    requirement: 'MUTATION-CREATE',
    // The values of the two maps are text too: an override of the parent's prompt, and a parameter value beside the
    // shaped key (a value reading as JSON's true, a number or null stays that text).
    fields: {
      display_name: 'name',
      description: 'text',
      parameter_values: { object: 'key' },
      'parameter_values.note': 'text',
      'config_overrides.prompt': 'text',
    },
    typical: (t, index) => ({ display_name: t.name(`mutation of typical name ${index}`) }),
    send: async (t, fields) => t.mutations.send(await t.mutations.parent(), fields),
    readBack: async (t, call, what) => void (await expectMutationReadBack(t, call, `a mutation with ${what}`)),
    // Overrides of a key the parent has (its prompt); parameter_values are flat pairs of strings, never nested JSON.
    deep: ['config_overrides.prompt'],
  });

  // The parent agent has a prompt: parameter_values, when derived, are the override's pair.
  explicitNullChecks({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    requirement: 'MUTATION-CREATE',
    defaults: {
      description: { requirement: 'MUTATION-DESCRIPTION', value: '', emptyMayBeAbsent: true },
      parameter_values: { requirement: 'MUTATION-PARAMETER-VALUES-DERIVED', value: { prompt: 'hello' } },
    },
    optional: ['config_overrides'],
    send: async (t, fields) =>
      t.mutations.send(await t.mutations.parent(), { config_overrides: { prompt: 'hello' }, ...fields }),
  });

  serverSetFieldsCheck({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    requirements: ['MUTATION-CREATE', 'MUTATION-ID-FORMAT', 'MUTATION-SCOPED-TO-AGENT'],
    fields: {
      id: wellFormedId(ID_RULES.mutation, 30),
      agent_id: wellFormedId(ID_RULES.agent, 31),
      create_time: PAST_TIMESTAMP,
      update_time: PAST_TIMESTAMP,
    },
    send: async (t, fields) => t.mutations.send(await t.mutations.parent(), fields),
  });

  jsonFormsCheck({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    requirement: 'MUTATION-CREATE',
    send: async (t, name, written) => t.mutations.send(await t.mutations.parent(), { display_name: name }, written),
  });

  bodyFormsCheck({
    id: 'mutations.create',
    operation: 'POST /v1/agents/{agent_id}/mutations',
    requirement: 'MUTATION-CREATE',
    send: async (t, name, written) => t.mutations.send(await t.mutations.parent(), { display_name: name }, written),
    acceptFrom: 3,
  });

  refusedWriteCheck('mutations');
  refusedWriteFramingCheck('mutations');
});
