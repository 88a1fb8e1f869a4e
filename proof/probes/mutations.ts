// What each agent-mutation fault changes, observed from outside: each probe's value
// differs between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

const newAgent = async (call: Call, extra: object = {}): Promise<string> =>
  (
    await call('POST', '/v1/agents', {
      body: { display_name: 'Parent', model_type: 'MODEL_TYPE_VOICE', prompt: 'p', ...extra },
    })
  ).body.agent.id;

const base = (agentId: string) => `/v1/agents/${agentId}/mutations`;
const create = (call: Call, agentId: string, body: object) => call('POST', base(agentId), { body });

/** A new agent with one mutation created from `body`. */
async function withMutation(call: Call, body: object = { display_name: 'm' }) {
  const agentId = await newAgent(call);
  const answer = await create(call, agentId, body);
  return {
    agentId,
    answer,
    mutation: answer.body.mutation,
    at: (agent = agentId) => `${base(agent)}/${answer.body.mutation.id}`,
  };
}

const status = async (call: Call, body: object) => (await create(call, await newAgent(call), body)).status;

/** parameter_values derived from a number inside the parent's workflows. */
async function derivedFromNested(call: Call) {
  const agentId = await newAgent(call, { workflows: { retries: 2 } });
  return (await create(call, agentId, { display_name: 'm', config_overrides: { workflows: { retries: 3 } } })).body
    .mutation.parameter_values;
}

const createdField = async (call: Call, body: object, field: string) =>
  (await withMutation(call, body)).mutation[field];

