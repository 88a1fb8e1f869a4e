// Variation profiles: other choices a correct server may make where the spec is silent.
// `rest-statuses` and `lenient-inputs` together differ from `default` at every open point, so a suite
// run against each shows that no check relies on one server's choices.

import { createHash, randomUUID } from 'node:crypto';
import { ENDPOINTS } from '../lib/contract/endpoints.js';
import { API_KEY_HEADER, DEFAULTS, INPUT_TYPES, MODEL_TYPES, type ModelType } from '../lib/contract/enums.js';
import { TERMINAL_RUN_STATUSES, type Behaviour } from '../lib/reference/behaviour.js';
import { isGenericList } from '../lib/reference/generic/lists.js';
import type { GenericOperation } from '../lib/reference/generic/published.js';
import { RawText } from '../lib/reference/http/context.js';
import type { RequestListener } from '../lib/reference/server.js';
import { firewall, gateway, rewriting, translating } from './fronts.js';
import { invalidArgument, type ErrorDetail } from '../lib/reference/http/errors.js';
import { signedTokenCodec, tableTokenCodec, type PageTokenCodec } from '../lib/reference/listing/page-token.js';
import type { ServedList } from '../lib/reference/listing/tables.js';
import type { Fields } from '../lib/reference/validation/fields.js';
import type { MutationFields } from '../lib/reference/validation/mutations.js';
import type { TestCaseFields } from '../lib/reference/validation/test-cases.js';
import { NAME_MAP, NAMED_ARRAY } from '../lib/reference/openapi/listing-styles.js';
import { checkMutationIdAfterAgent } from '../lib/reference/routes/mutations.js';
import { UPPER_ALPHANUMERIC } from '../lib/reference/store/ids.js';
import { isJsonObject, type JsonObject } from '../lib/util/json.js';
import { mapOperations, upsertDashboards } from './faults/define.js';

/** IDs of digits alone (numbers, as a Snowflake generator pads them): within every ID rule, with no case to fold. */
const DIGITS = '0123456789';

export interface Variation {
  readonly name: string;
  /** What the profile changes, one line per open point. */
  readonly changes: readonly string[];
  apply(b: Behaviour): void;
  /** What stands in front of the service and answers before it (a gateway, a firewall). */
  readonly front?: (listener: RequestListener) => RequestListener;
}

const CREATES = new Set([
  'POST /v1/agents',
  'POST /v1/agents/{agent_id}/mutations',
  'POST /v1/test-cases',
  'POST /v1/review-projects',
]);

function withStatuses(b: Behaviour, overrides: Readonly<Record<string, number>>): void {
  const status = b.errors.status;
  b.errors.status = (code, endpoint) => overrides[code] ?? status(code, endpoint);
}

/** Proto3 JSON style: fields holding their default ("" or null) are left out. */
function withoutDefaults(view: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== '' && value !== null));
}

const etag = (view: JsonObject) => `"${createHash('sha1').update(JSON.stringify(view)).digest('hex').slice(0, 16)}"`;

/** An operation beyond the specification as a document publishes it without operationId and without page_size's maximum. */
function withoutIdAndMaximum({ operationId: _id, pageSize, ...published }: GenericOperation): GenericOperation {
  if (!pageSize) return published;
  const { maximum: _maximum, ...bounds } = pageSize;
  return { ...published, pageSize: bounds };
}

/** A run with a metric of three scores of 0.1 averaged as a server would: its mean is one unit in the last place above min and max. */
function withFloatMean(run: JsonObject): JsonObject {
  const results = run['results'];
  if (!isJsonObject(results) || !isJsonObject(results['metrics'])) return run;
  const scores = [0.1, 0.1, 0.1];
  const repeated = { mean: scores.reduce((sum, score) => sum + score) / scores.length, min: 0.1, max: 0.1 };
  return { ...run, results: { ...results, metrics: { ...results['metrics'], repeated_score: repeated } } };
}

/** The reads of one persona or one metric output, whose timestamps rest-statuses writes with milliseconds. */
const SINGLE_READS = new Set([
  'GET /v1/personas/{persona_id}',
  'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}',
]);

/** A resource whose whole-second timestamps (`10:00:00Z`) are written with milliseconds (`10:00:00.000Z`): the same instants. */
const withMilliseconds = (resource: JsonObject): JsonObject =>
  Object.fromEntries(
    Object.entries(resource).map(([key, value]) => [
      key,
      key.endsWith('_time') && typeof value === 'string' ? value.replace(/Z$/, '.000Z') : value,
    ]),
  );

/** The reference's stand-in for DNS: IP literals and example.com, .net and .org (public DNS serves them) resolve; no other name does. */
const RESOLVING_HOST = /^(example\.(com|net|org)|\[[0-9a-f:.]+\]|\d{1,3}(\.\d{1,3}){3})$/i;

/** A URL the rule took is refused when its host name does not resolve, as an SSRF guard that resolves names first does. */
function refuseUnresolvedHost(fields: Fields, key: string): void {
  const value = fields.string(key);
  const host = value === null ? null : URL.parse(value)?.hostname;
  if (host && !RESOLVING_HOST.test(host)) fields.fail(key, `must name a host that resolves (${host} does not)`);
}

/** chat_endpoint, initialization_endpoint, a WEBSOCKET endpoint and the webhook endpoint: hosts resolved. */
function resolvingUrlHosts(b: Behaviour): void {
  const { config, fields } = b.agentRules;
  for (const [modelType, key] of [
    ['MODEL_TYPE_CHAT', 'chat_endpoint'],
    ['MODEL_TYPE_CHAT', 'initialization_endpoint'],
    ['MODEL_TYPE_WEBSOCKET', 'endpoint'],
  ] as const) {
    const rules = config[modelType]!;
    const rule = rules[key]!;
    config[modelType] = { ...rules, [key]: (c: Fields, k: string) => (rule(c, k), refuseUnresolvedHost(c, k)) };
  }
  const endpoint = fields.endpoint;
  fields.endpoint = (f, request) => {
    const value = endpoint(f, request);
    refuseUnresolvedHost(f, 'endpoint');
    return value;
  };
}

/** A metric output with only the fields its table lists (the filter and order fields beyond them left out). */
function asTabled({
  metric_name: _name,
  create_time: _created,
  start_time: _start,
  end_time: _end,
  ...shown
}: JsonObject): JsonObject {
  return shown;
}

