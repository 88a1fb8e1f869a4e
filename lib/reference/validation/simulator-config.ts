// The simulator configuration keys of each agent type, as rules over the configuration
// object. Keys of other types, and unknown keys, pass untouched. The Behaviour holds a
// fresh copy of the tables (simulatorConfigRules), so a fault can change one key's rule.

import type { ModelType } from '../../contract/enums.js';
import { CHAT_RESPONSE_FORMATS } from '../../contract/enums.js';
import { HTTP_URL, idCheck, JSON_DOCUMENT, PUBLIC_HTTP_URL, WSS_URL } from './checks.js';
import type { Fields } from './fields.js';

export type KeyRule = (config: Fields, key: string) => void;
export type SimulatorConfigRules = Partial<Record<ModelType, Record<string, KeyRule>>>;

// Stryker disable next-line ArrowFunction: the specification's table gives these keys (authorization_header, payload_wrapper, response_message_path, phone_number_key) no type.
const text: KeyRule = (c, k) => void c.string(k);
const flag: KeyRule = (c, k) => void c.boolean(k);
// Stryker disable next-line ArrowFunction: the specification gives tool_call_extraction_config no type ("Inner structure of tool_call_extraction_config: not shown").
const object: KeyRule = (c, k) => void c.object(k);
const json: KeyRule = (c, k) => void c.jsonValue(k);

const CHAT: Record<string, KeyRule> = {
  chat_endpoint: (c, k) => void c.string(k, { required: true, check: PUBLIC_HTTP_URL }),
  authorization_header: text,
  initialization_endpoint: (c, k) => void c.string(k, { check: HTTP_URL }),
  initialization_payload: (c, k) => void c.jsonValue(k, { limit: 'chat.initialization_payload' }),
  custom_data: (c, k) => void c.jsonValue(k, { limit: 'chat.custom_data' }),
  custom_persona_data: (c, k) => void c.jsonValue(k, { limit: 'chat.custom_persona_data' }),
  custom_headers: (c, k) => void c.jsonValue(k, { limit: 'chat.custom_headers' }),
  response_format: (c, k) => void c.oneOf(k, CHAT_RESPONSE_FORMATS),
  input_template: (c, k) => void c.jsonValue(k, { check: JSON_DOCUMENT }),
  payload_wrapper: text,
  response_message_path: text,
  strip_message_timestamps: flag,
  tool_call_extraction_config: object,
  persona_id: (c, k) => void c.string(k, { check: idCheck('persona') }),
};

const OUTBOUND_VOICE: Record<string, KeyRule> = {
  trigger_call_headers: json,
  trigger_call_payload: json,
  phone_number_key: text,
};

const WEBSOCKET: Record<string, KeyRule> = {
  endpoint: (c, k) => void c.string(k, { required: true, check: WSS_URL }),
  initialization_json: (c, k) => void c.jsonValue(k, { required: true }),
  authorization_header: text,
  custom_headers: json,
};

export function simulatorConfigRules(): SimulatorConfigRules {
  return { MODEL_TYPE_CHAT: { ...CHAT }, MODEL_TYPE_OUTBOUND_VOICE: { ...OUTBOUND_VOICE }, MODEL_TYPE_WEBSOCKET: { ...WEBSOCKET } };
}

export function validateSimulatorConfig(rules: SimulatorConfigRules, modelType: ModelType, config: Fields): void {
  for (const [key, rule] of Object.entries(rules[modelType] ?? {})) rule(config, key);
}
