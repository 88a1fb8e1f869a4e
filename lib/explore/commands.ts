// The commands of the exploration (fast-check's model-based testing) over agents and mutations, and over test
// cases: each sends one write or read the specification shows, judges the answer against the model (model.ts)
// and brings the model up to date. Bodies are drawn over the valid space from lib/gen; some are invalid by
// construction, and a refused request must leave the model as it was, which every later read then checks.

import fc from 'fast-check';
import type { EndpointKey } from '../contract/endpoints.js';
import { ID_RULES } from '../contract/ids.js';
import { fieldLimit } from '../contract/limits.js';
import { echoMismatches } from '../assert/echo.js';
import { isSuccess } from '../assert/responses.js';
import { isRetryableRefusal } from '../assert/retryable.js';
import { violation } from '../assert/violation.js';
import { expectNameMatchesId } from '../families/resource-fields.js';
import { probeConfigField } from '../families/simulator-config.js';
import { typedAgentBody } from '../gen/agent-bodies.js';
import { wellFormedId } from '../gen/ids.js';
import { inRangeString } from '../gen/strings.js';
import { marked } from '../gen/marked.js';
import { INPUT_TYPES, type ModelType, PROJECT_RULES, PROJECT_TYPES } from '../contract/enums.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { reviewLinks } from '../harness/discovery.js';
import { unserved } from '../families/published/probes.js';
import { itemsOf } from '../families/published/discovery.js';
import { orderFields } from '../generic/order-fields.js';
import type { PublishedOperation } from '../generic/model.js';
import type { Call, CheckContext } from '../harness/index.js';
import type { Exchange } from '../http/exchange.js';
import { isJsonObject, type JsonObject } from '../util/json.js';
import { type ConfigPick, configurationOf, EXPLORED_TYPES, overrideOf } from './configuration.js';
import {
  agentReadProblems,
  atOnceMutationProblems,
  type AgentEntry,
  dashboardPatchProblems,
  expectedMutationCreate,
  mutationReadProblems,
  parameterValuesProblems,
  reviewProjectCreateProblems,
  sharedIds,
  type ExploreModel,
  type MutationEntry,
  type MutationFlaw,
  type Problem,
  testCaseCreateProblems,
  testCaseReadProblems,
  listedProblems,
} from './model.js';

/** The target as the commands reach it: the check's context, and the requests this sequence sent, in order. */
export interface Explorer {
  readonly t: CheckContext;
  readonly sent: Exchange[];
}

export type ExploreCommand = fc.AsyncCommand<ExploreModel, Explorer>;

/** The command a sequence opens with (the state most commands need), those drawn after it, and how it closes. */
export interface Commands {
  readonly opening: fc.Arbitrary<ExploreCommand>;
  readonly drawn: fc.Arbitrary<ExploreCommand>[];
  /** Judges the state the sequence left, once its commands ran. */
  readonly closing?: (m: ExploreModel, r: Explorer) => Promise<void>;
  /** The most commands drawn after the opening one. */
  readonly maxCommands: number;
}

const GET_AGENT = 'GET /v1/agents/{agent_id}' satisfies EndpointKey;
const GET_MUTATION = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const DELETE_MUTATION = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const PATCH_DASHBOARD = 'PATCH /v1/dashboards/{dashboard_id}' satisfies EndpointKey;
/** POST's path: a published read of one test case is below it. */
const TEST_CASES_PATH = '/v1/test-cases';

/** Mutation names, few and lowercase: names repeat (uniqueness is reached) and compare alike case-folded or not. */
const NAMES = ['alpha', 'beta'] as const;
/** A key no agent configuration has. */
const UNKNOWN_KEY = 'no_such_configuration_key';
const FLAWS: readonly MutationFlaw[] = ['unknown-override-key', 'description-too-long', 'empty-name'];

const maxOf = (limit: Parameters<typeof fieldLimit>[0]): number => fieldLimit(limit).max ?? 0;

/** What a request sent, recorded for the sequence a failure prints. */
async function sent(r: Explorer, request: Promise<Call>): Promise<Call> {
  const call = await request;
  r.sent.push(call);
  return call;
}

/** Fails on the problems a judgement found, naming every rule they broke. */
function failOn(problems: readonly Problem[], where: string, call: Exchange): void {
  if (problems.length)
    violation(
      problems.map((p) => p.requirement),
      `${where}: ${problems.map((p) => p.what).join('; ')}`,
      call,
    );
}

const picked = <T>(items: readonly T[], pick: number): T => items[pick % items.length] as T;

const mutationPath = (entry: MutationEntry) => ({ agent_id: entry.agentId, mutation_id: entry.id });

/** The mutation's place in the model, as failures name it. */
const label = (model: ExploreModel, entry: MutationEntry): string =>
  `mutation #${model.mutations.indexOf(entry) + 1} ("${entry.name}")`;

// ---- agents --------------------------------------------------------------------------------------------

export interface AgentDraft {
  readonly modelType: (typeof EXPLORED_TYPES)[number];
  readonly prompt: string;
  /** Optional configuration keys of the type, with their values (configuration.ts). */
  readonly config: readonly ConfigPick[];
}

