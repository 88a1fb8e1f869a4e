// What the probes of the agent-mutation faults (proof/faults/mutations.ts) share. Each probe lives in
// its fault's record.

import type { Call } from './call.js';

export const newAgent = async (call: Call, extra: object = {}): Promise<string> =>
  (
    await call('POST', '/v1/agents', {
      body: { display_name: 'Parent', model_type: 'MODEL_TYPE_VOICE', prompt: 'p', ...extra },
    })
  ).body.agent.id;

export const base = (agentId: string) => `/v1/agents/${agentId}/mutations`;
export const create = (call: Call, agentId: string, body: object) => call('POST', base(agentId), { body });

/** A new agent with one mutation created from `body`. */
export async function withMutation(call: Call, body: object = { display_name: 'm' }) {
  const agentId = await newAgent(call);
  const answer = await create(call, agentId, body);
  return {
    agentId,
    answer,
    mutation: answer.body.mutation,
    at: (agent = agentId) => `${base(agent)}/${answer.body.mutation.id}`,
  };
}

export const status = async (call: Call, body: object) => (await create(call, await newAgent(call), body)).status;

/** parameter_values derived from a number inside the parent's workflows. */
export async function derivedFromNested(call: Call) {
  const agentId = await newAgent(call, { workflows: { retries: 2 } });
  return (await create(call, agentId, { display_name: 'm', config_overrides: { workflows: { retries: 3 } } })).body
    .mutation.parameter_values;
}

export const createdField = async (call: Call, body: object, field: string) =>
  (await withMutation(call, body)).mutation[field];
