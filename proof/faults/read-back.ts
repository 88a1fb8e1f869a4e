// Read-back faults: what a write accepted and echoed is not what a later read returns
// (READ-BACK-UNCHANGED), or an explicit value the spec allows is taken for an absent one
// (EXPLICIT-VALUE-KEPT). Each leaves the create (or update) echo as it was, or changes
// only explicit values, the way a store, a projection or a falsy test would.

import { fault, readAs, rereadAgent, rereadTestCase, sortedLists, type Fault } from './define.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import { readBack, CHAT, mutationReadBack, created, testCase } from '../probes/read-back.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';

const GET_AGENT = 'GET /v1/agents/{agent_id}';
const GET_MUTATION = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}';

/** Each string of `resource` (or of the object under `key`) passed through `change`. */
const strings =
  (change: (value: string) => string, key?: string) =>
  (resource: JsonObject): JsonObject => {
    const target = key === undefined ? resource : resource[key];
    if (!isJsonObject(target)) return resource;
    const changed = Object.fromEntries(
      Object.entries(target).map(([k, v]) => [k, typeof v === 'string' ? change(v) : v]),
    );
    return key === undefined ? changed : { ...resource, [key]: changed };
  };

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;
/** MySQL `utf8` (three bytes at most) in non-strict mode: the text ends where its first four-byte character was. */
const cutAtAstral = (value: string): string => value.slice(0, ASTRAL.exec(value)?.index ?? value.length);

/** The longest prefix of `value` that fits `bytes` UTF-8 bytes. */
function cutToBytes(value: string, bytes: number): string {
  let out = '';
  for (const char of value) {
    if (Buffer.byteLength(out + char) > bytes) break;
    out += char;
  }
  return out;
}

/** A JSON cleaner that drops keys holding false, 0 or "" at every depth (`if (!value) delete ...`). */
function withoutFalsy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFalsy);
  if (isJsonObject(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== false && v !== 0 && v !== '')
        .map(([k, v]) => [k, withoutFalsy(v)]),
    );
  return value;
}

/** Every number at any depth written as its decimal text (a string-typed key/value store). */
function numbersAsText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersAsText(v)]));
  return value;
}

const READ_BACK = ['READ-BACK-UNCHANGED'] as const;

/** Text spelling a number or a boolean as that number or boolean, at every depth (as YAML 1.1 or an INI store reads it). */
function typedScalars(value: unknown): unknown {
  if (typeof value === 'string')
    return value === 'true' || value === 'false'
      ? value === 'true'
      : /^-?\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : value;
  if (Array.isArray(value)) return value.map(typedScalars);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typedScalars(v)]));
  return value;
}
const EXPLICIT = ['EXPLICIT-VALUE-KEPT'] as const;

