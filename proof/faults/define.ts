// The shape of a fault, one record (what it breaks, how it slips, what it changes, how that shows),
// and the small seams faults use to override the Behaviour.

import type { IncomingMessage } from 'node:http';
import type { Endpoint } from '../../lib/contract/endpoints.js';
import type { RequirementId } from '../../lib/contract/requirements/index.js';
import type { Behaviour, ResourceKind, ServeStep } from '../../lib/reference/behaviour.js';
import { HOUR } from '../../lib/reference/fixtures/time.js';
import type { ApiError } from '../../lib/reference/http/errors.js';
import type { SpecForm } from '../../lib/reference/openapi/negotiate.js';
import type { AgentRecord, RunRecord } from '../../lib/reference/store/records.js';
import type { AgentFields } from '../../lib/reference/validation/agents.js';
import type { TestCaseFields } from '../../lib/reference/validation/test-cases.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';

/** What a probe reads of the service: a value that differs between the correct service and the faulty one. */
export type Probe = (call: Call) => Promise<unknown>;

/** The ways a rule is commonly broken, the columns of the fault model. */
export const SLIPS = {
  broken: 'the rule not kept at all, or inverted',
  bound: 'one side of a bound: the limit itself refused, or one past it accepted',
  unit: 'the wrong unit: bytes, code points or UTF-16 units; KB read as 1000 or 1024',
  scope: 'kept on one endpoint, method, field or list but not another',
  'read-back': 'kept in the answer to a write, not in what is stored and read back',
  'first-page': 'kept on the first page of a list only',
  precedence: 'checked in the wrong order: authentication, route, ID format, existence, body',
  explicit: 'an explicit value (empty, false, 0) taken for an absent one, or a default put over it',
  state: 'wrong in one state of the resource',
  type: 'type drift: a number sent back as a string, an array as null',
  order: 'order not kept: of an array, or of a list',
} as const;

export type Slip = keyof typeof SLIPS;

/** A fault's slips: the same for every requirement it breaks, or per requirement where they differ. */
export type FaultSlips = readonly Slip[] | { readonly [R in RequirementId]?: readonly Slip[] };

/** The slips of a fault on one requirement it breaks. */
export function slipsOf(slips: FaultSlips, requirement: string): readonly Slip[] {
  return Array.isArray(slips) ? slips : ((slips as Record<string, readonly Slip[]>)[requirement] ?? []);
}

/** A fault: the rule it breaks, how, what it changes in the reference, and how that shows from outside. */
export interface Fault<Id extends string = string> {
  readonly id: Id;
  readonly requirements: readonly RequirementId[];
  /** How it slips: its columns in the fault model (proof/fault-model.ts, docs/fault-model.md). */
  readonly slips: FaultSlips;
  readonly description: string;
  /**
   * Requirements of the checks that bring the fault out without judging it (it shows while cleaning
   * up after them): the proof runs their checks too, and still needs a failure naming `requirements`.
   */
  readonly seenThrough?: readonly RequirementId[];
  /** What the fault changes in the reference's behaviour (its seams, lib/reference/behaviour.ts). */
  behaviour(b: Behaviour): void;
  /** What it changes, observed from outside (test/proof/faults.test.ts). */
  readonly probe: Probe;
  /**
   * What the probe reads from the faulty service, the observable the description names (the correct
   * service must read otherwise): required, so that no probe passes on any change, a crash included.
   */
  readonly shows: unknown;
}

export const fault = <const Id extends string>(record: Fault<Id>): Fault<Id> => record;

/** Adds a last touch to every published document. */
export function finalizeWith(b: Behaviour, touch: (doc: JsonObject, form: SpecForm) => JsonObject): void {
  const finalize = b.publishing.finalize;
  b.publishing.finalize = (doc, form) => touch(finalize(doc, form), form);
}

/** Reshapes one kind of resource as it is returned. */
export function presentWith(
  b: Behaviour,
  kind: ResourceKind,
  touch: (view: JsonObject, record: object) => JsonObject,
): void {
  const present = b.present;
  b.present = (k, view, record) => {
    const shaped = present(k, view, record);
    return k === kind ? touch(shaped, record) : shaped;
  };
}

