// What the probes of the agent faults (proof/faults/agents.ts) share. Each probe lives in its fault's
// record.

import type { Call } from './call.js';

export const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' };
export const CHAT_URL = 'https://chat.example.com/v1/messages';
const WSS = { endpoint: 'wss://ws.example.com/agent', initialization_json: '{"type":"start"}' };

export const create = (call: Call, body: object) => call('POST', '/v1/agents', { body });
export const status = async (call: Call, fields: object) => (await create(call, { ...VOICE, ...fields })).status;
export const agent = async (call: Call, fields: object = {}) =>
  (await create(call, { ...VOICE, ...fields })).body.agent;
export const chat = (call: Call, metadata: object) =>
  status(call, { model_type: 'MODEL_TYPE_CHAT', metadata: { chat_endpoint: CHAT_URL, ...metadata } });
export const websocket = (call: Call, metadata: object) =>
  status(call, { model_type: 'MODEL_TYPE_WEBSOCKET', metadata: { ...WSS, ...metadata } });
export const sip = (length: number) => `sip:${'a'.repeat(length - 'sip:@pbx.example.com'.length)}@pbx.example.com`;
export const url = (length: number) =>
  `https://hooks.example.com/${'a'.repeat(length - 'https://hooks.example.com/'.length)}`;
export const sized = (bytes: number) => JSON.stringify({ data: 'x'.repeat(bytes - 11) });
