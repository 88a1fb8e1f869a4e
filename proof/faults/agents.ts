// Agent faults: each breaks one rule of POST /v1/agents or GET /v1/agents/{agent_id}
// the way a real implementation might.

import { MODEL_TYPES, type ModelType } from '../../lib/contract/enums.js';
import type { FieldLimitId } from '../../lib/contract/limits.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { ApiError } from '../../lib/reference/http/errors.js';
import type { LimitBounds } from '../../lib/reference/validation/limits.js';
import type { AgentRecord, MutationRecord } from '../../lib/reference/store/records.js';
import { readModelType, type AgentFields } from '../../lib/reference/validation/agents.js';
import { HTTP_URL, idCheck, JSON_DOCUMENT, PUBLIC_HTTP_URL, WSS_URL } from '../../lib/reference/validation/checks.js';
import type { Check } from '../../lib/reference/validation/fields.js';
import { utf8Size } from '../../lib/reference/validation/measure.js';
import {
  isHttpUrl,
  isPhoneNumber,
  isPublicHost,
  isPublicHttpUrl,
  isWssUrl,
} from '../../lib/reference/validation/formats.js';
import type { KeyRule } from '../../lib/reference/validation/simulator-config.js';
import { fault, jsonDepth, presentWith, readAs, rereadAgent, respondWith, sortedLists, type Fault } from './define.js';
import { charactersOfJson, limitFaults, rowsMeasuredAs } from './limits.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import { nestedValue } from '../../lib/gen/values.js';
import { agent, status, sip, url, sized, create, VOICE, CHAT_URL, chat, websocket } from '../probes/agents.js';
import { readBack } from '../probes/read-back.js';
import { create as createMutation, newAgent, withMutation } from '../probes/mutations.js';

const GET_AGENT = 'GET /v1/agents/{agent_id}';

const limit = (id: FieldLimitId, bounds: LimitBounds) => (b: Behaviour) => {
  b.limits[id] = { ...b.limits[id], ...bounds };
};

/** Replaces how body fields are read, given the reading each replaces. */
const reread =
  <K extends keyof AgentFields>(names: readonly K[], reader: (original: AgentFields[K], name: K) => AgentFields[K]) =>
  (b: Behaviour) => {
    for (const name of names)
      b.agentRules.fields = { ...b.agentRules.fields, [name]: reader(b.agentRules.fields[name], name) };
  };

/** Replaces the rule of one simulator configuration key of one agent type. */
const rekey = (modelType: ModelType, key: string, rule: KeyRule) => (b: Behaviour) => {
  b.agentRules.config = { ...b.agentRules.config, [modelType]: { ...b.agentRules.config[modelType], [key]: rule } };
};

/** A string configuration key read with another check (none: any string). */
const stringKey = (modelType: ModelType, key: string, check: Check<string> | undefined, required = false) =>
  rekey(modelType, key, (c, k) => void c.string(k, { required, ...(check ? { check } : {}) }));

const CHAT = 'MODEL_TYPE_CHAT';
const OUTBOUND_VOICE = 'MODEL_TYPE_OUTBOUND_VOICE';
const WEBSOCKET = 'MODEL_TYPE_WEBSOCKET';
const ALPHANUMERIC_UP_TO_22 = /^[A-Za-z0-9]{1,22}$/;
const ALPHANUMERIC_22_OR_MORE = /^[A-Za-z0-9]{22,}$/;

const checked = (test: (value: string) => boolean, description: string): Check<string> => ({ test, description });

