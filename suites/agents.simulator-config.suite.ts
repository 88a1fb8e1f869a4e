// Agents: the simulator configuration of CHAT, OUTBOUND_VOICE and WEBSOCKET agents. Sent under the request
// field the target takes (found and proven once, lib/families/simulator-config.ts) and
// returned as `metadata`: what each type requires, the rules of each key, and the size of
// CHAT payloads. Every display name carries the run marker (agents cannot be deleted).

import { backtrackingValueChecks } from '../lib/families/backtracking.js';
import { isDeepStrictEqual } from 'node:util';
import { CHAT_RESPONSE_FORMATS, DEFAULTS, MODEL_TYPES, type ModelType } from '../lib/contract/enums.js';
import { ID_RULES } from '../lib/contract/ids.js';
import { fieldLimit } from '../lib/contract/limits.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { expectAgentCreated, expectAgentReadBack, expectEcho, fetchAgent } from '../lib/families/agents.js';
import {
  configField,
  initializationPayloadForm,
  probeConfigField,
  unprovenReason,
} from '../lib/families/simulator-config.js';
import {
  byteLimitSizes,
  type FillerText,
  fullestAgentBody,
  jsonObjectOfSize,
  jsonTextOfSize,
  typedAgentBody,
} from '../lib/gen/agent-bodies.js';
import { isSuccess } from '../lib/assert/responses.js';
import { PUBLIC_CHAT_URL, PUBLIC_WEBHOOK_URL, RELATIVE_URLS } from '../lib/gen/bodies.js';
import { alnum, nearMissIds } from '../lib/gen/ids.js';
import { NESTING_DEPTHS, SHAPED_VALUES, WSS_URLS, nestedValue } from '../lib/gen/values.js';
import { expectRefusedNotFailed } from '../lib/families/field-values.js';
import { madeOfListedChecks } from '../lib/families/values/enumerated.js';
import { keyOrderCheck } from '../lib/families/json-forms.js';
import { asAbsoluteUrl, expectRefusedOrRecognised, lineBreakChecks } from '../lib/families/invalid-field.js';
import { allEnded, check, describeGroup, type CheckContext } from '../lib/harness/index.js';
import { personas } from '../lib/harness/discovery.js';
import type { JsonObject } from '../lib/util/json.js';
import { checkIdOf } from '../lib/result/check-id.js';

type Requirements = readonly RequirementId[];

const WRITES = { writes: true } as const;
const CHAT = 'MODEL_TYPE_CHAT';
const OUTBOUND_VOICE = 'MODEL_TYPE_OUTBOUND_VOICE';
const WEBSOCKET = 'MODEL_TYPE_WEBSOCKET';

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
  // Template variables are rendered per request, never when saved: stored as sent.
  custom_headers: '{"X-Session":"{{sessionId}}","X-Trace":"{{ var }} ${var} {var} %s <%= x %>"}',
};

interface ConfigCase {
  /** The check's id after `agents.simulator-config.`. */
  readonly id: string;
  readonly requirements: Requirements;
  readonly modelType: ModelType;
  readonly title: string;
  /** Merged over the type's required keys; undefined leaves a key out. */
  readonly config: JsonObject;
  /** Top-level fields merged over the agent's body; undefined leaves one out. */
  readonly overrides?: JsonObject;
  /** The key a rejection names; absent when the configuration must be accepted. */
  readonly rejects?: string;
  /** A refusal for any reason will do (not only INVALID_ARGUMENT naming `rejects`). */
  readonly anyRefusal?: boolean;
}

const PRIVATE_CHAT_URLS = [
  ['a loopback address', 'http://127.0.0.1/chat'],
  ['localhost', 'http://localhost/chat'],
  ['a private 10/8 address', 'http://10.1.2.3/chat'],
  ['a private 192.168/16 address', 'http://192.168.0.10/chat'],
  ['the first block of the private 172.16/12', 'http://172.16.0.1/chat'],
  ['the last block of the private 172.16/12', 'http://172.31.255.254/chat'],
  ['a loopback address other than 127.0.0.1 (127/8)', 'http://127.1.2.3/chat'],
  ['the IPv6 loopback', 'http://[::1]/chat'],
  ["an IPv6 unique local address (fc00::/7, IPv6's private range)", 'http://[fd12:3456::1]/chat'],
  // The same hosts in other spellings (URL parsers rewrite most of them), each with its check id (a URL's would
  // repeat localhost's): refused for any reason, never accepted.
  ['localhost fully qualified, with a trailing dot', 'http://localhost./chat', 'localhost-trailing-dot'],
  ['localhost in upper case', 'http://LOCALHOST/chat', 'localhost-upper-case'],
  ['127.0.0.1 shortened to two parts', 'http://127.1/chat', 'loopback-two-parts'],
  ['127.0.0.1 as one decimal number', 'http://2130706433/chat', 'loopback-decimal'],
  ['127.0.0.1 as one hexadecimal number', 'http://0x7f000001/chat', 'loopback-hexadecimal'],
  ['127.0.0.1 as an IPv4-mapped IPv6 address', 'http://[::ffff:127.0.0.1]/chat', 'loopback-ipv4-mapped'],
  ['the unspecified address (reaching this host)', 'http://0.0.0.0/chat', 'unspecified'],
  // The same hosts in the other parts a URL may carry around its host: a port, userinfo, both.
  ['localhost with an explicit port', 'https://localhost:8443/chat', 'localhost-port'],
  ['a private 10/8 address with an explicit port', 'http://10.0.0.7:8080/chat', 'private-port'],
  ['the IPv6 loopback with an explicit port', 'http://[::1]:8080/chat', 'ipv6-loopback-port'],
  ['localhost with a trailing dot, capitals and a port', 'http://LocalHost.:8080/chat', 'localhost-dot-case-port'],
  ['a loopback address after a public name as userinfo', 'https://api.example.com@127.0.0.1/chat', 'loopback-userinfo'],
  [
    'a private 192.168/16 address after userinfo and before a port',
    'http://user:pw@192.168.0.10:8080/chat',
    'private-userinfo-port',
  ],
] as const satisfies ReadonlyArray<readonly [string, string, string?]>;

