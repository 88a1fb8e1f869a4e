// A value the specification derives or defaults when a field is absent holds whatever else the body holds: beside each
// other optional field given alone, and beside all of them at once (a reader that applies the rule only when the body
// holds nothing else, or no other field of the same kind, lets a body with one more field through). One check per
// create: a body for each other optional field beside what the rule needs, and one with every other optional field;
// every rule is judged on every body that leaves its field out and gives what it needs.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../../contract/requirements/index.js';
import { rejectsNaming } from '../../assert/error-details.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../../harness/index.js';
import { checkIdOf } from '../../result/check-id.js';
import type { JsonObject } from '../../util/json.js';

/** A value the specification states for an absent field. */
export interface DerivedRule {
  /** The field derived or defaulted, left out of every body the rule is judged on. */
  readonly field: string;
  readonly requirements: readonly RequirementId[];
  /** Fields the rule needs given (expected_output_str for its wrapping); none for a plain default. */
  readonly given?: readonly string[];
  /** What the field must hold, from the body sent. */
  expected(sent: JsonObject): unknown;
  /** Whether an answer may leave the field out instead (an empty default proto3 JSON omits). */
  readonly mayBeAbsent?: boolean;
}

export interface DerivedBesideOthers {
  /** The check id's first words (`test-cases.create`). */
  readonly id: string;
  /** The resource as the title names it (`a test case`). */
  readonly resource: string;
  /** Every optional field of the create with a valid value (none of them a rule's trigger unless a rule gives it). */
  readonly optional: Readonly<Record<string, JsonObject[string]>>;
  /** Optional fields whose value a careful server may refuse beside some others (contents not shown): a refusal naming one passes. */
  readonly mayRefuse?: readonly string[];
  readonly rules: readonly DerivedRule[];
  /** Sends a valid create with `fields` over its required ones (and nothing else optional). */
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
  /** The resource of a successful answer. */
  readonly resourceOf?: (t: CheckContext, call: Call, what: string) => JsonObject;
  readonly options?: CheckOptions;
}

/** The bodies the rules need: for each rule, what it needs beside each other optional field, and beside all of them. */
export function derivedBodies(optional: readonly string[], rules: readonly DerivedRule[]): string[][] {
  const bodies: string[][] = [];
  const has = (body: readonly string[], fields: readonly string[]) => fields.every((f) => body.includes(f));
  for (const rule of rules) {
    const given = rule.given ?? [];
    const others = optional.filter((f) => f !== rule.field && !given.includes(f));
    const judged = (body: readonly string[]) => !body.includes(rule.field) && has(body, given);
    for (const other of others)
      if (!bodies.some((body) => judged(body) && body.includes(other))) bodies.push([...given, other]);
    const all = [...given, ...others];
    if (!bodies.some((body) => judged(body) && has(body, all))) bodies.push(all);
  }
  return bodies;
}

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

export function derivedBesideOthersCheck(space: DerivedBesideOthers): void {
  const fields = Object.keys(space.optional);
  const bodies = derivedBodies(fields, space.rules);
  check(
    checkIdOf(space.id, 'derived-beside-other-fields'),
    [...new Set(space.rules.flatMap((rule) => rule.requirements))],
    `${space.resource} created without ${space.rules.map((r) => `${r.field}${r.given?.length ? ` (${r.given.join(', ')} given)` : ''}`).join(', or without ')} shows the value the specification states for the field left out, beside each other optional field (${fields.join(', ')}) given alone and beside all of them`,
    async (t) => {
      await Promise.all(
        bodies.map(async (names) => {
          const sent: JsonObject = Object.fromEntries(names.map((name) => [name, space.optional[name] ?? null]));
          const call = await space.send(t, sent);
          const what = `${space.resource} with ${names.join(', ')}`;
          const refusable = (space.mayRefuse ?? []).filter((f) => names.includes(f));
          if (refusable.length && rejectsNaming(call, ...refusable))
            return t.expectInvalidArgument(
              call,
              ['ERROR-INVALID-ARGUMENT'],
              refusable,
              `${what}, which a server may refuse`,
              {
                within: true,
              },
            );
          const resource =
            space.resourceOf?.(t, call, what) ?? t.expectResource(call, space.rules[0]?.requirements ?? [], what);
          for (const rule of space.rules) {
            if (names.includes(rule.field) || !(rule.given ?? []).every((f) => names.includes(f))) continue;
            const expected = rule.expected(sent);
            const got = resource[rule.field];
            t.assert(
              isDeepStrictEqual(got, expected) || (rule.mayBeAbsent === true && got === undefined),
              rule.requirements,
              `${what}, without ${rule.field}: ${rule.field} should be ${JSON.stringify(expected)}, got ${shown(got)}`,
              call,
            );
          }
          return undefined;
        }),
      );
    },
    space.options ?? { writes: true },
  );
}
