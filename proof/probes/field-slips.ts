// What each field-slip fault changes, observed from outside: each probe's value differs
// between the correct service and the one with the fault.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;

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

const newAgent = (call: Call, fields: object = {}) => call('POST', '/v1/agents', { body: { ...VOICE, ...fields } });
const agentStatus = async (call: Call, fields: object) => (await newAgent(call, fields)).status;
const chatStatus = async (call: Call, config: object) =>
  (await newAgent(call, { ...CHAT, metadata: { ...CHAT.metadata, ...config } })).status;
/** The agent created from `fields`, as GET returns it. */
async function agentReadBack(call: Call, fields: object = {}) {
  return (await call('GET', `/v1/agents/${(await newAgent(call, fields)).body.agent.id}`)).body.agent;
}

const parent = async (call: Call) => (await newAgent(call, { prompt: 'p' })).body.agent.id as string;
const mutate = (call: Call, agentId: string, body: object) => call('POST', `/v1/agents/${agentId}/mutations`, { body });
const mutationStatus = async (call: Call, body: object) => (await mutate(call, await parent(call), body)).status;
/** The mutation created from `body` under a new agent, as GET returns it. */
async function mutationReadBack(call: Call, body: object = { display_name: 'm' }) {
  const agentId = await parent(call);
  const mutation = (await mutate(call, agentId, body)).body.mutation;
  return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).body.mutation;
}

const testCase = (call: Call, fields: object) =>
  call('POST', '/v1/test-cases', { body: { input_str: 'Ask for a refund', test_set_id: 'TS000001', ...fields } });
const reviewProject = (call: Call, fields: object) =>
  call('POST', '/v1/review-projects', { body: { ...REVIEW, ...fields } });
const renameDashboard = async (call: Call, displayName: string) =>
  (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: { display_name: displayName } })).status;
const runs = async (call: Call) =>
  (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<Record<string, any>>;

export const FIELD_SLIPS_PROBES: Record<string, Probe> = {
  'mutation-display-name-bytes': (call) => mutationStatus(call, { display_name: 'é'.repeat(200) }),
  'dashboard-display-name-bytes': (call) => renameDashboard(call, 'é'.repeat(255)),
  'dashboard-display-name-surrogate-ends': (call) => renameDashboard(call, '\u{10000}\u{1D7FF}'.repeat(127)),
  'review-project-display-name-bytes': async (call) =>
    (await reviewProject(call, { display_name: 'é'.repeat(200) })).status,
  'test-case-test-set-id-bytes': async (call) => (await testCase(call, { test_set_id: 'éééé' })).status,
  'chat-payload-sizes-in-characters': (call) =>
    chatStatus(call, { custom_headers: JSON.stringify({ h: 'é'.repeat(10_000) }) }),
  'agent-config-size-in-characters': (call) => agentStatus(call, { workflows: { w: 'é'.repeat(5_300_000) } }),
  'mutation-overrides-size-in-characters': (call) =>
    mutationStatus(call, { display_name: 'm', config_overrides: { prompt: 'é'.repeat(5300) } }),

  'dashboard-patch-max-unchecked': (call) => renameDashboard(call, 'd'.repeat(256)),
  'chat-custom-persona-data-unlimited': (call) =>
    chatStatus(call, { custom_persona_data: JSON.stringify({ p: 'x'.repeat(20_000) }) }),
  'agent-config-size-chat-only': (call) => agentStatus(call, { metadata: { m: 'x'.repeat(10_500_000) } }),
  'agent-test-set-ids-unchecked': (call) => agentStatus(call, { test_set_ids: ['short'] }),
  'test-case-update-before-create': async (call) => {
    const created = (await testCase(call, {})).body.test_case;
    return Date.parse(created.update_time) >= Date.parse(created.create_time);
  },

  'mutation-display-name-astral-off-by-one': (call) => mutationStatus(call, { display_name: '😀'.repeat(200) }),
  'agent-reference-ids-up-to-22': (call) => agentStatus(call, { metric_ids: ['A'.repeat(21)] }),
  'chat-persona-id-22-or-more': (call) => chatStatus(call, { persona_id: 'A'.repeat(23) }),
  'run-metrics-mean-float32': async (call) =>
    (await runs(call)).every((run) =>
      Object.values(run['results'].metrics as Record<string, { min: number; mean: number; max: number }>).every(
        (m) => m.min <= m.mean && m.mean <= m.max,
      ),
    ),

  'agent-get-update-time-local': async (call) => {
    const agent = await agentReadBack(call);
    return Date.parse(agent.update_time) >= Date.parse(agent.create_time);
  },
  'agent-get-knowledge-base-ids-dropped': async (call) => 'knowledge_base_ids' in (await agentReadBack(call)),
  'agent-get-soft-delete-flag': async (call) => Object.keys(await agentReadBack(call)).sort(),
  'mutation-get-parameter-values-not-derived': async (call) =>
    (await mutationReadBack(call, { display_name: 'm', config_overrides: { prompt: 'hello' } })).parameter_values,
  'mutation-get-update-time-set': async (call) => (await mutationReadBack(call)).update_time,
  'mutation-get-defaults-omitted': async (call) => Object.keys(await mutationReadBack(call)).sort(),

  'agent-knowledge-base-ids-empty-omitted': async (call) => 'knowledge_base_ids' in (await newAgent(call)).body.agent,
  'review-project-required-null-accepted': async (call) => (await reviewProject(call, { assignees: null })).status,
  'review-project-rules-null-rejected': async (call) => (await reviewProject(call, { project_rules: null })).status,

  'agent-get-workflows-numbers-as-text': async (call) =>
    (await agentReadBack(call, { workflows: { retries: 3 } })).workflows,
  'agent-knowledge-base-ids-null': async (call) => (await newAgent(call)).body.agent.knowledge_base_ids,
  'mutation-update-time-text-null': async (call) =>
    (await mutate(call, await parent(call), { display_name: 'm' })).body.mutation.update_time,
  'run-progress-counters-as-text': async (call) => typeof (await runs(call))[0]?.['progress'].total_test_cases,

  'mutation-name-unique-first-match': async (call) => {
    const agentId = await parent(call);
    const first = (await mutate(call, agentId, { display_name: 'same' })).body.mutation;
    await call('DELETE', `/v1/agents/${agentId}/mutations/${first.id}`);
    await mutate(call, agentId, { display_name: 'same' });
    return (await mutate(call, agentId, { display_name: 'same' })).status;
  },
  'mutation-duplicate-touches-update-time': async (call) => {
    const agentId = await parent(call);
    const first = (await mutate(call, agentId, { display_name: 'same' })).body.mutation;
    await mutate(call, agentId, { display_name: 'same' });
    return (await call('GET', `/v1/agents/${agentId}/mutations/${first.id}`)).body.mutation.update_time;
  },
  'scheduled-run-delete-disabled-kept': async (call) => {
    const at = `/v1/scheduled-runs/${FIXTURE_IDS.deletableScheduledRunId}`;
    await call('DELETE', at);
    return (await call('GET', at)).status;
  },

  'agent-workflows-lists-sorted': async (call) =>
    (await newAgent(call, { workflows: { steps: ['greet', 'book'] } })).body.agent.workflows.steps,
  'test-case-expected-behaviors-sorted': async (call) =>
    (
      await testCase(call, {
        expected_behaviors: ['Offers a refund', 'Asks for the order number'],
        expected_output_str: 'Offers a voucher',
      })
    ).body.test_case.expected_behaviors,
};
