// The operations the reference serves beyond the specification's 20 endpoints, as a real
// service publishes more than a specification shows: the suite's generic layer judges them by
// the specification's general rules, reading what they are from the published documents.

import { ENDPOINTS, type Endpoint, type Group, type Method } from '../../contract/endpoints.js';

type Shape = Pick<Endpoint, 'pathParams'> & Partial<Pick<Endpoint, 'wrapper' | 'responseSchema'>>;

/** An operation for the generic layer, secured by the key like every contract endpoint but the specification's two. */
export const genericEndpoint = (method: Method, path: string, group: Group, shape: Shape): Endpoint => ({
  key: `${method} ${path}`,
  method,
  path,
  group,
  public: false,
  writes: method !== 'GET',
  ...shape,
});

export const LIST_AGENTS = genericEndpoint('GET', '/v1/agents', 'agents', {
  responseSchema: 'AgentList',
  pathParams: {},
});
export const UPDATE_AGENT = genericEndpoint('PATCH', '/v1/agents/{agent_id}', 'agents', {
  wrapper: 'agent',
  responseSchema: 'AgentResponse',
  pathParams: { agent_id: 'agent' },
});
// Run IDs have no rule in the specification (DELETE /v1/runs/{run_id} checks none either).
export const GET_RUN = genericEndpoint('GET', '/v1/runs/{run_id}', 'runs', {
  wrapper: 'run',
  responseSchema: 'RunResponse',
  pathParams: { run_id: null },
});
export const LIST_TEST_CASES = genericEndpoint('GET', '/v1/test-cases', 'test-cases', {
  responseSchema: 'TestCaseList',
  pathParams: {},
});
export const GET_TEST_CASE = genericEndpoint('GET', '/v1/test-cases/{test_case_id}', 'test-cases', {
  wrapper: 'test_case',
  responseSchema: 'TestCaseResponse',
  pathParams: { test_case_id: 'testCase' },
});

export const GENERIC_ENDPOINTS: readonly Endpoint[] = [
  LIST_AGENTS,
  UPDATE_AGENT,
  GET_RUN,
  LIST_TEST_CASES,
  GET_TEST_CASE,
];

/** Every operation the reference serves: the specification's, then the generic layer's. */
export const SERVED_ENDPOINTS: readonly Endpoint[] = [...ENDPOINTS, ...GENERIC_ENDPOINTS];
