// How the documents publish the generic layer's operations: operationIds and descriptions,
// the page_size schema of the lists, the statuses of the errors each answers, and the component
// schemas each brings. Behaviour.publishing.generic holds these: variations reshape them, and a
// fault adds operations the reference does not serve.

import type { Endpoint } from '../../contract/endpoints.js';
import type { ServedList } from '../listing/tables.js';
import { GET_RUN, GET_TEST_CASE, LIST_AGENTS, LIST_TEST_CASES, UPDATE_AGENT } from './endpoints.js';
import { GENERIC_LISTS } from './lists.js';
import type { JsonObject } from '../../util/json.js';

/** The page_size parameter's schema keywords besides its type. */
export interface PageSizeSchema {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: number;
}

export interface GenericOperation {
  readonly endpoint: Endpoint;
  /** Absent when the document names none (a reader then names the operation by method and path). */
  readonly operationId?: string;
  readonly summary: string;
  readonly description: string;
  /** For a list: the page_size schema published beside page_token. */
  readonly pageSize?: PageSizeSchema;
  /** For a list that takes order_by: its default and an example, as the real service publishes them. */
  readonly orderBy?: { readonly default: string; readonly example: string };
  /** The component schema of the request body, when there is one. */
  readonly requestBody?: string;
  /** The error codes it answers, each published under its status; `default` covers the rest. */
  readonly errors: readonly string[];
  /** The component schemas it brings besides the contract's, draft-07 as in lib/contract/schemas.ts. */
  readonly schemas: Readonly<Record<string, JsonObject>>;
}

/** The page_size schema of a served list: its bounds and its default. */
export const pageSizeOf = ({ pageSize }: ServedList): PageSizeSchema => ({
  minimum: pageSize.min,
  maximum: pageSize.max,
  default: pageSize.default,
});

/** `{<key>: [<item>], next_page_token}`, as the contract's lists are published. */
export const pageOf = (key: string, item: string): JsonObject => ({
  type: 'object',
  required: [key],
  properties: {
    [key]: { type: 'array', items: { $ref: `#/definitions/${item}` } },
    next_page_token: {
      type: ['string', 'null'],
      description: 'page_token of the next page; empty, null or absent on the last page.',
    },
  },
});

export const wrappedAs = (key: string, item: string): JsonObject => ({
  type: 'object',
  required: [key],
  properties: { [key]: { $ref: `#/definitions/${item}` } },
});

/** The errors of a list: a page_size or page_token refused, a key refused. */
const PAGE_ERRORS = ['INVALID_ARGUMENT', 'UNAUTHENTICATED'];
/** The errors of an operation on one resource named by a checked ID. */
const BY_ID_ERRORS = ['INVALID_ARGUMENT', 'UNAUTHENTICATED', 'NOT_FOUND'];

export const GENERIC_PUBLISHED: readonly GenericOperation[] = [
  {
    endpoint: LIST_AGENTS,
    operationId: 'listAgents',
    summary: 'List agents',
    description:
      "The organization's agents, oldest first. Pass the next_page_token of a page as page_token to read the next.",
    pageSize: pageSizeOf(GENERIC_LISTS.agents),
    errors: PAGE_ERRORS,
    schemas: { AgentList: pageOf('agents', 'Agent') },
  },
  {
    endpoint: UPDATE_AGENT,
    operationId: 'updateAgent',
    summary: 'Update an agent',
    description: 'Renames an agent: display_name, 1 to 200 characters. Its other fields are left as they are.',
    requestBody: 'UpdateAgentRequest',
    errors: BY_ID_ERRORS,
    schemas: {},
  },
  {
    endpoint: GET_RUN,
    operationId: 'getRun',
    summary: 'Get a run',
    description: 'A run by its run_id, as the runs list shows it. A deleted run is not found.',
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
    schemas: { RunResponse: wrappedAs('run', 'Run') },
  },
  {
    endpoint: LIST_TEST_CASES,
    operationId: 'listTestCases',
    summary: 'List test cases',
    description:
      "The organization's test cases, oldest first. Pass the next_page_token of a page as page_token to read the next.",
    pageSize: pageSizeOf(GENERIC_LISTS['test-cases']),
    orderBy: { default: 'create_time', example: '-create_time' },
    errors: PAGE_ERRORS,
    schemas: { TestCaseList: pageOf('test_cases', 'TestCase') },
  },
  {
    endpoint: GET_TEST_CASE,
    operationId: 'getTestCase',
    summary: 'Get a test case',
    description: 'A test case by its id.',
    errors: BY_ID_ERRORS,
    schemas: {},
  },
];
