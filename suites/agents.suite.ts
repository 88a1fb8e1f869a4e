// Agents: POST /v1/agents and GET /v1/agents/{agent_id}. What every returned agent looks
// like, the rules of each field (lengths, formats, model types, referenced IDs), the
// simulator configuration of CHAT and WEBSOCKET agents, and the size limits.
// The API cannot delete agents: every display name carries the run marker, so a sweep can find them.

import fc from 'fast-check';
import type { ModelType } from '../lib/contract/enums.js';
import { ID_RULES } from '../lib/contract/ids.js';
import { fieldLimit, type FieldLimitId } from '../lib/contract/limits.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { expectAgent, expectEcho, expectInvalidField } from '../lib/families/agents.js';
import { configField, initializationPayloadForm, probeConfigField, unprovenReason } from '../lib/families/simulator-config.js';
import { byteLimitSizes, FORMATTED_VALUES, type FormattedField, jsonObjectOfSize, jsonTextOfSize, typedAgentBody } from '../lib/gen/agent-bodies.js';
import { agentBody, PUBLIC_CHAT_URL, PUBLIC_WEBHOOK_URL } from '../lib/gen/bodies.js';
import { alnum, nearMissIds } from '../lib/gen/ids.js';
import { spreadInRangeString } from '../lib/gen/lengths.js';
import { boundaryCases, type BoundaryCase, stringOf, tooLongString } from '../lib/gen/strings.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import { property } from '../lib/harness/property.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import type { JsonObject } from '../lib/util/json.js';

type Requirements = readonly RequirementId[];

const CREATE = 'POST /v1/agents' satisfies EndpointKey;
const GET = 'GET /v1/agents/{agent_id}' satisfies EndpointKey;
const WRITES = { writes: true } as const;
const SUCCESS_RESPONSE_RULES: Requirements = ['ENVELOPE-WRAPPED', 'TIMESTAMP-ISO-UTC', 'SCHEMA-CANONICAL', 'SCHEMA-PUBLISHED'];
const ERROR_RESPONSE_RULES: Requirements = ['ERROR-ENVELOPE', 'ERROR-INVALID-ARGUMENT', 'ERROR-DETAILS-FIELD'];
const BIG = { writes: true, timeout: 120_000 } as const;

// ---- creating and reading back --------------------------------------------------------

/** Creates an agent that must be accepted and return every top-level field sent (the configuration is compared where it is the point). */
async function expectCreated(t: CheckContext, body: JsonObject, requirements: Requirements, what: string, configKey?: string): Promise<{ agent: JsonObject; call: Call }> {
  const call = await t.call(CREATE, { json: body });
  const agent = expectAgent(t, call, requirements, what);
  expectEcho(t, Object.fromEntries(Object.entries(body).filter(([key]) => key !== configKey)), agent, ['AGENT-CREATE'], call);
  return { agent, call };
}

/** Creates an agent that must be rejected with INVALID_ARGUMENT naming one of `fields`. */
async function expectRejected(t: CheckContext, body: JsonObject, requirements: Requirements, fields: readonly string[], what: string): Promise<void> {
  expectInvalidField(t, await t.call(CREATE, { json: body }), requirements, fields, what);
}

async function fetchAgent(t: CheckContext, created: JsonObject, requirements: Requirements): Promise<{ agent: JsonObject; call: Call }> {
  const call = await t.call(GET, { params: { agent_id: String(created['id']) } });
  return { agent: expectAgent(t, call, requirements, 'reading the created agent back'), call };
}

const PROMPT = 'You are the front desk of a dental practice. Greet the caller, ask for their name, then book, move or cancel an appointment. '.repeat(4);

/** An agent with every top-level field the spec lists (empty reference lists: unknown IDs may be refused). */
const fullAgent = (t: CheckContext): JsonObject => agentBody(t.name('full agent'), {
  endpoint: PUBLIC_WEBHOOK_URL,
  prompt: PROMPT,
  workflows: { version: 2, steps: [{ name: 'greet', next: 'book' }, { name: 'book' }] },
  metric_ids: [],
  test_set_ids: [],
});

const INVARIANTS: ReadonlyArray<[RequirementId, string]> = [
  ['AGENT-ID-FORMAT', 'agents returned by POST and GET have a 22-character alphanumeric id'],
  ['TIMESTAMP-ORDER', 'agents returned by POST and GET have no update_time before create_time'],
  ['AGENT-NO-SOFT-DELETE-FLAG', 'agents returned by POST and GET carry no soft-delete flag'],
  ['AGENT-KNOWLEDGE-BASE-IDS', 'agents returned by POST and GET carry knowledge_base_ids'],
];

