// Authentication faults.

import { ApiError } from '../../lib/reference/http/errors.js';
import { authenticateAfter, fault, refineFailure, type Fault } from './define.js';

export const AUTH_FAULTS = [
  fault(
    'auth-missing-key-accepted-on-get-agent',
    ['AUTH-MISSING-KEY'],
    'GET /v1/agents/{agent_id} is served without a key.',
    (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (key === undefined && endpoint.key === 'GET /v1/agents/{agent_id}') || accepts(endpoint, key);
    },
  ),
  fault('auth-wrong-key-accepted', ['AUTH-INVALID-KEY'], 'Any non-empty key is accepted.', (b) => {
    b.auth.accepts = (_endpoint, key) => key !== undefined && key !== '';
  }),
  fault('auth-details-missing', ['AUTH-DETAILS-HEADER'], 'UNAUTHENTICATED errors have empty details.', (b) => {
    refineFailure(b, (error) => new ApiError(error.code, error.message, []));
  }),
  fault(
    'auth-wrong-code',
    ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    'A missing key gives code PERMISSION_DENIED.',
    (b) => {
      refineFailure(b, (error, key) =>
        key === undefined ? new ApiError('PERMISSION_DENIED', error.message, error.details) : error,
      );
    },
  ),
  fault(
    'auth-empty-key-accepted',
    ['AUTH-INVALID-KEY'],
    'An X-API-Key header that is present but empty or blank is let through, as if no check were configured.',
    (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) => (key !== undefined && key.trim() === '') || accepts(endpoint, key);
    },
  ),
  fault(
    'auth-key-prefix-accepted',
    ['AUTH-INVALID-KEY'],
    "A key that starts with the valid key is accepted: the comparison stops at the valid key's length.",
    (b) => {
      const valid = b.apiKey;
      b.auth.accepts = (_endpoint, key) => key?.startsWith(valid) === true;
    },
  ),
  fault(
    'auth-key-last-character-ignored',
    ['AUTH-INVALID-KEY'],
    "The key's last character is not compared: the valid key without it, or with it changed, is accepted.",
    (b) => {
      const compared = b.apiKey.slice(0, -1);
      b.auth.accepts = (_endpoint, key) =>
        key !== undefined && key.length >= compared.length && key.slice(0, compared.length) === compared;
    },
  ),
  fault('auth-key-case-insensitive', ['AUTH-INVALID-KEY'], 'Keys are compared without regard to letter case.', (b) => {
    const valid = b.apiKey.toLowerCase();
    b.auth.accepts = (_endpoint, key) => key?.toLowerCase() === valid;
  }),
  fault(
    'auth-after-path-ids',
    ['AUTH-INVALID-KEY'],
    'Path IDs are checked before the key: a malformed ID with a wrong key gets INVALID_ARGUMENT.',
    (b) => {
      authenticateAfter(b, 'path-ids');
    },
  ),
  fault(
    'auth-after-body',
    ['AUTH-INVALID-KEY'],
    'The body is parsed before the key is checked: a body that is not JSON with a wrong key gets INVALID_ARGUMENT.',
    (b) => {
      authenticateAfter(b, 'body');
    },
  ),
  fault(
    'auth-after-handler',
    ['AUTH-INVALID-KEY'],
    'The key is checked after the request was handled: a bad body or query with a wrong key gets INVALID_ARGUMENT (and a valid write is carried out before it is refused).',
    (b) => {
      authenticateAfter(b, 'handler');
    },
  ),
  fault('auth-spec-requires-key', ['AUTH-SPEC-PUBLIC'], 'The /v1/openapi endpoints need the key too.', (b) => {
    b.auth.required = () => true;
  }),
] as const satisfies readonly Fault[];
