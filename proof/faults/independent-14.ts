// Round 14 of the independent fault writers (issue #30, point 4): faults written from the
// specification and the reference service alone, without reading the suite's checks.
//
// Review (coordinator): three of 28 dropped. A runs order_by on a field the list filters by but does not list for
// order (tag, created_by) recognised (an extension, as extra fields are; a field no list knows is refused); a page
// token from an ascending walk resumed under the descending order (a token sent with another query may be served,
// and what it then serves is not stated); listed URLs carrying `?format=yaml`, served as YAML whatever Accept asks
// (the listing's URLs are the server's own: one that names a form, as a static file would, may serve that form;
// the document it serves is the same).

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { HOUR } from '../../lib/reference/fixtures/time.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { listTable } from '../../lib/reference/listing/tables.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { notFound } from '../../lib/reference/http/errors.js';
import { isEmail, isHttpUrl, isPublicHost } from '../../lib/reference/validation/formats.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, mapOperations, presentWith, respondWith } from './define.js';
import { tokensReadAs } from './list-seams.js';

/** The fixtures the reference is seeded with (the same ids at every start). */
const { fixtures: FIXTURES, store: SEEDED } = seedStore(ALPHANUMERIC);

/** Two runs created less than two hours apart: the later one's create_time, and the earlier one's id. */
const RUNS_BY_TIME = [...SEEDED.runs.values()].sort((a, b) => a.create_time - b.create_time);
const CLOSE_PAIR = RUNS_BY_TIME.map((run, i) => [RUNS_BY_TIME[i - 1], run] as const).find(
  ([before, run]) =>
    before !== undefined && run.create_time > before.create_time && run.create_time - before.create_time < 2 * HOUR,
)!;
const LATER_RUN_TIME = new Date(CLOSE_PAIR[1].create_time).toISOString().replace('.000Z', 'Z');
const EARLIER_RUN_ID = CLOSE_PAIR[0]!.run_id;

/** A simulation with outputs of at least two metric names, and one of those names. */
const [MULTI_SIMULATION, ONE_METRIC_NAME] = [...SEEDED.simulations.entries()]
  .map(([id, outputs]) => [id, [...new Set([...outputs.values()].map((o) => o.metric_name))]] as const)
  .filter(([, names]) => names.length >= 2)
  .map(([id, names]) => [id, names[0]!] as const)[0]!;
const SIMULATION_ID = [...SEEDED.simulations.keys()][0]!;
const SOME_METRIC_ID = [...[...SEEDED.simulations.values()][0]!.values()][0]!.metric_id;

/** A failed run with its error text. */
const FAILED_RUN_ID = [...SEEDED.runs.values()].find((r) => r.error)!.run_id;
/** A scheduled run that is disabled. */
const DISABLED_SCHEDULED_RUN_ID = [...SEEDED.scheduledRuns.values()].find((r) => !r.enabled)!.id;

/** The JSON form of the first listed document. */
async function firstDocumentJson(call: Call): Promise<JsonObject> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
  const doc = await call('GET', url.slice(url.indexOf('/v1/openapi/')), {
    key: null,
    headers: { Accept: 'application/json' },
  });
  return (doc.body ?? {}) as JsonObject;
}

const VOICE_AGENT = { display_name: 'Round 14 agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550144' };

/** Creates a voice agent (with `extra` fields) and answers its id. */
async function newAgent(call: Call, extra: JsonObject = {}): Promise<string> {
  const created = await call('POST', '/v1/agents', { body: { ...VOICE_AGENT, ...extra } });
  return String(created.body.agent.id);
}

/** The status a CHAT agent with this chat_endpoint is answered with. */
const chatAgentStatus = async (call: Call, chatEndpoint: string): Promise<number> =>
  (
    await call('POST', '/v1/agents', {
      body: { display_name: 'Round 14 chat', model_type: 'MODEL_TYPE_CHAT', metadata: { chat_endpoint: chatEndpoint } },
    })
  ).status;

