// Round 12 of the independent fault writers (issue #30, point 4): faults written from the
// specification and the reference service alone, without reading the suite's checks.
//
// Review (coordinator): one of 30 dropped: `+` in a query kept as a plus rather than read as a space (RFC 3986
// makes `+` a literal in a query; reading it as a space is the form-encoding convention: either is a reading).
// Borderline but kept: a VOICE agent's configuration dropped (neither refused nor stored), If-None-Match answered
// 304 with no tag matched (HTTP semantics), answers in Latin-1 to Accept-Charset (JSON exchanged is UTF-8).

import type { IncomingMessage } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { ID_RULES } from '../../lib/contract/ids.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { RawText } from '../../lib/reference/http/context.js';
import { internal, invalidArgument, notFound } from '../../lib/reference/http/errors.js';
import { resolve } from '../../lib/reference/http/router.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { fitsIdRule } from '../../lib/reference/validation/id-format.js';
import { flattenToStrings } from '../../lib/reference/validation/mutations.js';
import type { Comparison, FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, lastRequest, notModifiedWhen, presentWith, rereadTestCase, respondWith } from './define.js';

/** The fixtures the reference is seeded with (the same ids at every start). */
const { fixtures: FIXTURES, store: SEEDED } = seedStore(ALPHANUMERIC);

const VOICE_AGENT = { display_name: 'Round 12 agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550142' };

/** Creates a voice agent (with `extra` fields) and answers its id. */
async function newAgent(call: Call, extra: JsonObject = {}): Promise<string> {
  const created = await call('POST', '/v1/agents', { body: { ...VOICE_AGENT, ...extra } });
  return String(created.body.agent.id);
}

const SIMULATION = [...SEEDED.simulations.entries()][0]!;

/** A valid review project body: one reviewer, a seeded simulation and the metric of one of its outputs. */
const REVIEW_PROJECT = {
  display_name: 'Round 12 review',
  assignees: ['ana@example.com'],
  linked_simulation_ids: [SIMULATION[0]],
  linked_metric_ids: [[...SIMULATION[1].values()][0]!.metric_id],
};

const errorCode = (body: unknown): unknown => (body as { error?: { code?: unknown } } | undefined)?.error?.code ?? null;

