// What each agent fault changes, observed from outside: each probe's value differs
// between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

const VOICE = { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' };
const CHAT_URL = 'https://chat.example.com/v1/messages';
const WSS = { endpoint: 'wss://ws.example.com/agent', initialization_json: '{"type":"start"}' };

const create = (call: Call, body: object) => call('POST', '/v1/agents', { body });
const status = async (call: Call, fields: object) => (await create(call, { ...VOICE, ...fields })).status;
const agent = async (call: Call, fields: object = {}) => (await create(call, { ...VOICE, ...fields })).body.agent;
const chat = (call: Call, metadata: object) =>
  status(call, { model_type: 'MODEL_TYPE_CHAT', metadata: { chat_endpoint: CHAT_URL, ...metadata } });
const websocket = (call: Call, metadata: object) =>
  status(call, { model_type: 'MODEL_TYPE_WEBSOCKET', metadata: { ...WSS, ...metadata } });
const sip = (length: number) => `sip:${'a'.repeat(length - 'sip:@pbx.example.com'.length)}@pbx.example.com`;
const url = (length: number) => `https://hooks.example.com/${'a'.repeat(length - 'https://hooks.example.com/'.length)}`;
const sized = (bytes: number) => JSON.stringify({ data: 'x'.repeat(bytes - 11) });

export const AGENT_PROBES: Record<string, Probe> = {
  'agent-create-drops-workflows': async (call) => (await agent(call, { workflows: { a: 1 } })).workflows,
  'agent-get-prompt-truncated': async (call) =>
    (await call('GET', `/v1/agents/${(await agent(call, { prompt: 'p'.repeat(300) })).id}`)).body.agent.prompt.length,
  'agent-id-21-characters': async (call) => (await agent(call)).id.length,
  'agent-update-before-create': async (call) => {
    const created = await agent(call);
    return Date.parse(created.update_time) >= Date.parse(created.create_time);
  },
  'agent-delete-time-leaked': async (call) => 'delete_time' in (await agent(call)),
  'agent-display-name-max-255': (call) => status(call, { display_name: 'n'.repeat(250) }),
  'agent-display-name-min-3': (call) => status(call, { display_name: 'n' }),
  'agent-display-name-empty-accepted': (call) => status(call, { display_name: '' }),
  'agent-display-name-bytes': (call) => status(call, { display_name: 'é'.repeat(200) }),
  'agent-display-name-utf16': (call) => status(call, { display_name: '😀'.repeat(200) }),
  'agent-phone-number-max-199': (call) => status(call, { phone_number: sip(200) }),
  'agent-phone-number-max-201': (call) => status(call, { phone_number: sip(201) }),
  'agent-phone-number-max-16': (call) => status(call, { phone_number: sip(30) }),
  'agent-phone-number-max-255': (call) => status(call, { phone_number: sip(250) }),
  'agent-endpoint-max-199': (call) => status(call, { endpoint: url(200) }),
  'agent-endpoint-max-201': (call) => status(call, { endpoint: url(201) }),
  'agent-endpoint-max-128': (call) => status(call, { endpoint: url(150) }),
  'agent-endpoint-max-2048': (call) => status(call, { endpoint: url(300) }),
  'agent-prompt-max-49999': (call) => status(call, { prompt: 'p'.repeat(50_000) }),
  'agent-prompt-max-50001': (call) => status(call, { prompt: 'p'.repeat(50_001) }),
  'agent-prompt-max-65535': (call) => status(call, { prompt: 'p'.repeat(60_000) }),
  'agent-prompt-bytes': (call) => status(call, { prompt: 'é'.repeat(50_000) }),
  'agent-phone-number-unchecked': (call) => status(call, { phone_number: 'call the front desk' }),
  'agent-phone-number-sip-rejected': (call) => status(call, { phone_number: 'sip:desk@pbx.example.com' }),
  'agent-phone-e164-unbounded': (call) => status(call, { phone_number: '+1234567890123456' }),
  'agent-phone-e164-leading-zero': (call) => status(call, { phone_number: '+0123456789' }),
  'agent-phone-number-prefix-match': (call) => status(call, { phone_number: 'sip:desk@pbx.example.com ext 12' }),
  'agent-phone-number-search': (call) => status(call, { phone_number: 'call +14155550123' }),
  'agent-endpoint-any-scheme': (call) => status(call, { endpoint: 'ftp://x' }),
  'agent-endpoint-https-only': (call) => status(call, { endpoint: 'http://hooks.example.com/x' }),
  'outbound-endpoint-optional': (call) => status(call, { model_type: 'MODEL_TYPE_OUTBOUND_VOICE' }),
  'agent-model-type-unchecked': (call) => status(call, { model_type: 'MODEL_TYPE_FOO' }),
  'agent-model-type-any-case-kept': (call) => status(call, { model_type: 'voice' }),
  'agent-model-type-sms-unsupported': (call) => status(call, { model_type: 'MODEL_TYPE_SMS' }),
  'agent-model-type-defaults-to-voice': (call) => status(call, { model_type: undefined }),
  'agent-display-name-defaulted': (call) => status(call, { display_name: undefined }),
  'agent-numbers-coerced-to-text': (call) => status(call, { prompt: 42 }),
  'agent-reference-ids-scalar-accepted': (call) => status(call, { metric_ids: 'a'.repeat(22) }),
  'agent-path-id-unchecked': async (call) => (await call('GET', '/v1/agents/short')).body.error.code,
  'agent-reference-ids-unchecked': (call) => status(call, { test_set_ids: ['short'] }),
  'agent-reference-ids-must-exist': (call) => status(call, { metric_ids: ['a'.repeat(22)] }),
  'agent-config-max-1mb': (call) => status(call, { metadata: JSON.parse(sized(2_000_000)) }),
  'agent-config-unlimited': (call) => status(call, { metadata: JSON.parse(sized(11_000_000)) }),
  'agent-workflows-max-1mb': (call) => status(call, { workflows: JSON.parse(sized(2_000_000)) }),
  'agent-workflows-unlimited': (call) => status(call, { workflows: JSON.parse(sized(11_000_000)) }),
  'agent-config-values-stringified': async (call) =>
    (
      await create(call, {
        ...VOICE,
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: CHAT_URL, strip_message_timestamps: true },
      })
    ).body.agent.metadata,
  'agent-config-json-text-as-repr': async (call) =>
    (
      await create(call, {
        ...VOICE,
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: CHAT_URL, custom_data: '{"tier":"gold"}' },
      })
    ).body.agent.metadata.custom_data,
  'chat-endpoint-optional': (call) =>
    status(call, { model_type: 'MODEL_TYPE_CHAT', metadata: { response_format: 'responses' } }),
  'chat-private-ips-accepted': (call) => chat(call, { chat_endpoint: 'http://10.1.2.3/chat' }),
  'chat-loopback-accepted': (call) => chat(call, { chat_endpoint: 'http://localhost/chat' }),
  'chat-private-172-accepted': (call) => chat(call, { chat_endpoint: 'http://172.31.255.254/chat' }),
  'chat-private-172-too-wide': (call) => chat(call, { chat_endpoint: 'http://172.32.0.1/chat' }),
  'chat-loopback-literal-only': (call) => chat(call, { chat_endpoint: 'http://127.1.2.3/chat' }),
  'chat-private-ipv6-accepted': (call) => chat(call, { chat_endpoint: 'http://[fd12:3456::1]/chat' }),
  'chat-ipv6-hosts-refused': (call) => chat(call, { chat_endpoint: 'http://[2606:4700::1]/chat' }),
  'chat-ipv6-private-digits-anywhere': (call) => chat(call, { chat_endpoint: 'http://[2606:fe80::1]/chat' }),
  'chat-ipv6-v4-tail': (call) => chat(call, { chat_endpoint: 'http://[2606:4700::a00:1]/chat' }),
  'chat-endpoint-not-parsed': (call) => chat(call, { chat_endpoint: 'not a url' }),
  'chat-initialization-endpoint-unchecked': (call) => chat(call, { initialization_endpoint: 'not a url' }),
  'chat-initialization-endpoint-wss-only': (call) =>
    chat(call, { initialization_endpoint: 'https://chat.example.com/init' }),
  'chat-input-template-unchecked': (call) => chat(call, { input_template: '{"messages": [' }),
  'chat-input-template-variables-rejected': (call) => chat(call, { input_template: '{"input":"{{latest_message}}"}' }),
  'chat-response-format-unchecked': (call) => chat(call, { response_format: 'xml' }),
  'chat-response-format-responses-unsupported': (call) => chat(call, { response_format: 'responses' }),
  'chat-persona-id-unchecked': (call) => chat(call, { persona_id: 'abc' }),
  'chat-payload-limits-unenforced': (call) => chat(call, { custom_headers: sized(20_000) }),
  'chat-16kb-limits-as-10kb': (call) => chat(call, { custom_persona_data: sized(15_000) }),
  'chat-custom-data-max-16kb': (call) => chat(call, { custom_data: sized(30_000) }),
  'chat-strip-timestamps-unchecked': (call) => chat(call, { strip_message_timestamps: 'sometimes' }),
  'outbound-trigger-call-keys-unchecked': (call) =>
    status(call, {
      model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
      endpoint: 'https://hooks.example.com/x',
      metadata: { trigger_call_payload: 42 },
    }),
  'websocket-custom-headers-unchecked': (call) => websocket(call, { custom_headers: 42 }),
  'websocket-ws-accepted': (call) => websocket(call, { endpoint: 'ws://ws.example.com/agent' }),
  'websocket-endpoint-any-url': (call) => websocket(call, { endpoint: 'https://ws.example.com/agent' }),
  'websocket-endpoint-optional': (call) => websocket(call, { endpoint: undefined }),
  'websocket-init-json-optional': (call) => websocket(call, { initialization_json: undefined }),
  'websocket-init-json-object-only': (call) => websocket(call, {}),
};
