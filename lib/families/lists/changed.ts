// Filters read what a write or a state change set: an item still listed after one (a cancelled run) is
// selected by a filter on each changed field with its new value and not with its old one (an index the
// change did not reach answers by the old), and the filtered list shows the value the plain list shows; a
// filter naming a resource a change deleted (the runs of a deleted persona) is a filter like any other.

import { judgeFilter, valueAt } from '../../contract/filter/index.js';
import { listEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { comparison, exposedFields, literalsOf } from '../../gen/filters.js';
import type { CheckContext } from '../../harness/index.js';
import { idOf } from '../../assert/filter-judge.js';
import type { Walk } from '../../harness/list-walk.js';
import { filterCollectionOf, filteredWalk, filterText, type ListId, type Mismatch } from './collection.js';

type Item = Record<string, unknown>;

/**
 * What a list's filters get wrong about `after`, the item as the plain list shows it now, changed from
 * `before`: for each filter field whose values differ, `field = value` for each old and new value must
 * select the item exactly where the oracle says `after` matches (an unknown verdict judges nothing), and list
 * it with a value that filter takes (the plain list's, not a stale copy).
 */
export async function changeFilteredMismatch(
  t: CheckContext,
  id: ListId,
  before: Item,
  after: Item,
  what: string,
  requirements: readonly RequirementId[],
): Promise<Mismatch | undefined> {
  const list = listEndpoint(id);
  const collection = await filterCollectionOf(t, id);
  const key = idOf(after, list.idField);
  for (const exposed of exposedFields(list)) {
    const old = literalsOf(before, exposed).map((v) => v.text);
    const now = literalsOf(after, exposed).map((v) => v.text);
    if (old.join('\n') === now.join('\n')) continue;
    for (const value of [...new Set([...now, ...old])]) {
      const expr = comparison(exposed.name, '=', value);
      const verdict = judgeFilter(expr, after, list.filterFields);
      if (verdict === 'unknown') continue;
      const text = filterText(collection, expr);
      const walked = await filteredWalk(t, collection, text, requirements);
      const found = walked.items.find((item) => idOf(item, list.idField) === key);
      const call = walked.pages.at(-1)?.call;
      const shown = (item: Item) => JSON.stringify(valueAt(item, exposed.field.path));
      if (verdict === 'match' && !found)
        return {
          message: `${what}, listed with ${exposed.name} ${shown(after)}, is not selected by filter ${JSON.stringify(text)}`,
          call,
        };
      if (verdict === 'no-match' && found)
        return {
          message: `${what}, listed with ${exposed.name} ${shown(after)} (${shown(before)} before the change), is still selected by filter ${JSON.stringify(text)}`,
          call,
        };
      if (found && judgeFilter(expr, found, list.filterFields) === 'no-match')
        return {
          message: `${what} is listed with ${exposed.name} ${shown(after)}, but filter ${JSON.stringify(text)} lists it with ${shown(found)}`,
          call,
        };
    }
  }
  return undefined;
}

/**
 * What a list gets wrong about `field = value` where `value` names a resource a change deleted (or changed): the
 * filter is accepted (an error page fails its walk, charged to `requirements`), lists no item the oracle says it does
 * not select, and every item of `everything` (the plain list, read after the filter) the oracle says it selects.
 */
export async function namingFilteredMismatch(
  t: CheckContext,
  id: ListId,
  field: string,
  value: string,
  requirements: readonly RequirementId[],
  everything: () => Promise<Walk>,
): Promise<Mismatch | undefined> {
  const list = listEndpoint(id);
  const collection = await filterCollectionOf(t, id);
  const expr = comparison(field, '=', value);
  const text = filterText(collection, expr);
  const filtered = await filteredWalk(t, collection, text, requirements);
  const call = filtered.pages.at(-1)?.call;
  const outside = filtered.items.find((item) => judgeFilter(expr, item, list.filterFields) === 'no-match');
  if (outside)
    return {
      message: `filter ${JSON.stringify(text)} lists ${list.idField} ${idOf(outside, list.idField)}, which does not match it`,
      call,
    };
  const listed = new Set(filtered.items.map((item) => idOf(item, list.idField)));
  const missed = (await everything()).items.find(
    (item) => judgeFilter(expr, item, list.filterFields) === 'match' && !listed.has(idOf(item, list.idField)),
  );
  return missed
    ? {
        message: `${list.path} lists ${list.idField} ${idOf(missed, list.idField)} with ${field} ${JSON.stringify(value)}, but filter ${JSON.stringify(text)} does not`,
        call,
      }
    : undefined;
}
