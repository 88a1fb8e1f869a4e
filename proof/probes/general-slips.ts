// What each fault of general-slips.ts changes, observed from outside: each probe's value
// differs between the correct service and the one with the fault.

import { parse } from 'yaml';
import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;

const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' };
const AGENT_ID = 'A'.repeat(22);
const MISSING_PERSONA = 'P'.repeat(22);
const newAgentId = async (call: Call): Promise<string> =>
  (await call('POST', '/v1/agents', { body: { ...VOICE, prompt: 'p' } })).body.agent.id;
const firstPersonaId = async (call: Call): Promise<string> =>
  (await call('GET', '/v1/personas?page_size=1')).body.personas[0].id;
const reviewProject = (fields: object) => ({
  display_name: 'Probe',
  assignees: ['a@example.com'],
  linked_simulation_ids: ['s'.repeat(22)],
  linked_metric_ids: ['m'.repeat(22)],
  ...fields,
});
const jsonSpec = async (call: Call, name: string) =>
  (await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } })).body;

export const GENERAL_SLIPS_PROBES: Record<string, Probe> = {
  'error-envelope-bare-on-mutation-delete': async (call) =>
    Object.keys((await call('DELETE', `/v1/agents/${AGENT_ID}/mutations/x`)).body),
  'review-project-invalid-failed-precondition': async (call) =>
    (await call('POST', '/v1/review-projects', { body: {} })).body.error.code,
  'dashboard-details-name-wrong-field': async (call) =>
    (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: { display_name: 42 } })).body.error
      .details,
  'malformed-json-500-on-patch': async (call) =>
    (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { raw: '{"display_name": ' })).status,
  'review-project-notifications-truthy': async (call) =>
    (await call('POST', '/v1/review-projects', { body: reviewProject({ notifications: 'yes' }) })).status,
  'test-case-missing-field-unnamed': async (call) =>
    (await call('POST', '/v1/test-cases', { body: { test_set_id: 'abcdefgh' } })).body.error.details,
  'scheduled-run-last-run-at-local': async (call) =>
    (await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`)).body.scheduled_run.last_run_at,
  'body-not-object-passed-on': async (call) => (await call('POST', '/v1/agents', { raw: 'null' })).body.error.code,
  'scheduled-run-last-run-at-epoch': async (call) =>
    typeof (await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`)).body.scheduled_run.last_run_at,
  'agent-get-update-before-create': async (call) => {
    const agent = (await call('GET', `/v1/agents/${await newAgentId(call)}`)).body.agent;
    return Date.parse(agent.update_time) >= Date.parse(agent.create_time);
  },
  'persona-get-name-singular': async (call) =>
    (await call('GET', `/v1/personas/${await firstPersonaId(call)}`)).body.persona.resource_name.split('/')[0],
  'scheduled-run-published-enabled-string': async (call) =>
    (await jsonSpec(call, 'agent-evaluation')).components.schemas.ScheduledRun.properties.enabled,
  'metrics-not-found-http-400': async (call) =>
    (await call('GET', `/v1/simulations/${'S'.repeat(22)}/metrics/${'M'.repeat(26)}`)).status,
  'persona-delete-text-plain': async (call) =>
    (await call('DELETE', `/v1/personas/${FIXTURE_IDS.deletablePersonaId}`)).contentType,
  'persona-delete-missing-permission-denied': async (call) =>
    (await call('DELETE', `/v1/personas/${MISSING_PERSONA}`)).body.error.code,
  'auth-reads-check-key-presence-only': async (call) => (await call('GET', '/v1/personas', { key: 'nope' })).status,
  'auth-details-header-wrong-on-review-projects': async (call) =>
    (await call('POST', '/v1/review-projects', { key: null, body: reviewProject({}) })).body.error.details,
  'auth-spec-document-requires-key': async (call) =>
    (await call('GET', '/v1/openapi/agent-evaluation', { key: null })).status,
  'spec-group-document-not-fetchable': async (call) => {
    const listed = (await call('GET', '/v1/openapi', { key: null })).body.specs as { url: string }[];
    return Promise.all(
      listed.map(async (spec) => (await call('GET', new URL(spec.url).pathname, { key: null })).status),
    );
  },
  'spec-one-operation-unsecured': async (call) =>
    parse((await call('GET', '/v1/openapi/agent-evaluation', { key: null })).text).paths['/v1/personas/phone-numbers']
      .get.security,
  'run-delete-no-body': async (call) => (await call('DELETE', `/v1/runs/${FIXTURE_IDS.deletableRunId}`)).text,
  'mutation-id-format-after-agent-lookup': async (call) =>
    (await call('GET', `/v1/agents/${AGENT_ID}/mutations/x`)).body.error.code,
  'mutation-parent-looked-up-after-body': async (call) =>
    (
      await call('POST', `/v1/agents/${AGENT_ID}/mutations`, {
        body: { display_name: 'm', config_overrides: { prompt: 'q' } },
      })
    ).body.error.code,
  'mutation-delete-before-scope-check': async (call) => {
    const agentId = await newAgentId(call);
    const mutation = (await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'm' } })).body
      .mutation;
    await call('DELETE', `/v1/agents/${await newAgentId(call)}/mutations/${mutation.id}`);
    return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).status;
  },
  'auth-missing-key-after-path-ids': async (call) => (await call('GET', '/v1/agents/x', { key: null })).body.error.code,
  'path-id-alphabet-hyphen': async (call) =>
    (await call('GET', `/v1/agents/${'A'.repeat(10)}-${'A'.repeat(11)}`)).body.error.code,
  'path-id-alphabet-unicode': async (call) =>
    (await call('GET', `/v1/agents/${encodeURIComponent(`${'A'.repeat(10)}é${'A'.repeat(11)}`)}`)).body.error.code,
};
