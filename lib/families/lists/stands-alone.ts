// Each list request stands alone: the list read without parameters answers as it did before a filtered, an
// ordered and a sized request of the same list (a server keeping the last filter, order or page size it parsed, to
// spare parsing it again on the pages after a token, lists what the last client asked for). One check per list:
// in a quiet section, a request naming every parameter with a value that changes nothing (so that a server keeping
// the last one starts from the list as it is), a plain reading, then a filtered, an ordered and a sized request, each
// followed by a plain reading compared with the first: as pages where the list states its default order (the default
// order's values, in order), else as the set of ids of the first page, and where those differ of the whole walk.

import { valueAt } from '../../contract/filter/index.js';
import type { ListEndpoint } from '../../contract/list-endpoints.js';
import { listEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { comparison, exposedFields, freeTextField, literalsOf } from '../../gen/filters.js';
import { check, type CheckContext } from '../../harness/index.js';
import { fetchPage, requestPage, type Collection, type ListQuery, type Page } from '../../harness/list-walk.js';
import { idOf } from '../../assert/filter-judge.js';
import { violation } from '../../assert/violation.js';
import { checkIdOf } from '../../result/check-id.js';
import type { JsonObject } from '../../util/json.js';
import { filterCollectionOf, filterText, walk, type ListId, type Mismatch } from './collection.js';

const REQUIREMENTS: readonly RequirementId[] = ['LIST-PAGINATION-COMPLETE'];
/** A free-text value no item holds (what every server must accept in a comparison). */
const UNSEEN = 'cft-nobody@example.com';

/** Filter kinds by how few items a comparison `=` of one item's value selects: ids and free text first. */
const NARROW_FIRST = ['id', 'string', 'timestamp', 'number', 'tags', 'enum'] as const;

/** A list read without parameters: its first page, and the default order's values of it where the list states one. */
interface PlainReading {
  readonly first: Page;
  /** The default order's values of the first page, in order (a list with a stated default order). */
  readonly ordered?: readonly string[];
}

/** The path of the field of the list's stated default order, if it states one. */
function defaultOrderPath(list: ListEndpoint): string | undefined {
  if (list.defaultOrder === null) return undefined;
  return list.orderFields[list.defaultOrder.replace(/^-/, '')]?.path ?? undefined;
}

async function plainReading(t: CheckContext, collection: Collection): Promise<PlainReading> {
  const first = await fetchPage(t, collection, {}, REQUIREMENTS);
  const path = defaultOrderPath(collection.list);
  return path === undefined
    ? { first }
    : { first, ordered: first.items.map((item) => JSON.stringify(valueAt(item, path) ?? null)) };
}

/**
 * A request naming each parameter kind with a value that lists every item as without it (a filter no item fails, the
 * default order where stated, the default page size): whatever a server kept from an earlier request, the plain
 * reading after it is what the list is without parameters.
 */
function neutral(collection: Collection): ListQuery {
  const { list } = collection;
  const field = freeTextField(list);
  return {
    filter: filterText(collection, comparison(field, '!=', UNSEEN)),
    ...(list.defaultOrder === null ? {} : { order_by: list.defaultOrder }),
    page_size: list.pageSize.default,
  };
}

/** The parameterised requests: one filter selecting `item` by a field of its own, one order, one page size. */
function parameterised(
  collection: Collection,
  item: JsonObject,
): { readonly what: string; readonly query: ListQuery }[] {
  const { list } = collection;
  const fields = exposedFields(list).sort(
    (a, b) => NARROW_FIRST.indexOf(a.field.kind) - NARROW_FIRST.indexOf(b.field.kind),
  );
  const filter = fields
    .flatMap((exposed) => literalsOf(item, exposed).map(({ text }) => comparison(exposed.name, '=', text)))
    .map((expr) => filterText(collection, expr))[0];
  const defaultName = list.defaultOrder?.replace(/^-/, '');
  const orderName = Object.keys(list.orderFields).find((name) => name !== defaultName);
  return [
    ...(filter === undefined ? [] : [{ what: `filter=${filter}`, query: { filter } }]),
    ...(orderName === undefined ? [] : [{ what: `order_by=-${orderName}`, query: { order_by: `-${orderName}` } }]),
    { what: `page_size=${list.pageSize.min}`, query: { page_size: list.pageSize.min } },
  ];
}

const shown = (values: readonly unknown[]): string =>
  values.length > 6 ? `${values.slice(0, 6).join(', ')}, … (${values.length})` : values.join(', ');

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** How `after` (a plain reading after `what`) differs from `before`, as a mismatch; undefined when it does not. */
async function differs(
  t: CheckContext,
  collection: Collection,
  before: PlainReading,
  after: PlainReading,
  what: string,
): Promise<Mismatch | undefined> {
  const { list } = collection;
  const asked = `${list.path} without parameters, after a request with ${what}`;
  const [was, now] = [before.first.items.length, after.first.items.length];
  if (was !== now)
    return {
      message: `${asked}, listed ${now} ${list.itemsKey} on its first page, where it listed ${was} before that request`,
      call: after.first.call,
    };
  if (before.ordered && after.ordered) {
    if (before.ordered.join('\n') === after.ordered.join('\n')) return undefined;
    return {
      message: `${asked}, listed its first page in the default order (${String(list.defaultOrder)}) as ${shown(after.ordered)}, where it listed ${shown(before.ordered)} before that request`,
      call: after.first.call,
    };
  }
  const ids = (page: Page): string[] => page.items.map((item) => idOf(item, list.idField));
  if (sameSet(ids(before.first), ids(after.first))) return undefined;
  // No default order is stated: another first page may be the same collection in another order; the walks tell.
  const whole = async (reading: PlainReading) =>
    (await walk(t, collection, {}, REQUIREMENTS, reading.first.call)).items.map((item) => idOf(item, list.idField));
  const [all, allAfter] = [await whole(before), await whole(after)];
  if (sameSet(all, allAfter)) return undefined;
  return {
    message: `${asked}, walked ${allAfter.length} ${list.itemsKey} (not before: ${shown(allAfter.filter((id) => !all.includes(id)))}), where it walked ${all.length} before that request (not now: ${shown(all.filter((id) => !allAfter.includes(id)))})`,
    call: after.first.call,
  };
}

/**
 * In a quiet section: a request naming every parameter with its neutral value, a plain reading, then each
 * parameterised request followed by a plain reading, each compared with the first: the first that differs.
 */
async function aroundParameters(t: CheckContext, collection: Collection): Promise<Mismatch | undefined> {
  const { list } = collection;
  return t.alone(async () => {
    // Its answer is the filter checks' concern: a refusal leaves the next request as it was.
    await requestPage(t, collection, neutral(collection));
    const before = await plainReading(t, collection);
    const item = before.first.items.at(-1);
    if (before.first.items.length < 2 || item === undefined)
      return t.skip(
        `${list.path} lists fewer than two ${list.itemsKey} without parameters: no parameter could narrow it`,
      );
    for (const { what, query } of parameterised(collection, item)) {
      // Answers are the other list checks' concern: a refusal too leaves the next request as it was.
      await requestPage(t, collection, query);
      const found = await differs(t, collection, before, await plainReading(t, collection), what);
      if (found) return found;
    }
    return undefined;
  });
}

/** The check of list `id`: a second round's mismatch fails it (a live deployment's list may change meanwhile). */
export function declareStandsAloneCheck(id: ListId): void {
  const list = listEndpoint(id);
  check(
    checkIdOf('lists', id, 'request-stands-alone'),
    REQUIREMENTS,
    `${list.path} without parameters lists as it did before a filtered, an ordered and a sized request of it: no parameter carries over to the next request`,
    async (t) => {
      const collection = await filterCollectionOf(t, id);
      if (!(await aroundParameters(t, collection))) return;
      const again = await aroundParameters(t, collection);
      if (again) violation(REQUIREMENTS, again.message, again.call);
    },
  );
}
