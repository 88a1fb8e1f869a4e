// What each read-back fault changes, observed from outside: each probe's value differs
// between the correct service and the one with the fault.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;

const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' };
const CHAT = { model_type: 'MODEL_TYPE_CHAT', metadata: { chat_endpoint: 'https://chat.example.com/v1/messages' } };

const created = async (call: Call, fields: object) =>
  (await call('POST', '/v1/agents', { body: { ...VOICE, ...fields } })).body.agent;
/** The agent created from `fields`, as GET returns it. */
const readBack = async (call: Call, fields: object) =>
  (await call('GET', `/v1/agents/${(await created(call, fields)).id}`)).body.agent;

/** The mutation created from `body` under a new agent, as GET returns it. */
async function mutationReadBack(call: Call, body: object) {
  const agentId = (await created(call, { prompt: 'p' })).id;
  const mutation = (await call('POST', `/v1/agents/${agentId}/mutations`, { body })).body.mutation;
  return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).body.mutation;
}

const testCase = async (call: Call, fields: object) =>
  (
    await call('POST', '/v1/test-cases', {
      body: { input_str: 'Ask for a refund', test_set_id: 'TS000001', ...fields },
    })
  ).body.test_case;

export const READ_BACK_PROBES: Record<string, Probe> = {
  'agent-get-prompt-cut-4000': async (call) => (await readBack(call, { prompt: 'p'.repeat(5000) })).prompt.length,
  'agent-get-text-cut-at-astral': async (call) =>
    (await readBack(call, { display_name: 'Probe 😀 agent' })).display_name,
  'agent-get-workflows-lists-sorted': async (call) =>
    (await readBack(call, { workflows: { tags: ['b', 'a'] } })).workflows.tags,
  'agent-get-metadata-custom-keys-dropped': async (call) =>
    (await readBack(call, { ...CHAT, metadata: { ...CHAT.metadata, custom_data: '{}' } })).metadata.custom_data,
  'agent-get-config-strings-cut-16kb': async (call) =>
    (await readBack(call, { ...CHAT, metadata: { ...CHAT.metadata, custom_data: `"${'x'.repeat(20_000)}"` } })).metadata
      .custom_data.length,
  'mutation-get-description-utf8-cut': async (call) =>
    (await mutationReadBack(call, { display_name: 'm', description: 'é'.repeat(2000) })).description,
  'mutation-get-display-name-astral-replaced': async (call) =>
    (await mutationReadBack(call, { display_name: 'm 😀' })).display_name,
  'dashboard-patch-not-stored': async (call) => {
    const at = `/v1/dashboards/${FIXTURE_IDS.dashboardId}`;
    await call('PATCH', at, { body: { display_name: 'Renamed by a probe' } });
    return (await call('PATCH', at, { body: {} })).body.dashboard.display_name;
  },
  'agent-empty-prompt-nulled': async (call) => (await created(call, { prompt: '' })).prompt,
  'agent-workflows-falsy-dropped': async (call) =>
    (await created(call, { workflows: { enabled: false, retries: 0, note: '' } })).workflows,
  'test-case-empty-behaviors-replaced': async (call) =>
    (await testCase(call, { expected_behaviors: [], expected_output_str: 'Offers a refund' })).expected_behaviors,
  'test-case-empty-text-nulled': async (call) =>
    (await testCase(call, { description: '', user_notes: '' })).description,
};