/**
 * Public addresses just outside the private ranges, and IPv6 ones (2606::/16, allocated global unicast) holding a private
 * range's digits where they do not count: no list of private or special-purpose addresses holds them (RFC 1918, RFC 6890,
 * Go's IsPrivate, Python's is_private), so a server must accept them.
 */
const PUBLIC_CHAT_URLS = [
  ['just below 172.16/12', 'http://172.15.255.254/chat'],
  ['just above 172.16/12', 'http://172.32.0.1/chat'],
  ['just above 10/8', 'http://11.0.0.1/chat'],
  ['just above 192.168/16', 'http://192.169.0.1/chat'],
  ['in IPv6 whose last 32 bits spell 10.0.0.1', 'http://[2606:4700::a00:1]/chat'],
  ['in IPv6 whose second group is fd00 (the digits of fc00::/7)', 'http://[2606:fd00::1]/chat'],
  ['in IPv6 whose second group is fe80 (the digits of link-local fe80::/10)', 'http://[2606:fe80::1]/chat'],
] as const;

/**
 * Public host names that resemble localhost or a private range by their name only, each with a control of the same form
 * that resembles nothing. Neither resolves in public DNS, so a server that resolves names first may refuse both; one
 * refused where its control is accepted was refused for its name, which is not an address.
 */
const NAMED_LIKE_PRIVATE_URLS = [
  [
    'localhost as a label of a public domain',
    'https://localhost.example.com/chat',
    'https://lookalike.example.com/chat',
  ],
  ['localhost inside a label', 'https://mylocalhost.example.net/chat', 'https://myotherhost.example.net/chat'],
  ["a private range's first number as a label", 'https://10.example.com/chat', 'https://ten.example.com/chat'],
  [
    'a private address spelt with hyphens',
    'https://192-168-1-1.example.org/chat',
    'https://one-two-three.example.org/chat',
  ],
  ['a loopback address as the first labels', 'https://127.0.0.1.example.com/chat', 'https://a.b.c.d.example.com/chat'],
] as const;

/** Configuration keys whose type the specification's table states, each given a value of another type. */
const WRONG_TYPED_KEYS = [
  [CHAT, 'strip_message_timestamps', 'sometimes', 'a string (the table: boolean)'],
  [OUTBOUND_VOICE, 'trigger_call_headers', 42, 'a number (the table: JSON string)'],
  [OUTBOUND_VOICE, 'trigger_call_payload', 42, 'a number (the table: JSON string)'],
  [WEBSOCKET, 'custom_headers', 42, 'a number (the table: JSON string)'],
] as const;

/**
 * Keys one type's table gives a rule and a meaning of that type's own (a CHAT response API's format, CHAT message
 * timestamps, the field CHAT wraps its payload in, the field OUTBOUND_VOICE's trigger carries the number in), each with a
 * value only that rule refuses. No URL rule (a careful server may guard every URL) nor JSON-text size is among them.
 */
const TYPE_OWN_KEYS: ReadonlyArray<readonly [owner: ModelType, key: string, value: unknown, why: string]> = [
  [CHAT, 'response_format', 'pcm_16000', 'neither of its two values'],
  [CHAT, 'strip_message_timestamps', 'sometimes', 'not a boolean'],
  [CHAT, 'payload_wrapper', 42, 'a number, no field name'],
  [OUTBOUND_VOICE, 'phone_number_key', 42, 'a number, no field name'],
];

/** The configuration keys the key table states as text of its own (a field name, a dot path), per type. */
const TEXT_KEYS: ReadonlyArray<readonly [ModelType, readonly string[]]> = [
  [CHAT, ['payload_wrapper', 'response_message_path']],
  [OUTBOUND_VOICE, ['phone_number_key']],
];

/**
 * CHAT keys the table gives no JSON-text form: tool_call_extraction_config ("inner structure: not shown") and
 * initialization_payload (a "JSON payload", not a "JSON string"). Each structured form sent, an object and a list,
 * is kept as sent or refused naming the key; never turned into its JSON text.
 */
const STRUCTURED_KEYS = ['tool_call_extraction_config', 'initialization_payload'] as const;
const STRUCTURED_VALUES: ReadonlyArray<readonly [string, JsonObject[string]]> = [
  ['an object', { path: 'choices.0.message.tool_calls', fields: { name: 'function.name' }, keep: [1, true, null] }],
  ['a list', [{ path: 'output.0.tool_calls', name_field: 'name' }, 'second']],
];

/** The forms of authorization_header the specification describes (WEBSOCKET: both; CHAT: "a bearer scheme or an API-key scheme"). */
const AUTH_HEADER_FORMS = ['Bearer cft-token-0001', 'X-API-Key cft-key-0001'];

/** CHAT's two schemes are examples ("for example"): an auth header value in any other scheme is one too. */
const OTHER_CHAT_AUTH_HEADERS = ['Basic dXNlcjpwYXNz', 'Token abc', 'ApiKey-V2 xyz'];

