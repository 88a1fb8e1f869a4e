// The model the exploration (commands.ts) keeps beside the target: what the specification states about
// the state of agents and mutations, and nothing where it is silent. Pure: what was accepted goes in,
// what a request must get and how a read differs come out.

import { isDeepStrictEqual } from 'node:util';
import type { ModelType } from '../contract/enums.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { compareInstants } from '../contract/timestamps.js';
import { echoMismatches } from '../assert/echo.js';
import { isJsonObject, type JsonObject } from '../util/json.js';

/** An agent as its create answered: every later read must describe it so. */
export interface AgentEntry {
  readonly id: string;
  readonly modelType: ModelType;
  /** The simulator configuration sent ({} when none): its keys are those a mutation may override. */
  readonly config: JsonObject;
  readonly snapshot: JsonObject;
}

/** A mutation as its create answered, with its name as the model compares it (the run marker aside). */
export interface MutationEntry {
  readonly id: string;
  readonly agentId: string;
  readonly name: string;
  readonly snapshot: JsonObject;
  deleted: boolean;
}

export interface ExploreModel {
  readonly agents: AgentEntry[];
  /** Every mutation created, deleted ones included: a deleted one can still be deleted, and must stay gone. */
  readonly mutations: MutationEntry[];
  /** The test cases created, as each create answered (read where the target publishes a read of one). */
  readonly testCases: JsonObject[];
  /** The ids of the review projects created (no read of one is shown: each create is judged by its answer). */
  readonly reviewProjects: string[];
  /** The dashboard as the last PATCH the sequence sent answered (none yet: unknown). */
  dashboard?: JsonObject;
}

export const emptyModel = (): ExploreModel => ({ agents: [], mutations: [], testCases: [], reviewProjects: [] });

/** What makes a mutation body invalid by the specification (none: valid). */
export type MutationFlaw = 'unknown-override-key' | 'description-too-long' | 'empty-name';

/** The rule each flaw breaks. */
export const FLAW_RULES: Readonly<Record<MutationFlaw, RequirementId>> = {
  'unknown-override-key': 'MUTATION-CONFIG-OVERRIDES-KEYS',
  'description-too-long': 'MUTATION-DESCRIPTION',
  'empty-name': 'MUTATION-DISPLAY-NAME',
};

/** What a request must get: accepted or refused (any error), the rule that says so, and why, for the failure. */
export interface Expected {
  readonly outcome: 'accept' | 'refuse';
  readonly requirements: readonly RequirementId[];
  readonly because: string;
}

const accept = (requirement: RequirementId, because: string): Expected => ({
  outcome: 'accept',
  requirements: [requirement],
  because,
});
const refuse = (requirement: RequirementId, because: string): Expected => ({
  outcome: 'refuse',
  requirements: [requirement],
  because,
});

/**
 * What creating a mutation named `name` under `agentId` (undefined: an id that names no agent) must get.
 * Names are drawn lowercase, so a server comparing them case-folded decides the same.
 */
export function expectedMutationCreate(
  model: ExploreModel,
  agentId: string | undefined,
  name: string,
  flaw: MutationFlaw | undefined,
): Expected {
  if (agentId === undefined) return refuse('MUTATION-PARENT-MUST-EXIST', 'the agent id names no agent');
  if (flaw !== undefined) return refuse(FLAW_RULES[flaw], `the body is invalid (${flaw})`);
  const named = model.mutations.filter((m) => m.name === name);
  if (named.some((m) => m.agentId === agentId && !m.deleted))
    return refuse('MUTATION-DISPLAY-NAME-UNIQUE', `an active mutation of the agent is named "${name}"`);
  if (named.some((m) => m.agentId === agentId))
    return accept('MUTATION-DISPLAY-NAME-REUSABLE', `the agent's only mutations named "${name}" are deleted`);
  if (named.some((m) => !m.deleted))
    return accept('MUTATION-DISPLAY-NAME-PER-AGENT', `only another agent has an active mutation named "${name}"`);
  return accept('MUTATION-CREATE', `the body is valid and no mutation of the agent is named "${name}"`);
}

