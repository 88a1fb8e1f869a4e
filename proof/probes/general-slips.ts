// What the probes of the faults of proof/faults/general-slips.ts share. Each probe lives in its
// fault's record.

import type { Call } from './call.js';

const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' };
export const AGENT_ID = 'A'.repeat(22);
export const MISSING_PERSONA = 'P'.repeat(22);
export const newAgentId = async (call: Call): Promise<string> =>
  (await call('POST', '/v1/agents', { body: { ...VOICE, prompt: 'p' } })).body.agent.id;
export const firstPersonaId = async (call: Call): Promise<string> =>
  (await call('GET', '/v1/personas?page_size=1')).body.personas[0].id;
export const reviewProject = (fields: object) => ({
  display_name: 'Probe',
  assignees: ['a@example.com'],
  linked_simulation_ids: ['s'.repeat(22)],
  linked_metric_ids: ['m'.repeat(22)],
  ...fields,
});
export const jsonSpec = async (call: Call, name: string) =>
  (await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } })).body;
