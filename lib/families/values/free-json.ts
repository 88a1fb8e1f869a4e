// Free-form JSON fields (agents' workflows, test cases' expected_output_json, simulation_metadata_input and
// metric_input) are stored and read back exactly: one document holds every shape a store's conversion loses or
// changes (members holding null, one-element lists, nested empty objects and lists, text shaped like a timestamp, a
// number or a boolean, keys shaped like numbers). Key order is no part of a JSON object's value. The configuration
// values the specification calls JSON strings hold the same document as text, which may come back written another way.

import { isDeepStrictEqual } from 'node:util';
import { type JsonObject, isJsonObject } from '../../util/json.js';

/** A fresh copy of the document, for one field of one body. */
export function freeJson(): JsonObject {
  return {
    kept_null: null,
    one_item: ['only'],
    one_object_item: [{ step: 'greet' }],
    empty_object: {},
    empty_list: [],
    nested: { kept_null: null, empty_object: {}, empty_list: [], items: [[], [null], {}] },
    instant: '2026-03-01T09:30:00Z',
    instant_with_offset: '2026-03-01T09:30:00.5+01:00',
    date: '2026-03-01',
    number_text: '42',
    decimal_text: '3.50',
    boolean_text: 'true',
    null_text: 'null',
    number: 42,
    boolean: false,
    '7': 'a key shaped like a number',
    '007': 'a key with leading zeros',
  };
}

/** The paths where `got` is not `sent` exactly (a member added, dropped or changed), each with both values. */
export function jsonDifferences(sent: unknown, got: unknown, path: string): string[] {
  if (isJsonObject(sent) && isJsonObject(got)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(got)]);
    return [...keys].flatMap((key) =>
      jsonDifferences(
        Object.hasOwn(sent, key) ? sent[key] : undefined,
        Object.hasOwn(got, key) ? got[key] : undefined,
        `${path}.${key}`,
      ),
    );
  }
  if (Array.isArray(sent) && Array.isArray(got) && sent.length === got.length)
    return sent.flatMap((item, index) => jsonDifferences(item, got[index], `${path}[${index}]`));
  if (isDeepStrictEqual(sent, got)) return [];
  const shown = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));
  return [`${path}: sent ${shown(sent)}, got ${shown(got)}`];
}

/** The differences of every field of `sent` in `read`. */
export const changedFields = (sent: JsonObject, read: JsonObject): string[] =>
  Object.entries(sent).flatMap(([field, value]) => jsonDifferences(value, read[field], field));

/** The configuration keys the specification calls a JSON string (headers aside, whose values are text), by agent type. */
export const JSON_TEXT_KEYS = {
  MODEL_TYPE_CHAT: ['custom_data', 'custom_persona_data'],
  MODEL_TYPE_OUTBOUND_VOICE: ['trigger_call_payload'],
  MODEL_TYPE_WEBSOCKET: ['initialization_json'],
} as const;

/** The configuration keys holding headers as a JSON string: an object of text, so of the smallest documents only `{}`. */
export const JSON_HEADER_KEYS = {
  MODEL_TYPE_CHAT: ['custom_headers'],
  MODEL_TYPE_OUTBOUND_VOICE: ['trigger_call_headers'],
  MODEL_TYPE_WEBSOCKET: ['custom_headers'],
} as const;

/** The CHAT key holding a template for requests as validated JSON: of the documents here, the template only. */
export const JSON_TEMPLATE_KEYS = {
  MODEL_TYPE_CHAT: ['input_template'],
  MODEL_TYPE_OUTBOUND_VOICE: [],
  MODEL_TYPE_WEBSOCKET: [],
} as const;

/** The key whose rule is any JSON document ("JSON string sent on connection"): an array or a scalar is never refused there. */
export const ANY_DOCUMENT_KEYS: readonly string[] = ['initialization_json'];

/** A pretty-printed object of text (a header map, a template for requests), its lines ending in LF and in CR LF. */
const LINES_OBJECT = '{\n  "model": "support-bot",\r\n  "messages": "{{messages}}",\n  "session": "{{sessionId}}"\r\n}';

/**
 * JSON documents of every kind as text: the smallest (a presence check that reads what the text parses to takes them
 * for missing), scalars, and an object written over several lines (a one-line pattern refuses it). Objects are valid
 * in every key, the header keys too (the template key takes the template); a careful server may read the other keys' documents as objects
 * (`{{custom_data.field}}`, a base payload) and refuse another kind naming the key, but not in ANY_DOCUMENT_KEYS.
 */
export const JSON_DOCUMENT_TEXTS = [
  { text: '{}', object: true, template: false },
  { text: '[]', object: false, template: false },
  { text: '"text"', object: false, template: false },
  { text: '42', object: false, template: false },
  { text: 'true', object: false, template: false },
  { text: 'null', object: false, template: false },
  { text: LINES_OBJECT, object: true, template: true },
] as const;

/** JSON text read as the document it writes; undefined when it is not text, or not JSON. */
function parsedText(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The differences of every key of `sent` (JSON text) in `read`: the same document, however it is written. */
export const changedJsonText = (sent: JsonObject, read: JsonObject): string[] =>
  Object.entries(sent).flatMap(([key, text]) => jsonDifferences(parsedText(text), parsedText(read[key]), key));
