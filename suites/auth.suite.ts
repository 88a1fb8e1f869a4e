// Authentication: every endpoint but the two specification endpoints needs X-API-Key;
// a missing or invalid key yields UNAUTHENTICATED naming X-API-Key, and never data.

import { ENDPOINTS } from '../lib/contract/endpoints.js';
import { API_KEY_HEADER, ERROR_CODES } from '../lib/contract/enums.js';
import { sampleRequest } from '../lib/gen/requests.js';
import { check, describeGroup } from '../lib/harness/index.js';

const WRONG_KEY = 'cft-not-a-valid-key-0000000000000000';

const CASES = [
  { requirement: 'AUTH-MISSING-KEY', auth: 'none', how: `without ${API_KEY_HEADER}` },
  { requirement: 'AUTH-INVALID-KEY', auth: { key: WRONG_KEY }, how: `with a wrong ${API_KEY_HEADER}` },
] as const;

describeGroup('auth', () => {
  for (const endpoint of ENDPOINTS.filter((e) => !e.public)) {
    for (const { requirement, auth, how } of CASES) {
      // Against a server with an auth hole, a mutating call could change data: skipped under READ_ONLY.
      check([requirement, 'AUTH-DETAILS-HEADER'], `${endpoint.key} ${how} is rejected with UNAUTHENTICATED`, async (t) => {
        const request = sampleRequest(endpoint, t.name('auth probe'));
        const call = await t.call(endpoint.key, { ...request, auth });
        t.expectRejection(call, [requirement], { code: ERROR_CODES.unauthenticated, field: API_KEY_HEADER, conventionalStatus: 401 }, `a request ${how}`);
      }, { writes: endpoint.writes });
    }
  }
});
