// Test case faults: each breaks one rule the way a real implementation might.

import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULTS, INPUT_TYPES } from '../../lib/contract/enums.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { TestCaseFields } from '../../lib/reference/validation/test-cases.js';
import type { TestCaseRecord } from '../../lib/reference/store/records.js';
import { fault, firstThousand, presentWith, rereadTestCase, respondWith, type Fault } from './define.js';
import { bytesOfText, limitFaults, rowsMeasuredAs } from './limits.js';
import { internal } from '../../lib/reference/http/errors.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import { create, status, VALID, withoutTestSet, created } from '../probes/test-cases.js';

/** Replaces how one body field is read, given the reading it replaces. */
const reread =
  <K extends keyof TestCaseFields>(field: K, reader: (original: TestCaseFields[K]) => TestCaseFields[K]) =>
  (b: Behaviour) =>
    rereadTestCase(b, [field], reader);

/** input_type read against `accepted` (spelled as given), defaulting to `fallback`. */
const inputTypes = (accepted: (value: string) => boolean, fallback: string = DEFAULTS.testCaseInputType) =>
  reread('input_type', () => (f) => {
    const value = f.string('input_type');
    if (value === null) return fallback;
    return accepted(value) ? value : f.fail('input_type', `must be one of ${INPUT_TYPES.join(', ')}`);
  });

const listed = (value: string): boolean => (INPUT_TYPES as readonly string[]).includes(value);

/** A JSON object without the members that hold an empty object or list, at every depth. */
function withoutEmpties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpties);
  if (!isJsonObject(value)) return value;
  const empty = (item: unknown) => (Array.isArray(item) || isJsonObject(item)) && Object.keys(item).length === 0;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => !empty(item))
      .map(([key, item]) => [key, withoutEmpties(item)]),
  );
}

