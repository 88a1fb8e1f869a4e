// The requests the generic layer shares between the checks of one published operation: the
// request without a key, the well-formed path parameters that name nothing (sent with the key),
// the read with the key; and what they tell together: whether the operation is served at all.

import { notServed } from '../../assert/published-operation.js';
import type { RuleViolation } from '../../assert/violation.js';
import { API_KEY_HEADER } from '../../contract/enums.js';
import { operationLabel } from '../../generic/checks.js';
import { absentValue } from '../../generic/path-values.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import type { Exchange } from '../../http/exchange.js';
import { discoveredParams } from './discovery.js';

/** Path parameters well-formed by the published schema that name nothing. */
export const absentParams = (operation: PublishedOperation): Record<string, string> =>
  Object.fromEntries(operation.pathParams.map((param) => [param.name, absentValue(param)]));

const memoKey = (what: string, operation: PublishedOperation): string =>
  `published:${what}:${operation.method} ${operation.path}`;

/** The operation requested without a key and without a body, once per run. */
export const keylessProbe = (t: CheckContext, operation: PublishedOperation): Promise<Exchange> =>
  t.memo(memoKey('keyless', operation), (owner) =>
    owner.send(operation, { params: absentParams(operation), auth: 'none' }),
  );

/** A GET with the key and path parameters naming nothing, once per run. */
export const absentProbe = (t: CheckContext, operation: PublishedOperation): Promise<Exchange> =>
  t.memo(memoKey('absent', operation), (owner) => owner.send(operation, { params: absentParams(operation) }));

export type Read = { readonly exchange: Exchange } | { readonly missing: readonly string[] };

/**
 * The operation read once, with the key and discovered parameters (or the names nothing showed a
 * value for): its checks judge the same exchange, counted in the check that sent it.
 */
export const read = (t: CheckContext, operation: PublishedOperation): Promise<Read> =>
  t.memo(memoKey('read', operation), async (owner) => {
    const filled = await discoveredParams(owner, operation);
    if (!('params' in filled)) return { missing: filled.missing };
    return { exchange: await owner.send(operation, { params: filled.params }) };
  });

/** What the keyless request is called in reports. */
export const keylessWhat = (operation: PublishedOperation): string =>
  `${operationLabel(operation)} without ${API_KEY_HEADER}`;

/**
 * Whether the keyless request shows the operation is not served: only where its document publishes
 * a key requirement (without one, a 404 may be its answer to an ID naming nothing, and failing to
 * ask the key is GENERIC-AUTH's finding).
 */
const keylessShowsUnserved = async (
  t: CheckContext,
  operation: PublishedOperation,
): Promise<RuleViolation | undefined> =>
  operation.secured ? notServed(await keylessProbe(t, operation), keylessWhat(operation)) : undefined;

/**
 * Whether a GET with the key shows the operation is not served (a server that authenticates before
 * it routes answers the keyless request 401 whether it serves the operation or not): without path
 * parameters (nothing to look up), the read answered as an unknown route (404, 405 or 501); with
 * path parameters naming nothing, 405 or 501 (a 404 is its answer to them when served). A write is
 * never sent with the key, so a write behind such a server cannot be shown unserved.
 */
async function keyedShowsUnserved(t: CheckContext, operation: PublishedOperation): Promise<RuleViolation | undefined> {
  if (operation.method !== 'GET') return undefined;
  const label = `${operationLabel(operation)} with the key`;
  if (operation.pathParams.length === 0) {
    const done = await read(t, operation);
    return 'exchange' in done ? notServed(done.exchange, label) : undefined;
  }
  const probe = await absentProbe(t, operation);
  return probe.response.status === 404 ? undefined : notServed(probe, `${label} and path parameters naming nothing`);
}

/** The violation showing the operation is published but not served, or undefined when it is served: learnt once per run. */
export const unserved = (t: CheckContext, operation: PublishedOperation): Promise<RuleViolation | undefined> =>
  t.memo(
    memoKey('unserved', operation),
    async (owner) => (await keylessShowsUnserved(owner, operation)) ?? keyedShowsUnserved(owner, operation),
  );

/**
 * Skips a check of an operation that is not served, blocked by GENERIC-IMPLEMENTED's violation
 * (one failure for the operation, not one per check); the keyless request otherwise.
 */
export async function servedOrBlocked(t: CheckContext, operation: PublishedOperation): Promise<Exchange> {
  const missing = await unserved(t, operation);
  if (missing) t.blocked(operationLabel(operation), missing);
  return keylessProbe(t, operation);
}