/** An agent's body, its type, and its configuration with the request field that carries it (none: not sent). */
interface AgentMade {
  readonly body: JsonObject;
  readonly modelType: ModelType;
  readonly config: JsonObject;
  readonly field?: string;
}

/**
 * The body a draft sends: its configuration under the request field the target was found to take. Where that
 * field could not be proven (its name is not shown), a VOICE agent without one: the configuration's own checks
 * say why.
 */
async function agentBody(r: Explorer, draft: AgentDraft): Promise<AgentMade> {
  const config = configurationOf(draft.modelType, draft.config);
  const needsField = draft.modelType === 'MODEL_TYPE_CHAT' || draft.modelType === 'MODEL_TYPE_WEBSOCKET';
  const probe = needsField || Object.keys(config).length ? await probeConfigField(r.t) : undefined;
  const name = r.t.name('explore agent');
  const overrides = { prompt: draft.prompt };
  if (probe === undefined || !probe.echoed) {
    const modelType = probe ? 'MODEL_TYPE_VOICE' : draft.modelType;
    return { body: typedAgentBody(modelType, name, { overrides }), modelType, config: {} };
  }
  const body = typedAgentBody(draft.modelType, name, { configField: probe.field, config, overrides });
  return { body, modelType: draft.modelType, config: body[probe.field] as JsonObject, field: probe.field };
}

/** Judges the answer to an agent's creation (`made`: the body it sent) and brings the model up to date. */
function agentCreated(m: ExploreModel, r: Explorer, made: AgentMade, call: Call): JsonObject {
  const { modelType, config, field } = made;
  const agent = r.t.expectResource(call, ['AGENT-CREATE'], 'creating a valid agent');
  // The configuration comes back as metadata, whatever request field carried it.
  const { [field ?? '']: _carried, ...fields } = JSON.parse(call.request.body ?? '{}') as JsonObject;
  const mismatches = echoMismatches(field === undefined ? fields : { ...fields, metadata: config }, agent);
  if (mismatches.length)
    violation(['AGENT-CREATE'], `the created agent differs from what was sent: ${mismatches.join('; ')}`, call);
  m.agents.push({ id: String(agent['id']), modelType, config, snapshot: agent });
  return agent;
}

const describeAgent = ({ modelType, prompt, config }: AgentDraft): string =>
  `${modelType}, prompt of ${[...prompt].length}, ${config.length} configuration picks`;

class CreateAgent implements ExploreCommand {
  constructor(readonly draft: AgentDraft) {}
  check = (): boolean => true;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const made = await agentBody(r, this.draft);
    agentCreated(m, r, made, await sent(r, r.t.agents.send(made.body)));
  }
  toString = (): string => `createAgent(${describeAgent(this.draft)})`;
}

/** Reads an agent of the model, judged against it. */
async function readAgent(m: ExploreModel, r: Explorer, entry: AgentEntry): Promise<void> {
  const call = await sent(r, r.t.call(GET_AGENT, { params: { agent_id: entry.id } }));
  const agent = r.t.expectResource(call, ['AGENT-GET'], 'fetching an agent the sequence created');
  failOn(
    agentReadProblems(entry, agent),
    `agent #${m.agents.indexOf(entry) + 1} read after the writes before it`,
    call,
  );
}

class GetAgent implements ExploreCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<ExploreModel>): boolean => m.agents.length > 0;
  run = (m: ExploreModel, r: Explorer): Promise<void> => readAgent(m, r, picked(m.agents, this.pick));
  toString = (): string => `getAgent(${this.pick})`;
}

// ---- mutations -----------------------------------------------------------------------------------------

export interface MutationDraft {
  /** An index into the model's agents, or an agent id that names no agent. */
  readonly parent: number | 'missing';
  readonly name: (typeof NAMES)[number];
  readonly description?: string;
  /** config_overrides.prompt (every agent of the sequence has a prompt). */
  readonly promptOverride?: string;
  /** Overrides of the parent's configuration keys, each another value than the parent's (configuration.ts). */
  readonly configOverrides?: readonly ConfigPick[];
  readonly parameterValues?: Readonly<Record<string, string>>;
  readonly flaw: MutationFlaw | undefined;
}

/** The body a draft sends under `parent` (undefined: an id that names no agent), its flaw written in. */
function mutationBody(t: CheckContext, draft: MutationDraft, parent: AgentEntry | undefined): JsonObject {
  const configured = (draft.configOverrides ?? []).flatMap((pick) => {
    const override = parent && overrideOf(parent.modelType, parent.config, pick);
    return override ? [override] : [];
  });
  const overrides = {
    ...(draft.promptOverride === undefined ? {} : { prompt: draft.promptOverride }),
    ...Object.fromEntries(configured),
    ...(draft.flaw === 'unknown-override-key' ? { [UNKNOWN_KEY]: 'x' } : {}),
  };
  const description =
    draft.flaw === 'description-too-long' ? 'd'.repeat(maxOf('mutation.description') + 1) : draft.description;
  return {
    display_name: draft.flaw === 'empty-name' ? '' : t.name(draft.name),
    ...(description === undefined ? {} : { description }),
    ...(Object.keys(overrides).length ? { config_overrides: overrides } : {}),
    ...(draft.parameterValues === undefined ? {} : { parameter_values: draft.parameterValues }),
  };
}