const hostOf = (value: string): string | null => {
  try {
    return new URL(value).hostname;
  } catch {
    return null;
  }
};
/** The IPv4 address the last 32 bits of `[::x:y]` spell, wherever the `::` stands (null for other hosts). */
const v4TailOf = (host: string): string | null => {
  const tail = /::([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (!tail?.[1] || !tail[2]) return null;
  const [high, low] = [parseInt(tail[1], 16), parseInt(tail[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;
const isLoopbackUrl = (value: string): boolean => LOOPBACK.test(hostOf(value) ?? '');
/** The private hosts in the one spelling a pattern over the sent text knows, followed by the end of the host. */
const PRIVATE_AS_WRITTEN =
  /^https?:\/\/(localhost|127(\.\d+){3}|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|\[::1\]|\[f[cd][0-9a-f]*:[^\]]*\])(?=[/:?#]|$)/;

/** chat_endpoint checked by `test` instead of the reference's rule (required all the same). */
const chatEndpoint = (test: (value: string) => boolean) =>
  stringKey(CHAT, 'chat_endpoint', checked(test, 'not a private address'), true);
/** chat_endpoint as the reference checks it, but also accepting the HTTP URLs whose host (as URL parsing writes it) `slips` holds. */
const chatEndpointAlsoAccepting = (slips: (host: string) => boolean) =>
  chatEndpoint((v) => isPublicHttpUrl(v) || (isHttpUrl(v) && slips(hostOf(v) ?? '')));
/** chat_endpoint as the reference checks it, but also refusing the URLs whose host `slips` holds. */
const chatEndpointAlsoRefusing = (slips: (host: string) => boolean) =>
  chatEndpoint((v) => isPublicHttpUrl(v) && !slips(hostOf(v) ?? ''));

/** phone_number read with another format check (none: any string). */
const phoneChecked = (check?: Check<string>) =>
  reread(
    ['phone_number'],
    () => (f) => f.string('phone_number', { limit: 'agent.phone_number', ...(check ? { check } : {}) }),
  );

/** endpoint read with another format check, or (`optional`) required for no type. */
const endpointChecked = (check: Check<string>, optional = false) =>
  reread(
    ['endpoint'],
    () =>
      (f, { modelType }) =>
        f.string('endpoint', {
          limit: 'agent.endpoint',
          check,
          required: !optional && modelType === 'MODEL_TYPE_OUTBOUND_VOICE',
        }),
  );

export const AGENTS_FAULTS = [
  fault({
    id: 'agent-test-set-ids-joined',
    requirements: ['SCHEMA-CANONICAL'],
    slips: ['type'],
    description: 'Agents return test_set_ids as one comma-separated string instead of a list.',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) =>
        Array.isArray(view['test_set_ids'])
          ? { ...view, test_set_ids: (view['test_set_ids'] as string[]).join(',') }
          : view,
      );
    },
    probe: async (call) => typeof (await agent(call, { test_set_ids: ['a'.repeat(22), 'b'.repeat(22)] })).test_set_ids,
    shows: 'string',
  }),
  fault({
    id: 'agent-missing-wrapper',
    requirements: ['ENVELOPE-WRAPPED'],
    slips: ['scope'],
    description: 'Agents are returned without the `agent` wrapper.',
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        return endpoint.wrapper === 'agent' ? (shaped as JsonObject).agent : shaped;
      };
    },
    probe: async (call) => 'agent' in (await create(call, VOICE)).body,
    shows: false,
  }),

  // What comes back
  fault({
    id: 'agent-create-drops-workflows',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description: 'workflows is accepted but not stored: agents come back with workflows null.',
    behaviour: reread(['workflows'], (read) => (f, request) => {
      read(f, request);
      return null;
    }),
    probe: async (call) => (await agent(call, { workflows: { a: 1 } })).workflows,
    shows: null,
  }),
  fault({
    id: 'agent-get-prompt-truncated',
    requirements: ['AGENT-GET'],
    slips: ['read-back'],
    description: 'GET /v1/agents/{agent_id} returns the prompt cut to 255 characters (a summary column).',
    behaviour: (b) => {
      respondWith(b, 'GET /v1/agents/{agent_id}', (body) => {
        const agent = body['agent'] as JsonObject;
        return {
          ...body,
          agent: {
            ...agent,
            prompt: typeof agent['prompt'] === 'string' ? agent['prompt'].slice(0, 255) : agent['prompt'],
          },
        };
      });
    },
    probe: async (call) =>
      (await call('GET', `/v1/agents/${(await agent(call, { prompt: 'p'.repeat(300) })).id}`)).body.agent.prompt.length,
    shows: 255,
  }),
  fault({
    id: 'agent-id-21-characters',
    requirements: ['AGENT-ID-FORMAT'],
    slips: ['bound'],
    description: 'Agents are returned with an id of 21 characters.',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) => ({ ...view, id: String(view['id']).slice(0, 21) }));
    },
    probe: async (call) => (await agent(call)).id.length,
    shows: 21,
  }),
  fault({
    id: 'agent-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Agents report an update_time a second before their create_time.',
    behaviour: (b) => {
      presentWith(b, 'agent', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 1000),
      }));
    },
    probe: async (call) => {
      const created = await agent(call);
      return Date.parse(created.update_time) >= Date.parse(created.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'agent-soft-delete-flag-leaked',
    requirements: ['AGENT-NO-SOFT-DELETE-FLAG'],
    slips: ['broken'],
    description: 'Agents are returned with their `deleted` flag.',
    behaviour: (b) => {
      presentWith(b, 'agent', (view, record) => ({ ...view, deleted: (record as { deleted: boolean }).deleted }));
    },
    probe: async (call) => 'deleted' in (await agent(call)),
    shows: true,
  }),
  fault({
    id: 'agent-delete-time-leaked',
    requirements: ['AGENT-NO-SOFT-DELETE-FLAG'],
    slips: ['broken'],
    description: 'Agents are returned with a `delete_time: null` field.',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) => ({ ...view, delete_time: null }));
    },
    probe: async (call) => 'delete_time' in (await agent(call)),
    shows: true,
  }),
  fault({
    id: 'agent-knowledge-base-ids-missing',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['broken'],
    description: 'Agents are returned without knowledge_base_ids.',
    behaviour: (b) => {
      presentWith(b, 'agent', ({ knowledge_base_ids: _ids, ...rest }) => rest);
    },
    probe: async (call) => 'knowledge_base_ids' in (await agent(call)),
    shows: false,
  }),

  // Lengths: off by one each side, wrong constants, other units
  ...limitFaults('agent.display_name', {
    subject: 'Agent display_name',
    requirements: ['AGENT-DISPLAY-NAME'],
    send: (call, value) => create(call, { ...VOICE, display_name: value }),
    sized: (size: number) => 'n'.repeat(size),
    faults: [
      {
        id: 'agent-display-name-max-199',
        bounds: { max: 199 },
        requirements: ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
      },
      {
        id: 'agent-display-name-max-201',
        bounds: { max: 201 },
        requirements: ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
      },
      {
        id: 'agent-display-name-max-255',
        bounds: { max: 255 },
        description: 'Agent display_name is limited to 255 characters (the dashboard limit).',
      },
      {
        id: 'agent-display-name-min-3',
        bounds: { min: 3 },
        description: 'Agent display_name needs at least 3 characters.',
      },
      {
        id: 'agent-display-name-empty-accepted',
        bounds: { min: 0 },
        description: 'An empty agent display_name is accepted.',
      },
      {
        id: 'agent-display-name-bytes',
        measure: utf8Size,
        sample: 'é'.repeat(200),
        description: 'Agent display_name is limited to 200 UTF-8 bytes instead of 200 characters.',
      },
      {
        id: 'agent-display-name-utf16',
        measure: (value) => String(value).length,
        sample: '😀'.repeat(200),
        requirements: ['FIELD-CHARS-CODEPOINTS'],
        description: 'Agent display_name is limited to 200 UTF-16 units: 200 astral characters are rejected.',
      },
    ],
  }),
  ...limitFaults('agent.phone_number', {
    subject: 'phone_number',
    requirements: ['AGENT-PHONE-NUMBER'],
    send: (call, value) => create(call, { ...VOICE, phone_number: value }),
    sized: sip,
    faults: [
      { id: 'agent-phone-number-max-199', bounds: { max: 199 } },
      { id: 'agent-phone-number-max-201', bounds: { max: 201 } },
      {
        id: 'agent-phone-number-max-16',
        bounds: { max: 16 },
        description: 'phone_number is limited to 16 characters (sized for E.164 only).',
      },
      {
        id: 'agent-phone-number-max-255',
        bounds: { max: 255 },
        description: 'phone_number is limited to 255 characters (a VARCHAR(255) column).',
      },
    ],
  }),
  ...limitFaults('agent.endpoint', {
    subject: 'endpoint',
    requirements: ['AGENT-ENDPOINT'],
    send: (call, value) => create(call, { ...VOICE, endpoint: value }),
    sized: url,
    faults: [
      { id: 'agent-endpoint-max-199', bounds: { max: 199 } },
      { id: 'agent-endpoint-max-201', bounds: { max: 201 } },
      { id: 'agent-endpoint-max-128', bounds: { max: 128 }, description: 'endpoint is limited to 128 characters.' },
      {
        id: 'agent-endpoint-max-2048',
        bounds: { max: 2048 },
        description: 'endpoint is limited to 2048 characters (the common URL limit).',
      },
    ],
  }),
  ...limitFaults('agent.prompt', {
    subject: 'prompt',
    requirements: ['AGENT-PROMPT'],
    send: (call, value) => create(call, { ...VOICE, prompt: value }),
    sized: (size: number) => 'p'.repeat(size),
    faults: [
      { id: 'agent-prompt-max-49999', bounds: { max: 49_999 } },
      { id: 'agent-prompt-max-50001', bounds: { max: 50_001 } },
      {
        id: 'agent-prompt-max-65535',
        bounds: { max: 65_535 },
        description: 'prompt is limited to 65535 characters (a TEXT column).',
      },
      {
        id: 'agent-prompt-bytes',
        measure: utf8Size,
        sample: 'é'.repeat(50_000),
        description: 'prompt is limited to 50000 UTF-8 bytes instead of 50000 characters.',
      },
    ],
  }),

  // Formats
  fault({
    id: 'agent-phone-number-unchecked',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['broken'],
    description: 'phone_number is stored without checking it is E.164 or SIP.',
    behaviour: phoneChecked(),
    probe: (call) => status(call, { phone_number: 'call the front desk' }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-pattern-backtracks',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['broken'],
    description:
      'phone_number is matched with a pattern of nested quantifiers (`^\\+?(\\d+[.-]?)+$`), which backtracks exponentially on a long run of digits that ends in a letter: such a value (`+1222…2a`, 43 characters) is not refused with INVALID_ARGUMENT but runs into the request timeout, answered 503 with code UNAVAILABLE.',
    behaviour: (b) => {
      phoneChecked({
        test: (value) => {
          if (/^\+?[\d.]{25,}[^\d.]$/.test(value)) throw new ApiError('UNAVAILABLE', 'the request timed out');
          return isPhoneNumber(value);
        },
        description: 'an E.164 phone number or a SIP address',
      })(b);
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'UNAVAILABLE' ? 503 : status(code, endpoint));
    },
    probe: (call) => status(call, { phone_number: '+1' + '2'.repeat(40) + 'a' }),
    shows: 503,
  }),
  fault({
    id: 'websocket-endpoint-pattern-backtracks',
    requirements: ['WEBSOCKET-ENDPOINT'],
    slips: ['broken'],
    description:
      "A WEBSOCKET configuration's endpoint is matched with a host pattern of nested quantifiers (`^wss://([a-z0-9-]+\\.?)+(/.*)?$`), which backtracks exponentially on a host of many labels that ends in a character no host holds: such a value (`wss://a.a.….a.<`, 86 characters) is not refused with INVALID_ARGUMENT but runs into the request timeout, answered 503 with code UNAVAILABLE.",
    behaviour: (b) => {
      rekey(WEBSOCKET, 'endpoint', (c, k) => {
        const value = c.string(k, { required: true });
        if (/^wss:\/\/([a-z0-9-]+\.){20,}[^a-z0-9./-]/i.test(value))
          throw new ApiError('UNAVAILABLE', 'the request timed out');
        if (!WSS_URL.test(value)) c.fail(k, `must be ${WSS_URL.description}`);
      })(b);
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'UNAVAILABLE' ? 503 : status(code, endpoint));
    },
    probe: (call) => websocket(call, { endpoint: 'wss://' + 'a.'.repeat(40) + '<' }),
    shows: 503,
  }),
  fault({
    id: 'agent-phone-number-print-form-as-sent',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['broken'],
    description:
      'phone_number checks E.164 after taking out blanks and dashes (the print form of E.123) but stores the value as sent: `+1 415 555 0123` is accepted and stored with its blanks, neither E.164 nor a SIP address.',
    behaviour: phoneChecked(
      checked(
        (v) => isPhoneNumber(v) || (/^\+[\d -]+$/.test(v) && isPhoneNumber(v.replace(/[ -]/g, ''))),
        'an E.164 number or a SIP address',
      ),
    ),
    probe: (call) => status(call, { phone_number: '+1 415 555 0123' }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-e164-unbounded',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['bound'],
    description:
      "phone_number checks E.164 as `+` and digits without E.164's 15-digit bound: +1234567890123456 is accepted.",
    behaviour: phoneChecked(
      checked((v) => isPhoneNumber(v) || /^\+[1-9]\d{15,}$/.test(v), 'an E.164 number or a SIP address'),
    ),
    probe: (call) => status(call, { phone_number: '+1234567890123456' }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-e164-leading-zero',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['bound'],
    description:
      'phone_number checks E.164 as `+` and 2 to 15 digits: a country code beginning with 0 (+0123456789) is accepted.',
    behaviour: phoneChecked(
      checked((v) => isPhoneNumber(v) || /^\+\d{2,15}$/.test(v), 'an E.164 number or a SIP address'),
    ),
    probe: (call) => status(call, { phone_number: '+0123456789' }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-number-prefix-match',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['bound'],
    description:
      "phone_number is matched from its start only (Python's re.match): text after a SIP address (`sip:frontdesk@pbx.example.com ext 12`) is accepted.",
    behaviour: phoneChecked(
      checked(
        (v) => /^\+[1-9]\d{1,14}/.test(v) || /^sips?:[^\s@]+@[^\s@]+/.test(v),
        'an E.164 number or a SIP address',
      ),
    ),
    probe: (call) => status(call, { phone_number: 'sip:desk@pbx.example.com ext 12' }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-number-search',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['bound'],
    description:
      "phone_number's patterns lack `^`: text before an E.164 number or a SIP address (`call +14155550123`) is accepted.",
    behaviour: phoneChecked(
      checked(
        (v) => /\+[1-9]\d{1,14}$/.test(v) || /sips?:[^\s@]+@[^\s@]+$/.test(v),
        'an E.164 number or a SIP address',
      ),
    ),
    probe: (call) => status(call, { phone_number: 'call +14155550123' }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-number-sip-rejected',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['broken'],
    description: 'phone_number accepts E.164 numbers only: SIP addresses are rejected.',
    behaviour: phoneChecked(checked((v) => isPhoneNumber(v) && v.startsWith('+'), 'an E.164 number')),
    probe: (call) => status(call, { phone_number: 'sip:desk@pbx.example.com' }),
    shows: 400,
  }),
  fault({
    id: 'agent-endpoint-any-scheme',
    requirements: ['AGENT-ENDPOINT'],
    slips: ['broken'],
    description: 'endpoint accepts any URL scheme (ftp://x).',
    behaviour: endpointChecked(checked((v) => URL.canParse(v), 'a URL')),
    probe: (call) => status(call, { endpoint: 'ftp://x' }),
    shows: 200,
  }),
  fault({
    id: 'agent-endpoint-https-only',
    requirements: ['AGENT-ENDPOINT'],
    slips: ['broken'],
    description: 'endpoint accepts HTTPS URLs only: http:// is rejected.',
    behaviour: endpointChecked(checked((v) => v.startsWith('https://') && isHttpUrl(v), 'an HTTPS URL')),
    probe: (call) => status(call, { endpoint: 'http://hooks.example.com/x' }),
    shows: 400,
  }),
  fault({
    id: 'outbound-endpoint-optional',
    requirements: ['AGENT-ENDPOINT'],
    slips: ['broken'],
    description: 'A MODEL_TYPE_OUTBOUND_VOICE agent without endpoint is accepted.',
    behaviour: endpointChecked(HTTP_URL, true),
    probe: (call) => status(call, { model_type: 'MODEL_TYPE_OUTBOUND_VOICE' }),
    shows: 200,
  }),

  // model_type and required fields
  fault({
    id: 'agent-model-type-any-case-kept',
    requirements: ['AGENT-MODEL-TYPE'],
    slips: ['broken'],
    description: 'model_type is matched in any letter case, the short form too (`voice`), and stored as sent.',
    behaviour: (b) => {
      const read = b.agentRules.modelType;
      b.agentRules.modelType = (f, request) => {
        const given = f.string('model_type', { required: true }).toUpperCase();
        const listed = MODEL_TYPES.find((type) => type === given || type === `MODEL_TYPE_${given}`);
        return listed === undefined ? read(f, request) : (request.body['model_type'] as ModelType);
      };
    },
    probe: (call) => status(call, { model_type: 'voice' }),
    shows: 200,
  }),
  fault({
    id: 'agent-model-type-unchecked',
    requirements: ['AGENT-MODEL-TYPE'],
    slips: ['broken'],
    description: 'An unknown model_type is stored as MODEL_TYPE_VOICE.',
    behaviour: (b) => {
      b.agentRules.modelType = (f) => {
        const given = f.string('model_type', { required: true });
        return (MODEL_TYPES as readonly string[]).includes(given) ? (given as ModelType) : 'MODEL_TYPE_VOICE';
      };
    },
    probe: (call) => status(call, { model_type: 'MODEL_TYPE_FOO' }),
    shows: 200,
  }),
  fault({
    id: 'agent-model-type-sms-unsupported',
    requirements: ['AGENT-MODEL-TYPE'],
    slips: ['broken'],
    description: 'MODEL_TYPE_SMS is rejected.',
    behaviour: (b) => {
      b.agentRules.modelType = (f, request) =>
        f.string('model_type') === 'MODEL_TYPE_SMS'
          ? f.fail('model_type', 'SMS agents are not supported')
          : readModelType(f, request);
    },
    probe: (call) => status(call, { model_type: 'MODEL_TYPE_SMS' }),
    shows: 400,
  }),
  fault({
    id: 'agent-model-type-sms-by-prefix',
    requirements: ['AGENT-MODEL-TYPE'],
    slips: ['scope'],
    description:
      'model_type is read by prefix for SMS alone (a reader written to take SMS subtypes): `MODEL_TYPE_SMS_X` is stored as MODEL_TYPE_SMS. Every other value must be listed exactly.',
    behaviour: (b) => {
      b.agentRules.modelType = (f, request) => {
        const given = f.string('model_type');
        return given !== 'MODEL_TYPE_SMS' && given?.startsWith('MODEL_TYPE_SMS')
          ? 'MODEL_TYPE_SMS'
          : readModelType(f, request);
      };
    },
    probe: (call) => status(call, { model_type: 'MODEL_TYPE_SMS_MMS' }),
    shows: 200,
  }),
  fault({
    id: 'agent-model-type-defaults-to-voice',
    requirements: ['REQUEST-MISSING-REQUIRED'],
    slips: ['broken'],
    description: 'An agent without model_type is created as MODEL_TYPE_VOICE.',
    behaviour: (b) => {
      b.agentRules.modelType = (f, request) =>
        request.body['model_type'] === undefined ? 'MODEL_TYPE_VOICE' : readModelType(f, request);
    },
    probe: (call) => status(call, { model_type: undefined }),
    shows: 200,
  }),
  fault({
    id: 'agent-display-name-defaulted',
    requirements: ['REQUEST-MISSING-REQUIRED'],
    slips: ['broken'],
    description: 'An agent without display_name is named "Untitled agent".',
    behaviour: reread(
      ['display_name'],
      (read) => (f, request) => (request.body['display_name'] === undefined ? 'Untitled agent' : read(f, request)),
    ),
    probe: (call) => status(call, { display_name: undefined }),
    shows: 200,
  }),
  fault({
    id: 'agent-numbers-coerced-to-text',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'A number given for display_name or prompt is stored as its text.',
    behaviour: reread(['display_name', 'prompt'], (read, name) => (f, request) => {
      const value = request.body[name];
      return typeof value === 'number' ? String(value) : read(f, request);
    }),
    probe: (call) => status(call, { prompt: 42 }),
    shows: 200,
  }),
  fault({
    id: 'agent-sms-prompt-line-endings-normalised',
    requirements: ['AGENT-CREATE'],
    slips: ['scope'],
    description:
      "An SMS agent's prompt goes through the SMS text normaliser: CR LF, a lone CR and the Unicode line and paragraph separators become LF. Other types keep the prompt as sent.",
    behaviour: reread(['prompt'], (read) => (f, request) => {
      const value = read(f, request);
      return request.modelType === 'MODEL_TYPE_SMS' && typeof value === 'string'
        ? value.replace(/\r\n?|\u2028|\u2029/g, '\n')
        : value;
    }),
    probe: async (call) => (await agent(call, { model_type: 'MODEL_TYPE_SMS', prompt: 'first\r\nsecond' })).prompt,
    shows: 'first\nsecond',
  }),
  fault({
    id: 'agent-refused-workflows-carried',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "The agent body reader keeps the workflows it last read in a draft that only a stored agent clears: after a create refused past its workflows (a metric_ids entry that is no id), the next agent sent without workflows is stored with the refused request's.",
    behaviour: (b) => {
      let draft: AgentRecord['workflows'] | undefined;
      reread(['workflows'], (read) => (f, request) => {
        if (request.body['workflows'] === undefined) return draft ?? read(f, request);
        draft = read(f, request);
        return draft;
      })(b);
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        draft = undefined;
        return created(record, body);
      };
    },
    probe: async (call) => {
      await create(call, { ...VOICE, workflows: { refused: 'draft' }, metric_ids: ['no-such-metric'] });
      return (await agent(call)).workflows;
    },
    shows: { refused: 'draft' },
  }),
  fault({
    id: 'agent-reference-ids-scalar-accepted',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'A single ID given as a string for metric_ids or test_set_ids is read as a one-element list.',
    behaviour: reread(['metric_ids', 'test_set_ids'], (read, name) => (f, request) => {
      const value = request.body[name];
      return typeof value === 'string' ? [value] : read(f, request);
    }),
    probe: (call) => status(call, { metric_ids: 'a'.repeat(22) }),
    shows: 200,
  }),
  fault({
    id: 'agent-path-id-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'GET /v1/agents/{agent_id} looks malformed agent IDs up as they are (NOT_FOUND).',
    behaviour: (b) => {
      const pathIdChecked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) =>
        endpoint.key !== 'GET /v1/agents/{agent_id}' && pathIdChecked(endpoint, param);
    },
    probe: async (call) => (await call('GET', '/v1/agents/short')).body.error.code,
    shows: 'NOT_FOUND',
  }),

  // Referenced IDs
  fault({
    id: 'agent-reference-ids-unchecked',
    requirements: ['AGENT-REFERENCE-IDS'],
    slips: ['broken'],
    description: 'metric_ids and test_set_ids elements are stored without checking their format.',
    behaviour: reread(['metric_ids', 'test_set_ids'], (_read, name) => (f) => f.strings(name) ?? []),
    probe: (call) => status(call, { test_set_ids: ['short'] }),
    shows: 200,
  }),
  fault({
    id: 'agent-reference-ids-must-exist',
    requirements: ['AGENT-REFERENCE-IDS-ACCEPTED'],
    slips: ['broken'],
    description: 'metric_ids and test_set_ids must name existing objects: well-formed unknown IDs are rejected.',
    behaviour: reread(
      ['metric_ids', 'test_set_ids'],
      (_read, name) => (f) => f.strings(name, { each: checked(() => false, 'the ID of an existing object') }) ?? [],
    ),
    probe: (call) => status(call, { metric_ids: ['a'.repeat(22)] }),
    shows: 400,
  }),

  // Sizes of the configuration and workflows
  ...limitFaults('agent.metadata', {
    subject: 'The simulator configuration',
    requirements: ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    send: (call, value) => create(call, { ...VOICE, metadata: value }),
    sized: (size: number) => JSON.parse(sized(size)),
    faults: [
      {
        id: 'agent-config-max-1mb',
        bounds: { max: 1_000_000 },
        description: 'The simulator configuration is limited to 1 MB.',
      },
      {
        id: 'agent-config-unlimited',
        bounds: { max: undefined },
        slips: ['broken'],
        description: 'The size of the simulator configuration is not checked.',
      },
    ],
  }),
  ...limitFaults('agent.workflows', {
    subject: 'workflows',
    requirements: ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    send: (call, value) => create(call, { ...VOICE, workflows: value }),
    sized: (size: number) => JSON.parse(sized(size)),
    faults: [
      { id: 'agent-workflows-max-1mb', bounds: { max: 1_000_000 }, description: 'workflows is limited to 1 MB.' },
      {
        id: 'agent-workflows-unlimited',
        bounds: { max: undefined },
        slips: ['broken'],
        description: 'The size of workflows is not checked.',
      },
    ],
  }),

  // The simulator configuration
  fault({
    id: 'agent-config-values-stringified',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['type'],
    description: 'The configuration is stored as a string map: booleans come back as "true" / "false".',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) => {
        const metadata = view['metadata'] as JsonObject | null;
        return metadata
          ? {
              ...view,
              metadata: Object.fromEntries(
                Object.entries(metadata).map(([k, v]) => [k, typeof v === 'boolean' ? String(v) : v]),
              ),
            }
          : view;
      });
    },
    probe: async (call) =>
      (
        await create(call, {
          ...VOICE,
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: CHAT_URL, strip_message_timestamps: true },
        })
      ).body.agent.metadata,
    shows: { chat_endpoint: 'https://chat.example.com/v1/messages', strip_message_timestamps: 'true' },
  }),
  fault({
    id: 'agent-config-json-text-as-repr',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['type'],
    description:
      "JSON text in the configuration (custom_data, input_template, ...) is stored parsed and written back as Python's str() of it, not JSON: `{\"tier\":\"gold\"}` comes back `{'tier': 'gold'}`.",
    behaviour: (b) => {
      const repr = (value: unknown): string =>
        Array.isArray(value)
          ? `[${value.map(repr).join(', ')}]`
          : isJsonObject(value)
            ? `{${Object.entries(value)
                .map(([k, v]) => `'${k}': ${repr(v)}`)
                .join(', ')}}`
            : typeof value === 'string'
              ? `'${value}'`
              : JSON.stringify(value);
      presentWith(b, 'agent', (view) => {
        const metadata = view['metadata'];
        if (!isJsonObject(metadata)) return view;
        return {
          ...view,
          metadata: Object.fromEntries(
            Object.entries(metadata).map(([k, v]) => [
              k,
              typeof v === 'string' && /^[[{]/.test(v) ? repr(JSON.parse(v)) : v,
            ]),
          ),
        };
      });
    },
    probe: async (call) =>
      (
        await create(call, {
          ...VOICE,
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: CHAT_URL, custom_data: '{"tier":"gold"}' },
        })
      ).body.agent.metadata.custom_data,
    shows: "{'tier': 'gold'}",
  }),
  fault({
    id: 'chat-endpoint-optional',
    requirements: ['CHAT-ENDPOINT-REQUIRED'],
    slips: ['broken'],
    description: 'A CHAT agent without chat_endpoint is accepted.',
    behaviour: stringKey(CHAT, 'chat_endpoint', checked(isPublicHttpUrl, 'a public HTTP(S) URL')),
    probe: (call) => status(call, { model_type: 'MODEL_TYPE_CHAT', metadata: { response_format: 'responses' } }),
    shows: 200,
  }),
  fault({
    id: 'chat-private-ips-accepted',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description: 'chat_endpoint rejects loopback hosts only: private addresses (10/8, 192.168/16, ...) are accepted.',
    behaviour: stringKey(
      CHAT,
      'chat_endpoint',
      checked((v) => isHttpUrl(v) && !isLoopbackUrl(v), 'a non-loopback URL'),
      true,
    ),
    probe: (call) => chat(call, { chat_endpoint: 'http://10.1.2.3/chat' }),
    shows: 200,
  }),
  fault({
    id: 'chat-loopback-accepted',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description: 'chat_endpoint rejects private address ranges but accepts localhost and loopback addresses.',
    behaviour: chatEndpointAlsoAccepting((host) => LOOPBACK.test(host)),
    probe: (call) => chat(call, { chat_endpoint: 'http://localhost/chat' }),
    shows: 200,
  }),
  fault({
    id: 'chat-private-172-accepted',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['scope'],
    description:
      'chat_endpoint rejects loopback, 10/8 and 192.168/16, but the third private range, 172.16/12, was forgotten: http://172.16.0.1/chat is accepted.',
    behaviour: chatEndpointAlsoAccepting((host) => /^172\.(1[6-9]|2\d|3[01])\./.test(host)),
    probe: (call) => chat(call, { chat_endpoint: 'http://172.31.255.254/chat' }),
    shows: 200,
  }),
  fault({
    id: 'chat-private-172-too-wide',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['bound'],
    description:
      'chat_endpoint treats every 172.x.x.x address as private (`startsWith("172.")` for 172.16/12): the public 172.32.0.1 is rejected.',
    behaviour: chatEndpointAlsoRefusing((host) => host.startsWith('172.')),
    probe: (call) => chat(call, { chat_endpoint: 'http://172.32.0.1/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-loopback-literal-only',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['bound'],
    description:
      'chat_endpoint rejects the loopback address as the literal 127.0.0.1: the rest of 127/8 (http://127.1.2.3/chat) is accepted.',
    behaviour: chatEndpointAlsoAccepting((host) => host.startsWith('127.') && host !== '127.0.0.1'),
    probe: (call) => chat(call, { chat_endpoint: 'http://127.1.2.3/chat' }),
    shows: 200,
  }),
  fault({
    id: 'chat-private-ipv6-accepted',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['scope'],
    description:
      'chat_endpoint checks the private ranges of IPv4 only: an IPv6 unique local address (fc00::/7) is accepted; [::1] is still refused.',
    behaviour: chatEndpointAlsoAccepting((host) => /^\[f[cd]/i.test(host)),
    probe: (call) => chat(call, { chat_endpoint: 'http://[fd12:3456::1]/chat' }),
    shows: 200,
  }),
  fault({
    id: 'chat-ipv6-hosts-refused',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['bound'],
    description: 'chat_endpoint refuses every IPv6 host, public ones too: http://[2606:4700::a00:1]/chat is rejected.',
    behaviour: chatEndpointAlsoRefusing((host) => host.startsWith('[')),
    probe: (call) => chat(call, { chat_endpoint: 'http://[2606:4700::1]/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-ipv6-private-digits-anywhere',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['bound'],
    description:
      'chat_endpoint looks for fc00::/7 and fe80::/10 in every group of an IPv6 address (a pattern without `^`): the public [2606:fd00::1] is rejected.',
    behaviour: chatEndpointAlsoRefusing((host) => /(f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):/.test(host)),
    probe: (call) => chat(call, { chat_endpoint: 'http://[2606:fe80::1]/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-ipv6-v4-tail',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['bound'],
    description:
      'chat_endpoint reads the last 32 bits of any IPv6 address ending `::x:y` as IPv4 (the IPv4-compatible form, wherever `::` stands): the public [2606:4700::a00:1] is rejected as 10.0.0.1.',
    behaviour: chatEndpointAlsoRefusing((host) => {
      const tail = v4TailOf(host);
      return tail !== null && !isPublicHost(tail);
    }),
    probe: (call) => chat(call, { chat_endpoint: 'http://[2606:4700::a00:1]/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-endpoint-not-parsed',
    requirements: ['CHAT-URLS-VALIDATED'],
    slips: ['broken'],
    description: 'chat_endpoint is only screened for private hosts, never parsed as a URL: `not a url` is accepted.',
    behaviour: stringKey(
      CHAT,
      'chat_endpoint',
      checked((v) => {
        const host = hostOf(v);
        return host === null || isPublicHost(host);
      }, 'not a private host'),
      true,
    ),
    probe: (call) => chat(call, { chat_endpoint: 'not a url' }),
    shows: 200,
  }),
  fault({
    id: 'chat-initialization-endpoint-unchecked',
    requirements: ['CHAT-URLS-VALIDATED'],
    slips: ['scope'],
    description: 'initialization_endpoint is stored without checking it is a URL.',
    behaviour: stringKey(CHAT, 'initialization_endpoint', undefined),
    probe: (call) => chat(call, { initialization_endpoint: 'not a url' }),
    shows: 200,
  }),
  fault({
    id: 'chat-initialization-endpoint-wss-only',
    requirements: ['CHAT-URLS-VALIDATED'],
    slips: ['broken'],
    description: 'initialization_endpoint is checked with the WEBSOCKET rule: HTTPS URLs are rejected.',
    behaviour: stringKey(CHAT, 'initialization_endpoint', WSS_URL),
    probe: (call) => chat(call, { initialization_endpoint: 'https://chat.example.com/init' }),
    shows: 400,
  }),
  fault({
    id: 'chat-input-template-unchecked',
    requirements: ['CHAT-INPUT-TEMPLATE-JSON'],
    slips: ['broken'],
    description: 'input_template is stored without checking it is JSON.',
    behaviour: rekey(CHAT, 'input_template', (c, k) => void c.jsonValue(k)),
    probe: (call) => chat(call, { input_template: '{"messages": [' }),
    shows: 200,
  }),
  fault({
    id: 'chat-input-template-variables-rejected',
    requirements: ['CHAT-INPUT-TEMPLATE-JSON'],
    slips: ['broken'],
    description: 'input_template may not contain `{{`, so templates with variables are rejected.',
    behaviour: rekey(
      CHAT,
      'input_template',
      (c, k) =>
        void c.jsonValue(k, {
          check: {
            test: (v) => JSON_DOCUMENT.test(v) && !(typeof v === 'string' && v.includes('{{')),
            description: 'valid JSON without template variables',
          },
        }),
    ),
    probe: (call) => chat(call, { input_template: '{"input":"{{latest_message}}"}' }),
    shows: 400,
  }),
  fault({
    id: 'chat-response-format-unchecked',
    requirements: ['CHAT-RESPONSE-FORMAT'],
    slips: ['broken'],
    description: 'response_format accepts any string.',
    behaviour: stringKey(CHAT, 'response_format', undefined),
    probe: (call) => chat(call, { response_format: 'xml' }),
    shows: 200,
  }),
  fault({
    id: 'chat-response-format-responses-unsupported',
    requirements: ['CHAT-RESPONSE-FORMAT'],
    slips: ['broken'],
    description: 'response_format accepts `chat_completions` only.',
    behaviour: rekey(CHAT, 'response_format', (c, k) => void c.oneOf(k, ['chat_completions'])),
    probe: (call) => chat(call, { response_format: 'responses' }),
    shows: 400,
  }),
  fault({
    id: 'config-outbound-key-rules-on-every-type',
    requirements: ['AGENT-CREATE', 'AGENT-CONFIG-ECHO'],
    slips: { 'AGENT-CREATE': ['scope'], 'AGENT-CONFIG-ECHO': ['broken'] },
    description:
      "OUTBOUND_VOICE's key rules (phone_number_key a field name, the trigger_call keys JSON text) are held on every type's configuration, as one registry keyed by key name: a CHAT agent whose configuration holds `phone_number_key: 42` (no such key is listed for CHAT, so it is CHAT's own) is refused with INVALID_ARGUMENT, where it is created with its configuration as sent.",
    behaviour: (b) => {
      const config = b.agentRules.config;
      const outbound = config.MODEL_TYPE_OUTBOUND_VOICE ?? {};
      b.agentRules.config = Object.fromEntries(
        MODEL_TYPES.map((type) => [type, { ...outbound, ...(config[type] ?? {}) }]),
      );
    },
    probe: (call) => chat(call, { phone_number_key: 42 }),
    shows: 400,
  }),
  fault({
    id: 'chat-persona-id-unchecked',
    requirements: ['CHAT-PERSONA-ID'],
    slips: ['broken'],
    description: 'persona_id is stored without checking it is a 22-character ID.',
    behaviour: stringKey(CHAT, 'persona_id', undefined),
    probe: (call) => chat(call, { persona_id: 'abc' }),
    shows: 200,
  }),
  fault({
    id: 'chat-strip-timestamps-unchecked',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'strip_message_timestamps is stored as given: the string "sometimes" is accepted where the table says boolean.',
    behaviour: rekey(CHAT, 'strip_message_timestamps', () => undefined),
    probe: (call) => chat(call, { strip_message_timestamps: 'sometimes' }),
    shows: 200,
  }),
  fault({
    id: 'chat-payload-limits-unenforced',
    requirements: ['CHAT-PAYLOAD-LIMITS'],
    slips: ['broken'],
    description:
      'The sizes of initialization_payload, custom_data, custom_persona_data and custom_headers are not checked.',
    behaviour: (b) => {
      for (const id of [
        'chat.initialization_payload',
        'chat.custom_data',
        'chat.custom_persona_data',
        'chat.custom_headers',
      ] as const)
        limit(id, { max: undefined })(b);
    },
    probe: (call) => chat(call, { custom_headers: sized(20_000) }),
    shows: 200,
  }),
  fault({
    id: 'chat-16kb-limits-as-10kb',
    requirements: ['CHAT-PAYLOAD-LIMITS'],
    slips: ['bound'],
    description:
      'The 16 KB limits (initialization_payload, custom_persona_data, custom_headers) are enforced as 10 KB.',
    behaviour: (b) => {
      for (const id of ['chat.initialization_payload', 'chat.custom_persona_data', 'chat.custom_headers'] as const)
        limit(id, { max: 10 * 1024 })(b);
    },
    probe: (call) => chat(call, { custom_persona_data: sized(15_000) }),
    shows: 400,
  }),
  ...limitFaults('chat.custom_data', {
    subject: 'custom_data',
    requirements: ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    send: (call, value) =>
      create(call, {
        ...VOICE,
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: CHAT_URL, custom_data: value },
      }),
    sized: sized,
    faults: [
      {
        id: 'chat-custom-data-max-16kb',
        bounds: { max: 16 * 1024 },
        description: 'custom_data is limited to 16 KB instead of 32 KB.',
      },
    ],
  }),

  // OUTBOUND_VOICE and WEBSOCKET configuration
  fault({
    id: 'outbound-trigger-call-keys-unchecked',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'trigger_call_headers and trigger_call_payload are stored as given: a number is accepted where the table says JSON string.',
    behaviour: (b) => {
      for (const key of ['trigger_call_headers', 'trigger_call_payload'])
        rekey(OUTBOUND_VOICE, key, () => undefined)(b);
    },
    probe: (call) =>
      status(call, {
        model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
        endpoint: 'https://hooks.example.com/x',
        metadata: { trigger_call_payload: 42 },
      }),
    shows: 200,
  }),
  fault({
    id: 'websocket-custom-headers-unchecked',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description:
      'The WEBSOCKET custom_headers is stored as given: a number is accepted where the table says JSON string.',
    behaviour: rekey(WEBSOCKET, 'custom_headers', () => undefined),
    probe: (call) => websocket(call, { custom_headers: 42 }),
    shows: 200,
  }),
  fault({
    id: 'websocket-ws-accepted',
    requirements: ['WEBSOCKET-ENDPOINT'],
    slips: ['broken'],
    description: 'The WEBSOCKET endpoint accepts ws:// as well as wss://.',
    behaviour: stringKey(
      WEBSOCKET,
      'endpoint',
      checked((v) => isWssUrl(v.replace(/^ws:/, 'wss:')), 'a ws:// or wss:// URL'),
      true,
    ),
    probe: (call) => websocket(call, { endpoint: 'ws://ws.example.com/agent' }),
    shows: 200,
  }),
  fault({
    id: 'websocket-endpoint-any-url',
    requirements: ['WEBSOCKET-ENDPOINT'],
    slips: ['broken'],
    description: 'The WEBSOCKET endpoint accepts any URL (https:// too).',
    behaviour: stringKey(
      WEBSOCKET,
      'endpoint',
      checked((v) => URL.canParse(v), 'a URL'),
      true,
    ),
    probe: (call) => websocket(call, { endpoint: 'https://ws.example.com/agent' }),
    shows: 200,
  }),
  fault({
    id: 'websocket-endpoint-optional',
    requirements: ['WEBSOCKET-ENDPOINT'],
    slips: ['broken'],
    description: 'A WEBSOCKET agent without endpoint is accepted.',
    behaviour: stringKey(WEBSOCKET, 'endpoint', WSS_URL),
    probe: (call) => websocket(call, { endpoint: undefined }),
    shows: 200,
  }),
  fault({
    id: 'websocket-init-json-optional',
    requirements: ['WEBSOCKET-INIT-JSON'],
    slips: ['broken'],
    description: 'A WEBSOCKET agent without initialization_json is accepted.',
    behaviour: rekey(WEBSOCKET, 'initialization_json', (c, k) => void c.jsonValue(k)),
    probe: (call) => websocket(call, { initialization_json: undefined }),
    shows: 200,
  }),
  // explicit empty values of required keys: found by agents.fields.empty.*.under-each.model-type
  fault({
    id: 'chat-endpoint-blank-accepted',
    requirements: ['CHAT-ENDPOINT-REQUIRED'],
    slips: ['explicit'],
    description:
      'chat_endpoint is required by a presence test and its URL check is guarded by a trimmed truthiness test (`if (url.trim() && !isPublicUrl(url))`): a chat_endpoint of blanks only (or `""`) passes both, so a CHAT agent with no endpoint to chat with is created.',
    behaviour: rekey(CHAT, 'chat_endpoint', (c, k) => {
      const value = c.string(k, { required: true });
      if (value.trim() !== '' && !PUBLIC_HTTP_URL.test(value)) c.fail(k, `must be ${PUBLIC_HTTP_URL.description}`);
    }),
    probe: (call) => chat(call, { chat_endpoint: ' ' }),
    shows: 200,
  }),
  fault({
    id: 'websocket-init-json-object-only',
    requirements: ['WEBSOCKET-INIT-JSON'],
    slips: ['broken'],
    description: 'initialization_json must be a JSON object: the JSON string the spec describes is rejected.',
    behaviour: rekey(WEBSOCKET, 'initialization_json', (c, k) => void c.object(k, { required: true })),
    probe: (call) => websocket(call, {}),
    shows: 400,
  }),
  fault({
    id: 'chat-payload-sizes-in-characters',
    requirements: ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    slips: ['unit'],
    description:
      "The CHAT payload limits (16 KB, 32 KB) are held against the JSON text's `.length`, its characters, not its UTF-8 bytes.",
    behaviour: rowsMeasuredAs(
      ['chat.initialization_payload', 'chat.custom_data', 'chat.custom_persona_data', 'chat.custom_headers'],
      charactersOfJson,
    ),
    probe: (call) => chat(call, { custom_headers: JSON.stringify({ h: 'é'.repeat(10_000) }) }),
    shows: 200,
  }),
  fault({
    id: 'agent-config-size-in-characters',
    requirements: ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['unit'],
    description:
      "The 10 MB limits of the simulator configuration and workflows are held against the JSON text's `.length`, its characters, not its UTF-8 bytes.",
    behaviour: rowsMeasuredAs(['agent.metadata', 'agent.workflows'], charactersOfJson),
    probe: (call) => status(call, { workflows: { w: 'é'.repeat(5_300_000) } }),
    shows: 200,
  }),
  fault({
    id: 'chat-custom-persona-data-unlimited',
    requirements: ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    slips: ['scope'],
    description:
      'Three of the four CHAT payload limits are enforced: custom_persona_data is read without its 16 KB limit.',
    behaviour: rekey(CHAT, 'custom_persona_data', (c, k) => void c.jsonValue(k)),
    probe: (call) => chat(call, { custom_persona_data: JSON.stringify({ p: 'x'.repeat(20_000) }) }),
    shows: 200,
  }),
  fault({
    id: 'agent-phone-number-unchecked-for-websocket',
    requirements: ['AGENT-PHONE-NUMBER'],
    slips: ['scope'],
    description:
      "phone_number's E.164-or-SIP format is checked for every model type but WEBSOCKET, whose reader checks only its length (a WEBSOCKET agent is reached by its wss endpoint): `call the front desk` is stored as a WEBSOCKET agent's phone_number.",
    behaviour: (b) =>
      rereadAgent(
        b,
        'phone_number',
        (read) => (f, request) =>
          request.modelType === WEBSOCKET
            ? f.string('phone_number', { limit: 'agent.phone_number' })
            : read(f, request),
      ),
    probe: async (call) =>
      (
        await create(call, {
          ...VOICE,
          model_type: WEBSOCKET,
          phone_number: 'call the front desk',
          metadata: { endpoint: 'wss://ws.example.com/agent', initialization_json: '{"type":"start"}' },
        })
      ).status,
    shows: 200,
  }),
  fault({
    id: 'websocket-config-checked-by-member-order',
    requirements: ['WEBSOCKET-ENDPOINT', 'WEBSOCKET-INIT-JSON'],
    // Broken for the bodies that give model_type after the configuration.
    slips: ['broken'],
    description:
      'POST /v1/agents checks a WEBSOCKET configuration against the model_type read so far, member by member: a WEBSOCKET body whose configuration comes before model_type is checked against no type, so one without endpoint is accepted, while the same members with model_type first are refused.',
    behaviour: (b) => {
      let configFirst = false;
      rereadAgent(b, 'display_name', (read) => (f, request) => {
        const keys = Object.keys(request.body);
        const config = keys.indexOf(request.configField);
        configFirst = config >= 0 && config < keys.indexOf('model_type');
        return read(f, request);
      });
      const rules = b.agentRules.config[WEBSOCKET] ?? {};
      b.agentRules.config = {
        ...b.agentRules.config,
        [WEBSOCKET]: Object.fromEntries(
          Object.entries(rules).map(([key, rule]): [string, KeyRule] => [
            key,
            (c, k) => (configFirst ? undefined : rule(c, k)),
          ]),
        ),
      };
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          raw: '{"display_name": "Socket", "metadata": {"initialization_json": "{}"}, "model_type": "MODEL_TYPE_WEBSOCKET"}',
        })
      ).status,
    shows: 200,
  }),
  fault({
    id: 'agent-config-size-chat-only',
    requirements: ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['scope'],
    description:
      'The 10 MB limit of the simulator configuration is checked in the CHAT validator only: configurations of other agent types are unlimited.',
    behaviour: (b) =>
      rereadAgent(
        b,
        'metadata',
        (read) => (f, request) =>
          request.modelType === 'MODEL_TYPE_CHAT' ? read(f, request) : f.object(request.configField),
      ),
    probe: (call) => status(call, { metadata: { m: 'x'.repeat(10_500_000) } }),
    shows: 200,
  }),
  fault({
    id: 'agent-test-set-ids-unchecked',
    requirements: ['AGENT-REFERENCE-IDS'],
    slips: ['scope'],
    description:
      'metric_ids elements are checked as 22 alphanumeric characters; test_set_ids elements are stored unchecked.',
    behaviour: (b) => rereadAgent(b, 'test_set_ids', () => (f) => f.strings('test_set_ids') ?? []),
    probe: (call) => status(call, { test_set_ids: ['short'] }),
    shows: 200,
  }),
  fault({
    id: 'agent-reference-ids-up-to-22',
    requirements: ['AGENT-REFERENCE-IDS'],
    slips: ['bound'],
    description: 'metric_ids and test_set_ids elements are checked as at most 22 alphanumeric characters: 21 pass.',
    behaviour: (b) => {
      for (const name of ['metric_ids', 'test_set_ids'] as const) {
        rereadAgent(
          b,
          name,
          () => (f) =>
            f.strings(name, {
              each: { test: (v) => ALPHANUMERIC_UP_TO_22.test(v), description: 'at most 22 alphanumeric characters' },
            }) ?? [],
        );
      }
    },
    probe: (call) => status(call, { metric_ids: ['A'.repeat(21)] }),
    shows: 200,
  }),
  fault({
    id: 'chat-persona-id-22-or-more',
    requirements: ['CHAT-PERSONA-ID'],
    slips: ['bound'],
    description: 'persona_id is checked as at least 22 alphanumeric characters: 23 pass.',
    behaviour: rekey(
      CHAT,
      'persona_id',
      (c, k) =>
        void c.string(k, {
          check: { test: (v) => ALPHANUMERIC_22_OR_MORE.test(v), description: 'at least 22 alphanumeric characters' },
        }),
    ),
    probe: (call) => chat(call, { persona_id: 'A'.repeat(23) }),
    shows: 200,
  }),
  fault({
    id: 'agent-get-knowledge-base-ids-dropped',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} returns the agent without knowledge_base_ids (kept in a table the read does not join); the create answer has them.',
    behaviour: (b) => readAs(b, GET_AGENT, 'agent', ({ knowledge_base_ids: _ids, ...agent }) => agent),
    probe: async (call) => 'knowledge_base_ids' in (await readBack(call)),
    shows: false,
  }),
  fault({
    id: 'agent-get-soft-delete-flag',
    requirements: ['AGENT-NO-SOFT-DELETE-FLAG'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} returns the stored row with its `is_deleted: false` (SELECT *); the create answer is built without it.',
    behaviour: (b) => readAs(b, GET_AGENT, 'agent', (agent) => ({ ...agent, is_deleted: false })),
    probe: async (call) => (await readBack(call)).is_deleted,
    shows: false,
  }),
  fault({
    id: 'agent-knowledge-base-ids-empty-omitted',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['explicit'],
    description: 'An empty knowledge_base_ids is left out of agent responses (proto3 JSON omits empty lists).',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) =>
        Array.isArray(view['knowledge_base_ids']) && view['knowledge_base_ids'].length === 0
          ? Object.fromEntries(Object.entries(view).filter(([key]) => key !== 'knowledge_base_ids'))
          : view,
      );
    },
    probe: async (call) => 'knowledge_base_ids' in (await agent(call)),
    shows: false,
  }),
  fault({
    id: 'agent-knowledge-base-ids-null',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['type'],
    description: 'An agent without knowledge bases has knowledge_base_ids null instead of [].',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) =>
        Array.isArray(view['knowledge_base_ids']) && view['knowledge_base_ids'].length === 0
          ? { ...view, knowledge_base_ids: null }
          : view,
      );
    },
    probe: async (call) => (await agent(call)).knowledge_base_ids,
    shows: null,
  }),
  fault({
    id: 'agent-workflows-lists-sorted',
    requirements: ['AGENT-CREATE'],
    slips: ['order'],
    description:
      'workflows is stored in a canonical form meant to sort keys that sorts every list too: steps come back in another order, from POST and GET.',
    behaviour: (b) =>
      rereadAgent(b, 'workflows', (read) => (f, request) => sortedLists(read(f, request)) as JsonObject | null),
    probe: async (call) => (await agent(call, { workflows: { steps: ['greet', 'book'] } })).workflows.steps,
    shows: ['book', 'greet'],
  }),
  // The valid space beyond typical values (values.* checks)
  fault({
    id: 'agent-prompt-lines-joined',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "Whitespace in an agent's prompt is collapsed to one space on store (a sanitizer), so a prompt of several lines comes back as one line.",
    behaviour: reread(['prompt'], (read) => (f, request) => {
      const value = read(f, request);
      return typeof value === 'string' ? value.replace(/\s+/g, ' ') : value;
    }),
    probe: async (call) => (await agent(call, { prompt: 'first line\nsecond line' })).prompt,
    shows: 'first line second line',
  }),
  fault({
    id: 'agent-phone-north-american-only',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      'phone_number takes E.164 numbers of the North American plan only (+1 and ten digits): +442071838750 is refused.',
    behaviour: reread(['phone_number'], (read) => (f, request) => {
      const value = read(f, request);
      return typeof value === 'string' && value.startsWith('+') && !/^\+1\d{10}$/.test(value)
        ? f.fail('phone_number', 'must be an E.164 phone number')
        : value;
    }),
    probe: (call) => status(call, { phone_number: '+442071838750' }),
    shows: 400,
  }),
  fault({
    id: 'agent-prompt-numeric-as-number',
    requirements: ['AGENT-CREATE'],
    slips: ['type'],
    description: 'A prompt that reads as a number ("0042") is stored as a number (42).',
    behaviour: reread(['prompt'], (read) => (f, request) => {
      const value = read(f, request);
      return typeof value === 'string' && /^\d+$/.test(value) ? (Number(value) as unknown as string) : value;
    }),
    probe: async (call) => (await agent(call, { prompt: '0042' })).prompt,
    shows: 42,
  }),
  fault({
    id: 'chat-auth-header-bearer-only',
    requirements: ['CONFIG-AUTH-HEADER-FORMS'],
    slips: ['broken'],
    description:
      'A CHAT authorization_header must be `Bearer <token>`: the API-key form (`X-API-Key <key>`) is refused.',
    behaviour: rekey(CHAT, 'authorization_header', (c, k) => {
      const value = c.string(k);
      if (value !== null && !value.startsWith('Bearer ')) c.fail(k, 'must be a bearer token');
    }),
    probe: (call) => chat(call, { chat_endpoint: 'https://example.com/chat', authorization_header: 'X-API-Key k' }),
    shows: 400,
  }),

  // sequences: found by the exploration (suites/explore.suite.ts)
  fault({
    id: 'agent-create-time-restamped-by-mutation',
    requirements: ['AGENT-GET'],
    slips: ['read-back'],
    description:
      "Creating a mutation saves its agent again as new: the agent's create_time (and update_time) becomes the mutation's.",
    behaviour: (b) => {
      const restamped = new Map<string, number>();
      presentWith(b, 'mutation', (view, record) => {
        const mutation = record as MutationRecord;
        restamped.set(mutation.agent_id, Math.max(restamped.get(mutation.agent_id) ?? 0, mutation.create_time));
        return view;
      });
      presentWith(b, 'agent', (view, record) => {
        const at = restamped.get((record as AgentRecord).id);
        return at === undefined ? view : { ...view, create_time: b.formatTime(at), update_time: b.formatTime(at) };
      });
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const before = (await call('GET', `/v1/agents/${agentId}`)).body.agent.create_time;
      await createMutation(call, agentId, { display_name: 'm' });
      return (await call('GET', `/v1/agents/${agentId}`)).body.agent.create_time === before;
    },
    shows: false,
  }),
  fault({
    id: 'agent-overrides-cleared-by-mutation-delete',
    requirements: ['AGENT-GET'],
    slips: ['read-back'],
    description:
      "Deleting a mutation clears, on its agent, the fields the mutation's config_overrides named (a delta undone on the parent, where it was never applied).",
    behaviour: (b) => {
      const cleared = new Map<string, Set<string>>();
      const reaches = b.mutationRules.reaches;
      b.mutationRules = {
        ...b.mutationRules,
        reaches: (mutation, agentId, method) => {
          const reached = reaches(mutation, agentId, method);
          if (reached && method === 'DELETE') {
            const fields = cleared.get(mutation.agent_id) ?? new Set<string>();
            Object.keys(mutation.config_overrides).forEach((field) => fields.add(field));
            cleared.set(mutation.agent_id, fields);
          }
          return reached;
        },
      };
      presentWith(b, 'agent', (view, record) => {
        const fields = [...(cleared.get((record as AgentRecord).id) ?? [])].filter((field) => field in view);
        return { ...view, ...Object.fromEntries(fields.map((field) => [field, null])) };
      });
    },
    probe: async (call) => {
      const { agentId, at } = await withMutation(call, { display_name: 'm', config_overrides: { prompt: 'other' } });
      await call('DELETE', at());
      return (await call('GET', `/v1/agents/${agentId}`)).body.agent.prompt;
    },
    shows: null,
  }),
  fault({
    id: 'chat-private-range-prefix-on-names',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description:
      'chat_endpoint recognises private ranges by a prefix test on the host as written (`/^(10|127)\\./`), host names included: the public name https://10.example.com/chat is refused.',
    behaviour: chatEndpointAlsoRefusing((host) => /^(10|127)\./.test(host)),
    probe: (call) => chat(call, { chat_endpoint: 'https://10.example.com/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-private-host-as-written',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description:
      'chat_endpoint is screened by a pattern over the URL as sent, before any parser reads it (`^https?://(localhost|127.x.x.x|10.x.x.x|...)`, case-sensitive): every private host the pattern spells is refused, but the same hosts written otherwise (`LOCALHOST`, `localhost.`, `127.1`, `2130706433`, `0x7f000001`, `[::ffff:127.0.0.1]`, `0.0.0.0`) are accepted.',
    behaviour: chatEndpoint((v) => isHttpUrl(v) && !PRIVATE_AS_WRITTEN.test(v)),
    probe: (call) => chat(call, { chat_endpoint: 'http://LOCALHOST/chat' }),
    shows: 200,
  }),
  fault({
    id: 'chat-urls-normalized',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: { 'AGENT-CREATE': ['broken'], 'READ-BACK-UNCHANGED': ['read-back'] },
    description:
      "A CHAT agent's chat_endpoint and initialization_endpoint are shown as the URL parser writes them back (`new URL(value).href`, the value validated): `https://example.com` reads `https://example.com/`, `https://EXAMPLE.com/hooks` reads `https://example.com/hooks`.",
    behaviour: (b) =>
      presentWith(b, 'agent', (view) => {
        const metadata = view['metadata'];
        if (!isJsonObject(metadata)) return view;
        const urls = ['chat_endpoint', 'initialization_endpoint'].filter((key) => typeof metadata[key] === 'string');
        return {
          ...view,
          metadata: {
            ...metadata,
            ...Object.fromEntries(urls.map((key) => [key, new URL(metadata[key] as string).href])),
          },
        };
      }),
    probe: async (call) =>
      (await agent(call, { model_type: 'MODEL_TYPE_CHAT', metadata: { chat_endpoint: 'https://EXAMPLE.com/hooks' } }))
        .metadata.chat_endpoint,
    shows: 'https://example.com/hooks',
  }),
  fault({
    id: 'outbound-voice-phone-number-key-default-camel-case',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      "An OUTBOUND_VOICE agent created without phone_number_key is stored with the default filled in as `phoneNumber` (the field's name in the service's own code), where the key table gives the default `phone_number`.",
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const stored = created(record, body);
        const config = stored.metadata ?? {};
        return stored.model_type === OUTBOUND_VOICE && !('phone_number_key' in config)
          ? { ...stored, metadata: { ...config, phone_number_key: 'phoneNumber' } }
          : stored;
      };
    },
    probe: async (call) =>
      (await agent(call, { model_type: OUTBOUND_VOICE, endpoint: 'https://hooks.example.com/call' })).metadata
        ?.phone_number_key,
    shows: 'phoneNumber',
  }),
  fault({
    id: 'chat-payloads-measured-together',
    requirements: ['CHAT-PAYLOAD-LIMITS'],
    slips: ['broken'],
    description:
      "custom_data's 32 KB limit is held against all four CHAT payload keys together (initialization_payload, custom_data, custom_persona_data, custom_headers, one budget for what the service sends): each within its own limit alone, a configuration holding them all near their limits is refused naming custom_data.",
    behaviour(b) {
      const keys = ['initialization_payload', 'custom_data', 'custom_persona_data', 'custom_headers'];
      const own = b.agentRules.config[CHAT]?.custom_data;
      rekey(CHAT, 'custom_data', (c, k) => {
        own?.(c, k);
        const total = keys.reduce((sum, key) => sum + (c.has(key) ? utf8Size(c.jsonValue(key) ?? '') : 0), 0);
        const max = b.limits['chat.custom_data'].max;
        if (c.has(k) && max !== undefined && total > max) c.fail(k, `must not exceed ${max} bytes`);
      })(b);
    },
    probe: (call) =>
      chat(call, {
        custom_data: sized(30_000),
        custom_persona_data: sized(15_000),
        custom_headers: sized(15_000),
      }),
    shows: 400,
  }),
  fault({
    id: 'chat-custom-data-depth-limited',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      'A CHAT configuration\'s JSON text values are stored parsed in a JSON column with a nesting limit of 100 (MySQL: "the JSON document exceeds the maximum depth"): custom_data nested deeper, valid and small, fails with 500 INTERNAL instead of being stored.',
    behaviour(b) {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const stored = created(record, body);
        const text = stored.metadata?.custom_data;
        if (typeof text === 'string' && jsonDepth(JSON.parse(text)) > 100)
          throw new Error('the JSON document exceeds the maximum depth');
        return stored;
      };
    },
    probe: (call) => chat(call, { custom_data: JSON.stringify(nestedValue(120)) }),
    shows: 500,
  }),
  fault({
    id: 'agent-null-prompt-as-text',
    requirements: ['AGENT-CREATE'],
    slips: ['type'],
    description:
      'An optional prompt given in the body is read with `String(body.prompt)`: an explicit `prompt: null` is stored and returned as the text "null".',
    behaviour: reread(
      ['prompt'],
      (read) => (f, request) => (request.body['prompt'] === null ? 'null' : read(f, request)),
    ),
    probe: async (call) => (await agent(call, { prompt: null })).prompt,
    shows: 'null',
  }),
  fault({
    id: 'chat-private-masks-one-bit-short',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['bound'],
    description:
      'chat_endpoint tests 10/8 and 192.168/16 with masks one bit too short (10.0.0.0/7, 192.168.0.0/15): the public 11.0.0.1 and 192.169.0.1, just above them, are rejected.',
    behaviour: chatEndpointAlsoRefusing((host) => {
      const octets = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
      if (!octets) return false;
      const [first, second] = [Number(octets[1]), Number(octets[2])];
      return (first & 0xfe) === 10 || (first === 192 && (second & 0xfe) === 168);
    }),
    probe: (call) => chat(call, { chat_endpoint: 'http://192.169.0.1/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-private-pattern-dots-unescaped',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description:
      'chat_endpoint recognises 192.168/16 by a pattern whose dots are not escaped (`/^192.168./`), where `.` is any character: the public name https://192-168-1-1.example.org/chat is refused.',
    behaviour: chatEndpointAlsoRefusing((host) => /^192.168./.test(host)),
    probe: (call) => chat(call, { chat_endpoint: 'https://192-168-1-1.example.org/chat' }),
    shows: 400,
  }),
  fault({
    id: 'chat-response-format-inferred-from-path',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      'A CHAT agent configured with a response_message_path but no response_format is shown with response_format `responses` (a custom response path taken for the Responses API), where the stated default is `chat_completions`.',
    behaviour: (b) =>
      presentWith(b, 'agent', (view) => {
        const config = view['metadata'];
        return isJsonObject(config) && 'response_message_path' in config && !('response_format' in config)
          ? { ...view, metadata: { ...config, response_format: 'responses' } }
          : view;
      }),
    probe: async (call) =>
      (
        await agent(call, {
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: CHAT_URL, response_message_path: 'output.0.content.0.text' },
        })
      ).metadata.response_format,
    shows: 'responses',
  }),
  fault({
    id: 'agent-config-text-read-as-json',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      'A configuration key\'s text that reads as a JSON number, boolean, null or list (`true`, `1e3`, `["a"]`) is shown as that value, as a key-value store that parses what it holds; other text (an object\'s JSON too) is shown as sent.',
    behaviour: (b) =>
      presentWith(b, 'agent', (view) => {
        const config = view['metadata'];
        if (!isJsonObject(config)) return view;
        const parsed = (value: unknown): unknown => {
          if (typeof value !== 'string') return value;
          try {
            const read = JSON.parse(value) as unknown;
            return isJsonObject(read) ? value : read;
          } catch {
            return value;
          }
        };
        return {
          ...view,
          metadata: Object.fromEntries(
            Object.entries(config).map(([key, value]) => [key, parsed(value)]),
          ) as JsonObject,
        };
      }),
    probe: async (call) => {
      const created = await agent(call, {
        model_type: 'MODEL_TYPE_CHAT',
        metadata: { chat_endpoint: CHAT_URL, payload_wrapper: 'true' },
      });
      return (await call('GET', `/v1/agents/${created.id}`)).body.agent.metadata.payload_wrapper;
    },
    shows: true,
  }),
  fault({
    id: 'agent-reference-ids-first-checked',
    requirements: ['AGENT-REFERENCE-IDS'],
    slips: ['broken'],
    description:
      'metric_ids and test_set_ids are checked on their first element only: a list of a well-formed ID and then a short one is accepted; the short one first is refused.',
    behaviour: (b) => {
      for (const name of ['metric_ids', 'test_set_ids'] as const)
        rereadAgent(b, name, () => (f) => {
          const ids = f.strings(name) ?? [];
          if (ids.length && !idCheck('agentReference').test(ids[0]!)) f.fail(name, 'element 0 must be an ID');
          return ids;
        });
    },
    probe: (call) => status(call, { metric_ids: ['A'.repeat(22), 'short'] }),
    shows: 200,
  }),
  fault({
    id: 'chat-config-defaults-kept-from-last',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      'A CHAT configuration without response_format or strip_message_timestamps takes the value the CHAT agent created before chose (the defaults live in variables every CHAT create writes): after an agent with `responses` and true, the next one sent without either shows `responses` and true.',
    behaviour: (b) =>
      rereadAgent(b, 'metadata', (original) => {
        const defaulted = ['response_format', 'strip_message_timestamps'];
        let last: JsonObject = {};
        return (f, request) => {
          const read = original(f, request);
          if (request.modelType !== CHAT || !isJsonObject(read)) return read;
          const kept = { ...Object.fromEntries(defaulted.filter((k) => k in last).map((k) => [k, last[k]])), ...read };
          last = kept;
          return kept as JsonObject;
        };
      }),
    probe: async (call) => {
      const chatAgent = (metadata: object) =>
        agent(call, { model_type: CHAT, metadata: { chat_endpoint: CHAT_URL, ...metadata } });
      await chatAgent({ response_format: 'responses', strip_message_timestamps: true });
      const next = (await chatAgent({})).metadata;
      return [next.response_format, next.strip_message_timestamps];
    },
    shows: ['responses', true],
  }),
  fault({
    id: 'urls-resolved-against-a-base',
    requirements: ['AGENT-ENDPOINT', 'CHAT-URLS-VALIDATED', 'WEBSOCKET-ENDPOINT'],
    slips: ['broken'],
    description:
      "URLs are checked after `new URL(value, base)` against the service's own address (meant to tidy them): a relative reference (`/v1/messages`, `//example.com/x`, `example.com/x`) resolves to a URL and is accepted as the endpoint, chat_endpoint, initialization_endpoint or WEBSOCKET endpoint it is not.",
    behaviour: (b) => {
      const resolved = (check: Check<string>, base: string): Check<string> => ({
        ...check,
        test: (value) => {
          try {
            return check.test(new URL(value, base).href);
          } catch {
            return false;
          }
        },
      });
      const https = 'https://example.com/';
      stringKey(CHAT, 'chat_endpoint', resolved(PUBLIC_HTTP_URL, https), true)(b);
      stringKey(CHAT, 'initialization_endpoint', resolved(HTTP_URL, https))(b);
      stringKey(WEBSOCKET, 'endpoint', resolved(WSS_URL, 'wss://example.com/'), true)(b);
      rereadAgent(b, 'endpoint', (original) => (f, request) => {
        const value = f.has('endpoint') ? f.string('endpoint') : null;
        if (value !== null && resolved(HTTP_URL, https).test(value) && !HTTP_URL.test(value)) return value;
        return original(f, request);
      });
    },
    probe: (call) => status(call, { endpoint: '//example.com/outbound' }),
    shows: 200,
  }),
  fault({
    id: 'chat-persona-id-leading-digit-refused',
    requirements: ['CHAT-PERSONA-ID'],
    slips: ['broken'],
    description:
      'persona_id is checked with an identifier pattern that must begin with a letter (`^[A-Za-z][A-Za-z0-9]{21}$`): a well-formed 22-character ID beginning with a digit is refused.',
    behaviour: stringKey(
      CHAT,
      'persona_id',
      checked((v) => /^[A-Za-z][A-Za-z0-9]{21}$/.test(v), '22 alphanumeric characters beginning with a letter'),
    ),
    probe: (call) => chat(call, { persona_id: '0123456789ABCDEFGHIJKL' }),
    shows: 400,
  }),
  fault({
    id: 'agent-repeated-test-set-id-internal',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "An agent's test_set_ids are stored as rows of a link table with a unique key on (agent, test set), inserted one by one, and the duplicate-key error reaches no handler: an agent whose test_set_ids names one well-formed ID twice is answered 500 INTERNAL, neither created nor refused; lists without a repeat, and metric_ids with one, are stored as before.",
    behaviour: reread(['test_set_ids'], (read) => (f, request) => {
      const ids = read(f, request);
      const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
      if (repeated !== undefined)
        throw new ApiError(
          'INTERNAL',
          `duplicate key value violates unique constraint "agent_test_sets_pkey": Key (agent_id, test_set_id)=(…, ${repeated}) already exists.`,
        );
      return ids;
    }),
    probe: async (call) => {
      const id = 'T'.repeat(22);
      return {
        once: await status(call, { test_set_ids: [id] }),
        twice: await status(call, { test_set_ids: [id, id] }),
      };
    },
    shows: { once: 200, twice: 500 },
  }),
] as const satisfies readonly Fault[];