const CONFIG_CASES: readonly ConfigCase[] = [
  {
    id: 'chat-endpoint.missing',
    requirements: ['CHAT-ENDPOINT-REQUIRED'],
    modelType: CHAT,
    title: 'a CHAT agent without chat_endpoint is rejected',
    config: { chat_endpoint: undefined, authorization_header: 'Bearer cft-token' },
    rejects: 'chat_endpoint',
  },
  ...PRIVATE_CHAT_URLS.map(([where, url, spelling]: readonly [string, string, string?]): ConfigCase => ({
    id: spelling ? checkIdOf('chat-endpoint.private.spelt', spelling) : checkIdOf('chat-endpoint.private', url),
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    modelType: CHAT,
    title: `a chat_endpoint on ${where} (${url}) is ${spelling ? 'refused, never accepted' : 'rejected'}`,
    config: { chat_endpoint: url },
    rejects: 'chat_endpoint',
    anyRefusal: spelling !== undefined,
  })),
  ...PUBLIC_CHAT_URLS.map(([where, url]): ConfigCase => ({
    id: checkIdOf('chat-endpoint.public', url),
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    modelType: CHAT,
    title: `a chat_endpoint on a public address ${where} (${url}) is accepted`,
    config: { chat_endpoint: url },
  })),
  {
    id: 'chat-endpoint.not-url',
    requirements: ['CHAT-URLS-VALIDATED'],
    modelType: CHAT,
    title: 'a chat_endpoint that is not a URL is rejected',
    config: { chat_endpoint: 'not a url' },
    rejects: 'chat_endpoint',
  },
  {
    id: 'initialization-endpoint.not-url',
    requirements: ['CHAT-URLS-VALIDATED'],
    modelType: CHAT,
    title: 'an initialization_endpoint that is not a URL is rejected',
    config: { initialization_endpoint: 'not a url' },
    rejects: 'initialization_endpoint',
  },
  {
    id: 'initialization-endpoint.https',
    requirements: ['CHAT-URLS-VALIDATED'],
    modelType: CHAT,
    title: 'an HTTPS initialization_endpoint is accepted',
    config: { initialization_endpoint: 'https://example.com/v1/sessions' },
  },
  {
    id: 'input-template.not-json',
    requirements: ['CHAT-INPUT-TEMPLATE-JSON'],
    modelType: CHAT,
    title: 'an input_template that is not valid JSON is rejected',
    config: { input_template: '{"messages": [' },
    rejects: 'input_template',
  },
  {
    id: 'input-template.json-with-variables',
    requirements: ['CHAT-INPUT-TEMPLATE-JSON'],
    modelType: CHAT,
    title: 'an input_template of valid JSON with template variables is accepted',
    config: { input_template: VALID_TEMPLATE },
  },
  {
    id: 'response-format.xml',
    requirements: ['CHAT-RESPONSE-FORMAT'],
    modelType: CHAT,
    title: 'response_format `xml` is rejected',
    config: { response_format: 'xml' },
    rejects: 'response_format',
  },
  ...WRONG_TYPED_KEYS.map(([modelType, key, value, how]): ConfigCase => ({
    id: checkIdOf('wrong-type', modelType.replace('MODEL_TYPE_', ''), key),
    requirements: ['REQUEST-WRONG-TYPE'],
    modelType,
    title: `a ${modelType} ${key} given as ${how} is rejected`,
    config: { [key]: value },
    rejects: key,
  })),
  ...nearMissIds(ID_RULES.persona, 3).map((miss, i): ConfigCase => ({
    id: checkIdOf('persona-id.near-miss', i + 1),
    requirements: ['CHAT-PERSONA-ID'],
    modelType: CHAT,
    title: `a persona_id of ${miss.why} is rejected`,
    config: { persona_id: miss.value },
    rejects: 'persona_id',
  })),
  {
    id: 'websocket.wss-with-initialization-json',
    requirements: ['WEBSOCKET-ENDPOINT', 'WEBSOCKET-INIT-JSON'],
    modelType: WEBSOCKET,
    title: 'a WEBSOCKET agent with a wss:// endpoint and initialization_json is accepted',
    config: {},
  },
  {
    id: 'websocket.endpoint-missing',
    requirements: ['WEBSOCKET-ENDPOINT'],
    modelType: WEBSOCKET,
    title: 'a WEBSOCKET agent without endpoint is rejected',
    config: { endpoint: undefined },
    rejects: 'endpoint',
  },
  {
    id: 'websocket.endpoint-ws',
    requirements: ['WEBSOCKET-ENDPOINT'],
    modelType: WEBSOCKET,
    title: 'a WEBSOCKET endpoint with ws:// is rejected',
    config: { endpoint: 'ws://ws.example.com/agent' },
    rejects: 'endpoint',
  },
  {
    id: 'websocket.endpoint-https',
    requirements: ['WEBSOCKET-ENDPOINT'],
    modelType: WEBSOCKET,
    title: 'a WEBSOCKET endpoint with https:// is rejected',
    config: { endpoint: 'https://ws.example.com/agent' },
    rejects: 'endpoint',
  },
  // A required key left out of the fullest configuration, beside keys and fields that could stand in for it (another
  // URL, the agent's own endpoint): still missing.
  {
    id: 'chat-endpoint.missing-beside-the-rest',
    requirements: ['CHAT-ENDPOINT-REQUIRED'],
    modelType: CHAT,
    title:
      'a CHAT agent with every other key (initialization_endpoint too) and a top-level endpoint, but no chat_endpoint, is rejected',
    config: { ...CHAT_CONFIG, chat_endpoint: undefined, initialization_endpoint: PUBLIC_CHAT_URL },
    overrides: { endpoint: PUBLIC_WEBHOOK_URL },
    rejects: 'chat_endpoint',
  },
  {
    id: 'websocket.endpoint-missing-beside-the-rest',
    requirements: ['WEBSOCKET-ENDPOINT'],
    modelType: WEBSOCKET,
    title:
      'a WEBSOCKET agent with initialization_json, authorization_header, custom_headers and a top-level endpoint, but no endpoint in its configuration, is rejected',
    config: { endpoint: undefined, authorization_header: 'Bearer cft-token', custom_headers: '{"X-Trace":"1"}' },
    overrides: { endpoint: PUBLIC_WEBHOOK_URL },
    rejects: 'endpoint',
  },
  {
    id: 'websocket.initialization-json-missing-beside-the-rest',
    requirements: ['WEBSOCKET-INIT-JSON'],
    modelType: WEBSOCKET,
    title:
      'a WEBSOCKET agent with endpoint, authorization_header and custom_headers, but no initialization_json, is rejected',
    config: {
      initialization_json: undefined,
      authorization_header: 'Bearer cft-token',
      custom_headers: '{"X-Trace":"1"}',
    },
    rejects: 'initialization_json',
  },
  {
    id: 'websocket.initialization-json-missing',
    requirements: ['WEBSOCKET-INIT-JSON'],
    modelType: WEBSOCKET,
    title: 'a WEBSOCKET agent without initialization_json is rejected',
    config: { initialization_json: undefined },
    rejects: 'initialization_json',
  },
];

