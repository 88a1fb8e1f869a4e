// The simulator configuration the exploration gives its agents and overrides in their mutations: per type,
// keys the specification lists whose values a correct server keeps as sent (no URL a resolver may refuse but
// the required ones, no JSON text a server may write back with other spacing, no secret it may mask), each
// with values to draw from. A mutation overrides a key its agent was created with, with one of these values.

import type { ModelType } from '../contract/enums.js';

/** What the drawn keys hold: text, or a flag. */
export type ConfigValue = string | boolean;

/** A configuration key and the values drawn for it (an agent's and an override's are picked from the same list). */
export interface ConfigKey {
  readonly key: string;
  readonly values: readonly ConfigValue[];
}

const WSS_URLS = ['wss://example.com/agent', 'wss://example.com/agent/v2'] as const;

/** Optional keys per configured type (typedAgentBody adds the required ones), and WEBSOCKET's required endpoint. */
export const CONFIG_KEYS: Partial<Record<ModelType, readonly ConfigKey[]>> = {
  MODEL_TYPE_CHAT: [
    { key: 'response_format', values: ['chat_completions', 'responses'] },
    { key: 'payload_wrapper', values: ['payload', 'data', 'request'] },
    { key: 'response_message_path', values: ['choices.0.message.content', 'output.0.content', 'reply'] },
    { key: 'strip_message_timestamps', values: [false, true] },
  ],
  MODEL_TYPE_OUTBOUND_VOICE: [{ key: 'phone_number_key', values: ['phone_number', 'to', 'callee.number'] }],
  MODEL_TYPE_WEBSOCKET: [{ key: 'endpoint', values: WSS_URLS }],
};

/** The types the exploration draws: every type, those with configuration keys created with some of them. */
export const EXPLORED_TYPES = [
  'MODEL_TYPE_VOICE',
  'MODEL_TYPE_OUTBOUND_VOICE',
  'MODEL_TYPE_SMS',
  'MODEL_TYPE_CHAT',
  'MODEL_TYPE_WEBSOCKET',
] as const satisfies readonly ModelType[];

/** A key of the type's table and a value of its list, both as indices drawn before the type is known. */
export interface ConfigPick {
  readonly key: number;
  readonly value: number;
}

const at = <T>(items: readonly T[], pick: number): T => items[pick % items.length] as T;

/** The configuration `picks` give an agent of `type` (a key picked twice keeps its last value). */
export function configurationOf(type: ModelType, picks: readonly ConfigPick[]): Record<string, ConfigValue> {
  const keys = CONFIG_KEYS[type] ?? [];
  if (!keys.length) return {};
  return Object.fromEntries(
    picks.map((pick) => {
      const { key, values } = at(keys, pick.key);
      return [key, at(values, pick.value)];
    }),
  );
}

/**
 * The override `pick` makes of an agent's configuration (`config`, as sent): one of its keys with another
 * value of the key's list than the agent's, so that a server writing it into the agent shows.
 */
export function overrideOf(
  type: ModelType,
  config: Readonly<Record<string, unknown>>,
  pick: ConfigPick,
): [string, ConfigValue] | undefined {
  const keys = (CONFIG_KEYS[type] ?? []).filter(({ key }) => key in config);
  if (!keys.length) return undefined;
  const { key, values } = at(keys, pick.key);
  const others = values.filter((value) => value !== config[key]);
  return [key, at(others, pick.value)];
}

/** Every optional key of the type's table, each with its first value (the mutation checks override each key). */
export const fullConfiguration = (type: ModelType): Record<string, ConfigValue> =>
  configurationOf(
    type,
    (CONFIG_KEYS[type] ?? []).map((_, key) => ({ key, value: 0 })),
  );
