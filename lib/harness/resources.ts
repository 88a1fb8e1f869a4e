// The resources a check creates, in the manner of csi-sanity's `Resources`: each create
// sends a valid body with what the check changes merged over it, marks the resource's
// name with the run marker (so a sweep finds leftovers), registers the deletion where the
// contract has one (mutations only: agents, test cases and review projects cannot be
// deleted through the API), and hands back the exchange. `send` leaves the answer to the
// check; `create` expects the resource back and returns it with the body as sent.
// One set per check (CheckContext holds it), so what a check keeps here is its own.

import type { Config } from '../config.js';
import type { Endpoint, EndpointKey } from '../contract/endpoints.js';
import { charLength, fieldLimit } from '../contract/limits.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { agentBody, mutationBody, reviewProjectBody, testCaseBody } from '../gen/bodies.js';
import { marked } from '../gen/marked.js';
import type { RequestSpec } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { isJsonObject, type JsonObject } from '../util/json.js';

/** CheckContext's `Call`, spelt from its parts: the context imports this file, so this file cannot import it. */
type Call = Exchange & { readonly endpoint: Endpoint };

/** What the layer needs of the check it creates for: CheckContext, seen from below. */
export interface Creator {
  readonly config: Pick<Config, 'runMarker'>;
  call(
    key: EndpointKey,
    spec?: Omit<RequestSpec, 'method' | 'path'> & { readonly params?: Readonly<Record<string, string>> },
  ): Promise<Call>;
  expectResource(call: Call, requirements: readonly RequirementId[], what?: string): JsonObject;
  name(label: string): string;
  cleanup(deletion: () => Promise<Call>, requirements: readonly RequirementId[]): void;
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  skip(reason: string): never;
}

/** A create the target had to accept: the resource (under `K`), the exchange, and the body as sent. */
export type Created<K extends string> = { readonly call: Call; readonly sent: JsonObject } & {
  readonly [P in K]: JsonObject;
};

type Requirements = readonly RequirementId[];

/** How a body is written, labelled and framed, where a check varies it (its JSON text, its Content-Type, chunked). */
export type Written = Pick<RequestSpec, 'jsonText' | 'headers' | 'chunked' | 'query' | 'auth' | 'connection' | 'raw'>;

/**
 * `body` as it is sent: a string under `nameField` gets the run marker over its first characters
 * (its length kept, so boundary values stay boundary values; holding the marker already, at its front or at its
 * end where its first character is what a check sends, it is unchanged), and a field set to undefined is left out.
 */
function sendable(t: Creator, body: JsonObject, nameField: string): JsonObject {
  const name = body[nameField];
  const named =
    typeof name === 'string' && !name.includes(t.config.runMarker)
      ? { ...body, [nameField]: marked(t.config.runMarker, name) }
      : body;
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
}

/** The resource a successful create answered with, under the endpoint's wrapper. */
export function createdIn(call: Call): JsonObject | undefined {
  if (!isSuccess(call) || !call.endpoint.wrapper) return undefined;
  const resource = (call.response.json as JsonObject)[call.endpoint.wrapper];
  return isJsonObject(resource) ? resource : undefined;
}

/** The JSON body a call sent, as it went out. */
export const sentBody = (call: Exchange): JsonObject => JSON.parse(call.request.body ?? '{}') as JsonObject;

function expectCreated<K extends string>(
  t: Creator,
  kind: K,
  call: Call,
  requirements: Requirements,
  what: string,
): Created<K> {
  return { call, sent: sentBody(call), [kind]: t.expectResource(call, requirements, what) } as Created<K>;
}

const AGENTS = 'POST /v1/agents' satisfies EndpointKey;

export class Agents {
  constructor(private readonly t: Creator) {}

  /** POST /v1/agents: `fields` over a valid MODEL_TYPE_VOICE agent named `<marker> agent`. */
  send(fields: JsonObject = {}, written: Written = {}): Promise<Call> {
    return this.t.call(AGENTS, {
      json: sendable(this.t, agentBody(this.t.name('agent'), fields), 'display_name'),
      ...written,
    });
  }

  async create(
    fields: JsonObject = {},
    requirements: Requirements = ['AGENT-CREATE'],
    what = 'creating an agent',
  ): Promise<Created<'agent'>> {
    return expectCreated(this.t, 'agent', await this.send(fields), requirements, what);
  }
}

const MUTATIONS = 'POST /v1/agents/{agent_id}/mutations' satisfies EndpointKey;
/** The prompt of every parent agent `Mutations` makes (so `prompt` is on its configuration). */
export const PARENT_PROMPT = 'base prompt';
const DELETE_MUTATION = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;

export class Mutations {
  private readonly agents: Agents;
  /** The check's parent agents, in the order they were made. */
  private readonly parents: string[] = [];
  /** How often the check gave each display name (case-folded). */
  private readonly nameUses = new Map<string, number>();

  constructor(private readonly t: Creator) {
    this.agents = new Agents(t);
  }

  /** A new parent agent with a prompt (so `prompt` is on its configuration) and `fields`; skips the check when none can be made. */
  async newParent(fields: JsonObject = {}): Promise<string> {
    const call = await this.agents.send({
      display_name: this.t.name('mutation parent'),
      prompt: PARENT_PROMPT,
      ...fields,
    });
    const id = createdIn(call)?.['id'];
    if (typeof id !== 'string')
      this.t.skip(
        `needs a parent agent, but POST /v1/agents answered ${call.response.status} without one (the agents group judges that)`,
      );
    return id;
  }

