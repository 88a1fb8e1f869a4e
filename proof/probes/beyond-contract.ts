// What each fault of the operations beyond the contract changes, observed from outside: each
// probe's value differs between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

const UNKNOWN_AGENT = 'A'.repeat(22);

const firstTestCase = async (call: Call) => {
  const id = (await call('GET', '/v1/test-cases?page_size=1')).body.test_cases[0].id as string;
  return (await call('GET', `/v1/test-cases/${encodeURIComponent(id)}`)).body.test_case;
};

async function firstRun(call: Call) {
  const runId = (await call('GET', '/v1/runs?page_size=1')).body.runs[0].run_id as string;
  return (await call('GET', `/v1/runs/${runId}`)).body;
}

/** The ids of the first two pages of the test cases at page_size 5. */
async function twoTestCasePages(call: Call): Promise<string[][]> {
  const ids = (body: { test_cases: { id: string }[] }) => body.test_cases.map((testCase) => testCase.id);
  const first = (await call('GET', '/v1/test-cases?page_size=5')).body;
  const second = (
    await call('GET', `/v1/test-cases?page_size=5&page_token=${encodeURIComponent(first.next_page_token)}`)
  ).body;
  return [ids(first), ids(second)];
}

async function publishedAndServed(call: Call): Promise<unknown> {
  const spec = (
    await call('GET', '/v1/openapi/agent-evaluation', { key: null, headers: { Accept: 'application/json' } })
  ).body;
  return ['/v1/test-sets', '/v1/test-sets/{test_set_id}', '/v1/webhooks'].map((path) => path in spec.paths);
}

export const BEYOND_CONTRACT_PROBES: Record<string, Probe> = {
  'beyond-list-agents-unauthenticated': async (call) => (await call('GET', '/v1/agents', { key: null })).status,
  'beyond-patch-agent-wrong-key-accepted': async (call) =>
    (await call('PATCH', `/v1/agents/${UNKNOWN_AGENT}`, { key: 'wrong-key', body: { display_name: 'Renamed' } })).body
      .error.code,
  'beyond-get-run-error-without-envelope': async (call) => (await call('GET', '/v1/runs/no-such-run')).body,
  'beyond-test-case-breaks-published-schema': async (call) => typeof (await firstTestCase(call)).input_type,
  'beyond-get-run-unwrapped': async (call) => Object.keys(await firstRun(call)),
  'beyond-test-case-time-not-utc': async (call) => (await firstTestCase(call)).create_time.endsWith('Z'),
  'beyond-test-cases-list-repeats-item': twoTestCasePages,
  'beyond-list-agents-page-size-ignored': async (call) =>
    (await call('GET', '/v1/agents?page_size=3')).body.agents.length,
  'beyond-test-cases-page-size-first-page-only': async (call) => {
    const first = (await call('GET', '/v1/test-cases?page_size=2')).body;
    return (await call('GET', `/v1/test-cases?page_size=2&page_token=${encodeURIComponent(first.next_page_token)}`))
      .body.test_cases.length;
  },
  'beyond-list-agents-maximum-refused': async (call) => (await call('GET', '/v1/agents?page_size=100')).status,
  'beyond-test-cases-descending-ignored': async (call) =>
    (await call('GET', '/v1/test-cases?order_by=-create_time&page_size=1')).body.test_cases[0].id,
  'beyond-forged-token-accepted': async (call) => (await call('GET', '/v1/test-cases?page_token=forged-token')).status,
  'beyond-published-not-implemented': publishedAndServed,
  'beyond-method-not-implemented': async (call) => {
    const spec = (
      await call('GET', '/v1/openapi/agent-evaluation', { key: null, headers: { Accept: 'application/json' } })
    ).body;
    return Object.keys(spec.paths['/v1/agents/{agent_id}'] ?? {});
  },
  'beyond-unserved-behind-gateway': async (call) => [
    (await call('GET', `/v1/agents/${UNKNOWN_AGENT}/mutations`, { key: null })).status,
    (await call('GET', `/v1/agents/${UNKNOWN_AGENT}/mutations`)).status,
  ],
};
