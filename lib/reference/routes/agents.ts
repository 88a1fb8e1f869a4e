// POST /v1/agents, GET /v1/agents/{agent_id}

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { AgentRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { readAgent } from '../validation/agents.js';
import { Fields } from '../validation/fields.js';
import { existing } from './lookup.js';
import type { JsonObject } from '../../util/json.js';

export function agentView(b: Behaviour, agent: AgentRecord): JsonObject {
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

function createAgent({ b, store, body }: RequestContext) {
  const read = readAgent(b.agentRules, new Fields(body, b.limits), { body, configField: b.simulatorConfigField, modelTypeAliases: b.modelTypeAliases });
  const now = store.clock.now();
  const agent: AgentRecord = {
    id: store.ids.token(22),
    ...read,
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
