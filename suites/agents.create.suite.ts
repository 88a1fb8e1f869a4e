// Agents: creating one (POST /v1/agents) and reading it back (GET /v1/agents/{agent_id}).
// What every returned agent looks like, what a body must hold, and how malformed bodies
// and path IDs are answered. The API cannot delete agents: the resource layer puts the
// run marker in every display name, so a sweep can find them.

import { expectServerTime, SKEWED_CLOCKS } from '../lib/families/resource-fields.js';
import { ERROR_CODES } from '../lib/contract/enums.js';
import { ID_RULES } from '../lib/contract/ids.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import {
  expectAgent,
  expectAgentCreated,
  expectAgentReadBack,
  expectEcho,
  fetchAgent,
} from '../lib/families/agents.js';
import { PUBLIC_WEBHOOK_URL } from '../lib/gen/bodies.js';
import { alnum, nearMissIds, wellFormedId } from '../lib/gen/ids.js';
import { isSuccess } from '../lib/assert/responses.js';
import { check, describeGroup } from '../lib/harness/index.js';
import { sentBody } from '../lib/harness/resources.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import type { JsonObject } from '../lib/util/json.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { explicitNullChecks, valueSpaceCheck } from '../lib/families/field-values.js';
import { jsonFormsCheck, malformedBodyCheck } from '../lib/families/json-forms.js';
import { bodyFormsCheck } from '../lib/families/negotiation.js';
import { VALID_PHONE } from '../lib/gen/bodies.js';
import { PAST_TIMESTAMP, serverSetFieldsCheck } from '../lib/families/server-set-fields.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { declareExtremeIdChecks } from '../lib/families/path-ids.js';
import { object, text, texts, wrongTypesCheck } from '../lib/families/wrong-types.js';
import { refusedWriteCheck, refusedWriteFramingCheck } from '../lib/families/refused-writes.js';

const GET = 'GET /v1/agents/{agent_id}' satisfies EndpointKey;
/** Numbers of each kind RFC 8259 writes (an integer, a fraction, a negative one, zero) in a free JSON object. */
const JSON_NUMBERS = { timeout_ms: 1000, ratio: 0.25, offset: -1.5, retries: 0 } as const;
const WRITES = { writes: true } as const;
/** The model types whose agents need no simulator configuration (the others' keys have checks of their own). */
const UNCONFIGURED_TYPES = ['MODEL_TYPE_VOICE', 'MODEL_TYPE_OUTBOUND_VOICE', 'MODEL_TYPE_SMS'] as const;
const SUCCESS_RESPONSE_RULES: readonly RequirementId[] = [
  'ENVELOPE-WRAPPED',
  'TIMESTAMP-ISO-UTC',
  'SCHEMA-CANONICAL',
  'SCHEMA-PUBLISHED',
];
const ERROR_RESPONSE_RULES: readonly RequirementId[] = [
  'ERROR-ENVELOPE',
  'ERROR-INVALID-ARGUMENT',
  'ERROR-DETAILS-FIELD',
];

const PROMPT =
  'You are the front desk of a dental practice. Greet the caller, ask for their name, then book, move or cancel an appointment. '.repeat(
    4,
  );

/** Every top-level field the spec lists beside the required ones (empty reference lists: unknown IDs may be refused). */
const EVERY_FIELD: JsonObject = {
  endpoint: PUBLIC_WEBHOOK_URL,
  prompt: PROMPT,
  workflows: { version: 2, steps: [{ name: 'greet', next: 'book' }, { name: 'book' }] },
  metric_ids: [],
  test_set_ids: [],
};

/** Reference lists of different IDs and lengths: a read that gives one list the other's IDs shows. */
const REFERENCE_IDS: JsonObject = { metric_ids: [alnum(22, 31)], test_set_ids: [alnum(22, 32), alnum(22, 33)] };

/** Explicit empty values, and workflows whose lists have an order and whose values are false, 0 and "": all kept as given. */
const EXPLICIT_VALUES: JsonObject = {
  prompt: '',
  metric_ids: [],
  test_set_ids: [],
  workflows: {
    version: 0,
    enabled: false,
    note: '',
    steps: [
      { name: 'greet', next: 'book' },
      { name: 'book', retries: 0 },
      { name: 'answer', escalate: false },
    ],
    tags: ['zeta', 'alpha', 'mid'],
  },
};

const INVARIANTS: ReadonlyArray<[RequirementId, string]> = [
  // the requirement is the key of the check's id
  ['AGENT-ID-FORMAT', 'agents returned by POST and GET have a 22-character alphanumeric id'],
  [
    'TIMESTAMP-ORDER',
    "agents returned by POST and GET have no update_time before create_time, and a POST sent with a request Date far ahead gets times of the server's own clock",
  ],
  ['AGENT-NO-SOFT-DELETE-FLAG', 'agents returned by POST and GET carry no soft-delete flag'],
  ['AGENT-KNOWLEDGE-BASE-IDS', 'agents returned by POST and GET carry knowledge_base_ids'],
];

