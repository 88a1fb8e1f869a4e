// Pagination of one list endpoint: page_size (default, bounds, syntax), next_page_token
// (completeness, the last page) and page_token (forged, stale).

import { listEndpoint } from '../../contract/list-endpoints.js';
import { acceptedComparisons, boundComparisons } from '../../gen/filters.js';
import { ERROR_CODES } from '../../contract/enums.js';
import { judgeFilter, type Comparison } from '../../contract/filter/index.js';
import type { ListEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { check, type CheckContext } from '../../harness/index.js';
import type { Call } from '../../harness/context.js';
import {
  fetchPage,
  nextTokenOf,
  pagesOf,
  requestPage,
  type Collection,
  type ListQuery,
  type Walk,
} from '../../harness/list-walk.js';
import { isSuccess } from '../../assert/responses.js';
import { idOf, repeated, walkMismatch } from '../../assert/filter-judge.js';
import {
  collectionOf,
  filterFormatted,
  firstPageToken,
  filterText,
  ownedSharedWalk,
  Snapshot,
  walk,
  withoutMoving,
  type ListId,
} from './collection.js';
import type { JsonObject } from '../../util/json.js';
import { checkIdOf } from '../../result/check-id.js';

/** A small page size: about twenty pages over the reference's collections. */
export const SMALL_PAGE = 7;
const FORGED_TOKEN = 'cft-forged-token!!%%';
const NOT_INTEGERS = ['abc', '1.5'];
/** A page_size every list serves (1 to 100 at least), and its other decimal spellings: a leading zero, a sign, a point, an exponent, a blank. */
const TEN = 10;
const TEN_SPELLED = ['010', '0010', '+10', '10.0', '1e1', ' 10'];
/** How many empty pages that carry a token are followed, from a served page_size's first page, for an item (LIST-LAST-PAGE's idle pages). */
const EMPTY_PAGES_FOLLOWED = 3;

const itemsOf = (collection: Collection, body: JsonObject): unknown[] => body[collection.list.itemsKey] as unknown[];

/** A page_size's first page as served: how many items it holds, and the token it carries. */
interface Served {
  readonly size: number;
  readonly call: Call;
  readonly items: number;
  readonly nextToken: string | null;
}

/**
 * Whether a page_size served with an empty first page reaches an item: a page may hold fewer items than
 * page_size, even none while it carries a token, so up to EMPTY_PAGES_FOLLOWED pages are followed with
 * the same page_size; an empty page that ends the list says the collection is empty. The page that
 * settled it is returned as evidence.
 */
async function reachesAnItem(
  t: CheckContext,
  collection: Collection,
  served: Served,
  requirements: readonly RequirementId[],
): Promise<{ reached: boolean; call: Call }> {
  let { call } = served;
  let followed = 0;
  for await (const page of pagesOf(
    t,
    collection,
    { page_size: served.size },
    { read: 'judged', unreadPage: { fails: requirements }, repeatedToken: 'ends' },
    served.call,
  )) {
    ({ call } = page);
    if (page.items.length > 0) return { reached: true, call };
    if (followed++ === EMPTY_PAGES_FOLLOWED) break;
  }
  return { reached: false, call };
}

/**
 * The walk at page_size 7 that four checks judge, each for its own rule: walked once. A page it cannot read
 * fails LIST-PAGINATION-COMPLETE (following the tokens must work), a token that never ends LIST-LAST-PAGE.
 */
const smallWalk = (t: CheckContext, collection: Collection, own: RequirementId): Promise<Walk> =>
  ownedSharedWalk(t, collection, { page_size: SMALL_PAGE }, ['LIST-PAGINATION-COMPLETE'], [own]);

/**
 * The comparison that selects the most of `items`: one every item meets (`g >= least`) where a timestamp or number
 * field allows it, else the accepted comparison with the most matches; with how many it selects.
 */
function widestFilter(
  list: ListEndpoint,
  items: readonly JsonObject[],
): { filter: Comparison; selects: number } | undefined {
  const bound = boundComparisons(list, items);
  if (bound) return { filter: bound.always, selects: items.length };
  const selects = (filter: Comparison) =>
    items.filter((item) => judgeFilter(filter, item, list.filterFields) === 'match').length;
  return acceptedComparisons(list, items)
    .map((filter) => ({ filter, selects: selects(filter) }))
    .sort((a, b) => b.selects - a.selects)[0];
}

/** The collection with a snapshot that spans at least two small pages, or a skip. */
async function paged(t: CheckContext, id: ListId): Promise<Snapshot> {
  return Snapshot.take(t, await collectionOf(t, id), SMALL_PAGE + 1, `two pages at page_size ${SMALL_PAGE}`);
}

/**
 * A page token of the list ordered by its first order field at SMALL_PAGE, and queries other than the one it came
 * with: the order reversed, a filter added (a skip where the list has no order field, no usable filter value, or
 * gives a single page).
 */
async function tokenAndOtherQueries(
  t: CheckContext,
  id: ListId,
  rule: RequirementId,
): Promise<{ collection: Collection; token: string; field: string; others: readonly ListQuery[] }> {
  const list = listEndpoint(id);
  const snapshot = await paged(t, id);
  const [field] = Object.keys(list.orderFields);
  const [comparison] = acceptedComparisons(list, snapshot.items);
  if (field === undefined || comparison === undefined) return t.skip('no order_by field or usable filter value');
  const first = await fetchPage(t, snapshot.collection, { page_size: SMALL_PAGE, order_by: field }, [rule]);
  if (first.nextToken === null) return t.skip(`page_size ${SMALL_PAGE} gave a single page: no token to send`);
  const filter = filterText(await filterFormatted(t, snapshot.collection), comparison);
  return {
    collection: snapshot.collection,
    token: first.nextToken,
    field,
    others: [
      { page_size: SMALL_PAGE, order_by: `-${field}` },
      { page_size: SMALL_PAGE, order_by: field, filter },
    ],
  };
}

export function declarePaginationChecks(id: ListId): void {
  const list = listEndpoint(id);
  const { path, itemsKey } = list;
  const { max, default: fallback } = list.pageSize;

  check(
    checkIdOf('lists', id, 'pagination-complete'),
    ['LIST-PAGINATION-COMPLETE'],
    `${path}: following next_page_token at page_size ${SMALL_PAGE} returns the ${itemsKey} of a walk at ${max}, none twice`,
    async (t) => {
      const snapshot = await paged(t, id);
      let small: Walk | undefined;
      await snapshot.expect(['LIST-PAGINATION-COMPLETE'], async (all, reading) => {
        // Compared again before failing: with a walk of its own, as the snapshot is; then that walk, without
        // the items that moved around it.
        if (reading === 'given') small = await smallWalk(t, snapshot.collection, 'LIST-PAGINATION-COMPLETE');
        if (reading === 'fresh')
          small = await walk(t, snapshot.collection, { page_size: SMALL_PAGE }, ['LIST-PAGINATION-COMPLETE']);
        const items =
          typeof reading === 'string' ? small!.items : withoutMoving(small!.items, reading.moving, list.idField);
        const message =
          repeated(all, list.idField, `the walk at page_size ${max}`) ??
          walkMismatch(all, items, list.idField, `the walk at page_size ${SMALL_PAGE}`);
        return message === undefined ? undefined : { message, call: small!.pages.at(-1)?.call };
      });
    },
  );

  // Reads are safe: a client retrying a page whose answer it lost sends the same page_token again. Other clients may
  // write between the two GETs (an offset moves by an item or two), so only a page clearly another fails: none of the
  // first answer's items, and the page the first answer's token leads to instead.
  check(
    checkIdOf('lists', id, 'pagination-complete', 'token-replayed'),
    ['LIST-PAGINATION-COMPLETE'],
    `${path}: a page fetched again with the same page_token (a client retrying a lost answer) is the same page, never the page after it`,
    async (t) => {
      const { collection } = await paged(t, id);
      const { pages } = await smallWalk(t, collection, 'LIST-PAGINATION-COMPLETE');
      const [first, second, third] = pages;
      if (!first?.nextToken || !second || !third?.items.length)
        return t.skip(`page_size ${SMALL_PAGE} gave fewer than three pages: no page after the retried one`);
      const call = await requestPage(t, collection, { page_size: SMALL_PAGE, page_token: first.nextToken });
      const body = t.expectSuccess(call, ['LIST-PAGINATION-COMPLETE'], 'the page of a page_token sent again');
      const ids = (items: readonly unknown[]) => items.map((item) => idOf(item as JsonObject, list.idField));
      const again = ids(itemsOf(collection, body));
      const before = new Set(ids(second.items));
      const [head] = again;
      t.assert(
        head === undefined || again.some((i) => before.has(i)) || head !== ids(third.items)[0],
        ['LIST-PAGINATION-COMPLETE'],
        `the page_token of page 1 at page_size ${SMALL_PAGE}, sent again, answered none of the ${second.items.length} ${itemsKey} it answered the first time, but the page after it (from ${head}): a GET moved the token on`,
        call,
      );
    },
  );

  check(
    checkIdOf('lists', id, 'pagination-complete', 'default-size'),
    ['LIST-PAGINATION-COMPLETE'],
    `${path}: following next_page_token without page_size (the default ${fallback}) returns the ${itemsKey} of a walk at ${max}, none twice (where more than ${fallback} are listed)`,
    async (t) => {
      const snapshot = await Snapshot.take(
        t,
        await collectionOf(t, id),
        fallback + 1,
        `two pages at the default page_size ${fallback}`,
      );
      let walked: Walk | undefined;
      await snapshot.expect(['LIST-PAGINATION-COMPLETE'], async (all, reading) => {
        if (typeof reading === 'string') walked = await walk(t, snapshot.collection, {}, ['LIST-PAGINATION-COMPLETE']);
        const items =
          typeof reading === 'string' ? walked!.items : withoutMoving(walked!.items, reading.moving, list.idField);
        const message =
          repeated(all, list.idField, `the walk at page_size ${max}`) ??
          walkMismatch(all, items, list.idField, 'the walk without page_size');
        return message === undefined ? undefined : { message, call: walked!.pages.at(-1)?.call };
      });
    },
  );

  check(
    checkIdOf('lists', id, 'page-size-respected'),
    ['LIST-PAGE-SIZE-RESPECTED'],
    `${path}: no page holds more than page_size ${SMALL_PAGE}, nor without page_size (first page or after a token) more than the default ${fallback}`,
    async (t) => {
      const { collection } = await paged(t, id);
      const small = await smallWalk(t, collection, 'LIST-PAGE-SIZE-RESPECTED');
      for (const [n, page] of small.pages.entries()) {
        t.assert(
          page.items.length <= SMALL_PAGE,
          ['LIST-PAGE-SIZE-RESPECTED'],
          `page ${n + 1} at page_size ${SMALL_PAGE} holds ${page.items.length} ${itemsKey}`,
          page.call,
        );
      }
      const first = await fetchPage(t, collection, {}, ['LIST-PAGE-SIZE-RESPECTED']);
      t.assert(
        first.items.length <= fallback,
        ['LIST-PAGE-SIZE-RESPECTED'],
        `without page_size the first page holds ${first.items.length} ${itemsKey}; the default is ${fallback}`,
        first.call,
      );
      if (first.nextToken === null) return;
      const call = await requestPage(t, collection, { page_token: first.nextToken });
      const next = itemsOf(
        collection,
        t.expectSuccess(call, ['LIST-PAGE-SIZE-RESPECTED'], 'the page after the first, without page_size'),
      );
      t.assert(
        next.length <= fallback,
        ['LIST-PAGE-SIZE-RESPECTED'],
        `without page_size the page after the first holds ${next.length} ${itemsKey}; the default is ${fallback}`,
        call,
      );
    },
  );

  check(
    checkIdOf('lists', id, 'default-page-size-with-query'),
    ['LIST-PAGE-SIZE-RESPECTED'],
    `${path}: without page_size, a first page with a filter, with each order_by field, and with both holds at most the default ${fallback} ${itemsKey} (where more than ${fallback} match)`,
    async (t) => {
      const snapshot = await Snapshot.take(
        t,
        await collectionOf(t, id),
        fallback + 1,
        `more than the default ${fallback}`,
      );
      const collection = await filterFormatted(t, snapshot.collection);
      const orderFields = Object.keys(list.orderFields);
      const [orderBy] = orderFields;
      const widest = widestFilter(list, snapshot.items);
      // Where fewer items than the default match, a page of them holds fewer anyway: nothing to judge.
      const filter = widest && widest.selects > fallback ? filterText(collection, widest.filter) : undefined;
      const queries = [
        ...(filter === undefined ? [] : [{ filter }]),
        // Every order field: a list may sort some of them by another path (in memory, by an enum's rank).
        ...orderFields.map((field) => ({ order_by: field })),
        ...(filter === undefined || orderBy === undefined ? [] : [{ filter, order_by: orderBy }]),
      ];
      for (const query of queries) {
        const page = await fetchPage(t, collection, query, ['LIST-PAGE-SIZE-RESPECTED']);
        t.assert(
          page.items.length <= fallback,
          ['LIST-PAGE-SIZE-RESPECTED'],
          `without page_size, with ${JSON.stringify(query)}, the first page holds ${page.items.length} ${itemsKey}; the default is ${fallback}`,
          page.call,
        );
      }
    },
  );

  check(
    checkIdOf('lists', id, 'page-size-bounds'),
    ['LIST-PAGE-SIZE-BOUNDS'],
    `${path}: page_size 1 and ${max} are accepted and served with at most that many ${itemsKey}; 0, -1 and ${max + 1} are rejected with INVALID_ARGUMENT naming page_size or served with at most ${max}; none answers an empty list while ${itemsKey} exist`,
    async (t) => {
      const requirements: RequirementId[] = ['LIST-PAGE-SIZE-BOUNDS'];
      const collection = await collectionOf(t, id);
      const served: Served[] = [];
      // In range first (they must be served, with at most that many), then out of range (rejected, or served with at most the maximum).
      for (const size of [1, max, 0, -1, max + 1]) {
        const inRange = size >= 1 && size <= max;
        const call = await requestPage(t, collection, { page_size: size });
        if (!inRange && !isSuccess(call)) {
          t.expectInvalidArgument(call, requirements, 'page_size', `page_size ${size}`);
          continue;
        }
        const body = t.expectSuccess(call, requirements, `page_size ${size}`);
        const items = itemsOf(collection, body);
        t.assert(
          items.length <= (inRange ? size : max),
          requirements,
          inRange
            ? `page_size ${size} answered with ${items.length} ${itemsKey}`
            : `page_size ${size} was served with ${items.length} ${itemsKey}, more than the maximum ${max}`,
          call,
        );
        served.push({ size, call, items: items.length, nextToken: nextTokenOf(body) });
      }
      // A page_size accepted or brought into range lists the collection: once one of them showed an item, an empty list is wrong.
      const listed = served.find((page) => page.items > 0);
      if (!listed) return;
      for (const page of served.filter((p) => p.items === 0)) {
        const { reached, call } = await reachesAnItem(t, collection, page, requirements);
        const followed =
          page.nextToken === null
            ? 'and ends the list'
            : `and its next_page_token led to no ${itemsKey} within ${EMPTY_PAGES_FOLLOWED} pages`;
        t.assert(
          reached,
          requirements,
          `page_size ${page.size} was served with no ${itemsKey} ${followed}, while page_size ${listed.size} listed ${listed.items}`,
          call,
        );
      }
    },
  );

  check(
    checkIdOf('lists', id, 'page-size-spellings'),
    ['LIST-PAGE-SIZE-RESPECTED'],
    `${path}: page_size ${TEN_SPELLED.map((v) => JSON.stringify(v)).join(', ')} is served as page_size ${TEN} is (as many ${itemsKey}) or rejected with INVALID_ARGUMENT naming page_size, never read as another number (\`010\` as octal 8)`,
    async (t) => {
      const requirements: RequirementId[] = ['LIST-PAGE-SIZE-RESPECTED'];
      const collection = await collectionOf(t, id);
      const plain = async () => (await fetchPage(t, collection, { page_size: TEN }, requirements)).items.length;
      let served = await plain();
      for (const spelled of TEN_SPELLED) {
        const call = await requestPage(t, collection, { page_size: spelled });
        const how = `page_size ${JSON.stringify(spelled)}`;
        // Whether a sign, a point, an exponent or a blank makes an integer is left open: refused or read as 10.
        if (!isSuccess(call)) {
          t.expectInvalidArgument(call, requirements, 'page_size', how);
          continue;
        }
        const items = itemsOf(collection, t.expectSuccess(call, requirements, how)).length;
        // Counted again before failing: the collection may have changed since.
        if (items !== served) served = await plain();
        t.assert(
          items === served,
          requirements,
          `${how} was served with ${items} ${itemsKey}, page_size ${TEN} with ${served}: it was not read as ${TEN}`,
          call,
        );
      }
    },
  );

  check(
    checkIdOf('lists', id, 'page-size-invalid'),
    ['LIST-PAGE-SIZE-INVALID'],
    `${path}: page_size ${NOT_INTEGERS.map((v) => JSON.stringify(v)).join(' or ')} is rejected with INVALID_ARGUMENT naming page_size`,
    async (t) => {
      const collection = await collectionOf(t, id);
      for (const size of NOT_INTEGERS) {
        t.expectInvalidArgument(
          await requestPage(t, collection, { page_size: size }),
          ['LIST-PAGE-SIZE-INVALID'],
          'page_size',
          `page_size ${JSON.stringify(size)}`,
        );
      }
    },
  );

  // Every page judges its parameters, not only the first: beside a token of a first page (a token binding its query
  // may be refused instead, with INVALID_ARGUMENT as LIST-PAGE-TOKEN-FORGED allows a changed page_size).
  const besideToken = 'beside a page_token of a first page';
  check(
    checkIdOf('lists', id, 'page-size-invalid', 'after-token'),
    ['LIST-PAGE-SIZE-INVALID'],
    `${path}: page_size ${NOT_INTEGERS.map((v) => JSON.stringify(v)).join(' or ')} ${besideToken} is rejected with INVALID_ARGUMENT naming page_size (or page_token, as sent with another page_size), as on the first page`,
    async (t) => {
      const requirements: RequirementId[] = ['LIST-PAGE-SIZE-INVALID'];
      const collection = await collectionOf(t, id);
      const page_token = await firstPageToken(t, collection, requirements);
      for (const size of NOT_INTEGERS)
        t.expectInvalidArgument(
          await requestPage(t, collection, { page_size: size, page_token }),
          requirements,
          ['page_size', 'page_token'],
          `page_size ${JSON.stringify(size)} ${besideToken}`,
        );
    },
  );

  check(
    checkIdOf('lists', id, 'page-size-bounds', 'after-token'),
    ['LIST-PAGE-SIZE-BOUNDS'],
    `${path}: page_size 0, -1 and ${max + 1} ${besideToken} are rejected with INVALID_ARGUMENT naming page_size (or page_token) or served with at most ${max} ${itemsKey}, as on the first page; a page served empty that ends the list while page_size 1 beside the same token finds an item is neither`,
    async (t) => {
      const requirements: RequirementId[] = ['LIST-PAGE-SIZE-BOUNDS'];
      const collection = await collectionOf(t, id);
      const page_token = await firstPageToken(t, collection, requirements);
      for (const size of [0, -1, max + 1]) {
        const call = await requestPage(t, collection, { page_size: size, page_token });
        const what = `page_size ${size} ${besideToken}`;
        if (!isSuccess(call)) {
          t.expectInvalidArgument(call, requirements, ['page_size', 'page_token'], what);
          continue;
        }
        const body = t.expectSuccess(call, requirements, what);
        const items = itemsOf(collection, body);
        t.assert(
          items.length <= max,
          requirements,
          `${what} was served with ${items.length} ${itemsKey}, more than the maximum ${max}`,
          call,
        );
        if (items.length > 0 || nextTokenOf(body) !== null) continue;
        // An empty page that ends the list: wrong only where a page_size in range beside the token still finds an item.
        const one = await requestPage(t, collection, { page_size: 1, page_token });
        const found = isSuccess(one) ? itemsOf(collection, one.response.json as JsonObject) : [];
        t.assert(
          !Array.isArray(found) || found.length === 0,
          requirements,
          `${what} was served with no ${itemsKey} and ended the list, while page_size 1 beside the same token lists ${found.length}`,
          call,
        );
      }
    },
  );

  check(
    checkIdOf('lists', id, 'last-page'),
    ['LIST-LAST-PAGE'],
    `${path}: walks at page_size ${SMALL_PAGE} and ${max} end on a page whose next_page_token is empty, null or absent`,
    async (t) => {
      const { collection } = await paged(t, id);
      await smallWalk(t, collection, 'LIST-LAST-PAGE');
    },
  );

  check(
    checkIdOf('lists', id, 'page-token-forged'),
    ['LIST-PAGE-TOKEN-FORGED'],
    `${path}: a page_token the service never issued is rejected with INVALID_ARGUMENT`,
    async (t) => {
      const call = await requestPage(t, await collectionOf(t, id), { page_token: FORGED_TOKEN });
      t.expectInvalidArgument(
        call,
        ['LIST-PAGE-TOKEN-FORGED'],
        'page_token',
        `page_token ${JSON.stringify(FORGED_TOKEN)}`,
      );
    },
  );

  check(
    checkIdOf('lists', id, 'full-pages'),
    ['LIST-FULL-PAGES'],
    `${path}: every page but the last holds exactly page_size ${itemsKey} (${SMALL_PAGE} and ${max}; default ${fallback})`,
    async (t) => {
      const snapshot = await paged(t, id);
      const small = await smallWalk(t, snapshot.collection, 'LIST-FULL-PAGES');
      const largest = await ownedSharedWalk(
        t,
        snapshot.collection,
        { page_size: max },
        ['LIST-PAGINATION-COMPLETE'],
        ['LIST-FULL-PAGES'],
      );
      for (const [size, walked] of [
        [SMALL_PAGE, small],
        [max, largest],
      ] as const) {
        for (const [n, page] of walked.pages.slice(0, -1).entries()) {
          t.assert(
            page.items.length === size,
            ['LIST-FULL-PAGES'],
            `page ${n + 1} at page_size ${size} holds ${page.items.length} ${itemsKey}`,
            page.call,
          );
        }
      }
      const first = await fetchPage(t, snapshot.collection, {}, ['LIST-FULL-PAGES']);
      const expected = Math.min(fallback, snapshot.items.length);
      t.assert(
        first.items.length === expected,
        ['LIST-FULL-PAGES'],
        `without page_size the first page holds ${first.items.length} ${itemsKey}, not ${expected}`,
        first.call,
      );
    },
  );

  check(
    checkIdOf('lists', id, 'page-token-other-query'),
    ['LIST-PAGE-TOKEN-FORGED'],
    `${path}: a page_token sent with another order_by, filter or page_size than it came with is rejected with INVALID_ARGUMENT or served as a page of ${itemsKey}; never a server error`,
    async (t) => {
      const { collection, token, field, others } = await tokenAndOtherQueries(t, id, 'LIST-PAGE-TOKEN-FORGED');
      const changes: readonly ListQuery[] = [...others, { page_size: SMALL_PAGE + 1, order_by: field }];
      for (const change of changes) {
        const call = await requestPage(t, collection, { ...change, page_token: token });
        const what = `a token of order_by=${field} at page_size ${SMALL_PAGE} sent with ${JSON.stringify(change)}`;
        // Whether a token binds its query is the server's choice (AIP-158's convention is strict only): refused, or served.
        if (isSuccess(call)) t.expectSuccess(call, ['LIST-PAGE-TOKEN-FORGED'], what);
        else t.expectRejection(call, ['LIST-PAGE-TOKEN-FORGED'], { code: ERROR_CODES.invalidArgument }, what);
      }
    },
  );

  check(
    checkIdOf('lists', id, 'page-token-stale'),
    ['LIST-PAGE-TOKEN-STALE'],
    `${path}: a page_token reused with another order_by or filter is rejected with INVALID_ARGUMENT`,
    async (t) => {
      const { collection, token, field, others } = await tokenAndOtherQueries(t, id, 'LIST-PAGE-TOKEN-STALE');
      for (const change of others) {
        const call = await requestPage(t, collection, { ...change, page_token: token });
        t.expectInvalidArgument(
          call,
          ['LIST-PAGE-TOKEN-STALE'],
          'page_token',
          `a token of order_by=${field} reused with ${JSON.stringify(change)}`,
        );
      }
    },
  );
}
