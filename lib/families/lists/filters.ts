// Checks of the filter of one list endpoint, with expressions built from the collection's own items
// (lib/gen/filters.ts) and judged by the three-valued oracle against one snapshot; fields
// and readings that oracle cannot judge are judged by how selections relate (related.ts).

import { type Comparison, type FilterExpr, type FormatOptions } from '../../contract/filter/index.js';
import {
  LIST_ENDPOINTS,
  listEndpoint,
  type FieldKind,
  type FilterOperator,
  type ListField,
} from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import {
  acceptedComparisons,
  atOffset,
  bareComparisons,
  comparison,
  compactComparisons,
  exposedFields,
  edgeBlankField,
  edgeBlankValues,
  escapedLookalikes,
  freeTextField,
  junctionArbitrary,
  junctionExamples,
  malformedArbitrary,
  malformedFilters,
  mayRefuseUnheld,
  mustAccept,
  operatorComparisons,
  otherFieldComparisons,
  partValues,
  patternLookalikes,
  respelledComparisons,
  sampleValues,
  BARE_SHAPES,
  sameFieldJunctions,
  shapedComparisons,
  spacedComparisons,
  widenedBlankComparisons,
  WORD_EDGED_VALUES,
} from '../../gen/filters.js';
import { UNLISTED_NAMES } from '../../gen/values.js';
import { check, type CheckContext } from '../../harness/index.js';
import type { Call } from '../../harness/context.js';
import { property } from '../../harness/property.js';
import { idOf, selectionMismatch } from '../../assert/filter-judge.js';
import { declareUnseenJunctionCheck, expectShownComplements, expectUnseenField } from './related.js';
import { requestPage, type Collection, type Walk } from '../../harness/list-walk.js';
import {
  acceptedFilter,
  expectWalks,
  firstPageToken,
  filterCollectionOf,
  filteredWalk,
  filterText,
  Snapshot,
  type ListId,
} from './collection.js';
import { checkIdOf } from '../../result/check-id.js';
import { expectRefusedNotFailed } from '../field-values.js';
import { isSuccess } from '../../assert/responses.js';

const UNKNOWN_FIELD = comparison('no_such_field', '=', '1');
/** A value of each kind of filter field, for a comparison on a field of another list. */
const FOREIGN_VALUES: Readonly<Record<FieldKind, string>> = {
  string: 'x',
  enum: 'COMPLETED',
  id: 'x',
  number: '1',
  timestamp: '2024-01-01T00:00:00Z',
  tags: 'x',
};
/** Values that are no number (a sign or a point alone) or no time. */
const UNREADABLE = { number: ['not_a_value', '-', '.'], timestamp: ['not_a_value'] } as const;
/** Integers, a negative one and a single digit, that a list's own (fractional) values would never make the suite send. */
const NUMBER_LITERALS: readonly (readonly [FilterOperator, string])[] = [
  ['>', '-1000000'],
  ['>=', '0'],
];
/** Valid instants at the edges: the epoch (0 to a reader), one far ahead, fractions of one and six digits. */
const EDGE_INSTANTS: readonly (readonly [FilterOperator, string])[] = [
  ['>', '1970-01-01T00:00:00Z'],
  ['<=', '1970-01-01T00:00:00Z'],
  ['>=', '9999-12-31T23:59:59Z'],
  ['>', '2000-01-01T00:00:00.5Z'],
  ['<', '9999-12-31T23:59:59.123456Z'],
];
/**
 * Offsets an instant is written in (minutes east of UTC), each with the operator that takes the instant itself in on
 * the side a reader dropping the zone moves away from: `+02:00` read as UTC is later (`>=` loses the instant), `-05:30`
 * earlier (`<=` loses it); `+00:00` is UTC written as an offset.
 */
const OFFSET_INSTANTS: readonly (readonly [FilterOperator, number])[] = [
  ['>=', 120],
  ['<=', -330],
  ['>=', 0],
];
const offsetText = (minutes: number): string => atOffset('2000-01-01T00:00:00Z', minutes)!.slice(19);
/** Values that hold the grammar's own words and operators: quoted, each is one value (a split before the quotes are read is not). */
const GRAMMAR_WORDS = ['Salt AND Pepper', 'Salt OR Pepper', 'x >= y', 'a != b', '(a) = b'];
/** Values holding what a query string encodes (`%`, `+`, `&`, `#`, `=`, an escape's look): percent-encoded once by the client, each is one value, decoded once. */
const URL_CHARACTERS = ['100%', '%41', 'a+b', 'Salt & Pepper', 'C#', 'a=b'];
/**
 * Values holding what a tokenizer may take for a delimiter, an escape or a wildcard (an apostrophe, a backtick, a
 * backslash, `;`, `(`, `)`, `,`, `=`, `%`, `*`): double-quoted (a backslash escaped, `\\`), each is one value.
 */