/** Checks the key after `step` rather than first of all; only for the keys `when` picks (every key when omitted). */
export function authenticateAfter(
  b: Behaviour,
  step: Exclude<ServeStep, 'authenticate'>,
  when = (_presented: string | undefined): boolean => true,
): void {
  const steps = b.serveSteps;
  b.serveSteps = (presented) => {
    const order = steps(presented);
    if (!when(presented)) return order;
    const others = order.filter((s) => s !== 'authenticate');
    const after = others.indexOf(step) + 1;
    return [...others.slice(0, after), 'authenticate', ...others.slice(after)];
  };
}

export function refineFailure(
  b: Behaviour,
  refine: (error: ApiError, presented: string | undefined) => ApiError,
): void {
  const failure = b.auth.failure;
  b.auth.failure = (presented) => refine(failure(presented), presented);
}

export const paths = (doc: JsonObject) => (doc.paths ?? {}) as Record<string, Record<string, JsonObject>>;

/** The document with every schema of its components replaced by `change`'s answer. */
export function mapSchemas(doc: JsonObject, change: (schema: JsonObject) => JsonObject): JsonObject {
  const components = (doc.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as Record<string, JsonObject>;
  const changed = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, change(schema)]));
  return { ...doc, components: { ...components, schemas: changed } };
}

/** The document's paths with every member of every path item (its operations) replaced by `change`'s answer. */
export const mapOperations = (doc: JsonObject, change: (op: JsonObject) => unknown): Record<string, JsonObject> =>
  Object.fromEntries(
    Object.entries(paths(doc)).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, op]) => [method, change(op)])),
    ]),
  );

/** Reshapes the success body of one endpoint (after wrapping). */
export function respondWith(b: Behaviour, endpointKey: string, touch: (body: JsonObject) => JsonObject): void {
  const respond = b.respond;
  b.respond = (endpoint, body) => {
    const shaped = respond(endpoint, body);
    return endpoint.key === endpointKey ? touch(shaped as JsonObject) : shaped;
  };
}

/** Reshapes the resource one endpoint's success body holds under `wrapper` (a GET's read path). */
export function readAs(
  b: Behaviour,
  endpointKey: string,
  wrapper: string,
  touch: (resource: JsonObject) => JsonObject,
): void {
  respondWith(b, endpointKey, (body) => ({ ...body, [wrapper]: touch(body[wrapper] as JsonObject) }));
}

/** Answers "not found" for one path parameter with another error code. */
export function missingAnsweredWith(b: Behaviour, param: string, code: string): void {
  const codeOf = b.errors.code;
  b.errors.code = (error, endpoint) =>
    error.code === 'NOT_FOUND' && error.details[0]?.field === param ? code : codeOf(error, endpoint);
}

/** Replaces how one agent body field is read, given the reading it replaces. */
export function rereadAgent<K extends keyof AgentFields>(
  b: Behaviour,
  name: K,
  reader: (original: AgentFields[K]) => AgentFields[K],
): void {
  b.agentRules.fields = { ...b.agentRules.fields, [name]: reader(b.agentRules.fields[name]) };
}

/** Replaces how test case body fields are read, given the reading each replaces. */
export function rereadTestCase<K extends keyof TestCaseFields>(
  b: Behaviour,
  names: readonly K[],
  reader: (original: TestCaseFields[K]) => TestCaseFields[K],
): void {
  for (const name of names) b.testCaseFields = { ...b.testCaseFields, [name]: reader(b.testCaseFields[name]) };
}

/** The answer marked next goes without a body (a 304: its Content-Length and bytes those of nothing); mark it with the function returned. */
export function bodilessNext(b: Behaviour): (bodiless?: boolean) => void {
  let marked = false;
  const length = b.contentLength;
  const bytes = b.responseBytes;
  b.contentLength = (text) => (marked ? 0 : length(text));
  b.responseBytes = (text) => {
    const sent = marked ? Buffer.alloc(0) : bytes(text);
    marked = false;
    return sent;
  };
  return (bodiless = true) => {
    marked = bodiless;
  };
}

