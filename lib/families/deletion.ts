// Deleting a resource the run was given (DELETABLE_*_ID): sent once per target, however
// many checks judge the answer, since a second DELETE would meet a deleted resource.

import { setTimeout as delay } from 'node:timers/promises';
import type { DeletableFixture } from '../config.js';
import type { EndpointKey } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import { formatFilter } from '../contract/filter/index.js';
import { listEndpoint, type ListEndpoint } from '../contract/list-endpoints.js';
import { comparison, exposedFields, literalsOf } from '../gen/filters.js';
import { echoMismatches } from '../assert/echo.js';
import { excerpt } from '../assert/evidence.js';
import { isSuccess } from '../assert/responses.js';
import { checkIdOf } from '../result/check-id.js';
import { isJsonObject, type JsonObject } from '../util/json.js';
import { listedNow } from './listed-items.js';

/** The DELETE exchange with what the check needs from before it (`T`); or why it was not sent. */
export type Deletion<T extends object = object> =
  (T & { readonly call: Call }) | { readonly skip: string; readonly unserved?: UnservedRead };

/** A read before a deletion that found the fixture not served: it must still be refused with a 4xx (expectNotServed). */
export interface UnservedRead {
  readonly call: Call;
  readonly requirements: readonly RequirementId[];
  readonly what: string;
}

/** The first check to ask performs the deletion; later ones get the same exchange. */
export async function deleteOnce<T extends object>(
  t: CheckContext,
  key: string,
  perform: (t: CheckContext) => Promise<Deletion<T>>,
): Promise<T & { readonly call: Call }> {
  const done = await t.memo(`deletion of ${key}`, perform);
  if ('skip' in done) {
    if (done.unserved) expectNotServed(t, done.unserved.call, done.unserved.requirements, done.unserved.what);
    t.skip(done.skip);
  }
  return done;
}

/**
 * A read of a deleted resource, or a DELETE of it where deleting again is not shown to succeed: an error, and a
 * client error (the resource is gone, whichever code says so), never a 5xx (the server failing to say it).
 */
export function expectGone(t: CheckContext, call: Call, requirements: readonly RequirementId[], what: string): void {
  expectNotServed(t, call, requirements, what, 'a deleted resource is gone, which a 4xx says');
}

/**
 * A read the suite takes as "not served" (a fixture an earlier run may have deleted, a read the specification does
 * not promise): refused, with the error envelope and a client error (4xx), whichever code. A 5xx is the server
 * failing to serve it, never an answer that it is not there: the read's rule (`requirements`) fails.
 */
export function expectNotServed(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what: string,
  why = 'a resource not served is refused with a 4xx',
): void {
  t.expectRejection(call, requirements, {}, what);
  t.assert(
    call.response.status < 500,
    requirements,
    `${what} answered ${call.response.status}, a server error: ${why}`,
    call,
  );
}

/** A DELETE sent again after a deletion: success (deleted already) or the resource gone, never a 5xx. */
export function expectDeletedAgain(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what: string,
): void {
  if (!isSuccess(call)) expectGone(t, call, requirements, what);
}

/** Filters that select `item` by each of its own filter fields the list allows (`field = value`; tags one by one). */
export function selectingFilters(list: ListEndpoint, item: JsonObject): string[] {
  return exposedFields(list).flatMap((exposed) =>
    literalsOf(item, exposed).map(({ text }) => formatFilter(comparison(exposed.name, '=', text))),
  );
}

/** A list that held a deleted resource, with the resource as it listed it (its filter values). */
export interface ListedBefore {
  readonly list: ListEndpoint['id'];
  readonly item: JsonObject;
}

/**
 * Whether a list filtered to select `listed.item` (by each of its own filter fields) still lists it, as a problem:
 * a filtered list may be read from another query than the plain one. One page at the largest size holds what
 * such a filter selects; a refused filter is the list checks' concern and shows nothing here.
 */
export async function listedWhenFiltered(
  t: CheckContext,
  { list: listId, item }: ListedBefore,
  what: string,
): Promise<string | undefined> {
  const list = listEndpoint(listId);
  const id = item[list.idField];
  for (const filter of selectingFilters(list, item)) {
    const call = await t.call(`GET ${list.path}` as EndpointKey, { query: { filter, page_size: list.pageSize.max } });
    const items = isSuccess(call) ? (call.response.json as JsonObject)[list.itemsKey] : undefined;
    if (Array.isArray(items) && items.some((listed) => isJsonObject(listed) && listed[list.idField] === id))
      return `${what} is still listed by ${list.path} filtered by ${filter}`;
  }
  return undefined;
}

