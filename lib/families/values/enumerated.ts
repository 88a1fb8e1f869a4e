// An enumerated field takes its listed values and nothing else: not a value made of them (a part of one, two
// joined, one with a suffix), which a membership test by substring or prefix lets through. Letter case and
// surrounding blanks are left out: the requirements allow recognising another case, and trimming is a reading.

import type { RequirementId } from '../../contract/requirements/index.js';
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
}

/** One check per field: each value made of its listed ones is refused with INVALID_ARGUMENT naming the field. */
export function madeOfListedChecks(id: string, fields: readonly EnumeratedField[]): void {
  for (const { field, requirements, listed, send, alsoNamed } of fields) {
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
  }
}
