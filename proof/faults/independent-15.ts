// Round 15 of the independent fault writers (issue #30, point 4): faults written from the
// specification and the reference alone, without reading the suite's checks.
//
// Review (coordinator): two of 30 dropped. input_template given as a JSON array refused (what a template may be is
// not shown: an object-only check is a reading); every answer NFC-normalised (a normalisation of stored text, as
// trimming is, which earlier rounds dropped).

import { randomBytes } from 'node:crypto';
import { parse, stringify } from 'yaml';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { internal, invalidArgument } from '../../lib/reference/http/errors.js';
import { EMAIL } from '../../lib/reference/validation/checks.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, mapSchemas, paths, presentWith, readAs, rereadAgent, rereadTestCase } from './define.js';

const TEST_SET = 'cftTs001';

/** A simulation id taken from the runs list, and its metric outputs as listed. */
async function listedMetrics(call: Call): Promise<{ simulation: string; metrics: JsonObject[] }> {
  const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as JsonObject[];
  for (const run of runs) {
    for (const simulation of ((run.results as JsonObject).output_ids as string[]) ?? []) {
      const listed = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
      if (listed.status === 200 && listed.body.metrics.length > 0) return { simulation, metrics: listed.body.metrics };
    }
  }
  throw new Error('no simulation with metric outputs');
}

const CHAT_ENDPOINT = 'https://chat.example.com/v1/messages';

/** The fixtures the suite documents for resources it cannot create (README's settings), as the reference seeds them. */
async function fixtureIds() {
  const { seedStore } = await import('../../lib/reference/fixtures/fixtures.js');
  const { ALPHANUMERIC } = await import('../../lib/reference/store/ids.js');
  return seedStore(ALPHANUMERIC).fixtures;
}

/** The filter with every comparison replaced by `change`'s answer. */
function mapComparisons(
  expr: FilterExpr,
  change: (cmp: Extract<FilterExpr, { kind: 'cmp' }>) => FilterExpr,
): FilterExpr {
  return expr.kind === 'cmp' ? change(expr) : { ...expr, terms: expr.terms.map((t) => mapComparisons(t, change)) };
}

const comparisons = (expr: FilterExpr): FilterExpr[] =>
  expr.kind === 'cmp' ? [expr] : expr.terms.flatMap(comparisons);

