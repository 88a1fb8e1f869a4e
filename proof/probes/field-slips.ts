// What the probes of the field-slip faults (proof/faults/field-slips.ts) share. Each probe lives in
// its fault's record.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' };
const CHAT = {
  ...VOICE,
  model_type: 'MODEL_TYPE_CHAT',
  metadata: { chat_endpoint: 'https://chat.example.com/v1/messages' },
};
const REVIEW = {
  display_name: 'Review',
  assignees: ['a@example.com'],
  linked_simulation_ids: ['s1'],
  linked_metric_ids: ['m1'],
};

export const newAgent = (call: Call, fields: object = {}) =>
  call('POST', '/v1/agents', { body: { ...VOICE, ...fields } });
export const agentStatus = async (call: Call, fields: object) => (await newAgent(call, fields)).status;
export const chatStatus = async (call: Call, config: object) =>
  (await newAgent(call, { ...CHAT, metadata: { ...CHAT.metadata, ...config } })).status;
/** The agent created from `fields`, as GET returns it. */
export async function agentReadBack(call: Call, fields: object = {}) {
  return (await call('GET', `/v1/agents/${(await newAgent(call, fields)).body.agent.id}`)).body.agent;
}

export const parent = async (call: Call) => (await newAgent(call, { prompt: 'p' })).body.agent.id as string;
export const mutate = (call: Call, agentId: string, body: object) =>
  call('POST', `/v1/agents/${agentId}/mutations`, { body });
export const mutationStatus = async (call: Call, body: object) => (await mutate(call, await parent(call), body)).status;
/** The mutation created from `body` under a new agent, as GET returns it. */
export async function mutationReadBack(call: Call, body: object = { display_name: 'm' }) {
  const agentId = await parent(call);
  const mutation = (await mutate(call, agentId, body)).body.mutation;
  return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).body.mutation;
}

export const testCase = (call: Call, fields: object) =>
  call('POST', '/v1/test-cases', { body: { input_str: 'Ask for a refund', test_set_id: 'TS000001', ...fields } });
export const reviewProject = (call: Call, fields: object) =>
  call('POST', '/v1/review-projects', { body: { ...REVIEW, ...fields } });
export const renameDashboard = async (call: Call, displayName: string) =>
  (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: { display_name: displayName } })).status;
export const runs = async (call: Call) =>
  (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<Record<string, any>>;
