// GENERIC-IMPLEMENTED: a published operation is served. Judged on requests whose answer an
// unknown route cannot give: no key to an operation published with a key requirement
// (UNAUTHENTICATED whatever it names), and a GET without path parameters (nothing to look up).

import { notServed } from '../../assert/published-operation.js';
import { operationLabel } from '../../generic/checks.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import { keylessProbe, keylessShowsUnserved } from './probes.js';
import { read } from './reads.js';

export async function expectServed(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const missing = keylessShowsUnserved(operation, await keylessProbe(t, operation)) ?? (await keyedMissing(t, operation));
  if (missing) throw missing;
}

/** A GET without path parameters, with the key (the shared read): nothing to look up, so an unknown-route answer means the route is missing. */
async function keyedMissing(t: CheckContext, operation: PublishedOperation) {
  if (operation.method !== 'GET' || operation.pathParams.length > 0) return undefined;
  const done = await read(t, operation);
  return 'exchange' in done ? notServed(operation, done.exchange, `${operationLabel(operation)} with the key`) : undefined;
}