/** Answers 304 Not Modified wherever `unchanged` holds of a success, with no body. */
export function notModifiedWhen(b: Behaviour, unchanged: (endpoint: Endpoint) => boolean): void {
  const bodiless = bodilessNext(b);
  const status = b.successStatus;
  b.successStatus = (endpoint) => {
    const notModified = unchanged(endpoint);
    bodiless(notModified);
    return notModified ? 304 : status(endpoint);
  };
}

/** The request being served, as the service last received it (a middleware that keeps the request at hand). */
export function lastRequest(b: Behaviour): () => IncomingMessage | undefined {
  let last: IncomingMessage | undefined;
  const presented = b.auth.presented;
  b.auth.presented = (req) => {
    last = req;
    return presented(req);
  };
  return () => last;
}

/** The agents stored when the request being served was routed: what a cache across agents would hold. */
export function storedAgents(b: Behaviour): () => Iterable<AgentRecord> {
  let agents: Iterable<AgentRecord> = [];
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    agents = store.agents.values();
    return named(endpoint, params, store);
  };
  return () => agents;
}

/**
 * `read`, but when `given` says the request left the field out, the value the last create stored: a default kept in a
 * variable each create writes, as a form keeps its last choice.
 */
export function keptFromLast<A extends unknown[], T>(
  read: (...args: A) => T,
  given: (...args: A) => boolean,
): (...args: A) => T {
  let last: { readonly value: T } | undefined;
  return (...args) => {
    const value = !given(...args) && last ? last.value : read(...args);
    last = { value };
    return value;
  };
}

/** Lists sorted by their elements' JSON text, at every depth: a canonical form meant to sort keys only. */
export function sortedLists(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map(sortedLists).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sortedLists(v)]));
  return value;
}

/** The instant `ms` written in a service's +02:00 local time instead of UTC. */
export const localTime = (ms: number): string => new Date(ms + 2 * HOUR).toISOString().replace('Z', '+02:00');

/** A dashboard PATCH of a well-formed id that names no dashboard creates it first (an upsert). */
export function upsertDashboards(b: Behaviour): void {
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    const id = params.dashboard_id;
    if (endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}' && id !== undefined && !store.dashboards.has(id)) {
      const now = store.clock.now();
      store.dashboards.set(id, { id, display_name: 'Untitled dashboard', create_time: now, update_time: now });
    }
    return named(endpoint, params, store);
  };
}

/** How many objects and lists deep a JSON value is nested. */
export function jsonDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const members: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return 1 + members.reduce<number>((most, member) => Math.max(most, jsonDepth(member)), 0);
}

/** A list whose filtered form is built from another query, without the soft-delete condition: deleted items still found by a filter. */
export function deletedStillFiltered(b: Behaviour, listKey: string): void {
  let filtered = false;
  const presented = b.auth.presented;
  b.auth.presented = (req: IncomingMessage) => {
    filtered = new URL(String(req.url), 'http://reference.invalid').searchParams.has('filter');
    return presented(req);
  };
  const hides = b.deletion.hides;
  b.deletion.hides = (endpoint) => !(endpoint.key === listKey && filtered) && hides(endpoint);
}

/** The value with every object cut to its first 1,000 members and every list to its first 1,000 elements, at every depth. */
export function firstThousand(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1000).map(firstThousand);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 1000)
      .map(([key, item]) => [key, firstThousand(item)]),
  );
}

/** Calls `cancelled` with a run as it was before a DELETE that cancelled it (answered it with another status). */
export function onRunCancelled(b: Behaviour, cancelled: (before: RunRecord) => void): void {
  let before: RunRecord | undefined;
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    if (endpoint.key === 'DELETE /v1/runs/{run_id}') before = store.runs.get(params.run_id ?? '');
    return named(endpoint, params, store);
  };
  const answer = b.deletion.answer;
  b.deletion.answer = (kind, deleted) => {
    if (kind === 'run' && before !== undefined && deleted.run_id === before.run_id && deleted.status !== before.status)
      cancelled(before);
    return answer(kind, deleted);
  };
}
