// Agent mutation faults: each breaks one rule the way a real implementation might.

import { setTimeout as delay } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { ApiError, internal } from '../../lib/reference/http/errors.js';
import type { MutationRecord } from '../../lib/reference/store/records.js';
import { utf8Size } from '../../lib/reference/validation/measure.js';
import { flattenToStrings, type MutationFields, type MutationRules } from '../../lib/reference/validation/mutations.js';
import {
  fault,
  firstThousand,
  jsonDepth,
  keptFromLast,
  lastRequest,
  missingAnsweredWith,
  presentWith,
  readAs,
  respondWith,
  storedAgents,
  type Fault,
} from './define.js';
import { bytesOfText, charactersOfJson, limitFaults, rowsMeasuredAs } from './limits.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import { nestedValue } from '../../lib/gen/values.js';
import { Fields } from '../../lib/reference/validation/fields.js';
import { validateSimulatorConfig } from '../../lib/reference/validation/simulator-config.js';
import { status, withMutation, create, createdField, derivedFromNested, newAgent, base } from '../probes/mutations.js';
import { mutationReadBack } from '../probes/read-back.js';

const GET_MUTATION = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}';

/** Text a truth test on its parsed value reads as false. */
const FALSY_TEXT: ReadonlySet<string> = new Set(['0', 'null', 'false']);

/** Top-level text values that read as a JSON number, boolean or null, as that value (objects and other text kept). */
const coercedScalars = (value: JsonObject): JsonObject =>
  Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (typeof inner !== 'string' || !/^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)$/.test(inner))
        return [key, inner];
      return [key, JSON.parse(inner) as JsonObject[string]];
    }),
  );

/** How long the race fault's write to the database takes: far longer than two requests sent at once lie apart. */
const STORE_WRITE_MS = 50;

const rules = (b: Behaviour, change: Partial<MutationRules>) => {
  b.mutationRules = { ...b.mutationRules, ...change };
};

/** Replaces how one body field is read, given the reading it replaces. */
const reread =
  <K extends keyof MutationFields>(field: K, reader: (original: MutationFields[K]) => MutationFields[K]) =>
  (b: Behaviour) => {
    rules(b, { fields: { ...b.mutationRules.fields, [field]: reader(b.mutationRules.fields[field]) } });
  };

/** A text field whose length is also held against its maximum as `measure` counts it. */
const measuredAs = (field: 'display_name' | 'description', measure: (value: string) => number) => (b: Behaviour) => {
  const max = b.limits[`mutation.${field}`].max ?? Infinity;
  reread(field, (read) => (f, body) => {
    const value = read(f, body);
    return measure(value) > max ? f.fail(field, `must be at most ${max} characters (got ${measure(value)})`) : value;
  })(b);
};

const utf16Units = (value: string): number => value.length;

/** Reshapes a mutation as read while a newer mutation of its agent exists, given that newer one (a cache keyed by agent). */
const shadowedBySibling = (b: Behaviour, touch: (view: JsonObject, newest: MutationRecord) => JsonObject) => {
  const newest = new Map<string, MutationRecord>();
  presentWith(b, 'mutation', (view, record) => {
    const mutation = record as MutationRecord;
    const latest = newest.get(mutation.agent_id);
    if (latest === undefined || mutation.create_time > latest.create_time) newest.set(mutation.agent_id, mutation);
    const shadow = newest.get(mutation.agent_id);
    return shadow === undefined || shadow === mutation ? view : touch(view, shadow);
  });
};

/** config_overrides keys looked up in the parent's configuration by `matches` instead of exactly. */
const overrideKeysMatched = (b: Behaviour, matches: (key: string, own: string) => boolean) => {
  const keysOf = b.mutationRules.configurationKeys;
  rules(b, {
    configurationKeys: (agent) => {
      const own = [...keysOf(agent)];
      return { has: (key: string) => own.some((ownKey) => matches(key, ownKey)) } as unknown as ReadonlySet<string>;
    },
  });
};

/** A new agent, two mutations under it, and the first one read back. */
async function firstOfTwo(call: Parameters<typeof newAgent>[0], first: object, second: object) {
  const { agentId, at } = await withMutation(call, { display_name: 'first', ...first });
  await create(call, agentId, { display_name: 'second', ...second });
  return (await call('GET', at())).body.mutation;
}

/** Scoping of GET and DELETE, reached through the original rule with another agent. */
const reachedAs = (agentFor: (owner: string, asked: string, method: 'GET' | 'DELETE') => string) => (b: Behaviour) => {
  const reaches = b.mutationRules.reaches;
  rules(b, {
    reaches: (mutation, agentId, method) => reaches(mutation, agentFor(mutation.agent_id, agentId, method), method),
  });
};

