import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isRequirementId } from '../../lib/contract/requirements/index.js';
import { FAULTS } from '../../proof/faults/index.js';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { startReference } from '../../proof/service.js';
import { useService } from '../reference/client.js';
import { client, type Call } from '../../proof/probes/call.js';
import { AGENT_PROBES } from '../../proof/probes/agents.js';
import { MUTATION_PROBES } from '../../proof/probes/mutations.js';
import { TEST_CASE_PROBES } from '../../proof/probes/test-cases.js';
import { SCHEDULED_RUN_PROBES } from '../../proof/probes/scheduled-runs.js';
import { DASHBOARD_PROBES } from '../../proof/probes/dashboards.js';
import { REVIEW_PROJECT_PROBES } from '../../proof/probes/review-projects.js';
import { LIST_PROBES } from '../../proof/probes/lists.js';
import { LISTS_PER_LIST_PROBES } from '../../proof/probes/lists-per-list.js';
import { LISTS_SLIPS_PROBES } from '../../proof/probes/lists-slips.js';
import { RESOURCE_PROBES } from '../../proof/probes/resources.js';
import { RUN_STATE_PROBES } from '../../proof/probes/run-states.js';
import { DISCOVERY_PROBES } from '../../proof/probes/discovery.js';
import { READ_BACK_PROBES } from '../../proof/probes/read-back.js';
import { FIELD_SLIPS_PROBES } from '../../proof/probes/field-slips.js';
import { GENERAL_SLIPS_PROBES } from '../../proof/probes/general-slips.js';
import { BEYOND_CONTRACT_PROBES } from '../../proof/probes/beyond-contract.js';

const SPEC = '/v1/openapi/agent-evaluation';
const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' };

const jsonSpec = async (call: Call) =>
  (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body;
const firstPersona = async (call: Call) => (await call('GET', '/v1/personas?page_size=1')).body.personas[0];
const newAgent = async (call: Call, body: object = VOICE) => await call('POST', '/v1/agents', { body });

async function newMutation(call: Call) {
  const agentId = (await newAgent(call, { ...VOICE, prompt: 'p' })).body.agent.id;
  const mutation = (await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'm' } })).body
    .mutation;
  return { agentId, mutation };
}