export const MUTATION_PROBES: Record<string, Probe> = {
  'mutation-display-name-max-199': (call) => status(call, { display_name: 'n'.repeat(200) }),
  'mutation-display-name-max-201': (call) => status(call, { display_name: 'n'.repeat(201) }),
  'mutation-display-name-empty-accepted': (call) => status(call, { display_name: '' }),
  'mutation-display-name-min-2': (call) => status(call, { display_name: 'n' }),
  'mutation-display-name-max-255': (call) => status(call, { display_name: 'n'.repeat(210) }),
  'mutation-display-name-optional': (call) => status(call, { description: 'no name' }),
  'mutation-display-name-ascii-only': (call) => status(call, { display_name: 'Grüße' }),
  'mutation-name-unique-not-enforced': async (call) => {
    const { agentId } = await withMutation(call);
    return (await create(call, agentId, { display_name: 'm' })).status;
  },
  'mutation-name-unique-across-agents': async (call) => {
    await withMutation(call, { display_name: 'shared' });
    return status(call, { display_name: 'shared' });
  },
  'mutation-name-unique-counts-deleted': async (call) => {
    const { agentId, at } = await withMutation(call);
    await call('DELETE', at());
    return (await create(call, agentId, { display_name: 'm' })).status;
  },
  'mutation-duplicate-status-400': async (call) => {
    const { agentId } = await withMutation(call);
    return (await create(call, agentId, { display_name: 'm' })).status;
  },
  'mutation-description-default-null': (call) => createdField(call, { display_name: 'm' }, 'description'),
  'mutation-description-default-na': (call) => createdField(call, { display_name: 'm' }, 'description'),
  'mutation-description-max-1999': (call) => status(call, { display_name: 'm', description: 'd'.repeat(2000) }),
  'mutation-description-max-2001': (call) => status(call, { display_name: 'm', description: 'd'.repeat(2001) }),
  'mutation-description-unlimited': (call) => status(call, { display_name: 'm', description: 'd'.repeat(3000) }),
  'mutation-description-bytes': (call) => status(call, { display_name: 'm', description: 'é'.repeat(1500) }),
  'mutation-lengths-utf16': (call) => status(call, { display_name: '😀'.repeat(200) }),
  'mutation-description-number-coerced': (call) => status(call, { display_name: 'm', description: 42 }),
  'mutation-explicit-defaults-omitted': async (call) => Object.keys((await withMutation(call)).mutation).sort(),
  'mutation-override-keys-unchecked': (call) =>
    status(call, { display_name: 'm', config_overrides: { no_such_key: 'x' } }),
  'mutation-override-keys-simulator-only': (call) =>
    status(call, { display_name: 'm', config_overrides: { prompt: 'x' } }),
  'mutation-overrides-limit-1kb': (call) =>
    status(call, { display_name: 'm', config_overrides: { prompt: 'x'.repeat(2000) } }),
  'mutation-overrides-size-unchecked': (call) =>
    status(call, { display_name: 'm', config_overrides: { prompt: 'x'.repeat(11_000) } }),
  'mutation-overrides-string-ignored': (call) => status(call, { display_name: 'm', config_overrides: 'prompt=x' }),
  'mutation-overrides-dropped': (call) =>
    createdField(call, { display_name: 'm', config_overrides: { prompt: 'x' } }, 'config_overrides'),
  'mutation-parameter-values-not-derived': (call) =>
    createdField(call, { display_name: 'm', config_overrides: { prompt: 'x' } }, 'parameter_values'),
  'mutation-parameter-values-not-stringified': derivedFromNested,
  'mutation-parameter-values-string-accepted': (call) =>
    status(call, { display_name: 'm', parameter_values: 'prompt=x' }),
  'mutation-parameter-values-numbers-accepted': (call) =>
    status(call, { display_name: 'm', parameter_values: { tone: 42 } }),
  'mutation-parameter-values-first-checked': (call) =>
    status(call, { display_name: 'm', parameter_values: { tone: 'calm', retries: 3 } }),
  'mutation-parameter-values-scalars-dropped': (call) =>
    status(call, { display_name: 'm', parameter_values: { tone: 'calm', retries: 3 } }),
  'mutation-parameter-values-text-on-create-only': async (call) => {
    const { answer, at } = await withMutation(call, { display_name: 'm', parameter_values: { tone: 42 } });
    return answer.status < 300 ? (await call('GET', at())).body.mutation.parameter_values : answer.status;
  },
  'mutation-parameter-values-nested-as-json': derivedFromNested,
  'mutation-parameter-values-leaf-keys': derivedFromNested,
  'mutation-parameter-values-given-ignored': (call) =>
    createdField(
      call,
      { display_name: 'm', config_overrides: { prompt: 'x' }, parameter_values: { tone: 'warm' } },
      'parameter_values',
    ),
  'mutation-id-25-characters': async (call) => String((await withMutation(call)).mutation.id).length,
  'mutation-update-before-create': async (call) => {
    const { mutation } = await withMutation(call);
    return mutation.update_time === null || Date.parse(mutation.update_time) >= Date.parse(mutation.create_time);
  },
  'mutation-get-description-lost': async (call) => {
    const { at } = await withMutation(call, { display_name: 'm', description: 'kept' });
    return (await call('GET', at())).body.mutation.description;
  },
  'mutation-deleted-still-served': async (call) => {
    const { at } = await withMutation(call);
    await call('DELETE', at());
    return (await call('GET', at())).status;
  },
  'mutation-reachable-under-other-agent': async (call) => {
    const { at } = await withMutation(call);
    return (await call('GET', at(await newAgent(call)))).status;
  },
  'mutation-delete-under-other-agent': async (call) => {
    const { at } = await withMutation(call);
    await call('DELETE', at(await newAgent(call)));
    return (await call('GET', at())).status;
  },
  'mutation-missing-failed-precondition': async (call) =>
    (await call('GET', `${base(await newAgent(call))}/${'0'.repeat(26)}`)).body.error.code,
  'mutation-parent-missing-invalid-argument': async (call) =>
    (await create(call, 'Q'.repeat(22), { display_name: 'm' })).body.error.code,
  'mutation-orphan-created': async (call) => (await create(call, 'Q'.repeat(22), { display_name: 'm' })).status,
  'mutation-id-path-unchecked': async (call) =>
    (await call('GET', `${base(await newAgent(call))}/short`)).body.error.code,
  'mutation-agent-id-path-unchecked': async (call) =>
    (await call('GET', `${base('short')}/${'0'.repeat(26)}`)).body.error.code,
};
