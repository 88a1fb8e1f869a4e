// What the list checks share: the collection a check lists (for metrics, a simulation
// found through the runs), walking it page by page, and a snapshot of the whole
// collection that filtered and smaller walks are compared with.

import { listEndpoint, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import type { Call, CheckContext } from '../../harness/context.js';
import { busiestSimulation } from '../../harness/discovery.js';
import { fetchPage, nextTokenOf, type Page, type WalkQuery } from '../../harness/list-walk.js';
import { isSuccess } from '../../assert/responses.js';
import { violation } from '../../assert/violation.js';
import { idOf } from '../../assert/filter-judge.js';
import type { Selection } from '../../assert/partition.js';

type Item = Record<string, unknown>;

export type ListId = ListEndpoint['id'];

export interface ListTarget {
  readonly list: ListEndpoint;
  readonly params: Readonly<Record<string, string>>;
}

export interface Walk {
  readonly pages: readonly Page[];
  readonly items: Item[];
}

/** Beyond this many items a real collection is too big to walk in a check: skipped. */
const MAX_WALK_ITEMS = 20_000;
/** Pages in a row that bring no new item yet promise more: the walk would not end. */
const MAX_IDLE_PAGES = 3;

export async function listTarget(t: CheckContext, id: ListId): Promise<ListTarget> {
  const list = listEndpoint(id);
  if (id !== 'metrics') return { list, params: {} };
  const busiest = await busiestSimulation(t);
  if (!busiest) t.skip('no simulation to list metrics of: no listed run names a simulation output id in results.output_ids');
  return { list, params: { simulation_id: busiest.simulationId } };
}

/** One request to the list, with no assertion on the answer. */
export function request(t: CheckContext, { list, params }: ListTarget, query: Readonly<Record<string, string | number>>): Promise<Call> {
  return t.call(`GET ${list.path}`, { params, query });
}

/**
 * Every page until the last (`first`: the first page's call, already made with `query`).
 * A failed page breaks `requirements`; a token that comes back, or pages that bring
 * nothing new yet carry a token, break LIST-LAST-PAGE.
 */
export async function walk(t: CheckContext, target: ListTarget, query: WalkQuery, requirements: readonly RequirementId[], first?: Call): Promise<Walk> {
  const { list, params } = target;
  const pages: Page[] = [];
  const tokens = new Set<string>();
  const ids = new Set<string>();
  let idle = 0;
  for (let token: string | undefined; ; ) {
    const page = first && !pages.length ? pageOf(t, list, first, requirements) : await fetchPage(t, list, { params, query, requirements }, token);
    pages.push(page);
    if (page.nextToken === null) break;
    const before = ids.size;
    for (const item of page.items) ids.add(idOf(item, list.idField));
    idle = ids.size > before ? 0 : idle + 1;
    const shown = JSON.stringify(page.nextToken);
    t.assert(!tokens.has(page.nextToken), ['LIST-LAST-PAGE'], `${list.path}: next_page_token ${shown} came back a second time, so the walk would never end`, page.call);
    t.assert(idle < MAX_IDLE_PAGES, ['LIST-LAST-PAGE'], `${list.path}: ${idle} pages in a row brought no new item, yet each carried a next_page_token`, page.call);
    if (ids.size > MAX_WALK_ITEMS) t.skip(`${list.path} holds more than ${MAX_WALK_ITEMS} items: too many to walk in one check`);
    tokens.add(page.nextToken);
    token = page.nextToken;
  }
  return { pages, items: pages.flatMap((p) => p.items) };
}

/** The walk of a filter at the largest page size (from `first`, its first page's call, if given). */
export function filteredWalk(t: CheckContext, target: ListTarget, filter: string, requirements: readonly RequirementId[], first?: Call): Promise<Walk> {
  return walk(t, target, { filter, page_size: target.list.pageSize.max }, requirements, first);
}

/**
 * The first page of a filter the server may refuse (ordering on a text-like field), or
 * undefined when refused; a refusal must be INVALID_ARGUMENT naming filter.
 */
export async function acceptedFilter(t: CheckContext, target: ListTarget, filter: string, requirements: readonly RequirementId[]): Promise<Call | undefined> {
  const call = await request(t, target, { filter, page_size: target.list.pageSize.max });
  if (isSuccess(call)) return call;
  t.expectInvalidArgument(call, requirements, 'filter', `filter ${JSON.stringify(filter)}`);
  return undefined;
}

/** A first page already fetched (with the walk's query), as fetchPage would have read it. */
function pageOf(t: CheckContext, list: ListEndpoint, call: Call, requirements: readonly RequirementId[]): Page {
  const body = t.expectSuccess(call, requirements, `listing ${list.id}`);
  return { call, items: body[list.itemsKey] as Item[], nextToken: nextTokenOf(body) };
}

/** The exchange that returned the item at `index` of a walk (evidence for a failure there). */
export function callHolding(walked: Walk, index: number): Call | undefined {
  let end = 0;
  for (const page of walked.pages) {
    end += page.items.length;
    if (index < end) return page.call;
  }
  return walked.pages.at(-1)?.call;
}

export interface Mismatch {
  readonly message: string;
  readonly call?: Call | undefined;
}

const everything = async (t: CheckContext, target: ListTarget): Promise<Item[]> =>
  (await walk(t, target, { page_size: target.list.pageSize.max }, ['LIST-PAGINATION-COMPLETE'])).items;

/** The whole collection, walked at the largest page size. */
export class Snapshot {
  private constructor(
    private readonly t: CheckContext,
    readonly target: ListTarget,
    private current: Item[],
  ) {}

  /** Skips the check when the collection holds fewer than `minimum` items (`why` says what they are needed for). */
  static async take(t: CheckContext, target: ListTarget, minimum = 1, why = 'something to list'): Promise<Snapshot> {
    const items = await everything(t, target);
    const { path, itemsKey } = target.list;
    if (items.length < minimum) t.skip(`${path} holds ${items.length} ${itemsKey}; this check needs at least ${minimum} (${why})`);
    return new Snapshot(t, target, items);
  }

  get items(): readonly Item[] {
    return this.current;
  }

  /**
   * Fails with `requirements` when `compare` finds a mismatch twice: against this snapshot
   * and against a fresh one, since checks elsewhere may delete an item they were given meanwhile.
   */
  async expect(requirements: readonly RequirementId[], compare: (items: readonly Item[]) => Promise<Mismatch | undefined>): Promise<void> {
    if (!(await compare(this.current))) return;
    this.current = await everything(this.t, this.target);
    const mismatch = await compare(this.current);
    if (mismatch) violation(requirements, mismatch.message, mismatch.call);
  }
}

/** A filter a check judges: its text as sent, what a failed page of its walk breaks, and its walk if already made. */
export interface FilterWalk {
  readonly text: string;
  readonly requirements: readonly RequirementId[];
  readonly walked?: Walk | undefined;
}

/**
 * Fails with `requirements` when `judge` finds the selections of `filters` wrong, first
 * with the walks given (the others walked now), then, since another check may have
 * deleted an item meanwhile, with fresh walks and a fresh snapshot (Snapshot.expect).
 * The evidence is the last page of the first filter the message quotes. Returns the
 * walks judged last.
 */
export async function expectWalks(
  t: CheckContext, snapshot: Snapshot, filters: readonly FilterWalk[], requirements: readonly RequirementId[],
  judge: (all: readonly Item[], selections: readonly Selection[]) => string | undefined,
): Promise<Walk[]> {
  let fresh = false;
  let walks: Walk[] = [];
  await snapshot.expect(requirements, async (all) => {
    walks = [];
    for (const f of filters) walks.push((fresh ? undefined : f.walked) ?? (await filteredWalk(t, snapshot.target, f.text, f.requirements)));
    fresh = true;
    const message = judge(all, walks.map((w, i) => ({ text: filters[i]!.text, items: w.items })));
    if (message === undefined) return undefined;
    const quoted = filters.findIndex((f) => message.includes(JSON.stringify(f.text)));
    return { message, call: walks[Math.max(0, quoted)]?.pages.at(-1)?.call };
  });
  return walks;
}
