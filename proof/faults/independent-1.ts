// Faults written by an independent writer (issue #30, point 4), round 1: slips of places and kinds the
// rest of the catalog touches least (HTTP framing and encodings, state across requests, filters' less
// common valid forms, unusual valid values, what a read returns after another write).

import { setTimeout as delay } from 'node:timers/promises';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { AgentRecord } from '../../lib/reference/store/records.js';
import { flattenToStrings } from '../../lib/reference/validation/mutations.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, paths, presentWith, readAs, rereadAgent, rereadTestCase, respondWith } from './define.js';

/** The fixture ids of the embedded service (seeded the same way at every start). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

const q = encodeURIComponent;

/** An item of a list answer, as the probes read it. */
interface Listed {
  readonly id?: string;
  readonly name?: string;
  readonly tags?: unknown;
  readonly wait_seconds?: number;
  readonly metric_output_id?: string;
  readonly results?: { readonly output_ids?: readonly string[] };
  readonly subvalues_by_timestamp?: readonly unknown[] | null;
  readonly metadata?: unknown;
}

/** The items of a list answer under `key`. */
const listed = (body: unknown, key: string): Listed[] =>
  isJsonObject(body) && Array.isArray(body[key]) ? (body[key] as Listed[]) : [];

const MUTATION_PATH = '/v1/agents/{agent_id}/mutations/{mutation_id}';

const CHAT_ENDPOINT = 'https://chat.example.com/v1/messages';

async function createAgent(call: Call, fields: JsonObject): Promise<string> {
  const answer = await call('POST', '/v1/agents', {
    body: { display_name: 'Independent probe agent', model_type: 'MODEL_TYPE_VOICE', ...fields },
  });
  return String(answer.body?.agent?.id);
}

const createMutation = (call: Call, agentId: string, body: JsonObject) =>
  call('POST', `/v1/agents/${agentId}/mutations`, { body });

const createTestCase = (call: Call, fields: JsonObject) =>
  call('POST', '/v1/test-cases', { body: { test_set_id: 'ts000001', input_str: 'Where is my order?', ...fields } });

const AGENT_ENDPOINT_URL = /^https?:\/\/[A-Za-z0-9.-]+(\/\S*)?$/;
const E164 = /^\+[1-9]\d{1,14}$/;
const NAMED_SIP = /^sips?:[A-Za-z0-9._-]+@[A-Za-z0-9.-]+$/;

const escapeMarkup = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** PHP's JSON_NUMERIC_CHECK: every string that reads as a number is written as one, at every depth. */
function numericChecked(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (Array.isArray(value)) return value.map(numericChecked);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numericChecked(v)]));
  return value;
}

/** The filter's comparisons on free-text fields with their values folded to lower case (a case-insensitive collation). */
/** Some simulation ids the runs list names (their outputs), in the order it names them. */
async function simulationIds(call: Call): Promise<string[]> {
  const runs = listed((await call('GET', '/v1/runs?page_size=1000')).body, 'runs');
  return [...new Set<string>(runs.flatMap((run) => run.results?.output_ids ?? []))];
}

/**
 * The faults of this round no check detects yet, each with the class of check it needs: out of the
 * score (index.ts) until that check exists, measured by `npx tsx proof/detect.ts 'ind1-*'`.
 */
export const UNDETECTED: Readonly<Record<string, string>> = {};