/**
 * Sends a draft and judges the answer by the model. A refused invalid body must leave no trace: the same body
 * without its flaw is sent next, and must get what it would have got had the refused one never been sent.
 */
async function createMutation(m: ExploreModel, r: Explorer, draft: MutationDraft, after = ''): Promise<void> {
  const parent = draft.parent === 'missing' ? undefined : picked(m.agents, draft.parent);
  const agentId = parent?.id;
  const expected = expectedMutationCreate(m, agentId, draft.name, draft.flaw);
  const target = agentId ?? wellFormedId(ID_RULES.agent, 43);
  const call = await sent(r, r.t.mutations.send(target, mutationBody(r.t, draft, parent)));
  const where = `creating a mutation named "${draft.name}" (${expected.because}${after})`;
  if (expected.outcome === 'refuse') {
    r.t.expectRejection(call, expected.requirements, {}, where);
    if (draft.flaw !== undefined && agentId !== undefined)
      await createMutation(
        m,
        r,
        { ...draft, flaw: undefined },
        `, right after the same body with ${draft.flaw} was refused`,
      );
    return;
  }
  mutationCreated(m, r, { agentId: target, name: draft.name, call, requirements: expected.requirements, where });
}

/** An accepted mutation's creation, as its judgement needs it. */
interface MutationAccepted {
  readonly agentId: string;
  readonly name: string;
  readonly call: Call;
  readonly requirements: readonly RequirementId[];
  readonly where: string;
}

/** Judges the answer to a mutation's creation the model accepts, and brings the model up to date. */
function mutationCreated(
  m: ExploreModel,
  r: Explorer,
  { agentId, name, call, requirements, where }: MutationAccepted,
): JsonObject {
  const mutation = r.t.expectResource(call, requirements, where);
  const body = JSON.parse(call.request.body ?? '{}') as JsonObject;
  const mismatches = echoMismatches(body, mutation);
  if (mismatches.length)
    violation(['MUTATION-CREATE'], `the created mutation differs from what was sent: ${mismatches.join('; ')}`, call);
  failOn(parameterValuesProblems(body, mutation), where, call);
  const entry: MutationEntry = { id: String(mutation['id']), agentId, name, snapshot: mutation, deleted: false };
  failOn(mutationReadProblems(entry, mutation), where, call);
  m.mutations.push(entry);
  return mutation;
}

class CreateMutation implements ExploreCommand {
  constructor(readonly draft: MutationDraft) {}
  check = (m: Readonly<ExploreModel>): boolean => this.draft.parent === 'missing' || m.agents.length > 0;
  run = (m: ExploreModel, r: Explorer): Promise<void> => createMutation(m, r, this.draft);
  toString = (): string => {
    const { parent, name, flaw, ...fields } = this.draft;
    const given = Object.entries(fields).filter(([, value]) => value !== undefined);
    return `createMutation(${parent}, ${name}${flaw ? `, ${flaw}` : ''}, with ${given.map(([key]) => key).join(' ') || 'no other field'})`;
  };
}

/** Reads a mutation of the model, judged against it: gone once deleted, else as created. */
async function readMutation(m: ExploreModel, r: Explorer, entry: MutationEntry): Promise<void> {
  const call = await sent(r, r.t.call(GET_MUTATION, { params: mutationPath(entry) }));
  if (entry.deleted) {
    r.t.expectRejection(call, ['MUTATION-DELETE-GONE'], {}, `fetching ${label(m, entry)}, deleted`);
    return;
  }
  const mutation = r.t.expectResource(call, ['MUTATION-GET'], `fetching ${label(m, entry)}, active`);
  failOn(mutationReadProblems(entry, mutation), `${label(m, entry)} read after the writes before it`, call);
}

class GetMutation implements ExploreCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<ExploreModel>): boolean => m.mutations.length > 0;
  run = (m: ExploreModel, r: Explorer): Promise<void> => readMutation(m, r, picked(m.mutations, this.pick));
  toString = (): string => `getMutation(${this.pick})`;
}

/** Another agent of the model than the mutation's own, picked. */
const stranger = (m: Readonly<ExploreModel>, entry: MutationEntry, pick: number): AgentEntry =>
  picked(
    m.agents.filter((agent) => agent.id !== entry.agentId),
    pick,
  );