export const READ_BACK_FAULTS = [
  // What a later read returns
  fault({
    id: 'agent-get-prompt-cut-4000',
    requirements: READ_BACK,
    slips: ['read-back', 'bound'],
    description:
      'GET /v1/agents/{agent_id} returns the prompt cut to 4000 characters (a VARCHAR2(4000) column); shorter prompts and the create answer are whole.',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) =>
        typeof agent['prompt'] === 'string' ? { ...agent, prompt: agent['prompt'].slice(0, 4000) } : agent,
      ),
    probe: async (call) => (await readBack(call, { prompt: 'p'.repeat(5000) })).prompt.length,
    shows: 4000,
  }),
  fault({
    id: 'agent-get-text-cut-at-astral',
    requirements: READ_BACK,
    slips: ['read-back', 'unit'],
    description:
      'GET /v1/agents/{agent_id} returns each text field cut before its first astral character (stored in a three-byte `utf8` column).',
    behaviour: (b) => readAs(b, GET_AGENT, 'agent', strings(cutAtAstral)),
    probe: async (call) => (await readBack(call, { display_name: 'Probe 😀 agent' })).display_name,
    shows: 'Probe ',
  }),
  fault({
    id: 'agent-get-workflows-lists-sorted',
    requirements: READ_BACK,
    slips: ['read-back', 'order'],
    description:
      'GET /v1/agents/{agent_id} returns workflows with every list sorted (a canonical form meant to sort keys only).',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        workflows: sortedLists(agent['workflows']) as JsonObject,
      })),
    probe: async (call) => (await readBack(call, { workflows: { tags: ['b', 'a'] } })).workflows.tags,
    shows: ['a', 'b'],
  }),
  fault({
    id: 'agent-get-metadata-custom-keys-dropped',
    requirements: READ_BACK,
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} returns metadata without custom_data, custom_persona_data and custom_headers (kept in a table the read does not join).',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => {
        if (!isJsonObject(agent['metadata'])) return agent;
        const {
          custom_data: _data,
          custom_persona_data: _persona,
          custom_headers: _headers,
          ...metadata
        } = agent['metadata'];
        return { ...agent, metadata };
      }),
    probe: async (call) =>
      (await readBack(call, { ...CHAT, metadata: { ...CHAT.metadata, custom_data: '{}' } })).metadata.custom_data,
    shows: undefined,
  }),
  fault({
    id: 'agent-get-config-strings-cut-16kb',
    requirements: READ_BACK,
    slips: ['read-back', 'bound'],
    description:
      'GET /v1/agents/{agent_id} returns each metadata string cut to 16384 characters (one column size for every key, 32 KB custom_data included).',
    behaviour: (b) =>
      readAs(
        b,
        GET_AGENT,
        'agent',
        strings((value) => value.slice(0, 16_384), 'metadata'),
      ),
    probe: async (call) =>
      (await readBack(call, { ...CHAT, metadata: { ...CHAT.metadata, custom_data: `"${'x'.repeat(20_000)}"` } }))
        .metadata.custom_data.length,
    shows: 16384,
  }),
  fault({
    id: 'mutation-get-description-utf8-cut',
    requirements: READ_BACK,
    slips: ['read-back', 'unit'],
    description:
      'GET returns a mutation description cut to 2000 UTF-8 bytes (a byte-sized column); ASCII descriptions and the create answer are whole.',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        typeof mutation['description'] === 'string'
          ? { ...mutation, description: cutToBytes(mutation['description'], 2000) }
          : mutation,
      ),
    probe: async (call) =>
      (await mutationReadBack(call, { display_name: 'm', description: 'é'.repeat(2000) })).description,
    shows:
      'éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé',
  }),
  fault({
    id: 'mutation-get-display-name-astral-replaced',
    requirements: READ_BACK,
    slips: ['read-back', 'unit'],
    description:
      'GET returns a mutation display_name with each astral character stored as `?` (a three-byte `utf8` column).',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        typeof mutation['display_name'] === 'string'
          ? { ...mutation, display_name: mutation['display_name'].replace(new RegExp(ASTRAL.source, 'gu'), '?') }
          : mutation,
      ),
    probe: async (call) => (await mutationReadBack(call, { display_name: 'm 😀' })).display_name,
    shows: 'm ?',
  }),
  fault({
    id: 'dashboard-patch-not-stored',
    requirements: READ_BACK,
    slips: ['read-back', 'scope'],
    description:
      'PATCH /v1/dashboards/{id} answers with the new display_name but the store keeps the old one (the write goes to a copy).',
    behaviour: (b) => {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => (kind === 'dashboard' ? previous : kept(kind, updated, previous));
    },
    probe: async (call) => {
      const at = `/v1/dashboards/${FIXTURE_IDS.dashboardId}`;
      await call('PATCH', at, { body: { display_name: 'Renamed by a probe' } });
      return (await call('PATCH', at, { body: {} })).body.dashboard.display_name;
    },
    shows: 'Quality overview',
  }),

  // Explicit values taken for absent ones
  fault({
    id: 'agent-empty-prompt-nulled',
    requirements: EXPLICIT,
    slips: ['explicit'],
    description: 'An explicit empty prompt is stored as null (`prompt || null`).',
    behaviour: (b) => rereadAgent(b, 'prompt', (read) => (f, request) => read(f, request) || null),
    probe: async (call) => (await created(call, { prompt: '' })).prompt,
    shows: null,
  }),
  fault({
    id: 'agent-workflows-falsy-dropped',
    requirements: EXPLICIT,
    slips: ['explicit', 'type'],
    description: 'workflows is stored through a cleaner that drops keys holding false, 0 or "" at every depth.',
    behaviour: (b) =>
      rereadAgent(b, 'workflows', (read) => (f, request) => withoutFalsy(read(f, request)) as JsonObject | null),
    probe: async (call) => (await created(call, { workflows: { enabled: false, retries: 0, note: '' } })).workflows,
    shows: {},
  }),
  fault({
    id: 'test-case-empty-behaviors-replaced',
    requirements: EXPLICIT,
    slips: ['explicit'],
    description:
      'An explicit empty expected_behaviors is replaced by the wrapped expected_output_str (`if (!behaviors?.length)`).',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_behaviors'], (read) => (f, request) => {
        const behaviors = read(f, request);
        const deprecated = f.string('expected_output_str');
        return behaviors?.length || deprecated === null ? behaviors : [deprecated];
      }),
    probe: async (call) =>
      (await testCase(call, { expected_behaviors: [], expected_output_str: 'Offers a refund' })).expected_behaviors,
    shows: ['Offers a refund'],
  }),
  fault({
    id: 'test-case-empty-text-nulled',
    requirements: EXPLICIT,
    slips: ['explicit', 'scope'],
    description: 'An explicit empty description or user_notes is stored as null (`value || null`).',
    behaviour: (b) =>
      rereadTestCase(b, ['description', 'user_notes'], (read) => (f, request) => read(f, request) || null),
    probe: async (call) => (await testCase(call, { description: '', user_notes: '' })).description,
    shows: null,
  }),
  fault({
    id: 'agent-get-workflows-numbers-as-text',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['type', 'read-back'],
    description:
      'GET /v1/agents/{agent_id} returns every number in workflows as its text (stored in a string key/value table); the create answer has the numbers.',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        workflows: numbersAsText(agent['workflows']) as JsonObject | null,
      })),
    probe: async (call) => (await readBack(call, { workflows: { retries: 3 } })).workflows,
    shows: { retries: '3' },
  }),
  fault({
    id: 'agent-empty-workflows-nulled',
    requirements: EXPLICIT,
    slips: ['explicit'],
    description:
      'An explicit empty workflows is stored as null (`Object.keys(value).length ? value : null`, a map with nothing in it taken for none).',
    behaviour: (b) =>
      rereadAgent(b, 'workflows', (read) => (f, request) => {
        const workflows = read(f, request);
        return workflows !== null && Object.keys(workflows).length === 0 ? null : workflows;
      }),
    probe: async (call) => (await created(call, { workflows: {} })).workflows,
    shows: null,
  }),
  fault({
    id: 'test-case-empty-maps-nulled',
    requirements: EXPLICIT,
    slips: ['explicit', 'scope'],
    description:
      'An explicit empty expected_output_json or metric_input is stored as null (`Object.keys(value).length ? value : null`); simulation_metadata_input is kept.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_output_json', 'metric_input'], (read) => (f, request) => {
        const value = read(f, request);
        return value !== null && Object.keys(value).length === 0 ? null : value;
      }),
    probe: async (call) => (await testCase(call, { expected_output_json: {}, metric_input: {} })).metric_input,
    shows: null,
  }),
  fault({
    id: 'agent-get-workflows-text-scalars-typed',
    requirements: READ_BACK,
    slips: ['read-back', 'type'],
    description:
      'GET /v1/agents/{agent_id} returns workflows read through a loosely typed store: text spelling a number or a boolean ' +
      'comes back as one, at every depth (`{"retries": "3", "enabled": "true"}` reads `{"retries": 3, "enabled": true}`); ' +
      'the create answer has them right.',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        workflows: typedScalars(agent['workflows']) as JsonObject,
      })),
    probe: async (call) =>
      (await readBack(call, { workflows: { retries: '3', enabled: 'true', name: 'x' } })).workflows,
    shows: { retries: 3, enabled: true, name: 'x' },
  }),
] as const satisfies readonly Fault[];