/** The configuration keys that hold a URL, with the rule each breaks when it does not. */
const URL_KEYS: ReadonlyArray<{
  key: string;
  modelType: ModelType;
  requirements: Requirements;
  schemes: readonly string[];
}> = [
  { key: 'chat_endpoint', modelType: CHAT, requirements: ['CHAT-URLS-VALIDATED'], schemes: ['http', 'https'] },
  {
    key: 'initialization_endpoint',
    modelType: CHAT,
    requirements: ['CHAT-URLS-VALIDATED'],
    schemes: ['http', 'https'],
  },
  { key: 'endpoint', modelType: WEBSOCKET, requirements: ['WEBSOCKET-ENDPOINT'], schemes: ['wss'] },
];

const PAYLOAD_LIMITS = [
  'chat.initialization_payload',
  'chat.custom_data',
  'chat.custom_persona_data',
  'chat.custom_headers',
] as const;

function shownValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length <= 60
    ? text
    : `${text.slice(0, 40)}… (${Buffer.byteLength(typeof value === 'string' ? value : text)} bytes)`;
}

/** `a MODEL_TYPE_CHAT agent without chat_endpoint, with authorization_header "Bearer …"`. */
function describeConfig(modelType: ModelType, config: JsonObject): string {
  const entries = Object.entries(config);
  const without = entries.filter(([, v]) => v === undefined).map(([k]) => `without ${k}`);
  const given = entries.filter(([, v]) => v !== undefined).map(([k, v]) => `${k} ${shownValue(v)}`);
  return [`a ${modelType} agent`, ...without, ...(given.length ? [`with ${given.join(', ')}`] : [])]
    .join(', ')
    .replace(' agent, ', ' agent ');
}

/** A body of `modelType` with `config` under the proven configuration field (skips when none is proven). */
async function configured(
  t: CheckContext,
  modelType: ModelType,
  config: JsonObject,
  overrides: JsonObject = {},
): Promise<{ body: JsonObject; field: string; what: string }> {
  const field = await configField(t);
  const shown = Object.keys(overrides).length ? ` and top-level ${JSON.stringify(overrides)}` : '';
  return {
    body: typedAgentBody(modelType, t.name(`${modelType} configuration`), { configField: field, config, overrides }),
    field,
    what: `${describeConfig(modelType, config)}${shown}`,
  };
}

/** A configuration key rejected: the details may name the key or the configuration field that holds it. */
async function expectConfigRejected(
  t: CheckContext,
  modelType: ModelType,
  config: JsonObject,
  key: string,
  requirements: Requirements,
  anyRefusal = false,
  overrides: JsonObject = {},
): Promise<void> {
  const { body, field, what } = await configured(t, modelType, config, overrides);
  const call = await t.agents.send(body);
  if (!anyRefusal) return void t.expectInvalidArgument(call, requirements, [key, field], what);
  t.expectRejection(call, requirements, {}, what);
  t.assert(
    call.response.status < 500,
    requirements,
    `${what} should be refused, but failed with ${call.response.status}`,
    call,
  );
}

/** Accepted; with `readBack`, GET returns every field and the configuration (as `metadata`) as sent. */
async function expectConfigAccepted(
  t: CheckContext,
  modelType: ModelType,
  config: JsonObject,
  requirements: Requirements,
  readBack = false,
): Promise<void> {
  const { body, field, what } = await configured(t, modelType, config);
  const call = await t.agents.send(body);
  expectAgentCreated(t, call, requirements, what, field);
  if (readBack) await expectAgentReadBack(t, call, what, field);
}

/**
 * An agent of `modelType` made with `config`: the configuration comes back as sent from the create and the read.
 * With `mayRefuse` (why a server may), a refusal naming one of its keys or the configuration field passes instead.
 */