/** A value a server may leave out (proto3 JSON omits empty values): absent reads as it. */
const emptyValue = (value: unknown): boolean =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isJsonObject(value) && Object.keys(value).length === 0);

const shown = (value: unknown): string => {
  const text = value === undefined ? 'absent' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
};

/**
 * Where `read` does not describe what `snapshot` did: each field of the snapshot, nested objects field by
 * field, by value and JSON type. Timestamps compare as instants (a read may write them with other digits);
 * a field left out on one side holds its empty value on the other. Fields the read adds are the server's.
 */
export function differences(snapshot: JsonObject, read: JsonObject, path = ''): string[] {
  return Object.entries(snapshot).flatMap(([key, was]) => {
    const at = path ? `${path}.${key}` : key;
    const now = read[key];
    if (isJsonObject(was) && isJsonObject(now)) return differences(was, now, at);
    const same =
      isDeepStrictEqual(was, now) ||
      compareInstants(was, now) === 0 ||
      (was === undefined && emptyValue(now)) ||
      (now === undefined && emptyValue(was));
    return same ? [] : [`${at}: was ${shown(was)}, now ${shown(now)}`];
  });
}

/** A rule a read broke, and how. */
export interface Problem {
  readonly requirement: RequirementId;
  readonly what: string;
}

/** What is wrong with a read of an active mutation: its update_time, then every field against its create. */
export function mutationReadProblems(entry: MutationEntry, read: JsonObject): Problem[] {
  const problems: Problem[] = [];
  const updated = read['update_time'];
  // No operation updates a mutation: it is never updated.
  if (updated !== null && updated !== undefined)
    problems.push({ requirement: 'MUTATION-UPDATE-TIME-NULL', what: `update_time is ${shown(updated)}, not null` });
  const changed = differences(entry.snapshot, read);
  if (changed.length) problems.push({ requirement: 'MUTATION-GET', what: changed.join('; ') });
  return problems;
}

/**
 * What is wrong with a created mutation's parameter_values, given the body sent: without parameter_values they
 * are derived from config_overrides. Only flat text overrides have exact pairs (the notation of nested keys and
 * how other values are written are not shown): then each override is a pair, and nothing else is.
 */
export function parameterValuesProblems(sent: JsonObject, created: JsonObject): Problem[] {
  if (sent['parameter_values'] !== undefined) return [];
  const overrides = isJsonObject(sent['config_overrides']) ? sent['config_overrides'] : {};
  if (!Object.values(overrides).every((value) => typeof value === 'string')) return [];
  const derived = created['parameter_values'];
  const same = Object.keys(overrides).length
    ? isDeepStrictEqual(derived, overrides)
    : derived === undefined || emptyValue(derived);
  return same
    ? []
    : [
        {
          requirement: 'MUTATION-PARAMETER-VALUES-DERIVED',
          what: `parameter_values, not sent, are ${shown(derived)}, not the overrides' pairs ${shown(overrides)}`,
        },
      ];
}

/**
 * What is wrong with a read of an agent: update_time before create_time, then every field against its create.
 * Whether writes to its mutations move an agent's update_time is not said: it is compared with create_time only.
 */
export function agentReadProblems(entry: AgentEntry, read: JsonObject): Problem[] {
  const problems: Problem[] = [];
  if ((compareInstants(read['update_time'], read['create_time']) ?? 0) < 0)
    problems.push({
      requirement: 'TIMESTAMP-ORDER',
      what: `update_time ${shown(read['update_time'])} is before create_time ${shown(read['create_time'])}`,
    });
  const { update_time: _moves, ...fixed } = entry.snapshot;
  const changed = differences(fixed, read);
  if (changed.length) problems.push({ requirement: 'AGENT-GET', what: changed.join('; ') });
  return problems;
}

