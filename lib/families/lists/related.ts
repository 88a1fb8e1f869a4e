// Filters judged by how their selections relate (partition.ts), not by item values:
// every operator on a field the items do not show (runs' created_by, or a metric time a
// server leaves out), and the complementary pairs of a shown field, whose walks the
// value oracle has already made.

import { DEFINITIONS } from '../../contract/schemas.js';
import type { Comparison, FilterExpr } from '../../contract/filter/index.js';
import {
  FILTER_OPERATORS,
  listEndpoint,
  type FilterOperator,
  type ListEndpoint,
  type ListField,
} from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { boundComparisons, comparison, mustAccept, unseenFieldValue } from '../../gen/filters.js';
import { check, type CheckContext } from '../../harness/index.js';
import { isRuleViolation } from '../../assert/violation.js';
import { subsetMismatch, walkMismatch } from '../../assert/filter-judge.js';
import { carriesValue, partitionMismatch, unionMismatch } from '../../assert/partition.js';
import type { Collection, Walk } from '../../harness/list-walk.js';
import {
  acceptedFilter,
  expectWalks,
  filterCollectionOf,
  filteredWalk,
  filterText,
  sharedFilteredWalk,
  Snapshot,
  type ListId,
} from './collection.js';
import { checkIdOf } from '../../result/check-id.js';

type Item = Record<string, unknown>;

const FIELDS: readonly RequirementId[] = ['LIST-FILTER-FIELDS'];
const AND_OR: readonly RequirementId[] = ['LIST-FILTER-AND-OR'];

/** Operator pairs that split the items holding a value: never both, always one. */
const COMPLEMENTS: readonly (readonly [FilterOperator, FilterOperator])[] = [
  ['=', '!='],
  ['>', '<='],
  ['>=', '<'],
];

/** The item schema of each list, whose properties are what the spec says an item shows. */
const ITEM_SCHEMA: Readonly<Record<ListId, string>> = { personas: 'Persona', runs: 'Run', metrics: 'MetricOutput' };

const text = (collection: Collection, expr: FilterExpr): string => filterText(collection, expr, { quote: 'always' });

/**
 * Complementary pairs among `walked` (operator → walk of `field op value`) never share an
 * item and together return every item of `cover(all)`; both ordering pairs, when walked,
 * return the same items together. `subset`: each returns only listed items too.
 */
async function expectComplements(
  t: CheckContext,
  snapshot: Snapshot,
  walked: ReadonlyMap<FilterOperator, { text: string; walk: Walk }>,
  cover: (all: readonly Item[]) => readonly Item[],
  subset: boolean,
): Promise<void> {
  const ops = [...walked.keys()];
  if (!ops.length) return;
  const { idField } = snapshot.collection.list;
  const entries = ops.map((op) => walked.get(op)!);
  const filters = entries.map((e) => ({ text: e.text, requirements: FIELDS, walked: e.walk }));
  await expectWalks(t, snapshot, filters, FIELDS, (all, selections) => {
    const of = (op: FilterOperator) => selections[ops.indexOf(op)];
    const subsets = subset
      ? selections.map((s) => subsetMismatch(idField, all, s.items, `filter ${JSON.stringify(s.text)}`))
      : [];
    const pairs = COMPLEMENTS.flatMap(([a, b]) => {
      const [sa, sb] = [of(a), of(b)];
      return sa && sb ? [[sa, sb] as const] : [];
    });
    const splits = pairs.map(([a, b]) => partitionMismatch(a, b, idField, cover(all)));
    const ordering = pairs.filter(([a]) => a.text !== of('=')?.text);
    const unions = ordering.length === 2 ? [unionMismatch(ordering[0]!, ordering[1]!, idField)] : [];
    return [...subsets, ...splits, ...unions].find((m) => m !== undefined);
  });
}

/**
 * The complementary pairs of a shown field from the walks its value check made (no
 * request more unless one fails): every item showing a value is in exactly one side.
 * This judges what the value oracle cannot: `status > X`, whose order is the server's,
 * and, on every kind, an item without a value (null, missing), which the oracle lets
 * either side of `>` / `<=` return but no consistent server returns on both.
 */
export async function expectShownComplements(
  t: CheckContext,
  snapshot: Snapshot,
  field: ListField,
  walks: readonly { cmp: Comparison; walk: Walk }[],
): Promise<void> {
  if (field.kind === 'tags') return; // `tag != x` may hold for a run that also has tag x
  for (const value of [...new Set(walks.map((w) => w.cmp.value))]) {
    const walked = new Map(
      walks
        .filter((w) => w.cmp.value === value)
        .map((w) => [w.cmp.op, { text: filterText(snapshot.collection, w.cmp), walk: w.walk }] as const),
    );
    await expectComplements(t, snapshot, walked, (all) => all.filter((item) => carriesValue(item, field)), false);
  }
}

/**
 * A field no item shows: every operator every server must accept is accepted (the others
 * accepted or refused); each returns only listed items; complementary pairs never share
 * an item, and both ordering pairs return the same items together (a missing value may
 * be in neither side, so no pair must return everything).
 */
