// Filters read what a write or a state change set: an item still listed after one (a cancelled run) is
// selected by a filter on each changed field with its new value and not with its old one (an index the
// change did not reach answers by the old), and the filtered list shows the value the plain list shows.

import { judgeFilter, valueAt } from '../../contract/filter/index.js';
import { listEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { comparison, exposedFields, literalsOf } from '../../gen/filters.js';
import type { CheckContext } from '../../harness/index.js';
import { idOf } from '../../assert/filter-judge.js';
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