/** The specification's operations by method and path shape (parameter names aside). */
const SPECIFIED = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/\{[^}]*\}/g, '{}')}`));
const specified = (method: string, path: string) =>
  [path, `/v1${path}`].some((p) => SPECIFIED.has(`${method.toUpperCase()} ${p.replace(/\{[^}]*\}/g, '{}')}`));

/**
 * Parameters published as the specification leaves a document free to: a path's last parameter named `{id}` (where
 * no operation beyond the specification shares the path), optional query parameters saying so on their path item, the
 * optional Accept header declared, a read-only field of the resource beside a request body's fields.
 */
function withParametersOwnWay(doc: JsonObject): JsonObject {
  const renamed = Object.entries((doc['paths'] ?? {}) as Record<string, JsonObject>).map(([path, item]) => {
    const last = /\{([^}]*)\}$/.exec(path)?.[1];
    const methods = Object.keys(item).filter((key) => key !== 'parameters');
    const own = last !== undefined && methods.every((method) => specified(method, path));
    const rename = (parameter: unknown) =>
      own && isJsonObject(parameter) && parameter['in'] === 'path' && parameter['name'] === last
        ? { ...parameter, name: 'id' }
        : parameter;
    let shared: unknown[] = [];
    const operations = Object.fromEntries(
      methods.map((method) => {
        const op = item[method] as JsonObject;
        const listed = (Array.isArray(op['parameters']) ? op['parameters'] : []).map(rename);
        const queries = listed.filter((p) => isJsonObject(p) && p['in'] === 'query');
        if (method === 'get' && queries.length && methods.length === 1)
          shared = queries.map((p) => ({ ...(p as JsonObject), required: false }));
        const kept = shared.length ? listed.filter((p) => !queries.includes(p)) : listed;
        const accept = /openapi\/\{[^}]*\}$/.test(path)
          ? [{ name: 'Accept', in: 'header', required: false, schema: { type: 'string' } }]
          : [];
        const body =
          /\/mutations$/.test(path) && method === 'post' ? withReadOnlyAgentId(op['requestBody']) : undefined;
        return [method, { ...op, parameters: [...kept, ...accept], ...(body ? { requestBody: body } : {}) }];
      }),
    );
    return [
      own ? path.replace(/\{[^}]*\}$/, '{id}') : path,
      shared.length ? { parameters: shared, ...operations } : operations,
    ];
  });
  return { ...doc, paths: Object.fromEntries(renamed) };
}

/** A request body whose JSON schema also declares the resource's read-only agent_id. */
function withReadOnlyAgentId(requestBody: unknown): unknown {
  if (!isJsonObject(requestBody) || !isJsonObject(requestBody['content'])) return requestBody;
  const content = Object.fromEntries(
    Object.entries(requestBody['content']).map(([type, media]) => {
      const schema = isJsonObject(media) ? media['schema'] : undefined;
      const readOnly = { agent_id: { type: 'string', readOnly: true } };
      return [
        type,
        isJsonObject(schema)
          ? { ...(media as JsonObject), schema: { allOf: [schema, { properties: readOnly }] } }
          : media,
      ];
    }),
  );
  return { ...requestBody, content };
}

/** Codes the specification does not name, spelled as other APIs spell them (its list of codes is not shown). */
const OTHER_CODES: Readonly<Record<string, string>> = {
  NOT_FOUND: 'RESOURCE_NOT_FOUND',
  ALREADY_EXISTS: 'CONFLICT',
  INTERNAL: 'INTERNAL_ERROR',
};

/** Fields holding one formatted value (an ID, a phone number), and lists of them (IDs, e-mail addresses). */
const FORMATTED_FIELDS = new Set(['test_set_id', 'phone_number', 'persona_id']);
const FORMATTED_LISTS = new Set(['metric_ids', 'test_set_ids', 'assignees']);
const URL_FIELDS = new Set(['endpoint', 'chat_endpoint', 'initialization_endpoint']);

/** A URL without a scheme that starts with a host (`example.com/x`, `//example.com/x`) given `scheme`, as Django's URLField assumes one. */
function withAssumedScheme(value: string, scheme: string): string {
  if (value.includes('://')) return value;
  if (value.startsWith('//')) return `${scheme}:${value}`;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(value) ? `${scheme}://${value}` : value;
}

/** One object of a body as a form library reads it: formatted values stripped of blanks around them, URLs given a scheme. */
function formRead(object: JsonObject, urlScheme: string): JsonObject {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => {
      if (typeof value === 'string' && FORMATTED_FIELDS.has(key)) return [key, value.trim()];
      if (typeof value === 'string' && URL_FIELDS.has(key)) return [key, withAssumedScheme(value.trim(), urlScheme)];
      if (Array.isArray(value) && FORMATTED_LISTS.has(key))
        return [key, value.map((item) => (typeof item === 'string' ? item.trim() : item))];
      return [key, value];
    }),
  );
}

/**
 * A body read as Django's forms read one: around formatted values (IDs, phone numbers, e-mail addresses) the blanks
 * and line breaks are stripped, and a URL that starts with a host is given a scheme (`https://`; `wss://` for a
 * WEBSOCKET configuration's endpoint); nested objects (the configuration) alike. Text that is no JSON object is left.
 */
function formStyleBody(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isJsonObject(body)) return text;
  const nestedScheme = body['model_type'] === 'MODEL_TYPE_WEBSOCKET' ? 'wss' : 'https';
  const read = formRead(body, 'https');
  for (const [key, value] of Object.entries(read)) if (isJsonObject(value)) read[key] = formRead(value, nestedScheme);
  return JSON.stringify(read);
}

