// The valid space of a resource's fields beyond their typical values: one create per shape
// (lib/gen/values.ts), every text, e-mail, URL and phone field of it in its kind's shape. Each
// comes back as sent (value and JSON type), from the create and from the read the specification
// shows; a value a careful server may refuse is refused with INVALID_ARGUMENT naming its field,
// and the create is sent again with that field typical. Any other refusal fails the create's rule.
// Beside it, explicit null in every optional field with a stated default: refused, or the default; in every other
// optional field: refused, or read back null, absent or empty; and in every field of an update body: refused, or the
// field left as it was.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import { echoMismatches } from '../assert/echo.js';
import { detailFields, rejectsNaming } from '../assert/error-details.js';
import { detailsName } from '../assert/detail-field.js';
import { isSuccess } from '../assert/responses.js';
import {
  NESTING_DEPTHS,
  SHAPED_VALUES,
  WIDE_VALUES,
  nestedValue,
  shapeCount,
  shapedValue,
  type ValueKind,
} from '../gen/values.js';
import { allEnded, check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import { sentBody } from '../harness/resources.js';
import type { JsonObject } from '../util/json.js';
import type { Judge } from './length-limits.js';

/**
 * A field's kind, or a list of values of that kind: one value, and (`repeats`, where the specification's words
 * make a repeated item ordinary, as persona lines) the same value twice, which a set would fold into one; or an
 * object field the specification leaves free, whose keys (`object: 'key'`) take the shapes.
 */
export type FieldShape =
  ValueKind | { readonly list: ValueKind; readonly repeats?: boolean } | { readonly object: 'key' };

export interface ValueSpace {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** What the creates share beside the shaped fields, as the title says it (`a SCRIPT test case`). */
  readonly variant?: string;
  /** The create's own rule: a valid create is accepted and returns every field as sent. */
  readonly requirement: RequirementId;
  /** The fields, by name; a dotted name is a key inside an object field (`simulation_metadata_input.script_turns`). */
  readonly fields: Readonly<Record<string, FieldShape>>;
  /** Typical valid values of the fields whose shapes may be refused, for the `index`th create: sent again in their place. */
  typical(t: CheckContext, index: number): JsonObject;
  /**
   * Fields the `index`th create sends beside the shaped ones, taking each value of an enumeration in turn (a model
   * type) where the rule holds per value: every value meets a share of the shapes, at no request more.
   */
  readonly beside?: {
    readonly what: string;
    fields(index: number): JsonObject;
    /**
     * Fields some of those values may need that the creates leave out (what an AUDIO test case's
     * simulation_metadata_input holds is not shown): a create refused naming one of them, and none of the shaped
     * fields, is that reading, noted; its shapes are judged by the creates of the other values.
     */
    readonly mayNeed?: readonly string[];
  };
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
  /** Reads back what a create accepted (READ-BACK-UNCHANGED), where the specification shows a read. */
  readonly readBack?: Judge['readBack'];
  /** The check's options beside `writes`; an `exclusive` check (an update of one resource) sends its shapes one at a time. */
  readonly options?: CheckOptions;
  /** The free-form object fields (dotted, as `fields`), all sent together holding JSON nested deep (NESTING_DEPTHS). */
  readonly deep?: readonly string[];
  /** The free-form object fields (dotted) no reading of the specification lets a server refuse, all sent together holding WIDE_VALUES. */
  readonly wide?: readonly string[];
  /** The list fields (dotted) the specification bounds nowhere, each with its `n`th well-formed element: all sent together LONG_LIST_LENGTH long. */
  readonly longLists?: Readonly<Record<string, (n: number) => string>>;
  /** The text fields (dotted, of `fields`; a list holds one such text) the specification bounds nowhere: all sent together LONG_TEXT_LENGTH long. */
  readonly longText?: readonly string[];
}

/** Several hundred elements: past what one SQL statement binds as two variables a row (SQLite's 999). */
export const LONG_LIST_LENGTH = 500;
/** ASCII characters past 64 KiB: past a TEXT column (65,535 bytes) and a 16-bit length. */
export const LONG_TEXT_LENGTH = 70_000;

/** A text of `length` characters made of words (no run a compressor or a dedup would mistake for filler alone). */
function longText(length: number, salt: number): string {
  let text = `Note ${salt}:`;
  for (let n = 0; text.length < length; n++) text += ` word${n}`;
  return text.slice(0, length);
}

const kindOf = (shape: FieldShape): ValueKind =>
  typeof shape === 'string' ? shape : 'list' in shape ? shape.list : shape.object;

/**
 * Every third create, a list of text holds an empty and a blank item after the value: a store that cleans lists
 * (`filter(Boolean)`, trimming) loses them. A careful server may refuse them instead.
 */
const withBlankItems = (shape: FieldShape, index: number): boolean =>
  typeof shape === 'object' && 'list' in shape && shape.list === 'text' && index % 3 === 2;

/** A field of `shape` holding `value`: the value, a list of it, or an object with it as a key beside a plain one. */
function shaped(shape: FieldShape, value: string, index: number): JsonObject[string] {
  if (typeof shape === 'string') return value;
  if ('object' in shape) return { [value]: 'under an unusual key', plain: 'beside it' };
  const items = shape.repeats && index % 2 === 1 ? [value, value] : [value];
  return withBlankItems(shape, index) ? [...items, '', ' '] : items;
}

/** A field's value where `typical` gives none: its kind's first shape, which no server may refuse. */
const plainValue = (shape: FieldShape): JsonObject[string] => shaped(shape, SHAPED_VALUES[kindOf(shape)][0]!.value, 0);

/** `value` under the dotted `path` of `body`, the objects on the way made as needed. */
function put(body: JsonObject, path: string, value: unknown): void {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (!rest.length) {
    body[key] = value as JsonObject[string];
    return;
  }
  const inner = (body[key] ??= {}) as JsonObject;
  put(inner, rest.join('.'), value);
}

/** The `index`th shape of every field: a name carries the run marker in front (at its end where its first character is the shape; none where the whole text is); a list holds one value, or on odd creates the value twice where it `repeats` (and blank items, `withBlankItems`); an object has it as a key. */
function shapedFields(t: CheckContext, space: ValueSpace, index: number): { fields: JsonObject; refusable: string[] } {
  const fields: JsonObject = { ...space.beside?.fields(index) };
  const refusable: string[] = [];
  for (const [field, shape] of Object.entries(space.fields)) {
    const { value, mayRefuse, leads, whole } = shapedValue(kindOf(shape), index);
    const sent = kindOf(shape) !== 'name' || whole ? value : leads ? `${value} ${t.config.runMarker}` : t.name(value);
    put(fields, field, shaped(shape, sent, index));
    if (mayRefuse || withBlankItems(shape, index)) refusable.push(field);
  }
  return { fields, refusable };
}

/** What the `index`th create sends, as a report names it. */
const describe = (space: ValueSpace, index: number): string =>
  [
    ...new Set(Object.values(space.fields).map((shape) => shapedValue(kindOf(shape), index).shape)),
    ...(Object.values(space.fields).some((shape) => withBlankItems(shape, index))
      ? ['an empty and a blank list item']
      : []),
    ...Object.entries(space.beside?.fields(index) ?? {}).map(([field, value]) => `${field} ${JSON.stringify(value)}`),
  ].join('; ');

async function sendShape(t: CheckContext, space: ValueSpace, index: number): Promise<void> {
  const what = `valid values of unusual shapes (${describe(space, index)})`;
  const { fields, refusable } = shapedFields(t, space, index);
  let call = await space.send(t, fields);
  // Each refusal a careful server may make names a field, sent again typical: at most one more create per such field.
  // A key inside an object field is named by itself (`script_turns`), as a detail may name it under any parent, or
  // by the object field holding it (`config_overrides`), which a server checking the values of a map names.
  const namesOf = (field: string): string[] => [...new Set([field.split('.').at(-1)!, field.split('.')[0]!])];
  for (let left = refusable.length; !isSuccess(call) && left > 0; left--) {
    const named = refusable.filter((field) => detailsName(detailFields(call), namesOf(field)));
    if (!named.length) break;
    t.expectInvalidArgument(
      call,
      [space.requirement, 'ERROR-INVALID-ARGUMENT'],
      named.flatMap(namesOf),
      `${what}, one a server may refuse`,
    );
    const typical = space.typical(t, index);
    for (const field of named) {
      put(fields, field, typical[field] ?? plainValue(space.fields[field]!));
      refusable.splice(refusable.indexOf(field), 1);
    }
    call = await space.send(t, fields);
  }
  const needed = space.beside?.mayNeed ?? [];
  const shapedNamed = Object.keys(space.fields).some((field) => detailsName(detailFields(call), namesOf(field)));
  if (needed.length && rejectsNaming(call, ...needed) && !shapedNamed)
    return t.note(
      `${space.operation} refused the create of ${what} naming only ${needed.join(' or ')}, which it may need`,
    );
  const resource = t.expectResource(call, [space.requirement], `creating with ${what}`);
  const mismatches = echoMismatches(sentBody(call), resource);
  t.assert(
    !mismatches.length,
    [space.requirement],
    `${space.operation} did not return ${what} as sent: ${mismatches.join('; ')}`,
    call,
  );
  await space.readBack?.(t, call, what);
}

/** The check of a resource's valid space: every shape sent once, the creates in parallel (updates of one resource in turn). */
export function valueSpaceCheck(space: ValueSpace): void {
  const kinds = Object.values(space.fields).map(kindOf);
  // A value a careful server may refuse is refused as an invalid field (ERROR-INVALID-ARGUMENT), never failed on.
  const requirements: RequirementId[] = [
    space.requirement,
    'ERROR-INVALID-ARGUMENT',
    ...(space.readBack ? ['READ-BACK-UNCHANGED' as const] : []),
  ];
  check(
    `${space.id}.unusual-valid-values`,
    requirements,
    `${space.operation}${space.variant ? ` (${space.variant})` : ''} stores valid values of unusual shapes in ${Object.keys(space.fields).join(', ')}${space.beside ? ` (${space.beside.what})` : ''} as sent${space.readBack ? ', and reads them back so' : ''}`,
    async (t) => {
      const indices = Array.from({ length: shapeCount(kinds) }, (_, index) => index);
      if (space.options?.exclusive) for (const index of indices) await sendShape(t, space, index);
      else await allEnded(indices.map((index) => sendShape(t, space, index)));
    },
    { ...space.options, writes: true },
  );
  if (space.deep?.length) deepNestingCheck(space, space.deep);
  if (space.wide?.length) wideValuesCheck(space, space.wide);
  if (space.longLists && Object.keys(space.longLists).length) longListsCheck(space, space.longLists);
  if (space.longText?.length) longTextCheck(space, space.longText);
}

/** A create of `fields`: returned as sent (the call, for a read back), or refused with a 4xx (undefined); never a 5xx. */
async function storedOrRefused(
  t: CheckContext,
  space: ValueSpace,
  fields: JsonObject,
  what: string,
): Promise<Call | undefined> {
  const call = await space.send(t, fields);
  if (!isSuccess(call)) {
    expectRefusedNotFailed(t, call, [space.requirement], what);
    return undefined;
  }
  const mismatches = echoMismatches(sentBody(call), t.expectResource(call, [space.requirement], what));
  t.assert(
    !mismatches.length,
    [space.requirement],
    `${space.operation} accepted ${what} but did not return it as sent: ${mismatches.join('; ')}`,
    call,
  );
  return call;
}

/** One create holding `long` in its fields: stored whole (returned and read back whole), or refused with a 4xx; never a 5xx. */
async function sendLong(t: CheckContext, space: ValueSpace, long: JsonObject, what: string): Promise<void> {
  const fields = space.typical(t, 0);
  for (const [field, value] of Object.entries(long)) put(fields, field, value);
  const call = await storedOrRefused(t, space, fields, what);
  if (call) await space.readBack?.(t, call, what);
}

/** Every list field with no stated bound, LONG_LIST_LENGTH well-formed elements each, in one create. */
function longListsCheck(space: ValueSpace, lists: Readonly<Record<string, (n: number) => string>>): void {
  const names = Object.keys(lists);
  check(
    `${space.id}.long-unbounded-lists`,
    [space.requirement, ...(space.readBack ? ['READ-BACK-UNCHANGED' as const] : [])],
    `${space.operation}${space.variant ? ` (${space.variant})` : ''} with ${names.join(', ')} each holding ${LONG_LIST_LENGTH} well-formed elements (no maximum is stated) stores each whole${space.readBack ? ' and reads it back so' : ''}, or refuses it with a 4xx; never fails with a 5xx`,
    async (t) => {
      const long = Object.fromEntries(
        Object.entries(lists).map(([field, element]) => [
          field,
          Array.from({ length: LONG_LIST_LENGTH }, (_, n) => element(n)),
        ]),
      );
      await sendLong(t, space, long, `${names.join(', ')} of ${LONG_LIST_LENGTH} elements each`);
    },
    { ...space.options, writes: true },
  );
}

/** Every text field with no stated bound, LONG_TEXT_LENGTH characters each (a list's one element), in one create. */
function longTextCheck(space: ValueSpace, fields: readonly string[]): void {
  check(
    `${space.id}.long-unbounded-text`,
    [space.requirement, ...(space.readBack ? ['READ-BACK-UNCHANGED' as const] : [])],
    `${space.operation}${space.variant ? ` (${space.variant})` : ''} with ${fields.join(', ')} each ${LONG_TEXT_LENGTH} characters long (no maximum is stated) stores each whole${space.readBack ? ' and reads it back so' : ''}, or refuses it with a 4xx; never fails with a 5xx`,
    async (t) => {
      const long = Object.fromEntries(
        fields.map((field, salt) => {
          const text = longText(LONG_TEXT_LENGTH, salt);
          const shape = space.fields[field];
          return [field, shape !== undefined && typeof shape === 'object' && 'list' in shape ? [text] : text];
        }),
      );
      await sendLong(t, space, long, `${fields.join(', ')} of ${LONG_TEXT_LENGTH} characters each`);
    },
    { ...space.options, writes: true },
  );
}

/** Objects of many keys and lists of many elements in every free-form object field, one create per shape: accepted, returned and read back whole. */
function wideValuesCheck(space: ValueSpace, wide: readonly string[]): void {
  check(
    `${space.id}.wide-values`,
    [space.requirement, ...(space.readBack ? ['READ-BACK-UNCHANGED' as const] : [])],
    `${space.operation} with ${wide.join(', ')} holding ${WIDE_VALUES.map((v) => v.shape).join(', then ')} (small values, far under every size limit) accepts each and returns it whole${space.readBack ? ', and reads it back so' : ''}`,
    async (t) => {
      const sendWide = async ({ shape, value }: (typeof WIDE_VALUES)[number], index: number): Promise<void> => {
        const what = `${wide.join(', ')} holding ${shape}`;
        const fields = space.typical(t, index);
        for (const field of wide) put(fields, field, value);
        const call = await space.send(t, fields);
        const mismatches = echoMismatches(sentBody(call), t.expectResource(call, [space.requirement], what));
        t.assert(
          !mismatches.length,
          [space.requirement],
          `${space.operation} did not return ${what} whole: ${mismatches.join('; ')}`,
          call,
        );
        await space.readBack?.(t, call, what);
      };
      if (space.options?.exclusive) for (const [index, value] of WIDE_VALUES.entries()) await sendWide(value, index);
      else await allEnded(WIDE_VALUES.map((value, index) => sendWide(value, index)));
    },
    { ...space.options, writes: true },
  );
}

/**
 * What a server may refuse (a valid value it need not take, JSON nested deep; a parameter beside a page token issued
 * for another query), refused: with a 4xx and an error envelope, never failed on with a 5xx.
 */
export function expectRefusedNotFailed(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what: string,
): void {
  t.expectRejection(call, requirements, {}, what);
  t.assert(
    call.response.status < 500,
    requirements,
    `${call.endpoint.key} with ${what} failed with ${call.response.status}, a server error where a 4xx refuses it`,
    call,
  );
}

/** JSON nested deep in every free-form object field, one create per depth: accepted as sent, or refused with a 4xx; never a 5xx. */
function deepNestingCheck(space: ValueSpace, deep: readonly string[]): void {
  check(
    `${space.id}.deep-nesting`,
    [space.requirement],
    `${space.operation} with ${deep.join(', ')} holding JSON nested ${NESTING_DEPTHS.join(' and ')} levels deep accepts it as sent, or refuses it with a 4xx; never fails with a 5xx`,
    async (t) => {
      const sendDeep = async (depth: number, index: number): Promise<void> => {
        const what = `${deep.join(', ')} nested ${depth} levels deep`;
        const fields = space.typical(t, index);
        for (const field of deep) put(fields, field, nestedValue(depth));
        await storedOrRefused(t, space, fields, what);
      };
      if (space.options?.exclusive) for (const [index, depth] of NESTING_DEPTHS.entries()) await sendDeep(depth, index);
      else await allEnded(NESTING_DEPTHS.map((depth, index) => sendDeep(depth, index)));
    },
    { ...space.options, writes: true },
  );
}

/** An optional field whose absence the specification fills: what it must read as, and the rule that says so. */
export interface StatedDefault {
  readonly requirement: RequirementId;
  /** The value an omitted field takes (for a derived one, what the rest of the body derives). */
  readonly value: unknown;
  /** The default is the empty string, which a server may leave out (proto3 JSON), as for an omitted field. */
  readonly emptyMayBeAbsent?: boolean;
  /** The field the default shows in, where another is derived from this one (expected_behaviors of expected_output_str). */
  readonly shownIn?: string;
}

export interface ExplicitNulls {
  /** The check ids' first words (`test-cases.create`). */
  readonly id: string;
  /** `POST /v1/test-cases`, as the title says it. */
  readonly operation: string;
  /** The create's own rule: an accepted create returns its resource. */
  readonly requirement: RequirementId;
  readonly defaults: Readonly<Record<string, StatedDefault>>;
  /** Every other optional (or nullable) field of the body: sent null together in one create. */
  readonly optional?: readonly string[];
  /** The fields the specification types "or null": null is one of their values, so never refused. */
  readonly nullable?: readonly string[];
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
}

/** What a field sent null may read back as: null, nothing, or its JSON type's empty value; never the text "null" nor [null]. */
const readsAsNull = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || isDeepStrictEqual(value, []) || isDeepStrictEqual(value, {});

/**
 * Explicit null in every optional field without a stated default, all in one create: a server may refuse one
 * (INVALID_ARGUMENT naming it; the create is sent again without it), or store each as nothing.
 */
function optionalNullCheck(space: ExplicitNulls, optional: readonly string[]): void {
  const requirements: RequirementId[] = [space.requirement, 'ERROR-INVALID-ARGUMENT'];
  check(
    `${space.id}.explicit-null.optional-fields`,
    requirements,
    `${space.operation} with ${optional.join(', ')} null refuses one naming it, or reads each back null, absent or empty, never as the text "null" or a list holding null`,
    async (t) => {
      const fields: JsonObject = Object.fromEntries(optional.map((field) => [field, null]));
      const what = () => `${Object.keys(fields).join(', ')} sent as null`;
      let call = await space.send(t, fields);
      for (let left = optional.length; !isSuccess(call) && left > 0; left--) {
        const named = Object.keys(fields).filter((field) => detailsName(detailFields(call), [field]));
        if (!named.length) break;
        t.expectInvalidArgument(call, requirements, named, what());
        for (const field of named) delete fields[field];
        call = await space.send(t, fields);
      }
      const resource = t.expectResource(call, [space.requirement], `creating with ${what()}`);
      const stored = Object.keys(fields).filter((field) => !readsAsNull(resource[field]));
      t.assert(
        !stored.length,
        [space.requirement],
        `${space.operation} with ${what()} should read each back null, absent or empty, got ${stored.map((field) => `${field} ${JSON.stringify(resource[field])}`).join(', ')}`,
        call,
      );
    },
    { writes: true },
  );
}

/**
 * Explicit null in every optional field with a stated default or derived value: the specification does not say
 * whether null means "absent", so a server may refuse it (INVALID_ARGUMENT naming the field) or apply the default;
 * it may never store null, nor leave out a default other than an empty one. Every other optional field: optionalNullCheck.
 */
export function explicitNullChecks(space: ExplicitNulls): void {
  for (const [field, stated] of Object.entries(space.defaults)) {
    check(
      `${space.id}.explicit-null.${field.replaceAll('_', '-')}`,
      [stated.requirement],
      `${space.operation} with ${field} null ${space.nullable?.includes(field) ? 'is accepted and takes' : `is refused naming ${field}, or takes`} its default ${JSON.stringify(stated.value)}`,
      async (t) => {
        const what = `${field} sent as null`;
        const call = await space.send(t, { [field]: null });
        if (!isSuccess(call) && !space.nullable?.includes(field)) {
          t.expectInvalidArgument(call, [stated.requirement], field, what);
          return;
        }
        const got = t.expectResource(call, [space.requirement], `creating with ${what}`)[stated.shownIn ?? field];
        t.assert(
          isDeepStrictEqual(got, stated.value) ||
            (got === undefined && stated.emptyMayBeAbsent === true) ||
            // An empty list may read as null or nothing (proto3 JSON leaves empty lists out).
            (isDeepStrictEqual(stated.value, []) && (got === null || got === undefined)),
          [stated.requirement],
          `${space.operation} with ${what} should refuse it or apply the default ${stated.shownIn ? `${stated.shownIn} ` : ''}${JSON.stringify(stated.value)}, got ${got === undefined ? 'nothing' : JSON.stringify(got)}`,
          call,
        );
      },
      { writes: true },
    );
  }
  if (space.optional?.length) optionalNullCheck(space, space.optional);
  for (const field of space.nullable?.filter((f) => !(f in space.defaults)) ?? []) nullableCheck(space, field);
}

/** A field the specification types "or null", sent null alone: accepted, and read back null, absent or empty. */
function nullableCheck(space: ExplicitNulls, field: string): void {
  check(
    `${space.id}.explicit-null.nullable.${field.replaceAll('_', '-')}`,
    [space.requirement],
    `${space.operation} with ${field} null, a value its type ("or null") allows, is accepted and reads back null, absent or empty`,
    async (t) => {
      const what = `${field} sent as null`;
      const call = await space.send(t, { [field]: null });
      const got = t.expectResource(call, [space.requirement], `creating with ${what}`)[field];
      t.assert(
        readsAsNull(got),
        [space.requirement],
        `${space.operation} with ${what} should read it back null, absent or empty, got ${JSON.stringify(got)}`,
        call,
      );
    },
    { writes: true },
  );
}

export interface ExplicitUpdateNulls {
  /** The check ids' first words (`dashboards.patch`). */
  readonly id: string;
  /** `PATCH /v1/dashboards/{dashboard_id}`, as the title says it. */
  readonly operation: string;
  /** The update's own rule: an accepted update returns its resource. */
  readonly requirement: RequirementId;
  /** Every field the update body holds. */
  readonly fields: readonly string[];
  /** Gives the resource a value of its own in `field` (an accepted update, whose answer is returned). */
  set(t: CheckContext, field: string): Promise<Call>;
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
  readonly options?: CheckOptions;
}

/**
 * Explicit null in every field of an update body: the specification does not say whether null means "absent", so a
 * server may refuse it (INVALID_ARGUMENT naming the field) or leave the field as it was; it may never store null.
 */
export function explicitUpdateNullChecks(space: ExplicitUpdateNulls): void {
  for (const field of space.fields) {
    check(
      `${space.id}.explicit-null.${field.replaceAll('_', '-')}`,
      [space.requirement],
      `${space.operation} with ${field} null is refused naming ${field}, or leaves ${field} as it was`,
      async (t) => {
        const what = `${field} sent as null`;
        const before = t.expectResource(await space.set(t, field), [space.requirement], `setting ${field}`)[field];
        const call = await space.send(t, { [field]: null });
        if (!isSuccess(call)) {
          t.expectInvalidArgument(call, [space.requirement], field, what);
          return;
        }
        const got = t.expectResource(call, [space.requirement], `updating with ${what}`)[field];
        t.assert(
          isDeepStrictEqual(got, before),
          [space.requirement],
          `${space.operation} with ${what} should refuse it or leave ${JSON.stringify(before)}, got ${got === undefined ? 'nothing' : JSON.stringify(got)}`,
          call,
        );
      },
      { ...space.options, writes: true },
    );
  }
}