/** Replaces the check of a CHAT configuration's chat_endpoint with one that takes the host from `hostOf`. */
function chatEndpointHostFrom(
  b: Parameters<Parameters<typeof fault>[0]['behaviour']>[0],
  hostOf: (url: string) => string,
): void {
  const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
  b.agentRules.config = {
    ...b.agentRules.config,
    MODEL_TYPE_CHAT: {
      ...chat,
      chat_endpoint: (c, k) =>
        void c.string(k, {
          required: true,
          check: { test: (v) => isHttpUrl(v) && isPublicHost(hostOf(v)), description: 'a public HTTP or HTTPS URL' },
        }),
    },
  };
}

/** A filter expression with every comparison passed through `change`. */
function mapComparisons(expr: FilterExpr, change: (c: FilterExpr & { kind: 'cmp' }) => FilterExpr): FilterExpr {
  return expr.kind === 'cmp' ? change(expr) : { ...expr, terms: expr.terms.map((t) => mapComparisons(t, change)) };
}

export const UNDETECTED: Readonly<Record<string, string>> = {};

export const INDEPENDENT_14_FAULTS = [
  fault({
    id: 'ind14-chat-endpoint-userinfo-host',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description:
      'chat_endpoint is parsed as a URL, but the host screened for private addresses is taken with a pattern (`^scheme://([^/?#:]*)`) that does not know the userinfo part: `https://api.example.com@127.0.0.1/chat`, a URL whose host is the loopback address, is screened as `api.example.com@127.0.0.1` and accepted.',
    behaviour: (b) => chatEndpointHostFrom(b, (v) => /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]*)/i.exec(v)?.[1] ?? ''),
    probe: (call) => chatAgentStatus(call, 'https://api.example.com@127.0.0.1/chat'),
    shows: 200,
  }),
  fault({
    id: 'ind14-chat-endpoint-host-with-port',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description:
      "chat_endpoint's host is screened from the parsed URL's `host` (name and port) instead of its `hostname`: a private or loopback address with an explicit port, `https://localhost:8443/chat` or `http://10.0.0.7:8080/chat`, matches no private pattern and is accepted; without a port it is refused.",
    behaviour: (b) => chatEndpointHostFrom(b, (v) => new URL(v).host),
    probe: (call) => chatAgentStatus(call, 'http://10.0.0.7:8080/chat'),
    shows: 200,
  }),
  fault({
    id: 'ind14-mutation-name-unique-by-slug',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "A mutation's display_name is held unique through a slug of it (blanks, hyphens and underscores alike become one `-`, letter case kept): under an agent with a mutation `Fast mode`, a mutation named `Fast-mode` or `Fast_mode`, another name, is refused with ALREADY_EXISTS.",
    behaviour: (b) => {
      const slug = (name: string) => name.replace(/[\s_-]+/g, '-');
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) =>
          other.agent_id === agentId && !other.deleted && slug(other.display_name) === slug(displayName),
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Fast mode' } });
      const second = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Fast-mode' } });
      return [second.status, second.body?.mutation?.display_name ?? second.body?.error?.code];
    },
    shows: [409, 'ALREADY_EXISTS'],
  }),
  fault({
    id: 'ind14-expected-output-wrapped-json-encoded',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['broken'],
    description:
      'expected_output_str given without expected_behaviors is wrapped into a one-element list by writing the list as JSON text and reading it back through a helper that encodes its items again: `Greets the caller` becomes `["\\"Greets the caller\\""]`, the string with its quotes.',
    behaviour: (b) => {
      b.testCaseFields = {
        ...b.testCaseFields,
        expected_behaviors: (f) => {
          const deprecated = f.string('expected_output_str');
          return f.strings('expected_behaviors') ?? (deprecated === null ? null : [JSON.stringify(deprecated)]);
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { test_set_id: 'ts14abcd', input_str: 'Hello', expected_output_str: 'Greets the caller' },
      });
      return created.body?.test_case?.expected_behaviors;
    },
    shows: ['"Greets the caller"'],
  }),
  fault({
    id: 'ind14-runs-filter-time-read-as-local',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'A time in a runs filter is parsed without its zone designator (a naive parse of `...Z`) and taken as the server\'s local time, UTC+2: `create_time >= "2026-01-05T07:51:00Z"` is read as 05:51Z and also lists the runs created in the two hours before.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        if (expr === null || list.id !== 'runs') return expr;
        return mapComparisons(expr, (c) => {
          const at = Date.parse(c.value);
          return (c.field === 'create_time' || c.field === 'update_time') && !Number.isNaN(at)
            ? { ...c, value: new Date(at - 2 * HOUR).toISOString() }
            : c;
        });
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent(`create_time >= "${LATER_RUN_TIME}"`);
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      return (page.body?.runs as { run_id: string }[] | undefined)?.some((r) => r.run_id === EARLIER_RUN_ID) ?? null;
    },
    shows: true,
  }),
  fault({
    id: 'ind14-review-description-null-refused',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project\'s description, "string or null", is read with a string check that lets it be absent but not null: `"description": null` is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const description = b.reviewProjectFields.description;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        description: (f) => {
          if (f.has('description') && f.string('description') === null) f.fail('description', 'must be a string');
          return description(f);
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Round 14 review',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: [SIMULATION_ID],
          linked_metric_ids: [SOME_METRIC_ID],
          description: null,
        },
      });
      return [created.status, created.body?.error?.code ?? created.body?.review_project?.description];
    },
    shows: [400, 'INVALID_ARGUMENT'],
  }),
  fault({
    id: 'ind14-filter-cut-at-encoded-ampersand',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'The query string is percent-decoded whole before it is split into parameters, so an `&` sent encoded (`%26`) inside a quoted filter value ends the parameter: `filter=name = "Q&A"` is read as `name = "Q` and refused as malformed (an unterminated quote).',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => filter(raw === null ? raw : raw.split('&')[0]!, list);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/personas?filter=${encodeURIComponent('name = "Q&A"')}`);
      return [answer.status, answer.body?.error?.code ?? answer.body?.personas?.length];
    },
    shows: [400, 'INVALID_ARGUMENT'],
  }),
  fault({
    id: 'ind14-mutation-parameter-value-empty-refused',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['explicit'],
    description:
      'Given parameter_values are checked with the non-empty string check of display_name: a value `""` (a string, as the specification asks) is refused with INVALID_ARGUMENT instead of kept.',
    behaviour: (b) => {
      const read = b.mutationRules.fields.parameter_values;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          parameter_values: (f, body) => {
            const values = read(f, body);
            if (values && Object.values(values).includes('')) f.fail('parameter_values', 'values must not be empty');
            return values;
          },
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Blank label', parameter_values: { label: '' } },
      });
      return [created.status, created.body?.error?.code ?? created.body?.mutation?.parameter_values];
    },
    shows: [400, 'INVALID_ARGUMENT'],
  }),
  fault({
    id: 'ind14-metrics-filter-dropped-when-ordered',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      'The simulation metrics list builds a query with an explicit order_by on another path, which leaves out the filter: `filter=metric_name = "X"&order_by=value` lists every output of the simulation; without order_by the filter holds.',
    behaviour: (b) => {
      let ordered = false;
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        ordered = list.id === 'metrics' && raw !== null && raw !== '';
        return order(raw, list);
      };
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => ordered || matches(expr, item, fields);
    },
    probe: async (call) => {
      const filter = encodeURIComponent(`metric_name = "${ONE_METRIC_NAME}"`);
      const page = await call(
        'GET',
        `/v1/simulations/${MULTI_SIMULATION}/metrics?page_size=1000&order_by=value&filter=${filter}`,
      );
      return (
        (page.body?.metrics as { metric_name: string }[] | undefined)?.every(
          (m) => m.metric_name === ONE_METRIC_NAME,
        ) ?? null
      );
    },
    shows: false,
  }),
  fault({
    id: 'ind14-personas-desc-suffix-token-refused',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['broken'],
    description:
      'A personas page token is stamped with the query it continues, order_by normalized (`name desc` written `-name`), but checked against order_by as the next request sends it: every walk ordered with the trailing ` desc` is refused at its second page with INVALID_ARGUMENT (the token "was issued for a different order_by"); with the dash it goes on.',
    behaviour: (b) => {
      let suffixed = false;
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        suffixed = list.id === 'personas' && /\sdesc\s*$/i.test(raw ?? '');
        return order(raw, list);
      };
      tokensReadAs(b, (token, _list, correct) => {
        const cursor = correct(token);
        return cursor && suffixed ? { ...cursor, fingerprint: `${cursor.fingerprint}~` } : cursor;
      });
    },
    probe: async (call) => {
      const order = encodeURIComponent('name desc');
      const first = await call('GET', `/v1/personas?page_size=2&order_by=${order}`);
      const token = encodeURIComponent(String(first.body?.next_page_token ?? ''));
      const second = await call('GET', `/v1/personas?page_size=2&order_by=${order}&page_token=${token}`);
      return [second.status, second.body?.error?.code ?? second.body?.personas?.length];
    },
    shows: [400, 'INVALID_ARGUMENT'],
  }),
  fault({
    id: 'ind14-review-display-name-apostrophe-internal',
    requirements: ['REVIEW-PROJECT-DISPLAY-NAME', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "A review project's display_name is spliced into a hand-written INSERT between single quotes: a name holding an apostrophe (`O'Brien escalations`, 1 to 200 characters) breaks the statement and is answered 500 INTERNAL instead of created.",
    behaviour: (b) => {
      const displayName = b.reviewProjectFields.display_name;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        display_name: (f) => {
          const name = displayName(f);
          if (name.includes("'")) throw new Error(`syntax error at or near "${name.slice(name.indexOf("'") + 1)}"`);
          return name;
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: "O'Brien escalations",
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: [SIMULATION_ID],
          linked_metric_ids: [SOME_METRIC_ID],
        },
      });
      return [created.status, created.body?.error?.code ?? created.body?.review_project?.display_name];
    },
    shows: [500, 'INTERNAL'],
  }),
  fault({
    id: 'ind14-mutation-name-unique-on-prefix',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "A mutation's display_name is held unique through an index on its first 191 characters (the longest utf8mb4 key prefix), while names run to 200: two names of the same agent that share their first 191 characters and differ after, both valid and distinct, collide, and the second is refused with ALREADY_EXISTS.",
    behaviour: (b) => {
      const prefix = (name: string) => [...name].slice(0, 191).join('');
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) =>
          other.agent_id === agentId && !other.deleted && prefix(other.display_name) === prefix(displayName),
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const stem = 'Variant '.padEnd(191, 'x');
      await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: `${stem} A` } });
      const second = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: `${stem} B` } });
      return [second.status, second.body?.error?.code ?? 'created'];
    },
    shows: [409, 'ALREADY_EXISTS'],
  }),
  fault({
    id: 'ind14-dashboard-name-max-checked-trimmed',
    requirements: ['DASHBOARD-DISPLAY-NAME'],
    slips: ['bound'],
    description:
      "A dashboard PATCH checks display_name's length on the name trimmed of surrounding blanks but stores and answers it as sent: 255 characters and a trailing blank, 256 in all, are accepted and kept; 256 characters without blanks are refused.",
    behaviour: (b) => {
      let patching = false;
      let sent: string | null = null;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        patching = req.method === 'PATCH';
        sent = null;
        return presented(req);
      };
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const read = requestBody(text, headers);
        if (!patching) return read;
        try {
          const body = JSON.parse(read) as JsonObject;
          if (typeof body.display_name !== 'string' || body.display_name.trim() === body.display_name) return read;
          sent = body.display_name;
          return JSON.stringify({ ...body, display_name: body.display_name.trim() });
        } catch {
          return read;
        }
      };
      presentWith(b, 'dashboard', (view) => (sent === null ? view : { ...view, display_name: sent }));
      const kept = b.kept;
      b.kept = (kind, updated, previous) =>
        kept(kind, kind === 'dashboard' && sent !== null ? { ...updated, display_name: sent } : updated, previous);
    },
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: `${'Q'.repeat(255)} ` },
      });
      return [answer.status, answer.body?.error?.code ?? [...String(answer.body?.dashboard?.display_name)].length];
    },
    shows: [200, 256],
  }),
  fault({
    id: 'ind14-auth-page-token-skips-key',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['broken'],
    description:
      'A request carrying a genuine page_token is let through without X-API-Key: the signed token, issued to a caller that held the key, is taken as proof of it, so the pages after the first of any list are served to anyone holding a token. A first page, or a forged token, still needs the key.',
    behaviour: (b) => {
      let carriesToken = false;
      const codec = b.lists.tokens(listTable('personas'));
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const token = new URL(String(req.url), 'http://reference.invalid').searchParams.get('page_token');
        carriesToken = token !== null && token !== '' && codec.decode(token) !== null;
        return presented(req);
      };
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) => carriesToken || accepts(endpoint, key);
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/personas?page_size=2');
      const token = encodeURIComponent(String(first.body?.next_page_token ?? ''));
      const second = await call('GET', `/v1/personas?page_size=2&page_token=${token}`, { key: null });
      return [second.status, second.body?.error?.code ?? second.body?.personas?.length];
    },
    shows: [200, 2],
  }),
  fault({
    id: 'ind14-body-escaped-surrogate-pair-replaced',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'The request body reader decodes each `\\uXXXX` escape on its own: an astral character written as an escaped surrogate pair (`\\ud83d\\ude80`, the form JSON writers that escape non-ASCII use) becomes two replacement characters (U+FFFD) instead of the character; the same character sent as UTF-8 is kept.',
    behaviour: (b) => {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) =>
        requestBody(text, headers).replace(/\\ud[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}/gi, '\\ufffd\\ufffd');
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        raw: '{"display_name":"Launch \\ud83d\\ude80 agent","model_type":"MODEL_TYPE_VOICE","phone_number":"+14155550144"}',
      });
      return created.body?.agent?.display_name;
    },
    shows: 'Launch \uFFFD\uFFFD agent',
  }),
  fault({
    id: 'ind14-spec-security-anonymous-alternative',
    requirements: ['SPEC-SECURITY-API-KEY'],
    slips: ['broken'],
    description:
      'The published documents give every secured operation (and the document) the requirement list `[{<key scheme>: []}, {}]`: the empty alternative, which a generator adds where an operation "may" be called without credentials, documents the X-API-Key as optional on every endpoint that needs it.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const optional = (security: unknown) =>
          Array.isArray(security) && security.length > 0 ? [...(security as JsonObject[]), {}] : security;
        const operations = mapOperations(doc, (op) =>
          op.security === undefined ? op : { ...op, security: optional(op.security) },
        );
        return {
          ...doc,
          paths: operations,
          ...(doc.security === undefined ? {} : { security: optional(doc.security) }),
        };
      }),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
      const doc = await call('GET', url.slice(url.indexOf('/v1/openapi/')), {
        key: null,
        headers: { Accept: 'application/json' },
      });
      const paths = (doc.body?.paths ?? {}) as Record<string, Record<string, { security?: JsonObject[] }>>;
      const security = paths['/v1/agents/{agent_id}']?.get?.security ?? doc.body?.security;
      return (security as JsonObject[] | undefined)?.some((s) => Object.keys(s).length === 0) ?? null;
    },
    shows: true,
  }),
  fault({
    id: 'ind14-spec-openapi-version-without-patch',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published documents give their OpenAPI version as `openapi: "3.1"` (the minor version a settings file names), not a full version such as `3.1.0`: the field must hold the version number `3.1.x`, and validators refuse the document.',
    behaviour: (b) => finalizeWith(b, (doc) => ({ ...doc, openapi: '3.1' })),
    probe: async (call) => (await firstDocumentJson(call)).openapi,
    shows: '3.1',
  }),
  fault({
    id: 'ind14-run-error-as-status-object',
    requirements: ['RUN-FIELDS', 'SCHEMA-CANONICAL'],
    slips: { 'RUN-FIELDS': ['broken'], 'SCHEMA-CANONICAL': ['type'] },
    description:
      "A failed run's error is served as the status object it is stored as (`{code, message}`, a google.rpc.Status), not as its error text: the specification's `error` is a string.",
    behaviour: (b) =>
      presentWith(b, 'run', (view) =>
        typeof view.error === 'string' && view.error !== ''
          ? { ...view, error: { code: 'DEADLINE_EXCEEDED', message: view.error } }
          : view,
      ),
    probe: async (call) => {
      const page = await call('GET', '/v1/runs?page_size=1000');
      const run = (page.body?.runs as { run_id: string; error?: unknown }[] | undefined)?.find(
        (r) => r.run_id === FAILED_RUN_ID,
      );
      return typeof run?.error;
    },
    shows: 'object',
  }),
  fault({
    id: 'ind14-scheduled-run-disabled-expression-null',
    requirements: ['SCHEDULED-RUN-EXPRESSION-FORM', 'SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "A scheduled run's schedule_expression is read from its live scheduler rule, which disabling removes: a disabled scheduled run is served with schedule_expression null instead of its `rate(...)` or `cron(...)` expression; enabled ones show it.",
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view, record) =>
        (record as { enabled?: boolean }).enabled === false ? { ...view, schedule_expression: null } : view,
      ),
    probe: async (call) =>
      (await call('GET', `/v1/scheduled-runs/${DISABLED_SCHEDULED_RUN_ID}`)).body?.scheduled_run?.schedule_expression,
    shows: null,
  }),
  fault({
    id: 'ind14-websocket-without-config-internal',
    requirements: ['WEBSOCKET-ENDPOINT', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      "A WEBSOCKET agent sent without any simulator configuration object fails with 500 INTERNAL: the reader takes the configuration's `endpoint` without checking that the object is there. With a configuration that lacks endpoint, the agent is refused with INVALID_ARGUMENT as it should be.",
    behaviour: (b) => {
      const metadata = b.agentRules.fields.metadata;
      b.agentRules = {
        ...b.agentRules,
        fields: {
          ...b.agentRules.fields,
          metadata: (f, request) => {
            if (request.modelType === 'MODEL_TYPE_WEBSOCKET' && request.body[request.configField] == null)
              throw new TypeError("Cannot read properties of undefined (reading 'endpoint')");
            return metadata(f, request);
          },
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'Round 14 socket', model_type: 'MODEL_TYPE_WEBSOCKET' },
      });
      return [created.status, created.body?.error?.code ?? 'created'];
    },
    shows: [500, 'INTERNAL'],
  }),
  fault({
    id: 'ind14-review-missing-field-detail-swapped',
    requirements: ['REQUEST-MISSING-REQUIRED'],
    slips: ['scope'],
    description:
      'POST /v1/review-projects builds the detail of a missing required field with its two arguments swapped: `{field: "is required", description: "assignees"}`, so the detail\'s field does not name the missing field. Other refusals, and other endpoints, name it.',
    behaviour: (b) => {
      let reviewCreate = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        reviewCreate = req.method === 'POST' && String(req.url).startsWith('/v1/review-projects');
        return presented(req);
      };
      const details = b.errors.details;
      b.errors.details = (error) =>
        details(error).map((d) =>
          reviewCreate && error.code === 'INVALID_ARGUMENT' && d.description === 'is required'
            ? { ...d, field: d.description, description: d.field }
            : d,
        );
    },
    probe: async (call) => {
      const refused = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Round 14 review',
          linked_simulation_ids: [SIMULATION_ID],
          linked_metric_ids: [SOME_METRIC_ID],
        },
      });
      return refused.body?.error?.details?.[0]?.field;
    },
    shows: 'is required',
  }),
  fault({
    id: 'ind14-script-turns-checked-only-after-input-type',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['broken'],
    description:
      'A test case body is read in the order its keys arrive, and simulation_metadata_input is checked against the input_type read so far: sent before `"input_type": "SCRIPT"`, a simulation_metadata_input whose script_turns is not a list of strings (`"script_turns": "hello"`) is stored unchecked; sent after it, it is refused.',
    behaviour: (b) => {
      const read = b.testCaseFields.simulation_metadata_input;
      b.testCaseFields = {
        ...b.testCaseFields,
        simulation_metadata_input: (f, request) => {
          const keys = Object.keys(request.body);
          const typeSeen = keys.indexOf('input_type');
          return typeSeen > keys.indexOf('simulation_metadata_input') && keys.includes('simulation_metadata_input')
            ? f.object('simulation_metadata_input')
            : read(f, request);
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        raw: '{"simulation_metadata_input":{"script_turns":"hello"},"input_type":"SCRIPT","input_str":"Call","test_set_id":"ts14abcd"}',
      });
      return [
        created.status,
        created.body?.error?.code ?? created.body?.test_case?.simulation_metadata_input?.script_turns,
      ];
    },
    shows: [200, 'hello'],
  }),
  fault({
    id: 'ind14-phone-numbers-number-field',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['broken'],
    description:
      'GET /v1/personas/phone-numbers serves each element with its column names, `{index, number}`, instead of `{index, phone_number}`.',
    behaviour: (b) =>
      respondWith(b, 'GET /v1/personas/phone-numbers', (body) => {
        const numbers = body.phone_numbers as Record<string, { index: number; phone_number: string }[]>;
        const rename = (list: { index: number; phone_number: string }[]) =>
          list.map(({ index, phone_number }) => ({ index, number: phone_number }));
        return {
          ...body,
          phone_numbers: { inbound: rename(numbers.inbound ?? []), outbound: rename(numbers.outbound ?? []) },
        };
      }),
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas/phone-numbers');
      const first = answer.body?.phone_numbers?.inbound?.[0] ?? answer.body?.phone_numbers?.outbound?.[0];
      return Object.keys(first ?? {}).sort();
    },
    shows: ['index', 'number'],
  }),
  fault({
    id: 'ind14-metrics-forged-token-not-found',
    requirements: ['LIST-PAGE-TOKEN-FORGED'],
    slips: ['scope'],
    description:
      'The simulation metrics list looks a page_token up as a stored cursor and answers one it never issued with NOT_FOUND ("cursor not found"), not INVALID_ARGUMENT; the personas and runs lists refuse it with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, list) =>
        list.id === 'metrics' && problem === 'unknown'
          ? notFound('cursor', 'page_token', 'query')
          : refuse(problem, list);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/simulations/${SIMULATION_ID}/metrics?page_token=bm90LWEtdG9rZW4`);
      return [answer.status, answer.body?.error?.code];
    },
    shows: [404, 'NOT_FOUND'],
  }),
  fault({
    id: 'ind14-review-assignees-any-valid',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['broken'],
    description:
      'A review project\'s assignees are checked with `some` where `every` was meant: a list in which one assignee is an e-mail address passes whole, so `["lead@example.com", "not an address"]` is accepted; a list of no address at all is refused.',
    behaviour: (b) => {
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (f) => {
          const assignees = f.strings('assignees', { required: true, limit: 'reviewProject.assignees' });
          if (!assignees.some(isEmail)) f.fail('assignees', 'must be e-mail addresses');
          return assignees;
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Round 14 mixed reviewers',
          assignees: ['lead@example.com', 'not an address'],
          linked_simulation_ids: [SIMULATION_ID],
          linked_metric_ids: [SOME_METRIC_ID],
        },
      });
      return [created.status, created.body?.error?.code ?? created.body?.review_project?.assignees?.length];
    },
    shows: [200, 2],
  }),
] as const;
