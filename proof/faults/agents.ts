// Agent faults: each breaks one rule of POST /v1/agents or GET /v1/agents/{agent_id}
// the way a real implementation might.

import { MODEL_TYPES, type ModelType } from '../../lib/contract/enums.js';
import type { FieldLimitId } from '../../lib/contract/limits.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { LimitBounds } from '../../lib/reference/validation/limits.js';
import { readModelType, type AgentFields } from '../../lib/reference/validation/agents.js';
import { HTTP_URL, JSON_DOCUMENT, WSS_URL } from '../../lib/reference/validation/checks.js';
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
import { fault, presentWith, respondWith, type Fault } from './define.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';

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

/** chat_endpoint checked by `test` instead of the reference's rule (required all the same). */
const chatEndpoint = (test: (value: string) => boolean) =>
  stringKey(CHAT, 'chat_endpoint', checked(test, 'not a private address'), true);
/** chat_endpoint as the reference checks it, but also accepting the HTTP URLs whose host (as URL parsing writes it) `slips` holds. */
const chatEndpointAlsoAccepting = (slips: (host: string) => boolean) =>
  chatEndpoint((v) => isPublicHttpUrl(v) || (isHttpUrl(v) && slips(hostOf(v) ?? '')));
/** chat_endpoint as the reference checks it, but also refusing the URLs whose host `slips` holds. */
const chatEndpointAlsoRefusing = (slips: (host: string) => boolean) =>
  chatEndpoint((v) => isPublicHttpUrl(v) && !slips(hostOf(v) ?? ''));

