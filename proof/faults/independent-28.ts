// Independent faults, round 28: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4). Area: agents, mutations, test cases, review projects
// and dashboards (every write and what reads return after it), and HTTP itself on any endpoint.
//
// Review (coordinator): 16 written, 2 dropped: `ind28-outbound-endpoint-private-refused` (a webhook endpoint on a
// private address refused: a rarer valid form refused, the readings earlier rounds dropped, and the SSRF guard a careful
// implementer may put on any URL the service calls); `ind28-duplicate-name-error-without-details` (an error without
// `details`: proto3 JSON leaves an empty list out, a reading earlier rounds dropped).
// Against the suite at 95ad96f, as written: 5 of 14 detected, 9 missed (64 %).

import { gzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ApiError, internal, invalidArgument } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { AgentRecord, DashboardRecord, MutationRecord } from '../../lib/reference/store/records.js';
import { isEmail } from '../../lib/reference/validation/formats.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, notModifiedWhen, presentWith, rereadAgent, rereadTestCase } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** The path of a voice agent the probe creates. */
async function newAgentPath(call: Call): Promise<string> {
  const created = await call('POST', '/v1/agents', {
    body: { display_name: 'Front desk', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' },
  });
  return `/v1/agents/${String(created.body.agent.id)}`;
}

const HOUR_MS = 3_600_000;

/** The codings of an Accept-Encoding value, each with its weight (1 when none is given). */
function codings(header: string | undefined): { readonly coding: string; readonly q: number }[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [coding = '', ...params] = part.split(';').map((p) => p.trim());
      const weight = params.find((p) => p.toLowerCase().startsWith('q='));
      return { coding: coding.toLowerCase(), q: weight === undefined ? 1 : Number(weight.slice(2)) };
    });
}

/** A percent sign not followed by two hexadecimal digits: an escape decodeURIComponent throws on. */
const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** An outbound voice agent's create body with the given endpoint. */
const outboundAgent = (endpoint: string) => ({
  display_name: 'Callback line',
  model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
  endpoint,
});

async function createOutbound(
  call: Call,
  endpoint: string,
): Promise<{ status: number; endpoint: unknown; field: unknown }> {
  const answer = await call('POST', '/v1/agents', { body: outboundAgent(endpoint) });
  return {
    status: answer.status,
    endpoint: answer.body?.agent?.endpoint ?? null,
    field: answer.body?.error?.details?.[0]?.field ?? null,
  };
}

const isGetAgent = (req: IncomingMessage | undefined): boolean =>
  req?.method === 'GET' && /^\/v1\/agents\/[^/?]+(\?|$)/.test(String(req.url));

