// An enumerated field takes its listed values and nothing else: not a value made of them (a part of one, two
// joined, one with a suffix), which a membership test by substring or prefix lets through. Letter case and
// surrounding blanks are left out: the requirements allow recognising another case, and trimming is a reading.

import type { RequirementId } from '../../contract/requirements/index.js';
import { isSuccess } from '../../assert/responses.js';
import type { JsonObject } from '../../util/json.js';
import type { Call, CheckContext } from '../../harness/context.js';
import { check } from '../../harness/index.js';
import { checkIdOf } from '../../result/check-id.js';

/** A value made of listed ones that is none of them, with why. */
export interface MadeOfListed {
  readonly value: string;
  readonly why: string;
}

/**
 * A proper part of the first listed value (each end cut), two listed values joined (`|`, `,`), and every listed value
 * with a suffix: a membership test by prefix may be written for one value alone (a subtype read as its type).
 */
export function madeOfListed(listed: readonly string[]): readonly MadeOfListed[] {
  const [first = '', second = first] = listed;
  return [
    { value: first.slice(1), why: `a part of ${first}` },
    { value: first.slice(0, -1), why: `a part of ${first}` },
    { value: `${first}|${second}`, why: 'two listed values joined' },
    { value: `${first},${second}`, why: 'two listed values joined' },
    ...listed.map((value) => ({ value: `${value}_X`, why: `${value} with a suffix` })),
  ];
}

export interface EnumeratedField {
  /** The field as a refusal names it (a list's element is named by the list, or inside it). */
  readonly field: string;
  readonly requirements: readonly RequirementId[];
  readonly listed: readonly string[];
  /** Sends a body valid in every respect but the field, which holds `value` (in a list for a list's element). */
  send(t: CheckContext, value: string): Promise<Call>;
  /** Other fields a refusal may name instead (the object holding the field), read once the check runs. */
  readonly alsoNamed?: (t: CheckContext) => Promise<readonly string[]>;
  /**
   * Sends the fullest valid body (every optional field set, a configuration included) with the field holding
   * `value`: rules of other fields looked up by this one's value before it is judged fail on an unlisted one.
   */
  readonly sendFullest?: (t: CheckContext, value: string) => Promise<Call>;
}

/** The unlisted value the fullest body carries: the first listed value with a suffix. */
const unlistedOf = (listed: readonly string[]): string => `${listed[0] ?? ''}_X`;

/** One check per field: each value made of its listed ones is refused with INVALID_ARGUMENT naming the field. */
export function madeOfListedChecks(id: string, fields: readonly EnumeratedField[]): void {
  for (const { field, requirements, listed, send, alsoNamed, sendFullest } of fields) {
    const values = madeOfListed(listed);
    check(
      checkIdOf(id, field, 'made-of-listed'),
      requirements,
      `${field} made of listed values but none of them (${values.map(({ value }) => JSON.stringify(value)).join(', ')}) is rejected naming ${field}`,
      async (t) => {
        const names = [field, ...((await alsoNamed?.(t)) ?? [])];
        for (const { value, why } of values)
          t.expectInvalidArgument(
            await send(t, value),
            requirements,
            names,
            `${field} ${JSON.stringify(value)} (${why})`,
            {
              within: true,
            },
          );
      },
      { writes: true },
    );
    if (sendFullest) {
      const value = unlistedOf(listed);
      check(
        checkIdOf(id, field, 'unlisted-in-fullest-body'),
        requirements,
        `${field} ${JSON.stringify(value)} in the fullest valid body (every optional field set, a configuration too where the body takes one) is rejected with INVALID_ARGUMENT naming ${field}, never failed on`,
        async (t) => {
          const names = [field, ...((await alsoNamed?.(t)) ?? [])];
          t.expectInvalidArgument(
            await sendFullest(t, value),
            requirements,
            names,
            `${field} ${JSON.stringify(value)} in the fullest body`,
            { within: true },
          );
        },
        { writes: true },
      );
    }
  }
}

/** A required field of a create, and the rules that make it so. */
export interface RequiredField {
  readonly field: string;
  readonly requirements: readonly RequirementId[];
}

export interface RequiredUnderEachValue {
  /** The check ids' first words (`test-cases.create`). */
  readonly id: string;
  /** The enumerated field of the same body, and its listed values. */
  readonly enumerated: string;
  readonly listed: readonly string[];
  readonly required: readonly RequiredField[];
  /** Fields a refusal may name instead, where a value may need what the body leaves out (not shown). */
  readonly alsoNamed?: readonly string[];
  /** Sends a body valid in every respect with `enumerated` holding `value`, `without` left out. */
  send(t: CheckContext, value: string, without: string): Promise<Call>;
}

/** A body each listed value of the enumerated field must have refused alike, with INVALID_ARGUMENT naming `named`. */
interface Refusal {
  /** The check id's words for what is wrong (`missing`, the field). */
  readonly idWords: readonly string[];
  /** What is sent and refused, as the title says it (before "under every ..."). */
  readonly title: string;
  readonly requirements: readonly RequirementId[];
  readonly named: readonly string[];
  what(value: string): string;
  send(t: CheckContext, value: string): Promise<Call>;
}