/** A mutation reached under an agent it does not belong to: a GET fails; a DELETE, answered either way, leaves it. */
class ReachElsewhere implements ExploreCommand {
  constructor(
    readonly method: 'GET' | 'DELETE',
    readonly pick: number,
    readonly agentPick: number,
  ) {}
  check = (m: Readonly<ExploreModel>): boolean => m.mutations.length > 0 && m.agents.length > 1;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const entry = picked(m.mutations, this.pick);
    const params = { ...mutationPath(entry), agent_id: stranger(m, entry, this.agentPick).id };
    if (this.method === 'GET') {
      const call = await sent(r, r.t.call(GET_MUTATION, { params }));
      r.t.expectRejection(call, ['MUTATION-SCOPED-TO-AGENT'], {}, `fetching ${label(m, entry)} under another agent`);
      return;
    }
    await sent(r, r.t.call(DELETE_MUTATION, { params }));
    if (entry.deleted) return;
    const call = await sent(r, r.t.call(GET_MUTATION, { params: mutationPath(entry) }));
    r.t.expectResource(
      call,
      ['MUTATION-SCOPED-TO-AGENT'],
      `fetching ${label(m, entry)} after a DELETE under another agent`,
    );
  }
  toString = (): string => `${this.method.toLowerCase()}MutationElsewhere(${this.pick}, ${this.agentPick})`;
}

/**
 * Reads back everything the model holds, as a sequence ends: the active mutations, the agents, then the deleted
 * mutations. A write that reached further than it should shows here even when no read was drawn after it.
 */
export async function readBack(m: ExploreModel, r: Explorer): Promise<void> {
  for (const entry of m.mutations.filter((e) => !e.deleted)) await readMutation(m, r, entry);
  for (const entry of m.agents) await readAgent(m, r, entry);
  for (const entry of m.mutations.filter((e) => e.deleted)) await readMutation(m, r, entry);
}

/** Deletes a mutation `times` times, reading it after each: deleting again succeeds, and gone stays gone. */
class DeleteMutation implements ExploreCommand {
  constructor(
    readonly pick: number,
    readonly times: number,
  ) {}
  check = (m: Readonly<ExploreModel>): boolean => m.mutations.length > 0;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const entry = picked(m.mutations, this.pick);
    for (let nth = 0; nth < this.times; nth++) {
      const call = await sent(r, r.t.call(DELETE_MUTATION, { params: mutationPath(entry) }));
      r.t.expectSuccess(
        call,
        ['MUTATION-DELETE-IDEMPOTENT'],
        `deleting ${label(m, entry)}${entry.deleted ? ', already deleted' : ''}`,
      );
      entry.deleted = true;
      await readMutation(m, r, entry);
    }
  }
  toString = (): string => `deleteMutation(${this.pick}, ${this.times} times)`;
}

/** Deletions of a picked mutation, once to three times in a row. */
const deletions = fc
  .tuple(fc.nat(), fc.integer({ min: 1, max: 3 }))
  .map(([pick, times]) => new DeleteMutation(pick, times));

// ---- test cases (no read is shown: each create judged by its answer, then read where the target publishes) -

/** input_type values a valid body may carry with nothing else: what the others need in simulation_metadata_input is not shown. */
const PLAIN_INPUT_TYPES = INPUT_TYPES.filter((type) => type === 'SCENARIO' || type === 'SCRIPT');

export interface TestCaseDraft {
  readonly inputStr: string;
  readonly inputType?: (typeof PLAIN_INPUT_TYPES)[number];
  readonly expectedBehaviors?: readonly string[];
  readonly expectedOutputStr?: string;
  readonly description?: string;
}

/** The body a test case draft sends. */
function testCaseBody({
  inputStr,
  inputType,
  expectedBehaviors,
  expectedOutputStr,
  description,
}: TestCaseDraft): JsonObject {
  return {
    input_str: inputStr,
    ...(inputType === undefined ? {} : { input_type: inputType }),
    ...(inputType === 'SCRIPT' ? { simulation_metadata_input: { script_turns: [inputStr] } } : {}),
    ...(expectedBehaviors === undefined ? {} : { expected_behaviors: [...expectedBehaviors] }),
    ...(expectedOutputStr === undefined ? {} : { expected_output_str: expectedOutputStr }),
    ...(description === undefined ? {} : { description }),
  };
}

/** Judges the answer to a test case's creation by what it sent, and brings the model up to date. */
function testCaseCreated(m: ExploreModel, r: Explorer, call: Call, where: string): JsonObject {
  const created = r.t.expectResource(call, ['TESTCASE-CREATE'], 'creating a valid test case');
  failOn(testCaseCreateProblems(JSON.parse(call.request.body ?? '{}') as JsonObject, created), where, call);
  m.testCases.push(created);
  return created;
}

/**
 * The target's own GET of one test case, when it publishes one beyond the specification's endpoints (a path
 * parameter below POST's path, the resource under a key) and serves it: the specification shows no read.
 */
const publishedTestCaseRead = (t: CheckContext): Promise<PublishedOperation | undefined> =>
  t.memo('explore: published test case read', async (owner) => {
    const operation = owner.target.genericOperations.find(
      (op) =>
        op.method === 'GET' &&
        op.wrapper !== undefined &&
        op.pathParams.length === 1 &&
        op.path === `${TEST_CASES_PATH}/{${op.pathParams[0]?.name}}`,
    );
    return operation && !(await unserved(owner, operation)) ? operation : undefined;
  });

