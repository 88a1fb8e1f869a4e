// Independent faults, round 24: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4). Area: agents, mutations, test cases, review projects
// and dashboards (every write and what reads return after it), and HTTP itself on any endpoint.
//
// Review (coordinator): 21 written, 1 dropped: `ind24-mutation-concurrent-delete-aborted` (two DELETEs of one
// mutation at once, the loser answered ABORTED): a retryable conflict under a race is what optimistic locking
// answers (AIP-193's ABORTED), a reading a careful implementer may take. Against the suite at cbe3cfe, as
// written: 8 of 20 detected, 12 missed (60 %).

import { setTimeout as delay } from 'node:timers/promises';
import { MODEL_TYPES } from '../../lib/contract/enums.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { RawText } from '../../lib/reference/http/context.js';
import { ApiError, internal } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { AgentRecord } from '../../lib/reference/store/records.js';
import { Fields } from '../../lib/reference/validation/fields.js';
import { validateSimulatorConfig } from '../../lib/reference/validation/simulator-config.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { IncomingMessage } from 'node:http';
import type { Answer, Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, presentWith, respondWith, storedAgents } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** A valid test case body. */
const TEST_CASE = { test_set_id: 'cftTs001', input_str: 'The caller asks for a refund of order A-1042.' };

/** The first language tag of a request's Accept-Language, when it has one. */
function languageOf(req: IncomingMessage | undefined): string | undefined {
  const header = req?.headers['accept-language'];
  const first = String(header ?? '')
    .split(',')[0]
    ?.split(';')[0]
    ?.trim();
  return first ? first : undefined;
}

/** Creates an agent and answers its id. */
async function agentId(call: Call, body: JsonObject): Promise<string> {
  const created = await call('POST', '/v1/agents', { body });
  return String(created.body.agent.id);
}

/** What a refusal or a success reads as: the status and the error code, if any. */
const outcome = (answer: Answer): { status: number; code: string | null } => ({
  status: answer.status,
  code: (answer.body?.error?.code as string | undefined) ?? null,
});

/** A JSON text with each comma that only a `}` or `]` follows (outside strings) left out: what a forgiving reader accepts. */
function withoutTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',' && /^\s*[}\]]/.test(text.slice(i + 1))) continue;
    out += c;
  }
  return out;
}

/** The body with each member name that holds an escape written so that it reads as its raw text (`input\u005fstr` stays that). */
function rawMemberNames(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '"') {
      out += text[i];
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const token = text.slice(i, j + 1);
    out += /^\s*:/.test(text.slice(j + 1)) && token.includes('\\') ? token.replace(/\\/g, '\\\\') : token;
    i = j + 1;
  }
  return out;
}

/** A UTC instant as Java's LocalDateTime.toString() writes it, `Z` appended: seconds left out when they and the fraction are zero. */
function localDateTimeText(value: unknown): unknown {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d):(\d\d)\.(\d{3})Z$/.exec(String(value));
  if (!match) return value;
  const [, minutes, seconds, millis] = match;
  if (millis !== '000') return value;
  return seconds === '00' ? `${minutes}Z` : `${minutes}:${seconds}Z`;
}

/** camelCase keys in snake_case, at every depth (`humps.decamelize` on a whole answer). */
function decamelized(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decamelized);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(),
      decamelized(inner),
    ]),
  );
}

/** Overrides flattened as the reference does, but numbers written for display in `locale`. */
function flattenedForDisplay(value: JsonObject, locale: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix + key;
    if (isJsonObject(inner) && Object.keys(inner).length !== 0)
      Object.assign(out, flattenedForDisplay(inner, locale, `${path}.`));
    else
      out[path] =
        typeof inner === 'string'
          ? inner
          : typeof inner === 'number'
            ? inner.toLocaleString(locale)
            : JSON.stringify(inner);
  }
  return out;
}

/** What Node's header writer takes: tab, printable ASCII and the Latin-1 range (anything else throws ERR_INVALID_CHAR). */
const HEADER_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The Location a test case creation answers: the test case under its test set, as the web dashboard's URL has it. */
const testCaseLocation = (testCase: JsonObject): string =>
  `/v1/test-sets/${String(testCase.test_set_id)}/test-cases/${String(testCase.id)}`;

