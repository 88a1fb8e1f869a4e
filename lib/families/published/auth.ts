// GENERIC-AUTH: every published operation refuses a request without a key, and one with a wrong
// key, with UNAUTHENTICATED naming X-API-Key; the refusals carry the error envelope. The path
// parameters name nothing and no body is sent, so nothing can change on any server.

import { expectUnauthenticated } from '../../assert/published-operation.js';
import { operationLabel } from '../../generic/checks.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import { absentParams, keylessWhat, servedOrBlocked } from './probes.js';
import { WRONG_KEY } from '../key-states.js';

/** Said of an operation whose document asks no key: the specification asks one all the same. */
const UNSECURED =
  ' (its document publishes no key requirement, but the specification requires the key on every endpoint but its own two)';

export async function expectAuthenticated(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const unsecured = operation.secured ? '' : UNSECURED;
  expectUnauthenticated(await servedOrBlocked(t, operation), `${keylessWhat(operation)}${unsecured}`);
  const wrong = await t.send(operation, { params: absentParams(operation), auth: { key: WRONG_KEY } });
  expectUnauthenticated(wrong, `${operationLabel(operation)} with a wrong X-API-Key${unsecured}`);
}
