// lib/explore/configuration.ts: the configuration an agent of each type is drawn with, and the overrides a
// mutation makes of it (a key the agent was created with, another value than the agent's).

import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, configurationOf, fullConfiguration, overrideOf } from '../../lib/explore/configuration.js';

describe('configurationOf', () => {
  it("gives a type's keys with the picked values, and none to a type without keys", () => {
    expect(configurationOf('MODEL_TYPE_CHAT', [{ key: 0, value: 1 }])).toEqual({ response_format: 'responses' });
    expect(configurationOf('MODEL_TYPE_VOICE', [{ key: 0, value: 1 }])).toEqual({});
  });

  it('takes picks beyond the lists round', () => {
    const keys = CONFIG_KEYS.MODEL_TYPE_CHAT ?? [];
    expect(configurationOf('MODEL_TYPE_CHAT', [{ key: keys.length, value: 2 }])).toEqual({
      response_format: 'chat_completions',
    });
  });
});

describe('overrideOf', () => {
  it("overrides a key the agent was created with, never with the agent's value", () => {
    const config = { chat_endpoint: 'https://example.com/v1/messages', response_format: 'responses' };
    for (let value = 0; value < 4; value += 1)
      expect(overrideOf('MODEL_TYPE_CHAT', config, { key: 7, value })).toEqual(['response_format', 'chat_completions']);
  });

  it('overrides nothing of an agent created without a key of its table', () => {
    expect(
      overrideOf('MODEL_TYPE_CHAT', { chat_endpoint: 'https://example.com/v1/messages' }, { key: 0, value: 0 }),
    ).toBe(undefined);
    expect(overrideOf('MODEL_TYPE_SMS', {}, { key: 0, value: 0 })).toBe(undefined);
  });
});

describe('fullConfiguration', () => {
  it("gives every key of the type's table with its first value, and none to a type without keys", () => {
    expect(fullConfiguration('MODEL_TYPE_CHAT')).toEqual(
      Object.fromEntries((CONFIG_KEYS.MODEL_TYPE_CHAT ?? []).map(({ key, values }) => [key, values[0]])),
    );
    expect(Object.keys(fullConfiguration('MODEL_TYPE_CHAT'))).toHaveLength(CONFIG_KEYS.MODEL_TYPE_CHAT?.length ?? -1);
    expect(fullConfiguration('MODEL_TYPE_VOICE')).toEqual({});
  });
});
