// An independent round of faults (issue #30, point 4), round 2: written from the specification and the
// reference alone, without reading the suite's checks. Each is one slip a careful implementer could make.

import { stringify } from 'yaml';
import { API_KEY_HEADER } from '../../lib/contract/enums.js';
import { DEFAULT_API_KEY, type Behaviour } from '../../lib/reference/behaviour.js';
import { RawText } from '../../lib/reference/http/context.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import type { Comparison, FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { ALPHANUMERIC, idFactory } from '../../lib/reference/store/ids.js';
import { seededRandom } from '../../lib/reference/store/random.js';
import { flattenToStrings } from '../../lib/reference/validation/mutations.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Answer, Call } from '../probes/call.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import { fault, presentWith, readAs, rereadAgent, respondWith } from './define.js';
import { tokensReadAs } from './list-seams.js';

// ---- helpers of the behaviours ----

const comparisons = (expr: FilterExpr): Comparison[] =>
  expr.kind === 'cmp' ? [expr] : expr.terms.flatMap(comparisons);

/** Maps every comparison of a filter. */
const mapComparisons = (expr: FilterExpr, touch: (cmp: Comparison) => Comparison): FilterExpr =>
  expr.kind === 'cmp' ? touch(expr) : { ...expr, terms: expr.terms.map((term) => mapComparisons(term, touch)) };

/** Reads the filter as the correct service does, then reshapes (or refuses) what it read. */
function refilter(b: Behaviour, touch: (expr: FilterExpr, listId: string) => FilterExpr): void {
  const filter = b.lists.filter;
  b.lists.filter = (raw, list) => {
    const expr = filter(raw, list);
    return expr && touch(expr, list.id);
  };
}

/** Reads the request body text as the correct service does, after a check of the request's own. */
function rebody(b: Behaviour, touch: (text: string, headers: Parameters<Behaviour['requestBody']>[1]) => string): void {
  const read = b.requestBody;
  b.requestBody = (text, headers) => read(touch(text, headers), headers);
}

/** A zone's UTC offset at an instant, `+01:00` style (`+00:00` for UTC). */
function offsetOf(zone: string, at: number): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = name?.replace(/^GMT/, '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

// ---- helpers of the probes ----

const MUTATION_PATH = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}';

const outcome = (answer: Answer) => ({
  status: answer.status,
  code: (answer.body?.error?.code as string | undefined) ?? null,
});

async function voiceAgent(call: Call, extra: JsonObject = {}): Promise<{ id: string; answer: Answer }> {
  const answer = await call('POST', '/v1/agents', {
    body: {
      display_name: 'Independent probe agent',
      model_type: 'MODEL_TYPE_VOICE',
      phone_number: '+14155550123',
      prompt: 'Greet.',
      ...extra,
    },
  });
  return { id: answer.body?.agent?.id as string, answer };
}

async function mutationOf(call: Call, agentId: string, body: JsonObject): Promise<Answer> {
  return call('POST', `/v1/agents/${agentId}/mutations`, { body });
}

async function allRuns(call: Call): Promise<JsonObject[]> {
  return (await call('GET', '/v1/runs?page_size=1000')).body.runs as JsonObject[];
}

async function simulationId(call: Call): Promise<string> {
  const run = (await allRuns(call)).find((r) => ((r.results as JsonObject).output_ids as string[]).length > 0);
  return ((run?.results as JsonObject).output_ids as string[])[0]!;
}

async function specName(call: Call): Promise<string> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  return listing.body.specs[0].spec_name as string;
}

const filterQuery = (text: string): string => `filter=${encodeURIComponent(text)}`;

const reviewProject = (extra: JsonObject): JsonObject => ({
  display_name: 'Independent probe review',
  assignees: ['reviewer@example.com'],
  linked_simulation_ids: ['S'.repeat(22)],
  linked_metric_ids: ['M'.repeat(22)],
  ...extra,
});

/**
 * The faults of this round no check detects yet, each with the class of check it needs: out of the
 * score (index.ts) until that check exists, measured by `npx tsx proof/detect.ts 'ind2-*'`.
 */
export const UNDETECTED: Readonly<Record<string, string>> = {};

