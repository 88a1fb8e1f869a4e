// What the probes of the read-back faults (proof/faults/read-back.ts) share. Each probe lives in its
// fault's record.

import type { Call } from './call.js';

const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' };
export const CHAT = {
  model_type: 'MODEL_TYPE_CHAT',
  metadata: { chat_endpoint: 'https://chat.example.com/v1/messages' },
};

export const created = async (call: Call, fields: object) =>
  (await call('POST', '/v1/agents', { body: { ...VOICE, ...fields } })).body.agent;
/** The agent created from `fields`, as GET returns it. */
export const readBack = async (call: Call, fields: object = {}) =>
  (await call('GET', `/v1/agents/${(await created(call, fields)).id}`)).body.agent;

/** The mutation created from `body` under a new agent, as GET returns it. */
export async function mutationReadBack(call: Call, body: object = { display_name: 'm' }) {
  const agentId = (await created(call, { prompt: 'p' })).id;
  const mutation = (await call('POST', `/v1/agents/${agentId}/mutations`, { body })).body.mutation;
  return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).body.mutation;
}

export const testCase = async (call: Call, fields: object) =>
  (
    await call('POST', '/v1/test-cases', {
      body: { input_str: 'Ask for a refund', test_set_id: 'TS000001', ...fields },
    })
  ).body.test_case;
