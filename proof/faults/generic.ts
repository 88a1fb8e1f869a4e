// Faults of the operations the reference publishes beyond the specification's endpoints
// (lib/reference/generic): the specification's general rules kept on its own 20 endpoints but not
// on one published beside them, and a document publishing operations nothing serves.

import { INPUT_TYPES } from '../../lib/contract/enums.js';
import {
  genericEndpoint,
  GET_RUN,
  GET_TEST_CASE,
  LIST_AGENTS,
  UPDATE_AGENT,
} from '../../lib/reference/generic/endpoints.js';
import { pageOf, wrappedAs, type GenericOperation } from '../../lib/reference/generic/published.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { fault, localTime, readAs, respondWith, type Fault } from './define.js';
import { onList, tokenAcceptedOn } from './list-seams.js';
import type { JsonObject } from '../../lib/util/json.js';
import {
  UNKNOWN_AGENT,
  firstTestCase,
  firstRun,
  repeatedOnSecondPage,
  testCasesNewestFirst,
  publishedAndServed,
} from '../probes/generic.js';

const timestamp = { type: 'string', format: 'iso-utc' };

const TEST_SET = {
  type: 'object',
  required: ['id', 'display_name'],
  properties: {
    id: { type: 'string', minLength: 8, maxLength: 8 },
    display_name: { type: 'string', minLength: 1 },
    description: { type: ['string', 'null'] },
    test_case_count: { type: 'integer', minimum: 0 },
    create_time: timestamp,
    update_time: timestamp,
  },
};

const EVENTS = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', enum: ['run.completed', 'run.failed', 'run.cancelled'] },
};

const WEBHOOK = {
  type: 'object',
  required: ['id', 'url', 'events'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    events: EVENTS,
    create_time: timestamp,
  },
};

/** Operations a document publishes, secured like the others, that the service never routes. */
const UNSERVED: readonly GenericOperation[] = [
  {
    endpoint: genericEndpoint('GET', '/v1/test-sets', 'test-cases', { responseSchema: 'TestSetList', pathParams: {} }),
    operationId: 'listTestSets',
    summary: 'List test sets',
    description: "The organization's test sets, each a group of test cases a run is launched against.",
    pageSize: { minimum: 1, maximum: 100, default: 50 },
    errors: ['INVALID_ARGUMENT', 'UNAUTHENTICATED'],
    schemas: { TestSet: TEST_SET, TestSetList: pageOf('test_sets', 'TestSet') },
  },
  {
    endpoint: genericEndpoint('GET', '/v1/test-sets/{test_set_id}', 'test-cases', {
      wrapper: 'test_set',
      responseSchema: 'TestSetResponse',
      pathParams: { test_set_id: null },
    }),
    operationId: 'getTestSet',
    summary: 'Get a test set',
    description: 'A test set by its 8-character id.',
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
    schemas: { TestSet: TEST_SET, TestSetResponse: wrappedAs('test_set', 'TestSet') },
  },
  {
    endpoint: genericEndpoint('POST', '/v1/webhooks', 'runs', {
      wrapper: 'webhook',
      responseSchema: 'WebhookResponse',
      pathParams: {},
    }),
    operationId: 'createWebhook',
    summary: 'Create a webhook',
    description: 'Registers a URL the service POSTs run events to.',
    requestBody: 'CreateWebhookRequest',
    errors: ['INVALID_ARGUMENT', 'UNAUTHENTICATED'],
    schemas: {
      Webhook: WEBHOOK,
      WebhookResponse: wrappedAs('webhook', 'Webhook'),
      CreateWebhookRequest: {
        type: 'object',
        required: ['url', 'events'],
        properties: { url: { type: 'string', format: 'uri' }, events: EVENTS },
      },
    },
  },
];

/**
 * Operations the real service publishes that a service serving only the specification's 20 does not
 * route, on paths it serves with POST: two lists, one with a path parameter.
 */