export const INDEPENDENT_2_FAULTS = [
  // ---- HTTP itself ----
  fault({
    id: 'ind2-json-charset-refused',
    requirements: ['TESTCASE-CREATE', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'A request body is read only when its Content-Type is exactly `application/json`: the same JSON sent as `application/json; charset=utf-8` (as many HTTP clients label it) is refused with INVALID_ARGUMENT naming Content-Type.',
    behaviour(b) {
      rebody(b, (text, headers) => {
        if (headers['content-type'] !== 'application/json')
          throw invalidArgument('Content-Type', 'must be application/json', 'header');
        return text;
      });
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/test-cases', {
          contentType: 'application/json; charset=utf-8',
          body: { input_str: 'Where is my order?', test_set_id: 'TSCHAR01' },
        }),
      ),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind2-chunked-body-ignored',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      'A request body is read by its Content-Length: a body sent chunked (Transfer-Encoding: chunked, no Content-Length) is read as empty, and a valid agent is refused with INVALID_ARGUMENT.',
    behaviour(b) {
      rebody(b, (text, headers) => (headers['content-length'] === undefined ? '' : text));
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/agents', {
          chunked: true,
          body: { display_name: 'Chunked agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' },
        }),
      ),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind2-body-limit-100kb',
    requirements: ['AGENT-PROMPT', 'AGENT-CONFIG-SIZE', 'FIELD-CHARS-CODEPOINTS'],
    slips: ['bound'],
    description:
      "Request bodies are parsed with a JSON body parser's default limit of 100 KB (express.json()): a prompt of 50000 astral characters (200 KB of UTF-8), and any configuration above 100 KB, is refused with INVALID_ARGUMENT naming the body.",
    behaviour(b) {
      rebody(b, (text) => {
        if (Buffer.byteLength(text) > 100 * 1024)
          throw invalidArgument('body', 'request entity too large (limit: 100kb)');
        return text;
      });
    },
    probe: async (call) => outcome((await voiceAgent(call, { prompt: '\u{1F600}'.repeat(50000) })).answer),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind2-key-header-name-case-sensitive',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['broken'],
    description:
      "The key is read from the request's raw header list by its exact name `X-API-Key`: the valid key sent as `x-api-key` (header names are case-insensitive; HTTP/2 and many proxies lower-case them) is answered UNAUTHENTICATED as missing.",
    behaviour(b) {
      b.auth.presented = (req) => {
        const at = req.rawHeaders.indexOf(API_KEY_HEADER);
        return at < 0 ? undefined : req.rawHeaders[at + 1];
      };
    },
    probe: async (call) =>
      outcome(
        await call('GET', '/v1/personas/phone-numbers', { key: null, headers: { 'x-api-key': DEFAULT_API_KEY } }),
      ),
    shows: { status: 401, code: 'UNAUTHENTICATED' },
  }),
  fault({
    id: 'ind2-spec-listing-as-yaml',
    requirements: ['SPEC-LISTING'],
    slips: ['broken'],
    description:
      "GET /v1/openapi writes its listing through the documents' writer: it answers YAML (`application/yaml`), the documents' default form, not the JSON every body other than a document is.",
    behaviour(b) {
      respondWith(
        b,
        'GET /v1/openapi',
        (body) => new RawText(b.contentTypes.yaml, stringify(body)) as unknown as JsonObject,
      );
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/openapi', { key: null });
      return { contentType: answer.contentType, json: isJsonObject(answer.body) };
    },
    shows: { contentType: 'application/yaml', json: false },
  }),
  fault({
    id: 'ind2-spec-json-bom',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['broken'],
    description:
      'The JSON form of a published document is served as the file a tool wrote it to, with a UTF-8 byte order mark before the `{` (RFC 8259: a networked JSON text must not begin with one); the YAML form has none.',
    behaviour(b) {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => (form === 'json' ? '\uFEFF' : '') + written(text, form, name);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/openapi/${await specName(call)}`, {
        key: null,
        headers: { Accept: 'application/json' },
      });
      return { bom: answer.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) };
    },
    shows: { bom: true },
  }),
  fault({
    id: 'ind2-spec-cached-without-form',
    requirements: ['SPEC-YAML-DEFAULT', 'SPEC-JSON-ON-REQUEST'],
    slips: ['broken'],
    description:
      'Published documents are cached by spec_name alone, not by form: once a document was asked for as JSON, a request without Accept gets that JSON text (labelled application/yaml), and the reverse.',
    behaviour(b) {
      const first = new Map<string, string>();
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const kept = first.get(name) ?? written(text, form, name);
        first.set(name, kept);
        return kept;
      };
    },
    probe: async (call) => {
      const name = await specName(call);
      await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } });
      const yaml = await call('GET', `/v1/openapi/${name}`, { key: null });
      return { contentType: yaml.contentType, json: yaml.text.trimStart().startsWith('{') };
    },
    shows: { contentType: 'application/yaml', json: true },
  }),

  // ---- lists: filters, pages, tokens ----
  fault({
    id: 'ind2-filter-decoded-twice',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'The filter is percent-decoded once more after the query string was decoded (`decodeURIComponent(query.filter)`): a value holding `%` (`name = "100%"`) fails with 500 INTERNAL, and `%41` would read as `A`.',
    behaviour(b) {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => filter(raw === null ? raw : decodeURIComponent(raw), list);
    },
    probe: async (call) => outcome(await call('GET', `/v1/personas?${filterQuery('name = "100%"')}`)),
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind2-page-size-sticks',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['broken'],
    description:
      "A list's page_size is merged into the handler's shared defaults (`Object.assign(DEFAULTS, query)`): after one request with page_size=3, later requests without page_size get pages of 3, not the default 50.",
    behaviour(b) {
      const pageSize = b.lists.pageSize;
      const last = new Map<string, string>();
      b.lists.pageSize = (raw, list, token) => {
        if (raw !== null) last.set(list.id, raw);
        return pageSize(raw ?? last.get(list.id) ?? null, list, token);
      };
    },
    probe: async (call) => {
      await call('GET', '/v1/runs?page_size=3');
      return ((await call('GET', '/v1/runs')).body.runs as unknown[]).length;
    },
    shows: 3,
  }),
  fault({
    id: 'ind2-metrics-status-filter-space-refused',
    requirements: ['LIST-FILTER-FIELDS', 'LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'A metric status in a filter is checked against enum names (`^[A-Z_]+$`) before the query: the specification\'s own example, `status = "IN PROGRESS"`, is refused with INVALID_ARGUMENT.',
    behaviour(b) {
      refilter(b, (expr, listId) => {
        const bad = comparisons(expr).find(
          (c) => listId === 'metrics' && c.field === 'status' && !/^[A-Z_]+$/.test(c.value),
        );
        if (bad) throw invalidArgument('filter', `"${bad.value}" is not a metric status`, 'query');
        return expr;
      });
    },
    probe: async (call) =>
      outcome(
        await call(
          'GET',
          `/v1/simulations/${await simulationId(call)}/metrics?${filterQuery('status = "IN PROGRESS"')}`,
        ),
      ),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind2-filter-third-term-dropped',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'The filter grammar folds a junction of two comparisons only: in `a AND b AND c` the third comparison is dropped, so runs of other personas come back for `status = COMPLETED AND agent_id = X AND persona_id = Y`.',
    behaviour(b) {
      const firstTwo = (expr: FilterExpr): FilterExpr =>
        expr.kind === 'cmp' ? expr : { ...expr, terms: expr.terms.slice(0, 2).map(firstTwo) };
      refilter(b, firstTwo);
    },
    probe: async (call) => {
      const run = (await allRuns(call)).find((r) => r.status === 'COMPLETED')!;
      const text = `status = COMPLETED AND agent_id = ${String(run.agent_id)} AND persona_id = ${String(run.persona_id)}`;
      const runs = (await call('GET', `/v1/runs?page_size=1000&${filterQuery(text)}`)).body.runs as JsonObject[];
      return runs.some((r) => r.persona_id !== run.persona_id);
    },
    shows: true,
  }),
  fault({
    id: 'ind2-filter-same-field-last-wins',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'An AND of comparisons is built into a condition map keyed by field, so of two comparisons on one field only the last is kept: `create_time >= A AND create_time < B` acts as `create_time < B`, and runs before A come back.',
    behaviour(b) {
      const lastPerField = (expr: FilterExpr): FilterExpr => {
        if (expr.kind === 'cmp') return expr;
        const terms = expr.terms.map(lastPerField);
        if (expr.kind === 'or') return { ...expr, terms };
        const byField = new Map<string, FilterExpr>();
        terms.forEach((term, i) => byField.set(term.kind === 'cmp' ? term.field : `#${i}`, term));
        const kept = [...byField.values()];
        return kept.length === 1 ? kept[0]! : { ...expr, terms: kept };
      };
      refilter(b, lastPerField);
    },
    probe: async (call) => {
      const times = (await allRuns(call)).map((r) => String(r.create_time)).sort();
      const [from, to] = [times[20]!, times[40]!];
      const text = `create_time >= "${from}" AND create_time < "${to}"`;
      const runs = (await call('GET', `/v1/runs?page_size=1000&${filterQuery(text)}`)).body.runs as JsonObject[];
      return runs.every((r) => Date.parse(String(r.create_time)) >= Date.parse(from));
    },
    shows: false,
  }),
  fault({
    id: 'ind2-filter-empty-quoted-refused',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'A comparison whose quoted value is empty (`name != ""`) is refused as missing its value (`if (!value)`), with INVALID_ARGUMENT; a quoted value may be any text.',
    behaviour(b) {
      refilter(b, (expr) => {
        if (comparisons(expr).some((c) => c.value === '')) throw invalidArgument('filter', 'missing value', 'query');
        return expr;
      });
    },
    probe: async (call) => outcome(await call('GET', `/v1/personas?page_size=1&${filterQuery('name != ""')}`)),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind2-runs-filter-update-time-reads-create-time',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      'The runs list maps the filter field update_time to the create_time column (a copied line of its column map): `update_time = "<a run\'s update_time>"` misses that run; order_by=update_time still sorts right.',
    behaviour(b) {
      refilter(b, (expr, listId) =>
        listId === 'runs'
          ? mapComparisons(expr, (c) => (c.field === 'update_time' ? { ...c, field: 'create_time' } : c))
          : expr,
      );
    },
    probe: async (call) => {
      const run = (await allRuns(call)).find((r) => r.update_time !== r.create_time)!;
      const runs = (
        await call('GET', `/v1/runs?page_size=1000&${filterQuery(`update_time = "${String(run.update_time)}"`)}`)
      ).body.runs as JsonObject[];
      return runs.some((r) => r.run_id === run.run_id);
    },
    shows: false,
  }),
  fault({
    id: 'ind2-token-parsed-before-signature',
    requirements: ['LIST-PAGE-TOKEN-FORGED'],
    slips: ['broken'],
    description:
      "A page_token's payload is decoded and parsed as JSON before its signature is checked: a token the service never issued whose payload is not JSON fails with 500 INTERNAL instead of INVALID_ARGUMENT.",
    behaviour(b) {
      tokensReadAs(b, (token, _list, correct) => {
        JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
        return correct(token);
      });
    },
    probe: async (call) =>
      outcome(
        await call('GET', `/v1/personas?page_token=${Buffer.from('not json').toString('base64url')}.c2lnbmF0dXJl`),
      ),
    shows: { status: 500, code: 'INTERNAL' },
  }),

  fault({
    id: 'ind2-runs-failed-error-dropped',
    requirements: ['SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      "The runs list leaves out a failed run's error text (kept in a column the list's query does not select): every run, FAILED ones too, has error null.",
    behaviour(b) {
      presentWith(b, 'run', (view) => ({ ...view, error: null }));
    },
    probe: async (call) => (await allRuns(call)).find((r) => r.status === 'FAILED')?.error,
    shows: null,
  }),
  // ---- errors on rare paths, routes ----
  fault({
    id: 'ind2-path-id-detail-without-description',
    requirements: ['ERROR-ENVELOPE'],
    // Malformed path IDs are sent by the path-ID checks.
    seenThrough: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description:
      'A malformed path ID is refused by the router\'s parameter validator, whose details carry the field alone: `{"field": "agent_id"}` without the description every other detail has.',
    behaviour(b) {
      const details = b.errors.details;
      b.errors.details = (error) =>
        details(error).map((d) =>
          error.code === 'INVALID_ARGUMENT' && d.location === 'path'
            ? { ...d, description: undefined as unknown as string }
            : d,
        );
    },
    probe: async (call) => (await call('GET', '/v1/agents/not-an-agent-id')).body.error.details,
    shows: [{ field: 'agent_id' }],
  }),
  fault({
    id: 'ind2-phone-numbers-shadowed',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['broken'],
    description:
      'GET /v1/personas/phone-numbers is routed to GET /v1/personas/{persona_id}, registered first: `phone-numbers` is refused as a malformed persona_id (INVALID_ARGUMENT).',
    behaviour(b) {
      respondWith(b, 'GET /v1/personas/phone-numbers', () => {
        throw invalidArgument('persona_id', 'must be 22 alphanumeric characters', 'path');
      });
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas/phone-numbers');
      return { ...outcome(answer), field: (answer.body?.error?.details?.[0]?.field as string | undefined) ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT', field: 'persona_id' },
  }),

  // ---- agents ----
  fault({
    id: 'ind2-agent-ids-seeded-per-second',
    requirements: ['AGENT-GET', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'Agent ids are drawn from a generator seeded with the current second (`random.seed(int(time.time()))`): agents created within one second get the same id, the later one replacing the earlier in the store.',
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => ({
        ...created(record, body),
        id: idFactory(ALPHANUMERIC, seededRandom(Math.floor(record.create_time / 1000))).token(22),
      });
    },
    probe: async (call) => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await voiceAgent(call, { display_name: `Same second ${i}` })).id);
      return new Set(ids).size < ids.length;
    },
    shows: true,
  }),
  fault({
    id: 'ind2-agent-body-over-record',
    requirements: ['AGENT-ID-FORMAT', 'SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      'POST /v1/agents builds the stored agent as `{...generated, ...body}`: a body field the request does not list, such as `id` or `knowledge_base_ids`, replaces the generated value (an id of any form is taken).',
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const given = Object.fromEntries(
          Object.entries(body).filter(([k]) => k === 'id' || k === 'knowledge_base_ids'),
        );
        return { ...created(record, body), ...given };
      };
    },
    probe: async (call) => (await voiceAgent(call, { id: 'my-own-agent-id' })).answer.body.agent.id,
    shows: 'my-own-agent-id',
  }),

  fault({
    id: 'ind2-e164-fifteen-digits-refused',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['bound'],
    description:
      'E.164 numbers are checked as at most 15 characters with the plus counted among them (`^\\+[1-9]\\d{1,13}$`): a number of 15 digits, the most E.164 allows (+882123456789012), is refused with INVALID_ARGUMENT.',
    behaviour(b) {
      rereadAgent(b, 'phone_number', (read) => (fields, request) => {
        const value = read(fields, request);
        if (value !== null && /^\+\d+$/.test(value) && value.length > 15) {
          fields.fail('phone_number', 'must be an E.164 phone number or a SIP address');
        }
        return value;
      });
    },
    probe: async (call) => outcome((await voiceAgent(call, { phone_number: '+882123456789012' })).answer),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  // ---- mutations ----
  fault({
    id: 'ind2-mutation-delete-siblings',
    requirements: ['MUTATION-GET'],
    slips: ['broken'],
    description:
      "DELETE of a mutation marks deleted every mutation of its agent (`UPDATE ... WHERE agent_id = ?`, the id condition missing): the agent's other mutations are gone after it.",
    behaviour(b) {
      b.mutationRules = {
        ...b.mutationRules,
        deletes: (target, all) => all.filter((m) => m.agent_id === target.agent_id),
      };
    },
    probe: async (call) => {
      const { id } = await voiceAgent(call);
      const first = (await mutationOf(call, id, { display_name: 'First' })).body.mutation.id as string;
      const second = (await mutationOf(call, id, { display_name: 'Second' })).body.mutation.id as string;
      await call('DELETE', `/v1/agents/${id}/mutations/${first}`);
      return outcome(await call('GET', `/v1/agents/${id}/mutations/${second}`));
    },
    shows: { status: 404, code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind2-mutation-get-agent-id-as-name',
    requirements: ['MUTATION-GET'],
    slips: ['read-back'],
    description:
      "GET of a mutation returns agent_id as the parent's resource name, `agents/<id>` (the column the read joins holds names), not the 22-character agent ID; the create answer has the ID.",
    behaviour(b) {
      readAs(b, MUTATION_PATH, 'mutation', (m) => ({ ...m, agent_id: `agents/${String(m.agent_id)}` }));
    },
    probe: async (call) => {
      const { id } = await voiceAgent(call);
      const created = (await mutationOf(call, id, { display_name: 'Parent name' })).body.mutation.id as string;
      const got = (await call('GET', `/v1/agents/${id}/mutations/${created}`)).body.mutation;
      return String(got.agent_id).replace(id, '<agent>');
    },
    shows: 'agents/<agent>',
  }),
  fault({
    id: 'ind2-mutation-get-overrides-flattened',
    requirements: ['MUTATION-GET', 'READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      'GET of a mutation returns config_overrides read back from the flattened key/value table parameter_values is derived from: `{"workflows": {"retries": 3}}` comes back `{"workflows.retries": "3"}`; the create answer is nested.',
    behaviour(b) {
      readAs(b, MUTATION_PATH, 'mutation', (m) => ({
        ...m,
        config_overrides: flattenToStrings(m.config_overrides as JsonObject),
      }));
    },
    probe: async (call) => {
      const { id } = await voiceAgent(call, { workflows: { retries: 1 } });
      const created = await mutationOf(call, id, {
        display_name: 'Retries',
        config_overrides: { workflows: { retries: 3 } },
      });
      return (await call('GET', `/v1/agents/${id}/mutations/${String(created.body.mutation.id)}`)).body.mutation
        .config_overrides;
    },
    shows: { 'workflows.retries': '3' },
  }),
  fault({
    id: 'ind2-mutation-name-nfkc',
    requirements: ['MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    slips: { 'MUTATION-CREATE': ['broken'], 'READ-BACK-UNCHANGED': ['read-back'] },
    description:
      'A mutation display_name is stored NFKC-normalized (the form its uniqueness is judged in): `Tone ① ﬁnal` is returned `Tone 1 final`.',
    behaviour(b) {
      const read = b.mutationRules.fields.display_name;
      b.mutationRules = {
        ...b.mutationRules,
        fields: { ...b.mutationRules.fields, display_name: (fields, body) => read(fields, body).normalize('NFKC') },
      };
    },
    probe: async (call) => {
      const { id } = await voiceAgent(call);
      return (await mutationOf(call, id, { display_name: 'Tone \u2460 \uFB01nal' })).body.mutation.display_name;
    },
    shows: 'Tone 1 final',
  }),

  // ---- test cases ----

  // ---- review projects ----
  fault({
    id: 'ind2-review-project-rules-empty-refused',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['broken'],
    description:
      "project_rules is read with the required lists' validator, at least one element: an empty project_rules (no rule) is refused with INVALID_ARGUMENT.",
    behaviour(b) {
      const read = b.reviewProjectFields.project_rules;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_rules: (fields) => {
          const rules = read(fields);
          if (rules !== null && rules.length === 0) fields.fail('project_rules', 'must have at least 1 element');
          return rules;
        },
      };
    },
    probe: async (call) =>
      outcome(await call('POST', '/v1/review-projects', { body: reviewProject({ project_rules: [] }) })),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind2-nul-character-internal',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    slips: ['broken'],
    description:
      'A review project description holding a NUL character (`\\u0000`, valid in a JSON string) reaches a PostgreSQL text column, which refuses it: the request fails with 500 INTERNAL, neither stored nor refused as INVALID_ARGUMENT.',
    behaviour(b) {
      const read = b.reviewProjectFields.description;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        description: (fields) => {
          const value = read(fields);
          if (value?.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
          return value;
        },
      };
    },
    probe: async (call) =>
      outcome(await call('POST', '/v1/review-projects', { body: reviewProject({ description: 'Line one\u0000' }) })),
    shows: { status: 500, code: 'INTERNAL' },
  }),
  // ---- dashboards, scheduled runs ----
  fault({
    id: 'ind2-dashboard-patch-unchanged-name-nulled',
    requirements: ['DASHBOARD-PATCH', 'SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      'A dashboard PATCH writes the columns it changes and the others as NULL: a PATCH without display_name (or with the same one) answers the merged record, but stores display_name null, which the next PATCH answers.',
    behaviour(b) {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        const record = kept(kind, updated, previous) as unknown as JsonObject;
        const unchanged =
          kind === 'dashboard' && record.display_name === (previous as unknown as JsonObject).display_name;
        return (unchanged ? { ...record, display_name: null } : record) as unknown as typeof updated;
      };
    },
    probe: async (call) => {
      await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: {} });
      return (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: {} })).body.dashboard
        .display_name;
    },
    shows: null,
  }),
  fault({
    id: 'ind2-scheduled-run-timezone-offset',
    requirements: ['SCHEDULED-RUN-GET', 'SCHEMA-CANONICAL'],
    slips: { 'SCHEDULED-RUN-GET': ['broken'], 'SCHEMA-CANONICAL': ['type'] },
    description:
      "A scheduled run's schedule_timezone is returned as the zone's UTC offset at its creation (`+00:00`, `+01:00`: a timezone-aware datetime stored with a fixed offset), not the time zone name (`UTC`, `Europe/Paris`).",
    behaviour(b) {
      presentWith(b, 'scheduledRun', (view, record) => ({
        ...view,
        schedule_timezone: offsetOf(String(view.schedule_timezone), (record as { create_time: number }).create_time),
      }));
    },
    probe: async (call) =>
      (await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`)).body.scheduled_run.schedule_timezone,
    shows: '+00:00',
  }),
] as const;