/**
 * What is wrong with a read of a test case (through an operation the target publishes: the specification shows
 * none), given what its create answered: every field as created. No update of a test case is shown: whether
 * update_time moves is not said.
 */
export function testCaseReadProblems(created: JsonObject, read: JsonObject): Problem[] {
  const { update_time: _moves, ...fixed } = created;
  const changed = differences(fixed, read);
  return changed.length ? [{ requirement: 'READ-BACK-UNCHANGED', what: changed.join('; ') }] : [];
}

/**
 * What is wrong with a list read through an operation the target publishes, given the resources the sequence
 * created (as each create answered) and the items of every page walked (`walkedToEnd`: the last page had no
 * next_page_token). Each created one is listed (when the walk reached the end), and wherever listed, as created
 * (update_time aside; only the fields the items' published schema names, when it names them: a list may show less). Listed twice is not judged here: other checks create items while the walk pages, and a
 * correct server paging by offset may then serve a moved item again (GENERIC-PAGINATION judges items that kept
 * their place).
 */
export function listedProblems(
  created: readonly JsonObject[],
  listed: readonly JsonObject[],
  walkedToEnd: boolean,
  published?: readonly string[],
): Problem[] {
  return created.flatMap((resource, index): Problem[] => {
    const label = `#${index + 1} (id ${shown(resource['id'])})`;
    const appearances = listed.filter((item) => item['id'] === resource['id']);
    if (!appearances.length)
      return walkedToEnd
        ? [{ requirement: 'GENERIC-PAGINATION', what: `${label} is on no page of the list walked to its end` }]
        : [];
    const { update_time: _moves, ...kept } = resource;
    const fixed = published?.length
      ? Object.fromEntries(Object.entries(kept).filter(([key]) => published.includes(key)))
      : kept;
    return appearances.flatMap((item) => {
      const changed = differences(fixed, item);
      return changed.length
        ? [{ requirement: 'READ-BACK-UNCHANGED' as const, what: `${label} as listed: ${changed.join('; ')}` }]
        : [];
    });
  });
}

/**
 * What is wrong with a created test case, given the body sent: every field sent must come back (the deprecated
 * expected_output_str aside, which a server may write its own way), input_type SCENARIO when none was sent,
 * and expected_behaviors the one-element list of expected_output_str when only that was sent.
 */
export function testCaseCreateProblems(sent: JsonObject, created: JsonObject): Problem[] {
  const { expected_output_str: deprecated, ...kept } = sent;
  const problems: Problem[] = [];
  const mismatches = echoMismatches(kept, created);
  if (mismatches.length)
    problems.push({
      requirement:
        deprecated !== undefined && kept['expected_behaviors'] !== undefined
          ? 'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'
          : 'TESTCASE-CREATE',
      what: `the created test case differs from what was sent: ${mismatches.join('; ')}`,
    });
  if (sent['input_type'] === undefined && created['input_type'] !== 'SCENARIO')
    problems.push({
      requirement: 'TESTCASE-INPUT-TYPE-DEFAULT',
      what: `input_type, not sent, is ${shown(created['input_type'])}, not "SCENARIO"`,
    });
  if (
    deprecated !== undefined &&
    kept['expected_behaviors'] === undefined &&
    !isDeepStrictEqual(created['expected_behaviors'], [deprecated])
  )
    problems.push({
      requirement: 'TESTCASE-EXPECTED-OUTPUT-WRAPPED',
      what: `expected_behaviors, not sent, is ${shown(created['expected_behaviors'])}, not ${shown([deprecated])} (expected_output_str wrapped)`,
    });
  return problems;
}

/**
 * What is wrong with the answers to creations of one mutation name under one agent sent at the same moment:
 * while both would be active, at most one may succeed (the other is refused, by any error); when the name is
 * already taken (`expected` refuses), neither may.
 */
