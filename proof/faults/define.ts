// The shape of a fault and the small seams faults use to override the Behaviour.
// A fault is a named override in one place: the correct code reads as if faults did not exist.

import type { RequirementId } from '../../lib/contract/requirements/index.js';
import type { Behaviour, ResourceKind, ServeStep } from '../../lib/reference/behaviour.js';
import { HOUR } from '../../lib/reference/fixtures/time.js';
import type { ApiError } from '../../lib/reference/http/errors.js';
import type { SpecForm } from '../../lib/reference/openapi/negotiate.js';
import type { AgentFields } from '../../lib/reference/validation/agents.js';
import type { TestCaseFields } from '../../lib/reference/validation/test-cases.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';

export interface Fault<Id extends string = string> {
  readonly id: Id;
  readonly requirements: readonly RequirementId[];
  readonly description: string;
  /**
   * Requirements of the checks that bring the fault out without judging it (it shows while cleaning
   * up after them): the proof runs their checks too, and still needs a failure naming `requirements`.
   */
  readonly seenThrough?: readonly RequirementId[];
  apply(b: Behaviour): void;
}

export const fault = <const Id extends string>(
  id: Id,
  requirements: readonly RequirementId[],
  description: string,
  apply: (b: Behaviour) => void,
  seenThrough?: readonly RequirementId[],
): Fault<Id> => ({ id, requirements, description, apply, ...(seenThrough ? { seenThrough } : {}) });

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

/** Lists sorted by their elements' JSON text, at every depth: a canonical form meant to sort keys only. */
export function sortedLists(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map(sortedLists).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sortedLists(v)]));
  return value;
}

/** The instant `ms` written in a service's +02:00 local time instead of UTC. */
export const localTime = (ms: number): string => new Date(ms + 2 * HOUR).toISOString().replace('Z', '+02:00');