/** Reads a created test case through the target's published GET (none published: nothing to read), judged against its create. */
async function readTestCase(m: ExploreModel, r: Explorer, created: JsonObject): Promise<void> {
  const operation = await publishedTestCaseRead(r.t);
  if (operation === undefined) return;
  const param = operation.pathParams[0]?.name as string;
  const exchange = await r.t.send(operation, { params: { [param]: String(created['id']) } });
  r.sent.push(exchange);
  const where = `test case #${m.testCases.indexOf(created) + 1} read through ${operation.method} ${operation.path} after the creates before it`;
  const resource = (exchange.response.json as JsonObject | undefined)?.[operation.wrapper as string];
  if (exchange.response.status >= 300 || !isJsonObject(resource))
    violation(
      ['READ-BACK-UNCHANGED'],
      `${where}: answered ${exchange.response.status} without the test case under "${operation.wrapper}"`,
      exchange,
    );
  failOn(testCaseReadProblems(created, resource), where, exchange);
}

/** The target's own list of test cases, when it publishes one (page_size and page_token) and serves it. */
const publishedTestCaseList = (t: CheckContext): Promise<PublishedOperation | undefined> =>
  t.memo('explore: published test case list', async (owner) => {
    const operation = owner.target.genericOperations.find(
      (op) => op.method === 'GET' && op.path === TEST_CASES_PATH && op.list !== undefined,
    );
    return operation && !(await unserved(owner, operation)) ? operation : undefined;
  });

/** Items a page of the walk asks for: newest first, those the sequence just created are on the first pages. */
const LIST_PAGE_SIZE = 25;
/** The most pages a list read walks: past them, what was not seen is not judged absent. */
const MOST_PAGES = 20;

const nextPageToken = (json: unknown): string | undefined => {
  const token = isJsonObject(json) ? json['next_page_token'] : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

/**
 * Walks the target's published list of test cases (none published: nothing to read) until every test case the
 * sequence created was seen, and judges them against it. Newest first where the list publishes create_time for
 * order_by (the list holds every test case of the run, the largest bodies of the limit checks among them), at
 * a small page size; else in its own order at its largest page size, the fewest requests.
 */
async function listTestCases(m: ExploreModel, r: Explorer): Promise<void> {
  const operation = await publishedTestCaseList(r.t);
  if (operation === undefined) return;
  const newestFirst = orderFields(operation).some((field) => field.name === 'create_time');
  const { max, default: usual } = operation.list?.pageSize ?? {};
  const size = String(newestFirst ? Math.min(LIST_PAGE_SIZE, max ?? LIST_PAGE_SIZE) : (max ?? usual ?? 50));
  const order = newestFirst ? { order_by: '-create_time' } : {};
  const wanted = new Set(m.testCases.map((created) => created['id']));
  const listed: JsonObject[] = [];
  const where = `the test cases listed through ${operation.method} ${operation.path} after the creates before it`;
  let token: string | undefined;
  for (let page = 1; page <= MOST_PAGES; page++) {
    const query = { page_size: size, ...order, ...(token ? { page_token: token } : {}) };
    const exchange = await r.t.send(operation, { query });
    r.sent.push(exchange);
    const items = itemsOf(operation, exchange.response.json);
    if (exchange.response.status >= 300 || items === undefined)
      violation(
        ['GENERIC-PAGINATION'],
        `${where}: page ${page} answered ${exchange.response.status} without its items`,
        exchange,
      );
    listed.push(...items.filter(isJsonObject));
    token = nextPageToken(exchange.response.json);
    const allSeen = [...wanted].every((id) => listed.some((item) => item['id'] === id));
    if (token === undefined || allSeen || page === MOST_PAGES) {
      failOn(listedProblems(m.testCases, listed, token === undefined, operation.items?.fields), where, exchange);
      return;
    }
  }
}

class ListTestCases implements ExploreCommand {
  check = (m: Readonly<ExploreModel>): boolean => m.testCases.length > 0;
  run = (m: ExploreModel, r: Explorer): Promise<void> => listTestCases(m, r);
  toString = (): string => 'listTestCases()';
}

class GetTestCase implements ExploreCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<ExploreModel>): boolean => m.testCases.length > 0;
  run = (m: ExploreModel, r: Explorer): Promise<void> => readTestCase(m, r, picked(m.testCases, this.pick));
  toString = (): string => `getTestCase(${this.pick})`;
}

/** Reads back every test case created, as a sequence ends: a create that changed an earlier one shows here. */
async function readBackTestCases(m: ExploreModel, r: Explorer): Promise<void> {
  for (const created of m.testCases) await readTestCase(m, r, created);
}

const describeTestCase = ({ inputStr, ...fields }: TestCaseDraft): string =>
  `input of ${[...inputStr].length}, with ${Object.keys(fields).join(' ') || 'no other field'}`;

