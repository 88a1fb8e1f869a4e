// Each list request stands alone: the list read without parameters answers as it did before a filtered, an
// ordered and a sized request of the same list (a server keeping the last filter, order or page size it parsed, to
// spare parsing it again on the pages after a token, lists what the last client asked for). One check per list:
// in a quiet section, a request naming every parameter with a value that changes nothing (so that a server keeping
// the last one starts from the list as it is), a plain reading, then a filtered, an ordered and a sized request, each
// followed by a plain reading: one listing what the parameterised request listed, where the first did not, is the
// parameter carried over.

import type { ListEndpoint } from '../../contract/list-endpoints.js';
import { listEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { comparison, exposedFields, freeTextField, literalsOf } from '../../gen/filters.js';
import { check, type CheckContext } from '../../harness/index.js';
import type { Call } from '../../harness/context.js';
import { isSuccess } from '../../assert/responses.js';
import { fetchPage, requestPage, type Collection, type ListQuery } from '../../harness/list-walk.js';
import { idOf } from '../../assert/filter-judge.js';
import { violation } from '../../assert/violation.js';
import { checkIdOf } from '../../result/check-id.js';
import type { JsonObject } from '../../util/json.js';
import { filterCollectionOf, filterText, type ListId, type Mismatch } from './collection.js';

const REQUIREMENTS: readonly RequirementId[] = ['LIST-PAGINATION-COMPLETE'];
/** A free-text value no item holds (what every server must accept in a comparison). */
const UNSEEN = 'cft-nobody@example.com';

/** Filter kinds by how few items a comparison `=` of one item's value selects: ids and free text first. */
const NARROW_FIRST = ['id', 'string', 'timestamp', 'number', 'tags', 'enum'] as const;

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

/** The ids a page lists, in order; undefined for an answer that is no page of the list (a refusal). */
function idsOf(list: ListEndpoint, call: Call): string[] | undefined {
  const items = isSuccess(call) ? (call.response.json as JsonObject | undefined)?.[list.itemsKey] : undefined;
  return Array.isArray(items) ? items.map((item) => idOf(item as JsonObject, list.idField)) : undefined;
}

const same = (a: readonly string[], b: readonly string[]): boolean => a.join('\n') === b.join('\n');

/**
 * In a quiet section: a request naming every parameter with its neutral value, a plain reading, then each
 * parameterised request followed by a plain reading. A parameter carried over shows as the plain reading after it
 * listing exactly what the parameterised request listed (the same ids in the same order) where the plain reading
 * before it did not: what no change of the collection by another client can make it do, so one round is proof.
 */
async function aroundParameters(t: CheckContext, collection: Collection): Promise<Mismatch | undefined> {
  const { list } = collection;
  return t.alone(async () => {
    // Its answer is the filter checks' concern: a refusal leaves the next request as it was.
    await requestPage(t, collection, neutral(collection));
    const before = await fetchPage(t, collection, {}, REQUIREMENTS);
    const item = before.items.at(-1);
    if (before.items.length < 2 || item === undefined)
      return t.skip(
        `${list.path} lists fewer than two ${list.itemsKey} without parameters: no parameter could narrow it`,
      );
    const was = before.items.map((entry) => idOf(entry, list.idField));
    for (const { what, query } of parameterised(collection, item)) {
      // Its answer is the other list checks' concern; a refusal carries nothing over.
      const asked = idsOf(list, await requestPage(t, collection, query));
      const after = await fetchPage(t, collection, {}, REQUIREMENTS);
      const now = after.items.map((entry) => idOf(entry, list.idField));
      if (asked !== undefined && same(now, asked) && !same(was, asked))
        return {
          message: `${list.path} without parameters, after a request with ${what}, listed what that request listed (${shown(now)}), where before it it listed ${shown(was)}`,
          call: after.call,
        };
    }
    return undefined;
  });
}

/** The check of list `id`. */
export function declareStandsAloneCheck(id: ListId): void {
  const list = listEndpoint(id);
  check(
    checkIdOf('lists', id, 'request-stands-alone'),
    REQUIREMENTS,
    `${list.path} without parameters lists as it did before a filtered, an ordered and a sized request of it: no parameter carries over to the next request`,
    async (t) => {
      const found = await aroundParameters(t, await filterCollectionOf(t, id));
      if (found) violation(REQUIREMENTS, found.message, found.call);
    },
  );
}
