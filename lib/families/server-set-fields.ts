// Fields the server sets (identity, the parent, timestamps) sent in a create body. The body of each
// create lists the fields a client sets, and these are not among them: a server may ignore them or
// refuse them (INVALID_ARGUMENT naming one), but never store what the client sent in their place.
// Each value sent is of the field's valid form, so only the comparison with what came back can tell.
// An update leaves them to the server too: a resource written again keeps its create_time.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { compareInstants } from '../contract/timestamps.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import { expectServerTime, expectTimestampOrder, SKEWED_CLOCKS } from './resource-fields.js';
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

export interface RepeatedUpdate {
  /** The check id's first words (`dashboards.patch`). */
  readonly id: string;
  /** `PATCH /v1/dashboards/{dashboard_id}`, as the title says it. */
  readonly operation: string;
  /** The update's own rule, and READ-BACK-UNCHANGED: a write of some fields leaves the others as they were. */
  readonly requirements: readonly RequirementId[];
  /** The `nth` update of one resource, each changing what it holds, sent with `headers`. */
  update(t: CheckContext, nth: number, headers: Readonly<Record<string, string>>): Promise<Call>;
  readonly options?: CheckOptions;
}

/** How many times the resource is written: the second and third answers show what the first and second stored. */
const UPDATES = 3;

/** The Date header of each update: a client's clock far ahead, then far behind, then none (SERVER-SET-TIMES). */
const CLOCKS: readonly Readonly<Record<string, string>>[] = [SKEWED_CLOCKS.future, SKEWED_CLOCKS.past, {}];

/**
 * A resource written again keeps its create_time (a store that saves every column, create_time stamped like
 * update_time, moves it on each write), and no answer has update_time before it nor before the previous answer's.
 * The updates carry a request Date far ahead, then far behind (a client's wrong clock): the times stay the
 * server's (SERVER-SET-TIMES). Compared as instants; an absent or unreadable create_time is another rule's concern.
 */
export function createTimeKeptCheck(space: RepeatedUpdate): void {
  check(
    `${space.id}.create-time-kept`,
    [...space.requirements, 'TIMESTAMP-ORDER', 'SERVER-SET-TIMES'],
    `${space.operation} sent ${UPDATES} times, with a request Date far ahead and far behind, answers the same create_time each time, with update_time not before it nor before the previous answer's, nor ahead of the server's own clock`,
    async (t) => {
      let first: JsonObject | undefined;
      let previous: JsonObject | undefined;
      for (let nth = 1; nth <= UPDATES; nth++) {
        const call = await space.update(t, nth, CLOCKS[nth - 1] ?? {});
        const resource = t.expectResource(call, space.requirements, `update ${nth} of ${UPDATES}`);
        expectTimestampOrder(t, resource, call);
        expectServerTime(t, resource, call, { notAfter: ['update_time'] });
        if (previous) {
          const since = compareInstants(resource['update_time'], previous['update_time'], { anyOffset: true });
          t.assert(
            since === undefined || since >= 0,
            space.requirements,
            `update ${nth} of ${UPDATES} answered update_time ${String(resource['update_time'])}, before the previous answer's ${String(previous['update_time'])}`,
            call,
          );
        }
        previous = resource;
        first ??= resource;
        const order = compareInstants(resource['create_time'], first['create_time'], { anyOffset: true });
        t.assert(
          order === undefined || order === 0,
          space.requirements,
          `update ${nth} of ${UPDATES} answered create_time ${String(resource['create_time'])}, the first ${String(first['create_time'])}`,
          call,
        );
      }
    },
    { ...space.options, writes: true },
  );
}
