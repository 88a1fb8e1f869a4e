// order_by of one list endpoint: every listed field both ways across all pages, the
// trailing ` desc` where documented, the default order, and unknown fields.

import { valueAt } from '../../contract/filter/index.js';
import { listEndpoint, type ListField } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { check, type CheckContext } from '../../harness/index.js';
import { checkEnumOrder, checkSorted, type Direction } from '../../assert/ordering.js';
import { violation } from '../../assert/violation.js';
import { fetchPage, requestPage, type Collection, type Walk } from '../../harness/list-walk.js';
import { compareInstants, parseTimestamp } from '../../contract/timestamps.js';
import { comparison } from '../../gen/filters.js';
import { expectRefusedNotFailed } from '../field-values.js';
import { UNLISTED_NAMES } from '../../gen/values.js';
import {
  callHolding,
  collectionOf,
  filterCollectionOf,
  firstPageToken,
  filteredWalk,
  filterText,
  Snapshot,
  walk,
  type ListId,
} from './collection.js';
import { checkIdOf } from '../../result/check-id.js';

/**
 * Order must hold across page boundaries: each ordered walk reads the collection in about three pages
 * (two boundaries), whatever its size, rather than in as many small pages as it takes.
 */
const ORDER_PAGES = 3;
/** With a trailing ` desc` too: every list reads that text as no listed field (an order_by that is no field name at all must not fail the service). */
const UNKNOWN_ORDERS = ['no_such_field', '-no_such_field', 'no_such_field desc'];

interface Ordering {
  readonly name: string;
  readonly field: ListField;
  readonly direction: Direction;
  /** The order_by text sent; undefined sends none (the default order). */
  readonly orderBy: string | undefined;
}

const opposite = (direction: Direction): Direction => (direction === 'asc' ? 'desc' : 'asc');
const dashed = (name: string, direction: Direction): string => (direction === 'asc' ? name : `-${name}`);

/** A collection to order, with the page size that spreads it over ORDER_PAGES pages. */
interface Paged {
  readonly collection: Collection;
  readonly pageSize: number;
}

async function paged(t: CheckContext, id: ListId): Promise<Paged> {
  const snapshot = await Snapshot.take(t, await collectionOf(t, id), 2, 'two items to order');
  const { min, max } = snapshot.collection.list.pageSize;
  return {
    collection: snapshot.collection,
    pageSize: Math.min(max, Math.max(min, Math.ceil(snapshot.items.length / ORDER_PAGES))),
  };
}

function orderedWalk(
  t: CheckContext,
  { collection, pageSize }: Paged,
  orderBy: string | undefined,
  requirements: readonly RequirementId[],
): Promise<Walk> {
  return walk(
    t,
    collection,
    orderBy === undefined ? { page_size: pageSize } : { page_size: pageSize, order_by: orderBy },
    requirements,
  );
}

/**
 * Walks all pages in the ordering and fails where every reading agrees two neighbours are
 * out of order. Enum values may sort by any consistent order: judged against the opposite walk.
 */
async function expectOrdered(
  t: CheckContext,
  paged: Paged,
  ordering: Ordering,
  requirements: readonly RequirementId[],
): Promise<void> {
  const { name, field, direction, orderBy } = ordering;
  const { collection } = paged;
  const walked = await orderedWalk(t, paged, orderBy, requirements);
  const carried = walked.items.filter((item) => field.path !== null && valueAt(item, field.path) != null).length;
  if (carried < 2)
    t.skip(`fewer than two ${collection.list.itemsKey} carry ${field.path ?? name}: their order cannot be judged`);
  const shown = orderBy === undefined ? 'without order_by' : `order_by=${orderBy}`;
  const sorted = checkSorted(walked.items, field, direction);
  if (!sorted.ok)
    violation(
      requirements,
      `${collection.list.path} ${shown}: ${sorted.message}`,
      callHolding(walked, sorted.index + 1),
    );
  if (field.kind !== 'enum') return;
  const reverse = await orderedWalk(t, paged, dashed(name, opposite(direction)), requirements);
  const [asc, desc] = direction === 'asc' ? [walked, reverse] : [reverse, walked];
  const blocks = checkEnumOrder(asc.items, desc.items, field);
  if (!blocks.ok)
    violation(requirements, `${collection.list.path} ${shown}: ${blocks.message}`, walked.pages.at(-1)?.call);
}