// ---- lengths ----------------------------------------------------------------------------

const TEXT_FIELDS = [
  { field: 'display_name', requirement: 'AGENT-DISPLAY-NAME', limit: 'agent.display_name' },
  { field: 'prompt', requirement: 'AGENT-PROMPT', limit: 'agent.prompt' },
] as const;

const FORMATTED_FIELDS = [
  { field: 'phone_number', requirement: 'AGENT-PHONE-NUMBER', limit: 'agent.phone_number' },
  { field: 'endpoint', requirement: 'AGENT-ENDPOINT', limit: 'agent.endpoint' },
] as const satisfies ReadonlyArray<{ field: FormattedField; requirement: RequirementId; limit: FieldLimitId }>;

const markerPrefix = (t: CheckContext): string => `${t.config.runMarker} `;

/** The value with its first characters replaced by the run marker: same length in code points; short values stay as they are. */
function marked(t: CheckContext, value: string): string {
  const prefix = markerPrefix(t);
  const chars = [...value];
  return chars.length <= prefix.length ? value : prefix + chars.slice(prefix.length).join('');
}

/** A valid body whose `field` is `value` (a display name leads with the run marker). */
const bodyWith = (t: CheckContext, field: string, value: string): JsonObject =>
  field === 'display_name' ? agentBody(marked(t, value)) : agentBody(t.name(`${field} limit`), { [field]: value });

function maxOf(limit: FieldLimitId): number {
  const { max } = fieldLimit(limit);
  if (max === undefined) throw new Error(`${limit} has no maximum`);
  return max;
}

/** Boundary cases of a formatted field: ASCII values of exactly the maximum and one more. */
function formattedCases(field: FormattedField, max: number): { accept: BoundaryCase[]; reject: BoundaryCase[] } {
  const { ofLength } = FORMATTED_VALUES[field];
  return {
    accept: [{ value: ofLength(max), why: `${max} characters (the maximum)` }],
    reject: [{ value: ofLength(max + 1), why: `${max + 1} characters (one above the maximum)` }],
  };
}

/** How a case reads in a title: a display name longer than one character leads with the run marker. */
const shown = (field: string, c: BoundaryCase): string => (field === 'display_name' && [...c.value].length > 1 ? `${c.why}, the run marker replacing its first characters` : c.why);

function lengthChecks(field: string, requirement: RequirementId, cases: { accept: BoundaryCase[]; reject: BoundaryCase[] }): void {
  const requirements = [requirement, 'FIELD-LENGTH-LIMITS'] as const;
  for (const c of cases.accept) {
    check(requirements, `${field} of ${shown(field, c)} is accepted and returned`, async (t) => {
      await expectCreated(t, bodyWith(t, field, c.value), requirements, `an agent with ${field} of ${c.why}`);
    }, WRITES);
  }
  for (const c of cases.reject) {
    check(requirements, `${field} of ${shown(field, c)} is rejected`, async (t) => {
      await expectRejected(t, bodyWith(t, field, c.value), requirements, [field], `an agent with ${field} of ${c.why}`);
    }, WRITES);
  }
}

/** A property each side of a limit: the arbitraries build values in or out of range by construction, so shrinking cannot cross the limit. */
function lengthProperties(field: string, requirement: RequirementId, sides: {
  accept: [string, (t: CheckContext) => fc.Arbitrary<string>];
  reject: [string, (t: CheckContext) => fc.Arbitrary<string>];
}): void {
  const requirements = [requirement, 'FIELD-LENGTH-LIMITS'] as const;
  check(requirements, `${field} of ${sides.accept[0]} is accepted (property)`, async (t) => {
    await property(t, sides.accept[1](t), async (value) => {
      await expectCreated(t, bodyWith(t, field, value), requirements, `an agent with ${field} of ${[...value].length} characters`);
    });
  }, WRITES);
  check(requirements, `${field} of ${sides.reject[0]} is rejected (property)`, async (t) => {
    await property(t, sides.reject[1](t), async (value) => {
      await expectRejected(t, bodyWith(t, field, value), requirements, [field], `an agent with ${field} of ${[...value].length} characters`);
    });
  }, WRITES);
}