/** The path of the request each headers object came with (a request's body is read after other requests may have started). */
const pathOf = new WeakMap<object, string>();

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export const INDEPENDENT_12_FAULTS = [
  fault({
    id: 'ind12-mutation-redelete-skips-key',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'DELETE of a mutation already deleted is answered by an idempotency shortcut placed before authentication (a deleted-ids set checked first, to answer repeats cheaply): repeating the deletion without any X-API-Key succeeds with `{}` instead of UNAUTHENTICATED; a first deletion, and every other request, still needs the key.',
    behaviour: (b) => {
      const deleted = new Set<string>();
      const deletes = b.mutationRules.deletes;
      b.mutationRules = {
        ...b.mutationRules,
        deletes: (target, all) => {
          const marked = deletes(target, all);
          for (const m of marked) deleted.add(m.id);
          return marked;
        },
      };
      const presented = b.auth.presented;
      b.auth.presented = (req: IncomingMessage) => {
        const repeat = req.method === 'DELETE' ? /\/mutations\/([^/?]+)/.exec(String(req.url)) : null;
        return repeat && deleted.has(decodeURIComponent(repeat[1]!)) ? b.apiKey : presented(req);
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Short lived' } });
      const path = `/v1/agents/${agentId}/mutations/${created.body.mutation.id}`;
      await call('DELETE', path);
      const again = await call('DELETE', path, { key: null });
      return { status: again.status, code: errorCode(again.body) };
    },
    shows: { status: 200, code: null },
  }),
  fault({
    id: 'ind12-agent-prompt-from-refused-create',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "The agent reader keeps the last prompt it read in a draft that only a successful creation clears: after a creation refused past its prompt (an invalid metric_ids), the next agent created without a prompt is stored and answered with the refused request's prompt instead of none.",
    behaviour: (b) => {
      let leftover: string | null = null;
      const prompt = b.agentRules.fields.prompt;
      b.agentRules = {
        ...b.agentRules,
        fields: {
          ...b.agentRules.fields,
          prompt: (fields, request) => {
            const read = prompt(fields, request);
            if (read !== null && read !== undefined) leftover = read;
            return read ?? leftover;
          },
        },
      };
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        leftover = null;
        return created(record, body);
      };
    },
    probe: async (call) => {
      await call('POST', '/v1/agents', {
        body: { ...VOICE_AGENT, prompt: 'Prompt of a refused request', metric_ids: ['not-a-metric-id'] },
      });
      const created = await call('POST', '/v1/agents', { body: VOICE_AGENT });
      return created.body.agent.prompt ?? null;
    },
    shows: 'Prompt of a refused request',
  }),
  fault({
    id: 'ind12-mutation-create-answer-shared-draft',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'A mutation creation answers with the display_name of a module-level draft that every creation overwrites as it reads its body, and the store write awaits in between: two mutations created at once (under one agent, with different names) are stored right, but both answers carry the name of the one read last.',
    behaviour: (b) => {
      let draft = '';
      const rules = b.mutationRules;
      const readName = rules.fields.display_name;
      const before = rules.beforeStore;
      b.mutationRules = {
        ...rules,
        fields: { ...rules.fields, display_name: (fields, body) => (draft = readName(fields, body)) },
        beforeStore: async (agentId) => {
          await before(agentId);
          await sleep(60);
        },
      };
      respondWith(b, 'POST /v1/agents/{agent_id}/mutations', (body) => ({
        ...body,
        mutation: { ...(body.mutation as JsonObject), display_name: draft },
      }));
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const path = `/v1/agents/${agentId}/mutations`;
      const [calm, brisk] = await Promise.all([
        call('POST', path, { body: { display_name: 'Calm variant' } }),
        call('POST', path, { body: { display_name: 'Brisk variant' } }),
      ]);
      return { sameName: calm.body.mutation.display_name === brisk.body.mutation.display_name };
    },
    shows: { sameName: true },
  }),
  fault({
    id: 'ind12-dashboard-unchanged-name-not-found',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      "A dashboard PATCH reads the UPDATE's affected-row count as whether the dashboard exists, and the database counts a row whose values do not change as not affected: a PATCH sending the display_name the dashboard already has answers NOT_FOUND instead of the dashboard.",
    behaviour: (b) => {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        const same =
          kind === 'dashboard' &&
          (updated as { display_name?: unknown }).display_name ===
            (previous as { display_name?: unknown }).display_name;
        if (same) throw notFound('dashboard', 'dashboard_id');
        return kept(kind, updated, previous);
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      await call('PATCH', path, { body: { display_name: 'Weekly quality review' } });
      const again = await call('PATCH', path, { body: { display_name: 'Weekly quality review' } });
      return { status: again.status, code: errorCode(again.body) };
    },
    shows: { status: 404, code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind12-agent-phone-plus-dropped',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "An agent's E.164 phone_number is normalised to its digits for dialling when stored (the leading `+` taken for formatting): `+14155550142` is answered, and read back, as `14155550142`, which is no E.164 number; SIP addresses are kept as sent.",
    behaviour: (b) =>
      presentWith(b, 'agent', (view) =>
        typeof view.phone_number === 'string' && view.phone_number.startsWith('+')
          ? { ...view, phone_number: view.phone_number.slice(1) }
          : view,
      ),
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', { body: VOICE_AGENT });
      return created.body.agent.phone_number;
    },
    shows: '14155550142',
  }),
  fault({
    id: 'ind12-path-id-trailing-newline-accepted',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['bound'],
    description:
      'Path IDs are checked with a pattern whose `$` also matches before a final line break (Python\'s `re.match(r"^[A-Za-z0-9]{22}$", id)`): an ID of the right form followed by `%0A` passes the check and is looked up (NOT_FOUND), instead of being refused with INVALID_ARGUMENT as 23 characters.',
    behaviour: (b) => {
      let url = '';
      let method = '';
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        url = String(req.url);
        method = String(req.method);
        return presented(req);
      };
      const steps = b.serveSteps;
      b.serveSteps = (key) => {
        const order = steps(key);
        const routed = resolve(method, new URL(url, 'http://reference.invalid').pathname);
        if (routed.kind !== 'endpoint') return order;
        const params = Object.entries(routed.endpoint.pathParams).filter(([, kind]) => kind !== null);
        const endsInNewline = params.some(([name]) => routed.params[name]?.endsWith('\n'));
        const passes = params.every(([name, kind]) =>
          fitsIdRule(b.pathIdRules[kind!] ?? ID_RULES[kind!], (routed.params[name] ?? '').replace(/\n$/, '')),
        );
        return endsInNewline && passes ? order.filter((step) => step !== 'path-ids') : order;
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const answer = await call('GET', `/v1/agents/${agentId}%0A`);
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 404, code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind12-auth-public-by-url-substring',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['broken'],
    description:
      'The authentication middleware exempts the specification endpoints with `req.url.includes("/openapi")`, on the whole request target: any request whose query string holds `/openapi` (`GET /v1/agents/{id}?from=/openapi`) is served without an X-API-Key.',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => (String(req.url).includes('/openapi') ? b.apiKey : presented(req));
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const answer = await call('GET', `/v1/agents/${agentId}?from=/openapi`, { key: null });
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 200, code: null },
  }),
  fault({
    id: 'ind12-mutation-parameter-values-given-completed',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      'parameter_values given with config_overrides are completed with the pairs derived from config_overrides (`{...derived, ...given}`, meant as a fallback per key): a mutation sent with `parameter_values: {tone: "calm"}` and `config_overrides: {prompt: "Be calm."}` answers and stores `{prompt: "Be calm.", tone: "calm"}`, not the pairs given.',
    behaviour: (b) => {
      const values = b.mutationRules.parameterValues;
      b.mutationRules = {
        ...b.mutationRules,
        parameterValues: (given, overrides) =>
          given === null ? values(given, overrides) : { ...flattenToStrings(overrides), ...given },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call, { prompt: 'Be helpful.' });
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Calm', config_overrides: { prompt: 'Be calm.' }, parameter_values: { tone: 'calm' } },
      });
      return created.body.mutation.parameter_values;
    },
    shows: { prompt: 'Be calm.', tone: 'calm' },
  }),
  fault({
    id: 'ind12-runs-filtered-default-page-size-100',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      'A runs list with a filter is served by the search helper, whose own default page size is 100: without page_size, a filtered runs page holds up to 100 runs instead of the default 50 (an unfiltered page holds 50).',
    behaviour: (b) => {
      let filtered = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        filtered = new URL(String(req.url), 'http://reference.invalid').searchParams.has('filter');
        return presented(req);
      };
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, token) =>
        raw === null && filtered && list.id === 'runs' ? 100 : pageSize(raw, list, token);
    },
    probe: async (call) => {
      const page = await call('GET', `/v1/runs?filter=${encodeURIComponent('status != "NO_SUCH_STATUS"')}`);
      return (page.body.runs as unknown[]).length;
    },
    shows: 100,
  }),
  fault({
    id: 'ind12-metrics-end-time-filter-reads-start-time',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'The metrics list maps the filter field end_time to the start_time column (a copied line in the field map): `end_time = "<an output\'s end_time>"` finds no output ending then, and `end_time` comparisons judge each output by when it started; order_by end_time and the answers\' end_time are right.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(
          expr,
          item,
          'metric_name' in fields && fields.start_time ? { ...fields, end_time: fields.start_time } : fields,
        );
    },
    probe: async (call) => {
      const simulationId = [...SEEDED.simulations.keys()][0]!;
      const listed = await call('GET', `/v1/simulations/${simulationId}/metrics`);
      const output = (listed.body.metrics as { metric_output_id: string; start_time: string; end_time: string }[]).find(
        (m) => m.start_time !== m.end_time,
      )!;
      const filter = encodeURIComponent(`end_time = "${output.end_time}"`);
      const found = await call('GET', `/v1/simulations/${simulationId}/metrics?filter=${filter}`);
      return {
        status: found.status,
        found: (found.body.metrics as { metric_output_id: string }[]).some(
          (m) => m.metric_output_id === output.metric_output_id,
        ),
      };
    },
    shows: { status: 200, found: false },
  }),
  fault({
    id: 'ind12-test-case-input-str-zero-refused',
    requirements: ['TESTCASE-INPUT-STR', 'TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'input_str is checked for presence with an emptiness test that also takes the text "0" for empty (PHP\'s `empty()`): a test case whose input_str is `0`, one character long, is refused with INVALID_ARGUMENT as missing.',
    behaviour: (b) =>
      rereadTestCase(b, ['input_str'], (read) => (fields, request) => {
        if (request.body.input_str === '0') fields.fail('input_str', 'is required');
        return read(fields, request);
      }),
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', { body: { input_str: '0', test_set_id: 'ts12zero' } });
      return { status: created.status, code: errorCode(created.body) };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind12-mutation-answer-agent-id-from-body',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "The mutation creation answer is the stored mutation with the request body spread over it (`{...stored, ...body}`, meant to echo what was sent): a body that also carries an agent_id (a field the request does not define) has it answered as the mutation's agent_id, though the mutation is stored under the agent of the path.",
    behaviour: (b) => {
      let sent: unknown;
      const rules = b.mutationRules;
      const readName = rules.fields.display_name;
      b.mutationRules = {
        ...rules,
        fields: {
          ...rules.fields,
          display_name: (fields, body) => {
            sent = body.agent_id;
            return readName(fields, body);
          },
        },
      };
      respondWith(b, 'POST /v1/agents/{agent_id}/mutations', (body) =>
        typeof sent === 'string' ? { ...body, mutation: { ...(body.mutation as JsonObject), agent_id: sent } } : body,
      );
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const other = await newAgent(call);
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Moved', agent_id: other },
      });
      return { answersOther: created.body.mutation.agent_id === other };
    },
    shows: { answersOther: true },
  }),
  fault({
    id: 'ind12-filter-or-across-fields-as-and',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'The filter is turned into a query by grouping its comparisons per field (`status IN (...) AND tag IN (...)`), which keeps an OR between comparisons of one field but makes an OR between two fields an AND: `status = FAILED OR tag = smoke` lists only the failed runs tagged smoke.',
    behaviour: (b) => {
      const grouped = (expr: FilterExpr): FilterExpr => {
        if (expr.kind === 'cmp') return expr;
        const terms = expr.terms.map(grouped);
        if (expr.kind === 'and' || !terms.every((t) => t.kind === 'cmp')) return { kind: expr.kind, terms };
        const byField = new Map<string, FilterExpr[]>();
        for (const t of terms as Comparison[]) byField.set(t.field, [...(byField.get(t.field) ?? []), t]);
        if (byField.size < 2) return { kind: 'or', terms };
        return {
          kind: 'and',
          terms: [...byField.values()].map((same) => (same.length === 1 ? same[0]! : { kind: 'or', terms: same })),
        };
      };
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const read = filter(raw, list);
        return read === null ? null : grouped(read);
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent('status = FAILED OR tag = smoke');
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      const runs = page.body.runs as { status: string; tags: string[] }[];
      return { failedWithoutSmoke: runs.some((r) => r.status === 'FAILED' && !r.tags.includes('smoke')) };
    },
    shows: { failedWithoutSmoke: false },
  }),
  fault({
    id: 'ind12-accept-charset-latin1-bytes',
    requirements: ['RESPONSE-JSON-UTF8'],
    slips: ['scope'],
    description:
      'The response writer honours Accept-Charset: a request that sends `Accept-Charset: iso-8859-1` gets its JSON encoded in ISO-8859-1, still labelled `application/json` (JSON between systems is UTF-8, RFC 8259): `Café` arrives as bytes that are not UTF-8. Without the header, answers are UTF-8.',
    behaviour: (b) => {
      let latin1 = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        latin1 = /iso-8859-1|latin1/i.test(String(req.headers['accept-charset'] ?? ''));
        return presented(req);
      };
      const bytes = b.responseBytes;
      const length = b.contentLength;
      b.responseBytes = (text) => (latin1 ? Buffer.from(text, 'latin1') : bytes(text));
      b.contentLength = (text) => (latin1 ? Buffer.byteLength(text, 'latin1') : length(text));
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { ...VOICE_AGENT, display_name: 'Café Zürich' },
        headers: { 'Accept-Charset': 'iso-8859-1' },
      });
      return { contentType: created.contentType, utf8: created.bytes.toString('utf8').includes('Café Zürich') };
    },
    shows: { contentType: 'application/json', utf8: false },
  }),
  fault({
    id: 'ind12-review-notifications-forced-by-rules',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project with project_rules is stored with notifications on whatever was sent (the rule require_disagreement_notes read as needing notifications to reach reviewers): `notifications: false` with `project_rules: ["require_disagreement_notes"]` is answered true.',
    behaviour: (b) => {
      const read = b.reviewProjectFields.notifications;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        notifications: (fields) => ((fields.strings('project_rules') ?? []).length > 0 ? true : read(fields)),
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: { ...REVIEW_PROJECT, notifications: false, project_rules: ['require_disagreement_notes'] },
      });
      return created.body.review_project.notifications;
    },
    shows: true,
  }),
  fault({
    id: 'ind12-chat-tool-call-config-stringified',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      "A CHAT agent's tool_call_extraction_config is stored through the writer of the configuration's JSON-string keys (custom_data, custom_headers, ...), which serialises an object: a config sent as an object is answered, and read back, as its JSON text.",
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const config = record.metadata?.tool_call_extraction_config;
        const kept = created(record, body);
        return config !== undefined && typeof config === 'object' && config !== null
          ? { ...kept, metadata: { ...kept.metadata, tool_call_extraction_config: JSON.stringify(config) } }
          : kept;
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Round 12 chat',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: {
            chat_endpoint: 'https://chat.example.com/v1/messages',
            tool_call_extraction_config: { path: 'choices.0.message.tool_calls', name_field: 'function.name' },
          },
        },
      });
      const read = await call('GET', `/v1/agents/${created.body.agent.id}`);
      return read.body.agent.metadata.tool_call_extraction_config;
    },
    shows: '{"path":"choices.0.message.tool_calls","name_field":"function.name"}',
  }),
  fault({
    id: 'ind12-spec-accept-json-with-wildcard-yaml',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['broken'],
    description:
      'The document form is chosen by asking first whether the client accepts YAML, the default (`accepts("application/yaml")`), and a wildcard says it does: `Accept: application/json, */*;q=0.1` (what many HTTP clients send) gets YAML though JSON is preferred; `Accept: application/json` alone still gets JSON.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) =>
        accept !== undefined && /(^|,)\s*(\*\/\*|application\/\*|application\/yaml)\s*(;|,|$)/i.test(accept)
          ? 'yaml'
          : negotiate(accept);
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const url = new URL(String((listing.body.specs as { url: string }[])[0]!.url));
      const doc = await call('GET', url.pathname, { key: null, headers: { Accept: 'application/json, */*;q=0.1' } });
      return doc.contentType;
    },
    shows: 'application/yaml',
  }),
  fault({
    id: 'ind12-filter-error-description-object',
    requirements: ['ERROR-ENVELOPE'],
    seenThrough: ['LIST-FILTER-MALFORMED'],
    slips: ['type'],
    description:
      'A filter the parser refuses is answered with the parser\'s exception as the detail\'s description (`{field: "filter", description: err}`), which serialises as `{}`: the INVALID_ARGUMENT is right, but its detail carries an object where the envelope has a string.',
    behaviour: (b) => {
      const details = b.errors.details;
      b.errors.details = (error) =>
        details(error).map((d) => (d.field === 'filter' ? { ...d, description: {} as unknown as string } : d));
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/personas?filter=${encodeURIComponent('name = = "Ann"')}`);
      return { code: errorCode(answer.body), description: answer.body.error.details[0].description };
    },
    shows: { code: 'INVALID_ARGUMENT', description: {} },
  }),
  fault({
    id: 'ind12-test-case-id-leading-zero-dropped',
    requirements: ['SCHEMA-CANONICAL', 'TESTCASE-CREATE', 'GENERIC-SCHEMA-PUBLISHED'],
    slips: ['broken'],
    description:
      "Test case IDs are written as a base-62 number without padding, so an ID whose first digit is the alphabet's zero (`A`) loses it: about one test case in 62 gets a 21-character id (and name), where the table gives 22.",
    behaviour: (b) =>
      presentWith(b, 'testCase', (view) => {
        const id = String(view.id);
        const short = id.replace(new RegExp(`^${ALPHANUMERIC[0]}+`), '');
        return short === id ? view : { ...view, id: short, name: `test-cases/${short}` };
      }),
    probe: async (call) => {
      const lengths = new Set<number>();
      for (let i = 0; i < 250 && !lengths.has(21); i++) {
        const created = await call('POST', '/v1/test-cases', {
          body: { input_str: `Case ${i}`, test_set_id: 'ts12ids0' },
        });
        lengths.add(String(created.body.test_case.id).length);
      }
      return lengths.has(21);
    },
    shows: true,
  }),
  fault({
    id: 'ind12-personas-list-csv-on-accept',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'The personas list has a CSV export negotiated by Accept: a request with `Accept: text/csv` gets the page as CSV text (`text/csv`, a header line and one line per persona) rather than the JSON answer or a 406 refusal; other endpoints answer JSON whatever Accept says.',
    behaviour: (b) => {
      let accept = '';
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        accept = String(req.headers.accept ?? '');
        return presented(req);
      };
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        if (endpoint.key !== 'GET /v1/personas' || !/text\/csv/i.test(accept)) return shaped;
        const personas = (shaped as { personas: JsonObject[] }).personas;
        const lines = personas.map((p) => [p.id, p.name, p.language_code].map((v) => `"${String(v)}"`).join(','));
        return new RawText('text/csv', ['id,name,language_code', ...lines].join('\n'));
      };
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas?page_size=2', { headers: { Accept: 'text/csv' } });
      return { status: answer.status, contentType: answer.contentType, firstLine: answer.text.split('\n')[0] };
    },
    shows: { status: 200, contentType: 'text/csv', firstLine: 'id,name,language_code' },
  }),
  fault({
    id: 'ind12-order-by-unknown-unimplemented',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['broken'],
    description:
      'An order_by naming a field the list cannot sort by is answered UNIMPLEMENTED (HTTP 501, "sorting by this field is not implemented"), as if the service lacked a feature, instead of INVALID_ARGUMENT for an invalid request parameter; a malformed filter or page_size still gets INVALID_ARGUMENT.',
    behaviour: (b) => {
      const code = b.errors.code;
      b.errors.code = (error, endpoint) =>
        error.code === 'INVALID_ARGUMENT' && error.details[0]?.field === 'order_by'
          ? 'UNIMPLEMENTED'
          : code(error, endpoint);
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas?order_by=voice_name');
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 501, code: 'UNIMPLEMENTED' },
  }),
  fault({
    id: 'ind12-voice-agent-configuration-dropped',
    requirements: ['AGENT-CONFIG-ECHO', 'EXPLICIT-VALUE-KEPT'],
    slips: ['broken'],
    description:
      'The simulator configuration is kept only for the agent types the keys table lists (CHAT, OUTBOUND_VOICE, WEBSOCKET): a VOICE or SMS agent created with a configuration is answered, and stored, with metadata null.',
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const kept = created(record, body);
        return ['MODEL_TYPE_VOICE', 'MODEL_TYPE_SMS'].includes(kept.model_type) ? { ...kept, metadata: null } : kept;
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { ...VOICE_AGENT, metadata: { greeting: 'Hello caller' } },
      });
      return created.body.agent.metadata ?? null;
    },
    shows: null,
  }),
  fault({
    id: 'ind12-scheduled-run-id-upper-cased',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "GET and DELETE /v1/scheduled-runs/{id} upper-case the ID before looking it up (the scheduler's schedule names are upper case), while the IDs it hands out are mixed-case alphanumerics: every scheduled run whose ID holds a lower-case letter answers NOT_FOUND.",
    behaviour: (b) => {
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => (id === id.toUpperCase() ? served(id, stored) : undefined);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 404, code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind12-spec-yaml-tab-indented',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-YAML-DEFAULT'],
    slips: ['broken'],
    description:
      'The YAML form is written by a hand-rolled emitter that indents each nesting level with a tab, which YAML forbids in indentation: the default form of every published document is no YAML a parser reads (the JSON form is right).',
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml' ? out.replace(/^((?: {2})+)/gm, (indent) => '\t'.repeat(indent.length / 2)) : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const url = new URL(String((listing.body.specs as { url: string }[])[0]!.url));
      const doc = await call('GET', url.pathname, { key: null });
      try {
        parseYaml(doc.text);
        return 'parsed';
      } catch {
        return 'not YAML';
      }
    },
    shows: 'not YAML',
  }),
  fault({
    id: 'ind12-dashboard-patch-needs-if-match',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard PATCH is refused unless it carries an If-Match header (optimistic concurrency the service demands but the specification does not show): a PATCH with a valid display_name and no If-Match is answered INVALID_ARGUMENT naming If-Match.',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        pathOf.set(req.headers, new URL(String(req.url), 'http://reference.invalid').pathname);
        return presented(req);
      };
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const path = pathOf.get(headers) ?? '';
        if (path.startsWith('/v1/dashboards/') && headers['if-match'] === undefined)
          throw invalidArgument('If-Match', "an If-Match header with the dashboard's etag is required", 'header');
        return requestBody(text, headers);
      };
    },
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: 'Renamed once' },
      });
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind12-review-display-name-number-internal',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    seenThrough: ['REQUEST-WRONG-TYPE'],
    slips: ['broken'],
    description:
      "A review project's display_name is trimmed for its length check before its type is checked (`body.display_name.trim()`): a number sent as display_name throws, and the request is answered INTERNAL (500) instead of INVALID_ARGUMENT.",
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        pathOf.set(req.headers, new URL(String(req.url), 'http://reference.invalid').pathname);
        return presented(req);
      };
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const path = pathOf.get(headers) ?? '';
        const read = requestBody(text, headers);
        if (path === '/v1/review-projects') {
          let name: unknown;
          try {
            name = (JSON.parse(read) as { display_name?: unknown } | null)?.display_name;
          } catch {
            name = undefined;
          }
          if (typeof name === 'number') throw new TypeError('display_name.trim is not a function');
        }
        return read;
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', { body: { ...REVIEW_PROJECT, display_name: 2026 } });
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind12-persona-get-any-if-none-match-304',
    requirements: ['PERSONA-GET'],
    slips: ['broken'],
    description:
      "GET /v1/personas/{persona_id} answers 304 Not Modified, with no body, to any request carrying If-None-Match (the header's presence is tested, not its tags against the persona's): a client revalidating with a stale or foreign tag gets no persona.",
    behaviour: (b) => {
      const request = lastRequest(b);
      notModifiedWhen(
        b,
        (endpoint) =>
          endpoint.key === 'GET /v1/personas/{persona_id}' && request()?.headers['if-none-match'] !== undefined,
      );
    },
    probe: async (call) => {
      const listed = await call('GET', '/v1/personas?page_size=1');
      const id = String(listed.body.personas[0].id);
      const answer = await call('GET', `/v1/personas/${id}`, { headers: { 'If-None-Match': '"not-this-persona"' } });
      return { status: answer.status, hasPersona: answer.body?.persona !== undefined };
    },
    shows: { status: 304, hasPersona: false },
  }),
  fault({
    id: 'ind12-page-token-other-query-internal',
    requirements: ['LIST-PAGE-TOKEN-STALE', 'LIST-PAGE-TOKEN-FORGED'],
    slips: ['broken'],
    description:
      "A genuine page_token sent with another filter or order_by than it was issued for passes the signature check and is then resumed against the other query's sort key, which throws: the request is answered INTERNAL (500) instead of INVALID_ARGUMENT naming page_token; tokens the service never issued are still refused as invalid.",
    behaviour: (b) => {
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, list) =>
        problem === 'other-query'
          ? internal("cannot compare the page token's position with this order")
          : refuse(problem, list);
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/personas?page_size=2');
      const token = encodeURIComponent(String(first.body.next_page_token));
      const other = await call('GET', `/v1/personas?page_size=2&order_by=name&page_token=${token}`);
      return { status: other.status, code: errorCode(other.body) };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind12-metric-missing-answered-null',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description:
      'GET of one metric output answers whatever the lookup found, wrapped, without checking it: a metric_output_id of the right form that names no output of the simulation is answered 200 with `{"metric": null}` instead of NOT_FOUND.',
    behaviour: (b) => {
      const key = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}';
      const missing = (code: string, endpoint: { key: string } | undefined) =>
        code === 'NOT_FOUND' && endpoint?.key === key;
      const status = b.errors.status;
      const body = b.errors.body;
      b.errors.status = (code, endpoint) => (missing(code, endpoint) ? 200 : status(code, endpoint));
      b.errors.body = (error, endpoint) =>
        missing(String(error.code), endpoint) ? { metric: null } : body(error, endpoint);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/simulations/${SIMULATION[0]}/metrics/01ARZ3NDEKTSV4RRFFQ69G5FAV`);
      return { status: answer.status, body: answer.body };
    },
    shows: { status: 200, body: { metric: null } },
  }),
];

/** Faults of this round no check detects yet, with the class of check each needs (filled in after the proof). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