const REST_STATUSES: Variation = {
  name: 'rest-statuses',
  changes: [
    'POST creates answer 201; DELETEs answer 204 with no body',
    'INVALID_ARGUMENT is HTTP 422; UNAUTHENTICATED is HTTP 403',
    'the codes the specification does not name are spelled otherwise: RESOURCE_NOT_FOUND (HTTP 404), CONFLICT (HTTP 409), INTERNAL_ERROR',
    'error details name body fields under the resource (`agent.display_name`); messages are reworded',
    'the last page omits next_page_token; out-of-range page_size is clamped',
    'page tokens are random hex handles into an in-memory table; ties are ordered by id descending',
    'resources carry an extra `etag` field',
    'timestamps have whole seconds (`2026-01-05T10:00:00Z`); a persona or a metric output read by its id has them with milliseconds (`2026-01-05T10:00:00.000Z`, the same instants, as a second serializer writes them)',
    'generated IDs use uppercase letters and digits only',
    'the simulator configuration is sent as `simulator_configuration` (returned as `metadata`)',
    'specs: one OpenAPI 3.0.3 document per endpoint group, `/v1` in the server URL, listed as a name → URL map',
    'the operations beyond the specification are published without operationId, and their page_size without `maximum` (100 all the same, clamped like the others)',
    'JSON is labelled `application/json; charset=utf-8`',
    'a spec asked for with `Accept: */*` (any form will do) is served as JSON, the form its negotiation lists first; without an Accept header it is YAML, the default',
    'a spec asked for with an Accept header that does not name application/yaml (`text/yaml`, `text/html`, `application/*`) is served as JSON too',
    'deleting a PENDING run (not started: nothing to cancel) deletes it; a RUNNING run is still cancelled',
    'run result means are sums divided in floating point: each run with metrics has `repeated_score`, three scores of 0.1, whose mean is 0.10000000000000002 beside min and max 0.1',
    'metric outputs show only the fields the MetricOutput table lists: metric_name, create_time, start_time and end_time (filter and order fields alone) are left out',
    "specs name a path's last parameter `{id}` where every operation of the path is the specification's; the lists' query parameters say `required: false` and are declared on the path; GET of a spec publishes its optional `Accept` header; the mutation create body declares the read-only `agent_id` its resource carries",
    'a firewall in front of the service refuses a path holding an encoded control character (`%0A`, `%09`), or a Host other than the address it is reached at (any letter case), with a bare HTML 400 of its own, before the service reads the request',
    'bodies are read as Django forms read them: formatted values (IDs, phone numbers, e-mail addresses) stripped of blanks and line breaks around them, a URL that starts with a host given a scheme (`https://`, `wss://` for a WEBSOCKET endpoint)',
  ],
  front: firewall,
  apply(b) {
    const requestBody = b.requestBody;
    b.requestBody = (text, headers) => formStyleBody(requestBody(text, headers));
    b.successStatus = (endpoint) => (CREATES.has(endpoint.key) ? 201 : endpoint.method === 'DELETE' ? 204 : 200);
    withStatuses(b, { INVALID_ARGUMENT: 422, UNAUTHENTICATED: 403, RESOURCE_NOT_FOUND: 404, CONFLICT: 409 });
    const code = b.errors.code;
    b.errors.code = (error, endpoint) => OTHER_CODES[code(error, endpoint)] ?? code(error, endpoint);
    b.errors.field = (detail, endpoint) =>
      detail.location === 'body' ? `${endpoint?.wrapper ?? 'request'}.${detail.field}` : detail.field;
    b.errors.message = (error) => `Request rejected (${error.code.toLowerCase().replace(/_/g, ' ')}): ${error.message}`;
    b.lists.endOfList = () => undefined;
    b.lists.pageSizeOutOfRange = 'clamp';
    const negotiate = b.publishing.negotiate;
    b.publishing.negotiate = (accept) =>
      accept?.split(',').some((range) => range.trim().startsWith('*/*')) ? 'json' : negotiate(accept);
    const listsJsonFirst = b.publishing.negotiate;
    b.publishing.negotiate = (accept) =>
      accept === undefined || namesApplicationYaml(accept) ? listsJsonFirst(accept) : 'json';
    const table = tableTokenCodec();
    b.lists.tokens = () => table;
    b.lists.tieOrder = 'desc';
    const present = b.present;
    b.present = (kind, view, record) => {
      const shaped =
        kind === 'run'
          ? withFloatMean(present(kind, view, record))
          : kind === 'metric'
            ? asTabled(present(kind, view, record))
            : present(kind, view, record);
      return { ...shaped, etag: etag(shaped) };
    };
    b.formatTime = (ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const respond = b.respond;
    b.respond = (endpoint, body) => {
      const shaped = respond(endpoint, body);
      const wrapper = endpoint.wrapper;
      return SINGLE_READS.has(endpoint.key) && wrapper && isJsonObject(shaped) && isJsonObject(shaped[wrapper])
        ? { ...shaped, [wrapper]: withMilliseconds(shaped[wrapper]) }
        : shaped;
    };
    b.idAlphabet = UPPER_ALPHANUMERIC;
    b.simulatorConfigField = 'simulator_configuration';
    b.publishing = {
      ...b.publishing,
      openapiVersion: '3.0.3',
      layout: 'per-group',
      versionInServerUrl: true,
      listing: NAME_MAP,
    };
    b.publishing.generic = b.publishing.generic.map(withoutIdAndMaximum);
    const finalize = b.publishing.finalize;
    b.publishing.finalize = (doc, form) => withParametersOwnWay(finalize(doc, form));
    b.contentTypes.json = 'application/json; charset=utf-8';
    const outcome = b.runDeletion.outcome;
    b.runDeletion.outcome = (status) => (status === 'PENDING' ? 'delete' : outcome(status));
  },
};

/** The lists beyond the specification with pages of `size` items by default, served and published so; their errors published under `default` alone. */
function genericPagesOf(b: Behaviour, size: number): void {
  const withDefault = (list: ServedList): ServedList => ({ ...list, pageSize: { ...list.pageSize, default: size } });
  b.genericLists = {
    agents: withDefault(b.genericLists.agents),
    'test-cases': withDefault(b.genericLists['test-cases']),
  };
  b.publishing.generic = b.publishing.generic.map((op) => ({
    ...op,
    errors: [],
    ...(op.pageSize ? { pageSize: { ...op.pageSize, default: size } } : {}),
  }));
}

/** input_type read in any letter case and stored in upper case (`scenario` is SCENARIO); absent, the default. */
const inputTypeInAnyCase: TestCaseFields['input_type'] = (f) => {
  const given = f.string('input_type');
  if (given === null) return DEFAULTS.testCaseInputType;
  const upper = given.toUpperCase();
  return (INPUT_TYPES as readonly string[]).includes(upper)
    ? upper
    : f.fail('input_type', `must be one of ${INPUT_TYPES.join(', ')}`);
};

/** parameter_values whose numbers and booleans are taken as their JSON text (`42` is "42", `true` is "true"); objects, arrays and null inside are refused. */
const parameterValuesAsText: MutationFields['parameter_values'] = (f) => {
  const given = f.object('parameter_values');
  if (given === null) return null;
  return Object.fromEntries(
    Object.entries(given).map(([key, value]) => {
      if (typeof value === 'string') return [key, value];
      if (typeof value === 'number' || typeof value === 'boolean') return [key, JSON.stringify(value)];
      return f.fail(`parameter_values.${key}`, 'must be a string, a number or a boolean');
    }),
  );
};

/** The page size the lists beyond the specification serve by default under lenient-inputs. */
const LENIENT_GENERIC_PAGE = 20;

/** Routed requests between two steps of the runs in progress (a run's whole course spans most of a default run). */
const REQUESTS_PER_STEP = 25;
/** Routed requests between two firings of the scheduled runs (each in turn): some 40 new runs in a default run. */
const REQUESTS_PER_FIRING = 100;

/**
 * A live deployment: runs in progress move on while the suite runs. Every REQUESTS_PER_STEP routed requests, the
 * next RUNNING run (in turn) completes one more test case, or, when none is left to start, finishes (COMPLETED);
 * its update_time moves to now. Every REQUESTS_PER_FIRING, the next enabled scheduled run fires: a new PENDING run
 * of its last run's agent, persona and test set, named as its last run. What the store holds moves, so every read,
 * list and filter sees the same.
 */
function runsMoveOn(b: Behaviour): void {
  let requests = 0;
  let turn = 0;
  let firing = 0;
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    if (++requests % REQUESTS_PER_FIRING === 0) {
      const enabled = [...store.scheduledRuns.values()].filter((s) => s.enabled && s.last_run_id);
      const scheduled = enabled[firing++ % Math.max(enabled.length, 1)];
      const last = scheduled && store.runs.get(scheduled.last_run_id ?? '');
      if (scheduled && last) {
        const now = store.clock.now();
        const run_id = store.ids.token(last.run_id.length);
        const { total_test_cases } = last.progress;
        const progress = { total_test_cases, completed_test_cases: 0, failed_test_cases: 0, in_progress_test_cases: 0 };
        const results = { output_ids: [], metrics: {} };
        store.runs.set(run_id, {
          ...last,
          run_id,
          status: 'PENDING',
          create_time: now,
          update_time: now,
          progress,
          results,
          error: null,
        });
        store.scheduledRuns.set(scheduled.id, { ...scheduled, last_run_at: now, last_run_id: run_id });
      }
    }
    if (requests % REQUESTS_PER_STEP === 0) {
      const running = [...store.runs.values()].filter((run) => run.status === 'RUNNING');
      const run = running[turn++ % Math.max(running.length, 1)];
      if (run) {
        const p = run.progress;
        const left = p.total_test_cases - p.completed_test_cases - p.failed_test_cases - p.in_progress_test_cases;
        const progress =
          left > 0
            ? { ...p, completed_test_cases: p.completed_test_cases + 1 }
            : {
                ...p,
                completed_test_cases: p.completed_test_cases + p.in_progress_test_cases,
                in_progress_test_cases: 0,
              };
        const status = left > 0 ? run.status : 'COMPLETED';
        store.runs.set(run.run_id, {
          ...run,
          status,
          progress,
          // The store's clock: a step never dates a run ahead of the time a later change (a cancel) is stamped with.
          update_time: store.clock.now(),
        });
      }
    }
    return named(endpoint, params, store);
  };
}