async function expectConfigKept(
  t: CheckContext,
  modelType: ModelType,
  config: JsonObject,
  mayRefuse?: string,
): Promise<void> {
  const { body, field, what } = await configured(t, modelType, config);
  const call = await t.agents.send(body);
  if (mayRefuse !== undefined && !isSuccess(call))
    return void t.expectInvalidArgument(
      call,
      ['AGENT-CONFIG-ECHO', 'ERROR-INVALID-ARGUMENT'],
      [...Object.keys(config), field],
      `${what} (${mayRefuse})`,
    );
  const agent = expectAgentCreated(t, call, ['AGENT-CONFIG-ECHO'], what, field);
  expectEcho(t, { metadata: config }, agent, ['AGENT-CONFIG-ECHO'], call);
  const fetched = await fetchAgent(t, agent['id'], ['AGENT-GET']);
  expectEcho(t, { metadata: config }, fetched.agent, ['AGENT-CONFIG-ECHO'], fetched.call);
}

/** A value of `bytes` for a CHAT payload key: JSON text ("JSON string"), or for initialization_payload the form the target takes. */
async function payloadOfSize(
  t: CheckContext,
  key: string,
  field: string,
  bytes: number,
  requirements: Requirements,
  text: FillerText = 'ascii',
): Promise<unknown> {
  if (key !== 'initialization_payload') return jsonTextOfSize(bytes, text);
  const { form, call } = await initializationPayloadForm(t, field);
  t.assert(
    form,
    requirements,
    'a small initialization_payload ({"hello":"world"}) was rejected both as JSON text and as an object',
    call,
  );
  return form === 'object' ? jsonObjectOfSize(bytes, text) : jsonTextOfSize(bytes, text);
}

/** A typed agent body with `config` over its required configuration, under the target's configuration field. */
const typedFields =
  (modelType: ModelType, config: JsonObject = {}, overrides: JsonObject = {}) =>
  async (t: CheckContext): Promise<JsonObject> =>
    typedAgentBody(modelType, t.name(`${modelType} agent`), {
      ...(modelType === CHAT || modelType === WEBSOCKET ? { configField: await configField(t) } : {}),
      config,
      overrides,
    });

