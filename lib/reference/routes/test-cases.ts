// POST /v1/test-cases

import { INPUT_TYPES, DEFAULTS } from '../../contract/enums.js';
import type { Behaviour } from '../behaviour.js';
import type { JsonObject } from '../http/body.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { TestCaseRecord } from '../store/records.js';
import { Fields } from '../validation/fields.js';

function testCaseView(b: Behaviour, testCase: TestCaseRecord): JsonObject {
  const { create_time, update_time, expected_behaviors, ...rest } = testCase;
  const view = {
    name: `test-cases/${testCase.id}`,
    ...rest,
    expected_behaviors: expected_behaviors === null ? null : [...expected_behaviors],
    create_time: b.formatTime(create_time),
    update_time: b.formatTime(update_time),
  };
  return b.present('testCase', view, testCase);
}

/** For SCRIPT input, script_turns (when given) is the ordered list of persona lines. */
function checkScriptTurns(fields: Fields, inputType: string): void {
  if (inputType !== 'SCRIPT') return;
  fields.nested('simulation_metadata_input').strings('script_turns');
}

function createTestCase({ b, store, body }: RequestContext) {
  const fields = new Fields(body, b.limits);
  const input_str = fields.string('input_str', { required: true, limit: 'testCase.input_str' });
  const test_set_id = fields.string('test_set_id', { required: true, limit: 'testCase.test_set_id' });
  const given_behaviors = fields.strings('expected_behaviors');
  const expected_output_str = fields.string('expected_output_str');
  const input_type = fields.oneOf('input_type', INPUT_TYPES) ?? DEFAULTS.testCaseInputType;
  const simulation_metadata_input = fields.object('simulation_metadata_input');
  checkScriptTurns(fields, input_type);

  const now = store.clock.now();
  const testCase: TestCaseRecord = {
    id: store.ids.token(22),
    test_set_id,
    input_str,
    // The deprecated field stands in only when the preferred one is absent.
    expected_behaviors: given_behaviors ?? (expected_output_str === null ? null : [expected_output_str]),
    expected_output_str,
    expected_output_json: fields.object('expected_output_json'),
    description: fields.string('description'),
    input_type,
    simulation_metadata_input,
    metric_input: fields.object('metric_input'),
    user_notes: fields.string('user_notes'),
    create_time: now,
    update_time: now,
  };
  store.testCases.set(testCase.id, testCase);
  return json(testCaseView(b, testCase));
}

export const testCaseRoutes: Routes = {
  'POST /v1/test-cases': createTestCase,
};