// ---- simulator configuration ------------------------------------------------------------

const VALID_TEMPLATE = '{"model":"agent","input":"{{latest_message}}","session":"{{sessionId}}"}';

/** A CHAT configuration a server must return as sent (secrets such as authorization_header may be masked, so none is sent). */
const CHAT_CONFIG = {
  chat_endpoint: PUBLIC_CHAT_URL,
  response_format: 'responses',
  input_template: VALID_TEMPLATE,
  payload_wrapper: 'payload',
  response_message_path: 'output.0.content',
  strip_message_timestamps: true,
  custom_data: '{"tier":"gold"}',
};

interface ConfigCase {
  readonly requirements: Requirements;
  readonly modelType: ModelType;
  readonly title: string;
  /** Merged over the type's required keys; undefined leaves a key out. */
  readonly config: JsonObject;
  /** The key a rejection names; absent when the configuration must be accepted. */
  readonly rejects?: string;
}

const CHAT = 'MODEL_TYPE_CHAT';
const WEBSOCKET = 'MODEL_TYPE_WEBSOCKET';

const PRIVATE_CHAT_URLS = [
  ['a loopback address', 'http://127.0.0.1/chat'],
  ['localhost', 'http://localhost/chat'],
  ['a private 10/8 address', 'http://10.1.2.3/chat'],
  ['a private 192.168/16 address', 'http://192.168.0.10/chat'],
  ['the IPv6 loopback', 'http://[::1]/chat'],
] as const;

const CONFIG_CASES: readonly ConfigCase[] = [
  { requirements: ['CHAT-ENDPOINT-REQUIRED'], modelType: CHAT, title: 'a CHAT agent without chat_endpoint is rejected',
    config: { chat_endpoint: undefined, authorization_header: 'Bearer cft-token' }, rejects: 'chat_endpoint' },
  ...PRIVATE_CHAT_URLS.map(([where, url]): ConfigCase => ({
    requirements: ['CHAT-ENDPOINT-PUBLIC'], modelType: CHAT, title: `a chat_endpoint on ${where} (${url}) is rejected`, config: { chat_endpoint: url }, rejects: 'chat_endpoint',
  })),
  { requirements: ['CHAT-URLS-VALIDATED'], modelType: CHAT, title: 'a chat_endpoint that is not a URL is rejected', config: { chat_endpoint: 'not a url' }, rejects: 'chat_endpoint' },
  { requirements: ['CHAT-URLS-VALIDATED'], modelType: CHAT, title: 'an initialization_endpoint that is not a URL is rejected',
    config: { initialization_endpoint: 'not a url' }, rejects: 'initialization_endpoint' },
  { requirements: ['CHAT-URLS-VALIDATED'], modelType: CHAT, title: 'an HTTPS initialization_endpoint is accepted',
    config: { initialization_endpoint: 'https://chat.example.com/v1/sessions' } },
  { requirements: ['CHAT-INPUT-TEMPLATE-JSON'], modelType: CHAT, title: 'an input_template that is not valid JSON is rejected',
    config: { input_template: '{"messages": [' }, rejects: 'input_template' },
  { requirements: ['CHAT-INPUT-TEMPLATE-JSON'], modelType: CHAT, title: 'an input_template of valid JSON with template variables is accepted',
    config: { input_template: VALID_TEMPLATE } },
  { requirements: ['CHAT-RESPONSE-FORMAT'], modelType: CHAT, title: 'response_format `xml` is rejected', config: { response_format: 'xml' }, rejects: 'response_format' },
  ...nearMissIds(ID_RULES.persona, 3).map((miss): ConfigCase => ({
    requirements: ['CHAT-PERSONA-ID'], modelType: CHAT, title: `a persona_id of ${miss.why} is rejected`, config: { persona_id: miss.value }, rejects: 'persona_id',
  })),
  { requirements: ['WEBSOCKET-ENDPOINT', 'WEBSOCKET-INIT-JSON'], modelType: WEBSOCKET, title: 'a WEBSOCKET agent with a wss:// endpoint and initialization_json is accepted', config: {} },
  { requirements: ['WEBSOCKET-ENDPOINT'], modelType: WEBSOCKET, title: 'a WEBSOCKET agent without endpoint is rejected', config: { endpoint: undefined }, rejects: 'endpoint' },
  { requirements: ['WEBSOCKET-ENDPOINT'], modelType: WEBSOCKET, title: 'a WEBSOCKET endpoint with ws:// is rejected', config: { endpoint: 'ws://ws.example.com/agent' }, rejects: 'endpoint' },
  { requirements: ['WEBSOCKET-ENDPOINT'], modelType: WEBSOCKET, title: 'a WEBSOCKET endpoint with https:// is rejected', config: { endpoint: 'https://ws.example.com/agent' }, rejects: 'endpoint' },
  { requirements: ['WEBSOCKET-INIT-JSON'], modelType: WEBSOCKET, title: 'a WEBSOCKET agent without initialization_json is rejected',
    config: { initialization_json: undefined }, rejects: 'initialization_json' },
];

function shownValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length <= 60 ? text : `${text.slice(0, 40)}… (${Buffer.byteLength(typeof value === 'string' ? value : text)} bytes)`;
}

/** `a MODEL_TYPE_CHAT agent without chat_endpoint, with authorization_header "Bearer …"`. */
function describeConfig(modelType: ModelType, config: JsonObject): string {
  const entries = Object.entries(config);
  const without = entries.filter(([, v]) => v === undefined).map(([k]) => `without ${k}`);
  const given = entries.filter(([, v]) => v !== undefined).map(([k, v]) => `${k} ${shownValue(v)}`);
  return [`a ${modelType} agent`, ...without, ...(given.length ? [`with ${given.join(', ')}`] : [])].join(', ').replace(' agent, ', ' agent ');
}

/** A body of `modelType` with `config` under the proven configuration field (skips when none is proven). */
async function configured(t: CheckContext, modelType: ModelType, config: JsonObject): Promise<{ body: JsonObject; field: string; what: string }> {
  const field = await configField(t);
  return { body: typedAgentBody(modelType, t.name(`${modelType} configuration`), { configField: field, config }), field, what: describeConfig(modelType, config) };
}

/** A configuration key rejected: the details may name the key or the configuration field that holds it. */
async function expectConfigRejected(t: CheckContext, modelType: ModelType, config: JsonObject, key: string, requirements: Requirements): Promise<void> {
  const { body, field, what } = await configured(t, modelType, config);
  await expectRejected(t, body, requirements, [key, field], what);
}

async function expectConfigAccepted(t: CheckContext, modelType: ModelType, config: JsonObject, requirements: Requirements): Promise<void> {
  const { body, field, what } = await configured(t, modelType, config);
  await expectCreated(t, body, requirements, what, field);
}

const PAYLOAD_LIMITS = ['chat.initialization_payload', 'chat.custom_data', 'chat.custom_persona_data', 'chat.custom_headers'] as const;

/** A value of `bytes` for a CHAT payload key: JSON text ("JSON string"), or for initialization_payload the form the target takes. */
async function payloadOfSize(t: CheckContext, key: string, field: string, bytes: number, requirements: Requirements): Promise<unknown> {
  if (key !== 'initialization_payload') return jsonTextOfSize(bytes);
  const { form, call } = await initializationPayloadForm(t, field);
  t.assert(form, requirements, 'a small initialization_payload ({"hello":"world"}) was rejected both as JSON text and as an object', call);
  return form === 'object' ? jsonObjectOfSize(bytes) : jsonTextOfSize(bytes);
}

// ---- the checks -------------------------------------------------------------------------