class CreateTestCase implements ExploreCommand {
  constructor(readonly draft: TestCaseDraft) {}
  check = (): boolean => true;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const call = await sent(r, r.t.testCases.send(testCaseBody(this.draft)));
    testCaseCreated(m, r, call, 'creating a test case after the creates before it');
  }
  toString = (): string => `createTestCase(${describeTestCase(this.draft)})`;
}

// ---- review projects (no read is shown: each create is judged by its own answer) ------------------------

export interface ReviewProjectDraft {
  readonly assignees: readonly string[];
  readonly description?: string;
  readonly projectType?: (typeof PROJECT_TYPES)[number];
  readonly notifications?: boolean;
  readonly projectRules?: readonly (typeof PROJECT_RULES)[number][];
}

class CreateReviewProject implements ExploreCommand {
  constructor(readonly draft: ReviewProjectDraft) {}
  check = (): boolean => true;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const { assignees, description, projectType, notifications, projectRules } = this.draft;
    const fields = {
      assignees: [...assignees],
      ...(description === undefined ? {} : { description }),
      ...(projectType === undefined ? {} : { project_type: projectType }),
      ...(notifications === undefined ? {} : { notifications }),
      ...(projectRules === undefined ? {} : { project_rules: [...projectRules] }),
    };
    const call = await sent(r, r.t.reviewProjects.send(await reviewLinks(r.t), fields));
    const created = r.t.expectResource(call, ['REVIEW-PROJECT-CREATE'], 'creating a valid review project');
    failOn(
      reviewProjectCreateProblems(JSON.parse(call.request.body ?? '{}') as JsonObject, created, m.reviewProjects),
      'creating a review project after the creates before it',
      call,
    );
    expectNameMatchesId(r.t, created, 'review-projects', call);
    m.reviewProjects.push(String(created['id']));
  }
  toString = (): string => {
    const { assignees, ...fields } = this.draft;
    return `createReviewProject(${assignees.length} assignees, with ${Object.keys(fields).join(' ') || 'no other field'})`;
  };
}

// ---- the dashboard (DASHBOARD_ID: a PATCH is its only operation, and its only read) ---------------------

const patchDashboard = (t: CheckContext, json: JsonObject): Promise<Call> =>
  t.call(PATCH_DASHBOARD, { params: { dashboard_id: t.config.dashboardId as string }, json });

/**
 * A PATCH of the dashboard: a rename to a drawn display_name, or a PATCH without one (the rest of the update body
 * is not shown: a partial update that must leave the name last set, or refused, by any error, changing nothing).
 */
class PatchDashboard implements ExploreCommand {
  constructor(readonly displayName: string | undefined) {}
  check = (): boolean => true;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const body = this.displayName === undefined ? {} : { display_name: marked(r.t.config.runMarker, this.displayName) };
    const call = await sent(r, patchDashboard(r.t, body));
    if (this.displayName === undefined && !isSuccess(call)) {
      r.t.expectRejection(call, ['READ-BACK-UNCHANGED'], {}, 'a PATCH without display_name');
      return;
    }
    const what = this.displayName === undefined ? 'a PATCH without display_name' : 'renaming the dashboard';
    const dashboard = r.t.expectResource(call, ['DASHBOARD-PATCH'], what);
    failOn(dashboardPatchProblems(body, dashboard, m.dashboard), `${what} after the PATCHes before it`, call);
    m.dashboard = dashboard;
  }
  toString = (): string =>
    this.displayName === undefined
      ? 'patchDashboard({})'
      : `renameDashboard(${[...this.displayName].length} characters)`;
}

/**
 * Runs `explore` over the dashboard and gives it back the display_name it had before, where a PATCH without one
 * reads it (the suite renames the dashboard and nothing more): whatever the exploration found.
 */
export async function restoringDashboard(t: CheckContext, explore: () => Promise<void>): Promise<void> {
  const before = await patchDashboard(t, {});
  const name = isSuccess(before) ? t.expectResource(before, ['DASHBOARD-PATCH'])['display_name'] : undefined;
  try {
    await explore();
  } finally {
    if (typeof name === 'string') await patchDashboard(t, { display_name: name });
  }
}

// ---- creates at the same moment ------------------------------------------------------------------------

/**
 * Sends requests at the same moment (every one in flight before any is answered) and takes their answers in
 * the order fast-check's scheduler draws from the run's seed, not in the order they came back: what a sequence
 * records and judges first does not depend on the clock.
 */
async function atOnce(r: Explorer, s: fc.Scheduler, requests: readonly (() => Promise<Call>)[]): Promise<Call[]> {
  const inFlight = requests.map((request) => request());
  const answers = inFlight.map((call, index) =>
    s.schedule(call, `request ${index + 1}`).then((answered) => {
      r.sent.push(answered);
      return answered;
    }),
  );
  await s.waitAll();
  return Promise.all(answers);
}

/** Fails when resources created at the same moment share an id. */
function failOnSharedIds(what: string, created: readonly JsonObject[], requirement: RequirementId, call: Call): void {
  const shared = sharedIds(created);
  if (shared.length)
    violation([requirement], `${created.length} ${what} created at once share the id ${shared.join(', ')}`, call);
}