/** What each fault changes, observed from outside: the value differs from the correct service's. */
const PROBES: Record<string, (call: Call) => Promise<unknown>> = {
  ...AGENT_PROBES,
  ...MUTATION_PROBES,
  ...TEST_CASE_PROBES,
  ...SCHEDULED_RUN_PROBES,
  ...DASHBOARD_PROBES,
  ...REVIEW_PROJECT_PROBES,
  ...LIST_PROBES,
  ...LISTS_PER_LIST_PROBES,
  ...LISTS_SLIPS_PROBES,
  ...RESOURCE_PROBES,
  ...RUN_STATE_PROBES,
  ...DISCOVERY_PROBES,
  ...READ_BACK_PROBES,
  ...FIELD_SLIPS_PROBES,
  ...GENERAL_SLIPS_PROBES,
  ...BEYOND_CONTRACT_PROBES,
  'auth-missing-key-accepted-on-get-agent': async (call) =>
    (await call('GET', `/v1/agents/${'A'.repeat(22)}`, { key: null })).status,
  'auth-wrong-key-accepted': async (call) => (await call('GET', '/v1/personas', { key: 'nope' })).status,
  'auth-details-missing': async (call) => (await call('GET', '/v1/personas', { key: null })).body.error.details,
  'auth-wrong-code': async (call) => (await call('GET', '/v1/personas', { key: null })).body.error.code,
  'auth-spec-requires-key': async (call) => (await call('GET', '/v1/openapi', { key: null })).status,
  'auth-empty-key-accepted': async (call) => (await call('GET', '/v1/personas', { key: '' })).status,
  'auth-key-prefix-accepted': async (call) =>
    (await call('GET', '/v1/personas', { key: `${DEFAULT_API_KEY}x` })).status,
  'auth-key-last-character-ignored': async (call) =>
    (await call('GET', '/v1/personas', { key: DEFAULT_API_KEY.slice(0, -1) })).status,
  'auth-key-case-insensitive': async (call) =>
    (await call('GET', '/v1/personas', { key: DEFAULT_API_KEY.toUpperCase() })).status,
  'auth-after-path-ids': async (call) => (await call('GET', '/v1/agents/x', { key: 'nope' })).body.error.code,
  'auth-after-body': async (call) =>
    (await call('POST', '/v1/agents', { key: 'nope', raw: '{"display_name": ' })).body.error.code,
  'auth-after-handler': async (call) => (await call('POST', '/v1/agents', { key: 'nope', body: {} })).body.error.code,
  'published-stricter-than-answers': async (call) =>
    (await jsonSpec(call)).components.schemas.Run.properties.status.enum,
  'spec-unlisted-name-served': async (call) => (await call('GET', '/v1/openapi/no-such-spec', { key: null })).status,
  'spec-listing-empty': async (call) => (await call('GET', '/v1/openapi', { key: null })).body,
  'spec-yaml-as-json': async (call) => (await call('GET', SPEC, { key: null })).contentType,
  'spec-any-accept-json': async (call) =>
    (await call('GET', SPEC, { key: null, headers: { Accept: '*/*' } })).contentType,
  'spec-no-accept-crash': async (call) => (await call('GET', SPEC, { key: null })).status,
  'spec-json-ignored': async (call) =>
    (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).contentType,
  'spec-json-differs': async (call) =>
    Object.keys((await jsonSpec(call)).paths).length ===
    Object.keys(parse((await call('GET', SPEC, { key: null })).text).paths).length,
  'spec-invalid-openapi': async (call) => 'info' in (await jsonSpec(call)),
  'spec-missing-endpoint': async (call) => [
    (await jsonSpec(call)).paths['/v1/runs/{run_id}']?.delete !== undefined,
    parse((await call('GET', SPEC, { key: null })).text).paths['/v1/runs/{run_id}']?.delete !== undefined,
  ],
  'spec-no-security': async (call) => (await jsonSpec(call)).paths['/v1/runs'].get.security,
  'spec-key-as-parameter-only': async (call) => (await jsonSpec(call)).paths['/v1/runs'].get.security,
  'spec-key-parameter-optional': async (call) => {
    const get = (await jsonSpec(call)).paths['/v1/runs'].get;
    return [get.security, get.parameters.filter((p: { in: string }) => p.in === 'header')];
  },
  'spec-listed-not-fetchable': async (call) => {
    const url = new URL((await call('GET', '/v1/openapi', { key: null })).body.specs[0].url);
    return (await call('GET', url.pathname, { key: null })).status;
  },
  'spec-schema-mismatch': async (call) => (await jsonSpec(call)).components.schemas.Agent.properties.display_name.type,
  'agent-missing-wrapper': async (call) => Object.keys((await newAgent(call)).body),
  'error-no-details': async (call) => (await newAgent(call, {})).body.error.details.length,
  'error-message-missing': async (call) => 'message' in (await newAgent(call, {})).body.error,
  'invalid-argument-named-bad-request': async (call) => (await newAgent(call, {})).body.error.code,
  'invalid-argument-http-422': async (call) => (await newAgent(call, {})).status,
  'not-found-http-410': async (call) => (await call('GET', `/v1/personas/${'A'.repeat(22)}`)).status,
  'envelope-extra-top-level-key': async (call) => Object.keys((await newAgent(call)).body),
  'agent-test-set-ids-joined': async (call) =>
    (await newAgent(call, { ...VOICE, test_set_ids: ['a'.repeat(22), 'b'.repeat(22)] })).body.agent.test_set_ids,
  'agent-display-name-max-199': async (call) =>
    (await newAgent(call, { ...VOICE, display_name: 'n'.repeat(200) })).status,
  'agent-display-name-max-201': async (call) =>
    (await newAgent(call, { ...VOICE, display_name: 'n'.repeat(201) })).status,
  'agent-soft-delete-flag-leaked': async (call) => 'deleted' in (await newAgent(call)).body.agent,
  'mutation-with-description-not-deletable': async (call) => {
    const agentId = (await newAgent(call, { ...VOICE, prompt: 'p' })).body.agent.id;
    const mutation = (
      await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'm', description: 'd' } })
    ).body.mutation;
    return (await call('DELETE', `/v1/agents/${agentId}/mutations/${mutation.id}`)).status;
  },
  'mutation-delete-not-idempotent': async (call) => {
    const { agentId, mutation } = await newMutation(call);
    await call('DELETE', `/v1/agents/${agentId}/mutations/${mutation.id}`);
    return (await call('DELETE', `/v1/agents/${agentId}/mutations/${mutation.id}`)).status;
  },
  'malformed-json-500': async (call) => (await call('POST', '/v1/agents', { raw: '{"display_name": ' })).status,
  'timestamps-not-utc': async (call) => (await firstPersona(call)).create_time.endsWith('Z'),
  'persona-update-before-create': async (call) => {
    const persona = await firstPersona(call);
    return Date.parse(persona.update_time) >= Date.parse(persona.create_time);
  },
  'persona-resource-name-wrong': async (call) => {
    const persona = await firstPersona(call);
    return persona.resource_name === `personas/${persona.id}`;
  },
  'run-metrics-inconsistent': async (call) => {
    const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as {
      results: { metrics: Record<string, { min: number; mean: number; max: number }> };
    }[];
    return runs.every((run) => Object.values(run.results.metrics).every((m) => m.min <= m.mean && m.mean <= m.max));
  },
  'agent-knowledge-base-ids-missing': async (call) => 'knowledge_base_ids' in (await newAgent(call)).body.agent,
  'mutation-update-time-set': async (call) => (await newMutation(call)).mutation.update_time,
  'spec-yaml-legacy-media-type': async (call) => (await call('GET', SPEC, { key: null })).contentType,
  'spec-yaml-merge-drops-override': async (call) =>
    parse((await call('GET', SPEC, { key: null })).text, { merge: true }).paths['/v1/openapi/{spec_name}'].get
      .responses['200'].content,
  'json-content-type-text': async (call) => (await call('GET', '/v1/personas')).contentType,
};

describe('faults', () => {
  const correct = useService();

  it('each have a probe and name known requirements', () => {
    expect(FAULTS.map((f) => f.id).sort()).toEqual(Object.keys(PROBES).sort());
    for (const f of FAULTS) {
      expect(f.requirements.length).toBeGreaterThan(0);
      expect(f.requirements.every(isRequirementId)).toBe(true);
    }
  });

  it.each(FAULTS.map((f) => f.id))('%s changes what the service does', async (id) => {
    const probe = PROBES[id];
    if (!probe) throw new Error(`no probe for ${id}`);
    const faulty = await startReference({ faults: [id] });
    try {
      expect(await probe(client(faulty))).not.toEqual(await probe(correct.call));
    } finally {
      await faulty.close();
    }
  });

  it('refuses an unknown fault, naming the known ones', async () => {
    // @ts-expect-error: an unknown fault id fails the type check; from an untyped caller it throws.
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow(
      /unknown fault "no-such-fault".*auth-wrong-key-accepted/,
    );
  });
});