const FAULTS_28 = [
  fault({
    id: 'ind28-outbound-endpoint-empty-accepted',
    requirements: ['AGENT-ENDPOINT'],
    slips: ['explicit'],
    description:
      'The agent endpoint is read with a presence test for "required" (`"endpoint" in body`) and a URL check guarded by truthiness (`if (endpoint && !isHttpUrl(endpoint))`): `endpoint: ""` passes both, so a MODEL_TYPE_OUTBOUND_VOICE agent whose endpoint is the empty string, which is neither a URL nor the endpoint the type requires, is created and stored with endpoint "".',
    behaviour: (b) =>
      rereadAgent(
        b,
        'endpoint',
        (read) => (fields, request) => (request.body.endpoint === '' ? '' : read(fields, request)),
      ),
    probe: (call) => createOutbound(call, ''),
    shows: { status: 200, endpoint: '', field: null },
  }),

  fault({
    id: 'ind28-gzip-weight-zero-coded',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'A compression filter gzips every answer whose request mentions gzip in Accept-Encoding (`acceptEncoding.includes("gzip")`), whatever its weight, and labels it `Content-Encoding: gzip`: a client that refuses gzip (`Accept-Encoding: gzip;q=0, identity`, q=0 being "not acceptable", RFC 9110 12.5.3) gets gzip bytes it said it cannot read; offers without gzip, and no offer, get plain JSON.',
    behaviour: (b) => {
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const header = req.headers['accept-encoding'];
        if (typeof header === 'string' && header.toLowerCase().includes('gzip'))
          return { bytes: gzipSync(bytes), headers: { 'Content-Encoding': 'gzip' } };
        return codeAnswer(req, bytes);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', await newAgentPath(call), {
        headers: { 'Accept-Encoding': 'gzip;q=0, identity' },
      });
      return { status: answer.status, coding: answer.headers['content-encoding'] ?? null };
    },
    shows: { status: 200, coding: 'gzip' },
  }),

  fault({
    id: 'ind28-unserved-coding-offer-refused',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'Content codings are negotiated among the ones the service implements (gzip) without counting identity, which is acceptable unless the request excludes it (RFC 9110 12.5.3): a request whose Accept-Encoding offers only codings the service lacks (`br`, `zstd`, as browsers and newer clients send) is refused with 406 and code NOT_ACCEPTABLE on every endpoint, where the plain JSON answer satisfies it; no Accept-Encoding, and offers naming gzip, identity or `*`, are answered.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const refusal = b.answerRefusal;
      b.answerRefusal = (accept, endpoint) => {
        const offered = request()?.headers['accept-encoding'];
        const offers = codings(typeof offered === 'string' ? offered : undefined);
        const served = offers.some((o) => ['gzip', 'identity', '*'].includes(o.coding) && o.q > 0);
        if (offers.length > 0 && !served)
          return new ApiError('NOT_ACCEPTABLE', 'none of the offered content codings is supported (gzip)');
        return refusal(accept, endpoint);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_ACCEPTABLE' ? 406 : status(code, endpoint));
    },
    probe: async (call) => {
      const answer = await call('GET', await newAgentPath(call), { headers: { 'Accept-Encoding': 'br' } });
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 406, code: 'NOT_ACCEPTABLE' },
  }),

  fault({
    id: 'ind28-path-malformed-escape-internal',
    requirements: ['PATH-ID-FORMAT', 'ERROR-INVALID-ARGUMENT', 'PATH-ID-EXACT'],
    slips: ['broken'],
    description:
      'The router percent-decodes path segments with decodeURIComponent outside any try: a path ID holding a `%` not followed by two hexadecimal digits (`/v1/agents/AbCdEfGhIjKlMnOpQrSt%ZZ`, an ID that breaks its alphanumeric format) throws a URIError the error handler answers as 500 INTERNAL, instead of the INVALID_ARGUMENT (or a not-found) a malformed ID gets.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const unrouted = b.unrouted;
      b.unrouted = (error, presented) => {
        const path = String(request()?.url ?? '').split('?')[0] ?? '';
        return MALFORMED_ESCAPE.test(path) ? internal('URIError: URI malformed') : unrouted(error, presented);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/agents/AbCdEfGhIjKlMnOpQrSt%ZZ');
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),

  fault({
    id: 'ind28-agent-if-modified-since-local-zone',
    requirements: ['AGENT-GET'],
    slips: ['unit'],
    description:
      "GET /v1/agents/{agent_id} answers with Last-Modified (its update_time) and honours If-Modified-Since, but parses the date given with the server's local zone (US Eastern, UTC-5: the `GMT` dropped before a naive parse): the date is read five hours late, so a client asking whether the agent changed since an hour before its update_time, which it has, gets 304 Not Modified and no agent.",
    behaviour: (b) => {
      const request = lastRequest(b);
      let agent: AgentRecord | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        agent = endpoint.key === 'GET /v1/agents/{agent_id}' ? store.agents.get(params.agent_id ?? '') : undefined;
        return named(endpoint, params, store);
      };
      notModifiedWhen(b, (endpoint) => {
        const since = request()?.headers['if-modified-since'];
        if (endpoint.key !== 'GET /v1/agents/{agent_id}' || agent === undefined || typeof since !== 'string')
          return false;
        const read = Date.parse(since.replace(/\s*GMT$/i, 'Z')) + 5 * HOUR_MS;
        return Math.floor(agent.update_time / 1000) * 1000 <= read;
      });
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        if (!isGetAgent(req) || agent === undefined) return coded;
        return { ...coded, headers: { ...coded.headers, 'Last-Modified': new Date(agent.update_time).toUTCString() } };
      };
    },
    probe: async (call) => {
      const path = await newAgentPath(call);
      const first = await call('GET', path);
      const updated = Date.parse(String(first.body.agent.update_time));
      const since = new Date(updated - HOUR_MS).toUTCString();
      const again = await call('GET', path, { headers: { 'If-Modified-Since': since } });
      return { status: again.status, agent: again.body?.agent?.id === first.body.agent.id };
    },
    shows: { status: 304, agent: false },
  }),

  fault({
    id: 'ind28-dashboard-update-time-in-seconds',
    requirements: ['TIMESTAMP-ORDER', 'DASHBOARD-PATCH'],
    slips: ['unit'],
    description:
      "A dashboard PATCH stamps update_time with the epoch in seconds (`int(time.time())`, the update path's own helper) into a column every other write fills, and the serializer reads, in milliseconds: a renamed dashboard's update_time reads as a moment of January 1970, before its create_time.",
    behaviour: (b) =>
      presentWith(b, 'dashboard', (view, record) => ({
        ...view,
        update_time: b.formatTime(Math.floor((record as DashboardRecord).update_time / 1000)),
      })),
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: 'Weekly review' },
      });
      const dashboard = answer.body.dashboard as { create_time: string; update_time: string };
      return {
        before: Date.parse(dashboard.update_time) < Date.parse(dashboard.create_time),
        year: dashboard.update_time.slice(0, 4),
      };
    },
    shows: { before: true, year: '1970' },
  }),
  fault({
    id: 'ind28-malformed-json-html-page',
    requirements: ['REQUEST-MALFORMED-JSON', 'ERROR-ENVELOPE'],
    slips: ['scope'],
    description:
      "A request body that is not JSON is refused by the body parser before the API's routes, and its error reaches the framework's default error handler, not the API's: the answer is 400 with an HTML page (`<pre>SyntaxError: Unexpected token ...</pre>`, `Content-Type: text/html`) instead of the error object with code INVALID_ARGUMENT; every other error carries the object.",
    behaviour: (b) => {
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const text = bytes.toString('utf8');
        if (!text.startsWith('{"error":') || !text.includes('not valid JSON')) return coded;
        const reason = (JSON.parse(text) as { error: { message: string } }).error.message.replace(/[<>&]/g, ' ');
        const page = `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Error</title></head>\n<body><pre>SyntaxError: ${reason}</pre></body>\n</html>\n`;
        return { bytes: Buffer.from(page, 'utf8'), headers: { 'Content-Type': 'text/html; charset=utf-8' } };
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        raw: '{"input_str": "Hello", "test_set_id": "qa-set-1",}',
      });
      return {
        status: answer.status,
        type: answer.contentType.split(';')[0],
        code: typeof answer.body === 'object' ? (answer.body?.error?.code ?? null) : null,
      };
    },
    shows: { status: 400, type: 'text/html', code: null },
  }),

  fault({
    id: 'ind28-mutation-unreadable-if-modified-since-304',
    requirements: ['MUTATION-GET'],
    slips: ['broken'],
    description:
      'GET of a mutation answers with Last-Modified (its update_time, else its create_time) and decides Not Modified as `!(lastModified > Date.parse(ifModifiedSince))`: a header that is no HTTP-date (`If-Modified-Since: never`, `*`, an empty value), which a server must ignore (RFC 9110 13.1.3), parses to NaN, the comparison is false, and the mutation is answered 304 with no body.',
    behaviour: (b) => {
      const request = lastRequest(b);
      let mutation: MutationRecord | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        mutation =
          endpoint.key === 'GET /v1/agents/{agent_id}/mutations/{mutation_id}'
            ? store.mutations.get(params.mutation_id ?? '')
            : undefined;
        return named(endpoint, params, store);
      };
      const lastModified = (m: MutationRecord): number => Math.floor((m.update_time ?? m.create_time) / 1000) * 1000;
      notModifiedWhen(b, (endpoint) => {
        const since = request()?.headers['if-modified-since'];
        if (endpoint.key !== 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' || mutation === undefined)
          return false;
        if (typeof since !== 'string') return false;
        return !(lastModified(mutation) > Date.parse(since));
      });
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const reading = req.method === 'GET' && /\/mutations\/[^/?]+(\?|$)/.test(String(req.url));
        if (!reading || mutation === undefined) return coded;
        return {
          ...coded,
          headers: { ...coded.headers, 'Last-Modified': new Date(lastModified(mutation)).toUTCString() },
        };
      };
    },
    probe: async (call) => {
      const agent = await newAgentPath(call);
      const created = await call('POST', `${agent}/mutations`, { body: { display_name: 'Slow pace' } });
      const read = await call('GET', `${agent}/mutations/${String(created.body.mutation.id)}`, {
        headers: { 'If-Modified-Since': 'never' },
      });
      return { status: read.status, mutation: read.body?.mutation?.display_name ?? null };
    },
    shows: { status: 304, mutation: null },
  }),
  fault({
    id: 'ind28-escaped-solidus-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'Request bodies are read by a hand-made JSON tokenizer whose escape table has `\\"`, `\\\\`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and `\\uXXXX` but not `\\/`, which JSON allows: a body whose strings escape the solidus, as PHP\'s json_encode and several Java writers do by default (`"https:\\/\\/example.com\\/help"`), is refused as malformed JSON with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const read = requestBody(text, headers);
        // An escaped solidus (a backslash run of odd length before `/`) makes the tokenizer stop: JSON.parse then fails as it did.
        return /(^|[^\\])(\\\\)*\\\//.test(read) ? read.replace(/\\\//g, '\\x2F') : read;
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        raw: '{"input_str": "Ask for https:\\/\\/example.com\\/help", "test_set_id": "qaset001"}',
      });
      return {
        status: answer.status,
        input: answer.body?.test_case?.input_str ?? null,
        code: answer.body?.error?.code ?? null,
      };
    },
    shows: { status: 400, input: null, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind28-dashboard-concurrent-patch-internal',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['state'],
    description:
      "A dashboard PATCH is written with optimistic concurrency (`UPDATE ... WHERE id = ? AND version = ?` on the version read with the row, the write taking a few milliseconds), and the ORM's stale-data exception when no row matches reaches no handler: of two PATCHes of one dashboard sent at the same moment (two people renaming it), the first is applied and the second, a valid request, is answered 500 INTERNAL; PATCHes one after another are all applied.",
    behaviour: (b) => {
      b.dashboardBeforeStore = async (read, store) => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        if (store.dashboards.get(read.id) !== read)
          throw internal(
            'StaleDataError: UPDATE statement on table dashboards expected to update 1 row; 0 were matched',
          );
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const answers = await Promise.all([
        call('PATCH', path, { body: { display_name: 'Support quality' } }),
        call('PATCH', path, { body: { display_name: 'Support quality (EMEA)' } }),
      ]);
      return answers.map((a) => `${a.status} ${String(a.body?.error?.code ?? 'dashboard')}`).sort();
    },
    shows: ['200 dashboard', '500 INTERNAL'],
  }),
  fault({
    id: 'ind28-coded-answer-cached-without-vary',
    requirements: ['RESPONSE-ACCEPT-JSON', 'AGENT-GET'],
    slips: { 'RESPONSE-ACCEPT-JSON': ['state'], 'AGENT-GET': ['broken'] },
    description:
      'GET /v1/agents/{agent_id} answers pass a cache keyed by URL alone (its Vary leaves out Accept-Encoding) that keeps the bytes as sent: once a client offering gzip has read an agent, and got it gzip-coded as it asked, every later read of that URL is served the gzip bytes, labelled `Content-Encoding: gzip`, also to a client that accepts only `identity`, which cannot read them; agents not yet read coded are answered plain.',
    behaviour: (b) => {
      const cached = new Map<string, Buffer>();
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        if (!isGetAgent(req)) return codeAnswer(req, bytes);
        const url = String(req.url);
        const offered = req.headers['accept-encoding'];
        const gzip = codings(typeof offered === 'string' ? offered : undefined).some(
          (o) => o.coding === 'gzip' && o.q > 0,
        );
        if (gzip && !cached.has(url)) cached.set(url, gzipSync(bytes));
        const hit = cached.get(url);
        return hit === undefined ? codeAnswer(req, bytes) : { bytes: hit, headers: { 'Content-Encoding': 'gzip' } };
      };
    },
    probe: async (call) => {
      const path = await newAgentPath(call);
      await call('GET', path, { headers: { 'Accept-Encoding': 'gzip' } });
      const plain = await call('GET', path, { headers: { 'Accept-Encoding': 'identity' } });
      return { status: plain.status, coding: plain.headers['content-encoding'] ?? null };
    },
    shows: { status: 200, coding: 'gzip' },
  }),
  fault({
    id: 'ind28-assignee-error-names-the-value',
    requirements: ['ERROR-DETAILS-FIELD', 'REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: { 'ERROR-DETAILS-FIELD': ['scope'], 'REVIEW-PROJECT-ASSIGNEE-EMAIL': ['broken'] },
    description:
      'The assignees loop of POST /v1/review-projects reports a bad address with its arguments swapped (`fail(assignee, "is not a valid e-mail address")`): the error is INVALID_ARGUMENT as it should be, but its detail\'s field is the address itself (`{"field": "ana(at)example.com", ...}`), not assignees; every other invalid field is named.',
    behaviour: (b) => {
      const read = b.reviewProjectFields.assignees;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (fields) => {
          try {
            return read(fields);
          } catch (error) {
            const bad =
              error instanceof ApiError && error.details[0]?.field === 'assignees'
                ? (fields.strings('assignees') ?? []).find((assignee) => !isEmail(assignee))
                : undefined;
            if (bad === undefined) throw error;
            throw invalidArgument(bad, 'is not a valid e-mail address');
          }
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Refund calls, week 48',
          assignees: ['lead@example.com', 'ana(at)example.com'],
          linked_simulation_ids: ['Sim0000000000000000000A'],
          linked_metric_ids: ['Met0000000000000000000A'],
        },
      });
      return {
        code: answer.body?.error?.code ?? null,
        fields: (answer.body?.error?.details ?? []).map((d: { field: string }) => d.field),
      };
    },
    shows: { code: 'INVALID_ARGUMENT', fields: ['ana(at)example.com'] },
  }),
  fault({
    id: 'ind28-output-str-not-wrapped-beside-json',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['scope'],
    description:
      'The deprecated expected_output_str is wrapped into expected_behaviors only when the request gives no other expected result, expected_output_json included (`if (str != null && behaviors == null && json == null)`: the implementer read the two expected outputs as alternatives): a test case sent with expected_output_str and expected_output_json, without expected_behaviors, is stored with expected_behaviors null, where the string must become a one-element list.',
    behaviour: (b) =>
      rereadTestCase(
        b,
        ['expected_behaviors'],
        (read) => (fields, request) =>
          request.body.expected_output_json !== undefined && request.body.expected_behaviors === undefined
            ? null
            : read(fields, request),
      ),
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'I want to return my order',
          test_set_id: 'returns1',
          expected_output_str: 'Offers a return label',
          expected_output_json: { action: 'return_label' },
        },
      });
      return { status: answer.status, expected_behaviors: answer.body?.test_case?.expected_behaviors ?? null };
    },
    shows: { status: 200, expected_behaviors: null },
  }),
  fault({
    id: 'ind28-override-keys-of-the-agent-row',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      "config_overrides keys are checked against the columns of the parent agent's stored row (`key in agentRow`) rather than its configuration: the configuration keys pass as they should, but so do the row's bookkeeping columns, so a mutation overriding `deleted` (the internal soft-delete flag), `id`, `create_time` or `knowledge_base_ids`, none of them configuration, is created instead of refused.",
    behaviour: (b) => {
      const keys = b.mutationRules.configurationKeys;
      b.mutationRules = {
        ...b.mutationRules,
        configurationKeys: (agent) => new Set([...keys(agent), ...Object.keys(agent)]),
      };
    },
    probe: async (call) => {
      const agent = await newAgentPath(call);
      const answer = await call('POST', `${agent}/mutations`, {
        body: { display_name: 'Hidden variant', config_overrides: { deleted: true } },
      });
      return { status: answer.status, overrides: answer.body?.mutation?.config_overrides ?? null };
    },
    shows: { status: 200, overrides: { deleted: true } },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_28_FAULTS: readonly Fault<(typeof FAULTS_28)[number]['id']>[] = FAULTS_28;