  /** The check's own parent agents, made when first needed: `parent()` is the first, `parent(1)` a second. */
  async parent(index = 0): Promise<string> {
    while (this.parents.length <= index) this.parents.push(await this.newParent());
    return this.parents[index] as string;
  }

  /** A parent of the check under which `displayName` is still free: names are unique per agent, and generated ones may repeat. */
  parentFreeFor(displayName: string): Promise<string> {
    const key = displayName.toLowerCase();
    const earlier = this.nameUses.get(key) ?? 0;
    this.nameUses.set(key, earlier + 1);
    return this.parent(earlier);
  }

  /**
   * POSTs a mutation under `agentId`: `fields` over a body named `<marker> mutation <n>`, a name
   * no other mutation on the target has. Whatever is created is deleted when the check ends,
   * and that deletion is judged too.
   */
  async send(agentId: string, fields: JsonObject = {}, written: Written = {}): Promise<Call> {
    const body = 'display_name' in fields ? fields : mutationBody(await this.uniqueName(), fields);
    const call = await this.t.call(MUTATIONS, {
      params: { agent_id: agentId },
      json: sendable(this.t, body, 'display_name'),
      ...written,
    });
    const created = createdIn(call);
    if (created) {
      const params = { agent_id: agentId, mutation_id: String(created['id']) };
      // Deleting a mutation succeeds (and again, should a check have deleted it already).
      this.t.cleanup(() => this.t.call(DELETE_MUTATION, { params }), ['MUTATION-DELETE-IDEMPOTENT']);
    }
    return call;
  }

  async create(
    agentId: string,
    fields: JsonObject = {},
    requirements: Requirements = ['MUTATION-CREATE'],
    what = 'creating a mutation',
  ): Promise<Created<'mutation'>> {
    return expectCreated(this.t, 'mutation', await this.send(agentId, fields), requirements, what);
  }

  private async uniqueName(): Promise<string> {
    const drawn = await this.t.memo('mutation names drawn', async () => ({ count: 0 }));
    return this.t.name(`mutation ${++drawn.count}`);
  }
}

const TEST_CASES = 'POST /v1/test-cases' satisfies EndpointKey;
/** The test_set_id the suite makes up: sent when the target takes test sets it does not have. */
export const MADE_UP_TEST_SET = String(testCaseBody('')['test_set_id']);
/** The one length a test_set_id has (the contract's limit, exactly). */
export const TEST_SET_ID_LENGTH = fieldLimit('testCase.test_set_id').max ?? 8;

export class TestCases {
  constructor(private readonly t: Creator) {}

  /**
   * The test_set_id test cases are sent with: the made-up one when the target takes it, else
   * one a run names. The spec does not say a test set must exist, nor shows how to make one.
   */
  testSetId(): Promise<string> {
    return this.t.memo('test set', () => this.chooseTestSet());
  }

  /** POST /v1/test-cases: `fields` over a valid body with input_str `<marker> test case` and the chosen test set. */
  async send(fields: JsonObject = {}, query?: RequestSpec['query'], written: Written = {}): Promise<Call> {
    const json = sendable(
      this.t,
      testCaseBody(this.t.name('test case'), { test_set_id: await this.testSetId(), ...fields }),
      'input_str',
    );
    return this.t.call(TEST_CASES, query ? { json, query, ...written } : { json, ...written });
  }

  async create(
    fields: JsonObject = {},
    requirements: Requirements = ['TESTCASE-CREATE'],
    what = 'creating a test case',
  ): Promise<Created<'testCase'>> {
    return expectCreated(this.t, 'testCase', await this.send(fields), requirements, what);
  }

  private async chooseTestSet(): Promise<string> {
    if (isSuccess(await this.t.call(TEST_CASES, { json: testCaseBody(this.t.name('test set probe')) })))
      return MADE_UP_TEST_SET;
    const runs = await this.t.call('GET /v1/runs', { query: { page_size: 100 } });
    const listed = isSuccess(runs) ? (runs.response.json as JsonObject)['runs'] : undefined;
    const named = Array.isArray(listed) ? listed.map((run) => (run as JsonObject | null)?.['test_set_id']) : [];
    const usable = named.find((id): id is string => typeof id === 'string' && charLength(id) === TEST_SET_ID_LENGTH);
    // With neither, the made-up one stays: the checks then show what the target answers.
    return usable ?? MADE_UP_TEST_SET;
  }
}

/** What a review project links: a simulation and the metric_id of one of its outputs (found by discovery). */
export interface ReviewLinks {
  readonly simulationId: string;
  readonly metricId: string;
}

const REVIEW_PROJECTS = 'POST /v1/review-projects' satisfies EndpointKey;

export class ReviewProjects {
  constructor(private readonly t: Creator) {}

  /** POST /v1/review-projects: `fields` over a valid project named `<marker> review project` linking `links`. */
  send(links: ReviewLinks, fields: JsonObject = {}, written: Written = {}): Promise<Call> {
    const body = reviewProjectBody(this.t.name('review project'), links.simulationId, links.metricId, fields);
    return this.t.call(REVIEW_PROJECTS, { json: sendable(this.t, body, 'display_name'), ...written });
  }

  async create(
    links: ReviewLinks,
    fields: JsonObject = {},
    requirements: Requirements = ['REVIEW-PROJECT-CREATE'],
    what = 'creating a review project',
    written: Written = {},
  ): Promise<Created<'reviewProject'>> {
    return expectCreated(this.t, 'reviewProject', await this.send(links, fields, written), requirements, what);
  }
}
