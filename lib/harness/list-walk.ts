// The suite's one walk of a list endpoint, page by page along next_page_token. What stops
// a walk, and what each stop means (a failure charged to which requirements, the end of
// the walk, a blocked or skipped check), is declared per walk in its StopRules.
//
// A page over its size, or one cut at the size cap, fails every walk alike: t.call judges
// each response before the walk reads it (assert/page-bounds.ts).

import type { FormatOptions } from '../contract/filter/index.js';
import type { ListEndpoint } from '../contract/list-endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from './context.js';
import { isSuccess } from '../assert/responses.js';
import { isRuleViolation, type RuleViolation, violation } from '../assert/violation.js';
import { idOf } from '../assert/filter-judge.js';
import { isJsonObject, type JsonObject } from '../util/json.js';

/**
 * A list endpoint with its path parameters: the collection a walk reads (for metrics, one simulation's);
 * for the filter checks, also how the target takes comparisons written (blanks around the operator or none).
 */
export interface Collection {
  readonly list: ListEndpoint;
  readonly params: Readonly<Record<string, string>>;
  readonly filterFormat?: FormatOptions;
}

export type ListQuery = {
  readonly filter?: string;
  readonly order_by?: string;
  readonly page_size?: number | string;
};

export interface Page {
  readonly call: Call;
  readonly items: JsonObject[];
  /** The token to continue with; null when the page says it is the last. */
  readonly nextToken: string | null;
}

export interface Walk {
  readonly pages: readonly Page[];
  readonly items: JsonObject[];
}

/** The walk fails, charged to these requirements. */
export interface Fails {
  readonly fails: readonly RequirementId[];
}

/** The check is blocked (a skip naming the violation, reported for the run: CheckContext.blocked), never failed. */
export interface Blocks {
  readonly blocks: readonly RequirementId[];
}

export interface StopRules {
  /**
   * Which pages are unread: 'judged', any expectSuccess refuses (the list's schema included);
   * 'loose', only one that is not a 2xx holding the items array (its schema is the list checks' concern).
   */
  readonly read: 'judged' | 'loose';
  /** What an unread page means; its violation is worded as expectSuccess words it (or SCHEMA-CANONICAL). */
  readonly unreadPage: Fails | Blocks;
  /** A next_page_token seen before on this walk, which would never end: a failure, or the walk's end. */
  readonly repeatedToken: Fails | 'ends';
  /** At `max` pages in a row that bring no new item (by id), yet carry a token, the walk fails. */
  readonly idlePages?: Fails & { readonly max: number };
  /** The most pages a walk reads; the last of them carrying a new token fails the walk or gives it up (a skip). */
  readonly maxPages?: { readonly max: number; readonly reached: Fails | 'gives up' };
  /** More items (by id) than this gives the walk up: too many to walk in one check. */
  readonly maxItems?: number;
}

/** A walk that stopped without failing; the check cannot go on (walkedOrSkip ends it). */
export class WalkStopped extends Error {
  constructor(
    reason: string,
    readonly blockedBy?: RuleViolation,
  ) {
    super(reason);
  }
}

/** `walk`, or the end of check `t` if it stopped: blocked by the violation `what` met, or skipped. */
export async function walkedOrSkip<T>(t: CheckContext, what: string, walk: Promise<T>): Promise<T> {
  try {
    return await walk;
  } catch (error) {
    if (!(error instanceof WalkStopped)) throw error;
    if (error.blockedBy) t.blocked(what, error.blockedBy);
    return t.skip(error.message);
  }
}

/** One request to the list, with no assertion on the answer. */
export function requestPage(
  t: CheckContext,
  { list, params }: Collection,
  query: Readonly<Record<string, string | number | undefined>>,
): Promise<Call> {
  return t.call(`GET ${list.path}`, { params, query });
}

/** One page, which must pass expectSuccess (charged to `requirements`). */
export async function fetchPage(
  t: CheckContext,
  collection: Collection,
  query: ListQuery,
  requirements: readonly RequirementId[],
): Promise<Page> {
  return readPage(t, collection.list, await requestPage(t, collection, query), 'judged', { fails: requirements });
}

/** Every page until the last, under `rules` (`first`: the first page's call, already made with `query`). */
export async function walkList(
  t: CheckContext,
  collection: Collection,
  query: ListQuery,
  rules: StopRules,
  first?: Call,
): Promise<Walk> {
  const pages: Page[] = [];
  for await (const page of pagesOf(t, collection, query, rules, first)) pages.push(page);
  return { pages, items: pages.flatMap((p) => p.items) };
}

