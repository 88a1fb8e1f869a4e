// List filter expressions built from the list's own items (Filter and pagination rules):
// every value is one a returned item carries, so each comparison selects something
// and, for the median value, leaves something out. Malformed expressions are broken
// by construction, so shrinking cannot turn one into a valid filter.

import fc from 'fast-check';
import {
  compareTimestamps,
  compareValues,
  formatFilter,
  isBareValue,
  judgeFilter,
  valueAt,
  type Comparison,
  type FilterExpr,
  type FormatOptions,
  type Junction,
} from '../contract/filter/index.js';
import {
  FILTER_OPERATORS,
  type FieldKind,
  type FilterOperator,
  type ListEndpoint,
  type ListField,
} from '../contract/list-endpoints.js';
import { parseTimestamp } from '../contract/timestamps.js';

type Item = Record<string, unknown>;

/** A filter field whose values the items carry. */
export interface ExposedField {
  readonly name: string;
  readonly field: ListField & { readonly path: string };
}

export function exposedFields(list: ListEndpoint): ExposedField[] {
  return Object.entries(list.filterFields).flatMap(([name, field]) =>
    field.path === null ? [] : [{ name, field: { ...field, path: field.path } }],
  );
}

/** The list's first filter field of free text: any value is one it must take. */
export function freeTextField(list: ListEndpoint): string {
  const name = Object.entries(list.filterFields).find(([, field]) => field.kind === 'string')?.[0];
  if (name === undefined) throw new Error(`${list.path} lists no free-text filter field`);
  return name;
}

/**
 * Operators every server must accept on a field. The spec lists six operators without
 * saying they all apply to every field: ordering on text, ids, enums and tags may be refused.
 */
export function mustAccept(kind: FieldKind, op: FilterOperator): boolean {
  return op === '=' || op === '!=' || kind === 'timestamp' || kind === 'number';
}

/** Whether a server may refuse a value no item holds in a field of `kind`: it may validate IDs, enums and tags against its own. */
export function mayRefuseUnheld(kind: FieldKind): boolean {
  return kind === 'id' || kind === 'enum' || kind === 'tags';
}

/**
 * The text of a data value in a filter; undefined when no spelling is safe in every
 * server's grammar (the spec shows no escapes; values with blanks at their edges are judged apart, edgeBlankValues).
 */
export function filterLiteral(kind: FieldKind, value: unknown): string | undefined {
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string' || value === '' || value !== value.trim() || /["\\\p{Cc}]/u.test(value))
    return undefined;
  return value;
}

/** The item's usable values of a field: one, or for tags each element. */
export function literalsOf(item: Item, { field }: ExposedField): { raw: unknown; text: string }[] {
  const value = valueAt(item, field.path);
  const values = field.kind === 'tags' ? (Array.isArray(value) ? value : []) : [value];
  const kind = field.kind === 'tags' ? 'string' : field.kind;
  return values.flatMap((raw) => {
    const text = filterLiteral(kind, raw);
    return text === undefined ? [] : [{ raw, text }];
  });
}

/**
 * Up to `count` distinct values of a field, spread over the items in sort order (one:
 * the median), so that each value and each side of it hold items. Tags: the most common.
 */
export function sampleValues(items: readonly Item[], exposed: ExposedField, count: number): string[] {
  const values = items.flatMap((item) => literalsOf(item, exposed));
  if (exposed.field.kind === 'tags') {
    const frequency = new Map<string, number>();
    for (const { text } of values) frequency.set(text, (frequency.get(text) ?? 0) + 1);
    return [...frequency.keys()]
      .sort((a, b) => frequency.get(b)! - frequency.get(a)! || (a < b ? -1 : 1))
      .slice(0, count);
  }
  const texts = values.sort((a, b) => compareValues(exposed.field.kind, a.raw, b.raw)).map((v) => v.text);
  const chosen: string[] = [];
  for (let k = 1; k <= count; k++) {
    const at = Math.floor((k * texts.length) / (count + 1));
    const fresh = [...texts.slice(at), ...texts.slice(0, at).reverse()].find((text) => !chosen.includes(text));
    if (fresh !== undefined) chosen.push(fresh);
  }
  return chosen;
}