function refusedUnderEachValue(id: string, enumerated: string, listed: readonly string[], refusal: Refusal): void {
  check(
    checkIdOf(id, ...refusal.idWords, 'under-each', enumerated),
    refusal.requirements,
    `${refusal.title} under every ${enumerated} (${listed.join(', ')})`,
    async (t) => {
      const calls = await Promise.all(listed.map(async (value) => ({ value, call: await refusal.send(t, value) })));
      for (const { value, call } of calls)
        t.expectInvalidArgument(call, refusal.requirements, refusal.named, refusal.what(value));
    },
    { writes: true },
  );
}

/**
 * Each required field left out under every listed value of the body's enumerated field: refused with
 * INVALID_ARGUMENT naming it, whatever the value (a rule applied to some types only lets the others through).
 */
export function requiredUnderEachValueChecks({
  id,
  enumerated,
  listed,
  required,
  alsoNamed = [],
  send,
}: RequiredUnderEachValue): void {
  for (const { field, requirements } of required)
    refusedUnderEachValue(id, enumerated, listed, {
      idWords: ['missing', field],
      title: `a body without ${field} is rejected with INVALID_ARGUMENT naming ${field}`,
      requirements,
      named: [field, ...alsoNamed],
      what: (value) => `${enumerated} ${value} without ${field}`,
      send: (t, value) => send(t, value, field),
    });
}

/** A required field given an explicit empty value: no value of it either, so refused like its absence. */
export interface EmptyRequired {
  readonly field: string;
  /** The check id's word for the field where two rows share a name (a configuration key named like a top-level field). */
  readonly key?: string;
  readonly requirements: readonly RequirementId[];
  /** The listed values under which the specification requires the field (every one when not given). */
  readonly under?: readonly string[];
  /**
   * Its empty forms: `""` for text (and blanks only where its format holds no blank text: a URL, a number, JSON), `[]`
   * for a list.
   */
  readonly empty: readonly JsonObject[string][];
  /** Other fields a refusal may name instead (the object holding a key), read once the check runs. */
  readonly alsoNamed?: (t: CheckContext) => Promise<readonly string[]>;
}

export interface EmptyRequiredUnderEachValue {
  readonly id: string;
  readonly enumerated: string;
  readonly listed: readonly string[];
  readonly required: readonly EmptyRequired[];
  /** Sends a body valid in every respect with `enumerated` holding `value` and the row's field `given` (left out when undefined). */
  send(t: CheckContext, value: string, row: EmptyRequired, given: JsonObject[string] | undefined): Promise<Call>;
}

const shownEmpty = (empty: readonly unknown[]): string => empty.map((value) => JSON.stringify(value)).join(', ');

/**
 * Each required field given each of its explicit empty values, under every listed value that requires it: refused with
 * INVALID_ARGUMENT naming it, as the body without it is (a presence test, `"field" in body`, takes `""` for a value).
 */
export function emptyRequiredUnderEachValueChecks({
  id,
  enumerated,
  listed,
  required,
  send,
}: EmptyRequiredUnderEachValue): void {
  for (const row of required) {
    const under = row.under ?? listed;
    const named =
      under.length === listed.length
        ? `, under every ${enumerated} (${under.join(', ')})`
        : `, under ${enumerated} ${under.join(', ')}`;
    check(
      checkIdOf(id, 'empty', row.key ?? row.field, 'under-each', enumerated),
      row.requirements,
      `${row.field} given as ${shownEmpty(row.empty)} (no value of a required field) is rejected with INVALID_ARGUMENT naming ${row.field}, as a body without it is${named}`,
      async (t) => {
        const names = [row.field, ...((await row.alsoNamed?.(t)) ?? [])];
        const sent = await Promise.all(
          under.flatMap((value) =>
            row.empty.map(async (empty) => ({ value, empty, call: await send(t, value, row, empty) })),
          ),
        );
        for (const { value, empty, call } of sent)
          t.expectInvalidArgument(
            call,
            row.requirements,
            names,
            `${enumerated} ${value} with ${row.field} ${JSON.stringify(empty)}${isSuccess(call) ? ' (accepted as if it were a value)' : ''}`,
            { within: true },
          );
      },
      { writes: true },
    );
  }
}

/** A field's value its rule refuses, and why. */
export interface InvalidField {
  readonly field: string;
  readonly value: unknown;
  /** What is wrong with it, for the title and the failure (`neither E.164 nor a SIP address`). */
  readonly why: string;
  readonly requirements: readonly RequirementId[];
}

export interface InvalidUnderEachValue {
  /** The check ids' first words (`agents.fields`). */
  readonly id: string;
  /** The enumerated field of the same body, and its listed values. */
  readonly enumerated: string;
  readonly listed: readonly string[];
  readonly invalid: readonly InvalidField[];
  /** Sends a body valid in every respect with `enumerated` holding `value`, `field` holding `invalid`. */
  send(t: CheckContext, value: string, field: string, invalid: unknown): Promise<Call>;
}

/**
 * Each field's invalid value under every listed value of the body's enumerated field: refused with INVALID_ARGUMENT
 * naming it, whatever the value (a format checked by one type's reader lets the others through).
 */
export function invalidUnderEachValueChecks({ id, enumerated, listed, invalid, send }: InvalidUnderEachValue): void {
  for (const { field, value, why, requirements } of invalid)
    refusedUnderEachValue(id, enumerated, listed, {
      idWords: ['invalid', field],
      title: `${field} ${JSON.stringify(value)} (${why}) is rejected with INVALID_ARGUMENT naming ${field}`,
      requirements,
      named: [field],
      what: (each) => `${enumerated} ${each} with ${field} ${JSON.stringify(value)} (${why})`,
      send: (t, each) => send(t, each, field, value),
    });
}
