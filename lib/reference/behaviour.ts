// Every decision the reference service makes that a fault or a variation may change,
// in one object. Route code reads from it and never asks which profile is active.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Endpoint } from '../contract/endpoints.js';
import type { ModelType } from '../contract/enums.js';
import { ID_RULES, type IdKind, type IdRule } from '../contract/ids.js';
import { API_KEY_HEADER } from '../contract/enums.js';
import { FIELD_LIMITS, type FieldLimitId } from '../contract/limits.js';
import { decodeWhole } from './http/body.js';
import { ApiError, invalidArgument, unauthenticated, type ErrorDetail } from './http/errors.js';
import { readFilter } from './listing/filter.js';
import { itemMatches, type FilterFields } from './listing/filter-match.js';
import type { FilterExpr } from './listing/filter-syntax.js';
import { readOrder, type Order } from './listing/order.js';
import { readPageSize } from './listing/page-size.js';
import { signedTokenCodec, type PageTokenCodec } from './listing/page-token.js';
import type { ServedList } from './listing/tables.js';
import { GENERIC_LISTS, type GenericListId } from './generic/lists.js';
import { GENERIC_PUBLISHED, type GenericOperation } from './generic/published.js';
import { SPECS_ARRAY, type ListingStyle } from './openapi/listing-styles.js';
import { negotiateSpecForm, type SpecForm } from './openapi/negotiate.js';
import { ALPHANUMERIC } from './store/ids.js';
import type { LimitBounds } from './validation/limits.js';
import type { AgentRecord, DashboardRecord, MetricOutputRecord, RunRecord, ScheduledRunRecord } from './store/records.js';
import type { Store } from './store/store.js';
import { REVIEW_PROJECT_FIELDS, type ReviewProjectFields } from './validation/review-projects.js';
import { defaultMutationRules, type MutationRules } from './validation/mutations.js';
import { TEST_CASE_FIELDS, type TestCaseFields } from './validation/test-cases.js';
import { agentRules, type AgentRules } from './validation/agents.js';
import type { JsonObject } from '../util/json.js';

export type ResourceKind = 'agent' | 'mutation' | 'testCase' | 'persona' | 'run' | 'metric' | 'scheduledRun' | 'dashboard' | 'reviewProject';

export interface AuthPolicy {
  /** The key a request presents (undefined when it presents none): the spec reads it from X-API-Key only. */
  presented(req: IncomingMessage): string | undefined;
  /** Whether the endpoint needs a key at all. */
  required(endpoint: Endpoint): boolean;
  /** Whether the presented key (undefined when the header is missing) opens the endpoint. */
  accepts(endpoint: Endpoint, presented: string | undefined): boolean;
  failure(presented: string | undefined): ApiError;
  /** Whether a request on this connection is let through, given whether its own key was accepted (it is, exactly then). */
  admitted(connection: object, accepted: boolean): boolean;
}

/** The steps of serving a routed request (server.ts `serve`). */
export type ServeStep = 'authenticate' | 'path-ids' | 'body' | 'handler';

/** The key first of all, as the spec's unconditional rule has it. */
export const SERVE_STEPS: readonly ServeStep[] = ['authenticate', 'path-ids', 'body', 'handler'];

export interface ErrorPolicy {
  /** The code an error is answered with (endpoint is undefined for unrouted requests). */
  code(error: ApiError, endpoint: Endpoint | undefined): string;
  status(code: string, endpoint: Endpoint | undefined): number;
  message(error: ApiError): string;
  details(error: ApiError): readonly ErrorDetail[];
  /** How a detail names its field in the body (endpoint is undefined for unrouted requests). */
  field(detail: ErrorDetail, endpoint: Endpoint | undefined): string;
  malformedJson(reason: string, endpoint: Endpoint): ApiError;
  /** The error body around the error object (the spec: one object `error`). */
  body(error: JsonObject, endpoint: Endpoint | undefined): JsonObject;
}

