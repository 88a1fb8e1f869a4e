// How POST /v1/test-cases reads each body field, as a table: the Behaviour holds a
// copy, so a fault can change how one field is read without touching the others.

import { DEFAULTS, INPUT_TYPES } from '../../contract/enums.js';
import type { TestCaseRecord } from '../store/records.js';
import type { Fields } from './fields.js';
import type { JsonObject } from '../../util/json.js';

type BodyField = Exclude<keyof TestCaseRecord, 'id' | 'create_time' | 'update_time'>;

/** What a reader gets besides the fields: the raw body and the query string, for readers that bend the rules. */
export interface TestCaseRequest {
  readonly body: JsonObject;
  readonly query: URLSearchParams;
}

export type TestCaseFields = { [K in BodyField]: (fields: Fields, request: TestCaseRequest) => TestCaseRecord[K] };

export const TEST_CASE_FIELDS: Readonly<TestCaseFields> = {
  test_set_id: (f) => f.string('test_set_id', { required: true, limit: 'testCase.test_set_id' }),
  input_str: (f) => f.string('input_str', { required: true, limit: 'testCase.input_str' }),
  // The deprecated field stands in only when the preferred one is absent.
  expected_behaviors: (f) => {
    const deprecated = f.string('expected_output_str');
    return f.strings('expected_behaviors') ?? (deprecated === null ? null : [deprecated]);
  },
  // Stryker disable next-line ArrowFunction,StringLiteral: a server may return the deprecated field its own way once it stands in for
  // expected_behaviors (TESTCASE-EXPECTED-OUTPUT-WRAPPED); its type is still checked by the reader above.
  expected_output_str: (f) => f.string('expected_output_str'),
  expected_output_json: (f) => f.object('expected_output_json'),
  description: (f) => f.string('description'),
  input_type: (f) => f.oneOf('input_type', INPUT_TYPES) ?? DEFAULTS.testCaseInputType,
  // For SCRIPT input, script_turns (when given) is the ordered list of persona lines.
  simulation_metadata_input: (f) => {
    // Stryker disable next-line ConditionalExpression: what simulation_metadata_input holds is shown for SCRIPT only ("contents depend on input_type"):
    // checking script_turns under the other types too is left open (`false` is REQUEST-WRONG-TYPE's, and detected).
    if (f.string('input_type') === 'SCRIPT') f.nested('simulation_metadata_input').strings('script_turns');
    return f.object('simulation_metadata_input');
  },
  metric_input: (f) => f.object('metric_input'),
  user_notes: (f) => f.string('user_notes'),
};

/** Reads every body field with the given table. */
export function readTestCase(table: Readonly<TestCaseFields>, fields: Fields, request: TestCaseRequest): { [K in BodyField]: TestCaseRecord[K] } {
  const entries = Object.entries(table).map(([name, read]) => [name, read(fields, request)]);
  return Object.fromEntries(entries) as { [K in BodyField]: TestCaseRecord[K] };
}