const UNSERVED_ON_SERVED_PATHS: readonly GenericOperation[] = [
  {
    endpoint: genericEndpoint('GET', '/v1/agents/{agent_id}/mutations', 'mutations', {
      responseSchema: 'MutationList',
      pathParams: { agent_id: 'agent' },
    }),
    operationId: 'listMutations',
    summary: 'List mutations',
    description:
      'The mutations of an agent, oldest first. Pass the next_page_token of a page as page_token to read the next.',
    pageSize: { minimum: 1, maximum: 100, default: 50 },
    orderBy: { default: 'create_time', example: '-create_time' },
    errors: ['INVALID_ARGUMENT', 'UNAUTHENTICATED', 'NOT_FOUND'],
    schemas: { MutationList: pageOf('mutations', 'Mutation') },
  },
  {
    endpoint: genericEndpoint('GET', '/v1/review-projects', 'review-projects', {
      responseSchema: 'ReviewProjectList',
      pathParams: {},
    }),
    operationId: 'listReviewProjects',
    summary: 'List review projects',
    description:
      "The organization's review projects. Pass the next_page_token of a page as page_token to read the next.",
    pageSize: { minimum: 1, maximum: 100, default: 50 },
    errors: ['INVALID_ARGUMENT', 'UNAUTHENTICATED'],
    schemas: { ReviewProjectList: pageOf('review_projects', 'ReviewProject') },
  },
];

/** The bodies a common web framework answers a route it does not know with, outside the error envelope. */
const FRAMEWORK_ANSWERS: Readonly<Record<string, readonly [number, string]>> = {
  NOT_FOUND: [404, 'Not Found'],
  UNIMPLEMENTED: [405, 'Method Not Allowed'],
};

/** An operation published on a path the service serves, with a method it does not route there. */
const DELETE_AGENT: GenericOperation = {
  endpoint: genericEndpoint('DELETE', '/v1/agents/{agent_id}', 'agents', { pathParams: { agent_id: 'agent' } }),
  operationId: 'deleteAgent',
  summary: 'Delete an agent',
  description: 'Deletes an agent and its mutations.',
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  schemas: {},
};

