// Lists under a parent (a path parameter: the metrics of a simulation) answer that parent's own items, whatever
// the query: the same filter, order_by or page_size asked under two parents, in either order, never answers the
// items of the other (a page cached by its query string, the parent left out of the key).

import { listEndpoint, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { comparison, exposedFields, literalsOf } from '../../gen/filters.js';
import { check, type CheckContext } from '../../harness/index.js';
import { metricOutputs, simulationIds } from '../../harness/discovery.js';
import { requestPage, type Collection, type ListQuery } from '../../harness/list-walk.js';
import { idOf } from '../../assert/filter-judge.js';
import { checkIdOf } from '../../result/check-id.js';
import type { JsonObject } from '../../util/json.js';
import { filterFormatted, filterText, walk, type ListId } from './collection.js';
import { SMALL_PAGE } from './pagination.js';

/** How many discovered parents are looked at for the two with the most items. */
const PARENT_SAMPLE = 8;

interface Parent {
  readonly collection: Collection;
  readonly items: readonly JsonObject[];
}

/** The parents of a list under a path parameter, each with its own items (all pages); only metrics has one. */
async function parentsOf(t: CheckContext, list: ListEndpoint): Promise<Parent[]> {
  const parents: Parent[] = [];
  for (const simulation_id of (await simulationIds(t)).slice(0, PARENT_SAMPLE))
    parents.push({ collection: { list, params: { simulation_id } }, items: await metricOutputs(t, simulation_id) });
  return parents;
}

/** `field = value` with a value items of both parents hold (else one of the first's), so that the first asked answers some. */
function sharedComparison(list: ListEndpoint, a: readonly JsonObject[], b: readonly JsonObject[]) {
  const fields = exposedFields(list);
  const values = (items: readonly JsonObject[], f: (typeof fields)[number]) =>
    new Set(items.flatMap((item) => literalsOf(item, f).map((v) => v.text)));
  for (const f of fields) {
    const other = values(b, f);
    const shared = [...values(a, f)].find((v) => other.has(v));
    if (shared !== undefined) return comparison(f.name, '=', shared);
  }
  for (const f of fields) {
    const [value] = values(a, f);
    if (value !== undefined) return comparison(f.name, '=', value);
  }
  return undefined;
}

export function declareParentChecks(id: ListId): void {
  const list = listEndpoint(id);
  const { path, itemsKey, idField } = list;
  if (id !== 'metrics') return;
  const [orderField] = Object.keys(list.orderFields);
  check(
    checkIdOf('lists', id, 'parent-scoped'),
    ['LIST-FILTER-FIELDS', 'LIST-ORDER-BY', 'LIST-PAGINATION-COMPLETE'],
    `${path}: the same query (a filter, an order_by, a page_size) under two simulations, asked in either order, answers each simulation's own ${itemsKey}, never the other's`,
    async (t) => {
      const parents = (await parentsOf(t, list)).filter((p) => p.items.length > 0);
      const [a, b] = parents.sort((x, y) => y.items.length - x.items.length);
      if (!a || !b) return t.skip(`fewer than two simulations list ${itemsKey}`);
      const ids = (items: readonly JsonObject[]) => new Set(items.map((item) => idOf(item, idField)));
      const filtered = sharedComparison(list, a.items, b.items);
      const format = await filterFormatted(t, a.collection);
      const queries: { query: ListQuery; requirement: RequirementId }[] = [
        ...(filtered
          ? [
              {
                query: { filter: filterText(format, filtered), page_size: list.pageSize.max },
                requirement: 'LIST-FILTER-FIELDS' as const,
              },
            ]
          : []),
        ...(orderField === undefined
          ? []
          : [
              {
                query: { order_by: `-${orderField}`, page_size: list.pageSize.max },
                requirement: 'LIST-ORDER-BY' as const,
              },
            ]),
        { query: { page_size: SMALL_PAGE }, requirement: 'LIST-PAGINATION-COMPLETE' },
      ];
      for (const [n, { query, requirement }] of queries.entries()) {
        // Asked in turn one way and the other: a cache filled by either answers the other.
        const pair = n % 2 === 0 ? [a, b] : [b, a];
        for (const [k, parent] of pair.entries()) {
          const other = pair[1 - k]!;
          const call = await requestPage(t, parent.collection, query);
          const body = t.expectSuccess(call, [requirement], `${JSON.stringify(query)}`);
          const answered = (body[itemsKey] as JsonObject[]).map((item) => idOf(item, idField));
          const theirs = ids(other.items);
          let own = ids(parent.items);
          const foreign = () => answered.filter((i) => theirs.has(i) && !own.has(i));
          // Read again before failing: the parent's own items may have grown since they were listed.
          if (foreign().length)
            own = ids((await walk(t, parent.collection, { page_size: list.pageSize.max }, [requirement])).items);
          const stray = foreign();
          t.assert(
            stray.length === 0,
            [requirement],
            `${JSON.stringify(query)} under simulation ${parent.collection.params['simulation_id']} answered ${stray.length} of the ${answered.length} ${itemsKey} of simulation ${other.collection.params['simulation_id']} (${stray.slice(0, 3).join(', ')}), not its own`,
            call,
          );
        }
      }
    },
  );
}
