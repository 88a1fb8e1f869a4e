// What the list checks share: the collection a check lists (for metrics, a simulation
// found through the runs), their walks of it, and a snapshot of the whole collection
// that filtered and smaller walks are compared with.

import { isDeepStrictEqual } from 'node:util';
import { formatFilter, type FilterExpr, type FormatOptions } from '../../contract/filter/index.js';
import { listEndpoint, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import type { Call, CheckContext } from '../../harness/context.js';
import { busiestSimulation } from '../../harness/discovery.js';
import {
  requestPage,
  walkedOrSkip,
  walkList,
  type Collection,
  type ListQuery,
  type StopRules,
  type Walk,
} from '../../harness/list-walk.js';
import { freeTextField } from '../../gen/filters.js';
import { isSuccess } from '../../assert/responses.js';
import { refusedAsInvalid } from '../../assert/error-details.js';
import { isRuleViolation, violation } from '../../assert/violation.js';
import { idOf, repeated } from '../../assert/filter-judge.js';
import type { Selection } from '../../assert/partition.js';

type Item = Record<string, unknown>;

export type ListId = ListEndpoint['id'];

/**
 * A list check judges every page of its walks, charged to its own `requirements`; a walk
 * that would never end breaks LIST-LAST-PAGE. A real collection too big to walk in a
 * check skips it.
 */
function listCheckWalk(requirements: readonly RequirementId[]): StopRules {
  return {
    read: 'judged',
    unreadPage: { fails: requirements },
    repeatedToken: { fails: ['LIST-LAST-PAGE'] },
    idlePages: { max: 3, fails: ['LIST-LAST-PAGE'] },
    maxItems: 20_000,
  };
}

export async function collectionOf(t: CheckContext, id: ListId): Promise<Collection> {
  const list = listEndpoint(id);
  if (id !== 'metrics') return { list, params: {} };
  const busiest = await busiestSimulation(t);
  if (!busiest)
    t.skip('no simulation to list metrics of: no listed run names a simulation output id in results.output_ids');
  return { list, params: { simulation_id: busiest.simulationId } };
}

/** The collection of a filter check: collectionOf with the way the target takes comparisons written (filterFormatted). */
export async function filterCollectionOf(t: CheckContext, id: ListId): Promise<Collection> {
  return filterFormatted(t, await collectionOf(t, id));
}

/**
 * The collection with `filterFormat`: comparisons are written with blanks around the operator (`name = x`) unless
 * the target refuses that with INVALID_ARGUMENT and takes `name=x`. The specification shows no filter text, so
 * either is a correct server's choice (LIST-FILTER-COMPACT, strict only, asks for both). Any other answer keeps
 * the blanks, so that the checks sending them see it. Learnt once per collection; a check written compact says so.
 */
export async function filterFormatted(t: CheckContext, collection: Collection): Promise<Collection> {
  const probe: FilterExpr = { kind: 'cmp', field: freeTextField(collection.list), op: '=', value: 'x', quoted: false };
  const filterFormat = await t.memo(
    `filter format ${collection.list.path} ${JSON.stringify(collection.params)}`,
    async (first) => {
      const spaced = await requestPage(first, collection, { filter: formatFilter(probe) });
      if (!refusedAsInvalid(spaced)) return {};
      const compact = await requestPage(first, collection, { filter: formatFilter(probe, { compact: true }) });
      return isSuccess(compact) ? { compact: true } : {};
    },
  );
  if (filterFormat.compact)
    t.note(
      `filters are written without blanks around the operator (\`${formatFilter(probe, filterFormat)}\`): ${collection.list.path} refused \`${formatFilter(probe)}\` with INVALID_ARGUMENT`,
    );
  return { ...collection, filterFormat };
}

/** The text of `expr` as the collection takes comparisons written (filterFormatted), with `format` on top. */
export function filterText(collection: Collection, expr: FilterExpr, format?: FormatOptions): string {
  return formatFilter(expr, { ...collection.filterFormat, ...format });
}

/** Every page until the last (`first`: the first page's call, already made with `query`). */
export function walk(
  t: CheckContext,
  collection: Collection,
  query: ListQuery,
  requirements: readonly RequirementId[],
  first?: Call,
): Promise<Walk> {
  return stoppedAsSkip(t, collection, walkList(t, collection, query, listCheckWalk(requirements), first));
}

/** A walk several checks share: walked once, and where it stops, each check skips with its own reason. */
export function sharedFilteredWalk(
  t: CheckContext,
  collection: Collection,
  filter: string,
  requirements: readonly RequirementId[],
): Promise<Walk> {
  const walked = sharedWalk(t, collection, { filter, page_size: collection.list.pageSize.max }, requirements);
  return stoppedAsSkip(t, collection, walked);
}

/**
 * A walk several checks of one rule family share, walked once with the first check's context; a
 * failure of it (charged to `requirements`) fails each check that owns one of them and blocks the
 * others (reported for the run once, by the owner: CheckContext.blocked), where it stops each skips.
 */
export function ownedSharedWalk(
  t: CheckContext,
  collection: Collection,
  query: ListQuery,
  requirements: readonly RequirementId[],
  own: readonly RequirementId[],
): Promise<Walk> {
  const walked = sharedWalk(t, collection, query, requirements).catch((error: unknown) => {
    if (isRuleViolation(error) && !error.requirements.some((id) => own.includes(id as RequirementId)))
      t.blocked(`the shared walk of ${collection.list.id} with ${JSON.stringify(query)}`, error);
    throw error;
  });
  return stoppedAsSkip(t, collection, walked);
}

const sharedWalk = (
  t: CheckContext,
  collection: Collection,
  query: ListQuery,
  requirements: readonly RequirementId[],
): Promise<Walk> =>
  t.memo(`walk ${collection.list.path} ${JSON.stringify(collection.params)} ${JSON.stringify(query)}`, (first) =>
    walkList(first, collection, query, listCheckWalk(requirements)),
  );

const stoppedAsSkip = (t: CheckContext, collection: Collection, walked: Promise<Walk>): Promise<Walk> =>
  walkedOrSkip(t, `listing ${collection.list.id}`, walked);

/** The walk of a filter at `pageSize`, by default the largest (from `first`, its first page's call, if given). */
export function filteredWalk(
  t: CheckContext,
  collection: Collection,
  filter: string,
  requirements: readonly RequirementId[],
  first?: Call,
  pageSize = collection.list.pageSize.max,
): Promise<Walk> {
  return walk(t, collection, { filter, page_size: pageSize }, requirements, first);
}

/**
 * The first page of a filter the server may refuse (ordering on a text-like field), or
 * undefined when refused; a refusal must be INVALID_ARGUMENT naming filter.
 */
export async function acceptedFilter(
  t: CheckContext,
  collection: Collection,
  filter: string,
  requirements: readonly RequirementId[],
): Promise<Call | undefined> {
  const call = await requestPage(t, collection, { filter, page_size: collection.list.pageSize.max });
  if (isSuccess(call)) return call;
  t.expectInvalidArgument(call, requirements, 'filter', `filter ${JSON.stringify(filter)}`);
  return undefined;
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

/**
 * The whole collection at the largest page size: the first snapshot of a collection is walked once and
 * shared (a check comparing with it takes a fresh one before it fails: Snapshot.expect); a fresh one is the check's own.
 */
async function everything(t: CheckContext, collection: Collection, fresh: boolean): Promise<Item[]> {
  const query = { page_size: collection.list.pageSize.max };
  const requirements: RequirementId[] = ['LIST-PAGINATION-COMPLETE'];
  return (
    await (fresh
      ? walk(t, collection, query, requirements)
      : stoppedAsSkip(t, collection, sharedWalk(t, collection, query, requirements)))
  ).items;
}

/** The whole collection, walked at the largest page size. */
export class Snapshot {
  private constructor(
    private readonly t: CheckContext,
    readonly collection: Collection,
    private current: Item[],
  ) {}

  /** Skips the check when the collection holds fewer than `minimum` items (`why` says what they are needed for). */
  static async take(
    t: CheckContext,
    collection: Collection,
    minimum = 1,
    why = 'something to list',
  ): Promise<Snapshot> {
    const items = await everything(t, collection, false);
    const { path, itemsKey } = collection.list;
    if (items.length < minimum)
      t.skip(`${path} holds ${items.length} ${itemsKey}; this check needs at least ${minimum} (${why})`);
    return new Snapshot(t, collection, items);
  }

  get items(): readonly Item[] {
    return this.current;
  }

  /**
   * Fails with `requirements` when `compare` finds a mismatch three times: against this snapshot (the walks given);
   * against a fresh one (fresh walks), since checks elsewhere may delete an item they were given meanwhile; and, those
   * same walks, against a snapshot taken after them without the items that moved between the two (a live
   * deployment's runs finish and its schedules start new ones while a check walks): only what a correct server
   * cannot explain, among the items that stood still, fails.
   */
  async expect(
    requirements: readonly RequirementId[],
    compare: (items: readonly Item[], reading: Reading) => Promise<Mismatch | undefined>,
  ): Promise<void> {
    if (!(await compare(this.current, 'given'))) return;
    const before = await everything(this.t, this.collection, true);
    this.current = before;
    if (!(await compare(before, 'fresh'))) return;
    const after = await everything(this.t, this.collection, true);
    this.current = after;
    const moving = movedBetween(before, after, this.collection.list.idField);
    const mismatch = await compare(withoutMoving(after, moving, this.collection.list.idField), { moving });
    if (mismatch) violation(requirements, mismatch.message, mismatch.call);
  }
}

/**
 * Which walks a comparison judges: those given, fresh ones, or the last fresh ones again, without the items that
 * `moving` names (present in one of two snapshots around them only, or read otherwise in each).
 */
export type Reading = 'given' | 'fresh' | { readonly moving: ReadonlySet<string> };

/** The ids of items one snapshot holds and the other does not, or holds otherwise. */
function movedBetween(before: readonly Item[], after: readonly Item[], idField: string): Set<string> {
  const first = new Map(before.map((item) => [idOf(item, idField), item]));
  const moved = new Set<string>();
  for (const item of after) {
    const id = idOf(item, idField);
    const was = first.get(id);
    if (!was || !isDeepStrictEqual(was, item)) moved.add(id);
    first.delete(id);
  }
  for (const id of first.keys()) moved.add(id);
  return moved;
}

/** `items` without those `moving` names. */
export const withoutMoving = (items: readonly Item[], moving: ReadonlySet<string>, idField: string): Item[] =>
  items.filter((item) => !moving.has(idOf(item, idField)));

/** A filter a check judges: its text as sent, what a failed page of its walk breaks, its walk if already made, and the page size it is walked at (by default the largest). */
export interface FilterWalk {
  readonly text: string;
  readonly requirements: readonly RequirementId[];
  readonly walked?: Walk | undefined;
  readonly pageSize?: number | undefined;
}

/**
 * Fails with `requirements` when a walk of `filters` holds an item twice or `judge` finds their selections wrong, first
 * with the walks given (the others walked now), then, since another check may have
 * deleted an item meanwhile, with fresh walks and a fresh snapshot, then with those walks and the items that stood
 * still around them (Snapshot.expect).
 * The evidence is the last page of the first filter the message quotes. Returns the
 * walks judged last.
 */
export async function expectWalks(
  t: CheckContext,
  snapshot: Snapshot,
  filters: readonly FilterWalk[],
  requirements: readonly RequirementId[],
  judge: (all: readonly Item[], selections: readonly Selection[]) => string | undefined,
): Promise<Walk[]> {
  let walks: Walk[] = [];
  const { idField } = snapshot.collection.list;
  await snapshot.expect(requirements, async (all, reading) => {
    if (typeof reading === 'string') {
      const fresh = reading === 'fresh';
      walks = [];
      for (const f of filters)
        walks.push(
          (fresh ? undefined : f.walked) ??
            (await filteredWalk(t, snapshot.collection, f.text, f.requirements, undefined, f.pageSize)),
        );
    }
    const judged =
      typeof reading === 'string'
        ? walks
        : walks.map((w) => ({ ...w, items: withoutMoving(w.items, reading.moving, idField) }));
    // Item identity holds in every filtered walk: a join without DISTINCT lists an item once per matching row.
    const message =
      judged
        .map((w, i) => repeated(w.items, idField, `filter ${JSON.stringify(filters[i]!.text)}`))
        .find((m) => m !== undefined) ??
      judge(
        all,
        judged.map((w, i) => ({ text: filters[i]!.text, items: w.items })),
      );
    if (message === undefined) return undefined;
    const quoted = filters.findIndex((f) => message.includes(JSON.stringify(f.text)));
    return { message, call: walks[Math.max(0, quoted)]?.pages.at(-1)?.call };
  });
  return walks;
}

/**
 * The next_page_token of the collection's first page at page_size 2 (no order_by, no filter), learnt once per
 * collection, for the checks that send a list's parameters beside a token: every page judges them, not only the
 * first. A skip where that page ends the list.
 */
export async function firstPageToken(
  t: CheckContext,
  collection: Collection,
  requirements: readonly RequirementId[],
): Promise<string> {
  const token = await t.memo(
    `first-page token ${collection.list.path} ${JSON.stringify(collection.params)}`,
    async (loader) => {
      const call = await requestPage(loader, collection, { page_size: 2 });
      const body = loader.expectSuccess(call, requirements, 'the first page at page_size 2');
      const next = body['next_page_token'];
      return typeof next === 'string' && next !== '' ? next : null;
    },
  );
  return token ?? t.skip(`${collection.list.path} at page_size 2 gave a single page: no token to send beside`);
}