export const GENERIC_FAULTS = [
  fault({
    id: 'beyond-list-agents-unauthenticated',
    requirements: ['GENERIC-AUTH'],
    slips: ['scope'],
    description:
      'GET /v1/agents (published beyond the specification) is left out of the key check: it answers without a key, or with a wrong one.',
    behaviour: (b) => {
      const required = b.auth.required;
      b.auth.required = (endpoint) => endpoint.key !== LIST_AGENTS.key && required(endpoint);
    },
    probe: async (call) => (await call('GET', '/v1/agents', { key: null })).status,
    shows: 200,
  }),
  fault({
    id: 'beyond-patch-agent-wrong-key-accepted',
    requirements: ['GENERIC-AUTH'],
    slips: ['scope', 'precedence'],
    description:
      'PATCH /v1/agents/{agent_id} (beyond the specification) lets any key that is present through: a wrong key goes on to the lookup (NOT_FOUND) and the update.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (endpoint.key === UPDATE_AGENT.key && key !== undefined) || accepts(endpoint, key);
    },
    probe: async (call) =>
      (await call('PATCH', `/v1/agents/${UNKNOWN_AGENT}`, { key: 'wrong-key', body: { display_name: 'Renamed' } })).body
        .error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'beyond-get-run-error-without-envelope',
    requirements: ['GENERIC-ERROR-ENVELOPE'],
    slips: ['scope'],
    description:
      'GET /v1/runs/{run_id} (beyond the specification) answers an unknown run 404 `{"message": "run not found"}`, without the error envelope.',
    behaviour: (b) => {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        endpoint?.key === GET_RUN.key && error['code'] === 'NOT_FOUND'
          ? { message: 'run not found' }
          : body(error, endpoint);
    },
    probe: async (call) => 'error' in (await call('GET', '/v1/runs/no-such-run')).body,
    shows: false,
  }),
  fault({
    id: 'beyond-test-case-breaks-published-schema',
    requirements: ['GENERIC-SCHEMA-PUBLISHED'],
    slips: ['type'],
    description:
      'GET /v1/test-cases/{test_case_id} (beyond the specification) answers input_type as its enum number (protobuf JSON with integers for enums, 0 for SCENARIO), where its published schema says a string of the enum.',
    behaviour: (b) => {
      readAs(b, GET_TEST_CASE.key, 'test_case', (testCase) => ({
        ...testCase,
        input_type: INPUT_TYPES.indexOf(testCase['input_type'] as (typeof INPUT_TYPES)[number]),
      }));
    },
    probe: async (call) => typeof (await firstTestCase(call)).input_type,
    shows: 'number',
  }),
  fault({
    id: 'beyond-get-run-unwrapped',
    requirements: ['GENERIC-WRAPPED', 'GENERIC-SCHEMA-PUBLISHED'],
    slips: ['scope'],
    description:
      "GET /v1/runs/{run_id} (beyond the specification) answers the run's fields at the top level, not under `run` as its published schema has them.",
    behaviour: (b) => {
      respondWith(b, GET_RUN.key, (body) => body['run'] as JsonObject);
    },
    probe: async (call) => 'run_id' in (await firstRun(call)),
    shows: true,
  }),
  fault({
    id: 'beyond-test-case-time-not-utc',
    requirements: ['GENERIC-TIMESTAMPS'],
    slips: ['scope'],
    description:
      "GET /v1/test-cases/{test_case_id} (beyond the specification) answers create_time in the service's local time, the same instant with a `+02:00` offset.",
    behaviour: (b) => {
      readAs(b, GET_TEST_CASE.key, 'test_case', (testCase) => ({
        ...testCase,
        create_time: localTime(Date.parse(String(testCase['create_time']))),
      }));
    },
    probe: async (call) => (await firstTestCase(call)).create_time.endsWith('Z'),
    shows: false,
  }),
  fault({
    id: 'beyond-test-cases-list-repeats-item',
    requirements: ['GENERIC-PAGINATION'],
    slips: ['scope'],
    description:
      'GET /v1/test-cases (beyond the specification) starts each page after a token with the last item of the page before, which so comes twice.',
    behaviour: (b) => {
      onList(b, 'test-cases', 'resumeAt', () => (firstAfter) => Math.max(0, firstAfter - 1));
    },
    probe: repeatedOnSecondPage,
    shows: 1,
  }),
  fault({
    id: 'beyond-list-agents-page-size-ignored',
    requirements: ['GENERIC-PAGINATION'],
    slips: ['scope'],
    description:
      'GET /v1/agents (beyond the specification) checks page_size, then serves pages of the default 50 agents whatever it asks.',
    behaviour: (b) => {
      onList(b, 'agents', 'pageSize', (pageSize) => (raw, list, pageToken) => {
        pageSize(raw, list, pageToken);
        return list.pageSize.default;
      });
    },
    probe: async (call) => (await call('GET', '/v1/agents?page_size=3')).body.agents.length,
    shows: 12,
  }),
  fault({
    id: 'beyond-test-cases-page-size-first-page-only',
    requirements: ['GENERIC-PAGINATION'],
    slips: ['first-page'],
    description:
      'GET /v1/test-cases (beyond the specification) keeps page_size on the first page only: the pages after a token hold the default 50 test cases.',
    behaviour: (b) => {
      onList(b, 'test-cases', 'pageSize', (pageSize) => (raw, list, pageToken) => {
        const asked = pageSize(raw, list, pageToken);
        return pageToken ? list.pageSize.default : asked;
      });
    },
    probe: async (call) => {
      const first = (await call('GET', '/v1/test-cases?page_size=2')).body;
      return (await call('GET', `/v1/test-cases?page_size=2&page_token=${encodeURIComponent(first.next_page_token)}`))
        .body.test_cases.length;
    },
    shows: 13,
  }),
  fault({
    id: 'beyond-list-agents-maximum-refused',
    requirements: ['GENERIC-PAGINATION'],
    slips: ['bound'],
    description:
      'GET /v1/agents (beyond the specification) refuses its published maximum page_size 100 with INVALID_ARGUMENT (a `<` where `<=` was meant).',
    behaviour: (b) => {
      onList(b, 'agents', 'pageSize', (pageSize) => (raw, list, pageToken) => {
        const asked = pageSize(raw, list, pageToken);
        if (asked === list.pageSize.max)
          throw invalidArgument('page_size', `page_size must be below ${list.pageSize.max}`);
        return asked;
      });
    },
    probe: async (call) => (await call('GET', '/v1/agents?page_size=100')).status,
    shows: 400,
  }),
  fault({
    id: 'beyond-test-cases-descending-ignored',
    requirements: ['GENERIC-ORDER-BY'],
    slips: ['scope', 'order'],
    description:
      'GET /v1/test-cases (beyond the specification) reads order_by without its leading dash: `-create_time` sorts oldest first, as `create_time` does.',
    behaviour: (b) => {
      onList(b, 'test-cases', 'order', (order) => (raw, list) => order(raw ? raw.replace(/^-/, '') : raw, list));
    },
    probe: testCasesNewestFirst,
    shows: false,
  }),
  fault({
    id: 'beyond-forged-token-accepted',
    requirements: ['GENERIC-PAGINATION'],
    slips: ['scope'],
    description:
      'GET /v1/test-cases (beyond the specification) answers a page_token it never issued with the first page.',
    behaviour: (b) => {
      tokenAcceptedOn(b, 'test-cases', 'unknown');
    },
    probe: async (call) => (await call('GET', '/v1/test-cases?page_token=forged-token')).status,
    shows: 200,
  }),
  fault({
    id: 'beyond-method-not-implemented',
    requirements: ['GENERIC-IMPLEMENTED'],
    slips: ['scope'],
    description:
      'The documents also publish DELETE /v1/agents/{agent_id}, secured by the key; the service serves GET and PATCH on that path but not DELETE, which answers as a method not supported (501 UNIMPLEMENTED, whatever the key).',
    behaviour: (b) => {
      b.publishing.generic = [...b.publishing.generic, DELETE_AGENT];
    },
    probe: async (call) => {
      const spec = (
        await call('GET', '/v1/openapi/agent-evaluation', { key: null, headers: { Accept: 'application/json' } })
      ).body;
      return Object.keys(spec.paths['/v1/agents/{agent_id}'] ?? {});
    },
    shows: ['get', 'patch', 'delete'],
  }),
  fault({
    id: 'beyond-published-not-implemented',
    requirements: ['GENERIC-IMPLEMENTED'],
    slips: ['broken'],
    description:
      'The documents also publish GET /v1/test-sets, GET /v1/test-sets/{test_set_id} and POST /v1/webhooks, secured by the key, which the service does not serve: they answer as unknown routes (404 NOT_FOUND, whatever the key).',
    behaviour: (b) => {
      b.publishing.generic = [...b.publishing.generic, ...UNSERVED];
    },
    probe: publishedAndServed,
    shows: [true, true, true],
  }),
  fault({
    id: 'beyond-unserved-behind-gateway',
    requirements: ['GENERIC-IMPLEMENTED'],
    slips: ['broken'],
    description:
      'The documents also publish, as the real service\'s do, the lists GET /v1/test-sets, GET /v1/agents/{agent_id}/mutations and GET /v1/review-projects, which the service does not serve; and it authenticates every request before routing it, as a gateway does: without a key each answers 401 UNAUTHENTICATED, with the key a path it does not know 404 and a method a path does not serve 405, each `{"detail": ...}` outside the envelope.',
    behaviour: (b) => {
      b.publishing.generic = [...b.publishing.generic, UNSERVED[0]!, ...UNSERVED_ON_SERVED_PATHS];
      b.unrouted = (error, presented) => (presented === b.apiKey ? error : b.auth.failure(presented));
      const { status, body } = b.errors;
      const answer = (code: string, endpoint: unknown) =>
        endpoint === undefined ? FRAMEWORK_ANSWERS[code] : undefined;
      b.errors.status = (code, endpoint) => answer(code, endpoint)?.[0] ?? status(code, endpoint);
      b.errors.body = (error, endpoint) => {
        const framework = answer(String(error['code']), endpoint);
        return framework ? { detail: framework[1] } : body(error, endpoint);
      };
    },
    probe: async (call) => [
      (await call('GET', `/v1/agents/${UNKNOWN_AGENT}/mutations`, { key: null })).status,
      (await call('GET', `/v1/agents/${UNKNOWN_AGENT}/mutations`)).status,
    ],
    shows: [401, 405],
  }),
] as const satisfies readonly Fault[];