/** The reads a deleted resource must be gone from: its GET where one is shown, and the list that held it. */
export interface GoneReads {
  readonly get?: () => Promise<Call>;
  readonly listed?: ListedBefore;
}

/** Where a deleted resource still shows, as a problem: served by its GET, or listed (plain, or filtered to select it). */
export async function stillShown(
  t: CheckContext,
  reads: GoneReads,
  requirements: readonly RequirementId[],
  what: string,
): Promise<string | undefined> {
  if (reads.get) {
    const call = await reads.get();
    if (isSuccess(call)) return `${what} is still served by ${call.endpoint.key}`;
    expectGone(t, call, requirements, `getting ${what}`);
  }
  if (!reads.listed) return undefined;
  const list = listEndpoint(reads.listed.list);
  const id = reads.listed.item[list.idField];
  if ((await listedNow(t, list.id)).some((item) => item[list.idField] === id))
    return `${what} is still listed by ${list.path}`;
  return listedWhenFiltered(t, reads.listed, what);
}

/**
 * Deletion's sequence: a resource deleted, then deleted a second and a third time (each answered as
 * `expectDeletedAgain` allows), is gone from every read after each deletion (a DELETE that toggles a
 * deleted flag brings it back on the second).
 */
export async function expectStaysGone(
  t: CheckContext,
  deleteAgain: () => Promise<Call>,
  reads: GoneReads,
  requirements: readonly RequirementId[],
  what: string,
): Promise<void> {
  for (const nth of ['a second', 'a third']) {
    const call = await deleteAgain();
    expectDeletedAgain(t, call, requirements, `deleting ${what} ${nth} time`);
    const problem = await stillShown(t, reads, requirements, `${what}, deleted ${nth} time,`);
    t.assert(problem === undefined, requirements, problem ?? '', call);
  }
}

/** A success whose body is an empty object; a 204 without a body counts as one. */
export function expectEmptyObjectAnswer(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what: string,
): void {
  const body = t.expectSuccess(call, requirements, what);
  t.assert(
    Object.keys(body).length === 0,
    requirements,
    `${what} should answer an empty object, but answered ${excerpt(JSON.stringify(body), 200)}`,
    call,
  );
}

/**
 * A resource read after a write that may change only `mayChange` of it (a cancel: its status and update_time):
 * every other field of `before` reads back equal (the one echo judgement), client data (metadata, tags) included.
 */
export function expectOthersKept(
  t: CheckContext,
  before: JsonObject,
  after: JsonObject,
  mayChange: readonly string[],
  requirements: readonly RequirementId[],
  what: string,
  call: Call,
): void {
  const kept = Object.fromEntries(Object.entries(before).filter(([field]) => !mayChange.includes(field)));
  const changed = echoMismatches(kept, after);
  t.assert(
    changed.length === 0,
    requirements,
    `${what} is read with fields changed that it may not change ("sent": as read before): ${changed.join('; ')}`,
    call,
  );
}

/**
 * What a DELETE changed of the items it did not name, as problems: each item read before (by `idField`) reads after
 * as it did, every field (update_time included) but those `mayChange` gives it; one no longer read is a problem too.
 */
export function siblingChanges(
  before: readonly JsonObject[],
  after: readonly JsonObject[],
  idField: string,
  mayChange: (item: JsonObject) => readonly string[] = () => [],
): string[] {
  // The first reading of each item: `after` may hold a second reading of the list behind the first.
  const now = new Map<unknown, JsonObject>();
  for (const item of after) if (!now.has(item[idField])) now.set(item[idField], item);
  return before.flatMap((item) => {
    const id = `${idField} ${JSON.stringify(item[idField])}`;
    const read = now.get(item[idField]);
    if (!read) return [`${id} is no longer read`];
    const open = mayChange(item);
    const changed = echoMismatches(Object.fromEntries(Object.entries(item).filter(([f]) => !open.includes(f))), read);
    return changed.length ? [`${id}: ${changed.join('; ')}`] : [];
  });
}

/**
 * siblingChanges of a list read again by `reread` when an item is missing from `after`: on a live server a walk of
 * pages misses an item when others are created meanwhile, so only one missing from both readings is gone.
 */
