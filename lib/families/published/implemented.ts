// GENERIC-IMPLEMENTED: a published operation is served. Judged on requests whose answer an
// unknown route cannot give (probes.ts): no key to an operation published with a key requirement
// (UNAUTHENTICATED whatever it names), and with the key, a GET without path parameters (nothing to
// look up) or path parameters naming nothing (NOT_FOUND, not a method the path does not serve).

import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import { unserved } from './probes.js';

export async function expectServed(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const missing = await unserved(t, operation);
  if (missing) throw missing;
}
