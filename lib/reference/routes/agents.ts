// POST /v1/agents, GET /v1/agents/{agent_id}

import { MODEL_TYPES, type ModelType } from '../../contract/enums.js';
import type { Behaviour } from '../behaviour.js';
import type { JsonObject } from '../http/body.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { AgentRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { HTTP_URL, idCheck, PHONE_NUMBER } from '../validation/checks.js';
import { Fields } from '../validation/fields.js';
import { validateSimulatorConfig } from '../validation/simulator-config.js';
import { existing } from './lookup.js';

function agentView(b: Behaviour, agent: AgentRecord): JsonObject {
  const view = {
    id: agent.id,
    display_name: agent.display_name,
    model_type: agent.model_type,
    phone_number: agent.phone_number,
    endpoint: agent.endpoint,
    prompt: agent.prompt,
    metadata: agent.metadata,
    workflows: agent.workflows,
    metric_ids: [...agent.metric_ids],
    test_set_ids: [...agent.test_set_ids],
    knowledge_base_ids: [...agent.knowledge_base_ids],
    create_time: b.formatTime(agent.create_time),
    update_time: b.formatTime(agent.update_time),
  };
  return b.present('agent', view, agent);
}

/** An agent that exists and is not soft-deleted. */
export function activeAgent(store: Store, id: string): AgentRecord {
  const agent = store.agents.get(id);
  return existing(agent?.deleted ? undefined : agent, 'agent', 'agent_id');
}

function readModelType(fields: Fields, aliases: Behaviour['modelTypeAliases']): ModelType {
  const given = fields.string('model_type', { required: true });
  const known = (MODEL_TYPES as readonly string[]).includes(given) ? (given as ModelType) : aliases[given];
  return known ?? fields.fail('model_type', `must be one of ${MODEL_TYPES.join(', ')}`);
}

function createAgent({ b, store, body }: RequestContext) {
  const fields = new Fields(body, b.limits);
  const display_name = fields.string('display_name', { required: true, limit: 'agent.display_name' });
  const model_type = readModelType(fields, b.modelTypeAliases);
  const phone_number = fields.string('phone_number', { limit: 'agent.phone_number', check: PHONE_NUMBER });
  const endpoint = fields.string('endpoint', { limit: 'agent.endpoint', check: HTTP_URL, required: model_type === 'MODEL_TYPE_OUTBOUND_VOICE' });
  const prompt = fields.string('prompt', { limit: 'agent.prompt' });
  const metadata = fields.object(b.simulatorConfigField, { limit: 'agent.metadata' });
  validateSimulatorConfig(model_type, fields.nested(b.simulatorConfigField));
  const workflows = fields.object('workflows', { limit: 'agent.workflows' });
  const reference = { each: idCheck('agentReference') };
  const metric_ids = fields.strings('metric_ids', reference) ?? [];
  const test_set_ids = fields.strings('test_set_ids', reference) ?? [];

  const now = store.clock.now();
  const agent: AgentRecord = {
    id: store.ids.token(22),
    display_name, model_type, phone_number, endpoint, prompt, metadata, workflows, metric_ids, test_set_ids,
    knowledge_base_ids: [],
    create_time: now,
    update_time: now,
    deleted: false,
  };
  store.agents.set(agent.id, agent);
  return json(agentView(b, agent));
}

export const agentRoutes: Routes = {
  'POST /v1/agents': createAgent,
  'GET /v1/agents/{agent_id}': ({ b, store, param }) => json(agentView(b, activeAgent(store, param('agent_id')))),
};