export const MUTATIONS_FAULTS = [
  fault({
    id: 'mutation-delete-not-idempotent',
    requirements: ['MUTATION-DELETE-IDEMPOTENT'],
    slips: ['state'],
    description: 'Deleting a deleted mutation answers NOT_FOUND.',
    behaviour: (b) => {
      b.mutationDeleteIdempotent = false;
    },
    probe: async (call) => {
      const { at } = await withMutation(call);
      await call('DELETE', at());
      return (await call('DELETE', at())).status;
    },
    shows: 404,
  }),
  fault({
    id: 'mutation-with-description-not-deletable',
    requirements: ['MUTATION-DELETE-IDEMPOTENT'],
    slips: ['broken'],
    description:
      'A mutation with a description cannot be deleted: DELETE answers NOT_FOUND (only what cleanup deletes has one).',
    seenThrough: ['MUTATION-DESCRIPTION'],
    behaviour: (b) => {
      const reaches = b.mutationRules.reaches;
      rules(b, {
        reaches: (mutation, agentId, method) =>
          !(method === 'DELETE' && mutation.description) && reaches(mutation, agentId, method),
      });
    },
    probe: async (call) => {
      const { at } = await withMutation(call, { display_name: 'm', description: 'd' });
      return (await call('DELETE', at())).status;
    },
    shows: 404,
  }),
  fault({
    id: 'mutation-update-time-set',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['broken'],
    description: 'New mutations report an update_time.',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => ({ ...view, update_time: view.create_time }));
    },
    probe: async (call) => typeof (await withMutation(call)).mutation.update_time,
    shows: 'string',
  }),

  // display_name and its uniqueness
  ...limitFaults('mutation.display_name', {
    subject: 'A mutation display_name',
    requirements: ['MUTATION-DISPLAY-NAME'],
    send: async (call, value) => create(call, await newAgent(call), { display_name: value }),
    sized: (size: number) => 'n'.repeat(size),
    faults: [
      { id: 'mutation-display-name-max-199', bounds: { max: 199 } },
      { id: 'mutation-display-name-max-201', bounds: { max: 201 } },
      {
        id: 'mutation-display-name-empty-accepted',
        bounds: { min: 0 },
        description: 'An empty mutation display_name is accepted.',
      },
      {
        id: 'mutation-display-name-min-2',
        bounds: { min: 2 },
        description: 'A mutation display_name of 1 character is rejected.',
      },
      {
        id: 'mutation-display-name-max-255',
        bounds: { max: 255 },
        description: 'Mutation display_names are limited at 255 characters (the column size), not 200.',
      },
    ],
  }),
  fault({
    id: 'mutation-display-name-optional',
    requirements: ['MUTATION-DISPLAY-NAME'],
    slips: ['broken'],
    description: 'A mutation without display_name is named "Untitled mutation".',
    behaviour: reread(
      'display_name',
      (read) => (f, body) => (body['display_name'] === undefined ? 'Untitled mutation' : read(f, body)),
    ),
    probe: (call) => status(call, { description: 'no name' }),
    shows: 200,
  }),
  fault({
    id: 'mutation-display-name-ascii-only',
    requirements: ['MUTATION-DISPLAY-NAME'],
    slips: ['broken'],
    description: 'Mutation display_names may hold printable ASCII only.',
    behaviour: reread('display_name', (read) => (f, body) => {
      const value = read(f, body);
      return /^[\x20-\x7e]*$/.test(value) ? value : f.fail('display_name', 'must be printable ASCII');
    }),
    probe: (call) => status(call, { display_name: 'Grüße' }),
    shows: 400,
  }),
  fault({
    id: 'mutation-name-unique-not-enforced',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['broken'],
    description: 'Two active mutations of an agent may share a display_name.',
    behaviour: (b) => {
      rules(b, { nameTakenBy: () => false });
    },
    probe: async (call) => {
      const { agentId } = await withMutation(call);
      return (await create(call, agentId, { display_name: 'm' })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'mutation-name-unique-across-agents',
    requirements: ['MUTATION-DISPLAY-NAME-PER-AGENT'],
    slips: ['broken'],
    description: 'Mutation display_names are unique across all agents.',
    behaviour: (b) => {
      const taken = b.mutationRules.nameTakenBy;
      rules(b, { nameTakenBy: (other, _agentId, displayName) => taken(other, other.agent_id, displayName) });
    },
    probe: async (call) => {
      await withMutation(call, { display_name: 'shared' });
      return status(call, { display_name: 'shared' });
    },
    shows: 409,
  }),
  fault({
    id: 'mutation-name-unique-counts-deleted',
    requirements: ['MUTATION-DISPLAY-NAME-REUSABLE'],
    slips: ['state'],
    description: 'Deleted mutations keep their display_name taken.',
    behaviour: (b) => {
      rules(b, {
        nameTakenBy: (other, agentId, displayName) => other.agent_id === agentId && other.display_name === displayName,
      });
    },
    probe: async (call) => {
      const { agentId, at } = await withMutation(call);
      await call('DELETE', at());
      return (await create(call, agentId, { display_name: 'm' })).status;
    },
    shows: 409,
  }),
  fault({
    id: 'mutation-duplicate-status-400',
    requirements: ['MUTATION-DUPLICATE-ALREADY-EXISTS'],
    slips: ['broken'],
    description: 'A duplicate mutation name answers ALREADY_EXISTS with HTTP 400.',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'ALREADY_EXISTS' ? 400 : status(code, endpoint));
    },
    probe: async (call) => {
      const { agentId } = await withMutation(call);
      return (await create(call, agentId, { display_name: 'm' })).status;
    },
    shows: 400,
  }),

  // description
  fault({
    id: 'mutation-description-default-null',
    requirements: ['MUTATION-DESCRIPTION'],
    slips: ['explicit'],
    description: 'An empty mutation description is reported as null.',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => ({
        ...view,
        description: view.description === '' ? null : view.description,
      }));
    },
    probe: (call) => createdField(call, { display_name: 'm' }, 'description'),
    shows: null,
  }),
  fault({
    id: 'mutation-description-default-na',
    requirements: ['MUTATION-DESCRIPTION'],
    slips: ['explicit'],
    description: 'An empty mutation description is reported as "N/A".',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => ({
        ...view,
        description: view.description === '' ? 'N/A' : view.description,
      }));
    },
    probe: (call) => createdField(call, { display_name: 'm' }, 'description'),
    shows: 'N/A',
  }),
  ...limitFaults('mutation.description', {
    subject: 'A mutation description',
    requirements: ['MUTATION-DESCRIPTION'],
    send: async (call, value) => create(call, await newAgent(call), { display_name: 'm', description: value }),
    sized: (size: number) => 'd'.repeat(size),
    faults: [
      { id: 'mutation-description-max-1999', bounds: { max: 1999 } },
      { id: 'mutation-description-max-2001', bounds: { max: 2001 } },
      {
        id: 'mutation-description-unlimited',
        bounds: { max: 65_535 },
        description: 'Mutation descriptions are limited only by the column size (65535 characters).',
      },
      {
        id: 'mutation-description-bytes',
        measure: utf8Size,
        sample: 'é'.repeat(1500),
        description: 'The mutation description limit counts UTF-8 bytes, not characters.',
      },
    ],
  }),
  fault({
    id: 'mutation-lengths-utf16',
    requirements: ['FIELD-CHARS-CODEPOINTS'],
    slips: ['unit'],
    description: 'Mutation display_name and description limits count UTF-16 units, not code points.',
    behaviour: (b) => {
      measuredAs('display_name', utf16Units)(b);
      measuredAs('description', utf16Units)(b);
    },
    probe: (call) => status(call, { display_name: '😀'.repeat(200) }),
    shows: 400,
  }),
  fault({
    id: 'mutation-display-name-astral-off-by-one',
    requirements: ['FIELD-CHARS-CODEPOINTS'],
    slips: ['bound'],
    description:
      'Mutation display_name is counted in UTF-16 units, and only when that passes 200 in code points with `<` instead of `<=`: 200 astral characters are rejected, 199 accepted.',
    behaviour: reread('display_name', (read) => (f, body) => {
      const value = read(f, body);
      return value.length > 200 && [...value].length >= 200
        ? f.fail('display_name', 'must be at most 200 characters')
        : value;
    }),
    probe: (call) => status(call, { display_name: '😀'.repeat(200) }),
    shows: 400,
  }),
  fault({
    id: 'mutation-description-number-coerced',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'A numeric mutation description is stored as its decimal string.',
    behaviour: reread(
      'description',
      (read) => (f, body) => (typeof body['description'] === 'number' ? String(body['description']) : read(f, body)),
    ),
    probe: (call) => status(call, { display_name: 'm', description: 42 }),
    shows: 200,
  }),
  fault({
    id: 'mutation-explicit-defaults-omitted',
    requirements: ['MUTATION-EXPLICIT-DEFAULTS'],
    slips: ['explicit'],
    description: 'Mutations leave out description "" and update_time null (proto3 JSON style).',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) =>
        Object.fromEntries(Object.entries(view).filter(([, value]) => value !== '' && value !== null)),
      );
    },
    probe: async (call) => Object.keys((await withMutation(call)).mutation).sort(),
    shows: ['agent_id', 'config_overrides', 'create_time', 'display_name', 'id', 'parameter_values'],
  }),

  // config_overrides
  fault({
    id: 'mutation-override-keys-unchecked',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description: 'config_overrides may use keys the parent agent lacks.',
    behaviour: (b) => {
      rules(b, { overrideKeysChecked: false });
    },
    probe: (call) => status(call, { display_name: 'm', config_overrides: { no_such_key: 'x' } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-override-keys-simulator-only',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description: 'Only simulator configuration keys may be overridden, not agent fields such as prompt.',
    behaviour: (b) => {
      rules(b, { configurationKeys: (agent) => new Set(Object.keys(agent.metadata ?? {})) });
    },
    probe: (call) => status(call, { display_name: 'm', config_overrides: { prompt: 'x' } }),
    shows: 400,
  }),
  fault({
    id: 'mutation-override-unlisted-key-refused',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      "A configuration key may be overridden only when some type's table lists it (a whitelist of the documented keys): a key the parent's configuration holds that no table lists (`cft_voice_speed` on a VOICE agent) is refused with INVALID_ARGUMENT, though it exists on the parent; listed keys, on any type, and agent fields are accepted.",
    behaviour: (b) => {
      const keys = b.mutationRules.configurationKeys;
      rules(b, {
        configurationKeys: (agent) => {
          const listed = new Set(Object.values(b.agentRules.config).flatMap((table) => Object.keys(table ?? {})));
          const configured = Object.keys(agent.metadata ?? {});
          return new Set([...keys(agent)].filter((key) => !configured.includes(key) || listed.has(key)));
        },
      });
    },
    probe: async (call) =>
      (
        await create(call, await newAgent(call, { metadata: { cft_voice_speed: 'gentle' } }), {
          display_name: 'm',
          config_overrides: { cft_voice_speed: 'firm' },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'mutation-override-flat-keys-validated-whole',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'The configuration keys a mutation overrides (config_overrides keys of the parent\'s configuration, not agent fields) are validated with the parent type\'s rules as a whole configuration, not the delta the specification describes: under a CHAT agent, `config_overrides: {response_format: "responses"}` is refused with INVALID_ARGUMENT for a missing chat_endpoint; overrides of agent fields, or of keys under a type with no required key, are accepted.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const agents = storedAgents(b);
      reread('config_overrides', (read) => (fields, body) => {
        const overrides = read(fields, body);
        const agentId = /^\/v1\/agents\/([^/]+)\/mutations/.exec(String(request()?.url))?.[1];
        const parent = [...agents()].find((agent) => agent.id === agentId);
        const configured = Object.keys(parent?.metadata ?? {});
        const delta = Object.fromEntries(Object.entries(overrides).filter(([key]) => configured.includes(key)));
        if (parent && Object.keys(delta).length)
          validateSimulatorConfig(
            b.agentRules.config,
            parent.model_type,
            new Fields(delta, b.limits, 'config_overrides'),
          );
        return overrides;
      })(b);
    },
    probe: async (call) => {
      const agent = await newAgent(call, {
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', response_format: 'chat_completions' },
      });
      return (await create(call, agent, { display_name: 'm', config_overrides: { response_format: 'responses' } }))
        .status;
    },
    shows: 400,
  }),
  ...limitFaults('mutation.config_overrides', {
    subject: 'config_overrides',
    requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    send: async (call, value) => create(call, await newAgent(call), { display_name: 'm', config_overrides: value }),
    sized: (size: number) => ({ prompt: 'x'.repeat(size - '{"prompt":""}'.length) }),
    faults: [
      {
        id: 'mutation-overrides-limit-1kb',
        bounds: { max: 1024 },
        description: 'config_overrides is limited to 1 KB instead of 10 KB.',
      },
      {
        id: 'mutation-overrides-size-unchecked',
        bounds: { max: Number.MAX_SAFE_INTEGER },
        slips: ['broken'],
        requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE'],
        description: 'config_overrides of any size is accepted.',
      },
    ],
  }),
  fault({
    id: 'mutation-body-limit-overrides-whole',
    requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['scope'],
    description:
      "The mutations route's JSON body parser is limited to the largest limit of a mutation's fields, config_overrides' 10 KB (`express.json({ limit: '10kb' })`, 10 KiB), and so holds the whole body to it: a mutation whose config_overrides is 9,900 bytes and description 2000 characters, each within its own limit, is refused with INVALID_ARGUMENT (request entity too large).",
    behaviour: reread(
      'config_overrides',
      (read) => (f, body) => (utf8Size(body) > 10 * 1024 ? f.fail('body', 'request entity too large') : read(f, body)),
    ),
    probe: (call) =>
      status(call, {
        display_name: 'm',
        description: 'd'.repeat(2000),
        config_overrides: { prompt: 'x'.repeat(9900) },
      }),
    shows: 400,
  }),
  fault({
    id: 'mutation-overrides-string-ignored',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'config_overrides given as a string is ignored (read as no overrides).',
    behaviour: reread(
      'config_overrides',
      (read) => (f, body) => (typeof body['config_overrides'] === 'string' ? {} : read(f, body)),
    ),
    probe: (call) => status(call, { display_name: 'm', config_overrides: 'prompt=x' }),
    shows: 200,
  }),
  fault({
    id: 'mutation-overrides-dropped',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description: 'Mutations are returned with empty config_overrides.',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => ({ ...view, config_overrides: {} }));
    },
    probe: (call) => createdField(call, { display_name: 'm', config_overrides: { prompt: 'x' } }, 'config_overrides'),
    shows: {},
  }),

  // parameter_values
  fault({
    id: 'mutation-parameter-values-not-derived',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['explicit'],
    description: 'Without parameter_values, mutations get none.',
    behaviour: (b) => {
      rules(b, { parameterValues: (given) => given ?? {} });
    },
    probe: (call) => createdField(call, { display_name: 'm', config_overrides: { prompt: 'x' } }, 'parameter_values'),
    shows: {},
  }),
  fault({
    id: 'mutation-parameter-values-not-stringified',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['type'],
    description: 'Derived parameter_values are a copy of config_overrides, values kept as they are.',
    behaviour: (b) => {
      rules(b, { parameterValues: (given, overrides) => given ?? (overrides as Record<string, string>) });
    },
    probe: derivedFromNested,
    shows: { workflows: { retries: 3 } },
  }),
  fault({
    id: 'mutation-parameter-values-string-accepted',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'parameter_values is checked only to hold string values, which a string passes (its characters are strings): it is stored character by character.',
    behaviour: reread('parameter_values', (read) => (f, body) => {
      const given = body['parameter_values'];
      return typeof given === 'string'
        ? Object.fromEntries(Array.from(given, (char, i) => [String(i), char]))
        : read(f, body);
    }),
    probe: (call) => status(call, { display_name: 'm', parameter_values: 'prompt=x' }),
    shows: 200,
  }),
  fault({
    id: 'mutation-parameter-values-numbers-accepted',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'parameter_values is checked to be an object, not to hold strings: `{"tone": 42}` is stored as given.',
    behaviour: reread('parameter_values', () => (f) => f.object('parameter_values') as Record<string, string> | null),
    probe: (call) => status(call, { display_name: 'm', parameter_values: { tone: 42 } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-parameter-values-first-checked',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['scope'],
    description:
      'Only the first of parameter_values\' values is checked to be a string: `{"tone": "calm", "retries": 3}` is stored as given.',
    behaviour: reread('parameter_values', (read) => (f, body) => {
      const given = body['parameter_values'];
      return isJsonObject(given) && typeof Object.values(given)[0] === 'string'
        ? (given as Record<string, string>)
        : read(f, body);
    }),
    probe: (call) => status(call, { display_name: 'm', parameter_values: { tone: 'calm', retries: 3 } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-parameter-values-scalars-dropped',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'parameter_values\' values that are not strings are dropped, not refused: `{"tone": 42}` is stored as `{}`.',
    behaviour: reread('parameter_values', () => (f) => {
      const given = f.object('parameter_values');
      return (
        given &&
        Object.fromEntries(
          Object.entries(given).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      );
    }),
    probe: (call) => status(call, { display_name: 'm', parameter_values: { tone: 'calm', retries: 3 } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-parameter-values-text-on-create-only',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'parameter_values\' numbers are written as strings in the create answer (built from the coerced request) but stored as given: GET returns `{"tone": 42}`.',
    behaviour: (b) => {
      reread('parameter_values', () => (f) => f.object('parameter_values') as Record<string, string> | null)(b);
      readAs(b, 'POST /v1/agents/{agent_id}/mutations', 'mutation', (mutation) =>
        isJsonObject(mutation['parameter_values'])
          ? {
              ...mutation,
              parameter_values: Object.fromEntries(
                Object.entries(mutation['parameter_values']).map(([key, value]) => [
                  key,
                  typeof value === 'string' ? value : JSON.stringify(value),
                ]),
              ),
            }
          : mutation,
      );
    },
    probe: async (call) => {
      const { answer, at } = await withMutation(call, { display_name: 'm', parameter_values: { tone: 42 } });
      return answer.status < 300 ? (await call('GET', at())).body.mutation.parameter_values : answer.status;
    },
    shows: { tone: 42 },
  }),
  fault({
    id: 'mutation-parameter-values-nested-as-json',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      'Derived parameter_values are not flattened: each top-level override is one pair, a nested object written as its JSON text.',
    behaviour: (b) => {
      rules(b, {
        parameterValues: (given, overrides) =>
          given ??
          Object.fromEntries(
            Object.entries(overrides).map(([key, value]) => [
              key,
              typeof value === 'string' ? value : JSON.stringify(value),
            ]),
          ),
      });
    },
    probe: derivedFromNested,
    shows: { workflows: '{"retries":3}' },
  }),
  fault({
    id: 'mutation-parameter-values-leaf-keys',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      "Flattening loses the path: a nested override's pair is keyed by its last key alone (`retries`, not `workflows.retries`).",
    behaviour: (b) => {
      const leaves = (overrides: JsonObject) =>
        Object.fromEntries(
          Object.entries(flattenToStrings(overrides)).map(([path, value]) => [path.split('.').pop() ?? path, value]),
        );
      rules(b, { parameterValues: (given, overrides) => given ?? leaves(overrides) });
    },
    probe: derivedFromNested,
    shows: { retries: '3' },
  }),
  fault({
    id: 'mutation-parameter-values-given-ignored',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['explicit'],
    description: 'parameter_values are always derived, even when given.',
    behaviour: (b) => {
      const derive = b.mutationRules.parameterValues;
      rules(b, { parameterValues: (_given, overrides) => derive(null, overrides) });
    },
    probe: (call) =>
      createdField(
        call,
        { display_name: 'm', config_overrides: { prompt: 'x' }, parameter_values: { tone: 'warm' } },
        'parameter_values',
      ),
    shows: { prompt: 'x' },
  }),

  // identity, reading back, scope, deletion
  fault({
    id: 'mutation-id-25-characters',
    requirements: ['MUTATION-ID-FORMAT'],
    slips: ['bound'],
    description: 'Mutation ids are returned without their last character.',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => ({ ...view, id: String(view.id).slice(0, 25) }));
    },
    probe: async (call) => String((await withMutation(call)).mutation.id).length,
    shows: 25,
  }),
  fault({
    id: 'mutation-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Mutations report an update_time a day before their create_time.',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 86_400_000),
      }));
    },
    probe: async (call) => {
      const { mutation } = await withMutation(call);
      return mutation.update_time === null || Date.parse(mutation.update_time) >= Date.parse(mutation.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'mutation-get-description-lost',
    requirements: ['MUTATION-GET'],
    slips: ['read-back'],
    description: 'GET returns an empty description (read from a projection that lacks it).',
    behaviour: (b) => {
      respondWith(b, 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', (body) => ({
        ...body,
        mutation: { ...(body.mutation as JsonObject), description: '' },
      }));
    },
    probe: async (call) => {
      const { at } = await withMutation(call, { display_name: 'm', description: 'kept' });
      return (await call('GET', at())).body.mutation.description;
    },
    shows: '',
  }),
  fault({
    id: 'mutation-deleted-still-served',
    requirements: ['MUTATION-DELETE-GONE'],
    slips: ['state'],
    description: 'GET still returns a deleted mutation.',
    behaviour: (b) => {
      rules(b, { reaches: (mutation, agentId) => mutation.agent_id === agentId });
    },
    probe: async (call) => {
      const { at } = await withMutation(call);
      await call('DELETE', at());
      return (await call('GET', at())).status;
    },
    shows: 200,
  }),
  fault({
    id: 'mutation-reachable-under-other-agent',
    requirements: ['MUTATION-SCOPED-TO-AGENT'],
    slips: ['broken'],
    description: 'GET and DELETE find a mutation by its id under any agent.',
    behaviour: reachedAs((owner) => owner),
    probe: async (call) => {
      const { at } = await withMutation(call);
      return (await call('GET', at(await newAgent(call)))).status;
    },
    shows: 200,
  }),
  fault({
    id: 'mutation-delete-under-other-agent',
    requirements: ['MUTATION-SCOPED-TO-AGENT'],
    slips: ['scope'],
    description: 'DELETE removes a mutation by its id under any agent.',
    behaviour: reachedAs((owner, asked, method) => (method === 'DELETE' ? owner : asked)),
    probe: async (call) => {
      const { at } = await withMutation(call);
      await call('DELETE', at(await newAgent(call)));
      return (await call('GET', at())).status;
    },
    shows: 404,
  }),
  fault({
    id: 'mutation-missing-failed-precondition',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description: 'A missing or deleted mutation answers FAILED_PRECONDITION instead of NOT_FOUND.',
    behaviour: (b) => {
      missingAnsweredWith(b, 'mutation_id', 'FAILED_PRECONDITION');
    },
    probe: async (call) => (await call('GET', `${base(await newAgent(call))}/${'0'.repeat(26)}`)).body.error.code,
    shows: 'FAILED_PRECONDITION',
  }),
  fault({
    id: 'mutation-parent-missing-invalid-argument',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description: 'An agent id that names no agent answers INVALID_ARGUMENT instead of NOT_FOUND.',
    behaviour: (b) => {
      missingAnsweredWith(b, 'agent_id', 'INVALID_ARGUMENT');
    },
    probe: async (call) => (await create(call, 'Q'.repeat(22), { display_name: 'm' })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'mutation-parent-looked-up-after-body',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['precedence'],
    description:
      'A mutation body is validated before its parent agent is looked up: config_overrides under an agent that does not exist is refused as INVALID_ARGUMENT (no such configuration key) instead of NOT_FOUND.',
    behaviour: (b) => {
      rules(b, { parentLookedUp: 'after-body' });
    },
    probe: async (call) =>
      (await create(call, 'Q'.repeat(22), { display_name: 'm', config_overrides: { prompt: 'q' } })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'mutation-orphan-created',
    requirements: ['MUTATION-PARENT-MUST-EXIST'],
    slips: ['broken'],
    description: 'A mutation is created under an agent id that names no agent.',
    behaviour: (b) => {
      rules(b, { parentRequired: false });
    },
    probe: async (call) => (await create(call, 'Q'.repeat(22), { display_name: 'm' })).status,
    shows: 200,
  }),
  fault({
    id: 'mutation-id-path-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'An ill-formed mutation_id is looked up like any other and answers NOT_FOUND.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'mutation_id' && checked(endpoint, param);
    },
    probe: async (call) => (await call('GET', `${base(await newAgent(call))}/short`)).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'mutation-agent-id-path-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'On mutation endpoints an ill-formed agent_id is looked up like any other and answers NOT_FOUND.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) =>
        !(endpoint.group === 'mutations' && param === 'agent_id') && checked(endpoint, param);
    },
    probe: async (call) => (await call('GET', `${base('short')}/${'0'.repeat(26)}`)).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'mutation-display-name-bytes',
    requirements: ['MUTATION-DISPLAY-NAME'],
    slips: ['unit'],
    description: 'Mutation display_name is limited to 200 UTF-8 bytes instead of 200 characters.',
    behaviour: rowsMeasuredAs(['mutation.display_name'], bytesOfText),
    probe: (call) => status(call, { display_name: 'é'.repeat(200) }),
    shows: 400,
  }),
  fault({
    id: 'mutation-overrides-size-in-characters',
    requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['unit'],
    description:
      "The 10 KB limit of config_overrides is held against the JSON text's `.length`, its characters, not its UTF-8 bytes.",
    behaviour: rowsMeasuredAs(['mutation.config_overrides'], charactersOfJson),
    probe: (call) => status(call, { display_name: 'm', config_overrides: { prompt: 'é'.repeat(5300) } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-get-parameter-values-not-derived',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['read-back'],
    description:
      'Derived parameter_values are computed for the create answer only: GET returns the stored column, which holds only given ones ({}).',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        isJsonObject(mutation['config_overrides']) &&
        isDeepStrictEqual(mutation['parameter_values'], flattenToStrings(mutation['config_overrides']))
          ? { ...mutation, parameter_values: {} }
          : mutation,
      ),
    probe: async (call) =>
      (await mutationReadBack(call, { display_name: 'm', config_overrides: { prompt: 'hello' } })).parameter_values,
    shows: {},
  }),
  fault({
    id: 'mutation-get-update-time-set',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['read-back'],
    description:
      'GET returns update_time equal to create_time (a column defaulting to now()); the create answer has null.',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) => ({ ...mutation, update_time: mutation['create_time'] })),
    probe: async (call) => {
      const mutation = await mutationReadBack(call);
      return mutation.update_time === mutation.create_time;
    },
    shows: true,
  }),
  fault({
    id: 'mutation-get-defaults-omitted',
    requirements: ['MUTATION-EXPLICIT-DEFAULTS'],
    slips: ['read-back'],
    description:
      'GET leaves out description "" and update_time null (the read path serializes proto3 JSON); the create answer has them.',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        Object.fromEntries(Object.entries(mutation).filter(([, value]) => value !== '' && value !== null)),
      ),
    probe: async (call) => Object.keys(await mutationReadBack(call)).sort(),
    shows: ['agent_id', 'config_overrides', 'create_time', 'display_name', 'id', 'parameter_values'],
  }),
  fault({
    id: 'mutation-update-time-text-null',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['type'],
    description:
      'A mutation never updated has update_time "null", the text (a null formatted through a template string).',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => (view['update_time'] === null ? { ...view, update_time: 'null' } : view));
    },
    probe: async (call) => (await create(call, await newAgent(call), { display_name: 'm' })).body.mutation.update_time,
    shows: 'null',
  }),
  fault({
    id: 'mutation-name-unique-first-match',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['state'],
    description:
      'Uniqueness is judged on the oldest mutation of the agent with that name (`... LIMIT 1`): once that one is deleted, any number of active mutations may share its name.',
    behaviour: (b) => {
      const oldest = new Map<string, MutationRecord>();
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          if (other.agent_id !== agentId || other.display_name !== displayName) return false;
          const key = `${agentId}\u0000${displayName}`;
          const first = oldest.get(key) ?? other;
          oldest.set(key, first);
          return first === other && !other.deleted;
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const first = (await create(call, agentId, { display_name: 'same' })).body.mutation;
      await call('DELETE', `/v1/agents/${agentId}/mutations/${first.id}`);
      await create(call, agentId, { display_name: 'same' });
      return (await create(call, agentId, { display_name: 'same' })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'mutation-duplicate-touches-update-time',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['state'],
    description:
      'A refused duplicate name still updates the mutation that holds it (an upsert `ON CONFLICT DO UPDATE SET update_time = now()` before ALREADY_EXISTS): that mutation, never updated, then has an update_time.',
    behaviour: (b) => {
      const touched = new WeakMap<MutationRecord, number>();
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          const isTaken = taken(other, agentId, displayName);
          if (isTaken) touched.set(other, Date.now());
          return isTaken;
        },
      };
      presentWith(b, 'mutation', (view, record) => {
        const at = touched.get(record as MutationRecord);
        return at === undefined
          ? view
          : { ...view, update_time: b.formatTime(Math.max(at, (record as MutationRecord).create_time)) };
      });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const first = (await create(call, agentId, { display_name: 'same' })).body.mutation;
      await create(call, agentId, { display_name: 'same' });
      return typeof (await call('GET', `/v1/agents/${agentId}/mutations/${first.id}`)).body.mutation.update_time;
    },
    shows: 'string',
  }),
  fault({
    id: 'mutation-delete-before-scope-check',
    requirements: ['MUTATION-SCOPED-TO-AGENT'],
    slips: ['precedence'],
    description:
      'DELETE under another agent deletes the mutation by its id first, and only then finds it belongs to another agent (answering NOT_FOUND).',
    behaviour: (b) => {
      const reaches = b.mutationRules.reaches;
      rules(b, {
        reaches: (mutation, agentId, method) => {
          const reached = reaches(mutation, agentId, method);
          if (method === 'DELETE') mutation.deleted = true;
          return reached;
        },
      });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const mutation = (await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'm' } })).body
        .mutation;
      await call('DELETE', `/v1/agents/${await newAgent(call)}/mutations/${mutation.id}`);
      return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).status;
    },
    shows: 404,
  }),
  // The valid space beyond typical values (values.* checks)
  fault({
    id: 'mutation-description-markup-escaped',
    requirements: ['MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "A mutation's description is stored HTML-escaped (`<` as `&lt;`, `&` as `&amp;`), so markup comes back changed.",
    behaviour: reread(
      'description',
      (read) => (f, body) => read(f, body).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    ),
    probe: (call) => createdField(call, { display_name: 'm', description: '<b>x</b> & y' }, 'description'),
    shows: '&lt;b&gt;x&lt;/b&gt; &amp; y',
  }),
  fault({
    id: 'mutation-description-null-text-as-null',
    requirements: ['MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['type'],
    description: 'A mutation description holding the text "null" is stored as null.',
    behaviour: reread('description', (read) => (f, body) => {
      const value = read(f, body);
      return value === 'null' ? (null as unknown as string) : value;
    }),
    probe: (call) => createdField(call, { display_name: 'm', description: 'null' }, 'description'),
    shows: null,
  }),
  // sequences: found by the exploration (suites/explore.suite.ts)
  fault({
    id: 'mutation-update-time-touched-by-sibling',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['state'],
    description:
      "Creating a mutation stamps update_time on the agent's earlier mutations (an insert that touches its siblings), though none of them changed.",
    behaviour: (b) => {
      shadowedBySibling(b, (view, newest) => ({ ...view, update_time: b.formatTime(newest.create_time) }));
    },
    probe: async (call) => typeof (await firstOfTwo(call, {}, {})).update_time,
    shows: 'string',
  }),
  fault({
    id: 'mutation-parameter-values-from-sibling',
    requirements: ['MUTATION-GET'],
    slips: ['read-back'],
    description:
      "GET of a mutation answers the parameter_values of its agent's newest mutation (a cache keyed by agent, not by mutation).",
    behaviour: (b) => {
      shadowedBySibling(b, (view, newest) => ({ ...view, parameter_values: { ...newest.parameter_values } }));
    },
    probe: async (call) =>
      (await firstOfTwo(call, { parameter_values: { tone: 'calm' } }, { parameter_values: { tone: 'brisk' } }))
        .parameter_values.tone,
    shows: 'brisk',
  }),
  fault({
    id: 'mutation-refused-overrides-stored',
    requirements: ['MUTATION-CREATE'],
    slips: ['precedence'],
    description:
      'A mutation refused for a config_overrides key its agent lacks is stored first: its display_name stays taken, and a valid mutation of that name is refused.',
    behaviour: (b) => {
      rules(b, { overrideKeysCheckedAt: 'after-store' });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      await create(call, agentId, { display_name: 'm', config_overrides: { no_such_key: 'x' } });
      return (await create(call, agentId, { display_name: 'm' })).body.error?.code;
    },
    shows: 'ALREADY_EXISTS',
  }),
  fault({
    id: 'mutation-override-pinned-config-key-dropped',
    requirements: ['MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "config_overrides are stored as a delta against the parent's simulator configuration: a configuration key overridden with the value the parent's configuration already holds (strip_message_timestamps false on a parent holding false) is taken for no change and dropped, on the create answer and on GET. Agent fields (prompt) pinned to the parent's value are kept.",
    behaviour: (b) => {
      let config: Readonly<Record<string, unknown>> = {};
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations')
          config = store.agents.get(params['agent_id'] ?? '')?.metadata ?? {};
        return named(endpoint, params, store);
      };
      reread('config_overrides', (read) => (f, body) => {
        const pinned = ([key, value]: [string, unknown]) =>
          Object.hasOwn(config, key) && isDeepStrictEqual(config[key], value);
        return Object.fromEntries(Object.entries(read(f, body)).filter((entry) => !pinned(entry))) as JsonObject;
      })(b);
    },
    probe: async (call) => {
      const parent = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Parent',
          model_type: 'MODEL_TYPE_CHAT',
          prompt: 'p',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', strip_message_timestamps: false },
        },
      });
      const agentId = String(parent.body.agent.id);
      const created = await create(call, agentId, {
        display_name: 'm',
        config_overrides: { prompt: 'p', strip_message_timestamps: false },
      });
      return (await call('GET', `${base(agentId)}/${String(created.body.mutation.id)}`)).body.mutation.config_overrides;
    },
    shows: { prompt: 'p' },
  }),
  fault({
    id: 'mutation-refused-overrides-left-on-parent',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "config_overrides are checked by merging them into the parent agent in place and validating the result, the parent restored only when they pass: a mutation refused for a key the agent lacks leaves the parent with the other overrides it carried (its prompt now the refused mutation's).",
    behaviour: (b) => {
      let parent: Record<string, unknown> | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations')
          parent = store.agents.get(params['agent_id'] ?? '') as Record<string, unknown> | undefined;
        return named(endpoint, params, store);
      };
      reread('config_overrides', (read) => (f, body) => {
        const overrides = read(f, body);
        if (!parent) return overrides;
        const keys = b.mutationRules.configurationKeys(parent as never);
        // Refused below: the merge into the parent stays (no rollback on the error path).
        if (Object.keys(overrides).some((key) => !keys.has(key)))
          for (const [key, value] of Object.entries(overrides)) if (key in parent) parent[key] = value;
        return overrides;
      })(b);
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const refused = await create(call, agentId, {
        display_name: 'm',
        config_overrides: { prompt: 'merged', no_such_key: 'x' },
      });
      return { refused: refused.status, prompt: (await call('GET', `/v1/agents/${agentId}`)).body.agent.prompt };
    },
    shows: { refused: 400, prompt: 'merged' },
  }),
  fault({
    id: 'mutation-duplicate-upserted',
    requirements: ['MUTATION-GET'],
    slips: ['state'],
    description:
      'A mutation create is an upsert on (agent, display_name) whose conflict is reported after the write: a duplicate of an active mutation writes its description over that mutation, then answers ALREADY_EXISTS. The refusal is right; the original no longer reads back as created.',
    behaviour: (b) => {
      let sent = '';
      const description = b.mutationRules.fields.description;
      const taken = b.mutationRules.nameTakenBy;
      rules(b, {
        fields: {
          ...b.mutationRules.fields,
          description: (f, body) => (sent = description(f, body)),
        },
        nameTakenBy: (other, agentId, displayName) => {
          const held = taken(other, agentId, displayName);
          // The upsert's write: the record is the store's own (its fields are read-only to the routes).
          if (held) (other as { description: string }).description = sent;
          return held;
        },
      });
    },
    probe: async (call) => {
      const { agentId, at } = await withMutation(call, { display_name: 'm', description: 'first' });
      const duplicate = await create(call, agentId, { display_name: 'm', description: 'second' });
      return { duplicate: duplicate.status, description: (await call('GET', at())).body.mutation.description };
    },
    shows: { duplicate: 409, description: 'second' },
  }),
  // races: found by the exploration's creates at once (explore.races) and mutations.fields.same-name-at-once-one-kept
  fault({
    id: 'mutation-name-unique-raced',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['state'],
    description:
      "A mutation's name is checked for uniqueness, then the mutation is stored after an await (a write to the database): two creations of one name at the same moment both pass the check, and both succeed.",
    behaviour: (b) => {
      rules(b, { beforeStore: () => delay(STORE_WRITE_MS) });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const both = await Promise.all([0, 1].map(() => create(call, agentId, { display_name: 'm' })));
      return both.filter((answer) => answer.status < 300).length;
    },
    shows: 2,
  }),
  // writes at the same moment: found by mutations.scope.written-at-once-each-as-alone
  fault({
    id: 'mutation-create-concurrent-internal',
    requirements: ['MUTATION-CREATE'],
    slips: ['state'],
    description:
      "A mutation is stored under an optimistic lock on its agent's row (the write taking a few milliseconds), and the lock failure reaches no handler: of two mutations created under one agent at the same moment, with different names, the first is stored and the second, a valid request, is answered 500 INTERNAL; creates one after another all succeed.",
    behaviour: (b) => {
      const inFlight = new Map<string, number>();
      rules(b, {
        beforeStore: async (agentId) => {
          inFlight.set(agentId, (inFlight.get(agentId) ?? 0) + 1);
          await delay(STORE_WRITE_MS);
          const overlapped = (inFlight.get(agentId) ?? 0) > 1;
          inFlight.set(agentId, (inFlight.get(agentId) ?? 1) - 1);
          if (overlapped) throw internal('OptimisticLockException: row of agents was updated by another transaction');
        },
      });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const both = await Promise.all(['m1', 'm2'].map((name) => create(call, agentId, { display_name: name })));
      return both.map((answer) => answer.status).sort();
    },
    shows: [200, 500],
  }),
  // config_overrides keys looked up leniently: each caught by a spelling of mutations.fields.config-overrides-key-other-spellings
  fault({
    id: 'mutation-override-key-trimmed',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description: 'config_overrides keys are trimmed before they are looked up: ` prompt` is accepted as `prompt`.',
    behaviour: (b) => {
      overrideKeysMatched(b, (key, own) => key.trim() === own);
    },
    probe: (call) => status(call, { display_name: 'm', config_overrides: { ' prompt': 'x' } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-override-key-nfkc',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      'config_overrides keys are looked up after Unicode compatibility normalisation (NFKC): `ｐｒｏｍｐｔ` (full-width) is accepted as `prompt`.',
    behaviour: (b) => {
      overrideKeysMatched(b, (key, own) => key.normalize('NFKC') === own);
    },
    probe: (call) => status(call, { display_name: 'm', config_overrides: { ｐｒｏｍｐｔ: 'x' } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-override-key-prefix',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      'A config_overrides key is accepted when a key of the parent begins it (a lookup meant for dotted paths): `prompt_` is accepted on an agent with `prompt`.',
    behaviour: (b) => {
      overrideKeysMatched(b, (key, own) => key.startsWith(own));
    },
    probe: (call) => status(call, { display_name: 'm', config_overrides: { prompt_: 'x' } }),
    shows: 200,
  }),
  fault({
    id: 'mutation-null-overrides-internal',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'config_overrides is walked with `Object.entries(body.config_overrides)` once the key is in the body: an explicit `config_overrides: null` throws, 500 INTERNAL, instead of being refused or read as no override.',
    behaviour: reread('config_overrides', (read) => (f, body) => {
      if ('config_overrides' in body) Object.entries(body['config_overrides'] as JsonObject);
      return read(f, body);
    }),
    probe: (call) => status(call, { display_name: 'm', config_overrides: null }),
    shows: 500,
  }),
  fault({
    id: 'mutation-overrides-depth-100-internal',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'Mutations are stored in a JSON column with a nesting limit of 100 (MySQL: "the JSON document exceeds the maximum depth"): config_overrides nested deeper, valid and small, fail with 500 INTERNAL instead of being created.',
    behaviour: reread('config_overrides', (read) => (f, body) => {
      const overrides = read(f, body);
      if (jsonDepth(overrides) > 100) throw new Error('the JSON document exceeds the maximum depth');
      return overrides;
    }),
    probe: (call) => status(call, { display_name: 'm', config_overrides: { prompt: nestedValue(120) } }),
    shows: 500,
  }),
  fault({
    id: 'mutation-description-from-overrides',
    requirements: ['MUTATION-DESCRIPTION'],
    slips: ['broken'],
    description:
      'A mutation sent without description is described by its parameter_values (`prompt: a calmer tone`, a summary for the list view), where the stated default is the empty string.',
    behaviour: (b) => {
      const read = b.mutationRules.fields.description;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          description: (f, body) => {
            const pairs = isJsonObject(body['parameter_values']) ? Object.entries(body['parameter_values']) : [];
            return f.has('description') || !pairs.length
              ? read(f, body)
              : pairs.map(([key, value]) => `${key}: ${String(value)}`).join(', ');
          },
        },
      };
    },
    probe: async (call) =>
      createdField(
        call,
        {
          display_name: 'described',
          config_overrides: { prompt: 'a calmer tone' },
          parameter_values: { prompt: 'a calmer tone' },
        },
        'description',
      ),
    shows: 'prompt: a calmer tone',
  }),
  fault({
    id: 'mutation-delete-touches-siblings',
    requirements: ['MUTATION-DELETE-GONE'],
    slips: ['broken'],
    description:
      "DELETE of a mutation re-saves the agent's other active mutations (their positions renumbered): each then reads with update_time set, though none was updated.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}')
          for (const other of store.mutations.values())
            if (other.agent_id === params.agent_id && other.id !== params.mutation_id && !other.deleted)
              store.mutations.set(other.id, { ...other, update_time: store.clock.now() });
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const first = (await create(call, agentId, { display_name: 'first' })).body.mutation.id;
      const second = (await create(call, agentId, { display_name: 'second' })).body.mutation.id;
      await call('DELETE', `${base(agentId)}/${first}`);
      return (await call('GET', `${base(agentId)}/${second}`)).body.mutation.update_time === null
        ? 'never updated'
        : 'updated';
    },
    shows: 'updated',
  }),
  fault({
    id: 'mutation-get-overrides-first-1000',
    requirements: ['MUTATION-GET', 'READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "GET of a mutation reads config_overrides back from a key/value table with `LIMIT 1000`: an override holding an object of more than 1,000 keys, or a list of more than 1,000 elements (within config_overrides' 10 KB), reads back with its first 1,000, while the create's answer echoed it whole.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', (body) => {
        const mutation = body['mutation'];
        if (!isJsonObject(mutation)) return body;
        return { ...body, mutation: { ...mutation, config_overrides: firstThousand(mutation['config_overrides']) } };
      }),
    probe: async (call) => {
      const agentId = await newAgent(call, { workflows: { step: 'greet' } });
      const workflows = Object.fromEntries(Array.from({ length: 1100 }, (_, i) => [i.toString(36), i % 10]));
      const id = (await create(call, agentId, { display_name: 'wide', config_overrides: { workflows } })).body.mutation
        .id;
      const read = (await call('GET', `${base(agentId)}/${id}`)).body.mutation.config_overrides.workflows;
      return Object.keys(read).length;
    },
    shows: 1000,
  }),
  fault({
    id: 'mutation-name-unique-on-byte-prefix',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "A mutation's display_name is held unique through an index on its first 255 bytes of UTF-8, while names run to 200 characters: two names of the same agent in three-byte characters (600 bytes at 200) that share their first 85 characters collide, and the second is refused with ALREADY_EXISTS; one-byte names never reach the prefix.",
    behaviour: (b) => {
      const prefix = (name: string) => Buffer.from(name, 'utf8').subarray(0, 255);
      const taken = b.mutationRules.nameTakenBy;
      rules(b, {
        nameTakenBy: (other, agentId, displayName) =>
          taken(other, agentId, displayName) ||
          (other.agent_id === agentId && !other.deleted && prefix(other.display_name).equals(prefix(displayName))),
      });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      await create(call, agentId, { display_name: `${'語'.repeat(199)}名` });
      return (await create(call, agentId, { display_name: `${'語'.repeat(199)}字` })).status;
    },
    shows: 409,
  }),
  fault({
    id: 'mutation-description-kept-from-last',
    requirements: ['MUTATION-DESCRIPTION'],
    slips: ['broken'],
    description:
      'A mutation sent without description takes the description of the mutation created before it (the default lives in a variable every create writes, as a form keeps its last entry), instead of the empty string.',
    behaviour: reread('description', (original) => keptFromLast(original, (_fields, body) => 'description' in body)),
    probe: async (call) => {
      const agentId = await newAgent(call);
      await create(call, agentId, { display_name: 'first', description: 'chosen before' });
      return (await create(call, agentId, { display_name: 'second' })).body.mutation.description;
    },
    shows: 'chosen before',
  }),
  fault({
    id: 'mutation-override-keys-of-any-workflows',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      "config_overrides keys are held against the parent's keys and an index of every workflow step name any agent's workflows holds (built once for the editor's completion): a key another agent's workflows holds, the parent's not, is accepted.",
    behaviour: (b) => {
      const agents = storedAgents(b);
      const keysOf = b.mutationRules.configurationKeys;
      rules(b, {
        configurationKeys: (agent) =>
          new Set([...keysOf(agent), ...[...agents()].flatMap((other) => Object.keys(other.workflows ?? {}))]),
      });
    },
    probe: async (call) => {
      await newAgent(call, { workflows: { escalation_step: 'support' } });
      const parent = await newAgent(call);
      return (await create(call, parent, { display_name: 'm', config_overrides: { escalation_step: 'sales' } })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'mutation-override-scalar-text-coerced',
    requirements: ['MUTATION-CREATE'],
    slips: ['type'],
    description:
      'config_overrides values are read as an environment-style configuration: a text override that reads as a JSON number, boolean or null (`"true"`, `"0"`, `"1e3"`, `"null"`) is stored as that value, not as the text sent.',
    behaviour: reread('config_overrides', (read) => (f, body) => coercedScalars(read(f, body))),
    probe: async (call) =>
      typeof (await createdField(call, { display_name: 'm', config_overrides: { prompt: 'true' } }, 'config_overrides'))
        .prompt,
    shows: 'boolean',
  }),
  fault({
    id: 'mutation-parameter-value-falsy-text-dropped',
    requirements: ['MUTATION-CREATE'],
    slips: ['explicit'],
    description:
      'Given parameter_values lose the pairs whose text a template engine reads as false (`"0"`, `"null"`, `"false"`): the map is cleaned with a truth test on each value parsed.',
    behaviour: reread('parameter_values', (read) => (f, body) => {
      const given = read(f, body);
      return given && Object.fromEntries(Object.entries(given).filter(([, value]) => !FALSY_TEXT.has(value)));
    }),
    probe: async (call) =>
      Object.keys(
        await createdField(
          call,
          { display_name: 'm', parameter_values: { tone: 'calm', retries: '0' } },
          'parameter_values',
        ),
      ),
    shows: ['tone'],
  }),
  fault({
    id: 'mutation-missing-agent-body-left-on-connection',
    requirements: ['MUTATION-CREATE', 'HTTP-MESSAGE-FRAMING'],
    // The parent looked up before the body is read, and the unread body then misread.
    slips: { 'MUTATION-CREATE': ['precedence'], 'HTTP-MESSAGE-FRAMING': ['broken'] },
    description:
      "A mutation POST under an agent_id that names nothing is refused NOT_FOUND before its body is read, and that body stays on the keep-alive connection, where the service's body reader takes it for the start of the next request's body: the valid create sent next on the same connection is read as two JSON texts run together and refused with INVALID_ARGUMENT, though on another connection it is accepted. A refusal for a wrong key is read past, as it should be.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const leftovers = new WeakMap<object, Buffer[]>();
      // The store, as the last routed request saw it (the service has one): the parent is looked up before the body.
      let agents: ReadonlyMap<string, unknown> = new Map();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        agents = store.agents;
        return named(endpoint, params, store);
      };
      const reads = b.readsBody;
      b.readsBody = (endpoint, headers) => {
        const req = request();
        const agentId = /^\/v1\/agents\/([^/?]+)\/mutations\/?(?:\?|$)/.exec(String(req?.url))?.[1];
        if (
          !req ||
          endpoint.key !== 'POST /v1/agents/{agent_id}/mutations' ||
          agentId === undefined ||
          agents.has(agentId)
        )
          return reads(endpoint, headers);
        // Refused NOT_FOUND by the handler without the body read: what arrives of it is kept for the next request.
        const kept: Buffer[] = [];
        leftovers.set(req.socket, kept);
        req.on('data', (chunk: Buffer) => kept.push(chunk));
        return false;
      };
      const body = b.requestBody;
      b.requestBody = (text, headers) => {
        const req = request();
        const kept = req ? leftovers.get(req.socket) : undefined;
        if (!req || !kept) return body(text, headers);
        leftovers.delete(req.socket);
        return body(Buffer.concat(kept).toString('utf8') + text, headers);
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const refused = await create(call, 'A'.repeat(22), { display_name: 'refused' });
      // The client may send the next request on another connection while the refused one's finishes; it comes back to it.
      const next: number[] = [];
      for (let i = 0; i < 3; i++) next.push((await create(call, agentId, { display_name: `m${i}` })).status);
      return { refused: refused.status, malformed: next.filter((n) => n === 400).length > 0 };
    },
    shows: { refused: 404, malformed: true },
  }),
  fault({
    id: 'mutation-if-match-star-taken-for-a-tag',
    requirements: ['MUTATION-GET', 'MUTATION-DELETE-IDEMPOTENT'],
    slips: ['broken'],
    description:
      'Mutation answers carry a strong ETag (the mutation id, quoted), and a GET or DELETE of a mutation carrying If-Match is served only when one of its listed tags equals that one: `If-Match: *`, which holds for any current representation (RFC 9110 13.1.1), is taken for a tag and refused with 412 FAILED_PRECONDITION, though the mutation exists unchanged; a list holding the current tag is served.',
    behaviour: (b) => {
      let ifMatch: string | undefined;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const given = req.headers['if-match'];
        ifMatch = typeof given === 'string' ? given : undefined;
        return presented(req);
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const tags = ifMatch?.split(',').map((tag) => tag.trim());
        if (
          (endpoint.key === GET_MUTATION || endpoint.key === 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}') &&
          tags &&
          !tags.includes(`"${params.mutation_id ?? ''}"`)
        )
          throw new ApiError('FAILED_PRECONDITION', 'the mutation was modified since the tag given');
        return named(endpoint, params, store);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'FAILED_PRECONDITION' ? 412 : status(code, endpoint));
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const text = bytes.toString('utf8');
        if (!text.startsWith('{"mutation":')) return coded;
        const id = (JSON.parse(text) as { mutation: { id: string } }).mutation.id;
        return { ...coded, headers: { ...coded.headers, ETag: `"${id}"` } };
      };
    },
    probe: async (call) => {
      const { at } = await withMutation(call);
      return (await call('GET', at(), { headers: { 'If-Match': '*' } })).status;
    },
    shows: 412,
  }),
  fault({
    id: 'mutation-persona-override-of-deleted-persona-internal',
    requirements: ['MUTATION-CREATE'],
    slips: ['state'],
    description:
      "A mutation's config_overrides.persona_id is resolved to the persona's fields for its parameter values through a join that leaves deleted personas out: a mutation of a CHAT agent overriding persona_id with a deleted persona fails with 500 INTERNAL; personas still there, and the same one before its deletion, are overridden as before.",
    behaviour: (b) => {
      const deleted = new Set<string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params.persona_id;
        if (endpoint.key === 'DELETE /v1/personas/{persona_id}' && id !== undefined && store.personas.has(id))
          deleted.add(id);
        return named(endpoint, params, store);
      };
      const read = b.mutationRules.fields.config_overrides;
      b.mutationRules.fields = {
        ...b.mutationRules.fields,
        config_overrides: (fields, body) => {
          const overrides = read(fields, body);
          const persona = overrides['persona_id'];
          if (typeof persona === 'string' && deleted.has(persona))
            throw internal("Cannot read properties of undefined (reading 'persona_prompt')");
          return overrides;
        },
      };
    },
    probe: async (call) => {
      const personas = (await call('GET', '/v1/personas?page_size=100')).body.personas as JsonObject[];
      const [kept, gone] = personas.map((p) => String(p.id));
      const agentId = await newAgent(call, {
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: 'https://chat.example.com/v1/chat', persona_id: kept },
      });
      const override = async (name: string) =>
        (await create(call, agentId, { display_name: name, config_overrides: { persona_id: gone } })).status;
      const before = await override('before');
      await call('DELETE', `/v1/personas/${String(gone)}`);
      return { before, after: await override('after') };
    },
    shows: { before: 200, after: 500 },
  }),
] as const satisfies readonly Fault[];
