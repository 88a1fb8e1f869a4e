// POST /v1/agents/{agent_id}/mutations, GET and DELETE .../mutations/{mutation_id}

import { alreadyExists } from '../http/errors.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { Behaviour } from '../behaviour.js';
import type { MutationRecord } from '../store/records.js';
import { Fields } from '../validation/fields.js';
import { enforcePathIds } from '../validation/path-ids.js';
import { activeAgent } from './agents.js';
import { existing } from './lookup.js';
import type { JsonObject } from '../../util/json.js';

function mutationView(b: Behaviour, mutation: MutationRecord): JsonObject {
  const view = {
    id: mutation.id,
    agent_id: mutation.agent_id,
    display_name: mutation.display_name,
    description: mutation.description,
    config_overrides: mutation.config_overrides,
    parameter_values: { ...mutation.parameter_values },
    create_time: b.formatTime(mutation.create_time),
    // Stryker disable next-line ConditionalExpression: no operation updates a mutation, so update_time is always null here (`false` is
    // MUTATION-UPDATE-TIME-NULL's, and detected).
    update_time: mutation.update_time === null ? null : b.formatTime(mutation.update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('mutation', view, mutation);
}

/** The configuration keys of the parent agent; a missing parent is NOT_FOUND unless the rules let it pass. */
function parentKeys({ b, store, param }: RequestContext): ReadonlySet<string> {
  const agentId = param('agent_id');
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: the parent is required by default, so this is false (a mutant making it
  // true is detected); only faults and variations let a missing parent pass.
  if (!b.mutationRules.parentRequired && !store.agents.has(agentId)) return new Set();
  return b.mutationRules.configurationKeys(activeAgent(store, agentId));
}

async function createMutation(ctx: RequestContext) {
  const { b, store, body } = ctx;
  const rules = b.mutationRules;
  const agentId = ctx.param('agent_id');
  // Stryker disable next-line ConditionalExpression: the parent is looked up before the body by default, so `early` is true (`false` is
  // detected); only faults and variations look it up after.
  const early = rules.parentLookedUp === 'before-body';
  // Stryker disable next-line ConditionalExpression: `early` is true by default (above), so this is true (`false` is detected).
  const allowed = early || store.agents.has(agentId) ? parentKeys(ctx) : new Set<string>();
  const fields = new Fields(body, b.limits);
  const display_name = rules.fields.display_name(fields, body);
  const description = rules.fields.description(fields, body);
  const config_overrides = rules.fields.config_overrides(fields, body);
  const stray = Object.keys(config_overrides).find((key) => !allowed.has(key));
  const refuseStray = () => {
    if (rules.overrideKeysChecked && stray !== undefined) {
      // Stryker disable next-line StringLiteral: the description is free text.
      fields.fail('config_overrides', `key "${stray}" does not exist on the agent configuration`);
    }
  };
  // Its `true` mutant survives, unmarked: 'before-store' is the default, so it is the same answer (a directive would mark the
  // `false` one, which checks kill).
  if (rules.overrideKeysCheckedAt === 'before-store') refuseStray();
  const given = rules.fields.parameter_values(fields, body);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: `early` is true by default, and a second lookup of the parent found
  // first gives the same answer.
  if (!early) parentKeys(ctx);
  if ([...store.mutations.values()].some((other) => rules.nameTakenBy(other, agentId, display_name))) {
    // Stryker disable next-line StringLiteral: the text and details of an ALREADY_EXISTS are free (the specification asks none of them).
    throw alreadyExists('display_name', `the agent already has a mutation named "${display_name}"`);
  }
  await rules.beforeStore(agentId);

  const now = store.clock.now();
  const mutation: MutationRecord = {
    id: rules.newId(store.ids, now),
    agent_id: rules.storedUnder(agentId),
    display_name, description, config_overrides,
    parameter_values: rules.parameterValues(given, config_overrides),
    create_time: now,
    update_time: null,
    deleted: false,
  };
  store.mutations.set(mutation.id, mutation);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: by default the keys were refused before the store
  // (above), so a second look after it finds nothing; only a fault moves the check after the store.
  if (rules.overrideKeysCheckedAt === 'after-store') refuseStray();
  return json(mutationView(b, mutation));
}

/**
 * Looks the agent of a mutation's path up before reading mutation_id's format, as a server resolving the path from left to
 * right would: a malformed mutation_id under a missing agent is then NOT_FOUND. A choice the specification leaves open
 * (variation lenient-inputs); the strict profile's convention (PATH-ID-FORMAT-FIRST) checks every format first.
 */
// Stryker disable all: only the lenient-inputs variation and a fault call it; the default reference checks every path ID's format first.
export function checkMutationIdAfterAgent(b: Behaviour): void {
  const checked = b.pathIdChecked;
  b.pathIdChecked = (endpoint, param) => !(param === 'mutation_id' && endpoint.path.includes('/mutations/')) && checked(endpoint, param);
  b.mutationRules = { ...b.mutationRules, mutationIdCheckedAfterAgent: true };
}

// Stryker restore all
/** The stored mutation a request under the agent in the path reaches (see MutationRules.reaches). */
function reached({ b, store, param, endpoint }: RequestContext, method: 'GET' | 'DELETE'): MutationRecord {
  const agent = activeAgent(store, param('agent_id'));
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral,ArrowFunction,EqualityOperator: off by default, and every
  // path ID was checked before the handler (a second check of mutation_id gives the same answer); only lenient-inputs and a fault turn it on.
  if (b.mutationRules.mutationIdCheckedAfterAgent) enforcePathIds(endpoint, { mutation_id: param('mutation_id') }, (_e, name) => name === 'mutation_id', b.pathIdRules);
  const mutation = store.mutations.get(param('mutation_id'));
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return existing(mutation && b.mutationRules.reaches(mutation, agent.id, method) ? mutation : undefined, 'mutation', 'mutation_id');
}

async function deleteMutation(ctx: RequestContext) {
  const mutation = reached(ctx, 'DELETE');
  // Stryker disable next-line ConditionalExpression,StringLiteral: deletion is idempotent by default, so this is false; only faults turn it
  // off (`true` is MUTATION-DELETE-IDEMPOTENT's, and detected).
  if (!ctx.b.mutationDeleteIdempotent) existing(mutation.deleted ? undefined : mutation, 'mutation', 'mutation_id');
  // Stryker disable next-line ArrayDeclaration: the default deletes the target alone and reads no other mutation; only a fault uses the list.
  await ctx.b.mutationRules.markDeleted(ctx.b.mutationRules.deletes(mutation, [...ctx.store.mutations.values()]), [...ctx.store.mutations.values()]);
  return json({});
}

export const mutationRoutes: Routes = {
  'POST /v1/agents/{agent_id}/mutations': createMutation,
  // Stryker disable next-line StringLiteral: the default rules tell DELETE from every other method: any other method name reads as GET.
  'GET /v1/agents/{agent_id}/mutations/{mutation_id}': (ctx) => json(mutationView(ctx.b, reached(ctx, 'GET'))),
  'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}': deleteMutation,
};
