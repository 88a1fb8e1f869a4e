// Read-back faults: what a write accepted and echoed is not what a later read returns
// (READ-BACK-UNCHANGED), or an explicit value the spec allows is taken for an absent one
// (EXPLICIT-VALUE-KEPT). Each leaves the create (or update) echo as it was, or changes
// only explicit values, the way a store, a projection or a falsy test would.

import { fault, readAs, rereadAgent, rereadTestCase, sortedLists, type Fault } from './define.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';

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

const READ_BACK = ['READ-BACK-UNCHANGED'] as const;
const EXPLICIT = ['EXPLICIT-VALUE-KEPT'] as const;

export const READ_BACK_FAULTS = [
  // What a later read returns
  fault(
    'agent-get-prompt-cut-4000',
    READ_BACK,
    'GET /v1/agents/{agent_id} returns the prompt cut to 4000 characters (a VARCHAR2(4000) column); shorter prompts and the create answer are whole.',
    (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) =>
        typeof agent['prompt'] === 'string' ? { ...agent, prompt: agent['prompt'].slice(0, 4000) } : agent,
      ),
  ),
  fault(
    'agent-get-text-cut-at-astral',
    READ_BACK,
    'GET /v1/agents/{agent_id} returns each text field cut before its first astral character (stored in a three-byte `utf8` column).',
    (b) => readAs(b, GET_AGENT, 'agent', strings(cutAtAstral)),
  ),
  fault(
    'agent-get-workflows-lists-sorted',
    READ_BACK,
    'GET /v1/agents/{agent_id} returns workflows with every list sorted (a canonical form meant to sort keys only).',
    (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        workflows: sortedLists(agent['workflows']) as JsonObject,
      })),
  ),
  fault(
    'agent-get-metadata-custom-keys-dropped',
    READ_BACK,
    'GET /v1/agents/{agent_id} returns metadata without custom_data, custom_persona_data and custom_headers (kept in a table the read does not join).',
    (b) =>
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
  ),
  fault(
    'agent-get-config-strings-cut-16kb',
    READ_BACK,
    'GET /v1/agents/{agent_id} returns each metadata string cut to 16384 characters (one column size for every key, 32 KB custom_data included).',
    (b) =>
      readAs(
        b,
        GET_AGENT,
        'agent',
        strings((value) => value.slice(0, 16_384), 'metadata'),
      ),
  ),
  fault(
    'mutation-get-description-utf8-cut',
    READ_BACK,
    'GET returns a mutation description cut to 2000 UTF-8 bytes (a byte-sized column); ASCII descriptions and the create answer are whole.',
    (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        typeof mutation['description'] === 'string'
          ? { ...mutation, description: cutToBytes(mutation['description'], 2000) }
          : mutation,
      ),
  ),
  fault(
    'mutation-get-display-name-astral-replaced',
    READ_BACK,
    'GET returns a mutation display_name with each astral character stored as `?` (a three-byte `utf8` column).',
    (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        typeof mutation['display_name'] === 'string'
          ? { ...mutation, display_name: mutation['display_name'].replace(new RegExp(ASTRAL.source, 'gu'), '?') }
          : mutation,
      ),
  ),
  fault(
    'dashboard-patch-not-stored',
    READ_BACK,
    'PATCH /v1/dashboards/{id} answers with the new display_name but the store keeps the old one (the write goes to a copy).',
    (b) => {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => (kind === 'dashboard' ? previous : kept(kind, updated, previous));
    },
  ),

  // Explicit values taken for absent ones
  fault('agent-empty-prompt-nulled', EXPLICIT, 'An explicit empty prompt is stored as null (`prompt || null`).', (b) =>
    rereadAgent(b, 'prompt', (read) => (f, request) => read(f, request) || null),
  ),
  fault(
    'agent-workflows-falsy-dropped',
    EXPLICIT,
    'workflows is stored through a cleaner that drops keys holding false, 0 or "" at every depth.',
    (b) => rereadAgent(b, 'workflows', (read) => (f, request) => withoutFalsy(read(f, request)) as JsonObject | null),
  ),
  fault(
    'test-case-empty-behaviors-replaced',
    EXPLICIT,
    'An explicit empty expected_behaviors is replaced by the wrapped expected_output_str (`if (!behaviors?.length)`).',
    (b) =>
      rereadTestCase(b, ['expected_behaviors'], (read) => (f, request) => {
        const behaviors = read(f, request);
        const deprecated = f.string('expected_output_str');
        return behaviors?.length || deprecated === null ? behaviors : [deprecated];
      }),
  ),
  fault(
    'test-case-empty-text-nulled',
    EXPLICIT,
    'An explicit empty description or user_notes is stored as null (`value || null`).',
    (b) => rereadTestCase(b, ['description', 'user_notes'], (read) => (f, request) => read(f, request) || null),
  ),
] as const satisfies readonly Fault[];
