// What the probes of the faults of authentication, the published documents and the general rules
// share. Each probe lives in its fault's record.

import type { Call } from './call.js';

export const SPEC = '/v1/openapi/agent-evaluation';
const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' };

export const jsonSpec = async (call: Call) =>
  (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body;
export const firstPersona = async (call: Call) => (await call('GET', '/v1/personas?page_size=1')).body.personas[0];
export const newAgent = async (call: Call, body: object = VOICE) => await call('POST', '/v1/agents', { body });