export interface DeletionPolicy {
  /** The body of a persona or run DELETE, given the view of what it removed (the spec: an empty object). */
  answer(kind: ResourceKind, deleted: JsonObject): JsonObject;
  /** Whether an endpoint leaves out deleted personas and runs (every endpoint does). */
  hides(endpoint: Endpoint): boolean;
}

/** Statuses a run ends in (the spec shows only COMPLETED). */
// Stryker disable next-line all: in which statuses a run is deleted rather than cancelled is not shown (RUN-DELETE-BY-STATUS accepts either).
export const TERMINAL_RUN_STATUSES: readonly string[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

export interface RunDeletionPolicy {
  /** What DELETE /v1/runs/{run_id} does to a run in this status (the spec: deletes or cancels, depending on it). */
  outcome(status: string): 'delete' | 'cancel';
  /** The status a run in this status takes when cancelled (not shown in the spec). */
  cancelledStatus(status: string): string;
}

/** What a page of a list is cut from: order_by as sent, the filter and order read from it, and the order of ties by id. */
export interface ListQuery {
  readonly orderBy: string | null;
  readonly filter: FilterExpr | null;
  readonly order: Order;
  readonly ties: 'asc' | 'desc';
}

export interface ListPolicy {
  /** next_page_token on the last page (`pageToken`: the one the request carried); undefined omits the field. */
  endOfList(list: ServedList, pageToken: string | null): string | null | undefined;
  /** What a page_size outside the documented bounds gets. */
  pageSizeOutOfRange: 'reject' | 'clamp';
  /** The page size a request gets from its page_size parameter (`pageToken`, `orderBy`: what the request carried). */
  pageSize(raw: string | null, list: ServedList, pageToken: string | null, orderBy?: string | null): number;
  /** The order a request gets from its order_by parameter. */
  order(raw: string | null, list: ServedList): Order;
  /** The filter a request gets from its filter parameter; null when it has none. */
  filter(raw: string | null, list: ServedList): FilterExpr | null;
  /** Whether an item (with its hidden fields) satisfies a filter. */
  matches(expr: FilterExpr, item: unknown, fields: FilterFields): boolean;
  /** Where the page after a token starts, given the index of the first item sorted after the token's. */
  resumeAt(firstAfter: number, list: ServedList): number;
  /** What the page after a token is cut from, given the query the request carries (the one the token was issued for): that query. */
  continued(query: ListQuery, list: ServedList): ListQuery;
  /** The index of the item a next_page_token is issued after, given the index of the page's last item (`pageToken`: the one the request carried): that item. */
  issuedAfter(last: number, pageToken: string | null): number;
  /** The answer to a page_token that is not one of ours or belongs to another query: an error, or null to go on (an unknown token: from the first page). */
  refuseToken(problem: 'unknown' | 'other-query', list: ServedList): ApiError | null;
  /** How the page tokens of a list are written and read. */
  tokens(list: ServedList): PageTokenCodec;
  /** A query's items in the order its pages are cut from, given them and the comparator page tokens resume by: sorted by it. */
  sortItems<E>(items: E[], compare: (a: E, b: E) => number, list: ServedList, query: ListQuery): E[];
  /** Order of items whose sort values are equal, by id. */
  tieOrder: 'asc' | 'desc';
}

function defaultListPolicy(): ListPolicy {
  // Stryker disable next-line StringLiteral: the signing key is the service's own (page tokens are opaque).
  const signed = signedTokenCodec('reference-page-token');
  const policy: ListPolicy = {
    // Stryker disable next-line all: null, "" and an absent next_page_token all end a list (LIST-LAST-PAGE).
    endOfList: (list) => (list.id === 'personas' ? null : ''),
    // Stryker disable next-line StringLiteral: anything but 'clamp' refuses, and refuse or clamp is left open (LIST-PAGE-SIZE-BOUNDS).
    pageSizeOutOfRange: 'reject',
    pageSize: (raw, list) => readPageSize(raw, list, policy.pageSizeOutOfRange),
    order: readOrder,
    filter: readFilter,
    matches: itemMatches,
    resumeAt: (firstAfter) => firstAfter,
    continued: (query) => query,
    issuedAfter: (last) => last,
    refuseToken: (problem) =>
      invalidArgument(
        'page_token',
        // Stryker disable next-line all: the message is free text.
        problem === 'unknown' ? 'is not a page token issued by this service' : 'was issued for a different filter or order_by',
        // Stryker disable next-line StringLiteral: the detail's location is read only by variations and faults.
        'query',
      ),
    tokens: () => signed,
    sortItems: (items, compare) => items.sort(compare),
    // Stryker disable next-line StringLiteral: ties may come in any order (LIST-ORDER-BY).
    tieOrder: 'asc',
  };
  return policy;
}

export type OpenApiVersion = '3.1.0' | '3.0.3';

export interface PublishingPolicy {
  openapiVersion: OpenApiVersion;
  /** One document for the whole API, or one per endpoint group. */
  layout: 'single' | 'per-group';
  /** Whether `/v1` is part of the server URL instead of every path. */
  versionInServerUrl: boolean;
  listing: ListingStyle;
  /** Whether the YAML form writes repeated parameters and responses once (`&anchor`) and merges them elsewhere (`<<: *anchor`). */
  yamlMergeKeys: boolean;
  negotiate(accept: string | undefined): SpecForm;
  /** The operations published for the generic layer (lib/reference/generic), served or not. */
  generic: readonly GenericOperation[];
  /** Last touch on a document before it is serialized in the given form. */
  finalize(doc: JsonObject, form: SpecForm): JsonObject;
  /** The document served for a spec_name asked for, of those listed (none: NOT_FOUND). */
  documentNamed(asked: string, listed: readonly string[]): string | undefined;
  /** The text served for the document named `name` in the given form, from the text it was written as: that text. */
  written(text: string, form: SpecForm, name: string): string;
}

export interface Behaviour {
  apiKey: string;
  auth: AuthPolicy;
  /** The steps of serving a routed request, in order, for the key presented (undefined when the header is missing). */
  serveSteps(presented: string | undefined): readonly ServeStep[];
  /** The error a request the service does not route gets (a path it does not know, a method a path does not serve). */
  unrouted(error: ApiError, presented: string | undefined): ApiError;
  limits: Record<FieldLimitId, LimitBounds>;
  successStatus(endpoint: Endpoint): number;
  /** Whether a success carries a body (a 204 never does); published accordingly. */
  successHasBody(endpoint: Endpoint): boolean;
  errors: ErrorPolicy;
  /** Shapes one resource as it is returned (the record is the stored form). */
  present(kind: ResourceKind, view: JsonObject, record: object): JsonObject;
  /** Shapes a whole success body, after wrapping (a RawText is sent as it is, not as JSON). */
  respond(endpoint: Endpoint, body: unknown): unknown;
  formatTime(epochMs: number): string;
  idAlphabet: string;
  /** Accepted model_type spellings besides the five MODEL_TYPE_* values. */
  modelTypeAliases: Readonly<Record<string, ModelType>>;
  /** Request field of POST /v1/agents that carries the simulator configuration. */
  simulatorConfigField: string;
  /** How POST /v1/agents reads each body field and checks each simulator configuration key. */
  agentRules: AgentRules;
  /** Whether deleting an already-deleted mutation succeeds (the spec says it does). */
  mutationDeleteIdempotent: boolean;
  /** How mutations are read, checked against their parent, named, derived and reached. */
  mutationRules: MutationRules;
  /** How POST /v1/test-cases reads each body field. */
  testCaseFields: TestCaseFields;
  /** Whether a path parameter is checked against its ID rule (the spec says every one is). */
  pathIdChecked(endpoint: Endpoint, param: string): boolean;
  /** The rule each kind of path ID is checked against (the spec's). */
  pathIdRules: Readonly<Record<IdKind, IdRule>>;
  /** The IDs a request's path names, from the path parameters it was sent with (and the store): those parameters. */
  pathNamed(endpoint: Endpoint, params: Readonly<Record<string, string>>, store: Store): Readonly<Record<string, string>>;
  deletion: DeletionPolicy;
  runDeletion: RunDeletionPolicy;
  /** Stores a run DELETE cancelled: at once (undefined), as the store's own set; only faults store it later (a promise). */
  storeCancelledRun(cancelled: RunRecord, store: Store): Promise<void> | undefined;
  /** Whether DELETE /v1/scheduled-runs/{id} removes this scheduled run (the spec says it does, whatever its state). */
  scheduledRunDeleteRemoves(run: ScheduledRunRecord): boolean;
  /** The scheduled runs a DELETE of `target` removes, of all stored (`all`): the target alone. */
  scheduledRunsDeletedWith(target: ScheduledRunRecord, all: readonly ScheduledRunRecord[]): readonly ScheduledRunRecord[];
  /** The scheduled run a GET serves for an ID, given the one stored under it (undefined: none): that one. */
  scheduledRunServed(id: string, stored: ScheduledRunRecord | undefined): ScheduledRunRecord | undefined;
  /** The metric output a GET under a simulation reaches, given every simulation's outputs: that simulation's output of that ID. */
  metricOutputReached(
    simulationId: string,
    metricOutputId: string,
    simulations: ReadonlyMap<string, ReadonlyMap<string, MetricOutputRecord>>,
  ): MetricOutputRecord | undefined;
  /** How POST /v1/review-projects reads each body field. */
  reviewProjectFields: ReviewProjectFields;
  /** Whether a dashboard PATCH must carry display_name; otherwise an absent one is left as it is (a partial update). */
  dashboardNameRequired: boolean;
  /** The dashboard a PATCH without display_name updates, given the one stored: that one. */
  dashboardUnnamedBase(stored: DashboardRecord): DashboardRecord;
  /** What a dashboard PATCH waits for between reading the stored dashboard and writing the update (given the one it read and the store): nothing, the two are one step. */
  dashboardBeforeStore(read: DashboardRecord, store: Store): Promise<void> | undefined;
  /** What a test case creation waits for between reading its fields and storing it (given its test_set_id and the store): nothing. */
  testCaseBeforeStore(testSetId: string, store: Store): Promise<void> | undefined;
  /** What a review project creation waits for between reading its fields and storing it (given the store): nothing. */
  reviewProjectBeforeStore(store: Store): Promise<void> | undefined;
  /** Whether a request body that is JSON but not an object (`null`, `42`, `[]`) is refused before any handler reads it. */
  bodyMustBeObject: boolean;
  /** An error for a body the service will not read, by its Content-Type (undefined: read it; the spec: every body is JSON). */
  bodyRefusal(contentType: string | undefined, endpoint: Endpoint): ApiError | undefined;
  /** An error for a request whose Accept the service will not answer (undefined: answer it; every answer but a document is JSON). */
  answerRefusal(accept: string | undefined, endpoint: Endpoint): ApiError | undefined;
  /** What the store keeps of an update: the updated record (`previous` is the one it replaces). */
  kept<T extends object>(kind: ResourceKind, updated: T, previous: T): T;
  lists: ListPolicy;
  /** The lists served for the generic layer (lib/reference/generic): their page_size bounds and default. */
  genericLists: Record<GenericListId, ServedList>;
  publishing: PublishingPolicy;
  contentTypes: { json: string; yaml: string };
  /** Whether a request's body is read, given its endpoint and headers: a POST's and a PATCH's alone. */
  readsBody(endpoint: Endpoint, headers: IncomingHttpHeaders): boolean;
  /** The method a request is routed by: its own (a GET stays a GET whatever its headers ask). */
  routedMethod(req: IncomingMessage): string;
  /** What a routed request waits for once its body is read, before its handler runs: nothing (undefined); only faults wait. */
  beforeHandler(endpoint: Endpoint): Promise<void> | undefined;
  /** The body text a POST or PATCH is read from, given the text received and the request's headers: that text. */
  requestBody(text: string, headers: IncomingHttpHeaders): string;
  /** The agent a POST /v1/agents stores, given the record built from the fields read and the raw body: that record. */
  agentCreated(record: AgentRecord, body: JsonObject): AgentRecord;
  /** The text of a request body from the chunks it arrived in (UTF-8, decoded whole). */
  decodeBody(chunks: readonly Buffer[]): string;
  /** The Content-Length of a response body (its UTF-8 bytes). */
  contentLength(text: string): number;
  /** The bytes a response body's text is sent as: its UTF-8. */
  responseBytes(text: string): Buffer;
  /** A response body's bytes as sent to `req`, with the headers that label them (null: a header left out): as they are, no content coding. */
  codeAnswer(req: IncomingMessage, bytes: Buffer): { readonly bytes: Buffer; readonly headers: Readonly<Record<string, string | null>> };
  /** The stored ID a path ID names, of those stored: that ID itself (IDs are compared exactly). */
  storedId(kind: ResourceKind, id: string, stored: Iterable<string>): string;
}

export const DEFAULT_API_KEY = 'ref-test-key-0001';

const HTTP_STATUS: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
};

