// Authentication faults.

import { ApiError } from '../http/errors.js';
import { fault, refineFailure, type Fault } from './define.js';

export const AUTH_FAULTS = [
  fault('auth-missing-key-accepted-on-get-agent', ['AUTH-MISSING-KEY'], 'GET /v1/agents/{agent_id} is served without a key.', (b) => {
    const accepts = b.auth.accepts;
    b.auth.accepts = (endpoint, key) => (key === undefined && endpoint.key === 'GET /v1/agents/{agent_id}') || accepts(endpoint, key);
  }),
  fault('auth-wrong-key-accepted', ['AUTH-INVALID-KEY'], 'Any non-empty key is accepted.', (b) => {
    b.auth.accepts = (_endpoint, key) => key !== undefined && key !== '';
  }),
  fault('auth-details-missing', ['AUTH-DETAILS-HEADER'], 'UNAUTHENTICATED errors have empty details.', (b) => {
    refineFailure(b, (error) => new ApiError(error.code, error.message, []));
  }),
  fault('auth-wrong-code', ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'], 'A missing key gives code PERMISSION_DENIED.', (b) => {
    refineFailure(b, (error, key) => (key === undefined ? new ApiError('PERMISSION_DENIED', error.message, error.details) : error));
  }),
  fault('auth-spec-requires-key', ['AUTH-SPEC-PUBLIC'], 'The /v1/openapi endpoints need the key too.', (b) => {
    b.auth.required = () => true;
  }),
] as const satisfies readonly Fault[];
