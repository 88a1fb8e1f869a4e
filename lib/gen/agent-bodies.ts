// Agent request bodies beyond the minimal one: a valid body for each model type (with
// the simulator configuration its type requires, under the request field the target
// uses), values of an exact length for fields with a format, and JSON of an exact size.

import type { ModelType } from '../contract/enums.js';
import { fieldLimit, type FieldLimitId } from '../contract/limits.js';
import { agentBody, PUBLIC_CHAT_URL, PUBLIC_WEBHOOK_URL } from './bodies.js';
import { alnum } from './ids.js';
import { twoByteText } from './strings.js';
import type { JsonObject } from '../util/json.js';

const PUBLIC_WSS_URL = 'wss://example.com/agent';
const INITIALIZATION_JSON = '{"type":"session.start"}';

/** The configuration keys each type requires (CHAT and WEBSOCKET); other types need none. */
const REQUIRED_CONFIG: Partial<Record<ModelType, JsonObject>> = {
  MODEL_TYPE_CHAT: { chat_endpoint: PUBLIC_CHAT_URL },
  MODEL_TYPE_WEBSOCKET: { endpoint: PUBLIC_WSS_URL, initialization_json: INITIALIZATION_JSON },
};

export interface TypedAgent {
  /** Request field carrying the simulator configuration; needed for types that require one. */
  readonly configField?: string;
  /** Keys merged over the required configuration; a key set to undefined is left out. */
  readonly config?: JsonObject;
  /** Top-level fields merged over the valid body. */
  readonly overrides?: JsonObject;
}

/** A valid agent of `modelType`: a phone number always, an endpoint for OUTBOUND_VOICE, the required configuration. */
export function typedAgentBody(
  modelType: ModelType,
  displayName: string,
  { configField, config = {}, overrides = {} }: TypedAgent = {},
): JsonObject {
  const endpoint = modelType === 'MODEL_TYPE_OUTBOUND_VOICE' ? { endpoint: PUBLIC_WEBHOOK_URL } : {};
  const merged = { ...REQUIRED_CONFIG[modelType], ...config };
  if (configField === undefined && Object.keys(merged).length)
    throw new Error(`a ${modelType} agent needs the configuration field`);
  const configuration = configField === undefined ? {} : { [configField]: merged };
  return agentBody(displayName, { model_type: modelType, ...endpoint, ...configuration, ...overrides });
}

/** Optional CHAT configuration keys, each set to a value a correct server takes (no persona_id: it names a fixture). */
const FULLEST_CHAT_CONFIG: JsonObject = {
  response_format: 'responses',
  input_template: '{"model":"agent","input":"{{latest_message}}"}',
  payload_wrapper: 'payload',
  response_message_path: 'output.0.content',
  strip_message_timestamps: true,
  custom_data: '{"tier":"gold"}',
  custom_headers: '{"X-Trace":"fullest"}',
};

/**
 * The fullest valid agent: a CHAT agent with every optional top-level field set (empty reference lists: unknown IDs
 * may be refused) and its configuration with every optional key under `configField`; `config` and `overrides` over it.
 */
export function fullestAgentBody(
  displayName: string,
  configField: string,
  { config = {}, overrides = {} }: Pick<TypedAgent, 'config' | 'overrides'> = {},
): JsonObject {
  return typedAgentBody('MODEL_TYPE_CHAT', displayName, {
    configField,
    config: { ...FULLEST_CHAT_CONFIG, ...config },
    overrides: {
      endpoint: PUBLIC_WEBHOOK_URL,
      prompt: 'Help the customer with their order.',
      workflows: { version: 2, steps: [{ name: 'greet', next: 'close' }, { name: 'close' }] },
      metric_ids: [],
      test_set_ids: [],
      ...overrides,
    },
  });
}

/** `prefix` + alphanumeric filler + `suffix`, exactly `length` characters (salt varies the filler; no `.` a URL normaliser could resolve). */
function shaped(prefix: string, suffix: string, length: number, salt: number): string {
  const filler = length - prefix.length - suffix.length;
  if (filler < 1) throw new Error(`${prefix}…${suffix} cannot be ${length} characters long`);
  return `${prefix}${alnum(filler, salt)}${suffix}`;
}

/**
 * Values of an exact length for fields with a format. SIP addresses and URLs are ASCII
 * (RFC 3261, RFC 3986), so multi-byte text would make them malformed, not long.
 */
export const FORMATTED_VALUES = {
  phone_number: {
    shortest: 'sip:x@pbx.example.com'.length,
    ofLength: (n: number, salt = 0) => shaped('sip:', '@pbx.example.com', n, salt),
  },
  endpoint: {
    shortest: 'https://example.com/x'.length,
    ofLength: (n: number, salt = 0) => shaped('https://example.com/', '', n, salt),
  },
} as const;

export type FormattedField = keyof typeof FORMATTED_VALUES;

const FILLER_KEY = 'data';
const EMPTY_OBJECT_BYTES = JSON.stringify({ [FILLER_KEY]: '' }).length;

/**
 * How the filler of sized JSON is written: ASCII, or two-byte characters (twoByteText) for a value
 * meant to be rejected, since KB and MB count bytes, not characters.
 */
export type FillerText = 'ascii' | 'two-byte';

/** An object whose compact JSON is exactly `bytes` bytes (UTF-8), its filler written as `text`. */
export function jsonObjectOfSize(bytes: number, text: FillerText = 'ascii'): JsonObject {
  const filler = bytes - EMPTY_OBJECT_BYTES;
  return { [FILLER_KEY]: text === 'ascii' ? 'x'.repeat(filler) : twoByteText(filler) };
}

/** JSON text of exactly `bytes` bytes (UTF-8), for fields the spec calls "JSON string". */
export function jsonTextOfSize(bytes: number, text: FillerText = 'ascii'): string {
  return JSON.stringify(jsonObjectOfSize(bytes, text));
}

/**
 * Sizes around a byte limit given in KB or MB (1000 or 1024): accepted is 1% under the
 * 1000-based reading, room for how a server measures (JSON quoting, escapes); rejected
 * is 1 KiB over the 1024-based reading.
 */
export function byteLimitSizes(limit: FieldLimitId): { accept: number; reject: number } {
  const ambiguous = fieldLimit(limit).maxAmbiguous;
  if (!ambiguous) throw new Error(`${limit} is not a KB / MB limit`);
  return { accept: Math.floor(ambiguous.low * 0.99), reject: ambiguous.high + 1024 };
}
