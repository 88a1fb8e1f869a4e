// Rules every item of a list must keep, declared as a table: one check per rule, each
// judging every listed item. The pages are read loosely (a 2xx with an items array):
// their schema and pagination are the list checks' concern, so a check here fails
// only for its own rule (or a page over its size, which fails wherever it is seen).

import { listEndpoint, type ListEndpoint } from '../contract/list-endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import { walkedOrSkip, walkList, type StopRules, type Walk } from '../harness/list-walk.js';
import type { JsonObject } from '../util/json.js';
import { checkIdOf } from '../result/check-id.js';

/** A listed item with the page exchange that carried it (the evidence when it breaks a rule). */
export interface Listed {
  readonly item: JsonObject;
  readonly call: Call;
}

export interface ItemRule {
  /** The rule's key in its check's id (`items.<what>.<key>`). */
  readonly id: string;
  readonly requirements: readonly RequirementId[];
  /** Reads like the rule, after "every listed <item>": "has resource_name `personas/<id>`". */
  readonly title: string;
  /** Fails the check when the item breaks the rule. */
  expect(t: CheckContext, item: JsonObject, call: Call): void;
}

/**
 * The item rules read the pages loosely and judge no list rule: a page that is not a
 * list blocks them, a token that comes back ends the walk, and a walk too long is given up.
 */
const LOOSE_WALK: StopRules = {
  read: 'loose',
  unreadPage: { blocks: ['LIST-PAGINATION-COMPLETE'] },
  repeatedToken: 'ends',
  maxPages: { max: 2000, reached: 'gives up' },
};

/** Every page of a list at the largest page size. */
function walkAtMax(
  t: CheckContext,
  listId: ListEndpoint['id'],
  params: Readonly<Record<string, string>>,
): Promise<Walk> {
  const list = listEndpoint(listId);
  return walkList(t, { list, params }, { page_size: list.pageSize.max }, LOOSE_WALK);
}

/** Each item with the page that carried it; blocked or skipped when the walk stopped. */
async function listedOrSkip(t: CheckContext, walk: Promise<Walk>): Promise<Listed[]> {
  const { pages } = await walkedOrSkip(t, 'listing the items', walk);
  return pages.flatMap(({ call, items }) => items.map((item) => ({ item, call })));
}

/** Every item of a list, read once per target. */
export function everyListed(
  t: CheckContext,
  listId: ListEndpoint['id'],
  params: Readonly<Record<string, string>> = {},
): Promise<Listed[]> {
  return listedOrSkip(
    t,
    t.memo(`every listed ${listId} ${JSON.stringify(params)}`, (ctx) => walkAtMax(ctx, listId, params)),
  );
}

/** Every item of a list as it is now (after a change the check made). */
export async function listedNow(
  t: CheckContext,
  listId: ListEndpoint['id'],
  params: Readonly<Record<string, string>> = {},
): Promise<JsonObject[]> {
  return (await listedOrSkip(t, walkAtMax(t, listId, params))).map(({ item }) => item);
}

/** One check per rule over the items `source` gives; `what` names an item ("persona"). */
export function declareItemRules(
  what: string,
  source: (t: CheckContext) => Promise<Listed[]>,
  rules: readonly ItemRule[],
): void {
  for (const rule of rules) {
    check(checkIdOf('items', what, rule.id), rule.requirements, `every listed ${what} ${rule.title}`, async (t) => {
      const listed = await source(t);
      if (!listed.length) t.skip(`no ${what} is listed`);
      for (const { item, call } of listed) rule.expect(t, item, call);
    });
  }
}
