// Faults of the operations the reference publishes beyond the specification's endpoints
// (lib/reference/beyond): the specification's general rules kept on its own 20 endpoints but not
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

export const BEYOND_CONTRACT_FAULTS = [
  fault(
    'beyond-list-agents-unauthenticated',
    ['GENERIC-AUTH'],
    'GET /v1/agents (published beyond the specification) is left out of the key check: it answers without a key, or with a wrong one.',
    (b) => {
      const required = b.auth.required;
      b.auth.required = (endpoint) => endpoint.key !== LIST_AGENTS.key && required(endpoint);
    },
  ),
  fault(
    'beyond-patch-agent-wrong-key-accepted',
    ['GENERIC-AUTH'],
    'PATCH /v1/agents/{agent_id} (beyond the specification) lets any key that is present through: a wrong key goes on to the lookup (NOT_FOUND) and the update.',
    (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (endpoint.key === UPDATE_AGENT.key && key !== undefined) || accepts(endpoint, key);
    },
  ),
  fault(
    'beyond-get-run-error-without-envelope',
    ['GENERIC-ERROR-ENVELOPE'],
    'GET /v1/runs/{run_id} (beyond the specification) answers an unknown run 404 `{"message": "run not found"}`, without the error envelope.',
    (b) => {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        endpoint?.key === GET_RUN.key && error['code'] === 'NOT_FOUND'
          ? { message: 'run not found' }
          : body(error, endpoint);
    },
  ),
  fault(
    'beyond-test-case-breaks-published-schema',
    ['GENERIC-SCHEMA-PUBLISHED'],
    'GET /v1/test-cases/{test_case_id} (beyond the specification) answers input_type as its enum number (protobuf JSON with integers for enums, 0 for SCENARIO), where its published schema says a string of the enum.',
    (b) => {
      readAs(b, GET_TEST_CASE.key, 'test_case', (testCase) => ({
        ...testCase,
        input_type: INPUT_TYPES.indexOf(testCase['input_type'] as (typeof INPUT_TYPES)[number]),
      }));
    },
  ),
  fault(
    'beyond-get-run-unwrapped',
    ['GENERIC-WRAPPED', 'GENERIC-SCHEMA-PUBLISHED'],
    "GET /v1/runs/{run_id} (beyond the specification) answers the run's fields at the top level, not under `run` as its published schema has them.",
    (b) => {
      respondWith(b, GET_RUN.key, (body) => body['run'] as JsonObject);
    },
  ),
  fault(
    'beyond-test-case-time-not-utc',
    ['GENERIC-TIMESTAMPS'],
    "GET /v1/test-cases/{test_case_id} (beyond the specification) answers create_time in the service's local time, the same instant with a `+02:00` offset.",
    (b) => {
      readAs(b, GET_TEST_CASE.key, 'test_case', (testCase) => ({
        ...testCase,
        create_time: localTime(Date.parse(String(testCase['create_time']))),
      }));
    },
  ),
  fault(
    'beyond-test-cases-list-repeats-item',
    ['GENERIC-PAGINATION'],
    'GET /v1/test-cases (beyond the specification) starts each page after a token with the last item of the page before, which so comes twice.',
    (b) => {
      onList(b, 'test-cases', 'resumeAt', () => (firstAfter) => Math.max(0, firstAfter - 1));
    },
  ),
  fault(
    'beyond-list-agents-page-size-ignored',
    ['GENERIC-PAGINATION'],
    'GET /v1/agents (beyond the specification) checks page_size, then serves pages of the default 50 agents whatever it asks.',
    (b) => {
      onList(b, 'agents', 'pageSize', (pageSize) => (raw, list, pageToken) => {
        pageSize(raw, list, pageToken);
        return list.pageSize.default;
      });
    },
  ),
  fault(
    'beyond-test-cases-page-size-first-page-only',
    ['GENERIC-PAGINATION'],
    'GET /v1/test-cases (beyond the specification) keeps page_size on the first page only: the pages after a token hold the default 50 test cases.',
    (b) => {
      onList(b, 'test-cases', 'pageSize', (pageSize) => (raw, list, pageToken) => {
        const asked = pageSize(raw, list, pageToken);
        return pageToken ? list.pageSize.default : asked;
      });
    },
  ),
  fault(
    'beyond-list-agents-maximum-refused',
    ['GENERIC-PAGINATION'],
    'GET /v1/agents (beyond the specification) refuses its published maximum page_size 100 with INVALID_ARGUMENT (a `<` where `<=` was meant).',
    (b) => {
      onList(b, 'agents', 'pageSize', (pageSize) => (raw, list, pageToken) => {
        const asked = pageSize(raw, list, pageToken);
        if (asked === list.pageSize.max)
          throw invalidArgument('page_size', `page_size must be below ${list.pageSize.max}`);
        return asked;
      });
    },
  ),
  fault(
    'beyond-test-cases-descending-ignored',
    ['GENERIC-ORDER-BY'],
    'GET /v1/test-cases (beyond the specification) reads order_by without its leading dash: `-create_time` sorts oldest first, as `create_time` does.',
    (b) => {
      onList(b, 'test-cases', 'order', (order) => (raw, list) => order(raw ? raw.replace(/^-/, '') : raw, list));
    },
  ),
  fault(
    'beyond-forged-token-accepted',
    ['GENERIC-PAGINATION'],
    'GET /v1/test-cases (beyond the specification) answers a page_token it never issued with the first page.',
    (b) => {
      tokenAcceptedOn(b, 'test-cases', 'unknown');
    },
  ),
  fault(
    'beyond-method-not-implemented',
    ['GENERIC-IMPLEMENTED'],
    'The documents also publish DELETE /v1/agents/{agent_id}, secured by the key; the service serves GET and PATCH on that path but not DELETE, which answers as a method not supported (501 UNIMPLEMENTED, whatever the key).',
    (b) => {
      b.publishing.generic = [...b.publishing.generic, DELETE_AGENT];
    },
  ),
  fault(
    'beyond-published-not-implemented',
    ['GENERIC-IMPLEMENTED'],
    'The documents also publish GET /v1/test-sets, GET /v1/test-sets/{test_set_id} and POST /v1/webhooks, secured by the key, which the service does not serve: they answer as unknown routes (404 NOT_FOUND, whatever the key).',
    (b) => {
      b.publishing.generic = [...b.publishing.generic, ...UNSERVED];
    },
  ),
  fault(
    'beyond-unserved-behind-gateway',
    ['GENERIC-IMPLEMENTED'],
    'The documents also publish, as the real service\'s do, the lists GET /v1/test-sets, GET /v1/agents/{agent_id}/mutations and GET /v1/review-projects, which the service does not serve; and it authenticates every request before routing it, as a gateway does: without a key each answers 401 UNAUTHENTICATED, with the key a path it does not know 404 and a method a path does not serve 405, each `{"detail": ...}` outside the envelope.',
    (b) => {
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
  ),
] as const satisfies readonly Fault[];