const LENIENT_INPUTS: Variation = {
  name: 'lenient-inputs',
  changes: [
    'run deletion answers 202 (cancellation is asynchronous) with `{}`; a cancelled run shows the status `CANCELLING`',
    'DELETE of a finished run archives it: kept, listed with the status `ARCHIVED` and a new update_time (the specification: deleted or cancelled, by its status)',
    'a missing resource is HTTP 410 (code NOT_FOUND); a duplicate mutation name is HTTP 400 (code ALREADY_EXISTS)',
    "a mutation's path is resolved left to right: the agent is looked up before mutation_id's format is read (a malformed mutation_id under a missing agent is NOT_FOUND)",
    'metric_output_id is checked for its length alone, as Limits states it ("26 characters"): one of 26 characters with `_`, `-` or `é` is looked up (NOT_FOUND)',
    'error messages are terse: the details joined',
    'the last page has next_page_token `""` for personas and null for runs and metrics',
    'page_size 0 means the default page size (AIP-158); other out-of-range values are rejected',
    'resources carry an extra `kind` field; fields holding "" or null are omitted from mutations (proto3 JSON style)',
    'timestamps have microseconds and a `+00:00` offset',
    'model_type also accepts the short forms (`VOICE`, `CHAT`, ...) and every form in lower case (`voice`, `model_type_chat`), stored as MODEL_TYPE_*; input_type is read in any letter case, stored in upper case',
    'parameter_values may hold numbers and booleans, stored as their JSON text (`{"tone": 42}` is stored `{"tone": "42"}`, `true` as `"true"`); objects, arrays and null inside are refused',
    'specs: one OpenAPI 3.0.3 document with `nullable`, listed as a top-level array of `{name, url}`',
    'the YAML form writes repeated parameters and responses once (`&anchor`) and merges them (`<<: *anchor`)',
    'YAML is labelled `application/x-yaml`',
    'a dashboard PATCH of a well-formed id that names no dashboard creates it (an upsert, AIP-134 `allow_missing`)',
    `the lists beyond the specification (agents, test cases) hold ${LENIENT_GENERIC_PAGE} items by default, published as page_size \`default: ${LENIENT_GENERIC_PAGE}\`; the operations beyond the specification publish their errors under \`default\` alone`,
    'a gateway in front (as Express and nginx make one): a 200 answer to a GET carries a weak ETag and a GET whose If-None-Match names it gets 304 with no body; answers are gzipped when Accept-Encoding allows it and sent chunked, without Content-Length',
    'the deployment is live: runs in progress move on while the suite runs (every 25 requests one more test case of a RUNNING run completes, in turn, or the run finishes COMPLETED; its update_time moves to now), and scheduled runs fire (every 100 requests the next enabled one starts a new PENDING run and names it as its last)',
  ],
  front: rewriting(gateway),
  apply(b) {
    runsMoveOn(b);
    const success = b.successStatus;
    b.successStatus = (endpoint) => (endpoint.key === 'DELETE /v1/runs/{run_id}' ? 202 : success(endpoint));
    b.runDeletion = {
      outcome: () => 'cancel',
      cancelledStatus: (status) => (TERMINAL_RUN_STATUSES.includes(status) ? 'ARCHIVED' : 'CANCELLING'),
    };
    withStatuses(b, { NOT_FOUND: 410, ALREADY_EXISTS: 400 });
    checkMutationIdAfterAgent(b);
    b.pathIdRules = { ...b.pathIdRules, metricOutput: { ...b.pathIdRules.metricOutput, alphanumeric: false } };
    b.errors.message = (error) => error.details.map((d) => `${d.field}: ${d.description}`).join('; ') || error.message;
    b.lists.endOfList = (list) => (list.id === 'personas' ? '' : null);
    upsertDashboards(b);
    const pageSize = b.lists.pageSize;
    b.lists.pageSize = (raw, list, pageToken) =>
      raw?.trim() === '0' ? list.pageSize.default : pageSize(raw, list, pageToken);
    const present = b.present;
    b.present = (kind, view, record) => {
      const shaped = present(kind, view, record);
      return { ...(kind === 'mutation' ? withoutDefaults(shaped) : shaped), kind };
    };
    b.formatTime = (ms) => new Date(ms).toISOString().replace('Z', '000+00:00');
    // The short forms, and every form in lower case.
    b.modelTypeAliases = Object.fromEntries(
      MODEL_TYPES.flatMap((type): [string, ModelType][] => {
        const short = type.replace('MODEL_TYPE_', '');
        return [
          [short, type],
          [short.toLowerCase(), type],
          [type.toLowerCase(), type],
        ];
      }),
    );
    b.testCaseFields = { ...b.testCaseFields, input_type: inputTypeInAnyCase };
    b.mutationRules = {
      ...b.mutationRules,
      fields: { ...b.mutationRules.fields, parameter_values: parameterValuesAsText },
    };
    b.publishing = { ...b.publishing, openapiVersion: '3.0.3', listing: NAMED_ARRAY };
    b.publishing.yamlMergeKeys = true;
    b.contentTypes.yaml = 'application/x-yaml';
    genericPagesOf(b, LENIENT_GENERIC_PAGE);
  },
};

