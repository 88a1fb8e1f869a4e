// The requests the generic layer shares between the checks of one published operation: the
// request without a key (it also tells whether the operation is served at all), and the
// well-formed path parameters that name nothing.

import { notServed } from '../../assert/published-operation.js';
import { API_KEY_HEADER } from '../../contract/enums.js';
import { operationLabel } from '../../generic/checks.js';
import { absentValue } from '../../generic/path-values.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import type { Exchange } from '../../http/exchange.js';

/** Path parameters well-formed by the published schema that name nothing. */
export const absentParams = (operation: PublishedOperation): Record<string, string> =>
  Object.fromEntries(operation.pathParams.map((param) => [param.name, absentValue(param)]));

/** The operation requested without a key and without a body, once per run. */
export const keylessProbe = (t: CheckContext, operation: PublishedOperation): Promise<Exchange> =>
  t.memo(`published:keyless:${operation.method} ${operation.path}`, (owner) => owner.send(operation, { params: absentParams(operation), auth: 'none' }));

/** What the keyless request is called in reports. */
export const keylessWhat = (operation: PublishedOperation): string => `${operationLabel(operation)} without ${API_KEY_HEADER}`;

/**
 * Whether the keyless request shows the operation is not served: only where its document publishes
 * a key requirement (without one, a 404 may be its answer to an ID naming nothing, and failing to
 * ask the key is GENERIC-AUTH's finding).
 */
export const keylessShowsUnserved = (operation: PublishedOperation, probe: Exchange) =>
  operation.secured ? notServed(operation, probe, keylessWhat(operation)) : undefined;

/**
 * Skips a check of an operation the keyless request showed is not served: GENERIC-IMPLEMENTED
 * reports it (one failure for the operation, not one per check).
 */
export async function servedOrBlocked(t: CheckContext, operation: PublishedOperation): Promise<Exchange> {
  const probe = await keylessProbe(t, operation);
  const missing = keylessShowsUnserved(operation, probe);
  if (missing) t.blocked(operationLabel(operation), missing);
  return probe;
}
