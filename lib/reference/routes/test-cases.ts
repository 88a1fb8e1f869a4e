// POST /v1/test-cases

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { TestCaseRecord } from '../store/records.js';
import { Fields } from '../validation/fields.js';
import { readTestCase } from '../validation/test-cases.js';
import type { JsonObject } from '../../util/json.js';

export function testCaseView(b: Behaviour, testCase: TestCaseRecord): JsonObject {
  const { create_time, update_time, expected_behaviors, ...rest } = testCase;
  const view = {
    name: `test-cases/${testCase.id}`,
    ...rest,
    expected_behaviors: expected_behaviors === null ? null : [...expected_behaviors],
    create_time: b.formatTime(create_time),
    update_time: b.formatTime(update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('testCase', view, testCase);
}

async function createTestCase({ b, store, body, query }: RequestContext) {
  // Stryker disable next-line ObjectLiteral: the raw body and query are read only by the readers of faults and variations.
  const fields = readTestCase(b.testCaseFields, new Fields(body, b.limits), { body, query });
  await b.testCaseBeforeStore(fields.test_set_id, store);
  const now = store.clock.now();
  const testCase: TestCaseRecord = { id: store.ids.token(22), ...fields, create_time: now, update_time: now };
  store.testCases.set(testCase.id, testCase);
  return json(testCaseView(b, testCase));
}

export const testCaseRoutes: Routes = {
  'POST /v1/test-cases': createTestCase,
};
