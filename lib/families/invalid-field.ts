// Where the specification leaves a value open: a refusal naming the field at fault (t.expectInvalidArgument),
// or the value recognised and stored as the spec says.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from '../harness/context.js';
import { isSuccess } from '../assert/responses.js';
import type { NamingOptions } from '../assert/detail-field.js';
import { isJsonObject, type JsonObject } from '../util/json.js';
import { check } from '../harness/index.js';
import { checkIdOf } from '../result/check-id.js';

/** How a value the target may recognise must then be stored: a test of the stored value, and the words for it. */
export interface Recognition {
  readonly holds: (stored: unknown) => boolean;
  readonly expected: string;
}

/** A listed value sent in another letter case (`voice`), recognised: the listed value itself (MODEL_TYPE_VOICE), never the spelling sent. */
export const asListed = (listed: string): Recognition => ({
  holds: (stored) => stored === listed,
  expected: `the listed ${listed}`,
});

/**
 * A relative reference where a URL is asked (`example.com/x`, `//example.com/x`), recognised: an absolute URL of one of
 * `schemes`, never the reference as sent (a form library may assume a scheme, as Django's URLField does).
 */
export const asAbsoluteUrl = (schemes: readonly string[]): Recognition => ({
  holds: (stored) => {
    if (typeof stored !== 'string') return false;
    try {
      return /^[a-z]+:\/\//i.test(stored) && schemes.includes(new URL(stored).protocol.slice(0, -1));
    } catch {
      return false;
    }
  },
  expected: `an absolute ${schemes.join(' or ')} URL`,
});

/**
 * Whether `stored` is a string a server would write for the scalar `sent`: a string as sent; a number as a decimal
 * of the same value (`"42"`, or `"42.0"` from a float-typed server); a boolean as its JSON text in any case
 * (`"true"`, Python's `"True"`). The flattening of config_overrides writes the same texts (`3` is `"3"`).
 */
function isTextOf(sent: unknown, stored: unknown): boolean {
  if (typeof stored !== 'string') return false;
  if (typeof sent === 'number') return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(stored) && Number(stored) === sent;
  if (typeof sent === 'boolean') return stored.toLowerCase() === String(sent);
  return stored === sent;
}

/** An object of scalars (`{"tone": 42}`), recognised: the same keys, each value stored as a string (isTextOf). */
export function asTextValues(sent: JsonObject): Recognition {
  const texts = Object.entries(sent).map(
    ([key, value]) =>
      `${JSON.stringify(key)}: ${typeof value === 'string' ? JSON.stringify(value) : `"${String(value)}"`}`,
  );
  return {
    holds: (stored) =>
      isJsonObject(stored) &&
      isDeepStrictEqual(Object.keys(stored).sort(), Object.keys(sent).sort()) &&
      Object.entries(sent).every(([key, value]) => isTextOf(value, stored[key])),
    expected: `{${texts.join(', ')}} (each value a string)`,
  };
}

/**
 * Where a value is sent and stored: a field of the body and of the resource by the same name, or apart (a
 * configuration key, stored under `metadata`, whose refusal may name the key or the field holding it).
 */
export type Place =
  string | { readonly label: string; readonly names: readonly string[]; read(resource: JsonObject): unknown };

const placed = (place: Place): Exclude<Place, string> =>
  typeof place === 'string' ? { label: place, names: [place], read: (resource) => resource[place] } : place;

/** `resource` (read from `call`) holds what `place` names as `recognised` says. */
export function expectRecognised(
  t: CheckContext,
  resource: JsonObject,
  call: Call,
  requirements: readonly RequirementId[],
  place: Place,
  recognised: Recognition,
  what: string,
): void {
  const { label, read } = placed(place);
  const stored = read(resource);
  t.assert(
    recognised.holds(stored),
    requirements,
    `${what} was accepted, so ${label} must be ${recognised.expected}; it came back as ${JSON.stringify(stored)}`,
    call,
  );
}

/**
 * A value the specification neither allows nor forbids in so many words (a listed value in another letter case,
 * a number where strings are asked): it may be refused (INVALID_ARGUMENT naming `field`, or with `within` anything
 * inside it) or recognised, and then the created resource (under the endpoint's wrapper) holds `field` as
 * `recognised` says. Returns the created resource when it was recognised, for a check that reads it back.
 */
export function expectRefusedOrRecognised(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  place: Place,
  recognised: Recognition,
  what: string,
  options: NamingOptions = {},
): JsonObject | undefined {
  if (!isSuccess(call)) {
    t.expectInvalidArgument(call, requirements, [...placed(place).names], what, options);
    return undefined;
  }
  const resource = t.expectResource(call, requirements, what);
  expectRecognised(t, resource, call, requirements, place, recognised, what);
  return resource;
}

/** A list field whose every element has a rule: one element that keeps it and one that breaks it. */
export interface RuledList {
  readonly field: string;
  readonly requirements: readonly RequirementId[];
  readonly valid: unknown;
  readonly invalid: unknown;
  /** The fields a refusal may name, or something inside them (default: the list itself). */
  readonly names?: readonly string[];
}

export interface RuledLists {
  /** The check ids' first words (`review-projects.create`). */
  readonly id: string;
  readonly lists: readonly RuledList[];
  /** Sends a body valid in every respect but `field`, which is `list`. */
  send(t: CheckContext, field: string, list: unknown[]): Promise<Call>;
}