describeGroup('agents', () => {
  declareExtremeIdChecks('agents');

  // Also the place the cross-cutting rules of a success response are named: every check
  // asserts them on its responses, and a fault breaking them must be caught here.
  check(
    'agents.create.every-field',
    ['AGENT-CREATE', ...SUCCESS_RESPONSE_RULES],
    'POST /v1/agents with every agent field returns {agent} carrying each field as sent',
    async (t) => {
      expectAgentCreated(t, await t.agents.send(EVERY_FIELD), ['AGENT-CREATE'], 'creating an agent with every field');
    },
    WRITES,
  );

  check(
    'agents.create.created-agent-sent-application-json',
    ['ENVELOPE-SINGLE-KEY', 'RESPONSE-CONTENT-TYPE-JSON'],
    'a created agent is sent as application/json with {agent} as the only top-level key',
    async (t) => {
      await t.agents.create();
    },
    WRITES,
  );

  check(
    'agents.create.get-as-created',
    ['AGENT-GET'],
    'GET /v1/agents/{agent_id} returns the agent as created',
    async (t) => {
      const created = await t.agents.send(EVERY_FIELD);
      const { id } = expectAgentCreated(t, created, ['AGENT-CREATE'], 'creating an agent with every field');
      const { agent, call } = await fetchAgent(t, id, ['AGENT-GET']);
      expectEcho(t, { ...sentBody(created), id }, agent, ['AGENT-GET'], call);
    },
    WRITES,
  );

  // A server may check that the IDs name something (AGENT-REFERENCE-IDS-ACCEPTED is strict): a refusal passes.
  check(
    'agents.create.get-reference-ids-apart',
    ['AGENT-GET'],
    'GET /v1/agents/{agent_id} returns metric_ids and test_set_ids as created, each list with IDs of its own',
    async (t) => {
      const created = await t.agents.send(REFERENCE_IDS);
      const what = 'an agent with metric_ids and test_set_ids naming different IDs';
      if (!isSuccess(created)) return void t.expectRejection(created, ['AGENT-CREATE'], {}, what);
      const { id } = expectAgentCreated(t, created, ['AGENT-CREATE'], what);
      const { agent, call } = await fetchAgent(t, id, ['AGENT-GET']);
      expectEcho(t, { ...sentBody(created), id }, agent, ['AGENT-GET'], call);
    },
    WRITES,
  );

  // One ID may be both a metric's and a test set's (nothing keeps the kinds' IDs apart): each list keeps it, from
  // the create and from GET (a store keyed by the referenced ID alone keeps it in one list). A refusal passes.
  check(
    'agents.create.one-id-in-both-reference-lists',
    ['AGENT-CREATE', 'AGENT-GET', 'READ-BACK-UNCHANGED'],
    'an ID listed in both metric_ids and test_set_ids comes back in each, whole, from POST and GET',
    async (t) => {
      const shared = alnum(22, 34);
      const created = await t.agents.send({
        metric_ids: [shared, alnum(22, 35)],
        test_set_ids: [alnum(22, 36), shared],
      });
      const what = 'an agent with one ID in both metric_ids and test_set_ids';
      if (!isSuccess(created)) return void t.expectRejection(created, ['AGENT-CREATE'], {}, what);
      expectAgentCreated(t, created, ['AGENT-CREATE'], what);
      await expectAgentReadBack(t, created, what);
    },
    WRITES,
  );

  check(
    'agents.create.explicit-values-kept',
    ['EXPLICIT-VALUE-KEPT', 'READ-BACK-UNCHANGED'],
    'prompt "", empty lists and workflows holding ordered lists, false, 0 and "" come back as sent from POST and GET',
    async (t) => {
      const created = await t.agents.send(EXPLICIT_VALUES);
      const what = 'an agent with explicit empty values';
      const agent = expectAgent(t, created, ['AGENT-CREATE'], what);
      expectEcho(t, sentBody(created), agent, ['EXPLICIT-VALUE-KEPT'], created, 'the explicit values as given');
      await expectAgentReadBack(t, created, what);
    },
    WRITES,
  );

  for (const [requirement, title] of INVARIANTS) {
    check(
      checkIdOf('agents.create.invariant', requirement),
      requirement === 'TIMESTAMP-ORDER' ? [requirement, 'SERVER-SET-TIMES'] : [requirement],
      title,
      async (t) => {
        // A client's clock far ahead (SERVER-SET-TIMES): sent with the create that judges the times anyway.
        const timed = requirement === 'TIMESTAMP-ORDER';
        const call = await t.agents.send(EVERY_FIELD, timed ? { headers: SKEWED_CLOCKS.future } : {});
        const agent = expectAgentCreated(t, call, [requirement], 'creating an agent');
        if (timed) expectServerTime(t, agent, call, { now: ['create_time', 'update_time'] });
        await fetchAgent(t, String(agent['id']), [requirement]);
      },
      WRITES,
    );
  }

  for (const field of ['display_name', 'model_type']) {
    check(
      checkIdOf('agents.create.missing', field),
      ['REQUEST-MISSING-REQUIRED', ...ERROR_RESPONSE_RULES],
      `an agent without ${field} is rejected with INVALID_ARGUMENT naming ${field}`,
      async (t) => {
        t.expectInvalidArgument(
          await t.agents.send({ [field]: undefined }),
          ['REQUEST-MISSING-REQUIRED'],
          [field],
          `an agent without ${field}`,
        );
      },
      WRITES,
    );
  }

  check(
    'agents.create.invalid-agent-answered-invalid-argument',
    ['HTTP-STATUS-CONVENTIONS'],
    'an invalid agent is answered INVALID_ARGUMENT with HTTP 400',
    async (t) => {
      const call = await t.agents.send({ display_name: undefined });
      t.expectRejection(
        call,
        ['REQUEST-MISSING-REQUIRED'],
        { code: ERROR_CODES.invalidArgument, conventionalStatus: 400 },
        'an agent without display_name',
      );
    },
    WRITES,
  );

  wrongTypesCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    // The configuration's request field is found per target: its keys' types are the configuration checks'.
    fields: {
      display_name: text('Front desk', { required: true }),
      model_type: text('MODEL_TYPE_VOICE', { required: true, enumerated: 'AGENT-MODEL-TYPE' }),
      phone_number: text(VALID_PHONE),
      endpoint: text(PUBLIC_WEBHOOK_URL),
      prompt: text('Greet the caller.'),
      workflows: object({ version: 2 }),
      metric_ids: texts(alnum(22, 5)),
      test_set_ids: texts(alnum(22, 6)),
    },
    send: (t, fields) => t.agents.send(fields),
  });

  check(
    'agents.create.body-json-but-not-object',
    ['ERROR-INVALID-ARGUMENT'],
    'a body that is JSON but not an object (null, 42, "text", []) is rejected with INVALID_ARGUMENT, not a server error',
    async (t) => {
      for (const body of ['null', '42', '"text"', '[]']) {
        t.expectInvalidArgument(
          await t.call('POST /v1/agents', { rawBody: body }),
          ['ERROR-INVALID-ARGUMENT'],
          undefined,
          `the body ${body}`,
        );
      }
    },
    WRITES,
  );

  malformedBodyCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    send: (t, name, written) => t.agents.send({ display_name: name }, written),
    options: WRITES,
  });

  for (const [i, miss] of nearMissIds(ID_RULES.agent).entries()) {
    check(
      checkIdOf('agents.create.agent-id.near-miss', i + 1),
      ['PATH-ID-FORMAT'],
      `GET /v1/agents/{agent_id} with an agent_id of ${miss.why} is rejected naming agent_id`,
      async (t) => {
        const call = await t.call(GET, { params: { agent_id: miss.value } });
        t.expectInvalidArgument(call, ['PATH-ID-FORMAT'], 'agent_id', `an agent_id of ${miss.why}`);
      },
    );
  }

  valueSpaceCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    requirement: 'AGENT-CREATE',
    fields: {
      display_name: 'name',
      prompt: 'text',
      phone_number: 'phone',
      endpoint: 'url',
      workflows: { object: 'key' },
    },
    typical: (t) => ({ display_name: t.name('agent'), phone_number: VALID_PHONE }),
    // Every field holds per model type; the types that need no configuration take the shapes in turn.
    beside: {
      what: `the creates of model_type ${UNCONFIGURED_TYPES.join(', ')} in turn`,
      fields: (index) => ({ model_type: UNCONFIGURED_TYPES[index % UNCONFIGURED_TYPES.length]! }),
    },
    send: (t, fields) => t.agents.send(fields),
    readBack: async (t, call, what) => void (await expectAgentReadBack(t, call, `an agent with ${what}`)),
    deep: ['workflows'],
    wide: ['workflows'],
    // prompt has its maximum (50000 characters); the reference lists have none.
    longLists: { metric_ids: (n) => alnum(22, 1000 + n), test_set_ids: (n) => alnum(22, 2000 + n) },
  });

  explicitNullChecks({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    requirement: 'AGENT-CREATE',
    defaults: {},
    optional: ['prompt', 'endpoint', 'workflows', 'metric_ids', 'test_set_ids'],
    send: (t, fields) => t.agents.send(fields),
  });

  serverSetFieldsCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    requirements: ['AGENT-CREATE', 'AGENT-ID-FORMAT'],
    fields: { id: wellFormedId(ID_RULES.agent, 30), create_time: PAST_TIMESTAMP, update_time: PAST_TIMESTAMP },
    send: (t, fields) => t.agents.send(fields),
  });

  jsonFormsCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    requirement: 'AGENT-CREATE',
    // Numbers too, which the unusual text writes with an exponent (`1e+3`): RFC 8259's number grammar has one.
    send: (t, name, written) => t.agents.send({ display_name: name, workflows: JSON_NUMBERS }, written),
  });

  declareDynamicIdChecks('agents');
  bodyFormsCheck({
    id: 'agents.create',
    operation: 'POST /v1/agents',
    requirement: 'AGENT-CREATE',
    send: (t, name, written) => t.agents.send({ display_name: name }, written),
    acceptFrom: 0,
  });

  refusedWriteCheck('agents');
  refusedWriteFramingCheck('agents');
});
