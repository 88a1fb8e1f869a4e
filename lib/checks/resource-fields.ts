// Rules every resource shares, asserted on one returned resource: its `name` is
// `<collection>/<its own id>`, and update_time is never before create_time.

import type { RequirementId } from '../contract/requirements/index.js';
import { compareInstants, timestampMs } from '../contract/timestamps.js';
import type { Exchange } from '../http/exchange.js';
import type { CheckContext } from '../harness/index.js';

type Json = Record<string, unknown>;

/** `name` is `<collection>/<id>`, with `id` the resource's own (or, when given, the one asked for). */
export function expectNameMatchesId(t: CheckContext, resource: Json, collection: string, call: Exchange, id: unknown = resource['id']): void {
  const expected = `${collection}/${String(id)}`;
  t.assert(resource['name'] === expected, ['NAME-MATCHES-ID'], `name should be ${JSON.stringify(expected)}, got ${JSON.stringify(resource['name'])}`, call);
}

/** update_time is not before create_time; a null or absent timestamp has nothing to compare. */
export function expectTimestampOrder(t: CheckContext, resource: Json, call: Exchange, requirements: readonly RequirementId[] = ['TIMESTAMP-ORDER']): void {
  const created = resource['create_time'];
  const updated = resource['update_time'];
  if (typeof created !== 'string' || typeof updated !== 'string') return;
  // Exact where both are ISO 8601 UTC (sub-millisecond digits count), else by what Date.parse reads.
  const order = compareInstants(updated, created) ?? Math.sign(timestampMs(updated) - timestampMs(created));
  t.assert(order >= 0, requirements, `update_time ${updated} is before create_time ${created}`, call);
}
