// Test cases: POST /v1/test-cases. What is required (input_str, and test_set_id in the
// body), the defaults (input_type SCENARIO; expected_output_str standing in for
// expected_behaviors), the listed input types, and the echo of every field sent.
// The API cannot delete test cases: the resource layer puts the run marker in every
// input_str long enough to hold it.

import { randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { DEFAULTS, INPUT_TYPES } from '../lib/contract/enums.js';
import { ID_RULES, matchesIdRule } from '../lib/contract/ids.js';
import { charLength, fieldLimit } from '../lib/contract/limits.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { echoMismatches } from '../lib/assert/echo.js';
import { isSuccess } from '../lib/assert/responses.js';
import {
  expectNameMatchesId,
  expectServerTime,
  expectTimestampOrder,
  SKEWED_CLOCKS,
} from '../lib/families/resource-fields.js';
import { answerNames, rejectsNaming } from '../lib/assert/error-details.js';
import {
  asListed,
  expectRefusedOrRecognised,
  lineBreakChecks,
  ruledListChecks,
} from '../lib/families/invalid-field.js';
import {
  emptyRequiredUnderEachValueChecks,
  madeOfListedChecks,
  requiredUnderEachValueChecks,
} from '../lib/families/values/enumerated.js';
import { derivedBesideOthersCheck } from '../lib/families/values/derived.js';
import { ASCII_CHARS, boundaryCases, stringOf, twoByteText } from '../lib/gen/strings.js';
import { allEnded, check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import { property } from '../lib/harness/property.js';
import { MADE_UP_TEST_SET, sentBody, TEST_SET_ID_LENGTH } from '../lib/harness/resources.js';
import { atOnce, expectAnsweredAtOnce } from '../lib/families/at-once.js';
import type { JsonObject } from '../lib/util/json.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { boundaryKey } from '../lib/families/length-limits.js';
import { explicitNullChecks, valueSpaceCheck } from '../lib/families/field-values.js';
import { jsonFormsCheck, keyOrderCheck, malformedBodyCheck } from '../lib/families/json-forms.js';
import { bodyFormsCheck } from '../lib/families/negotiation.js';
import { SHAPED_VALUES } from '../lib/gen/values.js';
import { PAST_TIMESTAMP, serverSetFieldsCheck } from '../lib/families/server-set-fields.js';
import { alnum, wellFormedId } from '../lib/gen/ids.js';
import { object, text, texts, wrongTypesCheck } from '../lib/families/wrong-types.js';
import { refusedWriteCheck, refusedWriteFramingCheck } from '../lib/families/refused-writes.js';

const WRITES = { writes: true } as const;
/** An id of a test case's form, sent where the server sets one. */
const OWN_TEST_CASE_ID = wellFormedId(ID_RULES.testCase, 30);

/** Every field sent comes back equal. */
function expectEchoed(
  t: CheckContext,
  sent: JsonObject,
  testCase: JsonObject,
  requirements: readonly RequirementId[],
  call: Call,
): void {
  const mismatches = echoMismatches(sent, testCase);
  t.assert(
    !mismatches.length,
    requirements,
    `the created test case differs from what was sent: ${mismatches.join('; ')}`,
    call,
  );
}

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

// ---- values ----------------------------------------------------------------------------

/** Long text in two- to four-byte characters: the spec sets no maximum for input_str. */
const LONG_MULTI_BYTE = stringOf(2500, 'bmp') + stringOf(500, 'astral');

/** Test set IDs of any length but the stated one, in characters no reading counts differently. */
const wrongLengthTestSetIds = fc.oneof(
  fc.string({ unit: fc.constantFrom(...ASCII_CHARS), minLength: 1, maxLength: TEST_SET_ID_LENGTH - 1 }),
  fc.string({
    unit: fc.constantFrom(...ASCII_CHARS),
    minLength: TEST_SET_ID_LENGTH + 1,
    maxLength: 3 * TEST_SET_ID_LENGTH,
  }),
);

/** What each listed input type needs beside it; for SCRIPT, the persona lines. */
const INPUT_TYPE_EXTRAS: Partial<Record<(typeof INPUT_TYPES)[number], JsonObject>> = {
  SCRIPT: { simulation_metadata_input: { script_turns: ['hello'] } },
};

/** The input types a test case takes with nothing beside them (SCRIPT needs its persona lines). */
const UNSCRIPTED_TYPES = INPUT_TYPES.filter((type) => !(type in INPUT_TYPE_EXTRAS));

/**
 * Test set ids of the length the specification gives, of shapes beyond letters and digits (it names no alphabet), and
 * digits only (a number would lose the zeros); led and ended by each class of character: a digit, a letter of either
 * case, punctuation (which a slug's normaliser trims).
 */
const TEST_SET_ID_SHAPES = ['00000042', 'qa-set-1', 'QA_set.1', '7-set-ab', 'qa-set-Q', 'QA-2024_', '.qaset01'];

/**
 * Test set ids of the length the specification gives in characters, beyond ASCII: two-byte (Latin-1: what a header
 * or a single-byte column still holds) and three-byte (CJK) characters, and astral ones (one code point but two
 * UTF-16 units each: 16 units to a server counting those).
 */
const MULTI_BYTE_TEST_SET_IDS = ['ÀÉÎÕÜñçß', '测试集合编号一二', '😀😁😂😃😄😅😆😇'];

/** Every optional field of a test case set (simulation_metadata_input with a key no input_type reads alone). */
const FULLEST_TEST_CASE: JsonObject = {
  description: 'Caller asks for a refund of a late order',
  user_notes: 'Seen in the March escalations',
  expected_behaviors: ['Asks for the order number'],
  expected_output_str: 'A refund is offered',
  expected_output_json: { resolution: 'refund' },
  simulation_metadata_input: { channel: 'phone' },
  metric_input: { expected_entities: ['order number'] },
};

/** A SCRIPT test case's persona lines, out of sorted order: kept as sent is kept in the order sent. */
const SCRIPT_TURNS = ['My order never arrived', 'I would like a refund'];

describeGroup('test-cases', () => {
  // ---- creating --------------------------------------------------------------------------

  check(
    'test-cases.every-field',
    ['TESTCASE-CREATE'],
    'a created test case returns every field as sent',
    async (t) => {
      const { testCase, call, sent } = await t.testCases.create(
        {
          description: 'Caller asks for a refund of a late order',
          user_notes: 'Seen in the March escalations',
          // One text in two lists (a store keyed by the text alone keeps it in one of them).
          expected_behaviors: ['Asks for the order number', 'Offers a refund or a voucher', 'refund amount'],
          expected_output_json: { resolution: 'refund', amount: 12.5 },
          metric_input: { expected_entities: ['order number', 'refund amount'] },
          input_type: 'SCENARIO',
        },
        ['TESTCASE-CREATE'],
        'creating a test case with every field',
      );
      expectEchoed(t, sent, testCase, ['TESTCASE-CREATE'], call);
    },
    WRITES,
  );

  check(
    'test-cases.created-test-case-named-test',
    ['TESTCASE-CREATE', 'NAME-MATCHES-ID', 'TIMESTAMP-ORDER', 'SERVER-SET-TIMES'],
    "a created test case is named test-cases/<id>, with an id of 22 characters and no update_time before its create_time; created with a request Date far ahead, its times are the server's own",
    async (t) => {
      const call = await t.testCases.send({}, undefined, { headers: SKEWED_CLOCKS.future });
      const testCase = t.expectResource(call, ['TESTCASE-CREATE'], 'creating a test case');
      expectServerTime(t, testCase, call, { now: ['create_time', 'update_time'] });
      t.assert(
        matchesIdRule(ID_RULES.testCase, testCase['id']),
        ['TESTCASE-CREATE'],
        `test case id ${shown(testCase['id'])} is not 22 characters`,
        call,
      );
      expectNameMatchesId(t, testCase, 'test-cases', call);
      expectTimestampOrder(t, testCase, call);
    },
    WRITES,
  );

  // ---- input_str -------------------------------------------------------------------------

  check(
    'test-cases.test-case-without-input-str',
    ['TESTCASE-INPUT-STR', 'REQUEST-MISSING-REQUIRED'],
    'a test case without input_str is rejected with INVALID_ARGUMENT naming input_str',
    async (t) => {
      const call = await t.testCases.send({ input_str: undefined });
      t.expectInvalidArgument(
        call,
        ['TESTCASE-INPUT-STR', 'REQUEST-MISSING-REQUIRED'],
        'input_str',
        'a test case without input_str',
      );
    },
    WRITES,
  );

  const inputBounds = boundaryCases({ min: fieldLimit('testCase.input_str').min ?? 1 });
  for (const { value, why } of inputBounds.reject) {
    check(
      checkIdOf('test-cases.input-str.rejected', boundaryKey(value)),
      ['TESTCASE-INPUT-STR', 'FIELD-LENGTH-LIMITS'],
      `input_str of ${why} is rejected with INVALID_ARGUMENT naming input_str`,
      async (t) => {
        const call = await t.testCases.send({ input_str: value });
        t.expectInvalidArgument(
          call,
          ['TESTCASE-INPUT-STR', 'FIELD-LENGTH-LIMITS'],
          'input_str',
          `input_str of ${why}`,
        );
      },
      WRITES,
    );
  }
  for (const { value, why } of inputBounds.accept) {
    check(
      checkIdOf('test-cases.input-str.accepted', boundaryKey(value)),
      ['TESTCASE-INPUT-STR', 'FIELD-LENGTH-LIMITS'],
      `input_str of ${why} is accepted`,
      async (t) => {
        const { testCase, call, sent } = await t.testCases.create(
          { input_str: value },
          ['TESTCASE-INPUT-STR', 'FIELD-LENGTH-LIMITS'],
          `input_str of ${why}`,
        );
        expectEchoed(t, { input_str: sent['input_str'] }, testCase, ['TESTCASE-CREATE'], call);
      },
      WRITES,
    );
  }

  // Only a length is stated: blanks are characters, but a server that trims before it measures may refuse them.
  for (const [value, why] of [
    [' ', 'one blank'],
    ['\t \n', 'blanks of three kinds'],
  ] as const) {
    check(
      checkIdOf('test-cases.input-str.blank-only', why),
      ['TESTCASE-INPUT-STR'],
      `input_str of ${why} only is refused with INVALID_ARGUMENT naming input_str, or stored as sent`,
      async (t) => {
        expectRefusedOrRecognised(
          t,
          await t.testCases.send({ input_str: value }),
          ['TESTCASE-INPUT-STR'],
          'input_str',
          { holds: (stored) => stored === value, expected: `${JSON.stringify(value)} as sent` },
          `input_str of ${why} only`,
        );
      },
      WRITES,
    );
  }

  check(
    'test-cases.input-str.long-multi-byte',
    ['TESTCASE-INPUT-STR'],
    `input_str of ${charLength(LONG_MULTI_BYTE)} multi-byte characters is accepted`,
    async (t) => {
      const what = `input_str of ${charLength(LONG_MULTI_BYTE)} multi-byte characters`;
      const { testCase, call, sent } = await t.testCases.create(
        { input_str: LONG_MULTI_BYTE },
        ['TESTCASE-INPUT-STR'],
        what,
      );
      expectEchoed(t, { input_str: sent['input_str'] }, testCase, ['TESTCASE-CREATE'], call);
    },
    WRITES,
  );

  // ---- test_set_id -------------------------------------------------------------------------

  check(
    'test-cases.test-case-without-test-set',
    ['TESTCASE-TEST-SET-ID', 'REQUEST-MISSING-REQUIRED'],
    'a test case without test_set_id is rejected with INVALID_ARGUMENT naming test_set_id',
    async (t) => {
      const call = await t.testCases.send({ test_set_id: undefined });
      t.expectInvalidArgument(
        call,
        ['TESTCASE-TEST-SET-ID', 'REQUEST-MISSING-REQUIRED'],
        'test_set_id',
        'a test case without test_set_id',
      );
    },
    WRITES,
  );

  check(
    'test-cases.test-set-id-url-instead',
    ['TESTCASE-TEST-SET-ID'],
    'test_set_id in the URL instead of the body is rejected with INVALID_ARGUMENT naming test_set_id',
    async (t) => {
      const call = await t.testCases.send({ test_set_id: undefined }, { test_set_id: await t.testCases.testSetId() });
      t.expectInvalidArgument(
        call,
        ['TESTCASE-TEST-SET-ID'],
        'test_set_id',
        'test_set_id sent as a query parameter, not in the body',
      );
    },
    WRITES,
  );

  // "Exactly 8 characters", no alphabet: 8 characters beyond ASCII are a test_set_id a server may take or refuse (a
  // careful one may hold identifiers to printable ASCII), never one it fails on or changes (one written where only
  // ASCII or Latin-1 fits, a header or a column, breaks on the rest).
  check(
    'test-cases.test-set-id.multi-byte-accepted',
    ['TESTCASE-TEST-SET-ID', 'TESTCASE-CREATE'],
    `test_set_id of exactly ${TEST_SET_ID_LENGTH} characters beyond ASCII (${MULTI_BYTE_TEST_SET_IDS.map((v) => JSON.stringify(v)).join(', ')}) is accepted and returned as sent, or refused with INVALID_ARGUMENT naming test_set_id, never failed on`,
    async (t) => {
      const reqs = ['TESTCASE-TEST-SET-ID', 'TESTCASE-CREATE'] as const;
      if ((await t.testCases.testSetId()) !== MADE_UP_TEST_SET)
        return t.skip('the target takes only the test sets it has: a made-up test_set_id cannot be sent');
      for (const value of MULTI_BYTE_TEST_SET_IDS) {
        const what = `test_set_id ${shown(value)}`;
        const call = await t.testCases.send({ test_set_id: value });
        if (!isSuccess(call)) t.expectInvalidArgument(call, reqs, 'test_set_id', what);
        else expectEchoed(t, { test_set_id: value }, t.expectResource(call, reqs, what), reqs, call);
      }
    },
    WRITES,
  );

  // Two test cases created at the same moment in a test set no test case has named yet: a server that makes the set on
  // a first use (the test_set_id is the only way a client makes one) must not fail the second of them; nor two in a set
  // that exists. Each is created as sent (or refused to be retried: ABORTED, UNAVAILABLE), never failed on.
  check(
    'test-cases.created-at-once-in-one-set',
    ['TESTCASE-CREATE'],
    'two test cases sent at the same moment with a test_set_id never used before, then two in a test set that exists, are each created as sent with an id of its own (or refused to be retried: ABORTED, UNAVAILABLE, 429 with Retry-After), never failed on with a 5xx',
    async (t) => {
      const existing = await t.testCases.testSetId();
      // A set of its own only where the target takes test sets it does not have (the made-up one was taken).
      const sets =
        existing === MADE_UP_TEST_SET
          ? [{ id: alnum(TEST_SET_ID_LENGTH, randomInt(2 ** 31)), what: 'never used before' }]
          : [];
      for (const { id, what } of [...sets, { id: existing, what: 'that exists' }]) {
        const send = (n: number) => () =>
          t.testCases.send({ test_set_id: id, input_str: t.name(`test case ${n} at once`) });
        const calls = await atOnce([send(1), send(2)]);
        const made: JsonObject[] = [];
        for (const call of calls) {
          const one = `one of two test cases sent at the same moment in a test set ${what} (${shown(id)})`;
          if (!expectAnsweredAtOnce(t, call, ['TESTCASE-CREATE'], one)) continue;
          const testCase = t.expectResource(call, ['TESTCASE-CREATE'], one);
          expectEchoed(t, sentBody(call), testCase, ['TESTCASE-CREATE'], call);
          made.push(testCase);
        }
        t.assert(
          made.length < 2 || made[0]?.['id'] !== made[1]?.['id'],
          ['TESTCASE-CREATE'],
          `two test cases created at the same moment in a test set ${what} were given one id, ${shown(made[0]?.['id'])}`,
          calls[1],
        );
      }
    },
    WRITES,
  );

  check(
    'test-cases.test-set-id.length-accepted',
    ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
    `test_set_id of ${TEST_SET_ID_LENGTH} characters is accepted`,
    async (t) => {
      const testSetId = await t.testCases.testSetId();
      const { testCase, call } = await t.testCases.create(
        {},
        ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
        `test_set_id ${shown(testSetId)}`,
      );
      expectEchoed(t, { test_set_id: testSetId }, testCase, ['TESTCASE-CREATE'], call);
    },
    WRITES,
  );

  check(
    'test-cases.test-set-id.shapes-accepted',
    ['TESTCASE-TEST-SET-ID'],
    `test_set_id of exactly ${TEST_SET_ID_LENGTH} characters of any shape (${TEST_SET_ID_SHAPES.map((v) => JSON.stringify(v)).join(', ')}) is accepted and returned as sent: the specification gives it no alphabet`,
    async (t) => {
      if ((await t.testCases.testSetId()) !== MADE_UP_TEST_SET)
        return t.skip(
          'the target takes only the test sets it has: a made-up test_set_id of another shape cannot be sent',
        );
      for (const value of TEST_SET_ID_SHAPES) {
        const { testCase, call } = await t.testCases.create(
          { test_set_id: value },
          ['TESTCASE-TEST-SET-ID'],
          `test_set_id ${shown(value)}`,
        );
        expectEchoed(t, { test_set_id: value }, testCase, ['TESTCASE-TEST-SET-ID'], call);
      }
    },
    WRITES,
  );

  for (const delta of [-1, 1]) {
    const length = TEST_SET_ID_LENGTH + delta;
    check(
      checkIdOf('test-cases.test-set-id.length-rejected', length),
      ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
      `test_set_id of ${length} characters is rejected with INVALID_ARGUMENT naming test_set_id`,
      async (t) => {
        // The accepted test set with its last character dropped, or one more added.
        const accepted = [...(await t.testCases.testSetId())];
        const value = delta < 0 ? accepted.slice(0, length).join('') : `${accepted.join('')}x`;
        const call = await t.testCases.send({ test_set_id: value });
        t.expectInvalidArgument(
          call,
          ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
          'test_set_id',
          `test_set_id ${shown(value)} (${length} characters)`,
        );
      },
      WRITES,
    );
  }

  check(
    'test-cases.test-set-id.two-byte-rejected',
    ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
    `test_set_id of ${TEST_SET_ID_LENGTH / 2} two-byte characters (${TEST_SET_ID_LENGTH} UTF-8 bytes) is rejected with INVALID_ARGUMENT naming test_set_id`,
    async (t) => {
      // Characters, not bytes: half as many two-byte characters fill the bytes of a valid ID.
      const value = twoByteText(TEST_SET_ID_LENGTH);
      const call = await t.testCases.send({ test_set_id: value });
      t.expectInvalidArgument(
        call,
        ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
        'test_set_id',
        `test_set_id ${shown(value)} (${charLength(value)} characters, ${Buffer.byteLength(value)} bytes)`,
      );
    },
    WRITES,
  );

  check(
    'test-cases.test-set-id.generated-lengths-rejected',
    ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
    `generated test_set_id values of other lengths than ${TEST_SET_ID_LENGTH} are rejected`,
    async (t) => {
      await property(t, wrongLengthTestSetIds, async (value) => {
        const call = await t.testCases.send({ test_set_id: value });
        t.expectInvalidArgument(
          call,
          ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
          'test_set_id',
          `test_set_id of ${charLength(value)} characters`,
        );
      });
    },
    WRITES,
  );

  // ---- input_type ----------------------------------------------------------------------------

  check(
    'test-cases.input-type-defaults-scenario',
    ['TESTCASE-INPUT-TYPE-DEFAULT'],
    'input_type defaults to SCENARIO',
    async (t) => {
      const { testCase, call } = await t.testCases.create(
        {},
        ['TESTCASE-CREATE'],
        'creating a test case without input_type',
      );
      t.assert(
        testCase['input_type'] === 'SCENARIO',
        ['TESTCASE-INPUT-TYPE-DEFAULT'],
        `input_type, not sent, should be "SCENARIO", got ${shown(testCase['input_type'])}`,
        call,
      );
    },
    WRITES,
  );

  for (const inputType of INPUT_TYPES) {
    check(
      checkIdOf('test-cases.input-type.accepted', inputType),
      ['TESTCASE-INPUT-TYPE'],
      `input_type ${inputType} is accepted`,
      async (t) => {
        const call = await t.testCases.send({ input_type: inputType, ...INPUT_TYPE_EXTRAS[inputType] });
        // What simulation_metadata_input holds for types other than SCRIPT is not shown: a
        // rejection for its contents alone still recognises the type.
        if (rejectsNaming(call, 'simulation_metadata_input') && !answerNames(call, 'input_type')) {
          return t.note(
            `input_type ${inputType} was recognised: the target refused only the simulation_metadata_input sent with it`,
          );
        }
        const testCase = t.expectResource(call, ['TESTCASE-INPUT-TYPE'], `a test case of input_type ${inputType}`);
        t.assert(
          testCase['input_type'] === inputType,
          ['TESTCASE-INPUT-TYPE'],
          `input_type sent as ${inputType} came back as ${shown(testCase['input_type'])}`,
          call,
        );
      },
      WRITES,
    );
  }

  check(
    'test-cases.input-type-foo-not-listed',
    ['TESTCASE-INPUT-TYPE'],
    'input_type "FOO" (not a listed value) is rejected with INVALID_ARGUMENT naming input_type',
    async (t) => {
      t.expectInvalidArgument(
        await t.testCases.send({ input_type: 'FOO' }),
        ['TESTCASE-INPUT-TYPE'],
        'input_type',
        'input_type "FOO"',
      );
    },
    WRITES,
  );

  check(
    'test-cases.input-type-scenario-listed-value',
    ['TESTCASE-INPUT-TYPE'],
    'input_type "scenario" (a listed value in lower case) is rejected naming input_type, or stored as SCENARIO',
    async (t) => {
      expectRefusedOrRecognised(
        t,
        await t.testCases.send({ input_type: 'scenario' }),
        ['TESTCASE-INPUT-TYPE'],
        'input_type',
        asListed('SCENARIO'),
        'input_type "scenario"',
      );
    },
    WRITES,
  );

  lineBreakChecks('test-cases.create', [
    {
      field: 'test_set_id',
      requirements: ['TESTCASE-TEST-SET-ID'],
      valid: (t) => t.testCases.testSetId(),
      send: (t, value) => t.testCases.send({ test_set_id: value }),
    },
  ]);

  madeOfListedChecks('test-cases.create', [
    {
      field: 'input_type',
      requirements: ['TESTCASE-INPUT-TYPE'],
      listed: INPUT_TYPES,
      send: (t, value) => t.testCases.send({ input_type: value }),
      sendFullest: (t, value) => t.testCases.send({ ...FULLEST_TEST_CASE, input_type: value }),
    },
  ]);

  requiredUnderEachValueChecks({
    id: 'test-cases.create',
    enumerated: 'input_type',
    listed: INPUT_TYPES,
    required: [
      { field: 'input_str', requirements: ['TESTCASE-INPUT-STR', 'REQUEST-MISSING-REQUIRED'] },
      { field: 'test_set_id', requirements: ['TESTCASE-TEST-SET-ID', 'REQUEST-MISSING-REQUIRED'] },
    ],
    // A type may need simulation_metadata_input (not shown beyond SCRIPT's): a refusal may name it instead.
    alsoNamed: ['simulation_metadata_input'],
    send: (t, value, without) =>
      t.testCases.send({
        input_type: value,
        ...INPUT_TYPE_EXTRAS[value as (typeof INPUT_TYPES)[number]],
        [without]: undefined,
      }),
  });

  // An explicit empty value is no value of a required field, whatever the input_type.
  emptyRequiredUnderEachValueChecks({
    id: 'test-cases.create',
    enumerated: 'input_type',
    listed: INPUT_TYPES,
    required: [{ field: 'input_str', requirements: ['TESTCASE-INPUT-STR', 'REQUEST-MISSING-REQUIRED'], empty: [''] }],
    send: (t, value, row, given) =>
      t.testCases.send({
        input_type: value,
        ...INPUT_TYPE_EXTRAS[value as (typeof INPUT_TYPES)[number]],
        [row.field]: given,
      }),
  });

  // ---- expected results -----------------------------------------------------------------------

  check(
    'test-cases.expected-output-str-alone-comes',
    ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    'expected_output_str alone comes back as the one-element expected_behaviors, for a typical value, every shape of text and an explicit ""',
    async (t) => {
      // The rule holds over the field's whole valid space, "" too; what a careful server may refuse ("", a control character) is refused naming the field.
      const values = [{ value: 'Offers a refund' }, ...SHAPED_VALUES.text, { value: '', mayRefuse: true }];
      await allEnded(
        values.map(async ({ value: expected, mayRefuse }) => {
          const call = await t.testCases.send({ expected_output_str: expected });
          const what = `a test case with expected_output_str ${JSON.stringify(expected)} only`;
          if (mayRefuse && rejectsNaming(call, 'expected_output_str')) return;
          const testCase = t.expectResource(call, ['TESTCASE-CREATE'], `creating ${what}`);
          t.assert(
            isDeepStrictEqual(testCase['expected_behaviors'], [expected]),
            ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
            `${what}: expected_behaviors should be ${JSON.stringify([expected])}, got ${shown(testCase['expected_behaviors'])}`,
            call,
          );
        }),
      );
    },
    WRITES,
  );

  // The wrapping and the default hold beside every other optional field: expected_output_json (the other expected
  // result) too, which a reader taking the two outputs for alternatives leaves the string unwrapped beside.
  derivedBesideOthersCheck({
    id: 'test-cases.create',
    resource: 'a test case',
    optional: { ...FULLEST_TEST_CASE, input_type: 'TRANSCRIPT' },
    // Its contents depend on input_type (shown for SCRIPT alone): a server may refuse them beside another type.
    mayRefuse: ['simulation_metadata_input'],
    rules: [
      {
        field: 'expected_behaviors',
        requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
        given: ['expected_output_str'],
        expected: (sent) => [sent['expected_output_str']],
      },
      {
        field: 'input_type',
        requirements: ['TESTCASE-INPUT-TYPE-DEFAULT'],
        expected: () => DEFAULTS.testCaseInputType,
      },
    ],
    send: (t, fields) => t.testCases.send(fields),
  });

  check(
    'test-cases.both-given-expected-behaviors-kept',
    ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
    'with both given, expected_behaviors is kept as sent',
    async (t) => {
      // Not in sorted order: kept as sent is kept in the order sent.
      const behaviors = ['Offers a refund', 'Asks for the order number'];
      const fields = { expected_behaviors: behaviors, expected_output_str: 'Offers a voucher' };
      const { testCase, call } = await t.testCases.create(
        fields,
        ['TESTCASE-CREATE'],
        'creating a test case with expected_behaviors and expected_output_str',
      );
      t.assert(
        JSON.stringify(testCase['expected_behaviors']) === JSON.stringify(behaviors),
        ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
        `expected_behaviors should stay ${JSON.stringify(behaviors)}, got ${shown(testCase['expected_behaviors'])}`,
        call,
      );
    },
    WRITES,
  );

  check(
    'test-cases.explicit-empty-values-kept-expected',
    ['EXPLICIT-VALUE-KEPT'],
    'explicit empty values are kept: expected_behaviors [] beside an expected_output_str, metric_input.expected_entities [], description "" and user_notes ""',
    async (t) => {
      // expected_behaviors is given (empty), so the deprecated expected_output_str does not stand in for it.
      const explicit = {
        expected_behaviors: [],
        metric_input: { expected_entities: [] },
        description: '',
        user_notes: '',
      };
      const { testCase, call } = await t.testCases.create(
        { ...explicit, expected_output_str: 'Offers a refund' },
        ['TESTCASE-CREATE'],
        'creating a test case with explicit empty values',
      );
      expectEchoed(t, explicit, testCase, ['EXPLICIT-VALUE-KEPT'], call);
    },
    WRITES,
  );

  // ---- SCRIPT input ---------------------------------------------------------------------------

  check(
    'test-cases.script-test-case-returns-simulation',
    ['TESTCASE-CREATE'],
    'a SCRIPT test case returns simulation_metadata_input as sent, script_turns in the order sent',
    async (t) => {
      const sent = { input_type: 'SCRIPT', simulation_metadata_input: { script_turns: SCRIPT_TURNS } };
      const { testCase, call } = await t.testCases.create(
        sent,
        ['TESTCASE-CREATE'],
        'creating a SCRIPT test case with two script_turns',
      );
      expectEchoed(t, sent, testCase, ['TESTCASE-CREATE'], call);
    },
    WRITES,
  );

  // simulation_metadata_input's contents depend on input_type, shown for SCRIPT alone (above): for every other type an
  // object sent is kept as sent, or its contents refused naming it; never dropped.
  for (const inputType of INPUT_TYPES.filter((type) => type !== 'SCRIPT')) {
    check(
      checkIdOf('test-cases.simulation-metadata-kept', inputType),
      ['TESTCASE-CREATE'],
      `a test case of input_type ${inputType} returns simulation_metadata_input as sent, or refuses its contents naming it`,
      async (t) => {
        const sent = { input_type: inputType, simulation_metadata_input: { channel: 'phone', notes: 'First call' } };
        const call = await t.testCases.send(sent);
        const what = `a test case of input_type ${inputType} with simulation_metadata_input`;
        if (rejectsNaming(call, 'simulation_metadata_input', 'channel', 'notes') && !answerNames(call, 'input_type'))
          return t.note(`${what}: its contents were refused naming them, which the specification leaves open`);
        expectEchoed(t, sent, t.expectResource(call, ['TESTCASE-CREATE'], what), ['TESTCASE-CREATE'], call);
      },
      WRITES,
    );
  }

  check(
    'test-cases.script-test-case-script-turns',
    ['REQUEST-WRONG-TYPE'],
    'a SCRIPT test case whose script_turns is a string, not a list of strings, is rejected with INVALID_ARGUMENT naming script_turns',
    async (t) => {
      // Named as the key (`script_turns`) or inside the object holding it (`simulation_metadata_input.script_turns`).
      const call = await t.testCases.send({
        input_type: 'SCRIPT',
        simulation_metadata_input: { script_turns: SCRIPT_TURNS[0] },
      });
      t.expectInvalidArgument(
        call,
        ['REQUEST-WRONG-TYPE'],
        ['script_turns', 'simulation_metadata_input'],
        'a SCRIPT test case with script_turns a string',
        { within: true },
      );
    },
    WRITES,
  );

  ruledListChecks({
    id: 'test-cases.create',
    lists: [
      { field: 'expected_behaviors', requirements: ['REQUEST-WRONG-TYPE'], valid: 'Offers a refund', invalid: 42 },
      {
        field: 'script_turns',
        requirements: ['REQUEST-WRONG-TYPE'],
        valid: SCRIPT_TURNS[0],
        invalid: 42,
        names: ['script_turns', 'simulation_metadata_input'],
      },
    ],
    send: (t, field, list) =>
      t.testCases.send(
        field === 'script_turns'
          ? { input_type: 'SCRIPT', simulation_metadata_input: { script_turns: list } }
          : { [field]: list },
      ),
  });

  // ---- wrong types ----------------------------------------------------------------------------

  wrongTypesCheck({
    id: 'test-cases',
    operation: 'POST /v1/test-cases',
    fields: {
      input_str: text('My order never arrived', { required: true }),
      test_set_id: text(MADE_UP_TEST_SET, { required: true }),
      expected_behaviors: texts('Offers a refund'),
      expected_output_str: text('A refund is offered'),
      expected_output_json: object({ resolution: 'refund' }),
      description: text('A late order'),
      input_type: text('SCENARIO', { enumerated: 'TESTCASE-INPUT-TYPE' }),
      simulation_metadata_input: object({ channel: 'phone' }),
      metric_input: object({ expected_entities: ['order number'] }),
      user_notes: text('First call'),
    },
    send: (t, fields) => t.testCases.send(fields),
  });

  valueSpaceCheck({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    requirement: 'TESTCASE-CREATE',
    fields: {
      input_str: 'name',
      description: 'text',
      user_notes: 'text',
      expected_output_str: 'text',
      expected_behaviors: { list: 'text', repeats: true },
      expected_output_json: { object: 'key' },
      'metric_input.expected_entities': { list: 'text', repeats: true },
    },
    typical: (t) => ({ input_str: t.name('test case') }),
    // Every field holds per input type; the types that need nothing beside them take the shapes in turn (SCRIPT below).
    beside: {
      what: `the creates of input_type ${UNSCRIPTED_TYPES.join(', ')} in turn`,
      fields: (index) => ({ input_type: UNSCRIPTED_TYPES[index % UNSCRIPTED_TYPES.length]! }),
      // What simulation_metadata_input holds for these types is not shown: one may need it (an AUDIO test case).
      mayNeed: ['simulation_metadata_input'],
    },
    send: (t, fields) => t.testCases.send(fields),
    deep: ['expected_output_json', 'simulation_metadata_input', 'metric_input'],
    // simulation_metadata_input's contents depend on input_type: a server may refuse keys a SCENARIO does not read.
    wide: ['expected_output_json', 'metric_input'],
    longLists: {
      expected_behaviors: (n) => `Behaviour ${n}: confirms the order`,
      'metric_input.expected_entities': (n) => `entity ${n}`,
    },
    // input_str has a minimum alone; none of these has a maximum.
    longText: ['input_str', 'description', 'user_notes', 'expected_output_str', 'expected_behaviors'],
  });

  valueSpaceCheck({
    id: 'test-cases.create-script',
    operation: 'POST /v1/test-cases',
    variant: 'a SCRIPT test case',
    requirement: 'TESTCASE-CREATE',
    // Persona lines are ordered, and a persona may say the same line twice.
    fields: {
      input_str: 'name',
      'simulation_metadata_input.script_turns': { list: 'text', repeats: true },
      metric_input: { object: 'key' },
    },
    typical: (t) => ({ input_str: t.name('test case') }),
    send: (t, fields) => t.testCases.send({ ...fields, input_type: 'SCRIPT' }),
    longLists: { 'simulation_metadata_input.script_turns': (n) => `Line ${n} of the caller` },
  });

  explicitNullChecks({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    requirement: 'TESTCASE-CREATE',
    defaults: {
      input_type: { requirement: 'TESTCASE-INPUT-TYPE-DEFAULT', value: 'SCENARIO' },
      // Null is no string to wrap: expected_behaviors reads as when expected_output_str is left out.
      expected_output_str: {
        requirement: 'TESTCASE-EXPECTED-OUTPUT-WRAPPED',
        value: [],
        shownIn: 'expected_behaviors',
      },
    },
    optional: [
      'expected_behaviors',
      'expected_output_str',
      'expected_output_json',
      'description',
      'simulation_metadata_input',
      'metric_input',
      'user_notes',
    ],
    nullable: ['expected_behaviors', 'expected_output_str', 'description', 'user_notes'],
    send: (t, fields) => t.testCases.send(fields),
  });

  serverSetFieldsCheck({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    requirements: ['TESTCASE-CREATE'],
    fields: {
      name: `test-cases/${OWN_TEST_CASE_ID}`,
      id: OWN_TEST_CASE_ID,
      create_time: PAST_TIMESTAMP,
      update_time: PAST_TIMESTAMP,
    },
    send: (t, fields) => t.testCases.send(fields),
  });

  malformedBodyCheck({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    send: (t, name, written) => t.testCases.send({ input_str: name }, undefined, written),
  });

  jsonFormsCheck({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    requirement: 'TESTCASE-CREATE',
    bodyOnly: 'TESTCASE-TEST-SET-ID',
    send: (t, name, written) => t.testCases.send({ input_str: name }, undefined, written),
  });

  keyOrderCheck({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    requirement: 'TESTCASE-CREATE',
    invalid: [
      {
        why: 'a SCRIPT test case whose script_turns is a string',
        fields: { input_type: 'SCRIPT', simulation_metadata_input: { script_turns: SCRIPT_TURNS[0] } },
        requirements: ['REQUEST-WRONG-TYPE'],
        names: ['script_turns', 'simulation_metadata_input'],
      },
      {
        why: 'a test_set_id of 7 characters',
        fields: { test_set_id: 'TS00001' },
        requirements: ['TESTCASE-TEST-SET-ID'],
        names: ['test_set_id'],
      },
    ],
    send: (t, fields, written) => t.testCases.send(fields, undefined, written),
  });

  bodyFormsCheck({
    id: 'test-cases.create',
    operation: 'POST /v1/test-cases',
    requirement: 'TESTCASE-CREATE',
    send: (t, name, written) => t.testCases.send({ input_str: name }, undefined, written),
    acceptFrom: 0,
  });

  refusedWriteCheck('test-cases');
  refusedWriteFramingCheck('test-cases');
});