const PUNCTUATION = ["O'Brien", "'single'", 'back`tick`', 'C:\\temp\\', 'Salt; Pepper', 'f(x), g(y)', 'k=v', '50%*'];
/**
 * Values of unusual characters (an astral one, a combining mark, right-to-left text, a quote and a backslash, each
 * escaped with a backslash as a quoted value writes them): one value each, or refused as a filter the grammar
 * does not read (the specification shows no escapes); never failed on.
 */
const UNUSUAL_CHARACTERS = [
  'Zoë 🙂 \u{1F469}\u200D\u{1F469}',
  'Zoe\u0308 n\u0303',
  'שלום עולם',
  'say "hi"',
  'back\\slash',
];
/** How many pages a selection is spread over to show a filter kept on the first page only. */
const SPREAD_PAGES = 3;

/**
 * The filtered walk (from `first`, its first page's call, if given; at `pageSize`, by default the largest)
 * returns exactly the snapshot items the filter selects, under every reading (twice: see Snapshot.expect).
 */
async function expectSelection(
  t: CheckContext,
  snapshot: Snapshot,
  expr: FilterExpr,
  requirements: readonly RequirementId[],
  format?: FormatOptions,
  first?: Call,
  pageSize?: number,
): Promise<Walk> {
  const { collection } = snapshot;
  const { filterFields, idField } = collection.list;
  const text = filterText(collection, expr, format);
  const walked = first && (await filteredWalk(t, collection, text, requirements, first));
  const [result] = await expectWalks(
    t,
    snapshot,
    [{ text, requirements, walked, pageSize }],
    requirements,
    (all, [s]) => selectionMismatch({ expr, text }, filterFields, idField, all, s!.items),
  );
  return result!;
}

/**
 * The page size that spreads a selection (`walked`, at the largest page size) over about SPREAD_PAGES pages,
 * so that the pages after the first show a filter kept on the first page only; undefined where they cannot:
 * a selection of fewer than two items, or the tail of the collection in list order (an unfiltered rest
 * after the first page would be the same items).
 */
function spreadPageSize(snapshot: Snapshot, walked: Walk): number | undefined {
  const {
    idField,
    pageSize: { min, max },
  } = snapshot.collection.list;
  const all = snapshot.items;
  const selected = new Set(walked.items.map((item) => idOf(item, idField)));
  if (selected.size < 2 || all.slice(-selected.size).every((item) => selected.has(idOf(item, idField))))
    return undefined;
  return Math.min(max, Math.max(min, Math.ceil(selected.size / SPREAD_PAGES)));
}

/** The selection of `expr` (`walked` at the largest page size) walked again in about SPREAD_PAGES pages, where it spans them (spreadPageSize). */
async function expectSpreadSelection(
  t: CheckContext,
  snapshot: Snapshot,
  expr: FilterExpr,
  walked: Walk,
  requirements: readonly RequirementId[],
  format?: FormatOptions,
): Promise<void> {
  const pageSize = spreadPageSize(snapshot, walked);
  if (pageSize !== undefined) await expectSelection(t, snapshot, expr, requirements, format, undefined, pageSize);
}

/**
 * `c`, a value no item holds that a server may refuse (mayRefuseUnheld), unquoted and double-quoted: both refused
 * (INVALID_ARGUMENT naming filter), or both accepted and selecting what they select (nothing listed holds it).
 */
async function expectQuotedAlike(t: CheckContext, snapshot: Snapshot, c: Comparison): Promise<void> {
  const { collection } = snapshot;
  const forms = [{ quote: 'never' }, { quote: 'always' }] as const;
  const calls: Call[] = [];
  for (const format of forms) {
    const filter = filterText(collection, c, format);
    const call = await requestPage(t, collection, { filter, page_size: collection.list.pageSize.max });
    if (!isSuccess(call))
      t.expectInvalidArgument(call, ['LIST-FILTER-QUOTING'], 'filter', `filter ${JSON.stringify(filter)}`);
    calls.push(call);
  }
  const [bare, quoted] = calls.map(isSuccess);
  const refused = calls.find((call) => !isSuccess(call));
  t.assert(
    bare === quoted,
    ['LIST-FILTER-QUOTING'],
    `filter ${JSON.stringify(filterText(collection, c, forms[bare ? 1 : 0]))} was refused, and the same value ${bare ? 'unquoted' : 'double-quoted'} accepted: quotes do not change a value`,
    refused,
  );
  if (bare)
    for (const [i, format] of forms.entries())
      await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING'], format, calls[i]);
}

