// Rules every item of a list must keep, declared as a table: one check per rule, each
// judging every listed item. The pages are read loosely (a 2xx with an items array):
// their schema and pagination are the list checks' concern, so a check here fails
// only for its own rule.

import { listEndpoint, type ListEndpoint } from '../contract/list-endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import { nextTokenOf } from '../harness/list-walk.js';
import { isSuccess } from '../assert/responses.js';
import { isRuleViolation, RuleViolation } from '../assert/violation.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** A listed item with the page exchange that carried it (the evidence when it breaks a rule). */
export interface Listed {
  readonly item: JsonObject;
  readonly call: Call;
}

export interface ItemRule {
  readonly requirements: readonly RequirementId[];
  /** Reads like the rule, after "every listed <item>": "has resource_name `personas/<id>`". */
  readonly title: string;
  /** Fails the check when the item breaks the rule. */
  expect(t: CheckContext, item: JsonObject, call: Call): void;
}

/** The items; or the rule listing them broke (a check is blocked by it); or why they could not be read. */
type Walked = { readonly listed: Listed[] } | { readonly broke: RuleViolation } | { readonly problem: string };

/** Beyond this many pages the walk is given up (a list too big, or one that never ends). */
const MAX_PAGES = 2000;

/** Every page at the largest page size, until a page has no token or repeats one. */
async function walkLoosely(t: CheckContext, list: ListEndpoint, params: Readonly<Record<string, string>>): Promise<Walked> {
  const listed: Listed[] = [];
  const tokens = new Set<string>();
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = { page_size: list.pageSize.max, ...(token === null ? {} : { page_token: token }) };
    const call = await t.call(`GET ${list.path}`, { params, query });
    const body = call.response.json;
    const items = isSuccess(call) && isJsonObject(body) ? body[list.itemsKey] : undefined;
    if (!Array.isArray(items)) return { broke: whyUnlisted(t, call, list) };
    listed.push(...items.filter(isJsonObject).map((item) => ({ item, call })));
    token = nextTokenOf(body as JsonObject);
    if (token === null || tokens.has(token)) return { listed };
    tokens.add(token);
  }
  return { problem: `listing ${list.id} was still not on its last page after ${MAX_PAGES} pages (see the list checks)` };
}

/** The rule a page that holds no items array broke, as the list checks word it (so both report one cause). */
function whyUnlisted(t: CheckContext, call: Call, list: ListEndpoint): RuleViolation {
  try {
    t.expectSuccess(call, ['LIST-PAGINATION-COMPLETE'], `listing ${list.id}`);
  } catch (error) {
    if (isRuleViolation(error)) return error;
    throw error;
  }
  return new RuleViolation(['SCHEMA-CANONICAL'], `listing ${list.id} answered ${call.response.status} without a "${list.itemsKey}" array`, call);
}

function listedOrSkip(t: CheckContext, walked: Walked): Listed[] {
  if ('broke' in walked) t.blocked('listing the items', walked.broke);
  if ('problem' in walked) t.skip(walked.problem);
  return walked.listed;
}

/** Every item of a list, read once per target. */
export async function everyListed(t: CheckContext, listId: ListEndpoint['id'], params: Readonly<Record<string, string>> = {}): Promise<Listed[]> {
  const walk = await t.memo(`every listed ${listId} ${JSON.stringify(params)}`, (ctx) => walkLoosely(ctx, listEndpoint(listId), params));
  return listedOrSkip(t, walk);
}

/** Every item of a list as it is now (after a change the check made). */
export async function listedNow(t: CheckContext, listId: ListEndpoint['id'], params: Readonly<Record<string, string>> = {}): Promise<JsonObject[]> {
  return listedOrSkip(t, await walkLoosely(t, listEndpoint(listId), params)).map(({ item }) => item);
}

/** One check per rule over the items `source` gives; `what` names an item ("persona"). */
export function declareItemRules(what: string, source: (t: CheckContext) => Promise<Listed[]>, rules: readonly ItemRule[]): void {
  for (const rule of rules) {
    check(rule.requirements, `every listed ${what} ${rule.title}`, async (t) => {
      const listed = await source(t);
      if (!listed.length) t.skip(`no ${what} is listed`);
      for (const { item, call } of listed) rule.expect(t, item, call);
    });
  }
}