export function declareOrderChecks(id: ListId): void {
  const list = listEndpoint(id);
  const { path, itemsKey } = list;

  for (const [name, field] of Object.entries(list.orderFields)) {
    check(
      checkIdOf('lists', id, 'order-by', name),
      ['LIST-ORDER-BY'],
      `${path}: order_by=${name} sorts ${itemsKey} ascending and order_by=-${name} descending, across pages`,
      async (t) => {
        const collection = await paged(t, id);
        for (const direction of ['asc', 'desc'] as const) {
          await expectOrdered(t, collection, { name, field, direction, orderBy: dashed(name, direction) }, [
            'LIST-ORDER-BY',
          ]);
        }
      },
    );
  }

  if (list.descSuffix) {
    check(
      checkIdOf('lists', id, 'order-by-desc-suffix'),
      ['LIST-ORDER-BY-DESC-SUFFIX'],
      `${path}: order_by "<field> desc" sorts ${itemsKey} descending for every order field`,
      async (t) => {
        const collection = await paged(t, id);
        for (const [name, field] of Object.entries(list.orderFields)) {
          await expectOrdered(t, collection, { name, field, direction: 'desc', orderBy: `${name} desc` }, [
            'LIST-ORDER-BY-DESC-SUFFIX',
          ]);
        }
      },
    );
  }

  const defaultOrder = list.defaultOrder;
  if (defaultOrder !== null) {
    const name = defaultOrder.replace(/^-/, '');
    const field = list.orderFields[name];
    if (!field) throw new Error(`${path}: default order ${defaultOrder} is not an order field`);
    const direction: Direction = defaultOrder.startsWith('-') ? 'desc' : 'asc';
    check(
      checkIdOf('lists', id, 'order-default'),
      ['LIST-ORDER-DEFAULT'],
      `${path}: without order_by, ${itemsKey} come in ${defaultOrder} order`,
      async (t) => {
        await expectOrdered(t, await paged(t, id), { name, field, direction, orderBy: undefined }, [
          'LIST-ORDER-DEFAULT',
        ]);
      },
    );
    // The default is no memory of the order asked for before (an order kept in a variable each request writes): the two
    // requests are a quiet section, so nothing of the run comes between them.
    const other = dashed(name, opposite(direction));
    check(
      checkIdOf('lists', id, 'order-default-after-another'),
      ['LIST-ORDER-DEFAULT'],
      `${path}: without order_by, right after a request with order_by=${other}, ${itemsKey} come in ${defaultOrder} order`,
      async (t) => {
        const { collection } = await paged(t, id);
        const requirements = ['LIST-ORDER-DEFAULT'] as const;
        const page_size = collection.list.pageSize.max;
        const page = await t.alone(async () => {
          await fetchPage(t, collection, { page_size, order_by: other }, requirements);
          return fetchPage(t, collection, { page_size }, requirements);
        });
        const sorted = checkSorted(page.items, field, direction);
        if (!sorted.ok)
          violation(requirements, `${path} without order_by, after order_by=${other}: ${sorted.message}`, page.call);
      },
    );
    // A filtered list may be served by another query than the unfiltered one (a search with no order of its own).
    const enumFilters = Object.entries(list.filterFields).filter(([, f]) => f.kind === 'enum' && f.path);
    if (enumFilters.length)
      check(
        checkIdOf('lists', id, 'order-default-with-filter'),
        ['LIST-ORDER-DEFAULT'],
        `${path}: without order_by, with a filter on ${enumFilters.map(([n]) => n).join(' or ')} keeping at least two ${itemsKey}, they come in ${defaultOrder} order`,
        async (t) => {
          const requirements = ['LIST-ORDER-DEFAULT'] as const;
          const snapshot = await Snapshot.take(t, await filterCollectionOf(t, id), 2, 'two items to filter');
          const [shared] = enumFilters
            .flatMap(([filterName, f]) => {
              const counts = new Map<string, number>();
              for (const item of snapshot.items) {
                const value = valueAt(item, f.path as string);
                if (typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
              }
              return [...counts].map(([value, count]) => ({ filterName, value, count }));
            })
            .sort((a, b) => b.count - a.count);
          if (!shared || shared.count < 2) return t.skip(`no ${itemsKey} share a value of ${enumFilters[0]?.[0]}`);
          const filter = filterText(snapshot.collection, comparison(shared.filterName, '=', shared.value));
          const walked = await filteredWalk(t, snapshot.collection, filter, requirements);
          const sorted = checkSorted(walked.items, field, direction);
          if (!sorted.ok)
            violation(
              requirements,
              `${path} filter=${filter} without order_by: ${sorted.message}`,
              callHolding(walked, sorted.index + 1),
            );
        },
      );
  }

  declareOrderWithFilterCheck(id);
  declareOrderAfterTokenCheck(id);

  // A listed field with more around it than a trailing desc: a pattern matched without its anchors would still find `<field> desc` in them.
  const [firstField] = Object.keys(list.orderFields);
  // A dash alone, or doubled before a field, and `desc` alone are no field either: a parser that splits the dash off
  // first must still refuse what is left. Nor is a name a careless lookup of the order fields finds (`field in FIELDS`).
  const unknownOrders = [
    ...UNKNOWN_ORDERS,
    ...UNLISTED_NAMES,
    `${firstField} desc desc`,
    `no_such_field ${firstField} desc`,
    '-',
    `--${firstField}`,
    'desc',
  ];
  check(
    checkIdOf('lists', id, 'order-by-unknown'),
    ['LIST-ORDER-BY-UNKNOWN'],
    `${path}: order_by on a field it does not list (${UNLISTED_NAMES.join(', ')} too, names every object inherits or an internal column), with more than a field and a trailing desc, or a dash or desc alone, is rejected with INVALID_ARGUMENT naming order_by`,
    async (t) => {
      const collection = await collectionOf(t, id);
      for (const orderBy of unknownOrders) {
        t.expectInvalidArgument(
          await requestPage(t, collection, { order_by: orderBy }),
          ['LIST-ORDER-BY-UNKNOWN'],
          'order_by',
          `order_by=${orderBy}`,
        );
      }
    },
  );
}

/** Every page judges its order_by: an unknown field beside a token of a first page is refused, never served. */
function declareOrderAfterTokenCheck(id: ListId): void {
  const { path } = listEndpoint(id);
  check(
    checkIdOf('lists', id, 'order-by-unknown', 'after-token'),
    ['LIST-ORDER-BY-UNKNOWN'],
    `${path}: order_by on a field it does not list (${UNKNOWN_ORDERS.slice(0, 2).join(', ')}) beside a page_token of a first page is refused with a 4xx (the order's INVALID_ARGUMENT, or the token's as issued for another query), never served`,
    async (t) => {
      const requirements: RequirementId[] = ['LIST-ORDER-BY-UNKNOWN'];
      const collection = await collectionOf(t, id);
      const page_token = await firstPageToken(t, collection, requirements);
      for (const orderBy of UNKNOWN_ORDERS.slice(0, 2))
        expectRefusedNotFailed(
          t,
          await requestPage(t, collection, { order_by: orderBy, page_token }),
          requirements,
          `order_by=${orderBy} beside a page_token of a first page`,
        );
    },
  );
}

/**
 * Filter and order together: with a filter selecting about half the items (a time at most their median), an
 * order field other than the default's sorts them both ways, and each item listed still matches the filter.
 * Each item is judged on its own (another check may delete one between walks: the selections are not compared).
 */
const ANY_OFFSET = { anyOffset: true };

function declareOrderWithFilterCheck(id: ListId): void {
  const list = listEndpoint(id);
  const { path, itemsKey } = list;
  const defaultName = list.defaultOrder?.replace(/^-/, '');
  const [orderName, orderField] =
    Object.entries(list.orderFields).find(([name, field]) => field.kind !== 'enum' && name !== defaultName) ?? [];
  const [timeName, timeField] =
    Object.entries(list.filterFields).find(([, f]) => f.kind === 'timestamp' && f.path) ?? [];
  if (!orderName || !orderField || !timeName || !timeField?.path) return;
  const timePath = timeField.path;
  const requirements: RequirementId[] = ['LIST-ORDER-BY', 'LIST-FILTER-FIELDS'];
  check(
    checkIdOf('lists', id, 'order-by-with-filter'),
    requirements,
    `${path}: order_by=${orderName} and -${orderName} with a filter on ${timeName} sort the ${itemsKey} the filter selects, across pages`,
    async (t) => {
      const snapshot = await Snapshot.take(t, await filterCollectionOf(t, id), 2, 'two items to filter and order');
      const times = snapshot.items
        .map((item) => valueAt(item, timePath))
        .filter((time): time is string => parseTimestamp(time, ANY_OFFSET) !== undefined)
        .sort((a, b) => compareInstants(a, b, ANY_OFFSET)!);
      const median = times[Math.floor((times.length - 1) / 2)];
      if (median === undefined) return t.skip(`no ${itemsKey} carries a readable ${timeName}`);
      const filter = filterText(snapshot.collection, comparison(timeName, '<=', median));
      const selected = await filteredWalk(t, snapshot.collection, filter, ['LIST-FILTER-FIELDS']);
      if (selected.items.length < 2) return t.skip(`filter ${filter} selects fewer than two ${itemsKey} to order`);
      const { min, max } = list.pageSize;
      const pageSize = Math.min(max, Math.max(min, Math.ceil(selected.items.length / ORDER_PAGES)));
      for (const direction of ['asc', 'desc'] as const) {
        const orderBy = dashed(orderName, direction);
        const walked = await walk(
          t,
          snapshot.collection,
          { filter, order_by: orderBy, page_size: pageSize },
          requirements,
        );
        const shown = `filter=${filter} order_by=${orderBy}`;
        const outside = walked.items.findIndex(
          (item) => (compareInstants(valueAt(item, timePath), median, ANY_OFFSET) ?? 0) > 0,
        );
        if (outside >= 0)
          violation(
            ['LIST-FILTER-FIELDS'],
            `${path} ${shown}: ${itemsKey} ${outside + 1} has ${timeName} ${JSON.stringify(valueAt(walked.items[outside], timePath))}, after ${median}`,
            callHolding(walked, outside),
          );
        const sorted = checkSorted(walked.items, orderField, direction);
        if (!sorted.ok)
          violation(['LIST-ORDER-BY'], `${path} ${shown}: ${sorted.message}`, callHolding(walked, sorted.index + 1));
      }
    },
  );
}
