// Rules every resource shares, asserted on one returned resource: its `name` is
// `<collection>/<its own id>`, and update_time is never before create_time.

import type { RequirementId } from '../contract/requirements/index.js';
import { compareInstants } from '../contract/timestamps.js';
import type { Exchange } from '../http/exchange.js';
import type { CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/** `name` is `<collection>/<id>`, with `id` the resource's own (or, when given, the one asked for). */
export function expectNameMatchesId(
  t: CheckContext,
  resource: JsonObject,
  collection: string,
  call: Exchange,
  id: unknown = resource['id'],
): void {
  const expected = `${collection}/${String(id)}`;
  t.assert(
    resource['name'] === expected,
    ['NAME-MATCHES-ID'],
    `name should be ${JSON.stringify(expected)}, got ${JSON.stringify(resource['name'])}`,
    call,
  );
}

/**
 * Why update_time is before create_time; undefined when it is not, or when there is nothing to
 * compare: a null or absent timestamp, or one the suite cannot read (TIMESTAMP-ISO-UTC's concern).
 * Compared exactly, sub-millisecond digits included, in whatever offset each is written.
 */
export function timestampOrderProblem(resource: JsonObject): string | undefined {
  const created = resource['create_time'];
  const updated = resource['update_time'];
  const order = compareInstants(updated, created, { anyOffset: true });
  return order !== undefined && order < 0
    ? `update_time ${String(updated)} is before create_time ${String(created)}`
    : undefined;
}

/** update_time is not before create_time (see timestampOrderProblem). */
export function expectTimestampOrder(
  t: CheckContext,
  resource: JsonObject,
  call: Exchange,
  requirements: readonly RequirementId[] = ['TIMESTAMP-ORDER'],
): void {
  const problem = timestampOrderProblem(resource);
  t.assert(problem === undefined, requirements, problem ?? '', call);
}
