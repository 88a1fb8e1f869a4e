// Invalid values built to make a regular expression backtrack: a long run of what a format's pattern repeats (letters,
// dots, digits), then the character that makes the match fail at the very end. A pattern of nested quantifiers
// (`^([\w.+-]+)+@...`) tries every way of splitting the run before it gives up, and a server that validates with one
// runs into its own timeout (a 503, a 504, a dropped request) where a plain refusal was due. Every value is invalid
// whatever the reading of its format (no `@` in an address, a letter in a number, a character no host may hold) and
// inside every length limit, so the verdict is the refusal the specification gives for an invalid value: the status
// and the error code, never a measured duration, which would depend on the machine.

import type { RequirementId } from '../contract/requirements/index.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import { checkIdOf } from '../result/check-id.js';

/** Per format, invalid values of at most 88 characters (every field below takes 200; a local part 64). */
export const BACKTRACKING_VALUES = {
  /** An address: a long local part without `@` (dots, letters), and one with `@` but no domain. */
  email: ['reviewer.'.repeat(6) + 'lead', 'a'.repeat(50) + '!', 'a.'.repeat(25) + '@'],
  /** A phone number: far too many digits ending in a letter, with dots between, and a SIP address without a host. */
  phone: ['+1' + '2'.repeat(40) + 'a', '+1' + '.2'.repeat(30) + 'x', 'sip:' + 'a'.repeat(50) + '@'],
  /** An HTTP(S) URL: a host of many labels ending in `<`, and one of many letters with a blank inside. */
  httpUrl: ['http://' + 'a.'.repeat(40) + '<', 'https://' + 'a'.repeat(60) + ' a'],
  /** A wss:// URL: the same hosts. */
  wssUrl: ['wss://' + 'a.'.repeat(40) + '<', 'wss://' + 'a'.repeat(60) + ' a'],
} as const;

export interface BacktrackingField {
  /** The field (or configuration key) as the title and the check id say it. */
  readonly field: string;
  readonly format: keyof typeof BACKTRACKING_VALUES;
  readonly requirements: readonly RequirementId[];
  /** What a refusal may name (a key, or the field the target holds it in); the field alone when omitted. */
  names?(t: CheckContext): Promise<readonly string[]>;
  /** A body of the endpoint's with `value` in the field, sent. */
  send(t: CheckContext, value: string): Promise<Call>;
}

/** One check per field: each backtracking value of its format is refused with INVALID_ARGUMENT naming the field. */
export function backtrackingValueChecks(id: string, fields: readonly BacktrackingField[]): void {
  for (const row of fields)
    check(
      checkIdOf(`${id}.backtracking`, row.field),
      row.requirements,
      `${row.field} built to make a pattern backtrack (a long run of what its format repeats, then a character it cannot hold) is refused with INVALID_ARGUMENT, never a 5xx`,
      async (t) => {
        const names = row.names ? await row.names(t) : [row.field];
        for (const value of BACKTRACKING_VALUES[row.format])
          t.expectInvalidArgument(
            await row.send(t, value),
            row.requirements,
            [...names],
            `${row.field} ${JSON.stringify(value)}`,
          );
      },
      { writes: true },
    );
}