export const TEST_CASES_FAULTS = [
  // test_set_id
  ...limitFaults('testCase.test_set_id', {
    subject: 'A test_set_id',
    requirements: ['TESTCASE-TEST-SET-ID'],
    send: (call, value) => create(call, { ...VALID, test_set_id: value }),
    sized: (size: number) => 'T'.repeat(size),
    faults: [
      {
        id: 'test-case-test-set-id-7-accepted',
        bounds: { min: 7 },
        description: 'A test_set_id of 7 characters is accepted.',
      },
      { id: 'test-case-test-set-id-9-accepted', bounds: { max: 9 } },
      {
        id: 'test-case-test-set-id-8-rejected',
        bounds: { min: 22, max: 22 },
        description: 'test_set_id is validated as a 22-character id, so 8 characters are rejected.',
      },
      {
        id: 'test-case-test-set-id-unchecked',
        bounds: { min: 1, max: 255 },
        slips: ['broken'],
        description: 'test_set_id of any non-empty length is accepted.',
      },
    ],
  }),
  fault({
    id: 'test-case-test-set-id-astral-internal',
    requirements: ['TESTCASE-TEST-SET-ID'],
    slips: ['broken'],
    description:
      "test_set_id is stored in a column of three-byte UTF-8 (MySQL's utf8mb3), which cannot hold a character beyond the Basic Multilingual Plane: a test_set_id of 8 astral characters (emoji) fails the insert and the creation answers 500 INTERNAL, where it is refused as 16 UTF-16 units or accepted as 8 characters; characters of the Basic Multilingual Plane (CJK) are stored.",
    behaviour: reread('test_set_id', (read) => (f, request) => {
      const value = read(f, request);
      if (/[\u{10000}-\u{10FFFF}]/u.test(value)) throw internal("Incorrect string value for column 'test_set_id'");
      return value;
    }),
    probe: async (call) => (await create(call, { ...VALID, test_set_id: '😀😁😂😃😄😅😆😇' })).status,
    shows: 500,
  }),
  fault({
    id: 'test-case-test-set-id-optional',
    requirements: ['TESTCASE-TEST-SET-ID'],
    slips: ['broken'],
    description: 'A test case without test_set_id is stored with an empty one.',
    behaviour: reread(
      'test_set_id',
      (read) => (f, request) => (request.body['test_set_id'] === undefined ? '' : read(f, request)),
    ),
    probe: (call) => status(call, withoutTestSet),
    shows: 200,
  }),
  fault({
    id: 'test-case-test-set-id-from-query',
    requirements: ['TESTCASE-TEST-SET-ID'],
    slips: ['broken'],
    description: 'test_set_id is also read from the query string when the body lacks it.',
    behaviour: reread('test_set_id', (read) => (f, request) => {
      const queried = request.query.get('test_set_id');
      return request.body['test_set_id'] === undefined && queried !== null ? queried : read(f, request);
    }),
    probe: (call) => status(call, withoutTestSet, '?test_set_id=TS000001'),
    shows: 200,
  }),

  // input_str
  ...limitFaults('testCase.input_str', {
    subject: 'input_str',
    requirements: ['TESTCASE-INPUT-STR'],
    send: (call, value) => create(call, { ...VALID, input_str: value }),
    sized: (size: number) => 'i'.repeat(size),
    faults: [
      { id: 'test-case-empty-input-accepted', bounds: { min: 0 }, description: 'An empty input_str is accepted.' },
      { id: 'test-case-input-str-min-2', bounds: { min: 2 }, description: 'An input_str of 1 character is rejected.' },
    ],
  }),
  fault({
    id: 'test-case-input-str-optional',
    requirements: ['TESTCASE-INPUT-STR'],
    slips: ['broken'],
    description: 'A test case without input_str is stored with an empty one.',
    behaviour: reread(
      'input_str',
      (read) => (f, request) => (request.body['input_str'] === undefined ? '' : read(f, request)),
    ),
    probe: (call) => status(call, { test_set_id: 'TS000001' }),
    shows: 200,
  }),
  ...limitFaults('testCase.input_str', {
    subject: 'input_str',
    requirements: ['TESTCASE-INPUT-STR'],
    send: (call, value) => create(call, { ...VALID, input_str: value }),
    sized: (size: number) => 'i'.repeat(size),
    faults: [
      {
        id: 'test-case-input-str-capped',
        bounds: { max: 1000 },
        description: 'input_str is capped at 1000 characters.',
      },
    ],
  }),
  fault({
    id: 'test-case-input-str-number-coerced',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'A numeric input_str is stored as its decimal string.',
    behaviour: reread('input_str', (read) => (f, request) => {
      const given = request.body['input_str'];
      return typeof given === 'number' ? String(given) : read(f, request);
    }),
    probe: (call) => status(call, { ...VALID, input_str: 42 }),
    shows: 200,
  }),

  // input_type
  fault({
    id: 'test-case-input-type-default-unspecified',
    requirements: ['TESTCASE-INPUT-TYPE-DEFAULT'],
    slips: ['explicit'],
    description: 'input_type defaults to the enum zero value INPUT_TYPE_UNSPECIFIED.',
    behaviour: inputTypes(listed, 'INPUT_TYPE_UNSPECIFIED'),
    probe: async (call) => (await created(call, VALID)).input_type,
    shows: 'INPUT_TYPE_UNSPECIFIED',
  }),
  fault({
    id: 'test-case-input-type-default-transcript',
    requirements: ['TESTCASE-INPUT-TYPE-DEFAULT'],
    slips: ['broken'],
    description: 'input_type defaults to TRANSCRIPT.',
    behaviour: inputTypes(listed, 'TRANSCRIPT'),
    probe: async (call) => (await created(call, VALID)).input_type,
    shows: 'TRANSCRIPT',
  }),
  fault({
    id: 'test-case-input-type-unchecked',
    requirements: ['TESTCASE-INPUT-TYPE'],
    slips: ['broken'],
    description: 'Any input_type string is accepted.',
    behaviour: inputTypes(() => true),
    probe: (call) => status(call, { ...VALID, input_type: 'FOO' }),
    shows: 200,
  }),
  fault({
    id: 'test-case-input-type-lowercase-accepted',
    requirements: ['TESTCASE-INPUT-TYPE'],
    slips: ['broken'],
    description: 'input_type is accepted in any letter case, and stored as given.',
    behaviour: inputTypes((value) => listed(value.toUpperCase())),
    probe: (call) => status(call, { ...VALID, input_type: 'scenario' }),
    shows: 200,
  }),
  fault({
    id: 'test-case-input-type-prefixed',
    requirements: ['TESTCASE-INPUT-TYPE'],
    slips: ['broken'],
    description: 'input_type takes the protobuf enum names only (`INPUT_TYPE_SCENARIO`, ...).',
    behaviour: inputTypes((value) => value.startsWith('INPUT_TYPE_') && listed(value.slice('INPUT_TYPE_'.length))),
    probe: (call) => status(call, { ...VALID, input_type: 'IVR' }),
    shows: 400,
  }),
  fault({
    id: 'test-case-script-unsupported',
    requirements: ['TESTCASE-INPUT-TYPE'],
    slips: ['broken'],
    description: 'input_type SCRIPT is not supported.',
    behaviour: inputTypes((value) => listed(value) && value !== 'SCRIPT'),
    probe: (call) =>
      status(call, { ...VALID, input_type: 'SCRIPT', simulation_metadata_input: { script_turns: ['hello'] } }),
    shows: 400,
  }),

  // expected results
  fault({
    id: 'test-case-expected-output-not-wrapped',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['explicit'],
    description: 'expected_output_str is stored but not used for expected_behaviors.',
    behaviour: reread('expected_behaviors', () => (f) => f.strings('expected_behaviors')),
    probe: async (call) => (await created(call, { ...VALID, expected_output_str: 'refund' })).expected_behaviors,
    shows: null,
  }),
  fault({
    id: 'test-case-expected-output-overrides',
    requirements: ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
    slips: ['explicit'],
    description: 'expected_output_str, when given, replaces expected_behaviors.',
    behaviour: reread('expected_behaviors', (read) => (f, request) => {
      const deprecated = f.string('expected_output_str');
      return deprecated === null ? read(f, request) : [deprecated];
    }),
    probe: async (call) =>
      (await created(call, { ...VALID, expected_output_str: 'refund', expected_behaviors: ['voucher'] }))
        .expected_behaviors,
    shows: ['refund'],
  }),
  fault({
    id: 'test-case-expected-behaviors-string-wrapped',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'expected_behaviors given as a string is wrapped into a list.',
    behaviour: reread('expected_behaviors', (read) => (f, request) => {
      const given = request.body['expected_behaviors'];
      return typeof given === 'string' ? [given] : read(f, request);
    }),
    probe: (call) => status(call, { ...VALID, expected_behaviors: 'refund' }),
    shows: 200,
  }),

  fault({
    id: 'test-case-expected-behaviors-elements-unchecked',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'expected_behaviors is checked to be a list, not a list of strings: `[42]` is stored as given.',
    behaviour: reread('expected_behaviors', (read) => (f, request) => {
      const given = request.body['expected_behaviors'];
      return Array.isArray(given) ? (given as string[]) : read(f, request);
    }),
    probe: (call) => status(call, { ...VALID, expected_behaviors: [42] }),
    shows: 200,
  }),

  // the object fields
  fault({
    id: 'test-case-objects-any-type',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'expected_output_json, metric_input and simulation_metadata_input take any JSON value (stored as given), not only an object.',
    behaviour: (b) => {
      for (const field of ['expected_output_json', 'metric_input', 'simulation_metadata_input'] as const) {
        reread(field, (read) => (f, request) => {
          const given = request.body[field];
          return given === undefined || given === null || isJsonObject(given)
            ? read(f, request)
            : (given as JsonObject);
        })(b);
      }
    },
    probe: (call) => status(call, { ...VALID, metric_input: 'order number' }),
    shows: 200,
  }),
  fault({
    id: 'test-case-script-turns-unchecked',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['scope'],
    description:
      "simulation_metadata_input is checked to be an object, not what it holds: a SCRIPT test case's script_turns of any type is stored as given.",
    behaviour: reread('simulation_metadata_input', () => (f) => f.object('simulation_metadata_input')),
    probe: (call) =>
      status(call, { ...VALID, input_type: 'SCRIPT', simulation_metadata_input: { script_turns: 'hello' } }),
    shows: 200,
  }),
  fault({
    id: 'test-case-simulation-metadata-dropped',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "simulation_metadata_input is checked (a SCRIPT test case's script_turns) but not stored: test cases return it as null.",
    behaviour: reread('simulation_metadata_input', (read) => (f, request) => {
      read(f, request);
      return null;
    }),
    probe: async (call) =>
      (await created(call, { ...VALID, input_type: 'SCRIPT', simulation_metadata_input: { script_turns: ['hello'] } }))
        .simulation_metadata_input,
    shows: null,
  }),

  // what comes back
  fault({
    id: 'test-case-name-wrong-prefix',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description: 'Test cases are named `testcases/<id>`.',
    behaviour: (b) => {
      presentWith(b, 'testCase', (view) => ({ ...view, name: `testcases/${String(view.id)}` }));
    },
    probe: async (call) => String((await created(call, VALID)).name).split('/')[0],
    shows: 'testcases',
  }),
  fault({
    id: 'test-case-id-21-characters',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description: 'Test case ids (and names) are returned without their last character.',
    behaviour: (b) => {
      presentWith(b, 'testCase', (view) => {
        const id = String(view.id).slice(0, 21);
        return { ...view, id, name: `test-cases/${id}` };
      });
    },
    probe: async (call) => String((await created(call, VALID)).id).length,
    shows: 21,
  }),
  fault({
    id: 'test-case-user-notes-dropped',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description: 'Test cases are returned without user_notes.',
    behaviour: (b) => {
      presentWith(b, 'testCase', ({ user_notes: _notes, ...rest }) => rest);
    },
    probe: async (call) => 'user_notes' in (await created(call, { ...VALID, user_notes: 'n' })),
    shows: false,
  }),
  fault({
    id: 'test-case-test-set-id-bytes',
    requirements: ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
    slips: ['unit'],
    description:
      'test_set_id must be exactly 8 UTF-8 bytes (a CHAR(8) byte column), not 8 characters: four two-byte characters pass.',
    behaviour: rowsMeasuredAs(['testCase.test_set_id'], bytesOfText),
    probe: (call) => status(call, { ...VALID, test_set_id: 'éééé' }),
    shows: 200,
  }),
  fault({
    id: 'test-case-expected-behaviors-sorted',
    requirements: ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
    slips: ['order'],
    description:
      'With expected_output_str also given, expected_behaviors goes through the reconciling path, which dedupes it through a sorted set: it comes back sorted.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_behaviors'], (read) => (f, request) => {
        const behaviors = read(f, request);
        return behaviors !== null && request.body['expected_output_str'] !== undefined
          ? [...new Set(behaviors)].sort()
          : behaviors;
      }),
    probe: async (call) =>
      (
        await created(call, {
          ...VALID,
          expected_behaviors: ['Offers a refund', 'Asks for the order number'],
          expected_output_str: 'Offers a voucher',
        })
      ).expected_behaviors,
    shows: ['Asks for the order number', 'Offers a refund'],
  }),
  // The valid space beyond typical values (values.* checks)
  fault({
    id: 'test-case-notes-null-text-as-null',
    requirements: ['TESTCASE-CREATE'],
    slips: ['type'],
    description: 'user_notes holding the text "null" is stored as null.',
    behaviour: reread('user_notes', (read) => (f, request) => {
      const value = read(f, request);
      return value === 'null' ? null : value;
    }),
    probe: async (call) => (await created(call, { ...VALID, user_notes: 'null' })).user_notes,
    shows: null,
  }),
  fault({
    id: 'test-case-behaviors-numeric-as-numbers',
    requirements: ['TESTCASE-CREATE'],
    slips: ['type'],
    description: 'expected_behaviors items that read as numbers ("0042", "1e3") are stored as numbers.',
    behaviour: reread(
      'expected_behaviors',
      (read) => (f, request) =>
        read(f, request)?.map((item) =>
          /^-?\d+(\.\d+)?(e\d+)?$/i.test(item) ? (Number(item) as unknown as string) : item,
        ) ?? null,
    ),
    probe: async (call) => (await created(call, { ...VALID, expected_behaviors: ['0042'] })).expected_behaviors,
    shows: [42],
  }),
  fault({
    id: 'test-case-description-astral-dropped',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "Characters outside the Basic Multilingual Plane (emoji, 𝒜) are dropped from a test case's description, as a three-byte UTF-8 column stores it.",
    behaviour: reread(
      'description',
      (read) => (f, request) => read(f, request)?.replace(/[\u{10000}-\u{10FFFF}]/gu, '') ?? null,
    ),
    probe: async (call) => (await created(call, { ...VALID, description: 'a😀b' })).description,
    shows: 'ab',
  }),
  fault({
    id: 'test-case-input-str-blank-emptied',
    requirements: ['TESTCASE-INPUT-STR'],
    slips: ['bound'],
    description:
      'input_str is trimmed after its length is checked: an input_str of blanks only is accepted and stored as "", below its minimum of 1 character.',
    behaviour: reread('input_str', (read) => (f, request) => {
      const value = read(f, request);
      return value.trim() === '' ? '' : value;
    }),
    probe: async (call) => (await created(call, { ...VALID, input_str: '   ' })).input_str,
    shows: '',
  }),
  // sequences: found by the exploration (explore.test-cases), through the read the reference publishes
  fault({
    id: 'test-case-read-behaviors-of-newest',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "A test case read after another of its test set was created (the published GET or list) answers the newest one's expected_behaviors: a cache of a test set's expected behaviours, keyed by test_set_id, not by test case.",
    behaviour: (b) => {
      const newest = new Map<string, TestCaseRecord>();
      presentWith(b, 'testCase', (view, record) => {
        const testCase = record as TestCaseRecord;
        const latest = newest.get(testCase.test_set_id);
        if (latest === undefined || testCase.create_time > latest.create_time)
          newest.set(testCase.test_set_id, testCase);
        const shadow = newest.get(testCase.test_set_id) as TestCaseRecord;
        return shadow === testCase ? view : { ...view, expected_behaviors: shadow.expected_behaviors };
      });
    },
    probe: async (call) => {
      const first = await created(call, { ...VALID, expected_behaviors: ['first'] });
      await created(call, { ...VALID, expected_behaviors: ['second'] });
      return (await call('GET', `/v1/test-cases/${first.id}`)).body.test_case.expected_behaviors;
    },
    shows: ['second'],
  }),
  fault({
    id: 'test-case-listed-behaviors-shifted',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "The published list of test cases shows each item with the expected_behaviors of the item before it on its page (an off-by-one joining the behaviours to the page's rows); GET and create answer the right ones.",
    behaviour: (b) => {
      respondWith(b, 'GET /v1/test-cases', (body) => {
        const items = body['test_cases'] as JsonObject[];
        return {
          ...body,
          test_cases: items.map((item, i) =>
            i === 0 ? item : { ...item, expected_behaviors: items[i - 1]?.['expected_behaviors'] ?? null },
          ),
        };
      });
    },
    probe: async (call) => {
      await created(call, { ...VALID, expected_behaviors: ['first'] });
      const second = await created(call, { ...VALID, expected_behaviors: ['second'] });
      // Walked to the page holding it, whatever other probes created before.
      for (let query = '?page_size=100'; ;) {
        const page = (await call('GET', `/v1/test-cases${query}`)).body;
        const found = (page.test_cases as JsonObject[]).find((item) => item['id'] === second.id);
        if (found || !page.next_page_token) return found?.['expected_behaviors'];
        query = `?page_size=100&page_token=${encodeURIComponent(page.next_page_token)}`;
      }
    },
    shows: ['first'],
  }),
  fault({
    id: 'test-case-nested-empties-dropped',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'simulation_metadata_input and metric_input are stored compacted: a member holding an empty object or list is left out ' +
      'at every depth, so `{"turns": [], "entities": ["order"]}` reads back as `{"entities": ["order"]}`; ' +
      'expected_output_json is kept.',
    behaviour: (b) =>
      rereadTestCase(b, ['simulation_metadata_input', 'metric_input'], (read) => (f, request) => {
        const value = read(f, request);
        return value === null ? null : (withoutEmpties(value) as JsonObject);
      }),
    probe: async (call) =>
      (await created(call, { ...VALID, metric_input: { turns: [], entities: ['order'] } })).metric_input,
    shows: { entities: ['order'] },
  }),
  fault({
    id: 'test-case-wide-json-first-1000',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'expected_output_json and metric_input are stored as rows of a key/value table read back with `LIMIT 1000`: ' +
      'an object of more than 1,000 keys, or a list of more than 1,000 elements, at any depth, keeps its first 1,000 ' +
      '(the documents are far under any size limit); smaller documents are kept whole.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_output_json', 'metric_input'], (read) => (f, request) => {
        const value = read(f, request);
        return value === null ? null : (firstThousand(value) as JsonObject);
      }),
    probe: async (call) => {
      const wide = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`key_${i}`, i]));
      return Object.keys((await created(call, { ...VALID, expected_output_json: wide })).expected_output_json ?? {})
        .length;
    },
    shows: 1000,
  }),
  fault({
    id: 'test-case-nullable-null-refused',
    requirements: ['TESTCASE-CREATE', 'TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['broken'],
    description:
      'The test case fields typed "or null" (expected_behaviors, expected_output_str, description, user_notes) are read as optional but never null: absent they are taken, `null` is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      for (const name of ['expected_behaviors', 'expected_output_str', 'description', 'user_notes'] as const)
        rereadTestCase(b, [name], (read) => {
          const readNotNull: typeof read = (f, request) => {
            if (request.body[name] === null) f.fail(name, 'must not be null');
            return read(f, request) as never;
          };
          return readNotNull;
        });
    },
    probe: (call) => status(call, { ...VALID, user_notes: null }),
    shows: 400,
  }),
  fault({
    id: 'test-case-lists-first-element-typed',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'expected_behaviors and a SCRIPT test case\'s script_turns are taken as lists of strings when their first element is a string: `["Offers a refund", 42]` is accepted; `[42, "Offers a refund"]` is refused.',
    behaviour: (b) => {
      const firstTyped = (list: unknown) =>
        Array.isArray(list) && typeof list[0] === 'string' ? list.map((item) => String(item)) : list;
      const body = b.requestBody;
      b.requestBody = (text, headers) => {
        const read = body(text, headers);
        try {
          const parsed = JSON.parse(read) as JsonObject;
          const metadata = parsed.simulation_metadata_input;
          if (!('expected_behaviors' in parsed) && !isJsonObject(metadata)) return read;
          return JSON.stringify({
            ...parsed,
            ...('expected_behaviors' in parsed && { expected_behaviors: firstTyped(parsed.expected_behaviors) }),
            ...(isJsonObject(metadata) &&
              'script_turns' in metadata && {
                simulation_metadata_input: { ...metadata, script_turns: firstTyped(metadata.script_turns) },
              }),
          });
        } catch {
          return read;
        }
      };
    },
    probe: (call) => status(call, { ...VALID, expected_behaviors: ['Offers a refund', 42] }),
    shows: 200,
  }),
  fault({
    id: 'test-case-transcript-line-endings-normalised',
    requirements: ['TESTCASE-CREATE'],
    slips: ['scope'],
    description:
      "A TRANSCRIPT test case's description and user_notes go through the transcript cleaner: CR LF, a lone CR and the Unicode line and paragraph separators become LF. Other input types keep them as sent.",
    behaviour: (b) =>
      rereadTestCase(b, ['description', 'user_notes'], (read) => (f, request) => {
        const value = read(f, request);
        return f.string('input_type') === 'TRANSCRIPT' && typeof value === 'string'
          ? value.replace(/\r\n?|\u2028|\u2029/g, '\n')
          : value;
      }),
    probe: async (call) =>
      (await created(call, { ...VALID, input_type: 'TRANSCRIPT', description: 'line\u2028next' })).description,
    shows: 'line\nnext',
  }),
  fault({
    id: 'test-case-test-set-id-slug-trimmed',
    requirements: ['TESTCASE-TEST-SET-ID'],
    slips: ['broken'],
    description:
      'test_set_id is stored as a slug: the punctuation it begins or ends with (`-`, `_`, `.`) is trimmed once its length is checked, so `QA-2024_` is stored as `QA-2024`.',
    behaviour: reread('test_set_id', (read) => (f, request) => read(f, request).replace(/^[-_.]+|[-_.]+$/g, '')),
    probe: async (call) => (await created(call, { ...VALID, test_set_id: 'QA-2024_' })).test_set_id,
    shows: 'QA-2024',
  }),
  fault({
    id: 'test-case-description-truth-tested',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['explicit'],
    description:
      'description is read only when it tests true (`if (body.description)`): false (or 0) is taken for an absent description and the test case is created without one, where any other wrong type is refused.',
    behaviour: reread('description', (read) => (f, request) => (request.body['description'] ? read(f, request) : null)),
    probe: (call) => status(call, { ...VALID, description: false }),
    shows: 200,
  }),

  // Classes beside the independent rounds' faults (missing required fields under each input_type, long unbounded
  // text, one text in two lists)
  fault({
    id: 'test-case-test-set-id-optional-for-script',
    requirements: ['TESTCASE-TEST-SET-ID', 'REQUEST-MISSING-REQUIRED'],
    slips: { 'TESTCASE-TEST-SET-ID': ['broken'], 'REQUEST-MISSING-REQUIRED': ['scope'] },
    description:
      'test_set_id is required for every input_type but SCRIPT (a scripted test case was taken to stand alone): a SCRIPT test case without test_set_id is accepted and stored with test_set_id null.',
    behaviour: reread(
      'test_set_id',
      (original) => (f, request) =>
        request.body['input_type'] === 'SCRIPT' && request.body['test_set_id'] == null
          ? (null as unknown as string)
          : original(f, request),
    ),
    probe: (call) => status(call, { ...withoutTestSet, input_type: 'SCRIPT' }),
    shows: 200,
  }),
  fault({
    id: 'test-case-user-notes-text-column-internal',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'user_notes is stored in a MySQL TEXT column (65,535 bytes) under strict mode with no length check before the INSERT: user_notes longer than that, which the specification bounds nowhere, fails with 500 INTERNAL ("Data too long for column \'user_notes\'").',
    behaviour: reread('user_notes', (original) => (f, request) => {
      const value = original(f, request);
      if (typeof value === 'string' && Buffer.byteLength(value) > 65_535)
        throw new Error("ER_DATA_TOO_LONG: Data too long for column 'user_notes' at row 1");
      return value;
    }),
    probe: (call) => status(call, { ...VALID, user_notes: 'n'.repeat(70_000) }),
    shows: 500,
  }),
  fault({
    id: 'test-case-behaviors-shared-with-entities-dropped',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'expected_behaviors and metric_input.expected_entities are kept in one table of texts keyed by (test case, text), behaviours written after entities with INSERT OR IGNORE: a text listed in both comes back in expected_entities alone, missing from expected_behaviors.',
    behaviour: reread('expected_behaviors', (original) => (f, request) => {
      const behaviors = original(f, request);
      const metric = request.body['metric_input'];
      const entities =
        isJsonObject(metric) && Array.isArray(metric['expected_entities']) ? metric['expected_entities'] : [];
      return behaviors === null ? null : behaviors.filter((text) => !entities.includes(text));
    }),
    probe: async (call) =>
      (
        await created(call, {
          ...VALID,
          expected_behaviors: ['Asks for the order number', 'refund amount'],
          metric_input: { expected_entities: ['refund amount'] },
        })
      ).expected_behaviors,
    shows: ['Asks for the order number'],
  }),
  fault({
    id: 'test-case-existing-set-at-once-internal',
    requirements: ['TESTCASE-CREATE'],
    slips: ['state'],
    description:
      "Each test case bumps its test set's case count under an optimistic lock (`UPDATE test_sets SET case_count = ?, version = version + 1 WHERE id = ? AND version = ?`, the version read before the test case's insert is prepared, an await), and an update that touches no row reaches no handler: of two test cases of a set that exists sent at the same moment, both read one version, the first is stored, and the second, valid, is answered 500 INTERNAL and not stored. A set used for the first time is inserted with its count (no update), so two in a new set are both stored; one at a time, every creation succeeds.",
    behaviour: (b) => {
      const versions = new Map<string, number>();
      b.testCaseBeforeStore = async (testSetId) => {
        const read = versions.get(testSetId);
        if (read === undefined) return void versions.set(testSetId, 0);
        await delay(50);
        if (versions.get(testSetId) !== read)
          throw internal(`optimistic lock failed: test set ${testSetId} was updated by another transaction`);
        versions.set(testSetId, read + 1);
      };
    },
    probe: async (call) => {
      const body = { ...VALID, test_set_id: 'TSatonce' };
      await create(call, body);
      const answers = await Promise.all([create(call, body), create(call, body)]);
      return answers.map((answer) => answer.status).sort();
    },
    shows: [200, 500],
  }),
] as const satisfies readonly Fault[];