/** The dashboard's French labels of the body fields, by field name. */
const FRENCH_LABELS: Readonly<Record<string, string>> = {
  display_name: "nom d'affichage",
  input_str: "texte d'entrée",
  test_set_id: 'identifiant du jeu de tests',
  description: 'description',
  assignees: 'responsables',
  config_overrides: 'surcharges de configuration',
  prompt: 'consigne',
};

const FAULTS_24 = [
  fault({
    id: 'ind24-mutation-override-undocumented-config-key-refused',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS', 'MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "config_overrides keys are held against the agent's fields and the simulator configuration keys the specification's table documents for the agent's type, intersected with the keys the agent has: a key the parent's configuration really holds but the table does not list is refused. A MODEL_TYPE_VOICE agent (no keys listed for its type) created with `metadata: {voice_speed: 1.1}` cannot have a mutation overriding `voice_speed` (INVALID_ARGUMENT naming config_overrides), though the key exists on the parent configuration; listed keys, and agent fields, are accepted.",
    behaviour: (b) => {
      const keys = b.mutationRules.configurationKeys;
      b.mutationRules = {
        ...b.mutationRules,
        configurationKeys: (agent) => {
          const documented = new Set(Object.keys(b.agentRules.config[agent.model_type] ?? {}));
          const configured = new Set(Object.keys(agent.metadata ?? {}));
          return new Set([...keys(agent)].filter((key) => !configured.has(key) || documented.has(key)));
        },
      };
    },
    probe: async (call) => {
      const agent = await agentId(call, {
        display_name: 'Voice with a tuned speed',
        model_type: 'MODEL_TYPE_VOICE',
        prompt: 'Greet the caller.',
        metadata: { voice_speed: 1.1 },
      });
      const created = await call('POST', `/v1/agents/${agent}/mutations`, {
        body: { display_name: 'Faster speech', config_overrides: { voice_speed: 1.3 } },
      });
      return outcome(created);
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind24-parameter-values-numbers-in-request-locale',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      'parameter_values derived from config_overrides are "for display", so their numbers are written with the display formatter of the locale the request negotiated (`value.toLocaleString(language)`, the i18n middleware reading Accept-Language): a mutation created with `Accept-Language: de-DE` stores `{"workflows.temperature": "0,5", "workflows.max_turns": "1.500"}` for the overrides 0.5 and 1500, text that is not the value overridden (and reads as 1.5 elsewhere); without Accept-Language the values are written as JSON writes them.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const values = b.mutationRules.parameterValues;
      b.mutationRules = {
        ...b.mutationRules,
        parameterValues: (given, overrides) => {
          const language = languageOf(request());
          return given || !language ? values(given, overrides) : flattenedForDisplay(overrides, language);
        },
      };
    },
    probe: async (call) => {
      const agent = await agentId(call, {
        display_name: 'Tuned workflow agent',
        model_type: 'MODEL_TYPE_VOICE',
        prompt: 'Help the caller.',
        workflows: { temperature: 0.7, max_turns: 12 },
      });
      const created = await call('POST', `/v1/agents/${agent}/mutations`, {
        body: {
          display_name: 'Cooler and longer',
          config_overrides: { workflows: { temperature: 0.5, max_turns: 1500 } },
        },
        headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
      });
      return created.body?.mutation?.parameter_values ?? null;
    },
    shows: { 'workflows.temperature': '0,5', 'workflows.max_turns': '1.500' },
  }),

  fault({
    id: 'ind24-test-set-id-location-header-internal',
    requirements: ['TESTCASE-TEST-SET-ID', 'TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "POST /v1/test-cases answers with a Location header naming the test case under its test set (`/v1/test-sets/<test_set_id>/test-cases/<id>`, the web dashboard's URL), written without percent-encoding: a test_set_id of 8 characters outside Latin-1 (`测试集合编号一二`, exactly 8 characters) makes Node's header writer throw ERR_INVALID_CHAR after the test case is stored, and the creation answers 500 INTERNAL; ASCII and Latin-1 test set IDs get their Location and the test case.",
    behaviour: (b) => {
      respondWith(b, 'POST /v1/test-cases', (body) => {
        const testCase = body.test_case;
        if (isJsonObject(testCase) && !HEADER_TEXT.test(testCaseLocation(testCase)))
          throw internal('Invalid character in header content ["Location"]');
        return body;
      });
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        if (req.method !== 'POST' || !String(req.url).startsWith('/v1/test-cases')) return coded;
        let answer: unknown;
        try {
          answer = JSON.parse(bytes.toString('utf8'));
        } catch {
          return coded;
        }
        const testCase = isJsonObject(answer) ? answer.test_case : undefined;
        if (!isJsonObject(testCase)) return coded;
        return { ...coded, headers: { ...coded.headers, Location: testCaseLocation(testCase) } };
      };
    },
    probe: async (call) =>
      outcome(await call('POST', '/v1/test-cases', { body: { ...TEST_CASE, test_set_id: '测试集合编号一二' } })),
    shows: { status: 500, code: 'INTERNAL' },
  }),

  fault({
    id: 'ind24-refused-body-read-by-next-request',
    requirements: [
      'HTTP-MESSAGE-FRAMING',
      'TESTCASE-CREATE',
      'AGENT-CREATE',
      'MUTATION-CREATE',
      'REVIEW-PROJECT-CREATE',
      'DASHBOARD-PATCH',
    ],
    // The state is the connection's, which no cell of these rules holds: a valid write refused is the rule broken.
    slips: ['broken'],
    description:
      "A request refused before its body is read (UNAUTHENTICATED) leaves that body on the keep-alive connection, and the service's own body reader, which reads a request's body from what the connection holds, takes those bytes as the start of the next request's body: after a POST with a wrong key, the next valid POST on the same connection is read as the two JSON texts run together and refused with INVALID_ARGUMENT (malformed JSON), though it is valid. A refused GET (no body), or a new connection, leaves nothing behind.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const leftovers = new WeakMap<object, Buffer[]>();
      const failure = b.auth.failure;
      b.auth.failure = (presented) => {
        const req = request();
        if (req && Number(req.headers['content-length'] ?? 0) > 0) {
          const kept: Buffer[] = [];
          leftovers.set(req.socket, kept);
          req.on('data', (chunk: Buffer) => kept.push(chunk));
        }
        return failure(presented);
      };
      const body = b.requestBody;
      b.requestBody = (text, headers) => {
        const req = request();
        const kept = req ? leftovers.get(req.socket) : undefined;
        if (!req || !kept) return body(text, headers);
        leftovers.delete(req.socket);
        return body(Buffer.concat(kept).toString('utf8') + text, headers);
      };
    },
    probe: async (call) => {
      const refused = await call('POST', '/v1/test-cases', { key: 'not-the-organization-key', body: TEST_CASE });
      // The client may send the next request on another connection while the refused one's finishes; it comes back to it.
      const next: { status: number; code: string | null }[] = [];
      for (let i = 0; i < 3; i++) next.push(outcome(await call('POST', '/v1/test-cases', { body: TEST_CASE })));
      return { refused: refused.status, malformed: next.filter((n) => n.status === 400) };
    },
    shows: { refused: 401, malformed: [{ status: 400, code: 'INVALID_ARGUMENT' }] },
  }),

  fault({
    id: 'ind24-body-trailing-comma-accepted',
    requirements: ['REQUEST-MALFORMED-JSON'],
    slips: ['broken'],
    description:
      'Request bodies are read by a forgiving JSON5-style reader (chosen so that configurations edited by hand and pasted in go through), which takes a comma before a closing `}` or `]`: `{"test_set_id": "cftTs001", "input_str": "...",}`, which is not JSON (RFC 8259 has no trailing comma), is accepted and the test case created, where a body that is not valid JSON is refused with INVALID_ARGUMENT; other malformed bodies are still refused.',
    behaviour: (b) => {
      const body = b.requestBody;
      b.requestBody = (text, headers) => body(withoutTrailingCommas(text), headers);
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/test-cases', {
          raw: '{"test_set_id": "cftTs001", "input_str": "The caller asks for a refund.",}',
        }),
      ),
    shows: { status: 200, code: null },
  }),

  fault({
    id: 'ind24-dashboard-times-seconds-omitted',
    requirements: ['TIMESTAMP-ISO-UTC', 'DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      "The dashboard entity keeps its times as a LocalDateTime in UTC and writes them with its toString() and a `Z` (the other entities write instants), which leaves out zero seconds and a zero fraction: a dashboard created at midnight answers create_time `2026-01-06T00:00Z`, without the seconds ISO 8601's (RFC 3339's) date-time has; times with seconds or milliseconds other than zero read as they should (`...T08:21:30Z`, `...T08:21:30.120Z`).",
    behaviour: (b) =>
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        create_time: localDateTimeText(view.create_time),
        update_time: localDateTimeText(view.update_time),
      })),
    probe: async (call) => {
      const patched = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: 'Quality overview' },
      });
      return patched.body?.dashboard?.create_time ?? null;
    },
    shows: '2026-01-06T00:00Z',
  }),

  fault({
    id: 'ind24-test-case-json-keys-snake-cased',
    requirements: ['TESTCASE-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Test case answers pass a converter that snake-cases keys at every depth (`humps.decamelize` on the whole answer, meant for the model\'s own camelCase attributes): the client\'s keys inside expected_output_json, metric_input and simulation_metadata_input are renamed, so `{"orderId": "A-1042", "refundAmount": 25}` comes back `{"order_id": "A-1042", "refund_amount": 25}`, on creation and on every read; keys already in snake_case are kept.',
    behaviour: (b) => presentWith(b, 'testCase', (view) => decamelized(view) as JsonObject),
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { ...TEST_CASE, expected_output_json: { orderId: 'A-1042', refundAmount: 25 } },
      });
      return created.body?.test_case?.expected_output_json ?? null;
    },
    shows: { order_id: 'A-1042', refund_amount: 25 },
  }),

  fault({
    id: 'ind24-config-key-rules-on-every-type',
    requirements: ['AGENT-CREATE', 'AGENT-CONFIG-ECHO'],
    slips: { 'AGENT-CREATE': ['scope'], 'AGENT-CONFIG-ECHO': ['broken'] },
    description:
      'The simulator configuration is checked through one registry of key rules keyed by key name (built from the CHAT table, the longest, with each type\'s own rules laid over it), applied to every agent type; only required keys stay per type: a MODEL_TYPE_VOICE agent whose configuration holds `response_format: "pcm_16000"` (its audio output format; no key is listed for VOICE, so any configuration is its own) is refused with INVALID_ARGUMENT as if it were a CHAT response_format, where it is created with its configuration as sent.',
    behaviour: (b) => {
      const config = b.agentRules.config;
      const chat = Object.fromEntries(
        Object.entries(config.MODEL_TYPE_CHAT ?? {}).filter(([key]) => key !== 'chat_endpoint'),
      );
      b.agentRules = {
        ...b.agentRules,
        config: Object.fromEntries(MODEL_TYPES.map((type) => [type, { ...chat, ...(config[type] ?? {}) }])),
      };
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'Voice with an audio format',
            model_type: 'MODEL_TYPE_VOICE',
            prompt: 'Greet the caller.',
            metadata: { response_format: 'pcm_16000', voice: 'verse' },
          },
        }),
      ),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind24-dashboard-if-match-wildcard-refused',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'Dashboard answers carry an ETag (the update_time in milliseconds, quoted), and a PATCH carrying If-Match is applied only when one of its listed tags equals the current one, compared as text: `If-Match: *`, which matches any current representation (RFC 9110 13.1.1; a client sends it to update only a dashboard that exists), is taken for a tag and the PATCH is refused with FAILED_PRECONDITION (HTTP 412), though the dashboard exists; the current tag, or no If-Match, is applied.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const tagOf = (updateTime: number) => `"${updateTime}"`;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const ifMatch = request()?.headers['if-match'];
        const stored = store.dashboards.get(params.dashboard_id ?? '');
        if (endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}' && ifMatch !== undefined && stored) {
          const tags = ifMatch.split(',').map((tag) => tag.trim());
          if (!tags.includes(tagOf(stored.update_time)))
            throw new ApiError('FAILED_PRECONDITION', 'The dashboard changed since it was read', [
              { field: 'If-Match', description: 'does not match the current ETag', location: 'header' },
            ]);
        }
        return named(endpoint, params, store);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'FAILED_PRECONDITION' ? 412 : status(code, endpoint));
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        if (req.method !== 'PATCH') return coded;
        let answer: unknown;
        try {
          answer = JSON.parse(bytes.toString('utf8'));
        } catch {
          return coded;
        }
        const dashboard = isJsonObject(answer) ? answer.dashboard : undefined;
        if (!isJsonObject(dashboard)) return coded;
        return { ...coded, headers: { ...coded.headers, ETag: tagOf(Date.parse(String(dashboard.update_time))) } };
      };
    },
    probe: async (call) =>
      outcome(
        await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
          body: { display_name: 'Quality overview' },
          headers: { 'If-Match': '*' },
        }),
      ),
    shows: { status: 412, code: 'FAILED_PRECONDITION' },
  }),

  fault({
    id: 'ind24-large-read-chunked-with-length',
    requirements: ['HTTP-MESSAGE-FRAMING', 'AGENT-GET', 'AGENT-PROMPT'],
    slips: ['broken'],
    description:
      'GET answers over 16 KiB are streamed by a writer that marks them `Transfer-Encoding: chunked`, while the Content-Length the framework set from the serialized text stays in place: the answer carries both, which RFC 9112 6.1 forbids ("A sender MUST NOT send a Content-Length header field in any message that contains a Transfer-Encoding header field"), and a strict client refuses it (undici: body length does not match content-length). GET of an agent with a prompt of 20,000 characters (within 50,000) cannot be read; writes, and smaller reads, are framed as they should be.',
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        return req.method === 'GET' && coded.bytes.length > 16 * 1024
          ? { ...coded, headers: { ...coded.headers, 'Transfer-Encoding': 'chunked' } }
          : coded;
      };
    },
    probe: async (call) => {
      const agent = await agentId(call, {
        display_name: 'Long prompt agent',
        model_type: 'MODEL_TYPE_VOICE',
        prompt: 'Follow the script closely. '.repeat(800),
      });
      try {
        return (await call('GET', `/v1/agents/${agent}`)).status;
      } catch (error) {
        return (error as { code?: string }).code ?? 'unreadable';
      }
    },
    shows: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  }),

  fault({
    id: 'ind24-model-type-locale-dotless-i',
    requirements: ['AGENT-MODEL-TYPE'],
    slips: ['scope'],
    description:
      "model_type is matched without regard to case by lowering it in the request's locale (`given.toLocaleLowerCase(language)`, the i18n middleware reading Accept-Language) against the values lowered in English: under `Accept-Language: tr-TR` the capital I of MODEL_TYPE_VOICE and MODEL_TYPE_OUTBOUND_VOICE lowers to a dotless ı (`model_type_voıce`), so a Turkish client creating a voice agent is refused with INVALID_ARGUMENT; the three types without an I, and every type without that header, are accepted.",
    behaviour: (b) => {
      const request = lastRequest(b);
      b.agentRules = {
        ...b.agentRules,
        modelType: (fields, { modelTypeAliases }) => {
          const given = fields.string('model_type', { required: true });
          const lowered = given.toLocaleLowerCase(languageOf(request()) ?? 'en');
          const known = MODEL_TYPES.find((type) => type.toLowerCase() === lowered) ?? modelTypeAliases[given];
          return known ?? fields.fail('model_type', `must be one of ${MODEL_TYPES.join(', ')}`);
        },
      };
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/agents', {
          body: { display_name: 'Karşılama asistanı', model_type: 'MODEL_TYPE_VOICE', prompt: 'Arayanı selamla.' },
          headers: { 'Accept-Language': 'tr-TR,tr;q=0.9' },
        }),
      ),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind24-detail-field-labels-in-request-language',
    requirements: ['ERROR-DETAILS-FIELD'],
    slips: ['scope'],
    description:
      'The details of a refused body field name it by the label the web dashboard shows beside its form input, translated into the language the request negotiated (the i18n middleware reading Accept-Language), where the field\'s name was meant to be used and only the description translated: with `Accept-Language: fr-FR` a test case without input_str is refused with `{field: "texte d\'entrée", ...}`, which names no field of the request; without Accept-Language (or in English, whose labels are the field names) details name the field.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) => {
        const named = field(detail, endpoint);
        const language = languageOf(request());
        if (detail.location !== 'body' || !language?.toLowerCase().startsWith('fr')) return named;
        const last = named.split('.').pop() ?? named;
        return FRENCH_LABELS[last] ?? named;
      };
    },
    probe: async (call) => {
      const refused = await call('POST', '/v1/test-cases', {
        body: { test_set_id: 'cftTs001' },
        headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
      });
      return {
        code: refused.body?.error?.code ?? null,
        fields: (refused.body?.error?.details ?? []).map((d: JsonObject) => d.field),
      };
    },
    shows: { code: 'INVALID_ARGUMENT', fields: ["texte d'entrée"] },
  }),

  fault({
    id: 'ind24-writes-with-cookie-held-to-csrf',
    requirements: ['AGENT-CREATE', 'MUTATION-CREATE', 'TESTCASE-CREATE', 'REVIEW-PROJECT-CREATE', 'DASHBOARD-PATCH'],
    // A condition on a header, not one endpoint of several: where the model has no scope cell, the write is broken.
    slips: {
      'AGENT-CREATE': ['scope'],
      'MUTATION-CREATE': ['broken'],
      'TESTCASE-CREATE': ['scope'],
      'REVIEW-PROJECT-CREATE': ['scope'],
      'DASHBOARD-PATCH': ['broken'],
    },
    description:
      "A write carrying a Cookie header is taken for a browser session of the web dashboard and held to its CSRF check (the session authentication class is listed before the key's, and enforces CSRF whenever a cookie is present): it needs an X-CSRF-Token header the API never issues, and is refused with PERMISSION_DENIED (HTTP 403). A client with a cookie jar that sends back the load balancer's stickiness cookie (`AWSALB=...`) with its key cannot create a test case; reads, and writes without a cookie, are served.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const headers = request()?.headers;
        if (endpoint.method !== 'GET' && headers?.cookie !== undefined && headers['x-csrf-token'] === undefined)
          throw new ApiError('PERMISSION_DENIED', 'CSRF Failed: CSRF token missing', [
            { field: 'X-CSRF-Token', description: 'is required with a session cookie', location: 'header' },
          ]);
        return named(endpoint, params, store);
      };
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/test-cases', {
          body: TEST_CASE,
          headers: { Cookie: 'AWSALB=QnJvd3NlclN0aWNreQ; AWSALBCORS=QnJvd3NlclN0aWNreQ' },
        }),
      ),
    shows: { status: 403, code: 'PERMISSION_DENIED' },
  }),

  fault({
    id: 'ind24-user-agent-without-version-internal',
    requirements: ['AGENT-GET', 'AGENT-CREATE', 'MUTATION-GET', 'TESTCASE-CREATE', 'DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A request-metrics middleware tags each request with its client from User-Agent, `ua.split("/")[1].split(" ")[0]` (the version of `product/version`), with a guard for a missing header only: a User-Agent that is a bare product token, which RFC 9110 10.1.5 allows (`product = token ["/" product-version]`, as `User-Agent: qa-runner` is), throws and the request answers 500 INTERNAL, on every endpoint but the two public ones; `qa-runner/1.2`, and requests without User-Agent, are served.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const agent = request()?.headers['user-agent'];
        if (!endpoint.public && agent !== undefined && agent.split('/')[1] === undefined)
          throw internal("TypeError: Cannot read properties of undefined (reading 'split')");
        return named(endpoint, params, store);
      };
    },
    probe: async (call) =>
      outcome(await call('POST', '/v1/test-cases', { body: TEST_CASE, headers: { 'User-Agent': 'qa-runner' } })),
    shows: { status: 500, code: 'INTERNAL' },
  }),

  fault({
    id: 'ind24-wildcard-accept-browsable-html',
    requirements: ['RESPONSE-ACCEPT-JSON', 'AGENT-GET'],
    slips: ['broken'],
    description:
      "The reads' renderer list puts the framework's browsable HTML renderer before the JSON one (a settings change meant for the web dashboard's developers), and content negotiation hands a wildcard to the first renderer listed: a GET with `Accept: */*`, what curl and most HTTP clients send, is answered with an HTML page (text/html) showing the agent, where JSON satisfies `*/*` and the answer without Accept is JSON; `Accept: application/json`, or no Accept, gets the JSON.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        const accept = request()?.headers.accept;
        if (
          endpoint.public ||
          endpoint.method !== 'GET' ||
          accept === undefined ||
          accept.split(',')[0]?.split(';')[0]?.trim() !== '*/*'
        )
          return shaped;
        const text = JSON.stringify(shaped, null, 2).replace(/&/g, '&amp;').replace(/</g, '&lt;');
        return new RawText(
          'text/html; charset=utf-8',
          `<!DOCTYPE html><html><head><title>Agent Evaluation API</title></head><body><pre>${text}</pre></body></html>`,
        );
      };
    },
    probe: async (call) => {
      const agent = await agentId(call, { display_name: 'Browsable agent', model_type: 'MODEL_TYPE_VOICE' });
      const got = await call('GET', `/v1/agents/${agent}`, { headers: { Accept: '*/*' } });
      return { status: got.status, type: got.contentType.split(';')[0], json: typeof got.body === 'object' };
    },
    shows: { status: 200, type: 'text/html', json: false },
  }),

  fault({
    id: 'ind24-reads-busy-during-mutation-write',
    requirements: ['AGENT-GET', 'MUTATION-GET'],
    slips: ['broken'],
    description:
      "Agents and mutations live in one SQLite database in rollback-journal mode without a busy timeout, and a mutation creation holds its write transaction across the write's await: a GET of an agent or of a mutation that arrives while a mutation is being created finds the database locked (SQLITE_BUSY) and answers 500 INTERNAL instead of the resource; the same GET a moment earlier or later is served.",
    behaviour: (b) => {
      let writing = 0;
      const beforeStore = b.mutationRules.beforeStore;
      b.mutationRules = {
        ...b.mutationRules,
        beforeStore: async (agentId) => {
          writing++;
          try {
            await delay(150);
            await beforeStore(agentId);
          } finally {
            writing--;
          }
        },
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (
          writing > 0 &&
          (endpoint.key === 'GET /v1/agents/{agent_id}' ||
            endpoint.key === 'GET /v1/agents/{agent_id}/mutations/{mutation_id}')
        )
          throw internal('SQLITE_BUSY: database is locked');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const agent = await agentId(call, {
        display_name: 'Read while writing',
        model_type: 'MODEL_TYPE_VOICE',
        prompt: 'Answer briefly.',
      });
      const [created, read] = await Promise.all([
        call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'Warmer tone' } }),
        delay(40).then(() => call('GET', `/v1/agents/${agent}`)),
      ]);
      return { created: created.status, read: outcome(read) };
    },
    shows: { created: 200, read: { status: 500, code: 'INTERNAL' } },
  }),

  fault({
    id: 'ind24-escaped-member-names-not-matched',
    requirements: ['REQUEST-JSON-FORMS', 'TESTCASE-CREATE'],
    slips: { 'REQUEST-JSON-FORMS': ['broken'], 'TESTCASE-CREATE': ['scope'] },
    description:
      'Request bodies are read by a streaming reader that unescapes values but compares member names as they are written in the body (as simdjson\'s on-demand `find_field` compares raw keys): a member whose name is written with an escape, `"input\\u005fstr"`, which JSON reads as `input_str` (RFC 8259 7: any character may be escaped), is not found, and the test case is refused with INVALID_ARGUMENT for a missing input_str; escapes inside values, and names written plainly, are read as they should be.',
    behaviour: (b) => {
      const body = b.requestBody;
      b.requestBody = (text, headers) => body(rawMemberNames(text), headers);
    },
    probe: async (call) =>
      outcome(
        await call('POST', '/v1/test-cases', {
          raw: '{"test_set_id": "cftTs001", "input\\u005fstr": "The caller asks for a refund."}',
        }),
      ),
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind24-accept-language-wildcard-internal',
    requirements: [
      'AGENT-CREATE',
      'AGENT-GET',
      'MUTATION-CREATE',
      'TESTCASE-CREATE',
      'REVIEW-PROJECT-CREATE',
      'DASHBOARD-PATCH',
    ],
    slips: ['broken'],
    description:
      'The locale middleware builds `new Intl.Locale(range)` from the first range of Accept-Language, which throws a RangeError on the wildcard `*`, a valid language range (RFC 9110 12.5.4, RFC 4647 2.1: "*" matches any language) that proxies and some HTTP clients send: every request carrying `Accept-Language: *` answers 500 INTERNAL instead of being served; a request with a language tag, or without the header, is served.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const language = languageOf(request());
        if (language === '*') throw internal('RangeError: Incorrect locale information provided');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) =>
      outcome(await call('POST', '/v1/test-cases', { body: TEST_CASE, headers: { 'Accept-Language': '*' } })),
    shows: { status: 500, code: 'INTERNAL' },
  }),

  fault({
    id: 'ind24-mutation-name-unique-per-agent-name',
    requirements: ['MUTATION-DISPLAY-NAME-PER-AGENT'],
    slips: ['broken'],
    description:
      "A mutation's display_name is held unique per parent through the variants table of the web dashboard, which groups variants under their agent's display_name, not its id (agents may share a name): under a second agent named like the first (`Support bot`), a mutation named as one of the first agent's is refused with ALREADY_EXISTS, though the two agents are different and names are unique per agent; under agents with names of their own, the same name is accepted.",
    behaviour: (b) => {
      const agents = storedAgents(b);
      // The stored agents are an iterator, read once per request: their names are kept for the request's checks.
      let read: Iterable<AgentRecord> | undefined;
      let names = new Map<string, string>();
      const agentNames = (): Map<string, string> => {
        const current = agents();
        if (current !== read) {
          read = current;
          names = new Map([...current].map((agent) => [agent.id, agent.display_name]));
        }
        return names;
      };
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          if (taken(other, agentId, displayName)) return true;
          if (other.deleted || other.display_name !== displayName) return false;
          const known = agentNames();
          return known.get(other.agent_id) === known.get(agentId);
        },
      };
    },
    probe: async (call) => {
      const agent = { display_name: 'Support bot', model_type: 'MODEL_TYPE_VOICE', prompt: 'Help the caller.' };
      const first = await agentId(call, agent);
      const second = await agentId(call, agent);
      await call('POST', `/v1/agents/${first}/mutations`, { body: { display_name: 'Calmer tone' } });
      return outcome(await call('POST', `/v1/agents/${second}/mutations`, { body: { display_name: 'Calmer tone' } }));
    },
    shows: { status: 409, code: 'ALREADY_EXISTS' },
  }),

  fault({
    id: 'ind24-mutation-config-delta-validated-whole',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'A mutation\'s override of the simulator configuration (`config_overrides.metadata`) is validated with the agent type\'s configuration rules as if it were a whole configuration, not the delta the specification describes ("delta merged with the parent agent configuration at runtime"): under a CHAT agent, `config_overrides: {metadata: {response_format: "responses"}}`, which changes one key of a configuration that has its chat_endpoint, is refused with INVALID_ARGUMENT for a missing chat_endpoint; an override that repeats every required key, or overrides of agent fields, are accepted.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const agents = storedAgents(b);
      const read = b.mutationRules.fields.config_overrides;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          config_overrides: (fields, body) => {
            const overrides = read(fields, body);
            const agentId = /^\/v1\/agents\/([^/]+)\/mutations/.exec(String(request()?.url))?.[1];
            const parent = [...agents()].find((agent) => agent.id === agentId);
            const delta = overrides[b.simulatorConfigField] ?? overrides.metadata;
            if (parent && isJsonObject(delta))
              validateSimulatorConfig(
                b.agentRules.config,
                parent.model_type,
                new Fields(delta, b.limits, 'config_overrides.metadata'),
              );
            return overrides;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = await agentId(call, {
        display_name: 'Chat agent with overrides',
        model_type: 'MODEL_TYPE_CHAT',
        prompt: 'Help the customer.',
        metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', response_format: 'chat_completions' },
      });
      return outcome(
        await call('POST', `/v1/agents/${agent}/mutations`, {
          body: { display_name: 'Responses API', config_overrides: { metadata: { response_format: 'responses' } } },
        }),
      );
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_24_FAULTS: readonly Fault<(typeof FAULTS_24)[number]['id']>[] = FAULTS_24;
