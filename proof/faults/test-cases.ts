// Test case faults: each breaks one rule the way a real implementation might.

import { DEFAULTS, INPUT_TYPES } from '../../lib/contract/enums.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { TestCaseFields } from '../../lib/reference/validation/test-cases.js';
import { fault, presentWith, type Fault } from './define.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';

/** Replaces how one body field is read, given the reading it replaces. */
const reread =
  <K extends keyof TestCaseFields>(field: K, reader: (original: TestCaseFields[K]) => TestCaseFields[K]) =>
  (b: Behaviour) => {
    b.testCaseFields = { ...b.testCaseFields, [field]: reader(b.testCaseFields[field]) };
  };

const limit =
  (id: 'testCase.input_str' | 'testCase.test_set_id', bounds: { min?: number; max?: number }) => (b: Behaviour) => {
    b.limits[id] = { ...b.limits[id], ...bounds };
  };

/** input_type read against `accepted` (spelled as given), defaulting to `fallback`. */
const inputTypes = (accepted: (value: string) => boolean, fallback: string = DEFAULTS.testCaseInputType) =>
  reread('input_type', () => (f) => {
    const value = f.string('input_type');
    if (value === null) return fallback;
    return accepted(value) ? value : f.fail('input_type', `must be one of ${INPUT_TYPES.join(', ')}`);
  });

const listed = (value: string): boolean => (INPUT_TYPES as readonly string[]).includes(value);