// ---- localized-pointers ------------------------------------------------------------------------------

/** `metadata.chat_endpoint` as a JSON pointer, `/metadata/chat_endpoint` (RFC 6901 escapes). */
const jsonPointer = (path: string): string =>
  `/${path
    .split('.')
    .map((token) => token.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/')}`;

/** How localized-pointers names a detail's field: pointers for body fields, indexes for list elements, the request part for the rest. */
function pointerStyleField(detail: ErrorDetail): string {
  switch (detail.location) {
    case 'body': {
      if (detail.field === 'body') return detail.field;
      // Fields.strings reports a bad element as "element <i> must be ...": name the element itself.
      const element = /^element (\d+) /.exec(detail.description);
      return element ? `${detail.field}[${element[1]}]` : jsonPointer(detail.field);
    }
    case 'query':
      return `query.${detail.field}`;
    case 'header':
      return `headers.${detail.field.toLowerCase()}`;
    case 'path':
      return detail.field === 'path' ? detail.field : `path.${detail.field}`;
  }
}

/** Standard base64 (`+`, `/`, `=`) of the signed token behind a fixed lead: every token needs URL-encoding in a query. */
function base64TokenCodec(inner: PageTokenCodec): PageTokenCodec {
  const lead = Buffer.from([0xfb, 0xef, 0xbf]); // "+++/" in base64
  return {
    encode(cursor) {
      const bytes = Buffer.from(inner.encode(cursor));
      // One byte more than a multiple of 3 ends the text with "==".
      const padded = Buffer.concat([lead, bytes, Buffer.alloc((3 - (bytes.length % 3)) % 3, 0x20), Buffer.from(' ')]);
      return padded.toString('base64');
    },
    decode(token) {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64');
      if (!bytes.subarray(0, lead.length).equals(lead)) return null;
      return inner.decode(bytes.subarray(lead.length).toString('utf8').trimEnd());
    },
  };
}

/** Fields the spec types as `number` (not integer): a float-typed server writes them `30.0`. */
const FLOAT_FIELDS = new Set([
  'value',
  'mean',
  'min',
  'max',
  'float_value',
  'start_offset',
  'end_offset',
  'wait_seconds',
]);