describeGroup('agents', () => {
  // JSON gives an object's members no order: each model type's conditionally required field left out is refused
  // with model_type the body's first member and its last (a reader checking keys against the type read so far).
  keyOrderCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    requirement: 'AGENT-CREATE',
    enumerated: 'model_type',
    invalid: [
      {
        why: 'a CHAT agent without chat_endpoint',
        fields: typedFields(CHAT, { chat_endpoint: undefined }),
        requirements: ['CHAT-ENDPOINT-REQUIRED'],
        names: ['chat_endpoint'],
      },
      {
        why: 'a WEBSOCKET agent without endpoint',
        fields: typedFields(WEBSOCKET, { endpoint: undefined }),
        requirements: ['WEBSOCKET-ENDPOINT'],
        names: ['endpoint'],
      },
      {
        why: 'a WEBSOCKET agent without initialization_json',
        fields: typedFields(WEBSOCKET, { initialization_json: undefined }),
        requirements: ['WEBSOCKET-INIT-JSON'],
        names: ['initialization_json'],
      },
      {
        why: 'an OUTBOUND_VOICE agent without endpoint',
        fields: typedFields(OUTBOUND_VOICE, {}, { endpoint: undefined }),
        requirements: ['AGENT-ENDPOINT'],
        names: ['endpoint'],
      },
    ],
    alsoNamed: async (t) => [await configField(t)],
    send: (t, fields, written) => t.agents.send(fields, written),
  });

  check(
    'agents.simulator-config.chat-and-websocket-accepted',
    ['AGENT-MODEL-TYPE'],
    'MODEL_TYPE_CHAT and MODEL_TYPE_WEBSOCKET agents with their required configuration are accepted',
    async (t) => {
      for (const modelType of [CHAT, WEBSOCKET] as const)
        await expectConfigAccepted(t, modelType, {}, ['AGENT-MODEL-TYPE']);
    },
    WRITES,
  );

  check(
    'agents.simulator-config.chat-config-echo',
    ['AGENT-CONFIG-ECHO'],
    `a CHAT agent's configuration (chat_endpoint ${PUBLIC_CHAT_URL}) is accepted and returned as metadata by POST and GET`,
    async (t) => {
      const found = await probeConfigField(t);
      if (!found.echoed && !found.published) t.skip(unprovenReason(found));
      t.assert(
        found.echoed,
        ['AGENT-CONFIG-ECHO'],
        `${unprovenReason(found)}, although ${found.source} names that field`,
        found.call,
      );
      const call = await t.agents.send(
        typedAgentBody(CHAT, t.name('configured chat agent'), { configField: found.field, config: CHAT_CONFIG }),
      );
      const agent = expectAgentCreated(
        t,
        call,
        ['AGENT-CONFIG-ECHO'],
        'a CHAT agent with a full configuration',
        found.field,
      );
      expectEcho(t, { metadata: CHAT_CONFIG }, agent, ['AGENT-CONFIG-ECHO'], call);
      const fetched = await fetchAgent(t, agent['id'], ['AGENT-GET']);
      expectEcho(t, { metadata: CHAT_CONFIG }, fetched.agent, ['AGENT-CONFIG-ECHO'], fetched.call);
    },
    WRITES,
  );

  // persona_id is an ID the specification states: a listed persona's (a server may require one that exists), not
  // the one a check may delete; read back as sent, never as the persona's resource name `personas/<id>`.
  check(
    'agents.simulator-config.persona-id-echo',
    ['AGENT-CONFIG-ECHO', 'ID-FIELDS-HOLD-IDS'],
    "a CHAT agent's persona_id naming a listed persona is accepted and returned as sent (the ID, not `personas/<id>`) by POST and GET",
    async (t) => {
      const persona = (await personas(t)).map((p) => p['id']).find((id) => id !== t.config.deletablePersonaId);
      if (typeof persona !== 'string') return t.skip('no persona is listed but DELETABLE_PERSONA_ID');
      await expectConfigKept(t, CHAT, { persona_id: persona });
    },
    WRITES,
  );

  for (const c of CONFIG_CASES) {
    check(
      `agents.simulator-config.${c.id}`,
      c.requirements,
      c.title,
      async (t) => {
        if (c.rejects)
          await expectConfigRejected(t, c.modelType, c.config, c.rejects, c.requirements, c.anyRefusal, c.overrides);
        else await expectConfigAccepted(t, c.modelType, c.config, c.requirements);
      },
      WRITES,
    );
  }

  backtrackingValueChecks(
    'agents.simulator-config',
    URL_KEYS.map(({ key, modelType, requirements, schemes }) => ({
      field: key,
      format: schemes.includes('wss') ? 'wssUrl' : 'httpUrl',
      requirements,
      names: async (t) => [key, await configField(t)],
      send: async (t, url) => t.agents.send((await configured(t, modelType, { [key]: url })).body),
    })),
  );

  for (const { key, modelType, requirements, schemes } of URL_KEYS)
    check(
      checkIdOf('agents.simulator-config', modelType === CHAT ? 'chat' : 'websocket', key, 'relative'),
      requirements,
      `a ${modelType} agent's ${key} as a relative reference (${RELATIVE_URLS.join(', ')}) is rejected, or stored as an absolute ${schemes.join(' or ')} URL`,
      async (t) => {
        for (const url of RELATIVE_URLS) {
          const { body, field, what } = await configured(t, modelType, { [key]: url });
          const stored = (agent: JsonObject) => (agent['metadata'] as JsonObject | undefined)?.[key];
          expectRefusedOrRecognised(
            t,
            await t.agents.send(body),
            requirements,
            { label: key, names: [key, field], read: stored },
            asAbsoluteUrl(schemes),
            what,
          );
        }
      },
      WRITES,
    );

  for (const [where, url, control] of NAMED_LIKE_PRIVATE_URLS) {
    check(
      checkIdOf('agents.simulator-config.chat-endpoint.like-private', new URL(url).hostname),
      ['CHAT-ENDPOINT-PUBLIC'],
      `a chat_endpoint on a public host named like a private one, ${where} (${url}), is accepted where ${control}, of the same form, is`,
      async (t) => {
        const reqs = ['CHAT-ENDPOINT-PUBLIC'] as const;
        const sent = async (chatEndpoint: string) => {
          const { body, field, what } = await configured(t, CHAT, { chat_endpoint: chatEndpoint });
          return { call: await t.agents.send(body), field, what };
        };
        const controlSent = await sent(control);
        const controlAccepted = isSuccess(controlSent.call);
        if (!controlAccepted)
          t.expectInvalidArgument(controlSent.call, reqs, ['chat_endpoint', controlSent.field], controlSent.what);
        const { call, field, what } = await sent(url);
        if (controlAccepted || isSuccess(call)) expectAgentCreated(t, call, reqs, what, field);
        else t.expectInvalidArgument(call, reqs, ['chat_endpoint', field], what);
      },
      WRITES,
    );
  }

  // WEBSOCKET's table describes two forms only (how each is sent): other schemes are asserted for CHAT alone.
  for (const modelType of [CHAT, WEBSOCKET] as const) {
    const others = modelType === CHAT ? OTHER_CHAT_AUTH_HEADERS : [];
    const requirements: RequirementId[] = [
      'CONFIG-AUTH-HEADER-FORMS',
      'READ-BACK-UNCHANGED',
      ...(others.length ? ['AGENT-CREATE' as const] : []),
    ];
    check(
      checkIdOf('agents.simulator-config.authorization-header-forms', modelType.replace('MODEL_TYPE_', '')),
      requirements,
      `a ${modelType} authorization_header is accepted in both forms the specification describes, \`Bearer <token>\` and \`X-API-Key <key>\`${others.length ? ` and in other schemes (${others.join(', ')})` : ''}, and read back as sent or masked`,
      async (t) => {
        for (const value of [...AUTH_HEADER_FORMS, ...others])
          await expectConfigAccepted(t, modelType, { authorization_header: value }, requirements, true);
      },
      WRITES,
    );
  }

  // A default the key table states is applied when the run executes; whether it is shown in metadata is not stated, so a
  // key not sent may be absent (as proto3 leaves out false and ""), but never shown holding another value.
  for (const [modelType, defaults] of Object.entries(DEFAULTS.simulatorConfig)) {
    const keys = Object.entries(defaults as Readonly<Record<string, unknown>>);
    check(
      checkIdOf('agents.simulator-config.stated-defaults', modelType.replace('MODEL_TYPE_', '')),
      ['AGENT-CONFIG-ECHO'],
      `a ${modelType} agent created without ${keys.map(([key]) => key).join(', ')} shows each absent or at its stated default (${keys.map(([key, value]) => `${key} ${JSON.stringify(value)}`).join(', ')}), by POST and GET`,
      async (t) => {
        const { body, field, what } = await configured(t, modelType as ModelType, {});
        const call = await t.agents.send(body);
        const created = expectAgentCreated(t, call, ['AGENT-CONFIG-ECHO'], what, field);
        const fetched = await fetchAgent(t, created['id'], ['AGENT-GET']);
        for (const [agent, read] of [
          [created, call],
          [fetched.agent, fetched.call],
        ] as const) {
          const config = (agent['metadata'] ?? {}) as JsonObject;
          const wrong = keys.filter(([key, value]) => key in config && !isDeepStrictEqual(config[key], value));
          t.assert(
            !wrong.length,
            ['AGENT-CONFIG-ECHO'],
            `${what}, not sent: ${wrong.map(([key, value]) => `${key} shown as ${JSON.stringify(config[key])}, its stated default is ${JSON.stringify(value)}`).join('; ')}`,
            read,
          );
        }
      },
      WRITES,
    );
  }

  // A key's rule holds for the types the table lists it under: in another type's configuration (a VOICE agent's
  // response_format may be its audio format) the same key is that type's own, kept as sent.
  check(
    'agents.simulator-config.key-rules-of-their-type-only',
    ['AGENT-CREATE', 'AGENT-CONFIG-ECHO'],
    `a key one type's table rules (${TYPE_OWN_KEYS.map(([owner, key, value, why]) => `${owner}'s ${key} ${JSON.stringify(value)}, ${why}`).join('; ')}) in the configuration of every other type, whose table lists no such key, is accepted and returned as sent by POST and GET`,
    async (t) => {
      await allEnded(
        MODEL_TYPES.map(async (modelType) => {
          const foreign = TYPE_OWN_KEYS.filter(([owner]) => owner !== modelType);
          if (foreign.length)
            await expectConfigKept(t, modelType, Object.fromEntries(foreign.map(([, key, value]) => [key, value])));
        }),
      );
    },
    WRITES,
  );

  check(
    'agents.simulator-config.response-format-chat-completions-responses',
    ['CHAT-RESPONSE-FORMAT'],
    'response_format `chat_completions` and `responses` are accepted',
    async (t) => {
      for (const format of ['chat_completions', 'responses']) {
        await expectConfigAccepted(t, CHAT, { response_format: format }, ['CHAT-RESPONSE-FORMAT']);
      }
    },
    WRITES,
  );

  lineBreakChecks('agents.simulator-config', [
    {
      field: 'persona_id',
      requirements: ['CHAT-PERSONA-ID'],
      valid: alnum(ID_RULES.persona.minLength, 60),
      send: async (t, value) => t.agents.send((await configured(t, CHAT, { persona_id: value })).body),
      stored: (agent) => (agent['metadata'] as JsonObject | undefined)?.['persona_id'],
      alsoNamed: async (t) => [await configField(t)],
    },
  ]);

  madeOfListedChecks('agents.simulator-config', [
    {
      field: 'response_format',
      requirements: ['CHAT-RESPONSE-FORMAT'],
      listed: CHAT_RESPONSE_FORMATS,
      send: async (t, value) => t.agents.send((await configured(t, CHAT, { response_format: value })).body),
      sendFullest: async (t, value) =>
        t.agents.send(
          fullestAgentBody(t.name('fullest chat agent'), await configField(t), { config: { response_format: value } }),
        ),
      alsoNamed: async (t) => [await configField(t)],
    },
  ]);

  for (const limit of PAYLOAD_LIMITS) {
    const key = fieldLimit(limit).field;
    const sizes = byteLimitSizes(limit);
    const requirements = ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'] as const;
    // A "JSON string" must come back the string it was; the form of a "JSON payload" is open, so that one is not read back.
    const readBack = key !== 'initialization_payload';
    check(
      checkIdOf('agents.simulator-config.payload', key, 'accepted'),
      readBack ? [...requirements, 'READ-BACK-UNCHANGED'] : requirements,
      `a CHAT ${key} of ${sizes.accept} bytes is accepted`,
      async (t) => {
        const field = await configField(t);
        const config = { [key]: await payloadOfSize(t, key, field, sizes.accept, requirements) };
        await expectConfigAccepted(t, CHAT, config, requirements, readBack);
      },
      WRITES,
    );
    // In two-byte characters: bytes, not characters, are what the limit counts.
    check(
      checkIdOf('agents.simulator-config.payload', key, 'rejected'),
      requirements,
      `a CHAT ${key} of ${sizes.reject} bytes in two-byte characters is rejected`,
      async (t) => {
        const field = await configField(t);
        const config = { [key]: await payloadOfSize(t, key, field, sizes.reject, requirements, 'two-byte') };
        await expectConfigRejected(t, CHAT, config, key, requirements);
      },
      WRITES,
    );
  }
  // Each payload limit is measured on its own key: all four, each just within its own limit, are accepted together
  // (a server summing the configuration against one key's limit refuses them).
  check(
    'agents.simulator-config.payloads-together-accepted',
    ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    `a CHAT configuration holding ${PAYLOAD_LIMITS.map((limit) => `${fieldLimit(limit).field} of ${byteLimitSizes(limit).accept} bytes`).join(', ')} at once is accepted`,
    async (t) => {
      const requirements = ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'] as const;
      const field = await configField(t);
      const config: JsonObject = {};
      for (const limit of PAYLOAD_LIMITS) {
        const key = fieldLimit(limit).field;
        config[key] = (await payloadOfSize(
          t,
          key,
          field,
          byteLimitSizes(limit).accept,
          requirements,
        )) as JsonObject[string];
      }
      await expectConfigAccepted(t, CHAT, config, requirements);
    },
    WRITES,
  );
  // A JSON value of the configuration nested deep: a store's depth limit (MySQL's JSON: 100) is no reason to fail.
  check(
    'agents.simulator-config.deep-nesting',
    ['AGENT-CONFIG-ECHO', 'READ-BACK-UNCHANGED'],
    `a CHAT configuration whose custom_data is JSON nested ${NESTING_DEPTHS.join(' and ')} levels deep is accepted and read back as sent, or refused with a 4xx; never failed on with a 5xx`,
    async (t) => {
      for (const depth of NESTING_DEPTHS) {
        const config = { custom_data: JSON.stringify(nestedValue(depth)) };
        const { body, field } = await configured(t, CHAT, config);
        const what = `a CHAT configuration whose custom_data is JSON nested ${depth} levels deep`;
        const call = await t.agents.send(body);
        if (!isSuccess(call)) {
          expectRefusedNotFailed(t, call, ['AGENT-CONFIG-ECHO'], what);
          continue;
        }
        expectAgentCreated(t, call, ['AGENT-CONFIG-ECHO'], what, field);
        await expectAgentReadBack(t, call, what, field);
      }
    },
    WRITES,
  );
  // The URL keys of a CHAT configuration in every URL shape: a normalizer's rewrite (a slash added, the host in lower case) is a change.
  check(
    'agents.simulator-config.chat-url-shapes',
    ['AGENT-CREATE', 'READ-BACK-UNCHANGED', 'ERROR-INVALID-ARGUMENT'],
    `a CHAT agent's chat_endpoint and initialization_endpoint in every URL shape (${SHAPED_VALUES.url.map((v) => v.shape).join('; ')}) come back as sent, from the create and the read; the rarer ones may be refused naming the key`,
    async (t) => {
      for (const { value, mayRefuse } of SHAPED_VALUES.url) {
        const { body, field, what } = await configured(t, CHAT, {
          chat_endpoint: value,
          initialization_endpoint: value,
        });
        const call = await t.agents.send(body);
        if (mayRefuse && !isSuccess(call)) {
          const keys = ['chat_endpoint', 'initialization_endpoint', field];
          t.expectInvalidArgument(
            call,
            ['AGENT-CREATE', 'ERROR-INVALID-ARGUMENT'],
            keys,
            `${what}, a form a server may refuse`,
          );
          continue;
        }
        expectAgentCreated(t, call, ['AGENT-CREATE'], what, field);
        await expectAgentReadBack(t, call, what, field);
      }
    },
    WRITES,
  );
  // Keys the table states as a name or a path: one a careful server takes comes back as the text sent, never as the
  // value a parser reads in it; it may refuse one that is no name or path it knows (INVALID_ARGUMENT naming the key).
  const wholeShapes = SHAPED_VALUES.text.filter((v) => v.whole);
  check(
    'agents.simulator-config.text-keys-whole-shapes',
    ['AGENT-CONFIG-ECHO', 'ERROR-INVALID-ARGUMENT'],
    `${TEXT_KEYS.map(([modelType, keys]) => `${modelType}'s ${keys.join(' and ')}`).join(', ')} holding text that reads as another value (${wholeShapes.map((v) => v.shape).join('; ')}) come back as that text from the create and the read, or are refused naming the key`,
    async (t) => {
      const cases = TEXT_KEYS.flatMap(([modelType, keys]) => wholeShapes.map((shape) => ({ modelType, keys, shape })));
      await allEnded(
        cases.map(async ({ modelType, keys, shape }) => {
          const config = Object.fromEntries(keys.map((key) => [key, shape.value]));
          await expectConfigKept(t, modelType, config, `${shape.shape}, a name or path a server may refuse`);
        }),
      );
    },
    WRITES,
  );
  // A WEBSOCKET endpoint in every form a wss:// URL takes, already as a URL normalizer writes it: any change is a loss.
  check(
    'agents.simulator-config.websocket-endpoint-forms',
    ['AGENT-CONFIG-ECHO'],
    `a WEBSOCKET agent's endpoint in every form of a wss:// URL (${WSS_URLS.map((v) => v.shape).join('; ')}) comes back as sent, from the create and the read`,
    async (t) => {
      await allEnded(
        WSS_URLS.map(async ({ value }) => {
          await expectConfigKept(t, WEBSOCKET, { endpoint: value });
        }),
      );
    },
    WRITES,
  );
  check(
    'agents.simulator-config.structured-keys-kept',
    ['AGENT-CONFIG-ECHO', 'READ-BACK-UNCHANGED', 'ERROR-INVALID-ARGUMENT'],
    `a CHAT agent's ${STRUCTURED_KEYS.join(' and ')} given as ${STRUCTURED_VALUES.map(([form]) => form).join(' or ')} come back as that object or list, from the create and the read, or are refused naming the key`,
    async (t) => {
      const cases = STRUCTURED_KEYS.flatMap((key) => STRUCTURED_VALUES.map(([form, value]) => ({ key, form, value })));
      await allEnded(
        cases.map(async ({ key, form, value }) => {
          const config = { [key]: value };
          const { body, field, what } = await configured(t, CHAT, config);
          const call = await t.agents.send(body);
          if (!isSuccess(call))
            return void t.expectInvalidArgument(
              call,
              ['AGENT-CONFIG-ECHO', 'ERROR-INVALID-ARGUMENT'],
              [key, field],
              `${what} (${form}), a form a server may refuse`,
            );
          const agent = expectAgentCreated(t, call, ['AGENT-CONFIG-ECHO'], what, field);
          expectEcho(t, { metadata: config }, agent, ['AGENT-CONFIG-ECHO'], call);
          await expectAgentReadBack(t, call, what, field);
        }),
      );
    },
    WRITES,
  );
});
