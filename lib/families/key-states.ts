// The key in every state of a resource: a deleted resource's endpoints need X-API-Key as a live
// one's do (a repeat answered from a record of deletions kept before authentication needs none).
// The refusal itself is the auth suite's: UNAUTHENTICATED naming X-API-Key.

import type { EndpointKey } from '../contract/endpoints.js';
import { API_KEY_HEADER, ERROR_CODES } from '../contract/enums.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { check, type CallSpec, type CheckContext, type CheckOptions } from '../harness/index.js';
import { expectGone } from './deletion.js';

/** A key no server issued. */
export const WRONG_KEY = 'cft-not-a-valid-key-0000000000000000';

/** What a request without the key or with a wrong one gets. */
export const KEY_REFUSED = { code: ERROR_CODES.unauthenticated, field: API_KEY_HEADER, conventionalStatus: 401 };

/** The two ways a request comes without a valid key, each with the rule it breaks. */
export const KEY_CASES = [
  { requirement: 'AUTH-MISSING-KEY', auth: 'none', how: `without ${API_KEY_HEADER}` },
  { requirement: 'AUTH-INVALID-KEY', auth: { key: WRONG_KEY }, how: `with a wrong ${API_KEY_HEADER}` },
] as const satisfies readonly { requirement: RequirementId; auth: CallSpec['auth']; how: string }[];

/** A deleted resource as a check reaches it: its path parameters, or why there is none. */
export type Deleted = { readonly params: Readonly<Record<string, string>> } | { readonly skip: string };

/**
 * `id`: the GET (when shown) and the DELETE of a resource already deleted, each without the key and with a wrong
 * one, are refused as UNAUTHENTICATED naming X-API-Key; after them, the resource is still gone from its GET.
 */
export function declareKeyOnDeletedCheck(
  id: string,
  what: string,
  endpoints: { readonly get?: EndpointKey; readonly delete: EndpointKey },
  deleted: (t: CheckContext) => Promise<Deleted>,
  options: CheckOptions,
): void {
  const sent = [endpoints.get, endpoints.delete].filter((key): key is EndpointKey => key !== undefined);
  check(
    id,
    ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
    `${sent.join(' and ')} of ${what} already deleted, without ${API_KEY_HEADER} or with a wrong one, are rejected with UNAUTHENTICATED: a deleted resource's endpoints need the key too`,
    async (t) => {
      const found = await deleted(t);
      if ('skip' in found) return t.skip(found.skip);
      const { params } = found;
      for (const endpoint of sent)
        for (const { requirement, auth, how } of KEY_CASES) {
          const call = await t.call(endpoint, { params, auth });
          t.expectRejection(call, [requirement], KEY_REFUSED, `${endpoint} of ${what} already deleted, ${how}`);
        }
      if (endpoints.get)
        expectGone(
          t,
          await t.call(endpoints.get, { params }),
          ['AUTH-MISSING-KEY'],
          `getting ${what} after requests without a valid key`,
        );
    },
    options,
  );
}