export const INDEPENDENT_1_FAULTS = [
  fault({
    id: 'ind1-body-decoded-per-chunk',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: { 'AGENT-CREATE': ['broken'], 'READ-BACK-UNCHANGED': ['unit'] },
    description:
      'A request body is decoded as UTF-8 chunk by chunk as it arrives (`chunks.map(c => c.toString()).join("")`): a multi-byte character split between two chunks of a large body becomes two U+FFFD, so a long prompt of emoji comes back damaged.',
    behaviour: (b) => {
      b.decodeBody = (chunks) => chunks.map((chunk) => chunk.toString('utf8')).join('');
    },
    probe: async (call) => {
      // The prompt's characters start at byte 73 of the body, an odd offset: a chunk boundary at an even one (64 KiB) splits one.
      const prompt = '\u{1F600}'.repeat(40000);
      const answer = await call('POST', '/v1/agents', {
        body: { display_name: 'Emoji prompt', model_type: 'MODEL_TYPE_VOICE', prompt },
      });
      return { status: answer.status, intact: answer.body?.agent?.prompt === prompt };
    },
    shows: { status: 200, intact: false },
  }),
  fault({
    id: 'ind1-content-length-utf16',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "Content-Length is the JSON text's `.length` (UTF-16 units), not its UTF-8 bytes: an answer holding non-ASCII text is cut short, and is no longer JSON.",
    behaviour: (b) => {
      b.contentLength = (text) => text.length;
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: { display_name: 'Caf\u00e9 \u2615 Support', model_type: 'MODEL_TYPE_VOICE' },
      });
      return { status: answer.status, json: typeof answer.body === 'object' && answer.body !== null };
    },
    shows: { status: 200, json: false },
  }),
  fault({
    id: 'ind1-auth-kept-per-connection',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      'The key is checked once per connection: after one request with the valid key, later requests on the same keep-alive connection are served whatever key they carry.',
    behaviour: (b) => {
      const authenticated = new WeakSet<object>();
      b.auth.admitted = (connection, accepted) => {
        if (accepted) authenticated.add(connection);
        return accepted || authenticated.has(connection);
      };
    },
    probe: async (call) => {
      await call('GET', '/v1/personas/phone-numbers');
      // Once the first answer is read, its connection goes back to the pool, and the next request takes it.
      await delay(50);
      return (await call('GET', '/v1/personas/phone-numbers', { key: 'not-the-key' })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind1-published-metric-value-integer',
    requirements: ['SCHEMA-PUBLISHED'],
    // The published schema is compared with the answers of the checks reading metric outputs.
    seenThrough: ['METRIC-GET'],
    slips: ['type'],
    description:
      "The published MetricOutput schema types `value` as an integer (the spec's `number` mapped to an int type); the service answers fractional scores such as 0.85.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        const value = ['components', 'schemas', 'MetricOutput', 'properties', 'value'].reduce<unknown>(
          (at, key) => (isJsonObject(at) ? at[key] : undefined),
          copy,
        );
        if (isJsonObject(value)) value.type = 'integer';
        return copy;
      }),
    probe: async (call) => {
      const name = (await call('GET', '/v1/openapi')).body?.specs?.[0]?.spec_name;
      const doc = (await call('GET', `/v1/openapi/${name}`, { headers: { Accept: 'application/json' } })).body;
      return doc?.components?.schemas?.MetricOutput?.properties?.value?.type;
    },
    shows: 'integer',
  }),
  fault({
    id: 'ind1-filter-junction-split-inside-quotes',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'The filter is first split on ` AND ` / ` OR ` without regard to quotes: a quoted value holding one (`name = "Salt AND Pepper"`) is cut in two and refused as malformed.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const parts = (raw ?? '').trim().split(/\s+(?:AND|OR)\s+/);
        if (parts.length > 1) for (const part of parts) filter(part, list);
        return filter(raw, list);
      };
    },
    probe: async (call) => (await call('GET', `/v1/personas?filter=${q('name = "Salt AND Pepper"')}`)).status,
    shows: 400,
  }),
  fault({
    id: 'ind1-filter-unquoted-colon-refused',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'An unquoted value may not hold a colon (the tokenizer stops a bare word there): `create_time >= 2026-01-01T00:00:00Z` is refused as malformed; only the quoted timestamp is read.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const bare = (raw ?? '').replace(/"(?:[^"\\]|\\.)*"/g, '""');
        if (bare.includes(':')) throw invalidArgument('filter', 'unexpected ":" in an unquoted value', 'query');
        return filter(raw, list);
      };
    },
    probe: async (call) =>
      (await call('GET', `/v1/runs?page_size=5&filter=${q('create_time >= 2026-01-01T00:00:00Z')}`)).status,
    shows: 400,
  }),
  fault({
    id: 'ind1-order-ignored-with-filter',
    requirements: ['LIST-ORDER-BY'],
    slips: ['scope'],
    description:
      "With a filter, order_by is not applied (the filtered query is built from another template, with the list's default order): `-name` with a filter comes in create_time order; without a filter it sorts.",
    behaviour: (b) => {
      let filtered = false;
      const { filter, order } = b.lists;
      b.lists.filter = (raw, list) => {
        filtered = (raw ?? '').trim() !== '';
        return filter(raw, list);
      };
      b.lists.order = (raw, list) => order(filtered ? null : raw, list);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/personas?page_size=100&order_by=-name&filter=${q('name >= "W"')}`);
      const names = listed(answer.body, 'personas').map((p) => String(p.name));
      return names.length > 1 && names.every((name, i) => i === 0 || names[i - 1]! >= name);
    },
    shows: false,
  }),
  fault({
    id: 'ind1-filter-tags-split-on-blanks',
    requirements: ['LIST-FILTER-FIELDS', 'LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'A tag comparison is matched against the run\'s tags as a search index tokenizes them, on blanks: `tag = "release candidate"` matches no run, while `tag = release` matches the runs so tagged.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        const tags = (item as JsonObject).tags;
        if (!Array.isArray(tags)) return matches(expr, item, fields);
        return matches(expr, { ...(item as JsonObject), tags: tags.join(' ').split(' ') }, fields);
      };
    },
    probe: async (call) =>
      (await call('GET', `/v1/runs?page_size=1000&filter=${q('tag = "release candidate"')}`)).body?.runs?.length,
    shows: 0,
  }),
  fault({
    id: 'ind1-sip-user-phone-number-rejected',
    requirements: ['AGENT-PHONE-NUMBER', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'SIP addresses are matched with a user part of letters, digits, `.`, `_` and `-` only: the common SIP address whose user is a phone number (`sip:+14155550123@gw.example.com`) is rejected.',
    behaviour: (b) =>
      rereadAgent(
        b,
        'phone_number',
        () => (f) =>
          f.string('phone_number', {
            limit: 'agent.phone_number',
            check: {
              test: (v) => E164.test(v) || NAMED_SIP.test(v),
              description: 'an E.164 phone number or a SIP address',
            },
          }),
      ),
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'SIP trunk line',
            model_type: 'MODEL_TYPE_VOICE',
            phone_number: 'sip:+14155550123@gw.example.com',
          },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'ind1-endpoint-port-rejected',
    requirements: ['AGENT-ENDPOINT', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      'endpoint is checked with a URL pattern that has no room for a port: `https://hooks.example.com:8443/trigger` is rejected.',
    behaviour: (b) =>
      rereadAgent(
        b,
        'endpoint',
        () =>
          (f, { modelType }) =>
            f.string('endpoint', {
              limit: 'agent.endpoint',
              required: modelType === 'MODEL_TYPE_OUTBOUND_VOICE',
              check: { test: (v) => AGENT_ENDPOINT_URL.test(v), description: 'an HTTP or HTTPS URL' },
            }),
      ),
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'Port dialer',
            model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
            phone_number: '+14155550100',
            endpoint: 'https://hooks.example.com:8443/trigger',
          },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'ind1-prompt-markup-escaped',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      'prompt goes through an HTML sanitizer on input: `<b>bold</b> & "quotes"` is stored and returned as `&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;`.',
    behaviour: (b) =>
      rereadAgent(b, 'prompt', (read) => (f, request) => {
        const prompt = read(f, request);
        return prompt === null ? null : escapeMarkup(prompt);
      }),
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Markup prompt',
          model_type: 'MODEL_TYPE_VOICE',
          prompt: 'Answer in <b>bold</b> & "quote" sources.',
        },
      });
      return answer.body?.agent?.prompt;
    },
    shows: 'Answer in &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quote&quot; sources.',
  }),
  fault({
    id: 'ind1-input-str-lines-joined',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "input_str's whitespace is normalized (`split(/\\s+/).join(' ')`): a transcript of several lines is stored and returned as one line.",
    behaviour: (b) =>
      rereadTestCase(b, ['input_str'], (read) => (f, request) => read(f, request).split(/\s+/).join(' ')),
    probe: async (call) =>
      (await createTestCase(call, { input_str: 'Caller: Where is my order?\nAgent: Let me check.\nCaller: Thanks.' }))
        .body?.test_case?.input_str,
    shows: 'Caller: Where is my order? Agent: Let me check. Caller: Thanks.',
  }),
  fault({
    id: 'ind1-script-turns-deduplicated',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "A SCRIPT test case's script_turns are stored through a set: a line said twice (`Yes`, `Yes`) is kept once, and the ordered script loses a turn.",
    behaviour: (b) =>
      rereadTestCase(b, ['simulation_metadata_input'], (read) => (f, request) => {
        const input = read(f, request);
        if (!input || !Array.isArray(input.script_turns)) return input;
        return { ...input, script_turns: [...new Set(input.script_turns)] };
      }),
    probe: async (call) =>
      (
        await createTestCase(call, {
          input_type: 'SCRIPT',
          simulation_metadata_input: { script_turns: ['Hello', 'Yes', 'Yes', 'Goodbye'] },
        })
      ).body?.test_case?.simulation_metadata_input?.script_turns,
    shows: ['Hello', 'Yes', 'Goodbye'],
  }),
  fault({
    id: 'ind1-websocket-auth-header-bearer-only',
    requirements: ['AGENT-CREATE', 'CONFIG-AUTH-HEADER-FORMS'],
    slips: ['broken'],
    description:
      'The WEBSOCKET authorization_header must be `Bearer <token>`: the `X-API-Key <key>` form the table also describes is rejected.',
    behaviour: (b) => {
      const websocket = b.agentRules.config.MODEL_TYPE_WEBSOCKET!;
      websocket.authorization_header = (c, k) =>
        void c.string(k, { check: { test: (v) => /^Bearer\s+\S+$/.test(v), description: 'a Bearer token' } });
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'Socket with key',
            model_type: 'MODEL_TYPE_WEBSOCKET',
            metadata: {
              endpoint: 'wss://voice.example.com/socket',
              initialization_json: '{"mode":"voice"}',
              authorization_header: 'X-API-Key sk-test-123',
            },
          },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'ind1-runs-single-tag-as-string',
    requirements: ['SCHEMA-CANONICAL'],
    // Runs are read by the list checks only.
    seenThrough: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['type'],
    description:
      'The runs list writes a tags list of one element as that element (an XML-to-JSON mapping collapses one-element lists): `"tags": "nightly"`; lists of two stay lists.',
    behaviour: (b) =>
      respondWith(b, 'GET /v1/runs', (body) => ({
        ...body,
        runs: (body.runs as JsonObject[]).map((run) =>
          Array.isArray(run.tags) && run.tags.length === 1 ? { ...run, tags: run.tags[0] } : run,
        ),
      })),
    probe: async (call) =>
      listed((await call('GET', '/v1/runs?page_size=1000')).body, 'runs').some((run) => typeof run.tags === 'string'),
    shows: true,
  }),
  fault({
    id: 'ind1-scheduled-run-enabled-as-integer',
    requirements: ['SCHEMA-CANONICAL'],
    // The fixture scheduled run is read by the scheduled-run checks.
    seenThrough: ['SCHEDULED-RUN-GET'],
    slips: ['type'],
    description: "A scheduled run's enabled is returned as 1 or 0 (a TINYINT(1) column), not a boolean.",
    behaviour: (b) => presentWith(b, 'scheduledRun', (view) => ({ ...view, enabled: view.enabled ? 1 : 0 })),
    probe: async (call) =>
      (await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`)).body?.scheduled_run?.enabled,
    shows: 1,
  }),
  fault({
    id: 'ind1-override-key-falsy-on-parent',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      "A configuration key exists for config_overrides only when its value on the parent is truthy (`if (config[key])`): overriding a parent's `strip_message_timestamps: false` is refused as a key the agent lacks.",
    behaviour: (b) => {
      const keys = b.mutationRules.configurationKeys;
      b.mutationRules.configurationKeys = (agent) =>
        new Set(
          [...keys(agent)].filter((key) =>
            Boolean((agent as unknown as Record<string, unknown>)[key] ?? agent.metadata?.[key]),
          ),
        );
    },
    probe: async (call) => {
      const agentId = await createAgent(call, {
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: CHAT_ENDPOINT, strip_message_timestamps: false },
      });
      const answer = await createMutation(call, agentId, {
        display_name: 'Strip timestamps',
        config_overrides: { strip_message_timestamps: true },
      });
      return answer.status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind1-overrides-merged-into-parent',
    requirements: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "Creating a mutation merges its config_overrides into the parent agent's stored configuration (an in-place `Object.assign` meant for a copy): GET of the agent then returns the mutation's values.",
    behaviour: (b) => {
      let parent: AgentRecord | undefined;
      const rules = b.mutationRules;
      const { configurationKeys, parameterValues } = rules;
      rules.configurationKeys = (agent) => {
        parent = agent;
        return configurationKeys(agent);
      };
      rules.parameterValues = (given, overrides) => {
        const config = parent?.metadata as Record<string, unknown> | null | undefined;
        if (config)
          for (const [key, value] of Object.entries(overrides)) if (Object.hasOwn(config, key)) config[key] = value;
        parent = undefined;
        return parameterValues(given, overrides);
      };
    },
    probe: async (call) => {
      const agentId = await createAgent(call, {
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: CHAT_ENDPOINT, response_format: 'chat_completions' },
      });
      await createMutation(call, agentId, {
        display_name: 'Responses API',
        config_overrides: { response_format: 'responses' },
      });
      return (await call('GET', `/v1/agents/${agentId}`)).body?.agent?.metadata?.response_format;
    },
    shows: 'responses',
  }),
  fault({
    id: 'ind1-parameter-values-cached-per-agent',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      "Derived parameter_values are cached by parent agent: every later mutation of an agent that gives none gets the first one's pairs, not its own overrides'.",
    behaviour: (b) => {
      let parentId = '';
      const cache = new Map<string, Readonly<Record<string, string>>>();
      const rules = b.mutationRules;
      const { configurationKeys } = rules;
      rules.configurationKeys = (agent) => {
        parentId = agent.id;
        return configurationKeys(agent);
      };
      rules.parameterValues = (given, overrides) => {
        if (given) return given;
        if (!cache.has(parentId)) cache.set(parentId, flattenToStrings(overrides));
        return cache.get(parentId)!;
      };
    },
    probe: async (call) => {
      const agentId = await createAgent(call, { prompt: 'Be brief.' });
      await createMutation(call, agentId, { display_name: 'Formal', config_overrides: { prompt: 'Be formal.' } });
      const second = await createMutation(call, agentId, {
        display_name: 'Casual',
        config_overrides: { prompt: 'Be casual.' },
      });
      return second.body?.mutation?.parameter_values;
    },
    shows: { prompt: 'Be formal.' },
  }),
  fault({
    id: 'ind1-mutation-name-check-lags',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['state'],
    description:
      'Name uniqueness is checked on a read replica two seconds behind: two creations of one name at once (or in quick succession) both succeed; later ones are refused.',
    behaviour: (b) => {
      const createdAt = new WeakMap<object, number>();
      presentWith(b, 'mutation', (view, record) => {
        if (!createdAt.has(record)) createdAt.set(record, Date.now());
        return view;
      });
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules.nameTakenBy = (other, agentId, displayName) => {
        const at = createdAt.get(other);
        return (at === undefined || Date.now() - at >= 2000) && taken(other, agentId, displayName);
      };
    },
    probe: async (call) => {
      const agentId = await createAgent(call, { prompt: 'Be brief.' });
      const body = { display_name: 'Twin', config_overrides: { prompt: 'Be formal.' } };
      const answers = await Promise.all([createMutation(call, agentId, body), createMutation(call, agentId, body)]);
      return answers.map((answer) => answer.status).sort();
    },
    shows: [200, 200],
  }),
  fault({
    id: 'ind1-test-set-id-alphanumeric-only',
    requirements: ['TESTCASE-TEST-SET-ID'],
    slips: ['broken'],
    description:
      'test_set_id is checked with the ID alphabet as well as its length: an 8-character id with a hyphen (`qa-set-1`) is rejected, where the spec asks exactly 8 characters, of no stated alphabet.',
    behaviour: (b) =>
      rereadTestCase(b, ['test_set_id'], (read) => (f, request) => {
        const id = read(f, request);
        if (!/^[A-Za-z0-9]+$/.test(id)) f.fail('test_set_id', 'must be alphanumeric');
        return id;
      }),
    probe: async (call) => (await createTestCase(call, { test_set_id: 'qa-set-1' })).status,
    shows: 400,
  }),
  fault({
    id: 'ind1-empty-expected-output-not-wrapped',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['explicit'],
    description:
      'expected_output_str is wrapped only when truthy (`if (expectedOutputStr)`): an empty one given without expected_behaviors leaves expected_behaviors null instead of `[""]`.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_behaviors'], () => (f) => {
        const deprecated = f.string('expected_output_str');
        return f.strings('expected_behaviors') ?? (deprecated ? [deprecated] : null);
      }),
    probe: async (call) =>
      (await createTestCase(call, { expected_output_str: '' })).body?.test_case?.expected_behaviors,
    shows: null,
  }),
  fault({
    id: 'ind1-persona-get-wait-seconds-rounded',
    requirements: ['PERSONA-GET'],
    slips: ['broken'],
    description:
      'GET /v1/personas/{persona_id} returns wait_seconds rounded to whole seconds (read into an integer field); the list returns 0.5, 1.5, 3.25 as they are.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (persona) => ({
        ...persona,
        wait_seconds: Math.round(Number(persona.wait_seconds)),
      })),
    probe: async (call) => {
      const personas = listed((await call('GET', '/v1/personas?page_size=100')).body, 'personas');
      const fractional = personas.find((p) => !Number.isInteger(p.wait_seconds));
      const one = (await call('GET', `/v1/personas/${fractional?.id}`)).body?.persona;
      return one?.wait_seconds === fractional?.wait_seconds;
    },
    shows: false,
  }),
  fault({
    id: 'ind1-metric-get-subvalues-dropped',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET of one metric output returns subvalues_by_timestamp empty (the detail query does not join the subvalues table); the list returns them.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (metric) => ({
        ...metric,
        subvalues_by_timestamp: [],
      })),
    probe: async (call) => {
      for (const simulation of await simulationIds(call)) {
        const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
        const withSubvalues = listed(page.body, 'metrics').find((m) => (m.subvalues_by_timestamp?.length ?? 0) > 0);
        if (!withSubvalues) continue;
        const one = await call('GET', `/v1/simulations/${simulation}/metrics/${withSubvalues.metric_output_id}`);
        return one.body?.metric?.subvalues_by_timestamp?.length === withSubvalues.subvalues_by_timestamp?.length;
      }
      return 'no output with subvalues';
    },
    shows: false,
  }),
  fault({
    id: 'ind1-phone-numbers-wrapped-twice',
    requirements: ['PERSONA-PHONE-NUMBERS', 'ENVELOPE-WRAPPED'],
    slips: ['broken'],
    description:
      'GET /v1/personas/phone-numbers wraps its answer twice (the handler wraps it, then the framework): `{phone_numbers: {phone_numbers: {inbound, outbound}}}`.',
    behaviour: (b) => respondWith(b, 'GET /v1/personas/phone-numbers', (body) => ({ phone_numbers: body })),
    probe: async (call) => Object.keys((await call('GET', '/v1/personas/phone-numbers')).body?.phone_numbers ?? {}),
    shows: ['phone_numbers'],
  }),
  fault({
    id: 'ind1-dashboard-name-char-padded',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'Dashboard display_name is kept in a CHAR(255) column and returned padded with blanks to 255 characters.',
    behaviour: (b) =>
      presentWith(b, 'dashboard', (view) => ({ ...view, display_name: String(view.display_name).padEnd(255) })),
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: 'Weekly quality review' },
      });
      return answer.body?.dashboard?.display_name?.length;
    },
    shows: 255,
  }),
  fault({
    id: 'ind1-test-case-numeric-strings-as-numbers',
    requirements: ['SCHEMA-CANONICAL', 'TESTCASE-CREATE'],
    slips: { 'SCHEMA-CANONICAL': ['type'], 'TESTCASE-CREATE': ['broken'] },
    description:
      'Test cases are serialized with a numeric check (PHP\'s JSON_NUMERIC_CHECK): a string of digits only, such as the test_set_id "20261128", is written as the number 20261128.',
    behaviour: (b) => presentWith(b, 'testCase', (view) => numericChecked(view) as JsonObject),
    probe: async (call) => (await createTestCase(call, { test_set_id: '20261128' })).body?.test_case?.test_set_id,
    shows: 20261128,
  }),
  fault({
    id: 'ind1-published-operation-id-repeated',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published DELETE of a mutation reuses the operationId of its GET (a copied operation): two operations share one id, which OpenAPI requires unique.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        const item = paths(copy)[MUTATION_PATH];
        const [get, remove] = [item?.get, item?.delete];
        if (get && remove) remove.operationId = get.operationId;
        return copy;
      }),
    probe: async (call) => {
      const name = (await call('GET', '/v1/openapi')).body?.specs?.[0]?.spec_name;
      const doc = (await call('GET', `/v1/openapi/${name}`, { headers: { Accept: 'application/json' } })).body;
      const item = isJsonObject(doc) ? paths(doc)[MUTATION_PATH] : undefined;
      return item?.delete?.operationId === item?.get?.operationId;
    },
    shows: true,
  }),
  fault({
    id: 'ind1-run-metadata-as-json-text',
    requirements: ['SCHEMA-CANONICAL'],
    // Runs are read by the list checks only.
    seenThrough: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['type'],
    description:
      "The runs list returns each run's metadata as its JSON text (a JSON column the driver reads as a string), a string where the spec says an object.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/runs', (body) => ({
        ...body,
        runs: (body.runs as JsonObject[]).map((run) => ({ ...run, metadata: JSON.stringify(run.metadata) })),
      })),
    probe: async (call) => typeof listed((await call('GET', '/v1/runs?page_size=5')).body, 'runs')[0]?.metadata,
    shows: 'string',
  }),
] as const;