/**
 * The same number or instant spelled differently (`0.35` → `0.350`, `…:00.000Z` → `…:00Z`):
 * a server comparing the text instead of the value returns other items. Undefined when there is none.
 */
export function respell(kind: FieldKind, text: string): string | undefined {
  if (kind === 'number') return /^-?\d+$/.test(text) ? `${text}.0` : /^-?\d*\.\d+$/.test(text) ? `${text}0` : undefined;
  if (kind !== 'timestamp') return undefined;
  const m = /^(.+T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  if (!m) return undefined;
  const [, head, fraction, zone] = m;
  if (fraction === undefined) return `${head}.000${zone}`;
  if (/^0+$/.test(fraction)) return `${head}${zone}`;
  return fraction.length < 6 ? `${head}.${fraction.padEnd(6, '0')}${zone}` : undefined;
}

/**
 * The instant `text` writes (RFC 3339, `Z` or an offset), written in the zone `minutes` east of UTC (`+02:00`,
 * `-05:30`, `+00:00`), its fraction as it was: the same instant. Undefined when `text` is no such timestamp.
 */
export function atOffset(text: string, minutes: number): string | undefined {
  const instant = parseTimestamp(text, { anyOffset: true });
  // A leap second (`:60`) has no writing of its own in another zone that a Date gives.
  if (!instant || /\d{2}:\d{2}:60/.test(text)) return undefined;
  const second = Math.floor(instant.ms / 1000) * 1000;
  const written = new Date(second + minutes * 60_000).toISOString();
  if (!/^\d{4}-/.test(written)) return undefined;
  const fraction = /:\d{2}[.,](\d+)/.exec(text)?.[1];
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${written.slice(0, 19)}${fraction === undefined ? '' : `.${fraction}`}${offset}`;
}

export const comparison = (field: string, op: FilterOperator, value: string): Comparison => ({
  kind: 'cmp',
  field,
  op,
  value,
  quoted: !isBareValue(value),
});

/**
 * A value for a field no item shows (e.g. runs' created_by), which every server must accept;
 * undefined for ids, enums and tags, whose values a server may validate against its own.
 */
function unseenValue(kind: FieldKind): string | undefined {
  const values: Partial<Record<FieldKind, string>> = {
    timestamp: '2000-01-01T00:00:00Z',
    number: '0',
    string: 'cft-nobody@example.com',
  };
  return values[kind];
}

/**
 * The value a field no item shows is compared with: for a timestamp, the median of a
 * timestamp the items do show (so that `>` and `<=` likely both select some), else unseenValue.
 */
export function unseenFieldValue(list: ListEndpoint, items: readonly Item[], kind: FieldKind): string | undefined {
  if (kind === 'timestamp') {
    for (const exposed of exposedFields(list).filter((e) => e.field.kind === 'timestamp')) {
      const [median] = sampleValues(items, exposed, 1);
      if (median !== undefined) return median;
    }
  }
  return unseenValue(kind);
}

/**
 * A comparison every item meets and one no item meets, `g >= m` and `g < m` with m the
 * least value of a timestamp or number g that every item shows, for the AND and OR
 * identities; undefined when no field qualifies.
 */
export function boundComparisons(
  list: ListEndpoint,
  items: readonly Item[],
): { always: Comparison; never: Comparison } | undefined {
  for (const exposed of exposedFields(list)) {
    const { name, field } = exposed;
    if ((field.kind !== 'timestamp' && field.kind !== 'number') || !items.length) continue;
    const values = items.map((item) => literalsOf(item, exposed)[0]);
    if (values.some((v) => v === undefined)) continue;
    const least = values.sort((a, b) => compareValues(field.kind, a!.raw, b!.raw))[0]!.text;
    const always = comparison(name, '>=', least);
    const never = comparison(name, '<', least);
    const fields = { [name]: field };
    if (
      items.every(
        (item) => judgeFilter(always, item, fields) === 'match' && judgeFilter(never, item, fields) === 'no-match',
      )
    )
      return { always, never };
  }
  return undefined;
}

/** Every operator with the field's median value and, where one exists, its other spelling. */
export function operatorComparisons(items: readonly Item[], exposed: ExposedField): Comparison[] {
  const [median] = sampleValues(items, exposed, 1);
  if (median === undefined) return [];
  const respelled = respell(exposed.field.kind, median);
  const values = respelled === undefined ? [median] : [median, respelled];
  return values.flatMap((value) => FILTER_OPERATORS.map((op) => comparison(exposed.name, op, value)));
}

/** `f = v` for each number and time field, its median value spelled another way (respell): quoted too, it is that value. */
export function respelledComparisons(list: ListEndpoint, items: readonly Item[]): Comparison[] {
  return exposedFields(list).flatMap((exposed) => {
    const [median] = sampleValues(items, exposed, 1);
    const respelled = median === undefined ? undefined : respell(exposed.field.kind, median);
    return respelled === undefined ? [] : [comparison(exposed.name, '=', respelled)];
  });
}

/** The median value of edgeBlankField with blanks at its edges: quoted, the blanks are part of the value. */
export function edgeBlankValues(list: ListEndpoint, items: readonly Item[]): string[] {
  const name = edgeBlankField(list);
  const exposed = exposedFields(list).find((e) => e.name === name);
  const [median = 'x'] = exposed ? sampleValues(items, exposed, 1) : [];
  return [` ${median}`, `${median} `, `  ${median}  `];
}

/**
 * The field edgeBlankValues are compared on: the first text field the items show (free text, else tags), so that a
 * value trimmed selects items it must not; the free-text field where none is shown.
 */
export function edgeBlankField(list: ListEndpoint): string {
  const shown = (kind: string) => exposedFields(list).find((e) => e.field.kind === kind)?.name;
  return shown('string') ?? shown('tags') ?? freeTextField(list);
}

/** Unquoted values that begin or end with the grammar's words (AND, OR) or NOT: each is a value, never a junction. */
export const WORD_EDGED_VALUES = ['ORBIT', 'ANDES', 'BRAND', 'SCORE', 'NOTE'] as const;

/**
 * Proper parts of the field's median value (all but its last character, all but its first, its middle), each
 * trimmed: equality with a part selects the items holding that part, never those holding only the longer value.
 */
export function partValues(items: readonly Item[], exposed: ExposedField): string[] {
  const [median] = sampleValues(items, exposed, 1);
  const chars = [...(median ?? '')];
  const parts = [chars.slice(0, -1), chars.slice(1), chars.slice(1, -1)].map((part) => part.join('').trim());
  return [...new Set(parts)].filter((part) => part !== median && filterLiteral('string', part) !== undefined);
}

/** Comparisons every server must accept, one per field and operator, from the items' median values. */
export function acceptedComparisons(list: ListEndpoint, items: readonly Item[]): Comparison[] {
  return exposedFields(list).flatMap((exposed) => {
    const [median] = sampleValues(items, exposed, 1);
    return median === undefined
      ? []
      : FILTER_OPERATORS.filter((op) => mustAccept(exposed.field.kind, op)).map((op) =>
          comparison(exposed.name, op, median),
        );
  });
}

/**
 * `f = a OR f = b` and `f != a AND f != b` on the first field with two values: OR read
 * as AND selects nothing, AND read as OR everything. Where it has a third value, the same
 * of three comparisons too: a junction read two terms deep loses (or lets in) the third's items.
 */
export function junctionExamples(list: ListEndpoint, items: readonly Item[]): Junction[] {
  for (const exposed of exposedFields(list)) {
    const joined = (values: readonly string[]): Junction[] => {
      const terms = (op: FilterOperator) => values.map((v) => comparison(exposed.name, op, v));
      return [
        { kind: 'or', terms: terms('=') },
        { kind: 'and', terms: terms('!=') },
      ];
    };
    // Only values the oracle can judge equal to what an item holds (text beyond ASCII it leaves to the server).
    const judged = (values: string[]) =>
      values.filter((v) =>
        items.some((item) => judgeFilter(comparison(exposed.name, '=', v), item, list.filterFields) === 'match'),
      );
    const [pair, triple] = [judged(sampleValues(items, exposed, 2)), judged(sampleValues(items, exposed, 3))];
    if (pair.length < 2) continue;
    return triple.length === 3 ? [...joined(pair), ...joined(triple)] : joined(pair);
  }
  return [];
}

/**
 * Two comparisons on one field joined by AND and by OR, for the first field of each kind that has them: `tag = a
 * AND tag = b` with two tags one item holds both of (each comparison asked of one tag at a time selects nothing),
 * and `f > lo AND f < hi` between a time's or number's lower and upper quartile (a query keyed by field keeps
 * one bound and selects a side); by OR, both comparisons are true of the items holding both tags or lying
 * between the quartiles (a join of items with their values lists those once per comparison).
 */
export function sameFieldJunctions(list: ListEndpoint, items: readonly Item[]): Junction[] {
  const junctions: Junction[] = [];
  const seen = new Set<FieldKind>();
  for (const exposed of exposedFields(list)) {
    const { name, field } = exposed;
    if (seen.has(field.kind)) continue;
    if (field.kind === 'tags') {
      const count = new Map<string, number>();
      for (const item of items) {
        const tags = [...new Set(literalsOf(item, exposed).map((v) => v.text))].sort();
        for (const [i, a] of tags.entries())
          for (const b of tags.slice(i + 1)) {
            const key = JSON.stringify([a, b]);
            count.set(key, (count.get(key) ?? 0) + 1);
          }
      }
      const [best] = [...count.keys()].sort((x, y) => count.get(y)! - count.get(x)! || (x < y ? -1 : 1));
      if (best === undefined) continue;
      const [a, b] = JSON.parse(best) as [string, string];
      const terms = [comparison(name, '=', a), comparison(name, '=', b)];
      junctions.push({ kind: 'and', terms }, { kind: 'or', terms });
    } else if (field.kind === 'timestamp' || field.kind === 'number') {
      const sorted = items
        .flatMap((item) => literalsOf(item, exposed))
        .sort((x, y) => compareValues(field.kind, x.raw, y.raw));
      const lo = sorted[Math.floor(sorted.length / 4)];
      const hi = sorted[Math.floor((3 * sorted.length) / 4)];
      if (!lo || !hi || compareValues(field.kind, lo.raw, hi.raw) >= 0) continue;
      const terms = [comparison(name, '>', lo.text), comparison(name, '<', hi.text)];
      junctions.push({ kind: 'and', terms }, { kind: 'or', terms });
    } else continue;
    seen.add(field.kind);
  }
  return junctions;
}

/** The most comparisons one generated junction joins: three and more are read like two. */
const MAX_JUNCTION_TERMS = 4;

/** AND or OR of two to MAX_JUNCTION_TERMS comparisons; never both, since the spec shows no precedence. */
export function junctionArbitrary(candidates: readonly Comparison[]): fc.Arbitrary<FilterExpr> {
  return fc
    .tuple(
      fc.constantFrom<Junction['kind']>('and', 'or'),
      fc.array(fc.constantFrom(...candidates), { minLength: 2, maxLength: MAX_JUNCTION_TERMS }),
    )
    .map(([kind, terms]): FilterExpr => ({ kind, terms }));
}

/**
 * A listed value of `field` as a second decoding would read it back (`%47race Garcia` and `Grace+Garcia`
 * for `Grace Garcia`): each is a value of its own, selecting that item only where the filter is decoded twice.
 */
export function escapedLookalikes(list: ListEndpoint, items: readonly Item[], field: string): string[] {
  const exposed = exposedFields(list).find((e) => e.name === field);
  const [median] = exposed ? sampleValues(items, exposed, 1) : [];
  if (median === undefined || !/^[\x21-\x7e]/.test(median)) return [];
  const escaped = `%${median.charCodeAt(0).toString(16).toUpperCase()}${median.slice(1)}`;
  return median.includes(' ') ? [escaped, median.replaceAll(' ', '+')] : [escaped];
}

/** `f = "v w"` for each field with a value holding a space: it must be quoted to work. */
export function spacedComparisons(list: ListEndpoint, items: readonly Item[]): Comparison[] {
  return exposedFields(list).flatMap((exposed) => {
    const spaced = items
      .flatMap((item) => literalsOf(item, exposed))
      .map((v) => v.text)
      .filter((text) => text.includes(' '))
      .sort();
    return spaced.length ? [comparison(exposed.name, '=', spaced[0]!)] : [];
  });
}

/** `f = v` for each field's median value, and `f >= v` where every server orders the field: written compact, they put a two-character operator between a field and a value. */
export function compactComparisons(list: ListEndpoint, items: readonly Item[]): Comparison[] {
  return acceptedComparisons(list, items).filter((c) => c.op === '=' || c.op === '>=');
}

/** `f = v` for each field whose median value can be written without quotes. */
export function bareComparisons(list: ListEndpoint, items: readonly Item[]): Comparison[] {
  return exposedFields(list).flatMap((exposed) => {
    const [median] = sampleValues(items, exposed, 1);
    return median !== undefined && isBareValue(median) ? [comparison(exposed.name, '=', median)] : [];
  });
}

/** Shapes of an unquoted value a lexer may cut or read as something else (a number's digits before letters, a word's case, a sign). */
export const BARE_SHAPES: Readonly<Record<string, RegExp>> = {
  'beginning with a digit': /^[0-9]/,
  'digits only': /^[0-9]+$/,
  'mixed case': /[a-z].*[A-Z]|[A-Z].*[a-z]/,
  'holding - or _': /[-_]/,
};

/** Free text taking every shape of BARE_SHAPES that no listed value of a text field shows (each selects what holds it, likely nothing). */
const SHAPED_TEXT = ['2nd-Line_Agent', '2024'] as const;

const shapesOf = (value: string): string[] =>
  Object.entries(BARE_SHAPES)
    .filter(([, shape]) => shape.test(value))
    .map(([name]) => name);

/** Values of `values` (in their order) that together show every shape any of them shows beyond `covered`, fewest first. */
function covering(values: readonly string[], covered: ReadonlySet<string>): string[] {
  const seen = new Set(covered);
  const chosen: string[] = [];
  for (;;) {
    const gain = (v: string) => shapesOf(v).filter((s) => !seen.has(s)).length;
    const best = values.reduce<string | undefined>(
      (b, v) => (gain(v) > (b === undefined ? 0 : gain(b)) ? v : b),
      undefined,
    );
    if (best === undefined) return chosen;
    chosen.push(best);
    for (const s of shapesOf(best)) seen.add(s);
  }
}

/**
 * `f = v` with unquoted values of every shape (BARE_SHAPES) on each text, ID, enum or tag field, beside its median
 * (bareComparisons): listed values of the field, fewest that show every shape its values show (`accepted`). Where none
 * takes a shape: free text takes SHAPED_TEXT (`accepted`: any value is one it must take); an ID field none of whose IDs
 * begins with a digit, a listed ID with `01` for its first two characters, of the same length and alphabet and held by
 * no item (`refusable`: a server may refuse an ID it does not hold, as long as quoted or not alike).
 */
export function shapedComparisons(
  list: ListEndpoint,
  items: readonly Item[],
): { accepted: Comparison[]; refusable: Comparison[] } {
  const accepted: Comparison[] = [];
  const refusable: Comparison[] = [];
  for (const exposed of exposedFields(list)) {
    const { name, field } = exposed;
    if (field.kind === 'timestamp' || field.kind === 'number') continue;
    const [median] = sampleValues(items, exposed, 1);
    const listed = [
      ...new Set(items.flatMap((item) => literalsOf(item, exposed).map((v) => v.text)).filter(isBareValue)),
    ].sort();
    const covered = new Set(median === undefined ? [] : shapesOf(median));
    const chosen = covering(listed, covered).filter((v) => v !== median);
    accepted.push(...chosen.map((v) => comparison(name, '=', v)));
    for (const v of chosen) for (const s of shapesOf(v)) covered.add(s);
    if (field.kind === 'string') accepted.push(...covering(SHAPED_TEXT, covered).map((v) => comparison(name, '=', v)));
    const crafted = median === undefined ? undefined : `01${median.slice(2)}`;
    if (
      field.kind === 'id' &&
      crafted !== undefined &&
      !covered.has('beginning with a digit') &&
      /^[A-Za-z0-9]{3,}$/.test(median!) &&
      !listed.includes(crafted)
    )
      refusable.push(comparison(name, '=', crafted));
  }
  return { accepted, refusable };
}

/**
 * `f = v` with values other fields of the items hold (a metadata value, another ID, a name, a status), where some item
 * holds v elsewhere and not in f: a server reading more than f (its metadata, its other IDs, a search of the whole
 * item) returns that item. At most two: the value of another filter field and the value of any other field that such a
 * server would return the most items for (for an ID field, an ID first). Values of the field's kind: a time for a
 * timestamp, a number for a number.
 */
export function otherFieldComparisons(list: ListEndpoint, items: readonly Item[], exposed: ExposedField): Comparison[] {
  const { name, field } = exposed;
  const filterPaths = new Set(
    Object.values(list.filterFields).flatMap((f) => (f.path === null || f.path === field.path ? [] : [f.path])),
  );
  const fields = { [name]: field };
  // For each group (another filter field's value, any other), each value and the items it would wrongly bring.
  const found = [new Map<string, Set<number>>(), new Map<string, Set<number>>()] as const;
  items.forEach((item, index) => {
    for (const { path, raw } of leavesOf(item, '')) {
      if (path === field.path) continue;
      const text = otherLiteral(field.kind, raw);
      if (text === undefined || judgeFilter(comparison(name, '=', text), item, fields) !== 'no-match') continue;
      const group = found[filterPaths.has(path) ? 0 : 1];
      group.set(text, (group.get(text) ?? new Set()).add(index));
    }
  });
  // An ID field is sent an ID first (another field's, of the length and alphabet of its own): one a server validating IDs takes.
  const [median] = sampleValues(items, exposed, 1);
  const idLike = (text: string) =>
    field.kind === 'id' && text.length === median?.length && /^[A-Za-z0-9]+$/.test(text) ? 1 : 0;
  return found.flatMap((group) => {
    const [best] = [...group.entries()].sort(
      ([a, x], [b, y]) => idLike(b) - idLike(a) || y.size - x.size || (a < b ? -1 : a > b ? 1 : 0),
    );
    return best ? [comparison(name, '=', best[0])] : [];
  });
}

/** Every text and number of a value, with the dotted path it is at (an array's elements at the array's path). */
function leavesOf(value: unknown, path: string): { path: string; raw: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((element) => leavesOf(element, path));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, v]) => leavesOf(v, path ? `${path}.${key}` : key));
  return typeof value === 'string' || typeof value === 'number' ? [{ path, raw: value }] : [];
}

/** A value of another field as a filter on a field of `kind` may take it: a time, a number, or text (filterLiteral). */
function otherLiteral(kind: FieldKind, raw: unknown): string | undefined {
  if (kind === 'number') return filterLiteral('number', raw);
  if (typeof raw !== 'string') return undefined;
  if (kind === 'timestamp' && compareTimestamps(raw, raw) === undefined) return undefined;
  return filterLiteral('string', raw);
}

/**
 * The malformed shapes every endpoint must refuse, on one of its fields, written with blanks around operators or
 * (`compact`) without. Compact, a doubled operator is left out: `name==x` may be read as `name = "=x"` (the
 * specification does not say which characters an unquoted value may hold), while `name == x` has no such reading.
 */
export function malformedFilters(field: string, format: FormatOptions = {}): string[] {
  const b = blankOf(format);
  const doubled = format.compact ? [] : [`${field} == x`];
  return [`${field}${b}=`, `=${b}x`, ...doubled, `${field}${b}=${b}"open`, `${field}${b}=${b}x AND`];
}

const blankOf = (format: FormatOptions): string => (format.compact ? '' : ' ');

const valueText = (c: Comparison): string => formatFilter(c).slice(`${c.field} ${c.op} `.length);

type Breaker = (c: Comparison, d: Comparison, f: FormatOptions, b: string) => string;

/** Ways to break a valid comparison (or two) that no reading of the grammar repairs (`f`: how comparisons are written; `b`: the blank around an operator). */
const BREAKERS: readonly Breaker[] = [
  (c, _d, f) => `${formatFilter(c, f)} AND`,
  (c, _d, f) => `${formatFilter(c, f)} OR`,
  (c, _d, f) => `AND ${formatFilter(c, f)}`,
  (c, d, f) => `${formatFilter(c, f)} OR OR ${formatFilter(d, f)}`,
  // Compact, `<=` and `>=` with no value may read as `<` or `>` before the value `=`: their first character is sent.
  (c, _d, f, b) => `${c.field}${b}${f.compact && (c.op === '<=' || c.op === '>=') ? c.op[0] : c.op}`,
  (c, _d, _f, b) => `${c.op}${b}${valueText(c)}`,
  (c, _d, _f, b) => `${c.field}${b}${c.op}${b}"${c.value}`,
  (c, _d, f) => `${formatFilter(c, f)} ${c.op}`,
];

/** A doubled operator, written with blanks only (see malformedFilters). */
const DOUBLED_OPERATOR: Breaker = (c) => `${c.field} ${c.op}${c.op} ${valueText(c)}`;

/** Malformed filter text built from valid comparisons (values have no quotes, by filterLiteral). */
export function malformedArbitrary(
  candidates: readonly Comparison[],
  format: FormatOptions = {},
): fc.Arbitrary<string> {
  const term = fc.constantFrom(...candidates);
  const breakers = format.compact ? BREAKERS : [...BREAKERS, DOUBLED_OPERATOR];
  return fc
    .tuple(fc.constantFrom(...breakers), term, term)
    .map(([breaker, c, d]) => breaker(c, d, format, blankOf(format)));
}

/**
 * A listed value of a free-text field (its median) with its second character written as a pattern: `_`, `.` and `?`
 * in its place, `%` and `*` for it and all after it, `[c]` around it. Each is a value of its own, which a server
 * matching by LIKE, glob or regular expression takes for the listed one. Empty when no value has two characters.
 */
export function patternLookalikes(items: readonly Item[], exposed: ExposedField): string[] {
  const [median] = sampleValues(items, exposed, 1);
  const chars = [...(median ?? '')];
  if (chars.length < 2) return [];
  const [head, second] = [chars[0]!, chars[1]!];
  const tail = chars.slice(2).join('');
  const values = [
    ...['_', '.', '?'].map((c) => `${head}${c}${tail}`),
    ...['%', '*'].map((c) => `${head}${c}`),
    `${head}[${second}]${tail}`,
  ];
  return values.filter((v) => v !== median && filterLiteral('string', v) !== undefined);
}

/** `f = v` for each field with a listed value holding a blank (spacedComparisons), that blank doubled: quoted, a value no blank of which is collapsed. */
export function widenedBlankComparisons(list: ListEndpoint, items: readonly Item[]): Comparison[] {
  return spacedComparisons(list, items).map((c) => comparison(c.field, '=', c.value.replace(' ', '  ')));
}