async function expectRejected(
  t: CheckContext,
  collection: Collection,
  filter: string,
  requirements: readonly RequirementId[],
): Promise<void> {
  t.expectInvalidArgument(
    await requestPage(t, collection, { filter }),
    requirements,
    'filter',
    `filter ${JSON.stringify(filter)}`,
  );
}

async function snapshotOf(t: CheckContext, id: ListId): Promise<Snapshot> {
  return Snapshot.take(t, await filterCollectionOf(t, id), 1, 'items to take filter values from');
}

export function declareFilterChecks(id: ListId): void {
  const list = listEndpoint(id);
  const { path, itemsKey } = list;

  const exposedList = exposedFields(list);
  for (const exposed of exposedList) {
    const { name, field } = exposed;
    // One field per list also walks a selection in small pages: a filter kept on the first page only shows there.
    const spread = exposed === exposedList[0];
    const spreadTitle = spread ? ` (the one nearest half the ${itemsKey} also in pages of a third of it)` : '';
    check(
      checkIdOf('lists', id, 'filter-fields', name),
      ['LIST-FILTER-FIELDS'],
      `${path}: filter on ${name} with each operator returns exactly the matching ${itemsKey}${spreadTitle}, and complementary operators split them; = a value other fields of the ${itemsKey} hold (one of another filter field, one of any other: metadata, names) returns only those holding it in ${name}`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        const comparisons = operatorComparisons(snapshot.items, exposed);
        // No item shows a usable value: judged as a field the items do not show.
        if (!comparisons.length) return expectUnseenField(t, snapshot, name, field);
        const walks: { cmp: Comparison; walk: Walk }[] = [];
        for (const c of comparisons) {
          const first = mustAccept(field.kind, c.op)
            ? null
            : await acceptedFilter(t, snapshot.collection, filterText(snapshot.collection, c), ['LIST-FILTER-FIELDS']);
          if (first !== undefined)
            walks.push({
              cmp: c,
              walk: await expectSelection(t, snapshot, c, ['LIST-FILTER-FIELDS'], undefined, first ?? undefined),
            });
        }
        if (spread) {
          const half = snapshot.items.length / 2;
          const [nearest] = walks
            .filter((w) => spreadPageSize(snapshot, w.walk) !== undefined)
            .sort((a, b) => Math.abs(a.walk.items.length - half) - Math.abs(b.walk.items.length - half));
          if (nearest) await expectSpreadSelection(t, snapshot, nearest.cmp, nearest.walk, ['LIST-FILTER-FIELDS']);
        }
        await expectShownComplements(t, snapshot, field, walks);
        for (const c of otherFieldComparisons(list, snapshot.items, exposed)) {
          // A server may validate ids, enums and tags against its own, and refuse one its field never held.
          const first = mayRefuseUnheld(field.kind)
            ? await acceptedFilter(t, snapshot.collection, filterText(snapshot.collection, c), ['LIST-FILTER-FIELDS'])
            : null;
          if (first !== undefined)
            await expectSelection(t, snapshot, c, ['LIST-FILTER-FIELDS'], undefined, first ?? undefined);
        }
      },
    );
  }

  // Values no reading takes for a number or a time: no item equals one, whether the server compares values or text.
  const typed = exposedList.filter(({ field }) => field.kind === 'number' || field.kind === 'timestamp');
  if (typed.length) {
    const numbers = typed.some(({ field }) => field.kind === 'number');
    const tried = numbers
      ? `${UNREADABLE.number.join(' ')}; numbers also compared with ${NUMBER_LITERALS.map(([op, v]) => `${op} ${v}`).join(' and ')}`
      : UNREADABLE.timestamp.join(' ');
    check(
      checkIdOf('lists', id, 'filter-fields', 'unreadable-values'),
      ['LIST-FILTER-FIELDS'],
      `${path}: ${typed.map((e) => e.name).join(', ')} compared with = to a value that is no number or time is refused with INVALID_ARGUMENT or selects no ${itemsKey} (${tried})`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        for (const { name, field } of typed) {
          for (const value of UNREADABLE[field.kind as keyof typeof UNREADABLE]) {
            const filter = filterText(snapshot.collection, comparison(name, '=', value), { quote: 'never' });
            const first = await acceptedFilter(t, snapshot.collection, filter, ['LIST-FILTER-FIELDS']);
            if (!first) continue;
            const walked = await filteredWalk(t, snapshot.collection, filter, ['LIST-FILTER-FIELDS'], first);
            t.assert(
              walked.items.length === 0,
              ['LIST-FILTER-FIELDS'],
              `filter ${JSON.stringify(filter)} was accepted and selected ${walked.items.length} ${itemsKey}: no ${name} equals ${JSON.stringify(value)}, which is no ${field.kind}`,
              first,
            );
          }
          if (field.kind !== 'number') continue;
          for (const [op, value] of NUMBER_LITERALS)
            await expectSelection(t, snapshot, { kind: 'cmp', field: name, op, value, quoted: false }, [
              'LIST-FILTER-FIELDS',
            ]);
        }
      },
    );
  }

  // Instants at the edges of the valid ones, which a reader may take for none (the epoch parses to 0), overflow or
  // cut (a fraction of one digit, of six): each is a time every item is after, or none is.
  const times = exposedList.filter(({ field }) => field.kind === 'timestamp');
  if (times.length)
    check(
      checkIdOf('lists', id, 'filter-fields', 'edge-instants'),
      ['LIST-FILTER-FIELDS'],
      `${path}: ${times.map((e) => e.name).join(', ')} compared with ${EDGE_INSTANTS.map(([op, v]) => `${op} ${v}`).join(', ')} returns exactly the matching ${itemsKey}`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        for (const { name } of times)
          for (const [op, value] of EDGE_INSTANTS)
            await expectSelection(t, snapshot, comparison(name, op, value), ['LIST-FILTER-FIELDS']);
      },
    );

  // Instants written with an offset, each the median of its field in that zone: refused, or read as the instant
  // named (a reader keeping the clock time and dropping the zone moves it by the offset). The operator takes the
  // median item in on the side the misreading moves away from, so that the item itself shows it.
  if (times.length)
    check(
      checkIdOf('lists', id, 'filter-fields', 'offset-instants'),
      ['LIST-FILTER-FIELDS'],
      `${path}: ${times.map((e) => e.name).join(', ')} compared with its median instant written with an offset (${OFFSET_INSTANTS.map(([op, m]) => `${op} …${offsetText(m)}`).join(', ')}) is refused with INVALID_ARGUMENT naming filter, or returns exactly the ${itemsKey} of the instant it names`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        let compared = 0;
        for (const exposed of times) {
          const [median] = sampleValues(snapshot.items, exposed, 1);
          for (const [op, minutes] of OFFSET_INSTANTS) {
            const value = median === undefined ? undefined : atOffset(median, minutes);
            if (value === undefined) continue;
            const c = comparison(exposed.name, op, value);
            const first = await acceptedFilter(t, snapshot.collection, filterText(snapshot.collection, c), [
              'LIST-FILTER-FIELDS',
            ]);
            compared++;
            if (first) await expectSelection(t, snapshot, c, ['LIST-FILTER-FIELDS'], undefined, first);
          }
        }
        if (!compared) t.skip(`no listed ${itemsKey} shows an instant in ${times.map((e) => e.name).join(', ')}`);
      },
    );

  // A value is matched whole: a part of a listed one (a LIKE '%x%' or a search on joined tags would take it) selects only its own.
  const partial = exposedList.filter(({ field }) => field.kind === 'string' || field.kind === 'tags');
  if (partial.length)
    check(
      checkIdOf('lists', id, 'filter-fields', 'part-values'),
      ['LIST-FILTER-FIELDS'],
      `${path}: ${partial.map((e) => e.name).join(', ')} = a proper part of a listed value (all but its last character, all but its first, its middle) selects exactly the ${itemsKey} holding that part, never the longer value`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        let compared = 0;
        for (const exposed of partial)
          for (const value of partValues(snapshot.items, exposed)) {
            const c = comparison(exposed.name, '=', value);
            // A server may validate tags against its own, and refuse one it never saw.
            const first =
              exposed.field.kind === 'tags'
                ? await acceptedFilter(t, snapshot.collection, filterText(snapshot.collection, c), [
                    'LIST-FILTER-FIELDS',
                  ])
                : null;
            if (first === undefined) continue;
            await expectSelection(t, snapshot, c, ['LIST-FILTER-FIELDS'], undefined, first ?? undefined);
            compared++;
          }
        if (!compared) t.skip('no listed text or tag value has a part to compare with');
      },
    );

  // Equality is not a pattern: a server comparing by LIKE, glob or regular expression takes these for a listed value.
  const patterned = exposedList.filter(({ field }) => field.kind === 'string');
  if (patterned.length)
    check(
      checkIdOf('lists', id, 'filter-fields', 'pattern-values'),
      ['LIST-FILTER-FIELDS'],
      `${path}: ${patterned.map((e) => e.name).join(', ')} = a listed value with a character written as a pattern (\`_\`, \`.\`, \`?\` in its place, \`%\` or \`*\` for the rest, \`[c]\` around it) selects exactly the ${itemsKey} holding that value, never the listed one`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        let compared = 0;
        for (const exposed of patterned)
          for (const value of patternLookalikes(snapshot.items, exposed)) {
            await expectSelection(t, snapshot, comparison(exposed.name, '=', value), ['LIST-FILTER-FIELDS']);
            compared++;
          }
        if (!compared) t.skip('no listed text value has two characters');
      },
    );

  // A lexer matching AND or OR without a word boundary reads these as junctions.
  const freeText = Object.entries(list.filterFields)
    .filter(([, f]) => f.kind === 'string')
    .map(([name]) => name);
  check(
    checkIdOf('lists', id, 'filter-fields', 'word-edged-values'),
    ['LIST-FILTER-FIELDS'],
    `${path}: ${freeText.join(', ')} = an unquoted value beginning or ending with a grammar word (${WORD_EDGED_VALUES.join(', ')}) is accepted and selects only the ${itemsKey} holding it`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      for (const name of freeText)
        for (const value of WORD_EDGED_VALUES)
          await expectSelection(t, snapshot, comparison(name, '=', value), ['LIST-FILTER-FIELDS'], { quote: 'never' });
    },
  );

  for (const [name, field] of Object.entries(list.filterFields).filter(([, f]) => f.path === null)) {
    check(
      checkIdOf('lists', id, 'filter-fields', 'unlisted', name),
      ['LIST-FILTER-FIELDS'],
      `${path}: filter on ${name} (not a field of the items) is accepted, returns only listed ${itemsKey}, and complementary operators never share one`,
      async (t) => {
        await expectUnseenField(t, await snapshotOf(t, id), name, field);
      },
    );
  }

  declareUnseenJunctionCheck(id);

  check(
    checkIdOf('lists', id, 'filter-and-or'),
    ['LIST-FILTER-AND-OR'],
    `${path}: two, three and four comparisons joined by AND select their intersection, by OR their union (a union also in pages of a third of it); two on one field too, by AND and by OR (two tags one item holds, a time's or number's range); no item twice`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const candidates = acceptedComparisons(list, snapshot.items);
      if (!candidates.length) t.skip('no listed item carries a usable filter value');
      for (const example of [...junctionExamples(list, snapshot.items), ...sameFieldJunctions(list, snapshot.items)]) {
        const walked = await expectSelection(t, snapshot, example, ['LIST-FILTER-AND-OR']);
        if (example.kind === 'or') await expectSpreadSelection(t, snapshot, example, walked, ['LIST-FILTER-AND-OR']);
      }
      await property(t, junctionArbitrary(candidates), async (expr) => {
        await expectSelection(t, snapshot, expr, ['LIST-FILTER-AND-OR']);
      });
    },
  );

  check(
    checkIdOf('lists', id, 'filter-quoting'),
    ['LIST-FILTER-QUOTING'],
    `${path}: a value unquoted and double-quoted selects the same ${itemsKey} (the widest quoted one also in pages of a third of it): each field's median, and values of every shape an unquoted value takes (${Object.keys(BARE_SHAPES).join(', ')}), listed or where none is, free text that takes it and an ID beginning with digits (refused or not alike both ways)`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const shaped = shapedComparisons(list, snapshot.items);
      const comparisons = [...bareComparisons(list, snapshot.items), ...shaped.accepted];
      if (!comparisons.length) t.skip('no listed value can be written without quotes');
      for (const c of shaped.refusable) await expectQuotedAlike(t, snapshot, c);
      let widest: { cmp: Comparison; walk: Walk } | undefined;
      for (const c of comparisons) {
        const bare = await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING'], { quote: 'never' });
        const quoted = await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING'], { quote: 'always' });
        const ids = (items: readonly Record<string, unknown>[]) =>
          items
            .map((item) => idOf(item, list.idField))
            .sort()
            .join(',');
        const texts = [
          filterText(snapshot.collection, c, { quote: 'always' }),
          filterText(snapshot.collection, c, { quote: 'never' }),
        ];
        // Judged as the other selections are (Snapshot.expect): a live list may move between the two walks.
        await expectWalks(
          t,
          snapshot,
          [
            { text: texts[0]!, requirements: ['LIST-FILTER-QUOTING'], walked: quoted },
            { text: texts[1]!, requirements: ['LIST-FILTER-QUOTING'], walked: bare },
          ],
          ['LIST-FILTER-QUOTING'],
          (_all, [q, b]) =>
            ids(b!.items) === ids(q!.items)
              ? undefined
              : `${JSON.stringify(texts[1])} returned ${b!.items.length} ${itemsKey}, ${JSON.stringify(texts[0])} ${q!.items.length}, not the same ones`,
        );
        if (!widest || quoted.items.length > widest.walk.items.length) widest = { cmp: c, walk: quoted };
      }
      if (widest)
        await expectSpreadSelection(t, snapshot, widest.cmp, widest.walk, ['LIST-FILTER-QUOTING'], { quote: 'always' });
    },
  );

  if (exposedList.some(({ field }) => field.kind === 'number' || field.kind === 'timestamp'))
    check(
      checkIdOf('lists', id, 'filter-quoting', 'respelled'),
      ['LIST-FILTER-QUOTING'],
      `${path}: a number or time written another way (\`0.35\` as \`0.350\`, \`…:00Z\` as \`…:00.000Z\`), as it is and double-quoted, selects the ${itemsKey} of that value`,
      async (t) => {
        const snapshot = await snapshotOf(t, id);
        const comparisons = respelledComparisons(list, snapshot.items);
        if (!comparisons.length) t.skip('no listed number or time has another spelling');
        for (const c of comparisons)
          for (const quote of ['auto', 'always'] as const)
            await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING'], { quote });
      },
    );

  check(
    checkIdOf('lists', id, 'filter-quoting', 'edge-blanks'),
    ['LIST-FILTER-QUOTING'],
    `${path}: ${edgeBlankField(list)} = a double-quoted value with blanks at its edges (a listed one with a blank before, after, two on each side) is that value exactly, selecting only the ${itemsKey} that hold it`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      for (const value of edgeBlankValues(list, snapshot.items))
        await expectSelection(t, snapshot, comparison(edgeBlankField(list), '=', value), ['LIST-FILTER-QUOTING'], {
          quote: 'always',
        });
    },
  );

  check(
    checkIdOf('lists', id, 'filter-quoting', 'space'),
    ['LIST-FILTER-QUOTING', 'LIST-FILTER-FIELDS'],
    `${path}: a double-quoted value containing a space selects the matching ${itemsKey}`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const comparisons = spacedComparisons(list, snapshot.items);
      if (!comparisons.length) t.skip('no listed item carries a value with a space');
      for (const c of comparisons) await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING', 'LIST-FILTER-FIELDS']);
    },
  );

  check(
    checkIdOf('lists', id, 'filter-quoting', 'doubled-blank'),
    ['LIST-FILTER-QUOTING'],
    `${path}: a double-quoted listed value holding a space, that space doubled, is that value exactly, selecting only the ${itemsKey} that hold it (no blank collapsed; an ID, enum or tag value may be refused)`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const comparisons = widenedBlankComparisons(list, snapshot.items);
      if (!comparisons.length) t.skip('no listed item carries a value with a space');
      for (const c of comparisons) {
        // An ID, enum or tag field may validate a value against its own, and refuse one it never held.
        const first = mayRefuseUnheld(list.filterFields[c.field]!.kind)
          ? await acceptedFilter(t, snapshot.collection, filterText(snapshot.collection, c, { quote: 'always' }), [
              'LIST-FILTER-QUOTING',
            ])
          : null;
        if (first !== undefined)
          await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING'], { quote: 'always' }, first ?? undefined);
      }
    },
  );

  const field = freeTextField(list);
  check(
    checkIdOf('lists', id, 'filter-quoting', 'grammar-words'),
    ['LIST-FILTER-QUOTING'],
    `${path}: ${field} = a double-quoted value holding the filter's own words, operators or parentheses (${GRAMMAR_WORDS.map((w) => JSON.stringify(w)).join(', ')}) is one value, selecting only the ${itemsKey} that hold it`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      for (const value of GRAMMAR_WORDS)
        await expectSelection(t, snapshot, comparison(field, '=', value), ['LIST-FILTER-QUOTING'], { quote: 'always' });
    },
  );

  check(
    checkIdOf('lists', id, 'filter-quoting', 'punctuation'),
    ['LIST-FILTER-QUOTING'],
    `${path}: ${field} = a double-quoted value holding punctuation a tokenizer may take for a delimiter, an escape or a wildcard (${PUNCTUATION.map((w) => JSON.stringify(w)).join(', ')}) is one value, selecting only the ${itemsKey} that hold it; != the first selects every other`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      for (const value of PUNCTUATION)
        await expectSelection(t, snapshot, comparison(field, '=', value), ['LIST-FILTER-QUOTING'], { quote: 'always' });
      await expectSelection(t, snapshot, comparison(field, '!=', PUNCTUATION[0]!), ['LIST-FILTER-QUOTING'], {
        quote: 'always',
      });
    },
  );

  // Every field takes each value: the free-text one all of them, the others one each in turn (few requests, every
  // value on some field of each list). An ID, enum, number or time field may refuse a value it cannot hold.
  const unusual = Object.keys(list.filterFields).flatMap((name, i) =>
    name === field
      ? UNUSUAL_CHARACTERS.map((value) => comparison(name, '=', value))
      : [comparison(name, '=', UNUSUAL_CHARACTERS[i % UNUSUAL_CHARACTERS.length]!)],
  );
  check(
    checkIdOf('lists', id, 'filter-quoting', 'unusual-characters'),
    ['LIST-FILTER-QUOTING'],
    `${path}: each filter field = a double-quoted value of unusual characters (${UNUSUAL_CHARACTERS.map((w) => JSON.stringify(w)).join(', ')}; ${field} each, the others one in turn) selects only the ${itemsKey} that hold it, or is refused with INVALID_ARGUMENT naming filter; never failed on`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const { collection } = snapshot;
      const exposed = new Set(exposedFields(list).map((f) => f.name));
      for (const c of unusual) {
        const filter = filterText(collection, c, { quote: 'always' });
        const first = await requestPage(t, collection, { filter, page_size: list.pageSize.max });
        if (!isSuccess(first))
          t.expectInvalidArgument(first, ['LIST-FILTER-QUOTING'], 'filter', `filter ${JSON.stringify(filter)}`);
        else if (exposed.has(c.field) || c.field === field)
          await expectSelection(t, snapshot, c, ['LIST-FILTER-QUOTING'], { quote: 'always' }, first);
      }
    },
  );

  check(
    checkIdOf('lists', id, 'filter-quoting', 'url-characters'),
    ['LIST-FILTER-QUOTING', 'LIST-FILTER-FIELDS'],
    `${path}: ${field} = a double-quoted value holding what a query string encodes (${URL_CHARACTERS.map((w) => JSON.stringify(w)).join(', ')}, percent-encoded once; and a listed value with an escape or a plus in place of a character) is one value, selecting only the ${itemsKey} that hold it`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      for (const value of [...URL_CHARACTERS, ...escapedLookalikes(list, snapshot.items, field)])
        await expectSelection(
          t,
          snapshot,
          comparison(field, '=', value),
          ['LIST-FILTER-QUOTING', 'LIST-FILTER-FIELDS'],
          {
            quote: 'always',
          },
        );
    },
  );

  check(
    checkIdOf('lists', id, 'filter-quoting', 'empty'),
    ['LIST-FILTER-QUOTING'],
    `${path}: ${field} = "" and ${field} != "" (an explicit empty value) are accepted and select the ${itemsKey} whose ${field} is empty, and the others`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      for (const op of ['=', '!='] as const)
        await expectSelection(t, snapshot, comparison(field, op, ''), ['LIST-FILTER-QUOTING'], { quote: 'always' });
    },
  );

  check(
    checkIdOf('lists', id, 'filter-compact'),
    ['LIST-FILTER-COMPACT'],
    `${path}: comparisons written with and without blanks around the operator (\`f = v\`, \`f=v\`, \`f>=v\`, \`f="v"\`, joined by AND) select the matching ${itemsKey}`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const comparisons = compactComparisons(list, snapshot.items);
      if (!comparisons.length) t.skip('no listed item carries a usable filter value');
      const [a, b] = comparisons.filter((c) => c.op === '=');
      for (const compact of [true, false]) {
        for (const c of comparisons) await expectSelection(t, snapshot, c, ['LIST-FILTER-COMPACT'], { compact });
        await expectSelection(t, snapshot, comparisons[0]!, ['LIST-FILTER-COMPACT'], { compact, quote: 'always' });
        if (a && b)
          await expectSelection(t, snapshot, { kind: 'and', terms: [a, b] }, ['LIST-FILTER-COMPACT'], { compact });
      }
    },
  );

  // Alone and after a comparison on a listed field: a service checking only a filter that is one comparison accepts the second.
  // That field holds free text, so `= x` is a value it must take (an enum or a timestamp might refuse x itself, and hide the fault).
  // Then each name a careless lookup of the list's fields finds (`field in FIELDS`, a stored row's columns): none is listed.
  const unknownFieldFilters: readonly FilterExpr[] = [
    UNKNOWN_FIELD,
    { kind: 'and', terms: [comparison(freeTextField(list), '=', 'x'), UNKNOWN_FIELD] },
    ...UNLISTED_NAMES.map((name) => comparison(name, '=', '1')),
  ];
  check(
    checkIdOf('lists', id, 'filter-unknown-field'),
    ['LIST-FILTER-UNKNOWN-FIELD'],
    `${path}: a filter on a field it does not list (alone, or joined by AND to a listed one; ${UNLISTED_NAMES.join(', ')}, names every object inherits or an internal column) is rejected with INVALID_ARGUMENT naming filter`,
    async (t) => {
      const collection = await filterCollectionOf(t, id);
      for (const filter of unknownFieldFilters)
        await expectRejected(t, collection, filterText(collection, filter), ['LIST-FILTER-UNKNOWN-FIELD']);
    },
  );

  // The filter fields of the other lists this list does not give (status on personas, name on runs): a registry of
  // every list's fields, where the list's own was meant, accepts them. One comparison each, a value of its kind.
  const othersFields = [
    ...new Map(
      LIST_ENDPOINTS.filter((other) => other.id !== id)
        .flatMap((other) => Object.entries(other.filterFields))
        .filter(([name]) => !Object.hasOwn(list.filterFields, name)),
    ),
  ];
  check(
    checkIdOf('lists', id, 'filter-other-lists-field'),
    ['LIST-FILTER-UNKNOWN-FIELD'],
    `${path}: a filter on a field of another list's filter (${othersFields.map(([name]) => name).join(', ')}) its items do not carry is rejected with INVALID_ARGUMENT naming filter`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const carried = (name: string, field: ListField) =>
        snapshot.items.some(
          (item) => item[name] !== undefined || (field.path !== null && item[field.path] !== undefined),
        );
      const foreign = othersFields.filter(([name, field]) => !carried(name, field));
      if (!foreign.length) t.skip(`${path}'s items carry every filter field of the other lists`);
      for (const [name, field] of foreign)
        await expectRejected(
          t,
          snapshot.collection,
          filterText(snapshot.collection, comparison(name, '=', FOREIGN_VALUES[field.kind])),
          ['LIST-FILTER-UNKNOWN-FIELD'],
        );
    },
  );

  const [first] = exposedFields(list);
  if (first) {
    check(
      checkIdOf('lists', id, 'filter-malformed', 'compact'),
      ['LIST-FILTER-MALFORMED'],
      `${path}: ${malformedFilters(first.name)
        .map((f) => JSON.stringify(f))
        .join(', ')} (compact where the target writes comparisons so) are rejected with INVALID_ARGUMENT`,
      async (t) => {
        const collection = await filterCollectionOf(t, id);
        for (const filter of malformedFilters(first.name, collection.filterFormat))
          await expectRejected(t, collection, filter, ['LIST-FILTER-MALFORMED']);
      },
    );
  }

  // Every page judges its filter: beside a token of a first page without one, refused (by the filter or the token).
  if (first)
    check(
      checkIdOf('lists', id, 'filter-malformed', 'after-token'),
      ['LIST-FILTER-MALFORMED'],
      `${path}: a malformed filter (${JSON.stringify(malformedFilters(first.name)[0])}, ${JSON.stringify(malformedFilters(first.name).at(-1))}) beside a page_token of a first page is refused with a 4xx (the filter's INVALID_ARGUMENT, or the token's as issued for another query), never served`,
      async (t) => {
        const requirements: RequirementId[] = ['LIST-FILTER-MALFORMED'];
        const collection = await filterCollectionOf(t, id);
        const page_token = await firstPageToken(t, collection, requirements);
        const malformed = malformedFilters(first.name, collection.filterFormat);
        for (const filter of [malformed[0], malformed.at(-1)].filter((f) => f !== undefined))
          expectRefusedNotFailed(
            t,
            await requestPage(t, collection, { filter, page_token }),
            requirements,
            `filter ${JSON.stringify(filter)} beside a page_token of a first page`,
          );
      },
    );

  check(
    checkIdOf('lists', id, 'filter-malformed', 'broken'),
    ['LIST-FILTER-MALFORMED'],
    `${path}: valid comparisons broken by a dangling or doubled AND/OR, a missing field or value, a doubled operator, an open quote or a trailing operator are rejected`,
    async (t) => {
      const snapshot = await snapshotOf(t, id);
      const candidates = acceptedComparisons(list, snapshot.items);
      if (!candidates.length) t.skip('no listed item carries a usable filter value');
      await property(t, malformedArbitrary(candidates, snapshot.collection.filterFormat), (filter) =>
        expectRejected(t, snapshot.collection, filter, ['LIST-FILTER-MALFORMED']),
      );
    },
  );
}
