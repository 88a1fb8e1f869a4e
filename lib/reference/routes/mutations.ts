// POST /v1/agents/{agent_id}/mutations, GET and DELETE .../mutations/{mutation_id}

import { isObject, type JsonObject } from '../http/body.js';
import { alreadyExists } from '../http/errors.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { Behaviour } from '../behaviour.js';
import type { AgentRecord, MutationRecord } from '../store/records.js';
import { STRING_VALUES } from '../validation/checks.js';
import { Fields } from '../validation/fields.js';
import { activeAgent } from './agents.js';
import { existing } from './lookup.js';

function mutationView(b: Behaviour, mutation: MutationRecord): JsonObject {
  const view = {
    id: mutation.id,
    agent_id: mutation.agent_id,
    display_name: mutation.display_name,
    description: mutation.description,
    config_overrides: mutation.config_overrides,
    parameter_values: { ...mutation.parameter_values },
    create_time: b.formatTime(mutation.create_time),
    update_time: mutation.update_time === null ? null : b.formatTime(mutation.update_time),
  };
  return b.present('mutation', view, mutation);
}

/** The agent fields a mutation may override: top-level fields that are set, and simulator configuration keys. */
const OVERRIDABLE_FIELDS = [
  'display_name', 'model_type', 'phone_number', 'endpoint', 'prompt', 'metadata', 'workflows', 'metric_ids', 'test_set_ids',
] as const;

function overridableKeys(agent: AgentRecord): Set<string> {
  const fields = OVERRIDABLE_FIELDS.filter((field) => agent[field] !== null);
  return new Set([...fields, ...Object.keys(agent.metadata ?? {})]);
}

/** Flattens nested objects with dot notation; strings stay as they are, other values become JSON. */
function flattenToStrings(value: JsonObject, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix + key;
    if (isObject(inner) && Object.keys(inner).length > 0) Object.assign(out, flattenToStrings(inner, `${path}.`));
    else out[path] = typeof inner === 'string' ? inner : JSON.stringify(inner);
  }
  return out;
}

const activeMutations = (ctx: RequestContext, agentId: string) =>
  [...ctx.store.mutations.values()].filter((m) => m.agent_id === agentId && !m.deleted);

function createMutation(ctx: RequestContext) {
  const { b, store } = ctx;
  const agent = activeAgent(store, ctx.param('agent_id'));
  const fields = new Fields(ctx.body, b.limits);
  const display_name = fields.string('display_name', { required: true, limit: 'mutation.display_name' });
  const description = fields.string('description', { limit: 'mutation.description' }) ?? '';
  const config_overrides = fields.object('config_overrides', { limit: 'mutation.config_overrides' }) ?? {};
  const allowed = overridableKeys(agent);
  const stray = Object.keys(config_overrides).find((key) => !allowed.has(key));
  if (stray !== undefined) fields.fail('config_overrides', `key "${stray}" does not exist on the agent configuration`);
  const given = fields.object('parameter_values', { check: STRING_VALUES }) as Record<string, string> | null;
  if (activeMutations(ctx, agent.id).some((m) => m.display_name === display_name)) {
    throw alreadyExists('display_name', `the agent already has a mutation named "${display_name}"`);
  }

  const now = store.clock.now();
  const mutation: MutationRecord = {
    id: store.ids.ulid(now),
    agent_id: agent.id,
    display_name, description, config_overrides,
    parameter_values: given ?? flattenToStrings(config_overrides),
    create_time: now,
    update_time: null,
    deleted: false,
  };
  store.mutations.set(mutation.id, mutation);
  return json(mutationView(b, mutation));
}

/** The mutation under the agent in the path, deleted ones included. */
function ownMutation(ctx: RequestContext): MutationRecord {
  const agent = activeAgent(ctx.store, ctx.param('agent_id'));
  const mutation = ctx.store.mutations.get(ctx.param('mutation_id'));
  return existing(mutation?.agent_id === agent.id ? mutation : undefined, 'mutation', 'mutation_id');
}

const notDeleted = (mutation: MutationRecord) => existing(mutation.deleted ? undefined : mutation, 'mutation', 'mutation_id');

const getMutation = (ctx: RequestContext) => json(mutationView(ctx.b, notDeleted(ownMutation(ctx))));

function deleteMutation(ctx: RequestContext) {
  const mutation = ownMutation(ctx);
  if (!ctx.b.mutationDeleteIdempotent) notDeleted(mutation);
  mutation.deleted = true;
  return json({});
}

export const mutationRoutes: Routes = {
  'POST /v1/agents/{agent_id}/mutations': createMutation,
  'GET /v1/agents/{agent_id}/mutations/{mutation_id}': getMutation,
  'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}': deleteMutation,
};