function defaultLimits(): Record<FieldLimitId, LimitBounds> {
  const entries = FIELD_LIMITS.map((limit): [FieldLimitId, LimitBounds] => {
    const max = 'max' in limit ? limit.max : 'maxAmbiguous' in limit ? limit.maxAmbiguous.high : undefined;
    const min = 'min' in limit ? limit.min : undefined;
    // Two `false` mutants survive, unmarked: a bound of undefined is no bound, as an absent one (a directive would mark the `true` ones,
    // which checks kill).
    return [limit.id, { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }];
  });
  return Object.fromEntries(entries) as Record<FieldLimitId, LimitBounds>;
}

export function presentedKey(req: IncomingMessage): string | undefined {
  const value = req.headers[API_KEY_HEADER.toLowerCase()];
  // Stryker disable next-line StringLiteral: a key header sent twice (HTTP joins repeats with ', '): the suite sends none, and a repeated key is no shape the specification names.
  return Array.isArray(value) ? value.join(', ') : value;
}

export function defaultBehaviour(apiKey: string = DEFAULT_API_KEY): Behaviour {
  return {
    apiKey,
    auth: {
      presented: presentedKey,
      required: (endpoint) => !endpoint.public,
      accepts: (_endpoint, presented) => presented === apiKey,
      failure: (presented) =>
        // Stryker disable next-line all: the message is free text.
        unauthenticated(API_KEY_HEADER, presented === undefined ? `the ${API_KEY_HEADER} header is missing` : `the ${API_KEY_HEADER} header does not carry a valid key`),
      admitted: (_connection, accepted) => accepted,
    },
    serveSteps: () => SERVE_STEPS,
    // Stryker disable next-line ArrowFunction: what a request the service does not route gets is not governed.
    unrouted: (error) => error,
    limits: defaultLimits(),
    successStatus: () => 200,
    successHasBody: () => true,
    errors: {
      code: (error) => error.code,
      status: (code) => HTTP_STATUS[code] ?? 500,
      message: (error) => error.message,
      details: (error) => error.details,
      field: (detail) => detail.field,
      malformedJson: (reason) => new ApiError(
        'INVALID_ARGUMENT',
        // Stryker disable next-line StringLiteral: the message is free text.
        `The request body is not valid JSON: ${reason}`,
        // Stryker disable next-line all: a body that is no JSON has no field to name, and REQUEST-MALFORMED-JSON asks for none.
        [{ field: 'body', description: `not valid JSON: ${reason}`, location: 'body' }],
      ),
      body: (error) => ({ error }),
    },
    present: (_kind, view) => view,
    respond: (_endpoint, body) => body,
    formatTime: (epochMs) => new Date(epochMs).toISOString(),
    idAlphabet: ALPHANUMERIC,
    modelTypeAliases: {},
    simulatorConfigField: 'metadata',
    agentRules: agentRules(),
    mutationDeleteIdempotent: true,
    mutationRules: defaultMutationRules(),
    testCaseFields: { ...TEST_CASE_FIELDS },
    pathIdChecked: () => true,
    pathIdRules: ID_RULES,
    pathNamed: (_endpoint, params) => params,
    deletion: { answer: () => ({}), hides: () => true },
    runDeletion: {
      // Stryker disable next-line all: in which statuses a run is deleted rather than cancelled is not shown (RUN-DELETE-BY-STATUS accepts either).
      outcome: (status) => (TERMINAL_RUN_STATUSES.includes(status) ? 'delete' : 'cancel'),
      // Stryker disable next-line all: the status a cancelled run takes is not shown.
      cancelledStatus: () => 'CANCELLED',
    },
    storeCancelledRun: (cancelled, store) => {
      store.runs.set(cancelled.run_id, cancelled);
      return undefined;
    },
    scheduledRunDeleteRemoves: () => true,
    scheduledRunsDeletedWith: (target) => [target],
    scheduledRunServed: (_id, stored) => stored,
    // Stryker disable next-line OptionalChaining: the route has found the simulation before it asks (NOT_FOUND otherwise).
    metricOutputReached: (simulationId, metricOutputId, simulations) => simulations.get(simulationId)?.get(metricOutputId),
    reviewProjectFields: { ...REVIEW_PROJECT_FIELDS },
    dashboardNameRequired: false,
    dashboardUnnamedBase: (stored) => stored,
    // Stryker disable next-line ArrowFunction: the default waits for nothing; only faults wait (two PATCHes at once).
    dashboardBeforeStore: () => undefined,
    // Stryker disable next-line ArrowFunction: the default waits for nothing; only faults wait (two creations at once).
    testCaseBeforeStore: () => undefined,
    // Stryker disable next-line ArrowFunction: the default waits for nothing; only faults wait (two creations at once).
    reviewProjectBeforeStore: () => undefined,
    bodyMustBeObject: true,
    bodyRefusal: () => undefined,
    answerRefusal: () => undefined,
    kept: (_kind, updated) => updated,
    lists: defaultListPolicy(),
    genericLists: { ...GENERIC_LISTS },
    publishing: {
      openapiVersion: '3.1.0',
      // Stryker disable next-line StringLiteral: one published document or one per endpoint group is the service's own choice.
      layout: 'single',
      // Stryker disable next-line BooleanLiteral: /v1 in the server URL or in every path is the service's own choice.
      versionInServerUrl: false,
      listing: SPECS_ARRAY,
      // Stryker disable next-line BooleanLiteral: YAML merge keys or repeated text is the service's own choice (both read the same).
      yamlMergeKeys: false,
      negotiate: negotiateSpecForm,
      generic: GENERIC_PUBLISHED,
      finalize: (doc) => doc,
      documentNamed: (asked, listed) => (listed.includes(asked) ? asked : undefined),
      written: (text) => text,
    },
    contentTypes: { json: 'application/json', yaml: 'application/yaml' },
    readsBody: (endpoint) => endpoint.method === 'POST' || endpoint.method === 'PATCH',
    routedMethod: (req) => String(req.method),
    // Stryker disable next-line ArrowFunction: the default waits for nothing; only faults wait (two requests at once).
    beforeHandler: () => undefined,
    requestBody: (text) => text,
    agentCreated: (record) => record,
    decodeBody: decodeWhole,
    contentLength: (text) => Buffer.byteLength(text),
    // Stryker disable next-line StringLiteral: an empty encoding name is UTF-8 too.
    responseBytes: (text) => Buffer.from(text, 'utf8'),
    codeAnswer: (_req, bytes) => ({ bytes, headers: {} }),
    storedId: (_kind, id) => id,
  };
}
