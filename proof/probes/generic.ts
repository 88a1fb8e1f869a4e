// What the probes of the faults of the operations beyond the contract (proof/faults/generic.ts)
// share. Each probe lives in its fault's record.

import type { Call } from './call.js';

export const UNKNOWN_AGENT = 'A'.repeat(22);

export const firstTestCase = async (call: Call) => {
  const id = (await call('GET', '/v1/test-cases?page_size=1')).body.test_cases[0].id as string;
  return (await call('GET', `/v1/test-cases/${encodeURIComponent(id)}`)).body.test_case;
};

export async function firstRun(call: Call) {
  const runId = (await call('GET', '/v1/runs?page_size=1')).body.runs[0].run_id as string;
  return (await call('GET', `/v1/runs/${runId}`)).body;
}

const testCases = async (call: Call, query: string) =>
  (await call('GET', `/v1/test-cases?${query}`)).body as {
    test_cases: { id: string; create_time: string }[];
    next_page_token: string;
  };

/** How many test cases of the second page at page_size 5 the first page already showed. */
export async function repeatedOnSecondPage(call: Call): Promise<number> {
  const first = await testCases(call, 'page_size=5');
  const second = await testCases(call, `page_size=5&page_token=${encodeURIComponent(first.next_page_token)}`);
  const shown = new Set(first.test_cases.map((testCase) => testCase.id));
  return second.test_cases.filter((testCase) => shown.has(testCase.id)).length;
}

/** Whether the test cases listed with order_by=-create_time come newest first (ISO instants of one form sort as text). */
export async function testCasesNewestFirst(call: Call): Promise<boolean> {
  const times = (await testCases(call, 'order_by=-create_time&page_size=50')).test_cases.map((t) => t.create_time);
  return times.every((time, i) => i === 0 || times[i - 1]! >= time);
}

export async function publishedAndServed(call: Call): Promise<unknown> {
  const spec = (
    await call('GET', '/v1/openapi/agent-evaluation', { key: null, headers: { Accept: 'application/json' } })
  ).body;
  return ['/v1/test-sets', '/v1/test-sets/{test_set_id}', '/v1/webhooks'].map((path) => path in spec.paths);
}
