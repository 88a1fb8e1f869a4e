// Agents: the rules of each field of POST /v1/agents. Lengths (display_name, prompt,
// phone_number, endpoint), formats, model types, referenced IDs, and the size of the
// JSON fields. Every display name carries the run marker (agents cannot be deleted).

import { backtrackingValueChecks } from '../lib/families/backtracking.js';
import { MODEL_TYPES } from '../lib/contract/enums.js';
import { ID_RULES } from '../lib/contract/ids.js';
import { agentLengthLimit, expectAgent, expectAgentCreated } from '../lib/families/agents.js';
import {
  asAbsoluteUrl,
  asListed,
  expectRefusedOrRecognised,
  lineBreakChecks,
  repeatedEntriesCheck,
  ruledListChecks,
} from '../lib/families/invalid-field.js';
import { lengthLimitChecks } from '../lib/families/length-limits.js';
import {
  emptyRequiredUnderEachValueChecks,
  invalidUnderEachValueChecks,
  madeOfListedChecks,
  requiredUnderEachValueChecks,
} from '../lib/families/values/enumerated.js';
import { configField } from '../lib/families/simulator-config.js';
import {
  byteLimitSizes,
  FORMATTED_VALUES,
  fullestAgentBody,
  jsonObjectOfSize,
  typedAgentBody,
} from '../lib/gen/agent-bodies.js';
import { PUBLIC_WEBHOOK_URL, RELATIVE_URLS } from '../lib/gen/bodies.js';
import { alnum, nearMissIds } from '../lib/gen/ids.js';
import { check, describeGroup, type CheckContext } from '../lib/harness/index.js';
import { checkIdOf } from '../lib/result/check-id.js';
import type { JsonObject } from '../lib/util/json.js';

const WRITES = { writes: true } as const;
const BIG = { writes: true, timeout: 120_000, heavy: true } as const;

/** The JSON fields limited in size: the simulator configuration (under the field the target takes) and workflows. */
const SIZED = [
  { what: 'a simulator configuration', limit: 'agent.metadata', field: configField },
  { what: 'workflows', limit: 'agent.workflows', field: async () => 'workflows' },
] as const;