/** JSON as a Python or Jackson server writes it: indented, `", "`-free, integral floats with `.0`. */
function floatStyleJson(value: unknown, key = '', indent = ''): string {
  if (typeof value === 'number') {
    const integral = Number.isInteger(value) && Math.abs(value) < 1e15;
    return FLOAT_FIELDS.has(key) && integral ? `${value}.0` : JSON.stringify(value);
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return value.length
      ? `[\n${value.map((item) => inner + floatStyleJson(item, '', inner)).join(',\n')}\n${indent}]`
      : '[]';
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length
      ? `{\n${entries.map(([k, item]) => `${inner}${JSON.stringify(k)}: ${floatStyleJson(item, k, inner)}`).join(',\n')}\n${indent}}`
      : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key required by a header parameter of each secured operation instead of a security scheme: the same requirement, documented another way. */
export function withKeyAsHeaderParameter(doc: JsonObject): JsonObject {
  const keyParameter = { name: API_KEY_HEADER, in: 'header', required: true, schema: { type: 'string' } };
  const documentSecured = Array.isArray(doc['security']) && doc['security'].length > 0;
  const paths = mapOperations(doc, (value) => {
    if (!isJsonObject(value) || !('responses' in value)) return value;
    const { security, ...operation } = value;
    const secured = Array.isArray(security) ? security.length > 0 : documentSecured;
    const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
    return secured ? { ...operation, parameters: [...parameters, keyParameter] } : operation;
  });
  const { security: _security, components, ...rest } = doc;
  const { securitySchemes: _schemes, ...kept } = (components ?? {}) as JsonObject;
  return { ...rest, paths, components: kept };
}

/**
 * A document as the real service writes its own (api-evangelist/coval, openapi/_original): request bodies inline,
 * enumerations of plain strings as named schemas behind `$ref`, path parameters behind `$ref` to components.parameters.
 */
export function inRealServiceStyle(doc: JsonObject): JsonObject {
  const components = (doc['components'] ?? {}) as JsonObject;
  const schemas = { ...((components['schemas'] ?? {}) as Record<string, JsonObject>) };
  const parameters: Record<string, JsonObject> = {};
  const pascal = (name: string) => name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
  const namedEnums = (schema: JsonObject): JsonObject => {
    const properties = schema['properties'];
    if (!isJsonObject(properties)) return schema;
    const named = Object.entries(properties).map(([name, property]) => {
      if (!isJsonObject(property) || !Array.isArray(property['enum'])) return [name, property];
      if (Object.keys(property).some((key) => key !== 'type' && key !== 'enum')) return [name, property];
      schemas[pascal(name)] = property;
      return [name, { $ref: `#/components/schemas/${pascal(name)}` }];
    });
    return { ...schema, properties: Object.fromEntries(named) };
  };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = namedEnums(schema);
  const inline = (requestBody: unknown): unknown => {
    if (!isJsonObject(requestBody) || !isJsonObject(requestBody['content'])) return requestBody;
    const content = Object.fromEntries(
      Object.entries(requestBody['content']).map(([type, media]) => {
        const ref = isJsonObject(media) && isJsonObject(media['schema']) ? media['schema']['$ref'] : undefined;
        const named = typeof ref === 'string' ? schemas[ref.replace('#/components/schemas/', '')] : undefined;
        return [type, named ? { ...(media as JsonObject), schema: structuredClone(named) } : media];
      }),
    );
    return { ...requestBody, content };
  };
  const referenced = (parameter: unknown): unknown => {
    if (!isJsonObject(parameter) || parameter['in'] !== 'path') return parameter;
    const name = `${pascal(String(parameter['name']))}Path`;
    const known = parameters[name];
    if (known && JSON.stringify(known) !== JSON.stringify(parameter)) return parameter;
    parameters[name] = parameter;
    return { $ref: `#/components/parameters/${name}` };
  };
  const paths = mapOperations(doc, (value) => {
    if (!isJsonObject(value) || !('responses' in value)) return value;
    const listed = Array.isArray(value['parameters']) ? value['parameters'].map(referenced) : undefined;
    return {
      ...value,
      ...(listed ? { parameters: listed } : {}),
      ...('requestBody' in value ? { requestBody: inline(value['requestBody']) } : {}),
    };
  });
  return { ...doc, paths, components: { ...components, schemas, parameters } };
}

/** The most items an localized-pointers page holds: fewer than the default page size, as a server may return (LIST-PAGE-SIZE-RESPECTED). */
const SHORT_PAGE = 40;

/** An agent as localized-pointers's read path returns it: fields holding "", null or [] left out (proto3 JSON; knowledge_base_ids stays), the CHAT defaults filled in. */
function agentAsRead(agent: JsonObject): JsonObject {
  const empty = (value: unknown) => value === '' || value === null || (Array.isArray(value) && value.length === 0);
  const kept = Object.fromEntries(
    Object.entries(agent).filter(([key, value]) => key === 'knowledge_base_ids' || !empty(value)),
  );
  const metadata = agent['metadata'];
  if (!isJsonObject(metadata)) return kept;
  const secret = metadata['authorization_header'];
  // A secret is masked as a vault's reader shows it: the scheme kept, the token's last four characters only.
  const masked =
    typeof secret === 'string'
      ? { ...metadata, authorization_header: secret.replace(/\S*(\S{4})$/, '****$1') }
      : metadata;
  if (agent['model_type'] !== 'MODEL_TYPE_CHAT') return { ...kept, metadata: masked };
  return { ...kept, metadata: { response_format: 'chat_completions', strip_message_timestamps: false, ...masked } };
}

/** A quoted value, or a comparison with an unquoted value: its field, operator and value (not one a quote follows). */
/** A double-quoted filter value, its escapes included. */
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const QUOTED_OR_COMPARISON = new RegExp(String.raw`(${QUOTED})|([A-Za-z_][\w.]*)(!=|>=|<=|=|>|<)([^\s"()]+)(?!")`, 'g');

/** Filter text with each quoted value emptied (`""`): what is left is the filter's own syntax. */
export const withoutQuotedValues = (filter: string): string => filter.replace(new RegExp(QUOTED, 'g'), '""');

/**
 * Comparisons as a tokenizer that reads `f=v` as one word takes them (localized-pointers's choice, and under the strict profile
 * the fault list-filter-spaced-refused): filter text with a blank beside an operator is refused, quoted values
 * aside; an unquoted value is whatever follows the operator up to a blank, so `name==x` compares name with `=x`.
 */
export function refuseBlanksAroundOperators(b: Behaviour): void {
  const filter = b.lists.filter;
  b.lists.filter = (raw, list) => {
    if (raw === null) return filter(raw, list);
    if (/\s[=!<>]|[=!<>]\s/.test(withoutQuotedValues(raw))) {
      throw invalidArgument(
        'filter',
        'write comparisons without blanks around the operator, as in status=COMPLETED',
        'query',
      );
    }
    // Each unquoted value quoted, for the reference's own reading, which takes no operator character at a value's start.
    const quoted = raw.replace(
      QUOTED_OR_COMPARISON,
      (_whole, quote: string | undefined, field: string, op: string, value: string) =>
        quote ?? `${field}${op}"${value.replace(/[\\"]/g, '\\$&')}"`,
    );
    return filter(quoted, list);
  };
}

/** The configuration keys the specification calls JSON (a "JSON string", "JSON payload", "validated JSON"). */
const JSON_TEXT_KEYS = new Set([
  'initialization_payload',
  'custom_data',
  'custom_persona_data',
  'custom_headers',
  'input_template',
  'trigger_call_headers',
  'trigger_call_payload',
  'initialization_json',
]);

/** JSON as Python's json.dumps writes it: `", "` and `": "` between items, Unicode escaped. */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (isJsonObject(value))
    return `{${Object.entries(value)
      .map(([key, item]) => `${asciiJson(key)}: ${pythonJson(item)}`)
      .join(', ')}}`;
  return typeof value === 'string' ? asciiJson(value) : JSON.stringify(value);
}

const asciiJson = (text: string): string =>
  JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** An agent whose JSON-text configuration values are stored parsed and written back as Python does (`{"tier": "gold"}` for `{"tier":"gold"}`). */
function jsonTextRewritten(agent: JsonObject): JsonObject {
  const metadata = agent['metadata'];
  if (!isJsonObject(metadata)) return agent;
  const rewritten = Object.entries(metadata).map(([key, value]) => {
    if (!JSON_TEXT_KEYS.has(key) || typeof value !== 'string') return [key, value];
    try {
      return [key, pythonJson(JSON.parse(value))];
    } catch {
      return [key, value];
    }
  });
  return { ...agent, metadata: Object.fromEntries(rewritten) };
}

/** A validator narrower than the reference's, which a careful server may use: `rule` refuses what it returns a reason for. */
function narrowed<A extends unknown[], V>(
  read: (fields: Fields, ...rest: A) => V,
  key: string | ((...rest: A) => string),
  rule: (value: string) => string | undefined,
) {
  return (fields: Fields, ...rest: A): V => {
    const value = read(fields, ...rest);
    for (const one of Array.isArray(value) ? value : [value]) {
      const reason = typeof one === 'string' ? rule(one) : undefined;
      if (reason) fields.fail(typeof key === 'string' ? key : key(...rest), reason);
    }
    return value;
  };
}

const oneLine = (value: string) =>
  /[\u0000-\u001f]/.test(value) ? 'must be one line, without control characters' : undefined;
/** The e-mail grammar of a common validator: letters, digits and `._%+-` before the @. */
const commonEmail = (value: string) => (/^[A-Za-z0-9._%+-]+@/.test(value) ? undefined : 'must be an e-mail address');
/** Free text keeps its lines and tabs; other control characters (NUL, DEL, ...) a careful store may refuse. */
const noControlCharacters = (value: string) =>
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value) ? 'must hold no control characters' : undefined;
const sipWithoutParameters = (value: string) =>
  value.includes(';') ? 'must be an E.164 number or a SIP address' : undefined;
