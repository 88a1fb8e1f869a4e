// What the probes of the test-case faults (proof/faults/test-cases.ts) share. Each probe lives in its
// fault's record.

import type { Call } from './call.js';

export const VALID = { input_str: 'Ask for a refund', test_set_id: 'TS000001' };

export const create = (call: Call, body: object, query = '') => call('POST', `/v1/test-cases${query}`, { body });
export const status = async (call: Call, body: object, query?: string) => (await create(call, body, query)).status;
export const created = async (call: Call, body: object) => (await create(call, body)).body.test_case;

export const withoutTestSet = { input_str: 'Ask for a refund' };