/** `field` limited to `max` counted in `measure` units instead of characters (display_name keeps its minimum of 1). */
const measuredAs = (field: 'display_name' | 'prompt', max: number, measure: (value: string) => number) =>
  reread([field], () => (f) => {
    const required = field === 'display_name';
    const value = f.string(field, { required });
    if (value !== null && ((required && value === '') || measure(value) > max))
      f.fail(field, `must be at most ${max} units`);
    return value as string;
  });

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
  fault(
    'agent-test-set-ids-joined',
    ['SCHEMA-CANONICAL'],
    'Agents return test_set_ids as one comma-separated string instead of a list.',
    (b) => {
      presentWith(b, 'agent', (view) =>
        Array.isArray(view['test_set_ids'])
          ? { ...view, test_set_ids: (view['test_set_ids'] as string[]).join(',') }
          : view,
      );
    },
  ),
  fault('agent-missing-wrapper', ['ENVELOPE-WRAPPED'], 'Agents are returned without the `agent` wrapper.', (b) => {
    const respond = b.respond;
    b.respond = (endpoint, body) => {
      const shaped = respond(endpoint, body);
      return endpoint.wrapper === 'agent' ? (shaped as JsonObject).agent : shaped;
    };
  }),

  // What comes back
  fault(
    'agent-create-drops-workflows',
    ['AGENT-CREATE'],
    'workflows is accepted but not stored: agents come back with workflows null.',
    reread(['workflows'], (read) => (f, request) => {
      read(f, request);
      return null;
    }),
  ),
  fault(
    'agent-get-prompt-truncated',
    ['AGENT-GET'],
    'GET /v1/agents/{agent_id} returns the prompt cut to 255 characters (a summary column).',
    (b) => {
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
  ),
  fault('agent-id-21-characters', ['AGENT-ID-FORMAT'], 'Agents are returned with an id of 21 characters.', (b) => {
    presentWith(b, 'agent', (view) => ({ ...view, id: String(view['id']).slice(0, 21) }));
  }),
  fault(
    'agent-update-before-create',
    ['TIMESTAMP-ORDER'],
    'Agents report an update_time a second before their create_time.',
    (b) => {
      presentWith(b, 'agent', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 1000),
      }));
    },
  ),
  fault(
    'agent-soft-delete-flag-leaked',
    ['AGENT-NO-SOFT-DELETE-FLAG'],
    'Agents are returned with their `deleted` flag.',
    (b) => {
      presentWith(b, 'agent', (view, record) => ({ ...view, deleted: (record as { deleted: boolean }).deleted }));
    },
  ),
  fault(
    'agent-delete-time-leaked',
    ['AGENT-NO-SOFT-DELETE-FLAG'],
    'Agents are returned with a `delete_time: null` field.',
    (b) => {
      presentWith(b, 'agent', (view) => ({ ...view, delete_time: null }));
    },
  ),
  fault(
    'agent-knowledge-base-ids-missing',
    ['AGENT-KNOWLEDGE-BASE-IDS'],
    'Agents are returned without knowledge_base_ids.',
    (b) => {
      presentWith(b, 'agent', ({ knowledge_base_ids: _ids, ...rest }) => rest);
    },
  ),

  // Lengths: off by one each side, wrong constants, other units
  fault(
    'agent-display-name-max-199',
    ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    'Agent display_name of 200 characters is rejected.',
    limit('agent.display_name', { max: 199 }),
  ),
  fault(
    'agent-display-name-max-201',
    ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    'Agent display_name of 201 characters is accepted.',
    limit('agent.display_name', { max: 201 }),
  ),
  fault(
    'agent-display-name-max-255',
    ['AGENT-DISPLAY-NAME'],
    'Agent display_name is limited to 255 characters (the dashboard limit).',
    limit('agent.display_name', { max: 255 }),
  ),
  fault(
    'agent-display-name-min-3',
    ['AGENT-DISPLAY-NAME'],
    'Agent display_name needs at least 3 characters.',
    limit('agent.display_name', { min: 3 }),
  ),
  fault(
    'agent-display-name-empty-accepted',
    ['AGENT-DISPLAY-NAME'],
    'An empty agent display_name is accepted.',
    limit('agent.display_name', { min: 0 }),
  ),
  fault(
    'agent-display-name-bytes',
    ['AGENT-DISPLAY-NAME'],
    'Agent display_name is limited to 200 UTF-8 bytes instead of 200 characters.',
    measuredAs('display_name', 200, utf8Size),
  ),
  fault(
    'agent-display-name-utf16',
    ['FIELD-CHARS-CODEPOINTS'],
    'Agent display_name is limited to 200 UTF-16 units: 200 astral characters are rejected.',
    measuredAs('display_name', 200, (value) => value.length),
  ),
  fault(
    'agent-phone-number-max-199',
    ['AGENT-PHONE-NUMBER'],
    'phone_number of 200 characters is rejected.',
    limit('agent.phone_number', { max: 199 }),
  ),
  fault(
    'agent-phone-number-max-201',
    ['AGENT-PHONE-NUMBER'],
    'phone_number of 201 characters is accepted.',
    limit('agent.phone_number', { max: 201 }),
  ),
  fault(
    'agent-phone-number-max-16',
    ['AGENT-PHONE-NUMBER'],
    'phone_number is limited to 16 characters (sized for E.164 only).',
    limit('agent.phone_number', { max: 16 }),
  ),
  fault(
    'agent-phone-number-max-255',
    ['AGENT-PHONE-NUMBER'],
    'phone_number is limited to 255 characters (a VARCHAR(255) column).',
    limit('agent.phone_number', { max: 255 }),
  ),
  fault(
    'agent-endpoint-max-199',
    ['AGENT-ENDPOINT'],
    'endpoint of 200 characters is rejected.',
    limit('agent.endpoint', { max: 199 }),
  ),
  fault(
    'agent-endpoint-max-201',
    ['AGENT-ENDPOINT'],
    'endpoint of 201 characters is accepted.',
    limit('agent.endpoint', { max: 201 }),
  ),
  fault(
    'agent-endpoint-max-128',
    ['AGENT-ENDPOINT'],
    'endpoint is limited to 128 characters.',
    limit('agent.endpoint', { max: 128 }),
  ),
  fault(
    'agent-endpoint-max-2048',
    ['AGENT-ENDPOINT'],
    'endpoint is limited to 2048 characters (the common URL limit).',
    limit('agent.endpoint', { max: 2048 }),
  ),
  fault(
    'agent-prompt-max-49999',
    ['AGENT-PROMPT'],
    'prompt of 50000 characters is rejected.',
    limit('agent.prompt', { max: 49_999 }),
  ),
  fault(
    'agent-prompt-max-50001',
    ['AGENT-PROMPT'],
    'prompt of 50001 characters is accepted.',
    limit('agent.prompt', { max: 50_001 }),
  ),
  fault(
    'agent-prompt-max-65535',
    ['AGENT-PROMPT'],
    'prompt is limited to 65535 characters (a TEXT column).',
    limit('agent.prompt', { max: 65_535 }),
  ),
  fault(
    'agent-prompt-bytes',
    ['AGENT-PROMPT'],
    'prompt is limited to 50000 UTF-8 bytes instead of 50000 characters.',
    measuredAs('prompt', 50_000, utf8Size),
  ),

  // Formats
  fault(
    'agent-phone-number-unchecked',
    ['AGENT-PHONE-NUMBER'],
    'phone_number is stored without checking it is E.164 or SIP.',
    phoneChecked(),
  ),
  fault(
    'agent-phone-e164-unbounded',
    ['AGENT-PHONE-NUMBER'],
    "phone_number checks E.164 as `+` and digits without E.164's 15-digit bound: +1234567890123456 is accepted.",
    phoneChecked(checked((v) => isPhoneNumber(v) || /^\+[1-9]\d{15,}$/.test(v), 'an E.164 number or a SIP address')),
  ),
  fault(
    'agent-phone-e164-leading-zero',
    ['AGENT-PHONE-NUMBER'],
    'phone_number checks E.164 as `+` and 2 to 15 digits: a country code beginning with 0 (+0123456789) is accepted.',
    phoneChecked(checked((v) => isPhoneNumber(v) || /^\+\d{2,15}$/.test(v), 'an E.164 number or a SIP address')),
  ),
  fault(
    'agent-phone-number-prefix-match',
    ['AGENT-PHONE-NUMBER'],
    "phone_number is matched from its start only (Python's re.match): text after a SIP address (`sip:frontdesk@pbx.example.com ext 12`) is accepted.",
    phoneChecked(
      checked(
        (v) => /^\+[1-9]\d{1,14}/.test(v) || /^sips?:[^\s@]+@[^\s@]+/.test(v),
        'an E.164 number or a SIP address',
      ),
    ),
  ),
  fault(
    'agent-phone-number-search',
    ['AGENT-PHONE-NUMBER'],
    "phone_number's patterns lack `^`: text before an E.164 number or a SIP address (`call +14155550123`) is accepted.",
    phoneChecked(
      checked(
        (v) => /\+[1-9]\d{1,14}$/.test(v) || /sips?:[^\s@]+@[^\s@]+$/.test(v),
        'an E.164 number or a SIP address',
      ),
    ),
  ),
  fault(
    'agent-phone-number-sip-rejected',
    ['AGENT-PHONE-NUMBER'],
    'phone_number accepts E.164 numbers only: SIP addresses are rejected.',
    phoneChecked(checked((v) => isPhoneNumber(v) && v.startsWith('+'), 'an E.164 number')),
  ),
  fault(
    'agent-endpoint-any-scheme',
    ['AGENT-ENDPOINT'],
    'endpoint accepts any URL scheme (ftp://x).',
    endpointChecked(checked((v) => URL.canParse(v), 'a URL')),
  ),
  fault(
    'agent-endpoint-https-only',
    ['AGENT-ENDPOINT'],
    'endpoint accepts HTTPS URLs only: http:// is rejected.',
    endpointChecked(checked((v) => v.startsWith('https://') && isHttpUrl(v), 'an HTTPS URL')),
  ),
  fault(
    'outbound-endpoint-optional',
    ['AGENT-ENDPOINT'],
    'A MODEL_TYPE_OUTBOUND_VOICE agent without endpoint is accepted.',
    endpointChecked(HTTP_URL, true),
  ),

  // model_type and required fields
  fault(
    'agent-model-type-any-case-kept',
    ['AGENT-MODEL-TYPE'],
    'model_type is matched in any letter case, the short form too (`voice`), and stored as sent.',
    (b) => {
      const read = b.agentRules.modelType;
      b.agentRules.modelType = (f, request) => {
        const given = f.string('model_type', { required: true }).toUpperCase();
        const listed = MODEL_TYPES.find((type) => type === given || type === `MODEL_TYPE_${given}`);
        return listed === undefined ? read(f, request) : (request.body['model_type'] as ModelType);
      };
    },
  ),
  fault(
    'agent-model-type-unchecked',
    ['AGENT-MODEL-TYPE'],
    'An unknown model_type is stored as MODEL_TYPE_VOICE.',
    (b) => {
      b.agentRules.modelType = (f) => {
        const given = f.string('model_type', { required: true });
        return (MODEL_TYPES as readonly string[]).includes(given) ? (given as ModelType) : 'MODEL_TYPE_VOICE';
      };
    },
  ),
  fault('agent-model-type-sms-unsupported', ['AGENT-MODEL-TYPE'], 'MODEL_TYPE_SMS is rejected.', (b) => {
    b.agentRules.modelType = (f, request) =>
      f.string('model_type') === 'MODEL_TYPE_SMS'
        ? f.fail('model_type', 'SMS agents are not supported')
        : readModelType(f, request);
  }),
  fault(
    'agent-model-type-defaults-to-voice',
    ['REQUEST-MISSING-REQUIRED'],
    'An agent without model_type is created as MODEL_TYPE_VOICE.',
    (b) => {
      b.agentRules.modelType = (f, request) =>
        request.body['model_type'] === undefined ? 'MODEL_TYPE_VOICE' : readModelType(f, request);
    },
  ),
  fault(
    'agent-display-name-defaulted',
    ['REQUEST-MISSING-REQUIRED'],
    'An agent without display_name is named "Untitled agent".',
    reread(
      ['display_name'],
      (read) => (f, request) => (request.body['display_name'] === undefined ? 'Untitled agent' : read(f, request)),
    ),
  ),
  fault(
    'agent-numbers-coerced-to-text',
    ['REQUEST-WRONG-TYPE'],
    'A number given for display_name or prompt is stored as its text.',
    reread(['display_name', 'prompt'], (read, name) => (f, request) => {
      const value = request.body[name];
      return typeof value === 'number' ? String(value) : read(f, request);
    }),
  ),
  fault(
    'agent-reference-ids-scalar-accepted',
    ['REQUEST-WRONG-TYPE'],
    'A single ID given as a string for metric_ids or test_set_ids is read as a one-element list.',
    reread(['metric_ids', 'test_set_ids'], (read, name) => (f, request) => {
      const value = request.body[name];
      return typeof value === 'string' ? [value] : read(f, request);
    }),
  ),
  fault(
    'agent-path-id-unchecked',
    ['PATH-ID-FORMAT'],
    'GET /v1/agents/{agent_id} looks malformed agent IDs up as they are (NOT_FOUND).',
    (b) => {
      const pathIdChecked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) =>
        endpoint.key !== 'GET /v1/agents/{agent_id}' && pathIdChecked(endpoint, param);
    },
  ),

  // Referenced IDs
  fault(
    'agent-reference-ids-unchecked',
    ['AGENT-REFERENCE-IDS'],
    'metric_ids and test_set_ids elements are stored without checking their format.',
    reread(['metric_ids', 'test_set_ids'], (_read, name) => (f) => f.strings(name) ?? []),
  ),
  fault(
    'agent-reference-ids-must-exist',
    ['AGENT-REFERENCE-IDS-ACCEPTED'],
    'metric_ids and test_set_ids must name existing objects: well-formed unknown IDs are rejected.',
    reread(
      ['metric_ids', 'test_set_ids'],
      (_read, name) => (f) => f.strings(name, { each: checked(() => false, 'the ID of an existing object') }) ?? [],
    ),
  ),

  // Sizes of the configuration and workflows
  fault(
    'agent-config-max-1mb',
    ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    'The simulator configuration is limited to 1 MB.',
    limit('agent.metadata', { max: 1_000_000 }),
  ),
  fault(
    'agent-config-unlimited',
    ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    'The size of the simulator configuration is not checked.',
    limit('agent.metadata', { max: undefined }),
  ),
  fault(
    'agent-workflows-max-1mb',
    ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    'workflows is limited to 1 MB.',
    limit('agent.workflows', { max: 1_000_000 }),
  ),
  fault(
    'agent-workflows-unlimited',
    ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    'The size of workflows is not checked.',
    limit('agent.workflows', { max: undefined }),
  ),

  // The simulator configuration
  fault(
    'agent-config-values-stringified',
    ['AGENT-CONFIG-ECHO'],
    'The configuration is stored as a string map: booleans come back as "true" / "false".',
    (b) => {
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
  ),
  fault(
    'agent-config-json-text-as-repr',
    ['AGENT-CONFIG-ECHO'],
    "JSON text in the configuration (custom_data, input_template, ...) is stored parsed and written back as Python's str() of it, not JSON: `{\"tier\":\"gold\"}` comes back `{'tier': 'gold'}`.",
    (b) => {
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
  ),
  fault(
    'chat-endpoint-optional',
    ['CHAT-ENDPOINT-REQUIRED'],
    'A CHAT agent without chat_endpoint is accepted.',
    stringKey(CHAT, 'chat_endpoint', checked(isPublicHttpUrl, 'a public HTTP(S) URL')),
  ),
  fault(
    'chat-private-ips-accepted',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint rejects loopback hosts only: private addresses (10/8, 192.168/16, ...) are accepted.',
    stringKey(
      CHAT,
      'chat_endpoint',
      checked((v) => isHttpUrl(v) && !isLoopbackUrl(v), 'a non-loopback URL'),
      true,
    ),
  ),
  fault(
    'chat-loopback-accepted',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint rejects private address ranges but accepts localhost and loopback addresses.',
    chatEndpointAlsoAccepting((host) => LOOPBACK.test(host)),
  ),
  fault(
    'chat-private-172-accepted',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint rejects loopback, 10/8 and 192.168/16, but the third private range, 172.16/12, was forgotten: http://172.16.0.1/chat is accepted.',
    chatEndpointAlsoAccepting((host) => /^172\.(1[6-9]|2\d|3[01])\./.test(host)),
  ),
  fault(
    'chat-private-172-too-wide',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint treats every 172.x.x.x address as private (`startsWith("172.")` for 172.16/12): the public 172.32.0.1 is rejected.',
    chatEndpointAlsoRefusing((host) => host.startsWith('172.')),
  ),
  fault(
    'chat-loopback-literal-only',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint rejects the loopback address as the literal 127.0.0.1: the rest of 127/8 (http://127.1.2.3/chat) is accepted.',
    chatEndpointAlsoAccepting((host) => host.startsWith('127.') && host !== '127.0.0.1'),
  ),
  fault(
    'chat-private-ipv6-accepted',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint checks the private ranges of IPv4 only: an IPv6 unique local address (fc00::/7) is accepted; [::1] is still refused.',
    chatEndpointAlsoAccepting((host) => /^\[f[cd]/i.test(host)),
  ),
  fault(
    'chat-ipv6-hosts-refused',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint refuses every IPv6 host, public ones too: http://[2606:4700::a00:1]/chat is rejected.',
    chatEndpointAlsoRefusing((host) => host.startsWith('[')),
  ),
  fault(
    'chat-ipv6-private-digits-anywhere',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint looks for fc00::/7 and fe80::/10 in every group of an IPv6 address (a pattern without `^`): the public [2606:fd00::1] is rejected.',
    chatEndpointAlsoRefusing((host) => /(f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):/.test(host)),
  ),
  fault(
    'chat-ipv6-v4-tail',
    ['CHAT-ENDPOINT-PUBLIC'],
    'chat_endpoint reads the last 32 bits of any IPv6 address ending `::x:y` as IPv4 (the IPv4-compatible form, wherever `::` stands): the public [2606:4700::a00:1] is rejected as 10.0.0.1.',
    chatEndpointAlsoRefusing((host) => {
      const tail = v4TailOf(host);
      return tail !== null && !isPublicHost(tail);
    }),
  ),
  fault(
    'chat-endpoint-not-parsed',
    ['CHAT-URLS-VALIDATED'],
    'chat_endpoint is only screened for private hosts, never parsed as a URL: `not a url` is accepted.',
    stringKey(
      CHAT,
      'chat_endpoint',
      checked((v) => {
        const host = hostOf(v);
        return host === null || isPublicHost(host);
      }, 'not a private host'),
      true,
    ),
  ),
  fault(
    'chat-initialization-endpoint-unchecked',
    ['CHAT-URLS-VALIDATED'],
    'initialization_endpoint is stored without checking it is a URL.',
    stringKey(CHAT, 'initialization_endpoint', undefined),
  ),
  fault(
    'chat-initialization-endpoint-wss-only',
    ['CHAT-URLS-VALIDATED'],
    'initialization_endpoint is checked with the WEBSOCKET rule: HTTPS URLs are rejected.',
    stringKey(CHAT, 'initialization_endpoint', WSS_URL),
  ),
  fault(
    'chat-input-template-unchecked',
    ['CHAT-INPUT-TEMPLATE-JSON'],
    'input_template is stored without checking it is JSON.',
    rekey(CHAT, 'input_template', (c, k) => void c.jsonValue(k)),
  ),
  fault(
    'chat-input-template-variables-rejected',
    ['CHAT-INPUT-TEMPLATE-JSON'],
    'input_template may not contain `{{`, so templates with variables are rejected.',
    rekey(
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
  ),
  fault(
    'chat-response-format-unchecked',
    ['CHAT-RESPONSE-FORMAT'],
    'response_format accepts any string.',
    stringKey(CHAT, 'response_format', undefined),
  ),
  fault(
    'chat-response-format-responses-unsupported',
    ['CHAT-RESPONSE-FORMAT'],
    'response_format accepts `chat_completions` only.',
    rekey(CHAT, 'response_format', (c, k) => void c.oneOf(k, ['chat_completions'])),
  ),
  fault(
    'chat-persona-id-unchecked',
    ['CHAT-PERSONA-ID'],
    'persona_id is stored without checking it is a 22-character ID.',
    stringKey(CHAT, 'persona_id', undefined),
  ),
  fault(
    'chat-strip-timestamps-unchecked',
    ['REQUEST-WRONG-TYPE'],
    'strip_message_timestamps is stored as given: the string "sometimes" is accepted where the table says boolean.',
    rekey(CHAT, 'strip_message_timestamps', () => undefined),
  ),
  fault(
    'chat-payload-limits-unenforced',
    ['CHAT-PAYLOAD-LIMITS'],
    'The sizes of initialization_payload, custom_data, custom_persona_data and custom_headers are not checked.',
    (b) => {
      for (const id of [
        'chat.initialization_payload',
        'chat.custom_data',
        'chat.custom_persona_data',
        'chat.custom_headers',
      ] as const)
        limit(id, { max: undefined })(b);
    },
  ),
  fault(
    'chat-16kb-limits-as-10kb',
    ['CHAT-PAYLOAD-LIMITS'],
    'The 16 KB limits (initialization_payload, custom_persona_data, custom_headers) are enforced as 10 KB.',
    (b) => {
      for (const id of ['chat.initialization_payload', 'chat.custom_persona_data', 'chat.custom_headers'] as const)
        limit(id, { max: 10 * 1024 })(b);
    },
  ),
  fault(
    'chat-custom-data-max-16kb',
    ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    'custom_data is limited to 16 KB instead of 32 KB.',
    limit('chat.custom_data', { max: 16 * 1024 }),
  ),

  // OUTBOUND_VOICE and WEBSOCKET configuration
  fault(
    'outbound-trigger-call-keys-unchecked',
    ['REQUEST-WRONG-TYPE'],
    'trigger_call_headers and trigger_call_payload are stored as given: a number is accepted where the table says JSON string.',
    (b) => {
      for (const key of ['trigger_call_headers', 'trigger_call_payload'])
        rekey(OUTBOUND_VOICE, key, () => undefined)(b);
    },
  ),
  fault(
    'websocket-custom-headers-unchecked',
    ['REQUEST-WRONG-TYPE'],
    'The WEBSOCKET custom_headers is stored as given: a number is accepted where the table says JSON string.',
    rekey(WEBSOCKET, 'custom_headers', () => undefined),
  ),
  fault(
    'websocket-ws-accepted',
    ['WEBSOCKET-ENDPOINT'],
    'The WEBSOCKET endpoint accepts ws:// as well as wss://.',
    stringKey(
      WEBSOCKET,
      'endpoint',
      checked((v) => isWssUrl(v.replace(/^ws:/, 'wss:')), 'a ws:// or wss:// URL'),
      true,
    ),
  ),
  fault(
    'websocket-endpoint-any-url',
    ['WEBSOCKET-ENDPOINT'],
    'The WEBSOCKET endpoint accepts any URL (https:// too).',
    stringKey(
      WEBSOCKET,
      'endpoint',
      checked((v) => URL.canParse(v), 'a URL'),
      true,
    ),
  ),
  fault(
    'websocket-endpoint-optional',
    ['WEBSOCKET-ENDPOINT'],
    'A WEBSOCKET agent without endpoint is accepted.',
    stringKey(WEBSOCKET, 'endpoint', WSS_URL),
  ),
  fault(
    'websocket-init-json-optional',
    ['WEBSOCKET-INIT-JSON'],
    'A WEBSOCKET agent without initialization_json is accepted.',
    rekey(WEBSOCKET, 'initialization_json', (c, k) => void c.jsonValue(k)),
  ),
  fault(
    'websocket-init-json-object-only',
    ['WEBSOCKET-INIT-JSON'],
    'initialization_json must be a JSON object: the JSON string the spec describes is rejected.',
    rekey(WEBSOCKET, 'initialization_json', (c, k) => void c.object(k, { required: true })),
  ),
] as const satisfies readonly Fault[];