/**
 * The walk's pages one by one, under `rules`, for a check that may stop early (the next page is asked
 * for only when the check wants it); `first`: the first page's call, already made with `query`.
 */
export async function* pagesOf(
  t: CheckContext,
  collection: Collection,
  query: ListQuery,
  rules: StopRules,
  first?: Call,
): AsyncGenerator<Page, void> {
  const seen: Progress = { pages: [], tokens: new Set(), ids: new Set(), idle: 0 };
  let call = first ?? (await requestPage(t, collection, query));
  for (;;) {
    const page = readPage(t, collection.list, call, rules.read, rules.unreadPage);
    seen.pages.push(page);
    yield page;
    if (page.nextToken === null || endsOn(page.nextToken, page, seen, collection.list, rules)) return;
    call = await requestPage(t, collection, { ...query, page_token: page.nextToken });
  }
}

interface Progress {
  readonly pages: Page[];
  readonly tokens: Set<string>;
  readonly ids: Set<string>;
  /** Pages in a row that brought no new item. */
  idle: number;
}

/** Whether the walk ends on `page`, which carries `token`; throws where a stop rule fails or gives the walk up. */
function endsOn(token: string, page: Page, seen: Progress, list: ListEndpoint, rules: StopRules): boolean {
  const known = seen.ids.size;
  for (const item of page.items) seen.ids.add(idOf(item, list.idField));
  seen.idle = seen.ids.size > known ? 0 : seen.idle + 1;
  if (seen.tokens.has(token)) {
    if (rules.repeatedToken === 'ends') return true;
    violation(
      rules.repeatedToken.fails,
      `${list.path}: next_page_token ${JSON.stringify(token)} came back a second time, so the walk would never end`,
      page.call,
    );
  }
  const { idlePages, maxItems, maxPages } = rules;
  if (idlePages && seen.idle >= idlePages.max) {
    violation(
      idlePages.fails,
      `${list.path}: ${seen.idle} pages in a row brought no new item, yet each carried a next_page_token`,
      page.call,
    );
  }
  if (maxItems !== undefined && seen.ids.size > maxItems)
    throw new WalkStopped(`${list.path} holds more than ${maxItems} items: too many to walk in one check`);
  if (maxPages && seen.pages.length >= maxPages.max) {
    const why = `${list.path}: still not on the last page after ${maxPages.max} pages`;
    if (maxPages.reached === 'gives up') throw new WalkStopped(`${why}: too many to walk in one check`);
    violation(maxPages.reached.fails, why, page.call);
  }
  seen.tokens.add(token);
  return false;
}

/** The page `call` answered; an unread page fails the walk or stops it (WalkStopped). */
function readPage(
  t: CheckContext,
  list: ListEndpoint,
  call: Call,
  read: StopRules['read'],
  unreadPage: StopRules['unreadPage'],
): Page {
  const requirements = 'fails' in unreadPage ? unreadPage.fails : unreadPage.blocks;
  try {
    const { body, items } =
      read === 'judged' ? judgedItems(t, list, call, requirements) : looseItems(t, list, call, requirements);
    return { call, items, nextToken: nextTokenOf(body) };
  } catch (error) {
    if ('blocks' in unreadPage && isRuleViolation(error)) throw new WalkStopped(error.summary, error);
    throw error;
  }
}

function judgedItems(
  t: CheckContext,
  list: ListEndpoint,
  call: Call,
  requirements: readonly RequirementId[],
): { body: JsonObject; items: JsonObject[] } {
  const body = t.expectSuccess(call, requirements, `listing ${list.id}`);
  return { body, items: body[list.itemsKey] as JsonObject[] };
}

/** A 2xx holding the items array; any other page is unread, for the reason expectSuccess gives (else SCHEMA-CANONICAL). */
function looseItems(
  t: CheckContext,
  list: ListEndpoint,
  call: Call,
  requirements: readonly RequirementId[],
): { body: JsonObject; items: JsonObject[] } {
  const body = call.response.json;
  if (isSuccess(call) && isJsonObject(body)) {
    const items = body[list.itemsKey];
    if (Array.isArray(items)) return { body, items: items.filter(isJsonObject) };
  }
  t.expectSuccess(call, requirements, `listing ${list.id}`);
  return violation(
    ['SCHEMA-CANONICAL'],
    `listing ${list.id} answered ${call.response.status} without a "${list.itemsKey}" array`,
    call,
  );
}

/** `null`, `""` and an absent field all end a walk (LIST-LAST-PAGE). */
export function nextTokenOf(body: JsonObject): string | null {
  const token = body['next_page_token'];
  return typeof token === 'string' && token !== '' ? token : null;
}