describeGroup('agents', () => {
  lengthLimitChecks(agentLengthLimit({ field: 'display_name', requirement: 'AGENT-DISPLAY-NAME' }));
  lengthLimitChecks(agentLengthLimit({ field: 'prompt', requirement: 'AGENT-PROMPT' }));
  lengthLimitChecks(
    agentLengthLimit({
      field: 'phone_number',
      requirement: 'AGENT-PHONE-NUMBER',
      format: FORMATTED_VALUES.phone_number,
    }),
  );
  lengthLimitChecks(
    agentLengthLimit({ field: 'endpoint', requirement: 'AGENT-ENDPOINT', format: FORMATTED_VALUES.endpoint }),
  );

  check(
    'agents.fields.sip-address-accepted-phone-number',
    ['AGENT-PHONE-NUMBER'],
    'a SIP address is accepted as phone_number',
    async (t) => {
      expectAgentCreated(
        t,
        await t.agents.send({ phone_number: 'sip:frontdesk@pbx.example.com' }),
        ['AGENT-PHONE-NUMBER'],
        'an agent with a SIP phone_number',
      );
    },
    WRITES,
  );

  // E.164 allows at most 15 digits: the longest number is valid. Its shortest is not stated (a country code of
  // one to three digits and a subscriber number a plan may make as short as it likes): no lower bound is judged.
  check(
    'agents.fields.phone-number-e-164-fifteen-digits',
    ['AGENT-PHONE-NUMBER'],
    'an E.164 phone_number of 15 digits, the most E.164 allows, is accepted and stored as sent',
    async (t) => {
      expectAgentCreated(
        t,
        await t.agents.send({ phone_number: '+493012345678901' }),
        ['AGENT-PHONE-NUMBER'],
        'an agent with an E.164 phone_number of 15 digits',
      );
    },
    WRITES,
  );

  check(
    'agents.fields.phone-number-neither-e-164',
    ['AGENT-PHONE-NUMBER'],
    'a phone_number that is neither E.164 nor a SIP address is rejected',
    async (t) => {
      t.expectInvalidArgument(
        await t.agents.send({ phone_number: 'call the front desk' }),
        ['AGENT-PHONE-NUMBER'],
        ['phone_number'],
        'an agent with a malformed phone_number',
      );
    },
    WRITES,
  );

  // E.164 numbers have at most 15 digits after `+`, and no country code begins with 0 (ITU-T E.164 §6); the whole
  // value is the number or the address (SIP URIs hold no spaces, RFC 3261).
  for (const [value, why] of [
    ['+1234567890123456', 'of 16 digits (E.164 allows 15)'],
    ['+0123456789', 'whose country code begins with 0'],
    ['call +14155550123', 'with text before an E.164 number'],
    ['call sip:frontdesk@pbx.example.com', 'with text before a SIP address'],
    ['sip:frontdesk@pbx.example.com ext 12', 'with text after a SIP address'],
  ] as const) {
    check(
      checkIdOf('agents.fields.phone-number.rejected', value),
      ['AGENT-PHONE-NUMBER'],
      `a phone_number ${why} is rejected`,
      async (t) => {
        t.expectInvalidArgument(
          await t.agents.send({ phone_number: value }),
          ['AGENT-PHONE-NUMBER'],
          ['phone_number'],
          `an agent with phone_number ${value}, ${why}`,
        );
      },
      WRITES,
    );
  }

  // Other ways of writing an E.164 number (a `tel:` URI, RFC 3966; blanks or dashes between its digits, as E.123
  // prints it; the `00` international prefix for `+`) are neither E.164 nor a SIP address: refused, or recognised
  // and stored as the E.164 number they write, never as sent.
  check(
    'agents.fields.phone-number-other-forms-of-a-number',
    ['AGENT-PHONE-NUMBER'],
    'a phone_number written as a tel: URI, with blanks or dashes, or with a leading 00 is rejected, or stored as E.164',
    async (t) => {
      for (const phone_number of ['tel:+14155550123', '+1 415 555 0123', '+1-415-555-0123', '0014155550123'])
        expectRefusedOrRecognised(
          t,
          await t.agents.send({ phone_number }),
          ['AGENT-PHONE-NUMBER'],
          'phone_number',
          asListed('+14155550123'),
          `an agent with phone_number ${phone_number}`,
        );
    },
    WRITES,
  );

  check(
    'agents.fields.http-https-endpoint-urls-accepted',
    ['AGENT-ENDPOINT'],
    'HTTP and HTTPS endpoint URLs are accepted',
    async (t) => {
      for (const endpoint of ['http://example.com/outbound', PUBLIC_WEBHOOK_URL]) {
        expectAgentCreated(
          t,
          await t.agents.send({ endpoint }),
          ['AGENT-ENDPOINT'],
          `an agent with endpoint ${endpoint}`,
        );
      }
    },
    WRITES,
  );

  check(
    'agents.fields.endpoint-not-http-s-url',
    ['AGENT-ENDPOINT'],
    'an endpoint that is not an HTTP(S) URL (ftp://x) is rejected',
    async (t) => {
      t.expectInvalidArgument(
        await t.agents.send({ endpoint: 'ftp://x' }),
        ['AGENT-ENDPOINT'],
        ['endpoint'],
        'an agent with endpoint ftp://x',
      );
    },
    WRITES,
  );

  check(
    'agents.fields.endpoint-relative',
    ['AGENT-ENDPOINT'],
    `an endpoint that is a relative reference (${RELATIVE_URLS.join(', ')}) is rejected, or stored as an absolute HTTP(S) URL`,
    async (t) => {
      for (const endpoint of RELATIVE_URLS)
        expectRefusedOrRecognised(
          t,
          await t.agents.send({ endpoint }),
          ['AGENT-ENDPOINT'],
          'endpoint',
          asAbsoluteUrl(['http', 'https']),
          `an agent with endpoint ${endpoint}`,
        );
    },
    WRITES,
  );

  check(
    'agents.fields.outbound-voice-without-endpoint',
    ['AGENT-ENDPOINT'],
    'a MODEL_TYPE_OUTBOUND_VOICE agent without endpoint is rejected',
    async (t) => {
      const call = await t.agents.send(
        typedAgentBody('MODEL_TYPE_OUTBOUND_VOICE', t.name('outbound without endpoint'), {
          overrides: { endpoint: undefined },
        }),
      );
      t.expectInvalidArgument(call, ['AGENT-ENDPOINT'], ['endpoint'], 'an outbound voice agent without endpoint');
    },
    WRITES,
  );

  check(
    'agents.fields.model-type.accepted',
    ['AGENT-MODEL-TYPE'],
    'MODEL_TYPE_VOICE, MODEL_TYPE_OUTBOUND_VOICE and MODEL_TYPE_SMS agents are accepted',
    async (t) => {
      for (const modelType of ['MODEL_TYPE_VOICE', 'MODEL_TYPE_OUTBOUND_VOICE', 'MODEL_TYPE_SMS'] as const) {
        expectAgentCreated(
          t,
          await t.agents.send(typedAgentBody(modelType, t.name(modelType))),
          ['AGENT-MODEL-TYPE'],
          `a ${modelType} agent`,
        );
      }
    },
    WRITES,
  );

  for (const modelType of ['MODEL_TYPE_FOO', '']) {
    check(
      checkIdOf('agents.fields.model-type.rejected', modelType || 'empty'),
      ['AGENT-MODEL-TYPE'],
      `model_type ${JSON.stringify(modelType)} is rejected`,
      async (t) => {
        t.expectInvalidArgument(
          await t.agents.send({ model_type: modelType }),
          ['AGENT-MODEL-TYPE'],
          ['model_type'],
          `an agent with model_type ${JSON.stringify(modelType)}`,
        );
      },
      WRITES,
    );
  }

  check(
    'agents.fields.model-type-voice-short-form',
    ['AGENT-MODEL-TYPE'],
    'model_type "voice" (the short form in lower case) is rejected naming model_type, or stored as MODEL_TYPE_VOICE',
    async (t) => {
      expectRefusedOrRecognised(
        t,
        await t.agents.send({ model_type: 'voice' }),
        ['AGENT-MODEL-TYPE'],
        'model_type',
        asListed('MODEL_TYPE_VOICE'),
        'model_type "voice"',
      );
    },
    WRITES,
  );

  lineBreakChecks('agents.fields', [
    {
      field: 'phone_number',
      requirements: ['AGENT-PHONE-NUMBER'],
      valid: '+14155550100',
      send: (t, value) => t.agents.send({ phone_number: value }),
    },
    ...['metric_ids', 'test_set_ids'].map((field, i) => ({
      field,
      requirements: ['AGENT-REFERENCE-IDS'] as const,
      valid: alnum(22, 50 + i),
      send: (t: CheckContext, value: string) => t.agents.send({ [field]: [value] }),
      stored: (agent: JsonObject) => (agent[field] as unknown[] | undefined)?.[0],
    })),
  ]);

  // model_type is the other required field: the enumerated one itself.
  requiredUnderEachValueChecks({
    id: 'agents.fields',
    enumerated: 'model_type',
    listed: MODEL_TYPES,
    required: [{ field: 'display_name', requirements: ['AGENT-DISPLAY-NAME', 'REQUEST-MISSING-REQUIRED'] }],
    send: async (t, value, without) =>
      t.agents.send(
        typedAgentBody(value as (typeof MODEL_TYPES)[number], 'unnamed', {
          // Only the types that require a configuration send one (finding its field may skip the check).
          ...(value === 'MODEL_TYPE_CHAT' || value === 'MODEL_TYPE_WEBSOCKET'
            ? { configField: await configField(t) }
            : {}),
          overrides: { [without]: undefined },
        }),
      ),
  });

  // A value built to make a format's pattern backtrack is refused like any other malformed one.
  backtrackingValueChecks('agents.fields', [
    {
      field: 'phone_number',
      format: 'phone',
      requirements: ['AGENT-PHONE-NUMBER'],
      send: (t, value) => t.agents.send({ phone_number: value }),
    },
    {
      field: 'endpoint',
      format: 'httpUrl',
      requirements: ['AGENT-ENDPOINT'],
      send: (t, value) => t.agents.send({ endpoint: value }),
    },
  ]);
  // An explicit empty value is no value: each field a model type requires, given as "" (or blanks, where its format
  // holds none), is refused as its absence is (phone_number: the types that require it are not shown).
  // Not initialization_json: a "JSON string" may be read as any string, "" among them (refused or stored: both fine).
  const BLANKS = [' ', '\t \n'];
  const inConfig = new Set(['chat-endpoint', 'configuration-endpoint']);
  const configName = async (t: CheckContext) => [await configField(t)];
  emptyRequiredUnderEachValueChecks({
    id: 'agents.fields',
    enumerated: 'model_type',
    listed: MODEL_TYPES,
    required: [
      { field: 'display_name', requirements: ['AGENT-DISPLAY-NAME', 'REQUEST-MISSING-REQUIRED'], empty: [''] },
      {
        field: 'endpoint',
        requirements: ['AGENT-ENDPOINT'],
        under: ['MODEL_TYPE_OUTBOUND_VOICE'],
        empty: ['', ...BLANKS],
      },
      {
        field: 'chat_endpoint',
        key: 'chat-endpoint',
        requirements: ['CHAT-ENDPOINT-REQUIRED'],
        under: ['MODEL_TYPE_CHAT'],
        empty: ['', ...BLANKS],
        alsoNamed: configName,
      },
      {
        field: 'endpoint',
        key: 'configuration-endpoint',
        requirements: ['WEBSOCKET-ENDPOINT'],
        under: ['MODEL_TYPE_WEBSOCKET'],
        empty: ['', ...BLANKS],
        alsoNamed: configName,
      },
    ],
    send: async (t, value, row, given) => {
      const modelType = value as (typeof MODEL_TYPES)[number];
      const needsConfig = modelType === 'MODEL_TYPE_CHAT' || modelType === 'MODEL_TYPE_WEBSOCKET';
      const slot = inConfig.has(row.key ?? '') ? 'config' : 'overrides';
      return t.agents.send(
        typedAgentBody(modelType, row.field === 'display_name' ? 'unnamed' : t.name('agent'), {
          ...(needsConfig ? { configField: await configField(t) } : {}),
          [slot]: { [row.field]: given },
        }),
      );
    },
  });

  // A format is the field's own, whatever the type: each field's malformed value is refused under every model_type.
  invalidUnderEachValueChecks({
    id: 'agents.fields',
    enumerated: 'model_type',
    listed: MODEL_TYPES,
    invalid: [
      {
        field: 'phone_number',
        value: 'call the front desk',
        why: 'neither E.164 nor a SIP address',
        requirements: ['AGENT-PHONE-NUMBER'],
      },
      { field: 'endpoint', value: 'ftp://x', why: 'not an HTTP(S) URL', requirements: ['AGENT-ENDPOINT'] },
    ],
    send: async (t, value, field, invalid) =>
      t.agents.send(
        typedAgentBody(value as (typeof MODEL_TYPES)[number], t.name('agent'), {
          ...(value === 'MODEL_TYPE_CHAT' || value === 'MODEL_TYPE_WEBSOCKET'
            ? { configField: await configField(t) }
            : {}),
          overrides: { [field]: invalid as JsonObject[string] },
        }),
      ),
  });

  madeOfListedChecks('agents.fields', [
    {
      field: 'model_type',
      requirements: ['AGENT-MODEL-TYPE'],
      listed: MODEL_TYPES,
      send: (t, value) => t.agents.send({ model_type: value }),
      sendFullest: async (t, value) =>
        t.agents.send(
          fullestAgentBody(t.name('fullest agent'), await configField(t), { overrides: { model_type: value } }),
        ),
    },
  ]);

  for (const field of ['metric_ids', 'test_set_ids']) {
    for (const [i, miss] of nearMissIds(ID_RULES.agentReference, 9).entries()) {
      check(
        checkIdOf('agents.fields', field, 'near-miss', i + 1),
        ['AGENT-REFERENCE-IDS'],
        `a ${field} element of ${miss.why} is rejected`,
        async (t) => {
          t.expectInvalidArgument(
            await t.agents.send({ [field]: [miss.value] }),
            ['AGENT-REFERENCE-IDS'],
            [field],
            `an agent with a ${field} element of ${miss.why}`,
          );
        },
        WRITES,
      );
    }
  }

  ruledListChecks({
    id: 'agents.fields',
    lists: ['metric_ids', 'test_set_ids'].map((field, i) => ({
      field,
      requirements: ['AGENT-REFERENCE-IDS'],
      valid: alnum(22, 40 + i),
      invalid: alnum(21, 42 + i),
    })),
    send: (t, field, list) => t.agents.send({ [field]: list }),
  });

  // Each list of IDs, one well-formed entry twice.
  repeatedEntriesCheck({
    id: 'agents.fields.repeated-entries',
    requirements: ['AGENT-CREATE'],
    lists: [
      { field: 'metric_ids', valid: alnum(22, 46) },
      { field: 'test_set_ids', valid: alnum(22, 47) },
    ],
    send: (t, fields) => t.agents.send(fields),
  });

  check(
    'agents.fields.reference-ids-accepted',
    ['AGENT-REFERENCE-IDS-ACCEPTED'],
    'well-formed metric_ids and test_set_ids are accepted and returned',
    async (t) => {
      const call = await t.agents.send({ metric_ids: [alnum(22, 11)], test_set_ids: [alnum(22, 12)] });
      expectAgentCreated(t, call, ['AGENT-REFERENCE-IDS-ACCEPTED'], 'an agent with well-formed reference IDs');
    },
    WRITES,
  );

  for (const { what, limit, field } of SIZED) {
    const sizes = byteLimitSizes(limit);
    const requirements = ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'] as const;
    // Beside it, the other sized fields make the body larger than the limit in either reading (10 MB, 10 MiB): each
    // limit is the field's own, so a server holding the whole body to it refuses. Within the same heavy request.
    const others = SIZED.filter((other) => other.limit !== limit);
    const beside = Math.ceil((sizes.reject * 1.01 - sizes.accept) / others.length);
    const besides = others.map((other) => other.what).join(' and ');
    check(
      checkIdOf('agents.fields.size', limit, 'accepted'),
      requirements,
      `${what} of ${sizes.accept} bytes of JSON is accepted, beside ${besides} of ${beside} bytes (the body over the limit: each limit is the field's own)`,
      async (t) => {
        const body: JsonObject = { [await field(t)]: jsonObjectOfSize(sizes.accept) };
        for (const other of others) body[await other.field(t)] = jsonObjectOfSize(beside);
        const call = await t.agents.send(body);
        expectAgent(
          t,
          call,
          requirements,
          `an agent with ${what} of ${sizes.accept} bytes beside ${besides} of ${beside} bytes`,
        );
      },
      BIG,
    );
    // In two-byte characters: bytes, not characters, are what the limit counts.
    check(
      checkIdOf('agents.fields.size', limit, 'rejected'),
      requirements,
      `${what} of ${sizes.reject} bytes of JSON in two-byte characters is rejected`,
      async (t) => {
        const call = await t.agents.send({ [await field(t)]: jsonObjectOfSize(sizes.reject, 'two-byte') });
        t.assert(
          call.response.status >= 400,
          requirements,
          `an agent with ${what} of ${sizes.reject} bytes should be rejected, but POST /v1/agents answered ${call.response.status}`,
          call,
        );
      },
      BIG,
    );
  }
});