/** An identifier a header or a single-byte column holds: printable ASCII. */
const asciiIdentifier = (value: string) => (/^[\x21-\x7e]*$/.test(value) ? undefined : 'must be printable ASCII');

/** metric_ids and test_set_ids must name objects that exist, and none does here: a non-empty list is refused. */
function referencesMustExist(b: Behaviour): void {
  const exists = { test: () => false, description: 'the ID of an existing object' };
  for (const name of ['metric_ids', 'test_set_ids'] as const)
    b.agentRules.fields = { ...b.agentRules.fields, [name]: (f: Fields) => f.strings(name, { each: exists }) ?? [] };
}

/** Names one line, free text without control characters but its lines and tabs, e-mail addresses by a common grammar, SIP addresses without parameters. */
function narrowValidators(b: Behaviour): void {
  const agents = b.agentRules.fields;
  agents.display_name = narrowed(agents.display_name, 'display_name', oneLine);
  agents.prompt = narrowed(agents.prompt, 'prompt', noControlCharacters);
  agents.phone_number = narrowed(agents.phone_number, 'phone_number', sipWithoutParameters);
  const mutations = b.mutationRules.fields;
  b.mutationRules.fields = {
    ...mutations,
    display_name: narrowed(mutations.display_name, 'display_name', oneLine),
    description: narrowed(mutations.description, 'description', noControlCharacters),
  };
  const testCases = b.testCaseFields;
  testCases.input_str = narrowed(testCases.input_str, 'input_str', oneLine);
  testCases.test_set_id = narrowed(testCases.test_set_id, 'test_set_id', asciiIdentifier);
  testCases.description = narrowed(testCases.description, 'description', noControlCharacters);
  testCases.user_notes = narrowed(testCases.user_notes, 'user_notes', noControlCharacters);
  // The refusal names the field sent: expected_output_str where it stands in for expected_behaviors.
  testCases.expected_behaviors = narrowed(
    testCases.expected_behaviors,
    (request) => (request.body['expected_behaviors'] === undefined ? 'expected_output_str' : 'expected_behaviors'),
    noControlCharacters,
  );
  const projects = b.reviewProjectFields;
  projects.display_name = narrowed(projects.display_name, 'display_name', oneLine);
  projects.description = narrowed(projects.description, 'description', noControlCharacters);
  projects.assignees = narrowed(projects.assignees, 'assignees', commonEmail);
}

/**
 * simulation_metadata_input's contents "depend on input_type": script_turns, shown for SCRIPT only, refused under any
 * other type; an AUDIO test case refused without any (what it needs is not shown: the audio described somewhere).
 */
function metadataByInputType(b: Behaviour): void {
  const read = b.testCaseFields.simulation_metadata_input;
  b.testCaseFields.simulation_metadata_input = (f, request) => {
    const input = read(f, request);
    const type = f.string('input_type') ?? 'SCENARIO';
    if (type.toUpperCase() !== 'SCRIPT' && isJsonObject(input) && 'script_turns' in input)
      f.fail('simulation_metadata_input', `script_turns are read for SCRIPT test cases only, not ${type}`);
    if (type.toUpperCase() === 'AUDIO' && !(isJsonObject(input) && Object.keys(input).length))
      f.fail('simulation_metadata_input', 'an AUDIO test case describes its audio here');
    return input;
  };
}

