// Rules every item of a list must keep, declared as a table: one check per rule, each
// judging every listed item. The pages are read loosely (a 2xx with an items array):
// their schema and pagination are the list checks' concern, so a check here fails
// only for its own rule (or a page over its size, which fails wherever it is seen).

import type { EndpointKey } from '../contract/endpoints.js';
import { listEndpoint, type ListEndpoint } from '../contract/list-endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { DEFINITIONS, type SchemaName } from '../contract/schemas.js';
import { idOf } from '../assert/filter-judge.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import { pagesOf, walkedOrSkip, walkList, type Page, type StopRules, type Walk } from '../harness/list-walk.js';
import type { JsonObject } from '../util/json.js';
import { checkIdOf } from '../result/check-id.js';
import { expectSameAsListed } from './same-resource.js';

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
  /** Fails the check when the item breaks the rule (awaited: a rule may read what it judges by, once per target). */
  expect(t: CheckContext, item: JsonObject, call: Call): void | Promise<void>;
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
      for (const { item, call } of listed) await rule.expect(t, item, call);
    });
  }
}

/**
 * How an item of each list is read another way: by its GET where the specification shows one (the path
 * parameter naming the item; the list's own path parameters too), else as the same item listed at the
 * largest page size (runs).
 */
const ITEM_READS: Readonly<
  Record<
    ListEndpoint['id'],
    {
      readonly schema: SchemaName;
      readonly get?: { readonly endpoint: EndpointKey; readonly param: string; readonly requirements: RequirementId[] };
    }
  >
> = {
  personas: {
    schema: 'Persona',
    get: { endpoint: 'GET /v1/personas/{persona_id}', param: 'persona_id', requirements: ['PERSONA-GET'] },
  },
  runs: { schema: 'Run' },
  metrics: {
    schema: 'MetricOutput',
    get: {
      endpoint: 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}',
      param: 'metric_output_id',
      requirements: ['METRIC-GET'],
    },
  },
};

/** A small page size, so that several pages come after a token; and how many pages are read, to keep the cost small. */
const SMALL_PAGE = 3;
const PAGES_READ = 6;

/** The first PAGES_READ pages at SMALL_PAGE items. */
async function firstSmallPages(
  t: CheckContext,
  list: ListEndpoint,
  params: Readonly<Record<string, string>>,
): Promise<Page[]> {
  const pages: Page[] = [];
  for await (const page of pagesOf(t, { list, params }, { page_size: SMALL_PAGE }, LOOSE_WALK)) {
    pages.push(page);
    if (pages.length >= PAGES_READ) break;
  }
  return pages;
}

/** An item with a status other than COMPLETED may change between two reads: only its identity is compared. */
const settled = (item: JsonObject): boolean => item['status'] === undefined || item['status'] === 'COMPLETED';

/**
 * One check: every item of the first pages of a list at a small page size (those after a token, which a
 * server may build another way, as much as the first) is the item read another way, field for field.
 * `paramsOf` gives the collection's path parameters (the simulation whose metrics are walked).
 */
export function declarePagesAsRead(
  listId: ListEndpoint['id'],
  paramsOf: (t: CheckContext) => Promise<Readonly<Record<string, string>>> = async () => ({}),
): void {
  const list = listEndpoint(listId);
  const { schema, get } = ITEM_READS[listId];
  const requirements: readonly RequirementId[] = get?.requirements ?? ['LIST-PAGINATION-COMPLETE'];
  const identity = (DEFINITIONS[schema]?.['required'] as string[] | undefined) ?? [list.idField];
  const other = get ? `read by ${get.endpoint}` : `listed at page_size ${list.pageSize.max}`;
  check(
    checkIdOf(listId, 'pages-as-read'),
    requirements,
    `every item of the first ${PAGES_READ} pages of ${list.path} at page_size ${SMALL_PAGE}, after a token as on the first, is the item ${other}, field for field`,
    async (t) => {
      const params = await paramsOf(t);
      const pages = await walkedOrSkip(t, 'listing the items', firstSmallPages(t, list, params));
      const listed = pages.flatMap(({ call, items }) => items.map((item) => ({ item, call })));
      if (!listed.length) t.skip(`${list.path} lists nothing`);
      const again = get
        ? undefined
        : new Map((await listedNow(t, listId, params)).map((item) => [idOf(item, list.idField), item]));
      for (const { item, call } of listed) {
        const id = idOf(item, list.idField);
        const fields = settled(item) ? undefined : identity;
        if (!get) {
          // An item the other walk lacks is LIST-PAGINATION-COMPLETE's to judge (another check may have deleted it).
          const atMax = again?.get(id);
          if (atMax) expectSameAsListed(t, requirements, schema, item, atMax, call, fields);
          continue;
        }
        const read = await t.call(get.endpoint, { params: { ...params, [get.param]: id } });
        const got = t.expectResource(read, requirements, `getting listed item ${id}`);
        t.assert(
          idOf(got, list.idField) === id,
          requirements,
          `asked for ${id}, got ${JSON.stringify(got[list.idField])}`,
          read,
        );
        expectSameAsListed(t, requirements, schema, item, got, read, fields);
      }
    },
  );
}