describeGroup('agents', () => {
  // Also the place the cross-cutting rules of a success response are named: every check
  // asserts them on its responses, and a fault breaking them must be caught here.
  check(['AGENT-CREATE', ...SUCCESS_RESPONSE_RULES], 'POST /v1/agents with every agent field returns {agent} carrying each field as sent', async (t) => {
    await expectCreated(t, fullAgent(t), ['AGENT-CREATE'], 'creating an agent with every field');
  }, WRITES);

  check(['ENVELOPE-SINGLE-KEY', 'RESPONSE-CONTENT-TYPE-JSON'], 'a created agent is sent as application/json with {agent} as the only top-level key', async (t) => {
    t.expectResource(await t.call(CREATE, { json: agentBody(t.name('envelope')) }), ['AGENT-CREATE'], 'creating an agent');
  }, WRITES);

  check(['AGENT-GET'], 'GET /v1/agents/{agent_id} returns the agent as created', async (t) => {
    const body = fullAgent(t);
    const { agent: created } = await expectCreated(t, body, ['AGENT-CREATE'], 'creating an agent with every field');
    const { agent, call } = await fetchAgent(t, created, ['AGENT-GET']);
    expectEcho(t, { ...body, id: created['id'] }, agent, ['AGENT-GET'], call);
  }, WRITES);

  for (const [requirement, title] of INVARIANTS) {
    check([requirement], title, async (t) => {
      const { agent } = await expectCreated(t, fullAgent(t), [requirement], 'creating an agent');
      await fetchAgent(t, agent, [requirement]);
    }, WRITES);
  }

  for (const { field, requirement, limit } of TEXT_FIELDS) {
    const { min, max } = { min: fieldLimit(limit).min, max: maxOf(limit) };
    lengthChecks(field, requirement, boundaryCases({ min, max }));
    // A display name leads with the run marker, so the generated part is shorter by its length.
    const prefix = (t: CheckContext) => (field === 'display_name' ? markerPrefix(t) : '');
    lengthProperties(field, requirement, {
      accept: [`${min ?? 0} to ${max} mixed ASCII, multi-byte and astral characters`,
        (t) => spreadInRangeString({ min: Math.max((min ?? 0) - prefix(t).length, 0), max: max - prefix(t).length }).map((s) => prefix(t) + s)],
      reject: [`more than ${max} mixed characters`, (t) => tooLongString(max - prefix(t).length).map((s) => prefix(t) + s)],
    });
  }

  check(['FIELD-CHARS-CODEPOINTS'], 'display_name of 200 code points, astral (two UTF-16 units each) after the run marker, is accepted', async (t) => {
    await expectCreated(t, bodyWith(t, 'display_name', stringOf(200, 'astral')), ['FIELD-CHARS-CODEPOINTS'], 'an agent with a display_name of 200 code points');
  }, WRITES);

  for (const { field, requirement, limit } of FORMATTED_FIELDS) {
    const max = maxOf(limit);
    const { shortest, ofLength } = FORMATTED_VALUES[field];
    lengthChecks(field, requirement, formattedCases(field, max));
    const sized = (lengths: fc.Arbitrary<number>) => fc.tuple(lengths, fc.nat(1000)).map(([n, salt]) => ofLength(n, salt));
    lengthProperties(field, requirement, {
      accept: [`${shortest} to ${max} characters`, () => sized(fc.integer({ min: shortest, max }))],
      reject: [`${max + 1} to ${max + 16} characters`, () => sized(fc.integer({ min: max + 1, max: max + 16 }))],
    });
  }

  check(['AGENT-PHONE-NUMBER'], 'a SIP address is accepted as phone_number', async (t) => {
    await expectCreated(t, agentBody(t.name('sip phone'), { phone_number: 'sip:frontdesk@pbx.example.com' }), ['AGENT-PHONE-NUMBER'], 'an agent with a SIP phone_number');
  }, WRITES);

  check(['AGENT-PHONE-NUMBER'], 'a phone_number that is neither E.164 nor a SIP address is rejected', async (t) => {
    await expectRejected(t, agentBody(t.name('bad phone'), { phone_number: 'call the front desk' }), ['AGENT-PHONE-NUMBER'], ['phone_number'], 'an agent with a malformed phone_number');
  }, WRITES);

  check(['AGENT-ENDPOINT'], 'HTTP and HTTPS endpoint URLs are accepted', async (t) => {
    for (const endpoint of ['http://hooks.example.com/outbound', PUBLIC_WEBHOOK_URL]) {
      await expectCreated(t, agentBody(t.name('webhook'), { endpoint }), ['AGENT-ENDPOINT'], `an agent with endpoint ${endpoint}`);
    }
  }, WRITES);

  check(['AGENT-ENDPOINT'], 'an endpoint that is not an HTTP(S) URL (ftp://x) is rejected', async (t) => {
    await expectRejected(t, agentBody(t.name('ftp endpoint'), { endpoint: 'ftp://x' }), ['AGENT-ENDPOINT'], ['endpoint'], 'an agent with endpoint ftp://x');
  }, WRITES);

  check(['AGENT-ENDPOINT'], 'a MODEL_TYPE_OUTBOUND_VOICE agent without endpoint is rejected', async (t) => {
    const body = typedAgentBody('MODEL_TYPE_OUTBOUND_VOICE', t.name('outbound without endpoint'), { overrides: { endpoint: undefined } });
    await expectRejected(t, body, ['AGENT-ENDPOINT'], ['endpoint'], 'an outbound voice agent without endpoint');
  }, WRITES);

  check(['AGENT-MODEL-TYPE'], 'MODEL_TYPE_VOICE, MODEL_TYPE_OUTBOUND_VOICE and MODEL_TYPE_SMS agents are accepted', async (t) => {
    for (const modelType of ['MODEL_TYPE_VOICE', 'MODEL_TYPE_OUTBOUND_VOICE', 'MODEL_TYPE_SMS'] as const) {
      await expectCreated(t, typedAgentBody(modelType, t.name(modelType)), ['AGENT-MODEL-TYPE'], `a ${modelType} agent`);
    }
  }, WRITES);

  check(['AGENT-MODEL-TYPE'], 'MODEL_TYPE_CHAT and MODEL_TYPE_WEBSOCKET agents with their required configuration are accepted', async (t) => {
    for (const modelType of [CHAT, WEBSOCKET] as const) await expectConfigAccepted(t, modelType, {}, ['AGENT-MODEL-TYPE']);
  }, WRITES);

  for (const modelType of ['MODEL_TYPE_FOO', 'voice', '']) {
    check(['AGENT-MODEL-TYPE'], `model_type ${JSON.stringify(modelType)} is rejected`, async (t) => {
      await expectRejected(t, agentBody(t.name('model type'), { model_type: modelType }), ['AGENT-MODEL-TYPE'], ['model_type'], `an agent with model_type ${JSON.stringify(modelType)}`);
    }, WRITES);
  }

  for (const field of ['display_name', 'model_type']) {
    check(['REQUEST-MISSING-REQUIRED', ...ERROR_RESPONSE_RULES], `an agent without ${field} is rejected with INVALID_ARGUMENT naming ${field}`, async (t) => {
      const { [field]: _omitted, ...body } = agentBody(t.name('missing field'));
      await expectRejected(t, body, ['REQUEST-MISSING-REQUIRED'], [field], `an agent without ${field}`);
    }, WRITES);
  }

  check(['HTTP-STATUS-CONVENTIONS'], 'an invalid agent is answered INVALID_ARGUMENT with HTTP 400', async (t) => {
    const { display_name: _omitted, ...body } = agentBody(t.name('missing field'));
    t.expectRejection(await t.call(CREATE, { json: body }), ['REQUEST-MISSING-REQUIRED'], { code: 'INVALID_ARGUMENT', conventionalStatus: 400 }, 'an agent without display_name');
  }, WRITES);

  const WRONG_TYPES: ReadonlyArray<[string, unknown, string]> = [
    ['display_name', 42, 'a number'],
    ['prompt', 42, 'a number'],
    ['metric_ids', alnum(22, 5), 'a string instead of a list'],
    ['test_set_ids', alnum(22, 6), 'a string instead of a list'],
  ];
  for (const [field, value, how] of WRONG_TYPES) {
    check(['REQUEST-WRONG-TYPE'], `${field} given as ${how} is rejected`, async (t) => {
      await expectRejected(t, agentBody(t.name('wrong type'), { [field]: value }), ['REQUEST-WRONG-TYPE'], [field], `an agent with ${field} as ${how}`);
    }, WRITES);
  }

  check(['REQUEST-MALFORMED-JSON'], 'a truncated JSON body is rejected with INVALID_ARGUMENT', async (t) => {
    const call = await t.call(CREATE, { rawBody: `{"display_name": "${t.name('malformed')}", "model_type": "MODEL_TYPE_VOICE",` });
    t.expectInvalidArgument(call, ['REQUEST-MALFORMED-JSON'], undefined, 'a truncated JSON body');
  }, WRITES);

  for (const miss of nearMissIds(ID_RULES.agent)) {
    check(['PATH-ID-FORMAT'], `GET /v1/agents/{agent_id} with an agent_id of ${miss.why} is rejected naming agent_id`, async (t) => {
      const call = await t.call(GET, { params: { agent_id: miss.value } });
      t.expectInvalidArgument(call, ['PATH-ID-FORMAT'], 'agent_id', `an agent_id of ${miss.why}`);
    });
  }

  for (const field of ['metric_ids', 'test_set_ids']) {
    for (const miss of nearMissIds(ID_RULES.agentReference, 9)) {
      check(['AGENT-REFERENCE-IDS'], `a ${field} element of ${miss.why} is rejected`, async (t) => {
        await expectRejected(t, agentBody(t.name('reference ids'), { [field]: [miss.value] }), ['AGENT-REFERENCE-IDS'], [field], `an agent with a ${field} element of ${miss.why}`);
      }, WRITES);
    }
  }

  check(['AGENT-REFERENCE-IDS-ACCEPTED'], 'well-formed metric_ids and test_set_ids are accepted and returned', async (t) => {
    const body = agentBody(t.name('reference ids'), { metric_ids: [alnum(22, 11)], test_set_ids: [alnum(22, 12)] });
    await expectCreated(t, body, ['AGENT-REFERENCE-IDS-ACCEPTED'], 'an agent with well-formed reference IDs');
  }, WRITES);

  const SIZED = [
    { what: 'a simulator configuration', limit: 'agent.metadata', field: configField },
    { what: 'workflows', limit: 'agent.workflows', field: async () => 'workflows' },
  ] as const;
  for (const { what, limit, field } of SIZED) {
    const sizes = byteLimitSizes(limit);
    const requirements = ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'] as const;
    check(requirements, `${what} of ${sizes.accept} bytes of JSON is accepted`, async (t) => {
      const call = await t.call(CREATE, { json: agentBody(t.name('large JSON'), { [await field(t)]: jsonObjectOfSize(sizes.accept) }) });
      expectAgent(t, call, requirements, `an agent with ${what} of ${sizes.accept} bytes`);
    }, BIG);
    check(requirements, `${what} of ${sizes.reject} bytes of JSON is rejected`, async (t) => {
      const call = await t.call(CREATE, { json: agentBody(t.name('oversized JSON'), { [await field(t)]: jsonObjectOfSize(sizes.reject) }) });
      t.assert(call.response.status >= 400, requirements, `an agent with ${what} of ${sizes.reject} bytes should be rejected, but POST /v1/agents answered ${call.response.status}`, call);
    }, BIG);
  }

  check(['AGENT-CONFIG-ECHO'], `a CHAT agent's configuration (chat_endpoint ${PUBLIC_CHAT_URL}) is accepted and returned as metadata by POST and GET`, async (t) => {
    const found = await probeConfigField(t);
    if (!found.echoed && !found.published) t.skip(unprovenReason(found));
    t.assert(found.echoed, ['AGENT-CONFIG-ECHO'], `${unprovenReason(found)}, although ${found.source} names that field`, found.call);
    const body = typedAgentBody(CHAT, t.name('configured chat agent'), { configField: found.field, config: CHAT_CONFIG });
    const { agent, call } = await expectCreated(t, body, ['AGENT-CONFIG-ECHO'], 'a CHAT agent with a full configuration', found.field);
    expectEcho(t, { metadata: CHAT_CONFIG }, agent, ['AGENT-CONFIG-ECHO'], call);
    const fetched = await fetchAgent(t, agent, ['AGENT-GET']);
    expectEcho(t, { metadata: CHAT_CONFIG }, fetched.agent, ['AGENT-CONFIG-ECHO'], fetched.call);
  }, WRITES);

  for (const c of CONFIG_CASES) {
    check(c.requirements, c.title, async (t) => {
      if (c.rejects) await expectConfigRejected(t, c.modelType, c.config, c.rejects, c.requirements);
      else await expectConfigAccepted(t, c.modelType, c.config, c.requirements);
    }, WRITES);
  }

  check(['CHAT-RESPONSE-FORMAT'], 'response_format `chat_completions` and `responses` are accepted', async (t) => {
    for (const format of ['chat_completions', 'responses']) {
      await expectConfigAccepted(t, CHAT, { response_format: format }, ['CHAT-RESPONSE-FORMAT']);
    }
  }, WRITES);

  for (const limit of PAYLOAD_LIMITS) {
    const key = fieldLimit(limit).field;
    const sizes = byteLimitSizes(limit);
    const requirements = ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'] as const;
    check(requirements, `a CHAT ${key} of ${sizes.accept} bytes is accepted`, async (t) => {
      const field = await configField(t);
      const config = { [key]: await payloadOfSize(t, key, field, sizes.accept, requirements) };
      await expectConfigAccepted(t, CHAT, config, requirements);
    }, WRITES);
    check(requirements, `a CHAT ${key} of ${sizes.reject} bytes is rejected`, async (t) => {
      const field = await configField(t);
      const config = { [key]: await payloadOfSize(t, key, field, sizes.reject, requirements) };
      await expectConfigRejected(t, CHAT, config, key, requirements);
    }, WRITES);
  }
});
