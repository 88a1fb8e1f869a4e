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

/** The ids of the first two pages of the test cases at page_size 5. */
export async function twoTestCasePages(call: Call): Promise<string[][]> {
  const ids = (body: { test_cases: { id: string }[] }) => body.test_cases.map((testCase) => testCase.id);
  const first = (await call('GET', '/v1/test-cases?page_size=5')).body;
  const second = (
    await call('GET', `/v1/test-cases?page_size=5&page_token=${encodeURIComponent(first.next_page_token)}`)
  ).body;
  return [ids(first), ids(second)];
}

export async function publishedAndServed(call: Call): Promise<unknown> {
  const spec = (
    await call('GET', '/v1/openapi/agent-evaluation', { key: null, headers: { Accept: 'application/json' } })
  ).body;
  return ['/v1/test-sets', '/v1/test-sets/{test_set_id}', '/v1/webhooks'].map((path) => path in spec.paths);
}