const LOCALIZED_POINTERS: Variation = {
  name: 'localized-pointers',
  changes: [
    'error details name body fields by JSON pointer (`/display_name`, `/metadata/chat_endpoint`), a bad list element by index (`assignees[0]`), query parameters as `query.page_size`, path parameters as `path.agent_id`, the key header as `headers.x-api-key`',
    'error messages are localized (French, non-ASCII)',
    "timestamps have nanoseconds and a `+00:00` zero offset (`2026-01-05T10:00:00.123000000+00:00`, as Python's `isoformat()` writes it)",
    'page tokens are standard base64 with `+`, `/` and `=` (they must be URL-encoded in a query); those of the lists beyond the specification (agents, test cases) are UUIDs',
    `pages are short: at most ${SHORT_PAGE} items, whatever page_size (or its default) allows`,
    'JSON bodies are pretty-printed, and integral values of number (float) fields are written `30.0`',
    'a mutation deletion answers 200 with no body at all (the spec shows neither its status nor its body)',
    'GET of an agent leaves out fields holding "", null or an empty list (knowledge_base_ids aside) and fills in the CHAT configuration defaults (response_format, strip_message_timestamps); POST answers in full',
    'GET of an agent masks authorization_header (`Bearer cft-token-0001` reads `Bearer ****0001`)',
    'configuration values the specification calls JSON, given as text, are stored parsed and written back as Python\'s json.dumps writes them (`{"tier":"gold"}` comes back `{"tier": "gold"}`, non-ASCII escaped)',
    'a dashboard PATCH must carry display_name: without it, it is rejected (so a dashboard cannot be read back)',
    'filters are written as the service\'s own examples write them, without blanks around a comparison\'s operator (`status="COMPLETED"`): `status = COMPLETED` is refused with INVALID_ARGUMENT, and an unquoted value runs to the next blank (`name==x` compares name with `=x`)',
    "specs document X-API-Key as a required header parameter of each secured operation (as FastAPI's `Header()` writes it), with no security scheme",
    'specs are written as the real service writes its own: request bodies inline, enumerations as named schemas behind `$ref`, path parameters behind `$ref`',
    'URLs in chat_endpoint, initialization_endpoint, a WEBSOCKET endpoint and the webhook endpoint are refused when their host name does not resolve (an SSRF guard resolving names before its private-range test; DNS stood in for by: IP literals, example.com, .net and .org resolve)',
    "narrower validators: a control character in a display_name or input_str is refused, and in free text (prompt, descriptions, user_notes, expected_behaviors) one other than a line break or a tab; e-mail addresses follow a common validator's grammar (no apostrophe), SIP addresses carry no parameters, a test_set_id is printable ASCII",
    'JSON is labelled `application/json;charset="UTF-8"` (the charset quoted, in capitals, no blank)',
    "generated IDs are digits alone (`4096071355237419638273`), the fixtures' too",
    "a body's Content-Type is read by RFC 9110's grammar: another media type than application/json, another charset than UTF-8 or a blank around `=` is refused with INVALID_ARGUMENT naming Content-Type",
    'a test case whose simulation_metadata_input holds script_turns is refused unless its input_type is SCRIPT, and an AUDIO test case without a simulation_metadata_input holding something is refused naming it (its contents "depend on input_type")',
    'metric_ids and test_set_ids must name objects that exist (none does): an agent naming any is refused with INVALID_ARGUMENT',
    "a front translates the published document's description into French where Accept-Language asks for French (its prose negotiated by language)",
  ],
  front: rewriting(translating),
  apply(b) {
    b.idAlphabet = DIGITS;
    b.successHasBody = (endpoint) => endpoint.key !== 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}';
    b.contentTypes.json = 'application/json;charset="UTF-8"';
    b.errors.field = (detail) => pointerStyleField(detail);
    b.errors.message = (error) => `Requête refusée (${error.code}) : ${error.message}`;
    b.formatTime = (ms) => new Date(ms).toISOString().replace('Z', '000000+00:00');
    const base64 = base64TokenCodec(signedTokenCodec('reference-page-token-c'));
    const uuids = tableTokenCodec(randomUUID);
    b.lists.tokens = (list) => (isGenericList(list) ? uuids : base64);
    const pageSize = b.lists.pageSize;
    b.lists.pageSize = (raw, list, pageToken) => Math.min(SHORT_PAGE, pageSize(raw, list, pageToken));
    b.dashboardNameRequired = true;
    const present = b.present;
    b.present = (kind, view, record) =>
      kind === 'agent' ? jsonTextRewritten(present(kind, view, record)) : present(kind, view, record);
    refuseBlanksAroundOperators(b);
    referencesMustExist(b);
    const finalize = b.publishing.finalize;
    b.publishing.finalize = (doc, form) => inRealServiceStyle(withKeyAsHeaderParameter(finalize(doc, form)));
    resolvingUrlHosts(b);
    narrowValidators(b);
    refuseOtherMediaTypes(b);
    metadataByInputType(b);
    const read = b.respond;
    b.respond = (endpoint, body) => {
      const shaped = read(endpoint, body) as JsonObject;
      return endpoint.key === 'GET /v1/agents/{agent_id}'
        ? { ...shaped, agent: agentAsRead(shaped['agent'] as JsonObject) }
        : shaped;
    };
    const respond = b.respond;
    b.respond = (endpoint, body) => {
      const shaped = respond(endpoint, body);
      return shaped instanceof RawText || endpoint.path.startsWith('/v1/openapi')
        ? shaped
        : new RawText(b.contentTypes.json, floatStyleJson(shaped));
    };
  },
};

/** Whether an Accept header lists application/yaml (in any letter case) with a non-zero quality. */
function namesApplicationYaml(accept: string): boolean {
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    return type === 'application/yaml' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

const MEDIA_TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_PARAMETER = `;[ \\t]*(${MEDIA_TOKEN})=(${MEDIA_TOKEN}|"(?:[^"\\\\]|\\\\.)*")`;
/** RFC 9110 8.3.1: type "/" subtype *( OWS ";" OWS parameter ), no blank around a parameter's `=`. */
const MEDIA_TYPE = new RegExp(`^(${MEDIA_TOKEN})/(${MEDIA_TOKEN})((?:[ \\t]*${MEDIA_PARAMETER})*)$`);

/** A body labelled with anything but application/json in UTF-8, as RFC 9110 writes it, is refused (none is read). */
function refuseOtherMediaTypes(b: Behaviour): void {
  const refusal = b.bodyRefusal;
  b.bodyRefusal = (contentType, endpoint) => {
    if (contentType === undefined) return refusal(contentType, endpoint);
    const parsed = MEDIA_TYPE.exec(contentType);
    const charsets = [...(parsed?.[3] ?? '').matchAll(new RegExp(MEDIA_PARAMETER, 'g'))]
      .filter(([, name]) => name!.toLowerCase() === 'charset')
      .map(([, , value]) => value!.replace(/^"(.*)"$/, '$1').toLowerCase());
    const json = parsed && `${parsed[1]}/${parsed[2]}`.toLowerCase() === 'application/json';
    return json && charsets.every((charset) => charset === 'utf-8')
      ? refusal(contentType, endpoint)
      : invalidArgument('Content-Type', 'must be application/json in UTF-8', 'header');
  };
}

const DEFAULT: Variation = { name: 'default', changes: [], apply: () => undefined };

export const VARIATIONS: readonly Variation[] = [DEFAULT, REST_STATUSES, LENIENT_INPUTS, LOCALIZED_POINTERS];

export function applyVariation(name: string, b: Behaviour): void {
  const found = VARIATIONS.find((v) => v.name === name);
  if (!found)
    throw new Error(`unknown variation "${name}"; known variations: ${VARIATIONS.map((v) => v.name).join(', ')}`);
  found.apply(b);
}

/** The variation's front (a gateway, a firewall), or the service alone. */
export function variationFront(name: string): (listener: RequestListener) => RequestListener {
  return VARIATIONS.find((v) => v.name === name)?.front ?? ((listener) => listener);
}