/** Two mutations of one agent with one name, created at once: at most one may succeed while both would be active. */
class CreateMutationsAtOnce implements ExploreCommand {
  constructor(
    readonly parent: number,
    readonly name: (typeof NAMES)[number],
    readonly s: fc.Scheduler,
  ) {}
  check = (m: Readonly<ExploreModel>): boolean => m.agents.length > 0;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const agentId = picked(m.agents, this.parent).id;
    const expected = expectedMutationCreate(m, agentId, this.name, undefined);
    const calls = await atOnce(
      r,
      this.s,
      [0, 1].map(() => () => r.t.mutations.send(agentId, { display_name: r.t.name(this.name) })),
    );
    const accepted = calls.filter((call) => isSuccess(call));
    failOn(
      atOnceMutationProblems(expected, accepted.length),
      `creating two mutations named "${this.name}" at once`,
      calls[1] as Call,
    );
    for (const call of accepted)
      mutationCreated(m, r, {
        agentId,
        name: this.name,
        call,
        requirements: expected.requirements,
        where: `creating a mutation named "${this.name}" at once with another (${expected.because})`,
      });
  }
  toString = (): string => `createMutationsAtOnce(${this.parent}, ${this.name})`;
}

/** Two agents created at once: both are created, each as sent, with ids of their own. */
class CreateAgentsAtOnce implements ExploreCommand {
  constructor(
    readonly drafts: readonly [AgentDraft, AgentDraft],
    readonly s: fc.Scheduler,
  ) {}
  check = (): boolean => true;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const made = await Promise.all(this.drafts.map((draft) => agentBody(r, draft)));
    const calls = await atOnce(
      r,
      this.s,
      made.map((one) => () => r.t.agents.send(one.body)),
    );
    // A refusal the client is told to retry (ABORTED: a server that serialises writes) creates nothing.
    const created = calls.flatMap((call, index) =>
      isRetryableRefusal(call) ? [] : [agentCreated(m, r, made[index] as AgentMade, call)],
    );
    failOnSharedIds('agents', created, 'AGENT-CREATE', calls[1] as Call);
  }
  toString = (): string => `createAgentsAtOnce(${this.drafts.map(describeAgent).join('; ')})`;
}

/** Two test cases created at once: each answers what it sent, with an id of its own. */
class CreateTestCasesAtOnce implements ExploreCommand {
  constructor(
    readonly drafts: readonly [TestCaseDraft, TestCaseDraft],
    readonly s: fc.Scheduler,
  ) {}
  check = (): boolean => true;
  async run(m: ExploreModel, r: Explorer): Promise<void> {
    const calls = await atOnce(
      r,
      this.s,
      this.drafts.map((draft) => () => r.t.testCases.send(testCaseBody(draft))),
    );
    const created = calls.flatMap((call) =>
      isRetryableRefusal(call) ? [] : [testCaseCreated(m, r, call, 'creating a test case at once with another')],
    );
    failOnSharedIds('test cases', created, 'TESTCASE-CREATE', calls[1] as Call);
  }
  toString = (): string => `createTestCasesAtOnce(${this.drafts.map(describeTestCase).join('; ')})`;
}

// ---- the commands, drawn ---------------------------------------------------------------------------------

const configPicks = (minLength: number): fc.Arbitrary<ConfigPick[]> =>
  fc.array(fc.record({ key: fc.nat(), value: fc.nat() }), { minLength, maxLength: 3 });

const agentDrafts: fc.Arbitrary<AgentDraft> = fc.record({
  modelType: fc.constantFrom(...EXPLORED_TYPES),
  // Up to 1000 characters: the length limits are the limit checks'; here a prompt only needs to be read back.
  prompt: inRangeString({ min: 1, max: 1000 }),
  config: configPicks(0),
});

const mutationDrafts: fc.Arbitrary<MutationDraft> = fc.record(
  {
    parent: fc.oneof({ weight: 9, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constant('missing' as const) }),
    name: fc.constantFrom(...NAMES),
    description: inRangeString({ max: maxOf('mutation.description') }),
    // Up to 4 UTF-8 bytes a character: well inside config_overrides' 10 KB.
    promptOverride: inRangeString({ min: 1, max: 1000 }),
    configOverrides: configPicks(1),
    // Given in one body in four: the others' are derived from config_overrides, which a later create must not reuse.
    parameterValues: fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.constantFrom('tone', 'tier'), inRangeString({ max: 40 }), { maxKeys: 2 }),
      },
    ),
    // One body in three is invalid; a failing sequence shrinks towards valid ones (they send fewer requests).
    flaw: fc.nat({ max: 3 * FLAWS.length - 1 }).map((n) => FLAWS[n - 2 * FLAWS.length]),
  },
  { requiredKeys: ['parent', 'name', 'flaw', 'parameterValues'] },
);