export function atOnceMutationProblems(expected: Expected, succeeded: number): Problem[] {
  const most = expected.outcome === 'accept' ? 1 : 0;
  return succeeded > most
    ? [
        {
          requirement: 'MUTATION-DISPLAY-NAME-UNIQUE',
          what: `${succeeded} creations of one name sent at once succeeded, ${most ? 'at most one may' : 'none may'} (${expected.because})`,
        },
      ]
    : [];
}

/** The ids more than one of `created` answered with (resources created at the same moment are each new). */
export function sharedIds(created: readonly JsonObject[]): string[] {
  const ids = created.map((resource) => String(resource['id']));
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
}

/** A body with its lists sorted: the order of a review project's lists is not said to be kept. */
const listsSorted = (body: JsonObject): JsonObject =>
  Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? [...(value as unknown[])].sort() : value]),
  );

/**
 * What is wrong with a created review project, given the body sent and the projects created before it: every
 * field sent comes back (lists in any order), project_type PROJECT_INDIVIDUAL and notifications true when not
 * sent, and an id of its own.
 */
export function reviewProjectCreateProblems(
  sent: JsonObject,
  created: JsonObject,
  earlier: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  const mismatches = echoMismatches(listsSorted(sent), listsSorted(created));
  if (mismatches.length)
    problems.push({
      requirement: 'REVIEW-PROJECT-CREATE',
      what: `the created review project differs from what was sent: ${mismatches.join('; ')}`,
    });
  if (sent['project_type'] === undefined && created['project_type'] !== 'PROJECT_INDIVIDUAL')
    problems.push({
      requirement: 'REVIEW-PROJECT-TYPE',
      what: `project_type, not sent, is ${shown(created['project_type'])}, not "PROJECT_INDIVIDUAL"`,
    });
  if (sent['notifications'] === undefined && created['notifications'] !== true)
    problems.push({
      requirement: 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT',
      what: `notifications, not sent, is ${shown(created['notifications'])}, not true`,
    });
  if (earlier.includes(String(created['id'])))
    problems.push({
      requirement: 'REVIEW-PROJECT-CREATE',
      what: `the id ${shown(created['id'])} is an earlier project's`,
    });
  return problems;
}

/**
 * What is wrong with the answer to a dashboard PATCH, given the body sent and the dashboard as the previous PATCH
 * answered (undefined: unknown). A PATCH is the only read (no GET is shown): display_name is the one sent, or
 * without one the one last set; create_time is the one answered before, and update_time not before the previous
 * one (that update happened after it).
 */
export function dashboardPatchProblems(
  sent: JsonObject,
  answer: JsonObject,
  before: JsonObject | undefined,
): Problem[] {
  const problems: Problem[] = [];
  if (sent['display_name'] !== undefined) {
    const mismatches = echoMismatches(sent, answer);
    if (mismatches.length)
      problems.push({
        requirement: 'DASHBOARD-PATCH',
        what: `the renamed dashboard differs from what was sent: ${mismatches.join('; ')}`,
      });
  } else if (before !== undefined && answer['display_name'] !== before['display_name'])
    problems.push({
      requirement: 'READ-BACK-UNCHANGED',
      what: `display_name, not sent, is ${shown(answer['display_name'])}, not the one last set ${shown(before['display_name'])}`,
    });
  if (before === undefined) return problems;
  if ((compareInstants(answer['create_time'], before['create_time']) ?? 0) !== 0)
    problems.push({
      requirement: 'DASHBOARD-PATCH',
      what: `create_time is ${shown(answer['create_time'])}, the PATCH before answered ${shown(before['create_time'])}`,
    });
  if ((compareInstants(answer['update_time'], before['update_time']) ?? 0) < 0)
    problems.push({
      requirement: 'DASHBOARD-PATCH',
      what: `update_time ${shown(answer['update_time'])} is before the previous PATCH's ${shown(before['update_time'])}`,
    });
  return problems;
}
