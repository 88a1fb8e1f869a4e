// What each test-case fault changes, observed from outside: each probe's value differs
// between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

const VALID = { input_str: 'Ask for a refund', test_set_id: 'TS000001' };

const create = (call: Call, body: object, query = '') => call('POST', `/v1/test-cases${query}`, { body });
const status = async (call: Call, body: object, query?: string) => (await create(call, body, query)).status;
const created = async (call: Call, body: object) => (await create(call, body)).body.test_case;

const withoutTestSet = { input_str: 'Ask for a refund' };

export const TEST_CASE_PROBES: Record<string, Probe> = {
  'test-case-test-set-id-7-accepted': (call) => status(call, { ...VALID, test_set_id: 'SEVEN77' }),
  'test-case-test-set-id-9-accepted': (call) => status(call, { ...VALID, test_set_id: 'NINE99999' }),
  'test-case-test-set-id-8-rejected': (call) => status(call, VALID),
  'test-case-test-set-id-unchecked': (call) => status(call, { ...VALID, test_set_id: 'a-much-longer-test-set-id' }),
  'test-case-test-set-id-optional': (call) => status(call, withoutTestSet),
  'test-case-test-set-id-from-query': (call) => status(call, withoutTestSet, '?test_set_id=TS000001'),
  'test-case-empty-input-accepted': (call) => status(call, { ...VALID, input_str: '' }),
  'test-case-input-str-min-2': (call) => status(call, { ...VALID, input_str: 'a' }),
  'test-case-input-str-optional': (call) => status(call, { test_set_id: 'TS000001' }),
  'test-case-input-str-capped': (call) => status(call, { ...VALID, input_str: 'é'.repeat(3000) }),
  'test-case-input-str-number-coerced': (call) => status(call, { ...VALID, input_str: 42 }),
  'test-case-input-type-default-unspecified': async (call) => (await created(call, VALID)).input_type,
  'test-case-input-type-default-transcript': async (call) => (await created(call, VALID)).input_type,
  'test-case-input-type-unchecked': (call) => status(call, { ...VALID, input_type: 'FOO' }),
  'test-case-input-type-lowercase-accepted': (call) => status(call, { ...VALID, input_type: 'scenario' }),
  'test-case-input-type-prefixed': (call) => status(call, { ...VALID, input_type: 'IVR' }),
  'test-case-script-unsupported': (call) =>
    status(call, { ...VALID, input_type: 'SCRIPT', simulation_metadata_input: { script_turns: ['hello'] } }),
  'test-case-expected-output-not-wrapped': async (call) =>
    (await created(call, { ...VALID, expected_output_str: 'refund' })).expected_behaviors,
  'test-case-expected-output-overrides': async (call) =>
    (await created(call, { ...VALID, expected_output_str: 'refund', expected_behaviors: ['voucher'] }))
      .expected_behaviors,
  'test-case-expected-behaviors-string-wrapped': (call) => status(call, { ...VALID, expected_behaviors: 'refund' }),
  'test-case-expected-behaviors-elements-unchecked': (call) => status(call, { ...VALID, expected_behaviors: [42] }),
  'test-case-objects-any-type': (call) => status(call, { ...VALID, metric_input: 'order number' }),
  'test-case-script-turns-unchecked': (call) =>
    status(call, { ...VALID, input_type: 'SCRIPT', simulation_metadata_input: { script_turns: 'hello' } }),
  'test-case-simulation-metadata-dropped': async (call) =>
    (await created(call, { ...VALID, input_type: 'SCRIPT', simulation_metadata_input: { script_turns: ['hello'] } }))
      .simulation_metadata_input,
  'test-case-name-wrong-prefix': async (call) => String((await created(call, VALID)).name).split('/')[0],
  'test-case-id-21-characters': async (call) => String((await created(call, VALID)).id).length,
  'test-case-user-notes-dropped': async (call) => (await created(call, { ...VALID, user_notes: 'n' })).user_notes,
};
