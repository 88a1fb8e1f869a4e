// Wrong JSON types on every field of a write (REQUEST-WRONG-TYPE): where the specification states a field's type,
// a value of every other JSON type is refused with INVALID_ARGUMENT naming the field, and changes nothing. Text
// given a list of one valid string or an object, a list given one valid item alone or a number in it, a flag given its
// text or "yes", an object given text that is not JSON: each is what a lax reader (form decoding, Jackson's or Pydantic's coercions) takes.
// A required field given null, an enumerated one given "": no value of it either (a reader taking them for absent
// fills in a default, or fails on a null it did not expect).

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import { allEnded, check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/**
 * What else the specification says of a field: `required` (null is then no value of it either), `enumerated` (its
 * values are listed, by this rule: the empty string is none of them, not a way to leave it out).
 */
export interface Stated {
  readonly required?: true;
  readonly enumerated?: RequirementId;
}

/** A field's stated JSON type, with a valid value of it (what the wrong values are made of). */
export type StatedType = Stated &
  (
    | { readonly type: 'string'; readonly valid: string }
    | { readonly type: 'strings'; readonly valid: string }
    | { readonly type: 'boolean'; readonly valid: boolean }
    | { readonly type: 'object'; readonly valid: JsonObject }
  );

export const text = (valid: string, stated: Stated = {}): StatedType => ({ type: 'string', valid, ...stated });
/** A list of strings, `valid` one of its items. */
export const texts = (valid: string, stated: Stated = {}): StatedType => ({ type: 'strings', valid, ...stated });
export const flag = (valid: boolean): StatedType => ({ type: 'boolean', valid });
export const object = (valid: JsonObject = {}): StatedType => ({ type: 'object', valid });

/** The values of other JSON types than the stated one (and null, "" where they are none of its values), each with how it reads. */
export function wrongTypedValues(
  stated: StatedType,
): ReadonlyArray<{ readonly value: unknown; readonly why: string; readonly rule?: RequirementId }> {
  return [
    ...otherTypes(stated),
    ...(stated.required ? [{ value: null, why: 'null (the field is required)' }] : []),
    ...(stated.enumerated
      ? [
          {
            value: stated.type === 'strings' ? [''] : '',
            why: 'the empty string (none of its listed values)',
            rule: stated.enumerated,
          },
        ]
      : []),
  ];
}

/** Both booleans: false too, which a reader testing the value's truth (`if (body.description)`) takes for absent. */
const BOTH_BOOLEANS = [
  { value: true, why: 'a boolean' },
  { value: false, why: 'the boolean false' },
] as const;

function otherTypes(stated: StatedType): ReadonlyArray<{ readonly value: unknown; readonly why: string }> {
  switch (stated.type) {
    case 'string':
      return [
        { value: [stated.valid], why: `a list of one string ([${JSON.stringify(stated.valid)}])` },
        { value: { value: stated.valid }, why: 'an object' },
        { value: 42, why: 'a number' },
        ...BOTH_BOOLEANS,
      ];
    case 'strings':
      return [
        { value: stated.valid, why: `one string, not a list (${JSON.stringify(stated.valid)})` },
        { value: [42], why: 'a list holding a number, not strings' },
        { value: { 0: stated.valid }, why: 'an object' },
        { value: 42, why: 'a number' },
        ...BOTH_BOOLEANS,
      ];
    case 'boolean':
      return [
        { value: String(stated.valid), why: `the string ${JSON.stringify(String(stated.valid))}` },
        { value: 'yes', why: 'the string "yes"' },
        { value: stated.valid ? 1 : 0, why: 'a number' },
        { value: [stated.valid], why: 'a list of one boolean' },
        { value: { value: stated.valid }, why: 'an object' },
      ];
    case 'object':
      return [
        { value: 'key=value', why: 'text that is not JSON' },
        { value: 42, why: 'a number' },
        ...BOTH_BOOLEANS,
        { value: [stated.valid], why: 'a list of one object' },
      ];
  }
}

export interface WrongTypesTarget {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** Every body field whose type the specification states. */
  readonly fields: Readonly<Record<string, StatedType>>;
  /** The write with `fields` over a valid body. */
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
  /** An update's resource as a read shows it (undefined where it cannot be read): the same after every refusal. */
  readonly read?: (t: CheckContext) => Promise<{ readonly value: unknown; readonly call: Call } | undefined>;
  readonly options?: CheckOptions;
}

const REQUIREMENTS: RequirementId[] = ['REQUEST-WRONG-TYPE'];

/** One check per write: every field, each value of another JSON type, refused naming the field (or inside it). */
export function wrongTypesCheck(target: WrongTypesTarget): void {
  const fields = Object.keys(target.fields);
  check(
    `${target.id}.wrong-types`,
    REQUIREMENTS,
    `${target.operation} refuses, with INVALID_ARGUMENT naming the field, each of ${fields.join(', ')} given a value of another JSON type than stated (text as a list of one string, an object, a number, true or false; a list as one item, a number in it, an object, a number, true or false; a boolean as its text, "yes", a number, a list or an object; an object as text, a number, true, false or a list; a required field null, an enumerated one "")${target.read ? ', and changes nothing' : ''}`,
    async (t) => {
      const before = await target.read?.(t);
      const sends = Object.entries(target.fields).flatMap(([field, stated]) =>
        wrongTypedValues(stated).map(({ value, why, rule }) => async () => {
          const call = await target.send(t, { [field]: value });
          const broken = rule ? [...REQUIREMENTS, rule] : REQUIREMENTS;
          t.expectInvalidArgument(call, broken, field, `${field} given as ${why}`, { within: true });
        }),
      );
      // An update's one resource takes them one at a time. Creates: the first alone (it makes what the others
      // share: a parent agent, the links found), then the rest at once, not a chain of forty requests.
      if (target.read) for (const send of sends) await send();
      else {
        const [first, ...rest] = sends;
        await first?.();
        await allEnded(rest.map((send) => send()));
      }
      if (!before || !target.read) return;
      const after = await target.read(t);
      t.assert(
        !after || isDeepStrictEqual(after.value, before.value),
        REQUIREMENTS,
        `after every wrong-typed ${target.operation} was refused, a read shows ${JSON.stringify(after?.value)}, not ${JSON.stringify(before.value)} as before`,
        after?.call,
      );
    },
    { writes: true, ...target.options },
  );
}
