// Walking a list endpoint page by page, following next_page_token.

import type { ListEndpoint } from '../contract/list-endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from './context.js';
import { violation } from '../assert/violation.js';
import type { JsonObject } from '../util/json.js';

export interface Page {
  readonly call: Call;
  readonly items: JsonObject[];
  /** The token to continue with; null when the page says it is the last. */
  readonly nextToken: string | null;
}

export interface WalkQuery {
  readonly filter?: string;
  readonly order_by?: string;
  readonly page_size?: number | string;
}

export interface WalkOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: WalkQuery;
  readonly maxPages?: number;
  /** Requirements a failed page request is charged to. */
  readonly requirements?: readonly RequirementId[];
}

/** `null`, `""` and an absent field all end a walk (LIST-LAST-PAGE). */
export function nextTokenOf(body: JsonObject): string | null {
  const token = body['next_page_token'];
  return typeof token === 'string' && token !== '' ? token : null;
}

export async function fetchPage(t: CheckContext, list: ListEndpoint, options: WalkOptions, pageToken?: string): Promise<Page> {
  const query = { ...options.query, ...(pageToken === undefined ? {} : { page_token: pageToken }) };
  const call = await t.call(`GET ${list.path}`, { params: options.params ?? {}, query });
  const body = t.expectSuccess(call, options.requirements ?? ['LIST-PAGINATION-COMPLETE'], `listing ${list.id}`);
  return { call, items: body[list.itemsKey] as JsonObject[], nextToken: nextTokenOf(body) };
}

/** Every page until the last; a token seen twice or an endless walk is a violation. */
export async function walkList(t: CheckContext, list: ListEndpoint, options: WalkOptions = {}): Promise<{ pages: Page[]; items: JsonObject[] }> {
  const maxPages = options.maxPages ?? 2000;
  const pages: Page[] = [];
  const seenTokens = new Set<string>();
  let token: string | undefined;
  for (;;) {
    const page = await fetchPage(t, list, options, token);
    pages.push(page);
    if (page.nextToken === null) break;
    if (seenTokens.has(page.nextToken)) violation(['LIST-PAGINATION-COMPLETE'], `${list.path}: next_page_token ${JSON.stringify(page.nextToken)} came back a second time, so the walk would never end`, page.call);
    if (pages.length >= maxPages) violation(['LIST-PAGINATION-COMPLETE'], `${list.path}: still not on the last page after ${maxPages} pages`, page.call);
    seenTokens.add(page.nextToken);
    token = page.nextToken;
  }
  return { pages, items: pages.flatMap((p) => p.items) };
}
