// Fields the server sets (identity, the parent, timestamps) sent in a create body. The body of each
// create lists the fields a client sets, and these are not among them: a server may ignore them or
// refuse them (INVALID_ARGUMENT naming one), but never store what the client sent in their place.
// Each value sent is of the field's valid form, so only the comparison with what came back can tell.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/** An instant long before any server sets one: a create time that is this was taken from the body. */
export const PAST_TIMESTAMP = '2001-02-03T04:05:06Z';

export interface ServerSetFields {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** The create's own rule, and the rule of the fields' form where one is stated (AGENT-ID-FORMAT). */
  readonly requirements: readonly RequirementId[];
  /** The server-set fields, each with a value of its valid form that the server would not choose. */
  readonly fields: JsonObject;
  send(t: CheckContext, fields: JsonObject): Promise<Call>;
}

/** Timestamps compare as instants (a server may write the same one with other digits). */
const sameValue = (sent: unknown, got: unknown): boolean =>
  isDeepStrictEqual(sent, got) ||
  (typeof sent === 'string' && typeof got === 'string' && Date.parse(sent) === Date.parse(got) && !!Date.parse(sent));

/** The check that a create ignores or refuses the server-set fields sent in its body. */
export function serverSetFieldsCheck(space: ServerSetFields): void {
  const names = Object.keys(space.fields);
  check(
    `${space.id}.server-set-fields-not-stored`,
    space.requirements,
    `${space.operation} with server-set fields in the body (${names.join(', ')}) ignores or refuses them, never stores them`,
    async (t) => {
      const call = await space.send(t, space.fields);
      const what = `server-set fields in the body (${names.join(', ')})`;
      if (!isSuccess(call)) {
        t.expectInvalidArgument(call, space.requirements, names, what);
        return;
      }
      const resource = t.expectResource(call, space.requirements, what);
      const stored = names.filter((name) => sameValue(space.fields[name], resource[name]));
      t.assert(
        !stored.length,
        space.requirements,
        `${space.operation} stored what the body said of fields the server sets: ${stored
          .map((name) => `${name} ${JSON.stringify(resource[name])}`)
          .join(', ')}`,
        call,
      );
    },
    { writes: true },
  );
}