export async function listedSiblingChanges(
  before: readonly JsonObject[],
  after: readonly JsonObject[],
  idField: string,
  reread: () => Promise<readonly JsonObject[]>,
  mayChange?: (item: JsonObject) => readonly string[],
): Promise<string[]> {
  const read = new Set(after.map((item) => item[idField]));
  const missing = before.some((item) => !read.has(item[idField]));
  return siblingChanges(before, missing ? [...after, ...(await reread())] : after, idField, mayChange);
}

/** A DELETE changes only the resource it names: `problems` (of `siblingChanges`) are its changes to others. */
export function expectSiblingsKept(
  t: CheckContext,
  problems: readonly string[],
  requirements: readonly RequirementId[],
  what: string,
  call: Call,
): void {
  t.assert(
    problems.length === 0,
    requirements,
    `${what} changed other resources it does not name ("sent": as read before): ${problems.slice(0, 5).join(' | ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    call,
  );
}

/** A check deleting a fixture the run was given: it needs the setting, writes, and runs alone (other checks read the list it changes). */
export const deletesFixture = (setting: DeletableFixture): CheckOptions => ({
  needs: [setting],
  writes: true,
  exclusive: true,
});

/** Strict: the deletion's empty object is sent as the JSON body `{}`, not left out, labelled application/json. */
export function declareEmptyBodyCheck(
  endpoint: string,
  what: string,
  setting: DeletableFixture,
  deletion: (t: CheckContext) => Promise<{ readonly call: Call }>,
): void {
  check(
    checkIdOf('deletion', setting, 'empty-object-body'),
    ['DELETE-EMPTY-OBJECT-BODY', 'RESPONSE-CONTENT-TYPE-JSON'],
    `${endpoint} sends the empty object as the JSON body {}, as application/json`,
    async (t) => {
      expectEmptyJsonBody(t, (await deletion(t)).call, what);
    },
    deletesFixture(setting),
  );
}

/** Strict: a deletion's answer is the JSON body `{}`, its media type judged as every JSON answer's. */
export function expectEmptyJsonBody(t: CheckContext, call: Call, what: string): void {
  if (!isSuccess(call)) t.skip(`${what} did not succeed (judged by the MUST check)`);
  const { json, text, status } = call.response;
  const empty = typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 0;
  t.assert(
    empty,
    ['DELETE-EMPTY-OBJECT-BODY'],
    `${what} answered ${status} with ${text.trim() ? excerpt(text, 200) : 'no body'}; convention is the JSON body {}`,
    call,
  );
  t.expectSuccess(call, ['DELETE-EMPTY-OBJECT-BODY'], what);
}

/**
 * Runs `probe` until it finds nothing wrong, a few times a second apart: a server may
 * apply a deletion just after answering it (a 202, say). Returns the last problem.
 */
export async function settled(
  probe: () => Promise<string | undefined>,
  attempts = 4,
  pauseMs = 1000,
): Promise<string | undefined> {
  let problem = await probe();
  for (let attempt = 1; attempt < attempts && problem !== undefined; attempt++) {
    await delay(pauseMs);
    problem = await probe();
  }
  return problem;
}

/**
 * The validators a read of a resource gave (ETag, Last-Modified), sent back once it is deleted (If-None-Match,
 * If-Modified-Since, each alone): the answer is the one without them, the resource gone (a 4xx), never 304 Not
 * Modified: a precondition is evaluated only where the answer without it would be a success (RFC 9110 13.2.1).
 * Nothing is sent where the read carried no validator.
 */
export async function expectGoneWhenRevalidated(
  t: CheckContext,
  before: Call,
  get: (headers: Readonly<Record<string, string>>) => Promise<Call>,
  requirements: readonly RequirementId[],
  what: string,
): Promise<void> {
  if (!isSuccess(before)) return;
  const { etag, 'last-modified': lastModified } = before.response.headers;
  const conditions = [
    ...(etag ? [{ header: 'If-None-Match', value: etag }] : []),
    ...(lastModified ? [{ header: 'If-Modified-Since', value: lastModified }] : []),
  ];
  for (const { header, value } of conditions) {
    const call = await get({ [header.toLowerCase()]: value });
    t.assert(
      call.response.status !== 304,
      requirements,
      `${what}, read with ${header}: ${value} (as a read before its deletion gave), answered 304 Not Modified: a deleted resource is gone, and a precondition applies only where the answer without it would be a success (RFC 9110 13.2.1)`,
      call,
    );
    expectGone(t, call, requirements, `${what}, read with ${header}`);
  }
}
