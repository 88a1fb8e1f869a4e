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
    // Stryker disable next-line ArrayDeclaration: no operation gives an agent knowledge bases: the list is always empty.
    knowledge_base_ids: [...agent.knowledge_base_ids],
    create_time: b.formatTime(agent.create_time),
    update_time: b.formatTime(agent.update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('agent', view, agent);
}

/** An agent that exists and is not soft-deleted. */
export function activeAgent(store: Store, id: string): AgentRecord {
  const agent = store.agents.get(id);
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return existing(agent?.deleted ? undefined : agent, 'agent', 'agent_id');
}

function createAgent({ b, store, body }: RequestContext) {
  const read = readAgent(b.agentRules, new Fields(body, b.limits), { body, configField: b.simulatorConfigField, modelTypeAliases: b.modelTypeAliases });
  const now = store.clock.now();
  const built: AgentRecord = {
    id: store.ids.token(22),
    ...read,
    // Stryker disable next-line ArrayDeclaration: which knowledge bases a new agent has is not shown (the request names none).
    knowledge_base_ids: [],
    create_time: now,
    update_time: now,
    deleted: false,
  };
  const agent = b.agentCreated(built, body);
  store.agents.set(agent.id, agent);
  return json(agentView(b, agent));
}

export const agentRoutes: Routes = {
  'POST /v1/agents': createAgent,
  'GET /v1/agents/{agent_id}': ({ b, store, param }) =>
    // Stryker disable next-line StringLiteral: the default looks every ID up as sent, whatever its kind; only faults read the kind.
    json(agentView(b, activeAgent(store, b.storedId('agent', param('agent_id'), store.agents.keys())))),
};