export const INDEPENDENT_15_FAULTS = [
  fault({
    id: 'ind15-test-case-input-type-sticky',
    requirements: ['TESTCASE-INPUT-TYPE-DEFAULT'],
    slips: ['broken'],
    description:
      'A test case sent without input_type takes the input_type of the test case created before it (the default is a variable each creation writes, as a form keeps its last choice): after a SCRIPT test case, the next one sent without input_type is stored as SCRIPT, not SCENARIO.',
    behaviour(b) {
      let last: string | undefined;
      rereadTestCase(b, ['input_type'], (original) => (fields, request) => {
        const read = original(fields, request);
        const taken = request.body.input_type === undefined && last !== undefined ? last : read;
        last = taken;
        return taken as typeof read;
      });
    },
    probe: async (call) => {
      await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'scripted',
          test_set_id: TEST_SET,
          input_type: 'SCRIPT',
          simulation_metadata_input: { script_turns: ['hello'] },
        },
      });
      const plain = await call('POST', '/v1/test-cases', { body: { input_str: 'plain', test_set_id: TEST_SET } });
      return plain.body.test_case.input_type;
    },
    shows: 'SCRIPT',
  }),
  fault({
    id: 'ind15-test-case-expected-entities-lowercased',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'A test case\'s metric_input.expected_entities are stored lower-cased (normalised for the case-insensitive matching the metric does): `["Order 42", "Paris"]` comes back `["order 42", "paris"]`.',
    behaviour(b) {
      rereadTestCase(b, ['metric_input'], (original) => (fields, request) => {
        const read = original(fields, request);
        if (!read || !Array.isArray(read.expected_entities)) return read;
        const entities = read.expected_entities.map((e) => (typeof e === 'string' ? e.toLowerCase() : e));
        return { ...read, expected_entities: entities };
      });
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'entities',
          test_set_id: TEST_SET,
          metric_input: { expected_entities: ['Order 42', 'Paris'] },
        },
      });
      return created.body.test_case.metric_input.expected_entities;
    },
    shows: ['order 42', 'paris'],
  }),
  fault({
    id: 'ind15-mutation-get-first-of-agent',
    requirements: ['MUTATION-GET'],
    slips: ['broken'],
    description:
      "GET /v1/agents/{agent_id}/mutations/{mutation_id} answers the agent's first active mutation whatever mutation_id names, once that id is a stored mutation of the agent (a lookup by agent whose id condition is only an existence check): the second mutation of an agent is read back as the first.",
    behaviour(b) {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const given = named(endpoint, params, store);
        if (endpoint.key !== 'GET /v1/agents/{agent_id}/mutations/{mutation_id}') return given;
        const asked = store.mutations.get(given.mutation_id ?? '');
        if (!asked || asked.agent_id !== given.agent_id) return given;
        const first = [...store.mutations.values()].find((m) => m.agent_id === given.agent_id && !m.deleted);
        return first ? { ...given, mutation_id: first.id } : given;
      };
    },
    probe: async (call) => {
      const agent = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Two variants',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550124',
          prompt: 'p',
        },
      });
      const id = agent.body.agent.id as string;
      await call('POST', `/v1/agents/${id}/mutations`, { body: { display_name: 'first variant' } });
      const second = await call('POST', `/v1/agents/${id}/mutations`, { body: { display_name: 'second variant' } });
      const read = await call('GET', `/v1/agents/${id}/mutations/${second.body.mutation.id}`);
      return read.body.mutation.display_name;
    },
    shows: 'first variant',
  }),
  fault({
    id: 'ind15-websocket-init-json-empty-object-refused',
    requirements: ['WEBSOCKET-INIT-JSON'],
    slips: ['broken'],
    description:
      'A WEBSOCKET agent\'s initialization_json is checked for presence by what it parses to (`if (!parsed || !Object.keys(parsed).length)`): the JSON string `"{}"`, an empty JSON object, is refused as missing.',
    behaviour(b) {
      const rules = b.agentRules.config.MODEL_TYPE_WEBSOCKET ?? {};
      const original = rules.initialization_json;
      b.agentRules.config = {
        ...b.agentRules.config,
        MODEL_TYPE_WEBSOCKET: {
          ...rules,
          initialization_json: (config, key) => {
            original?.(config, key);
            const value = config.jsonValue(key);
            let parsed: unknown = value;
            if (typeof value === 'string') {
              try {
                parsed = JSON.parse(value);
              } catch {
                parsed = value;
              }
            }
            if (isJsonObject(parsed) && Object.keys(parsed).length === 0) config.fail(key, 'is required');
          },
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Socket agent',
          model_type: 'MODEL_TYPE_WEBSOCKET',
          metadata: { endpoint: 'wss://voice.example.com/socket', initialization_json: '{}' },
        },
      });
      return created.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind15-test-case-null-description-from-input',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'A test case sent with description null is stored with a description made from its input_str (its first 60 characters, a preview filled in for lists): the null sent comes back as text.',
    behaviour(b) {
      rereadTestCase(b, ['description'], (original) => (fields, request) => {
        const read = original(fields, request);
        const input = request.body.input_str;
        return read === null && typeof input === 'string' ? input.slice(0, 60) : read;
      });
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { input_str: 'Caller asks for a refund', test_set_id: TEST_SET, description: null },
      });
      return created.body.test_case.description;
    },
    shows: 'Caller asks for a refund',
  }),
  fault({
    id: 'ind15-personas-filter-equality-like-wildcards',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'Text equality in a filter is run as SQL LIKE (chosen for its case rules) without escaping the value: `_` matches any one character and `%` any run, so `name = "A_a Smith"` lists a persona named `Ana Smith`.',
    behaviour(b) {
      const matches = b.lists.matches;
      const like = (value: string): RegExp =>
        new RegExp(
          `^${[...value].map((c) => (c === '_' ? '.' : c === '%' ? '.*' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`,
          'su',
        );
      const rewrite = (expr: FilterExpr, item: unknown, fields: Parameters<typeof matches>[2]): boolean => {
        if (expr.kind !== 'cmp') {
          const results = expr.terms.map((t) => rewrite(t, item, fields));
          return expr.kind === 'and' ? results.every(Boolean) : results.some(Boolean);
        }
        const field = fields[expr.field];
        if (expr.op !== '=' || field?.kind !== 'string' || !/[_%]/.test(expr.value) || field.path === null)
          return matches(expr, item, fields);
        const actual = (item as Record<string, unknown>)[field.path];
        return typeof actual === 'string' && like(expr.value).test(actual);
      };
      b.lists.matches = rewrite;
    },
    probe: async (call) => {
      const listed = await call('GET', '/v1/personas?page_size=1');
      const name = listed.body.personas[0].name as string;
      const pattern = `${name[0]}_${name.slice(2)}`;
      const found = await call('GET', `/v1/personas?filter=${encodeURIComponent(`name = "${pattern}"`)}`);
      return found.body.personas.map((p: JsonObject) => p.name === name);
    },
    shows: [true],
  }),
  fault({
    id: 'ind15-dashboard-name-percent-decoded',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard display_name is percent-decoded before it is answered (the name was meant to arrive URL-encoded from a form): `Growth %2B Retention` comes back `Growth + Retention`.',
    behaviour(b) {
      presentWith(b, 'dashboard', (view) => {
        const name = view.display_name;
        if (typeof name !== 'string') return view;
        try {
          return { ...view, display_name: decodeURIComponent(name) };
        } catch {
          return view;
        }
      });
    },
    probe: async (call) => {
      const id = (await fixtureIds()).dashboardId;
      const patched = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'Growth %2B Retention' } });
      return patched.body.dashboard.display_name;
    },
    shows: 'Growth + Retention',
  }),
  fault({
    id: 'ind15-metric-get-value-one-decimal',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET of one metric output reads its value from a column of one decimal place (NUMERIC(3,1), the list reads the float column): a value of 0.05 or 0.35 is answered 0.1 or 0.4, while the list shows it as stored.',
    behaviour(b) {
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (metric) =>
        typeof metric.value === 'number' ? { ...metric, value: Math.round(metric.value * 10) / 10 } : metric,
      );
    },
    probe: async (call) => {
      const { simulation, metrics } = await listedMetrics(call);
      const odd =
        metrics.find((m) => typeof m.value === 'number' && Math.round(m.value * 10) !== m.value * 10) ?? metrics[0]!;
      const read = await call('GET', `/v1/simulations/${simulation}/metrics/${odd.metric_output_id}`);
      return read.body.metric.value === odd.value;
    },
    shows: false,
  }),
  fault({
    id: 'ind15-filter-quoted-range-value-refused',
    requirements: ['LIST-FILTER-QUOTING', 'LIST-FILTER-AND-OR'],
    slips: ['scope'],
    description:
      'A quoted filter value is recognised only after `=` and `!=` (the pattern for quoted values was written for text equality): `create_time > "2026-01-01T00:00:00Z"` is refused with INVALID_ARGUMENT, while the same value unquoted is read.',
    behaviour(b) {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        if (expr && comparisons(expr).some((c) => c.kind === 'cmp' && c.quoted && c.op !== '=' && c.op !== '!='))
          throw invalidArgument('filter', 'a quoted value is allowed only after = or !=', 'query');
        return expr;
      };
    },
    probe: async (call) =>
      (await call('GET', `/v1/runs?filter=${encodeURIComponent('create_time > "2020-01-01T00:00:00Z"')}`)).status,
    shows: 400,
  }),
  fault({
    id: 'ind15-filter-error-code-lowercase',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    seenThrough: ['LIST-FILTER-MALFORMED'],
    slips: ['scope'],
    description:
      "Errors raised by the filter parser carry their code in lower case (`invalid_argument`, the parser's own exception names), while every other INVALID_ARGUMENT is upper case.",
    behaviour(b) {
      const code = b.errors.code;
      b.errors.code = (error, endpoint) => {
        const given = code(error, endpoint);
        return error.details[0]?.field === 'filter' ? given.toLowerCase() : given;
      };
      const status = b.errors.status;
      b.errors.status = (given, endpoint) => status(given.toUpperCase(), endpoint);
    },
    probe: async (call) =>
      (await call('GET', `/v1/runs?filter=${encodeURIComponent('nosuchfield = 1')}`)).body.error.code,
    shows: 'invalid_argument',
  }),
  fault({
    id: 'ind15-auth-key-nbsp-trimmed',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'The presented key is trimmed with String.prototype.trim before it is compared (meant for the blanks HTTP allows around a header value), which also removes a no-break space (U+00A0, byte A0 in a header): the valid key followed by a no-break space, another key, is accepted.',
    behaviour(b) {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => accepts(endpoint, presented?.trim());
    },
    probe: async (call) => (await call('GET', '/v1/personas?page_size=1', { key: `${DEFAULT_API_KEY}\u00a0` })).status,
    shows: 200,
  }),
  fault({
    id: 'ind15-review-assignee-long-local-part-internal',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['broken'],
    description:
      'Assignees are matched against an e-mail pattern with nested quantifiers (`^([A-Za-z0-9]+[.-]?)*@...`) that backtracks exponentially when it fails: an assignee of 25 or more characters that is no e-mail address (`aaaa…aaaa!`) runs into the statement timeout and is answered INTERNAL, where a short one is refused with INVALID_ARGUMENT.',
    behaviour(b) {
      const assignees = b.reviewProjectFields.assignees;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (fields) => {
          const raw = (fields as unknown as { source: JsonObject }).source.assignees;
          if (Array.isArray(raw) && raw.some((a) => typeof a === 'string' && a.length >= 25 && !EMAIL.test(a)))
            throw internal('the request timed out');
          return assignees(fields);
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Timeout review',
          assignees: [`${'a'.repeat(30)}!`],
          linked_simulation_ids: ['s'.repeat(22)],
          linked_metric_ids: ['m'.repeat(22)],
        },
      });
      return created.status;
    },
    shows: 500,
  }),
  fault({
    id: 'ind15-spec-yaml-path-repeated-per-operation',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-YAML-DEFAULT'],
    slips: ['broken'],
    description:
      'The YAML form is written one operation at a time, each under its own copy of its path key (`/v1/agents/{agent_id}:` once for get, again for patch): a path with several operations is a mapping key repeated, which YAML forbids (a strict parser refuses the document, a lenient one keeps only the last operation). The JSON form is built as one object and is sound.',
    behaviour(b) {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const given = written(text, form, name);
        if (form !== 'yaml') return given;
        const { paths, ...rest } = parse(given) as JsonObject;
        const entries = Object.entries((paths ?? {}) as Record<string, JsonObject>).flatMap(([path, item]) =>
          Object.entries(item).map(
            ([method, op]) =>
              `${stringify({ [path]: { [method]: op } })
                .trimEnd()
                .replace(/^/gm, '  ')}\n`,
          ),
        );
        return `${stringify(rest)}paths:\n${entries.join('')}`;
      };
    },
    probe: async (call) => {
      const text = (await call('GET', '/v1/openapi/agent-evaluation')).text;
      const keys = text.split('\n').filter((line) => /^ {2}\S.*:$/.test(line));
      return keys.length !== new Set(keys).size;
    },
    shows: true,
  }),
  fault({
    id: 'ind15-chat-default-response-format-dropped',
    requirements: ['AGENT-CONFIG-ECHO', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'A CHAT configuration is stored without the keys that hold their default (written to keep only what differs from the defaults): response_format sent as `chat_completions` comes back absent from metadata, while `responses` is kept.',
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        const config = agent.metadata;
        if (agent.model_type !== 'MODEL_TYPE_CHAT' || !config || config.response_format !== 'chat_completions')
          return agent;
        const { response_format: _default, ...kept } = config;
        return { ...agent, metadata: kept };
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Default format',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: CHAT_ENDPOINT, response_format: 'chat_completions' },
        },
      });
      return Object.keys(created.body.agent.metadata).sort();
    },
    shows: ['chat_endpoint'],
  }),
  fault({
    id: 'ind15-agent-metric-ids-shortuuid-alphabet',
    // A 22-alphanumeric element refused for its characters breaks the stated form (the default profile sees it).
    requirements: ['AGENT-REFERENCE-IDS-ACCEPTED', 'AGENT-REFERENCE-IDS'],
    slips: ['broken'],
    description:
      "An agent's metric_ids are checked against the ShortUUID alphabet (the specification calls dashboard IDs ShortUUIDs, and one 22-character ID check serves every field), which leaves out 0, 1, I, O and l: a metric ID of 22 alphanumeric characters holding one of them is refused with INVALID_ARGUMENT.",
    behaviour(b) {
      rereadAgent(b, 'metric_ids', (original) => (fields, request) => {
        const read = original(fields, request);
        if (read.some((id) => !/^[2-9A-HJ-NP-Za-km-z]{22}$/.test(id))) fields.fail('metric_ids', 'must be ShortUUIDs');
        return read;
      });
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Scored agent',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550126',
          metric_ids: ['Metric0001Ol0000000001'],
        },
      });
      return created.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind15-agent-id-base64url',
    requirements: ['AGENT-ID-FORMAT'],
    slips: ['broken'],
    description:
      'A new agent gets as its id 16 random bytes in unpadded base64url (22 characters, so the length looks right), whose alphabet holds `-` and `_`: such an id is not 22 alphanumeric characters.',
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        let id = randomBytes(16).toString('base64url');
        while (!/[-_]/.test(id)) id = randomBytes(16).toString('base64url');
        return { ...created(record, body), id };
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'Base64 id', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550127' },
      });
      return /^[A-Za-z0-9]{22}$/.test(created.body.agent.id);
    },
    shows: false,
  }),
  fault({
    id: 'ind15-json-astral-escaped-by-code-point',
    requirements: ['RESPONSE-JSON-UTF8', 'READ-BACK-UNCHANGED', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'JSON answers are written ASCII-safe by a hand-made escaper that walks code points and writes each non-ASCII one as `\\u` and its hex digits: a character outside the BMP (🚀, U+1F680) becomes `\\u1f680`, which JSON reads as U+1F68 followed by `0`.',
    behaviour(b) {
      const escape = (text: string): string =>
        [...text].map((c) => (c.codePointAt(0)! > 0xffff ? `\\u${c.codePointAt(0)!.toString(16)}` : c)).join('');
      const bytes = b.responseBytes;
      const length = b.contentLength;
      b.responseBytes = (text) => bytes(escape(text));
      b.contentLength = (text) => length(escape(text));
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { input_str: 'Launch \u{1f680}', test_set_id: TEST_SET },
      });
      return created.body.test_case.input_str;
    },
    shows: 'Launch \u1f680',
  }),
  fault({
    id: 'ind15-spec-json-unbounded-max-length-null',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published schemas give every string property a maxLength, Infinity where the specification states none (`maxLength: limit.max ?? Infinity`): the YAML form writes `.inf`, and the JSON form, through JSON.stringify, `"maxLength": null`, which no JSON Schema allows.',
    behaviour(b) {
      const bound = (schema: JsonObject): JsonObject => {
        const properties = schema.properties as Record<string, JsonObject> | undefined;
        if (!properties) return schema;
        const bounded = Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            property.type === 'string' && property.maxLength === undefined
              ? { ...property, maxLength: Infinity }
              : property,
          ]),
        );
        return { ...schema, properties: bounded };
      };
      finalizeWith(b, (doc) => mapSchemas(doc, bound));
    },
    probe: async (call) => {
      const text = (await call('GET', '/v1/openapi/agent-evaluation', { headers: { Accept: 'application/json' } }))
        .text;
      return text.includes('"maxLength":null');
    },
    shows: true,
  }),
  fault({
    id: 'ind15-test-case-user-notes-cut-255',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "A test case's user_notes are kept in a VARCHAR(255) column of a database that truncates silently (no strict mode): notes of 300 characters are accepted and come back cut to their first 255.",
    behaviour(b) {
      rereadTestCase(
        b,
        ['user_notes'],
        (original) => (fields, request) => original(fields, request)?.slice(0, 255) ?? null,
      );
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { input_str: 'long notes', test_set_id: TEST_SET, user_notes: 'n'.repeat(300) },
      });
      return created.body.test_case.user_notes?.length;
    },
    shows: 255,
  }),
  fault({
    id: 'ind15-body-charset-value-case-sensitive',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'A request body is decoded as UTF-8 only when its charset parameter is exactly `utf-8` or absent; any other spelling, `charset=UTF-8` included (charset names are case-insensitive), falls back to ISO-8859-1, so `Café` is stored as `CafÃ©`.',
    behaviour(b) {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const given = requestBody(text, headers);
        const charset = /charset=([^;\s]+)/i.exec(String(headers['content-type'] ?? ''))?.[1];
        return charset === undefined || charset === 'utf-8' ? given : Buffer.from(given, 'utf8').toString('latin1');
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/test-cases', {
        body: { input_str: 'Caf\u00e9', test_set_id: TEST_SET },
        headers: { 'Content-Type': 'application/json; charset=UTF-8' },
      });
      return created.body.test_case.input_str;
    },
    shows: 'Caf\u00c3\u00a9',
  }),
  fault({
    id: 'ind15-scheduled-run-delete-clears-sibling-last-run',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['broken'],
    description:
      "Removing a scheduled run's schedule deletes the schedule rows of its run template, where the last-run bookkeeping of every scheduled run of that template is kept: after DELETE of one scheduled run, another one of the same template answers last_run_id and last_run_at null.",
    behaviour(b) {
      const cleared = new Set<string>();
      const deletedWith = b.scheduledRunsDeletedWith;
      b.scheduledRunsDeletedWith = (target, all) => {
        cleared.add(target.run_template_id);
        return deletedWith(target, all);
      };
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => {
        const found = served(id, stored);
        return found && cleared.has(found.run_template_id) ? { ...found, last_run_id: null, last_run_at: null } : found;
      };
    },
    probe: async (call) => {
      const { scheduledRunId, deletableScheduledRunId } = await fixtureIds();
      const before = (await call('GET', `/v1/scheduled-runs/${scheduledRunId}`)).body.scheduled_run.last_run_id;
      await call('DELETE', `/v1/scheduled-runs/${deletableScheduledRunId}`);
      const after = (await call('GET', `/v1/scheduled-runs/${scheduledRunId}`)).body.scheduled_run.last_run_id;
      return [typeof before, after];
    },
    shows: ['string', null],
  }),
  fault({
    id: 'ind15-filter-quoted-blanks-collapsed',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'The filter tokenizer splits on blanks and joins a quoted value back with single spaces: `name = "Ana  Smith"` (two spaces) is compared as `Ana Smith`, and lists the persona of that name, whose name it is not.',
    behaviour(b) {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        return expr && mapComparisons(expr, (c) => (c.quoted ? { ...c, value: c.value.split(/\s+/).join(' ') } : c));
      };
    },
    probe: async (call) => {
      const personas = (await call('GET', '/v1/personas?page_size=100')).body.personas as JsonObject[];
      const name = personas.map((p) => String(p.name)).find((n) => n.includes(' '))!;
      const widened = name.replace(' ', '  ');
      const found = await call('GET', `/v1/personas?filter=${encodeURIComponent(`name = "${widened}"`)}`);
      return found.body.personas.map((p: JsonObject) => p.name === name);
    },
    shows: [true],
  }),
  fault({
    id: 'ind15-mutation-null-display-name-internal',
    requirements: ['REQUEST-MISSING-REQUIRED', 'ERROR-INVALID-ARGUMENT'],
    seenThrough: ['REQUEST-WRONG-TYPE'],
    slips: ['broken'],
    description:
      'A mutation display_name is checked for presence with `"display_name" in body` and then trimmed: an explicit `display_name: null` passes the check and fails on the trim, answered INTERNAL, where an absent one is refused with INVALID_ARGUMENT.',
    behaviour(b) {
      const read = b.mutationRules.fields.display_name;
      b.mutationRules.fields = {
        ...b.mutationRules.fields,
        display_name: (fields, body) => {
          if ('display_name' in body && body.display_name === null)
            throw internal('Cannot read properties of null (reading "trim")');
          return read(fields, body);
        },
      };
    },
    probe: async (call) => {
      const agent = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Null variant',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550128',
          prompt: 'p',
        },
      });
      const created = await call('POST', `/v1/agents/${agent.body.agent.id}/mutations`, {
        body: { display_name: null },
      });
      return created.status;
    },
    shows: 500,
  }),
  fault({
    id: 'ind15-run-cancel-in-progress-negative',
    requirements: ['RUN-PROGRESS-CONSISTENT', 'RUN-DELETE-BY-STATUS'],
    slips: ['broken'],
    description:
      "Cancelling a run (DELETE of a run in progress) subtracts its unsettled cases from in_progress_test_cases (meant to move running cases out), though a pending run's cases never started: the cancelled run is listed with in_progress_test_cases below zero.",
    behaviour(b) {
      let cancelling = false;
      const cancelled = new Set<string>();
      const cancelledStatus = b.runDeletion.cancelledStatus;
      b.runDeletion = {
        ...b.runDeletion,
        cancelledStatus: (status) => {
          cancelling = true;
          return cancelledStatus(status);
        },
      };
      presentWith(b, 'run', (view, record) => {
        const run = record as { run_id: string; progress: Record<string, number> };
        if (cancelling) {
          cancelled.add(run.run_id);
          cancelling = false;
        }
        if (!cancelled.has(run.run_id)) return view;
        const {
          total_test_cases = 0,
          completed_test_cases = 0,
          failed_test_cases = 0,
          in_progress_test_cases = 0,
        } = run.progress;
        const unsettled = total_test_cases - completed_test_cases - failed_test_cases;
        return { ...view, progress: { ...run.progress, in_progress_test_cases: in_progress_test_cases - unsettled } };
      });
    },
    probe: async (call) => {
      const { cancellableRunId } = await fixtureIds();
      await call('DELETE', `/v1/runs/${cancellableRunId}`);
      const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as JsonObject[];
      const run = runs.find((r) => r.run_id === cancellableRunId);
      return ((run?.progress as JsonObject | undefined)?.in_progress_test_cases as number) < 0;
    },
    shows: true,
  }),
  fault({
    id: 'ind15-persona-times-unpadded',
    requirements: ['TIMESTAMP-ISO-UTC'],
    seenThrough: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description:
      "A persona's create_time and update_time are written by a hand-made formatter that joins the UTC date and time parts without zero padding (`${year}-${month}-${day}T${hours}:…Z`): a persona created on 5 January 2026 at 03:00 answers `2026-1-5T3:0:0.0Z`, no ISO 8601 timestamp.",
    behaviour(b) {
      const unpadded = (ms: number): string => {
        const d = new Date(ms);
        const date = `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()}`;
        return `${date}T${d.getUTCHours()}:${d.getUTCMinutes()}:${d.getUTCSeconds()}.${d.getUTCMilliseconds()}Z`;
      };
      presentWith(b, 'persona', (view, record) => {
        const { create_time, update_time } = record as { create_time: number; update_time: number };
        return { ...view, create_time: unpadded(create_time), update_time: unpadded(update_time) };
      });
    },
    probe: async (call) => {
      const persona = (await call('GET', '/v1/personas?page_size=1')).body.personas[0] as JsonObject;
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(String(persona.create_time));
    },
    shows: false,
  }),
  fault({
    id: 'ind15-spec-collection-paths-trailing-slash',
    requirements: ['SPEC-COVERS-ENDPOINTS', 'GENERIC-PAGINATION'],
    slips: ['broken'],
    description:
      'The published paths are exported from routes registered with a trailing slash on collections (a framework convention the service tolerates when serving): the documents name `/v1/runs/`, `/v1/personas/`, `/v1/test-cases/` and the other paths that end in a fixed segment, not the endpoints the specification lists.',
    behaviour(b) {
      finalizeWith(b, (doc) => {
        const renamed = Object.entries(paths(doc)).map(([path, item]) => [
          !path.endsWith('}') && !path.startsWith('/v1/openapi') ? `${path}/` : path,
          item,
        ]);
        return { ...doc, paths: Object.fromEntries(renamed) };
      });
    },
    probe: async (call) => {
      const doc = (await call('GET', '/v1/openapi/agent-evaluation', { headers: { Accept: 'application/json' } })).body;
      return ['/v1/runs', '/v1/runs/'].map((path) => path in doc.paths);
    },
    shows: [false, true],
  }),
  fault({
    id: 'ind15-metric-output-ids-as-uuid',
    requirements: ['METRIC-OUTPUT-ID-FORMAT'],
    slips: ['broken'],
    description:
      'Metric output ULIDs are kept in a UUID column and served in its text form (32 hexadecimal digits in 8-4-4-4-12 groups, 36 characters): a listed metric_output_id is no longer 26 alphanumeric characters, and the GET path refuses it.',
    behaviour(b) {
      const asUuid = (id: string): string => {
        const hex = Buffer.from(id).toString('hex').padEnd(32, '0').slice(0, 32);
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      };
      presentWith(b, 'metric', (view) =>
        typeof view.metric_output_id === 'string' ? { ...view, metric_output_id: asUuid(view.metric_output_id) } : view,
      );
    },
    probe: async (call) => {
      const { metrics } = await listedMetrics(call);
      return /^[A-Za-z0-9]{26}$/.test(String(metrics[0]!.metric_output_id));
    },
    shows: false,
  }),
  fault({
    id: 'ind15-review-project-type-empty-defaulted',
    requirements: ['REVIEW-PROJECT-TYPE'],
    seenThrough: ['REQUEST-WRONG-TYPE'],
    slips: ['explicit'],
    description:
      'A review project_type is read with `body.project_type || DEFAULT`: an empty string, which is none of the two listed values, is taken for an absent type and stored as PROJECT_INDIVIDUAL instead of being refused (other unlisted values still are).',
    behaviour(b) {
      const read = b.reviewProjectFields.project_type;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_type: (fields) =>
          (fields as unknown as { source: JsonObject }).source.project_type === ''
            ? 'PROJECT_INDIVIDUAL'
            : read(fields),
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Typeless review',
          assignees: ['ann@example.com'],
          linked_simulation_ids: ['s'.repeat(22)],
          linked_metric_ids: ['m'.repeat(22)],
          project_type: '',
        },
      });
      return [created.status, created.body.review_project?.project_type];
    },
    shows: [200, 'PROJECT_INDIVIDUAL'],
  }),
];

/** Faults of this round no check detects yet: none known when written. */
export const UNDETECTED: Readonly<Record<string, string>> = {};
