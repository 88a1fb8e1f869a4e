// What every agent the target returns must satisfy, how the suite reads a rejection
// that names a field (possibly nested, possibly with an element index), and the length
// limits of agent fields in those terms.

import { ID_RULES, matchesIdRule } from '../contract/ids.js';
import type { FieldLimitId } from '../contract/limits.js';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from '../harness/context.js';
import { sentBody } from '../harness/resources.js';
import { echoMismatches } from '../assert/echo.js';
import { charBounds, type FormattedValues, type Judge, type LengthLimit } from './length-limits.js';
import { timestampOrderProblem } from './resource-fields.js';
import { isJsonObject, type JsonObject } from '../util/json.js';

/** `deleted`, `is_deleted`, `delete_time`, `deleted_at`, `soft_delete`, … */
export const SOFT_DELETE_KEY = /(^|_)(is_)?deleted?(_|$)|soft_?delete/i;

/** Keys anywhere in `value` that look like a soft-delete flag, as paths. */
export function softDeleteKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => softDeleteKeys(item, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const at = path ? `${path}.${key}` : key;
    return [...(SOFT_DELETE_KEY.test(key) ? [at] : []), ...softDeleteKeys(inner, at)];
  });
}

/** A problem with a returned agent, by the requirement it breaks; undefined when it holds. */
const INVARIANTS: ReadonlyArray<{ requirement: RequirementId; problem: (agent: JsonObject) => string | undefined }> = [
  {
    requirement: 'AGENT-ID-FORMAT',
    problem: (agent) =>
      matchesIdRule(ID_RULES.agent, agent['id'])
        ? undefined
        : `agent id ${JSON.stringify(agent['id'])} is not 22 alphanumeric characters`,
  },
  {
    requirement: 'TIMESTAMP-ORDER',
    problem: timestampOrderProblem,
  },
  {
    requirement: 'AGENT-KNOWLEDGE-BASE-IDS',
    problem: (agent) =>
      Array.isArray(agent['knowledge_base_ids'])
        ? undefined
        : `knowledge_base_ids is ${JSON.stringify(agent['knowledge_base_ids'] ?? null)}, not a list`,
  },
  {
    requirement: 'AGENT-NO-SOFT-DELETE-FLAG',
    problem: (agent) => {
      const leaked = softDeleteKeys(agent);
      return leaked.length ? `the agent carries a soft-delete flag: ${leaked.join(', ')}` : undefined;
    },
  },
];

/** A successful agent response, checked against every agent invariant; returns the agent. */
export function expectAgent(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what?: string,
): JsonObject {
  const agent = t.expectResource(call, requirements, what);
  for (const { requirement, problem } of INVARIANTS) {
    const found = problem(agent);
    t.assert(found === undefined, [requirement], `${call.endpoint.key}: ${found}`, call);
  }
  return agent;
}

/** GET of an agent, checked against every agent invariant. */
export async function fetchAgent(
  t: CheckContext,
  agentId: unknown,
  requirements: readonly RequirementId[],
): Promise<{ agent: JsonObject; call: Call }> {
  const call = await t.call('GET /v1/agents/{agent_id}', { params: { agent_id: String(agentId) } });
  return { agent: expectAgent(t, call, requirements, 'reading the created agent back'), call };
}

/** Every field of `sent` comes back equal in `returned` (an agent, or any resource read back). */
export function expectEcho(
  t: CheckContext,
  sent: JsonObject,
  returned: JsonObject,
  requirements: readonly RequirementId[],
  call: Call,
  what = 'what was sent',
): void {
  const mismatches = echoMismatches(sent, returned);
  t.assert(
    !mismatches.length,
    requirements,
    `${call.endpoint.key} did not return ${what}: ${mismatches.join('; ')}`,
    call,
  );
}

/** The body as sent, with the configuration sent under `configField` (if given) moved to `metadata` (a secret in it may come back masked: echoMismatches). */
function asReturned(sent: JsonObject, configField: string | undefined): JsonObject {
  if (configField === undefined) return sent;
  const { [configField]: config, ...rest } = sent;
  if (!isJsonObject(config)) return rest;
  return { ...rest, metadata: config };
}

/**
 * READ-BACK-UNCHANGED: the agent a create accepted, read back by GET, carries every field as
 * sent. The configuration sent under `configField`, if given, is compared as `metadata`.
 */
export async function expectAgentReadBack(
  t: CheckContext,
  created: Call,
  what: string,
  configField?: string,
): Promise<JsonObject> {
  const id = (created.response.json as { agent?: { id?: unknown } } | undefined)?.agent?.id;
  const { agent, call } = await fetchAgent(t, id, ['AGENT-GET']);
  expectEcho(
    t,
    asReturned(sentBody(created), configField),
    agent,
    ['READ-BACK-UNCHANGED'],
    call,
    `what was accepted (${what})`,
  );
  return agent;
}

/**
 * An agent the target had to accept: every invariant holds and every top-level field sent comes
 * back equal, except `configField`, whose configuration returns as `metadata` (compared where it is the point).
 */
export function expectAgentCreated(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what?: string,
  configField?: string,
): JsonObject {
  const agent = expectAgent(t, call, requirements, what);
  const sent = sentBody(call);
  expectEcho(
    t,
    Object.fromEntries(Object.entries(sent).filter(([key]) => key !== configField)),
    agent,
    ['AGENT-CREATE'],
    call,
  );
  return agent;
}

const AGENT_JUDGE: Judge = {
  accepted: (t, call, requirements, what) => void expectAgentCreated(t, call, requirements, `an agent with ${what}`),
  rejected: (t, call, requirements, field, what) =>
    t.expectInvalidArgument(call, requirements, [field], `an agent with ${what}`),
  readBack: async (t, call, what) => void (await expectAgentReadBack(t, call, `an agent with ${what}`)),
};

export interface AgentLimit {
  readonly field: 'display_name' | 'prompt' | 'phone_number' | 'endpoint';
  readonly requirement: RequirementId;
  readonly format?: FormattedValues;
}

/**
 * The length limit of an agent field: accepted values come back as sent (from GET too) and both sides are
 * generated too. Only the name carries the run marker (a sweep looks for it there; a formatted
 * value would break) and has its maximum read as code points (the same reading holds for all).
 */
export function agentLengthLimit({ field, requirement, format }: AgentLimit): LengthLimit {
  const isName = field === 'display_name';
  return {
    requirement,
    field,
    bounds: charBounds(`agent.${field}` satisfies FieldLimitId),
    send: (t, value) => t.agents.send({ [field]: value }),
    acceptProperty: true,
    options: { writes: true },
    marked: isName,
    lines: field === 'prompt',
    ...(format ? { format } : {}),
    codePoints: isName,
    judge: AGENT_JUDGE,
  };
}