export async function expectUnseenField(
  t: CheckContext,
  snapshot: Snapshot,
  name: string,
  field: ListField,
): Promise<void> {
  const { collection } = snapshot;
  const value = unseenFieldValue(collection.list, snapshot.items, field.kind);
  if (value === undefined)
    return t.skip(`no listed item shows a usable ${name}, and no ${field.kind} value is sure to be valid`);
  const walked = new Map<FilterOperator, { text: string; walk: Walk }>();
  for (const op of FILTER_OPERATORS) {
    const filter = text(collection, comparison(name, op, value));
    // `=` and `!=` walks every server must accept are made once per target for every check that needs them.
    const got =
      op === '=' || op === '!='
        ? await sharedFilteredWalk(t, collection, filter, FIELDS)
        : mustAccept(field.kind, op)
          ? await filteredWalk(t, collection, filter, FIELDS)
          : await acceptedWalkOf(t, collection, filter);
    if (got) walked.set(op, { text: filter, walk: got });
  }
  await expectComplements(t, snapshot, walked, () => [], true);
}

/** The walk of a filter the server may refuse; undefined when refused (INVALID_ARGUMENT naming filter). */
async function acceptedWalkOf(t: CheckContext, collection: Collection, filter: string): Promise<Walk | undefined> {
  const first = await acceptedFilter(t, collection, filter, FIELDS);
  return first && filteredWalk(t, collection, filter, FIELDS, first);
}

/** Filter fields the spec's item table does not list (their values may never be shown). */
export function unlistedFields(list: ListEndpoint): string[] {
  const properties = (DEFINITIONS[ITEM_SCHEMA[list.id]]?.['properties'] ?? {}) as Record<string, unknown>;
  return Object.entries(list.filterFields)
    .filter(([, f]) => f.path === null || !Object.hasOwn(properties, f.path.split('.')[0]!))
    .map(([name]) => name);
}

/** Rethrows a violation met in a walk another check shares as a block of this one (the sharer reports it). */
async function sharedOrBlocked(t: CheckContext, collection: Collection, filter: string): Promise<Walk> {
  try {
    return await sharedFilteredWalk(t, collection, filter, FIELDS);
  } catch (error) {
    if (isRuleViolation(error)) t.blocked(`filter ${JSON.stringify(filter)}`, error);
    throw error;
  }
}

/**
 * AND and OR with a comparison on a field no item shows: joined by AND with a comparison
 * every item meets, or by OR with one no item meets, it selects what it selects alone.
 */
export function declareUnseenJunctionCheck(id: ListId): void {
  const list = listEndpoint(id);
  const unlisted = unlistedFields(list);
  if (!unlisted.length) return;
  check(
    checkIdOf('lists', id, 'filter-and-or', 'unseen-fields'),
    AND_OR,
    `${list.path}: a comparison on ${unlisted.join(', ')} where no item shows it, joined by AND with one every item meets or by OR with one none meets, selects the same ${list.itemsKey}`,
    async (t) => {
      const snapshot = await Snapshot.take(
        t,
        await filterCollectionOf(t, id),
        1,
        'items to take the other comparison from',
      );
      const { collection } = snapshot;
      const unseen = unlisted.filter(
        (name) => !snapshot.items.some((item) => carriesValue(item, list.filterFields[name]!)),
      );
      if (!unseen.length)
        return t.skip(
          `the ${list.itemsKey} show ${unlisted.join(', ')}: AND and OR on them are judged with their values`,
        );
      const bounds = boundComparisons(list, snapshot.items);
      if (!bounds)
        return t.skip(`no timestamp or number that every ${list.itemsKey.replace(/s$/, '')} shows, to compare with`);
      for (const name of unseen) {
        // Unlisted fields are text or timestamps, which always have a value to compare with.
        const value = unseenFieldValue(list, snapshot.items, list.filterFields[name]!.kind)!;
        const alone: { cmp: Comparison; walk: Walk }[] = [];
        for (const op of ['=', '!='] as const) {
          const cmp = comparison(name, op, value);
          alone.push({ cmp, walk: await sharedOrBlocked(t, collection, text(collection, cmp)) });
        }
        alone.sort((a, b) => a.walk.items.length - b.walk.items.length);
        const [small, big] = [alone[0]!, alone[1]!];
        const joins: readonly ['and' | 'or', { cmp: Comparison; walk: Walk }, Comparison][] = [
          ['and', big, bounds.always],
          ['or', small, bounds.never],
        ];
        for (const [kind, lone, bound] of joins) {
          const [joined, alone] = [text(collection, { kind, terms: [lone.cmp, bound] }), text(collection, lone.cmp)];
          // The joined filter's exchange is the evidence: the message quotes it first.
          const filters = [
            { text: joined, requirements: AND_OR },
            { text: alone, requirements: FIELDS, walked: lone.walk },
          ];
          await expectWalks(t, snapshot, filters, AND_OR, (_all, [j, a]) =>
            walkMismatch(
              a!.items,
              j!.items,
              list.idField,
              `filter ${JSON.stringify(joined)}, which must select what ${JSON.stringify(alone)} selects alone,`,
            ),
          );
        }
      }
    },
  );
}
