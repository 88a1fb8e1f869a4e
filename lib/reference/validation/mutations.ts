// The rules of agent mutations, each of which a fault may break alone: the Behaviour
// holds a fresh copy (defaultMutationRules), and the routes read every rule from it.

import { DEFAULTS } from '../../contract/enums.js';
import type { AgentRecord, MutationRecord } from '../store/records.js';
import type { IdFactory } from '../store/ids.js';
import { STRING_VALUES } from './checks.js';
import type { Fields } from './fields.js';
import { type JsonObject, isJsonObject } from '../../util/json.js';

export interface MutationBody {
  readonly display_name: string;
  readonly description: string;
  readonly config_overrides: JsonObject;
  readonly parameter_values: Readonly<Record<string, string>> | null;
}

/** How each body field of POST .../mutations is read (the raw body is there for readers that bend the rules). */
export type MutationFields = { [K in keyof MutationBody]: (fields: Fields, body: JsonObject) => MutationBody[K] };

export interface MutationRules {
  fields: MutationFields;
  /** The keys of the parent agent's configuration, which config_overrides may use. */
  configurationKeys(agent: AgentRecord): ReadonlySet<string>;
  /** Whether config_overrides keys must be configuration keys of the parent. */
  overrideKeysChecked: boolean;
  /** The parameter_values stored: the given ones, else those derived from config_overrides. */
  parameterValues(given: Readonly<Record<string, string>> | null, overrides: JsonObject): Readonly<Record<string, string>>;
  /** Whether `other` keeps a new mutation of `agentId` from being named `displayName`. */
  nameTakenBy(other: MutationRecord, agentId: string, displayName: string): boolean;
  /** Whether a request under `agentId` reaches the stored `mutation`. */
  reaches(mutation: MutationRecord, agentId: string, method: 'GET' | 'DELETE'): boolean;
  /** Whether creation needs the parent agent to exist. */
  parentRequired: boolean;
  /** When a creation looks its parent up: before reading the body, or after (a missing parent then has no configuration keys). */
  parentLookedUp: 'before-body' | 'after-body';
  /** The mutations a DELETE of `target` marks deleted, of all stored (`all`): the target alone. */
  deletes(target: MutationRecord, all: readonly MutationRecord[]): readonly MutationRecord[];
  /** Whether a GET or DELETE checks mutation_id's format again once the agent is found (with every path ID, before anything, it is). */
  mutationIdCheckedAfterAgent: boolean;
  /** When config_overrides keys are held against the parent: before the mutation is stored, or after (a refusal then leaves it stored). */
  overrideKeysCheckedAt: 'before-store' | 'after-store';
  /** What a creation under the agent waits for between the name's uniqueness check and the store: nothing, the two are one step. */
  beforeStore(agentId: string): Promise<void> | undefined;
  /** The id a new mutation is stored under, from the store's id factory and the creation instant: a ULID of that instant. */
  newId(ids: IdFactory, now: number): string;
  /** The agent a new mutation is stored under, given the agent of its path (read once the creation has waited): that agent. */
  storedUnder(agentId: string): string;
  /** How a DELETE writes its deletion, given the mutations it deletes and all stored: each marked deleted, at once. */
  markDeleted(deleted: readonly MutationRecord[], all: readonly MutationRecord[]): Promise<void> | undefined;
}

const MUTATION_FIELDS: Readonly<MutationFields> = {
  display_name: (f) => f.string('display_name', { required: true, limit: 'mutation.display_name' }),
  description: (f) => f.string('description', { limit: 'mutation.description' }) ?? DEFAULTS.mutationDescription,
  config_overrides: (f) => f.object('config_overrides', { limit: 'mutation.config_overrides' }) ?? {},
  parameter_values: (f) => f.object('parameter_values', { check: STRING_VALUES }) as Record<string, string> | null,
};

/** The agent fields a mutation may override when they are set, besides the simulator configuration keys. */
const OVERRIDABLE_FIELDS = [
  'display_name', 'model_type', 'phone_number', 'endpoint', 'prompt', 'metadata', 'workflows', 'metric_ids', 'test_set_ids',
] as const;

/** Flattens nested objects with dot notation; strings stay as they are, other values become JSON. */
export function flattenToStrings(value: JsonObject, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix + key;
    if (isJsonObject(inner) &&
      // Stryker disable next-line ConditionalExpression: the specification leaves open what an empty object inside an override flattens to (no pair, or one of "{}").
      Object.keys(inner).length !== 0) Object.assign(out, flattenToStrings(inner, `${path}.`));
    else out[path] = typeof inner === 'string' ? inner : JSON.stringify(inner);
  }
  return out;
}

export function defaultMutationRules(): MutationRules {
  return {
    fields: { ...MUTATION_FIELDS },
    // Stryker disable next-line MethodExpression,ConditionalExpression: whether a field the parent leaves unset (null) is a key that "exist[s] on the parent
    // agent configuration" is not said (`false`, no field at all, is MUTATION-CONFIG-OVERRIDES-KEYS's, and detected).
    configurationKeys: (agent) => new Set([...OVERRIDABLE_FIELDS.filter((field) => agent[field] !== null), ...Object.keys(agent.metadata ?? {})]),
    overrideKeysChecked: true,
    parameterValues: (given, overrides) => given ?? flattenToStrings(overrides),
    // Unique per agent among active mutations.
    nameTakenBy: (other, agentId, displayName) => other.agent_id === agentId && !other.deleted && other.display_name === displayName,
    // Only under its own agent; a deleted one can still be deleted (idempotently) but not fetched.
    reaches: (mutation, agentId, method) => mutation.agent_id === agentId && (method === 'DELETE' || !mutation.deleted),
    parentRequired: true,
    parentLookedUp: 'before-body',
    deletes: (target) => [target],
    // Stryker disable next-line BooleanLiteral: equivalent: every path ID's format is checked before the handler by default, so checking mutation_id
    // again once the agent is found gives the same answer.
    mutationIdCheckedAfterAgent: false,
    overrideKeysCheckedAt: 'before-store',
    beforeStore: () => undefined,
    newId: (ids, now) => ids.ulid(now),
    storedUnder: (agentId) => agentId,
    markDeleted: (deleted) => {
      for (const mutation of deleted) mutation.deleted = true;
      return undefined;
    },
  };
}