export const TEST_CASES_FAULTS = [
  // test_set_id
  fault(
    'test-case-test-set-id-7-accepted',
    ['TESTCASE-TEST-SET-ID'],
    'A test_set_id of 7 characters is accepted.',
    limit('testCase.test_set_id', { min: 7 }),
  ),
  fault(
    'test-case-test-set-id-9-accepted',
    ['TESTCASE-TEST-SET-ID'],
    'A test_set_id of 9 characters is accepted.',
    limit('testCase.test_set_id', { max: 9 }),
  ),
  fault(
    'test-case-test-set-id-8-rejected',
    ['TESTCASE-TEST-SET-ID'],
    'test_set_id is validated as a 22-character id, so 8 characters are rejected.',
    limit('testCase.test_set_id', { min: 22, max: 22 }),
  ),
  fault(
    'test-case-test-set-id-unchecked',
    ['TESTCASE-TEST-SET-ID'],
    'test_set_id of any non-empty length is accepted.',
    limit('testCase.test_set_id', { min: 1, max: 255 }),
  ),
  fault(
    'test-case-test-set-id-optional',
    ['TESTCASE-TEST-SET-ID'],
    'A test case without test_set_id is stored with an empty one.',
    reread(
      'test_set_id',
      (read) => (f, request) => (request.body['test_set_id'] === undefined ? '' : read(f, request)),
    ),
  ),
  fault(
    'test-case-test-set-id-from-query',
    ['TESTCASE-TEST-SET-ID'],
    'test_set_id is also read from the query string when the body lacks it.',
    reread('test_set_id', (read) => (f, request) => {
      const queried = request.query.get('test_set_id');
      return request.body['test_set_id'] === undefined && queried !== null ? queried : read(f, request);
    }),
  ),

  // input_str
  fault(
    'test-case-empty-input-accepted',
    ['TESTCASE-INPUT-STR'],
    'An empty input_str is accepted.',
    limit('testCase.input_str', { min: 0 }),
  ),
  fault(
    'test-case-input-str-min-2',
    ['TESTCASE-INPUT-STR'],
    'An input_str of 1 character is rejected.',
    limit('testCase.input_str', { min: 2 }),
  ),
  fault(
    'test-case-input-str-optional',
    ['TESTCASE-INPUT-STR'],
    'A test case without input_str is stored with an empty one.',
    reread('input_str', (read) => (f, request) => (request.body['input_str'] === undefined ? '' : read(f, request))),
  ),
  fault(
    'test-case-input-str-capped',
    ['TESTCASE-INPUT-STR'],
    'input_str is capped at 1000 characters.',
    limit('testCase.input_str', { max: 1000 }),
  ),
  fault(
    'test-case-input-str-number-coerced',
    ['REQUEST-WRONG-TYPE'],
    'A numeric input_str is stored as its decimal string.',
    reread('input_str', (read) => (f, request) => {
      const given = request.body['input_str'];
      return typeof given === 'number' ? String(given) : read(f, request);
    }),
  ),

  // input_type
  fault(
    'test-case-input-type-default-unspecified',
    ['TESTCASE-INPUT-TYPE-DEFAULT'],
    'input_type defaults to the enum zero value INPUT_TYPE_UNSPECIFIED.',
    inputTypes(listed, 'INPUT_TYPE_UNSPECIFIED'),
  ),
  fault(
    'test-case-input-type-default-transcript',
    ['TESTCASE-INPUT-TYPE-DEFAULT'],
    'input_type defaults to TRANSCRIPT.',
    inputTypes(listed, 'TRANSCRIPT'),
  ),
  fault(
    'test-case-input-type-unchecked',
    ['TESTCASE-INPUT-TYPE'],
    'Any input_type string is accepted.',
    inputTypes(() => true),
  ),
  fault(
    'test-case-input-type-lowercase-accepted',
    ['TESTCASE-INPUT-TYPE'],
    'input_type is accepted in any letter case, and stored as given.',
    inputTypes((value) => listed(value.toUpperCase())),
  ),
  fault(
    'test-case-input-type-prefixed',
    ['TESTCASE-INPUT-TYPE'],
    'input_type takes the protobuf enum names only (`INPUT_TYPE_SCENARIO`, ...).',
    inputTypes((value) => value.startsWith('INPUT_TYPE_') && listed(value.slice('INPUT_TYPE_'.length))),
  ),
  fault(
    'test-case-script-unsupported',
    ['TESTCASE-INPUT-TYPE'],
    'input_type SCRIPT is not supported.',
    inputTypes((value) => listed(value) && value !== 'SCRIPT'),
  ),

  // expected results
  fault(
    'test-case-expected-output-not-wrapped',
    ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    'expected_output_str is stored but not used for expected_behaviors.',
    reread('expected_behaviors', () => (f) => f.strings('expected_behaviors')),
  ),
  fault(
    'test-case-expected-output-overrides',
    ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
    'expected_output_str, when given, replaces expected_behaviors.',
    reread('expected_behaviors', (read) => (f, request) => {
      const deprecated = f.string('expected_output_str');
      return deprecated === null ? read(f, request) : [deprecated];
    }),
  ),
  fault(
    'test-case-expected-behaviors-string-wrapped',
    ['REQUEST-WRONG-TYPE'],
    'expected_behaviors given as a string is wrapped into a list.',
    reread('expected_behaviors', (read) => (f, request) => {
      const given = request.body['expected_behaviors'];
      return typeof given === 'string' ? [given] : read(f, request);
    }),
  ),

  fault(
    'test-case-expected-behaviors-elements-unchecked',
    ['REQUEST-WRONG-TYPE'],
    'expected_behaviors is checked to be a list, not a list of strings: `[42]` is stored as given.',
    reread('expected_behaviors', (read) => (f, request) => {
      const given = request.body['expected_behaviors'];
      return Array.isArray(given) ? (given as string[]) : read(f, request);
    }),
  ),

  // the object fields
  fault(
    'test-case-objects-any-type',
    ['REQUEST-WRONG-TYPE'],
    'expected_output_json, metric_input and simulation_metadata_input take any JSON value (stored as given), not only an object.',
    (b) => {
      for (const field of ['expected_output_json', 'metric_input', 'simulation_metadata_input'] as const) {
        reread(field, (read) => (f, request) => {
          const given = request.body[field];
          return given === undefined || given === null || isJsonObject(given)
            ? read(f, request)
            : (given as JsonObject);
        })(b);
      }
    },
  ),
  fault(
    'test-case-script-turns-unchecked',
    ['REQUEST-WRONG-TYPE'],
    "simulation_metadata_input is checked to be an object, not what it holds: a SCRIPT test case's script_turns of any type is stored as given.",
    reread('simulation_metadata_input', () => (f) => f.object('simulation_metadata_input')),
  ),
  fault(
    'test-case-simulation-metadata-dropped',
    ['TESTCASE-CREATE'],
    "simulation_metadata_input is checked (a SCRIPT test case's script_turns) but not stored: test cases return it as null.",
    reread('simulation_metadata_input', (read) => (f, request) => {
      read(f, request);
      return null;
    }),
  ),

  // what comes back
  fault('test-case-name-wrong-prefix', ['TESTCASE-CREATE'], 'Test cases are named `testcases/<id>`.', (b) => {
    presentWith(b, 'testCase', (view) => ({ ...view, name: `testcases/${String(view.id)}` }));
  }),
  fault(
    'test-case-id-21-characters',
    ['TESTCASE-CREATE'],
    'Test case ids (and names) are returned without their last character.',
    (b) => {
      presentWith(b, 'testCase', (view) => {
        const id = String(view.id).slice(0, 21);
        return { ...view, id, name: `test-cases/${id}` };
      });
    },
  ),
  fault('test-case-user-notes-dropped', ['TESTCASE-CREATE'], 'Test cases are returned without user_notes.', (b) => {
    presentWith(b, 'testCase', ({ user_notes: _notes, ...rest }) => rest);
  }),
] as const satisfies readonly Fault[];