/**
 * One invalid element among valid ones breaks the list's rule wherever it stands: refused with INVALID_ARGUMENT
 * naming the list (or an element inside it), the invalid element last, then first (a rule checked with `some`,
 * or on the first element only, lets one of them through).
 */
export function ruledListChecks({ id, lists, send }: RuledLists): void {
  for (const { field, requirements, valid, invalid, names = [field] } of lists) {
    check(
      checkIdOf(id, 'one-invalid-element', field),
      requirements,
      `${field} with one invalid element (${JSON.stringify(invalid)}) among valid ones, last or first, is rejected naming ${field}`,
      async (t) => {
        for (const list of [
          [valid, invalid],
          [invalid, valid],
        ]) {
          const what = `${field} ${JSON.stringify(list)}`;
          t.expectInvalidArgument(await send(t, field, list), requirements, names, what, { within: true });
        }
      },
      { writes: true },
    );
  }
}

/** A list of IDs or addresses a create body carries, with a valid entry of it (read once the check runs, where found). */
export interface RepeatableList {
  readonly field: string;
  readonly valid: string | ((t: CheckContext) => Promise<string>);
}

export interface RepeatedEntries {
  /** The check id (`review-projects.create.repeated-entries`). */
  readonly id: string;
  /** The create's rule: what it accepts comes back as sent. */
  readonly requirements: readonly RequirementId[];
  readonly lists: readonly RepeatableList[];
  /** Sends a body valid in every respect but `fields`. */
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
}

/**
 * Whether a list may name one entry twice is not shown: each list of IDs or addresses of a create body, one valid
 * entry sent twice, is refused with a 4xx or accepted, holding the entry twice as sent or once (a set); never a server
 * error (a unique key on a link table that reaches no handler). The lists go in one body first; refused, each is sent
 * alone beside valid others, so that a refusal of one hides no failure of another.
 */
export function repeatedEntriesCheck({ id, requirements, lists, send }: RepeatedEntries): void {
  const fields = lists.map((l) => l.field);
  check(
    id,
    requirements,
    `${fields.join(', ')}, each with one valid entry twice, are refused with a 4xx or accepted and read back holding it twice or once; never a server error`,
    async (t) => {
      const twice: JsonObject = {};
      for (const { field, valid } of lists) {
        const value = typeof valid === 'string' ? valid : await valid(t);
        twice[field] = [value, value];
      }
      const judged = (call: Call, sent: readonly string[]): boolean => {
        const what = `${sent.join(' and ')} with one entry twice`;
        t.assert(
          call.response.status < 500,
          requirements,
          `${what} answered ${call.response.status}, a server error: a repeated entry is refused with a 4xx or accepted`,
          call,
        );
        if (!isSuccess(call)) {
          t.expectRejection(call, requirements, {}, what);
          return false;
        }
        const created = t.expectResource(call, requirements, what);
        for (const field of sent) {
          const kept = created[field];
          const value = (twice[field] as string[])[0];
          t.assert(
            isDeepStrictEqual(kept, [value, value]) || isDeepStrictEqual(kept, [value]),
            requirements,
            `${field} ${JSON.stringify(twice[field])} was accepted, and reads back as ${JSON.stringify(kept ?? null)}: neither as sent nor once`,
            call,
          );
        }
        return true;
      };
      if (judged(await send(t, twice), fields) || lists.length === 1) return;
      for (const field of fields) judged(await send(t, { [field]: twice[field] ?? null }), [field]);
    },
    { writes: true },
  );
}

/** A field of an exact length, a fixed ID form or a pattern, with a valid value of it. */
export interface PatternedField {
  readonly field: string;
  readonly requirements: readonly RequirementId[];
  /** A value the field takes (read once the check runs, where the target chooses it). */
  readonly valid: string | ((t: CheckContext) => Promise<string>);
  /** Sends a body valid in every respect but the field, which holds `value` (in a list for a list's element). */
  send(t: CheckContext, value: string): Promise<Call>;
  /** Where the created resource holds what was sent (its first element for a list's); the field by default. */
  readonly stored?: (resource: JsonObject) => unknown;
  /** Other fields a refusal may name instead (the object holding the field), read once the check runs. */
  readonly alsoNamed?: (t: CheckContext) => Promise<readonly string[]>;
}

/**
 * A valid value followed by a line break (`\n`, then `\r\n`) breaks the field's form: refused with INVALID_ARGUMENT
 * naming the field, or read without the blank around it (a form library strips it, as Django's does) and stored as
 * the valid value; never stored with it. A pattern tested with a `$` that also matches before a final line break
 * lets the first through as sent.
 */
export function lineBreakChecks(id: string, fields: readonly PatternedField[]): void {
  for (const { field, requirements, valid, send, stored = (r: JsonObject) => r[field], alsoNamed } of fields) {
    check(
      checkIdOf(id, field, 'trailing-line-break'),
      requirements,
      `${field} of a valid value followed by a line break (\\n, \\r\\n) is rejected naming ${field}, or stored without the line break`,
      async (t) => {
        const value = typeof valid === 'string' ? valid : await valid(t);
        const names = [field, ...((await alsoNamed?.(t)) ?? [])];
        for (const end of ['\n', '\r\n']) {
          const sent = `${value}${end}`;
          const what = `${field} ${JSON.stringify(sent)}`;
          expectRefusedOrRecognised(
            t,
            await send(t, sent),
            requirements,
            { label: field, names, read: stored },
            { holds: (kept) => kept === value, expected: `${JSON.stringify(value)}, the line break read away` },
            what,
            { within: true },
          );
        }
      },
      { writes: true },
    );
  }
}