/** A sequence opens with an agent; then writes that build state and reads that judge it, as often as listed. */
export const AGENT_AND_MUTATION_COMMANDS = {
  opening: agentDrafts.map((draft): ExploreCommand => new CreateAgent(draft)),
  drawn: [
    agentDrafts.map((draft) => new CreateAgent(draft)),
    mutationDrafts.map((draft) => new CreateMutation(draft)),
    mutationDrafts.map((draft) => new CreateMutation(draft)),
    mutationDrafts.map((draft) => new CreateMutation(draft)),
    fc.nat().map((pick) => new GetAgent(pick)),
    fc.nat().map((pick) => new GetMutation(pick)),
    fc.nat().map((pick) => new GetMutation(pick)),
    deletions,
    fc
      .tuple(fc.constantFrom('GET' as const, 'DELETE' as const), fc.nat(), fc.nat())
      .map(([method, pick, agentPick]) => new ReachElsewhere(method, pick, agentPick)),
  ],
  closing: readBack,
  // Room for the state a rule needs: two mutations of one agent, a delete, a read.
  maxCommands: 10,
} satisfies Commands;

const testCaseDrafts: fc.Arbitrary<TestCaseDraft> = fc.record(
  {
    // Long enough to hold the run marker the resource layer puts over its first characters.
    inputStr: inRangeString({ min: 40, max: 300 }),
    inputType: fc.constantFrom(...PLAIN_INPUT_TYPES),
    expectedBehaviors: fc.array(inRangeString({ min: 1, max: 80 }), { minLength: 1, maxLength: 3 }),
    expectedOutputStr: inRangeString({ min: 1, max: 80 }),
    description: inRangeString({ max: 200 }),
  },
  { requiredKeys: ['inputStr'] },
);

/** Test cases: creates one after another or two at once, each judged by its answer, and reads where the target publishes them (GET, list). */
export const TEST_CASE_COMMANDS = {
  opening: testCaseDrafts.map((draft): ExploreCommand => new CreateTestCase(draft)),
  drawn: [
    testCaseDrafts.map((draft) => new CreateTestCase(draft)),
    fc.tuple(testCaseDrafts, testCaseDrafts, fc.scheduler()).map(([a, b, s]) => new CreateTestCasesAtOnce([a, b], s)),
    fc.nat().map((pick) => new GetTestCase(pick)),
    fc.constant(new ListTestCases()),
  ],
  closing: readBackTestCases,
  // Test cases cannot be deleted through the API: a few per sequence.
  maxCommands: 2,
} satisfies Commands;

/**
 * Creates at the same moment, among writes that build the state they race in (a name taken, then freed): two
 * mutations of one name, two agents. Their answers are taken in the order fast-check's scheduler draws.
 */
export const RACE_COMMANDS = {
  opening: agentDrafts.map((draft): ExploreCommand => new CreateAgent(draft)),
  drawn: [
    fc
      .tuple(fc.nat(), fc.constantFrom(...NAMES), fc.scheduler())
      .map(([parent, name, s]) => new CreateMutationsAtOnce(parent, name, s)),
    fc.tuple(agentDrafts, agentDrafts, fc.scheduler()).map(([a, b, s]) => new CreateAgentsAtOnce([a, b], s)),
    mutationDrafts.map(
      (draft) =>
        new CreateMutation({ ...draft, parent: draft.parent === 'missing' ? 0 : draft.parent, flaw: undefined }),
    ),
    deletions,
  ],
  closing: readBack,
  // A race, and room for a name taken before it.
  maxCommands: 3,
} satisfies Commands;

/** Reviewer addresses, a plus-tagged one among them (the address grammar is not shown; every reading accepts these). */
const ASSIGNEES = ['reviewer@example.com', 'first.last+review@example.com', 'qa.lead@example.org'] as const;

const reviewProjectDrafts: fc.Arbitrary<ReviewProjectDraft> = fc.record(
  {
    assignees: fc.subarray([...ASSIGNEES], { minLength: 1 }),
    description: inRangeString({ max: 200 }),
    projectType: fc.constantFrom(...PROJECT_TYPES),
    notifications: fc.boolean(),
    projectRules: fc.subarray([...PROJECT_RULES]),
  },
  { requiredKeys: ['assignees'] },
);

/** Review projects: creates one after another, each judged by its answer (defaults the specification states, whatever was sent before). */
export const REVIEW_PROJECT_COMMANDS = {
  opening: reviewProjectDrafts.map((draft): ExploreCommand => new CreateReviewProject(draft)),
  drawn: [reviewProjectDrafts.map((draft) => new CreateReviewProject(draft))],
  // Review projects cannot be deleted through the API: a few per sequence.
  maxCommands: 2,
} satisfies Commands;

const dashboardRenames = inRangeString({ min: 1, max: maxOf('dashboard.display_name') }).map(
  (name) => new PatchDashboard(name),
);

/** The dashboard: renames and PATCHes without display_name, each answer judged against the one before it. */
export const DASHBOARD_COMMANDS = {
  opening: dashboardRenames.map((command): ExploreCommand => command),
  drawn: [dashboardRenames, fc.constant(new PatchDashboard(undefined))],
  // One dashboard, renamed alone: a short sequence reaches a rename, a read, another rename.
  maxCommands: 3,
} satisfies Commands;
