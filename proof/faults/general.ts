// Faults of the rules that cut across endpoints (error envelope, bodies, timestamps, names,
// field lengths, path IDs), broken everywhere or on every endpoint, method or field
// but one.

import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ApiError, internal, invalidArgument } from '../../lib/reference/http/errors.js';
import { RawText } from '../../lib/reference/http/context.js';
import { DAY, HOUR } from '../../lib/reference/fixtures/time.js';
import { DEFAULT_API_KEY, type Behaviour } from '../../lib/reference/behaviour.js';
import type { AgentRecord, PersonaRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import { checkMutationIdAfterAgent } from '../../lib/reference/routes/mutations.js';
import type { CheckedIdRule } from '../../lib/reference/validation/id-format.js';
import type { Check, Fields } from '../../lib/reference/validation/fields.js';
import { EMAIL, idCheck, PHONE_NUMBER } from '../../lib/reference/validation/checks.js';
import type { RequirementId } from '../../lib/contract/requirements/index.js';
import { isJsonObject } from '../../lib/util/json.js';
import {
  type Fault,
  fault,
  lastRequest,
  localTime,
  notModifiedWhen,
  presentWith,
  readAs,
  respondWith,
} from './define.js';
import { rowsMeasuredAs } from './limits.js';
import { FIELD_LIMITS } from '../../lib/contract/limits.js';
import { DEFAULTS, INPUT_TYPES, MODEL_TYPES, PROJECT_RULES, PROJECT_TYPES } from '../../lib/contract/enums.js';
import { newAgent, firstPersona } from '../probes/basics.js';
import { bytesPastLength, type Call, rawAnswer } from '../probes/call.js';
import { withMutation } from '../probes/mutations.js';
import { status as dashboardNameStatus } from '../probes/dashboards.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import { readBack } from '../probes/read-back.js';
import { UNKNOWN_22 } from '../probes/resources.js';
import { VALID as REVIEW_PROJECT, status as reviewProjectStatus } from '../probes/review-projects.js';
import { created as createdTestCase, status as testCaseStatus, VALID as TEST_CASE } from '../probes/test-cases.js';

const GET_AGENT = 'GET /v1/agents/{agent_id}';

/** The rule of each GET of the contract but the document's: what a fault of every GET breaks. */
const GET_RULES: RequirementId[] = [
  'SPEC-LISTING',
  'AGENT-GET',
  'MUTATION-GET',
  'LIST-PAGINATION-COMPLETE',
  'PERSONA-GET',
  'PERSONA-PHONE-NUMBERS',
  'METRIC-GET',
  'SCHEDULED-RUN-GET',
];

/** Swaps the case of every ASCII letter. */
const swapCase = (id: string): string =>
  id.replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));

/** Path parameter `param` renamed to the stored ID `find` matches, where the one asked for names nothing. */
function renamePath(b: Behaviour, param: string, find: (asked: string, store: Store) => string | undefined): void {
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    const asked = params[param];
    const found = asked === undefined ? undefined : find(asked, store);
    return named(endpoint, found === undefined ? params : { ...params, [param]: found }, store);
  };
}

/** An agent shown as a persona, as one index of every resource would hand it to the persona routes. */
const personaOf = (agent: AgentRecord): PersonaRecord => ({
  id: agent.id,
  name: agent.display_name,
  persona_prompt: agent.prompt ?? '',
  voice_name: '',
  language_code: 'en-US',
  background_sound: '',
  wait_seconds: 0,
  conversation_initiation: 'speak_first',
  hold_music_timeout_seconds: 0,
  create_time: agent.create_time,
  update_time: agent.update_time,
});

/** Code points counted by a hand-written surrogate-pair test with `>` and `<` for `>=` and `<=`: a pair with a unit at an end of its range (U+10000, U+1D7FF) counts as two. */
function codePointsMissingRangeEnds(value: unknown): number {
  const text = String(value);
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit > 0xd800 && unit < 0xdbff && next > 0xdc00 && next < 0xdfff) i++;
    count++;
  }
  return count;
}

/** Path IDs of the alphanumeric rules checked against another alphabet, one UTF-16 unit at a time. */
function pathIdAlphabet(b: Behaviour, inAlphabet: (unit: number) => boolean): void {
  const widened = Object.entries(b.pathIdRules).map(([kind, rule]): [string, CheckedIdRule] => [
    kind,
    { ...rule, inAlphabet },
  ]);
  b.pathIdRules = Object.fromEntries(widened) as Behaviour['pathIdRules'];
}

/** The error code of one endpoint's errors of `code`, changed to `answered`. */
function codeOnEndpoint(b: Behaviour, endpointKey: string, code: string, answered: string): void {
  const codeOf = b.errors.code;
  b.errors.code = (error, endpoint) =>
    endpoint?.key === endpointKey && error.code === code ? answered : codeOf(error, endpoint);
}

export const GENERAL_FAULTS = [
  fault({
    id: 'error-no-details',
    requirements: ['ERROR-DETAILS-FIELD'],
    slips: ['broken'],
    description: 'INVALID_ARGUMENT errors have empty details.',
    behaviour: (b) => {
      const details = b.errors.details;
      b.errors.details = (error) => (error.code === 'INVALID_ARGUMENT' ? [] : details(error));
    },
    probe: async (call) => (await newAgent(call, {})).body.error.details.length,
    shows: 0,
  }),
  fault({
    id: 'malformed-json-500',
    requirements: ['REQUEST-MALFORMED-JSON'],
    slips: ['broken'],
    description: 'A malformed JSON body gives a 500 INTERNAL error.',
    behaviour: (b) => {
      b.errors.malformedJson = (reason) => internal(`could not handle the body: ${reason}`);
    },
    probe: async (call) => (await call('POST', '/v1/agents', { raw: '{"display_name": ' })).status,
    shows: 500,
  }),
  fault({
    id: 'timestamps-not-utc',
    requirements: ['TIMESTAMP-ISO-UTC'],
    slips: ['broken'],
    description: 'Timestamps are written with a +02:00 offset.',
    behaviour: (b) => {
      b.formatTime = localTime;
    },
    probe: async (call) => (await firstPersona(call)).create_time.endsWith('Z'),
    shows: false,
  }),
  fault({
    id: 'json-content-type-text',
    requirements: ['RESPONSE-CONTENT-TYPE-JSON'],
    slips: ['broken'],
    description: 'JSON bodies are labelled text/plain.',
    behaviour: (b) => {
      b.contentTypes.json = 'text/plain; charset=utf-8';
    },
    probe: async (call) => (await call('GET', '/v1/personas')).contentType,
    shows: 'text/plain; charset=utf-8',
  }),
  fault({
    id: 'error-message-missing',
    requirements: ['ERROR-ENVELOPE'],
    slips: ['broken'],
    description: 'Error bodies carry code and details but no message.',
    behaviour: (b) => {
      // Serialized without the key: JSON leaves out an undefined member.
      b.errors.message = () => undefined as unknown as string;
    },
    probe: async (call) => 'message' in (await newAgent(call, {})).body.error,
    shows: false,
  }),
  fault({
    id: 'invalid-argument-named-bad-request',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    slips: ['broken'],
    description: 'An invalid body field is answered with code BAD_REQUEST instead of INVALID_ARGUMENT.',
    behaviour: (b) => {
      const code = b.errors.code;
      b.errors.code = (error, endpoint) => (error.code === 'INVALID_ARGUMENT' ? 'BAD_REQUEST' : code(error, endpoint));
    },
    probe: async (call) => (await newAgent(call, {})).body.error.code,
    shows: 'BAD_REQUEST',
  }),
  fault({
    id: 'invalid-argument-http-422',
    requirements: ['HTTP-STATUS-CONVENTIONS'],
    slips: ['broken'],
    description: 'INVALID_ARGUMENT is answered with HTTP 422 (allowed by the spec; against the 400 convention).',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'INVALID_ARGUMENT' ? 422 : status(code, endpoint));
    },
    probe: async (call) => (await newAgent(call, {})).status,
    shows: 422,
  }),
  fault({
    id: 'not-found-http-410',
    requirements: ['HTTP-STATUS-CONVENTIONS'],
    slips: ['broken'],
    description: 'NOT_FOUND is answered with HTTP 410 (allowed by the spec; against the 404 convention).',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_FOUND' ? 410 : status(code, endpoint));
    },
    probe: async (call) => (await call('GET', `/v1/personas/${'A'.repeat(22)}`)).status,
    shows: 410,
  }),
  fault({
    id: 'envelope-extra-top-level-key',
    requirements: ['ENVELOPE-SINGLE-KEY'],
    slips: ['scope'],
    description:
      'A created agent comes with a request_id beside the agent wrapper (the default reading allows it; the strict one does not).',
    behaviour: (b) => {
      respondWith(b, 'POST /v1/agents', (body) => ({ ...body, request_id: 'req-1' }));
    },
    probe: async (call) => Object.keys((await newAgent(call)).body),
    shows: ['agent', 'request_id'],
  }),
  fault({
    id: 'persona-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Personas report an update_time a day before their create_time.',
    behaviour: (b) => {
      presentWith(b, 'persona', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - DAY),
      }));
    },
    probe: async (call) => {
      const persona = await firstPersona(call);
      return Date.parse(persona.update_time) >= Date.parse(persona.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'persona-resource-name-wrong',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Persona resource_name does not carry the persona id.',
    behaviour: (b) => {
      presentWith(b, 'persona', (view) => ({ ...view, resource_name: 'personas/unknown' }));
    },
    probe: async (call) => {
      const persona = await firstPersona(call);
      return persona.resource_name === `personas/${persona.id}`;
    },
    shows: false,
  }),
  fault({
    id: 'dashboard-display-name-surrogate-ends',
    requirements: ['FIELD-CHARS-CODEPOINTS'],
    slips: ['unit'],
    description:
      'Dashboard display_name counts code points with a hand-written surrogate-pair test that leaves out the ends of the ranges (`unit > 0xD800`, `next < 0xDFFF`): U+10000 and U+1D7FF count as two, so 255 astral characters with them are rejected.',
    behaviour: rowsMeasuredAs(['dashboard.display_name'], codePointsMissingRangeEnds),
    probe: (call) => dashboardNameStatus(call, '\u{10000}\u{1D7FF}'.repeat(127)),
    shows: 400,
  }),
  fault({
    id: 'dashboard-patch-max-unchecked',
    requirements: ['FIELD-LENGTH-LIMITS', 'DASHBOARD-DISPLAY-NAME'],
    slips: { 'DASHBOARD-DISPLAY-NAME': ['bound'], 'FIELD-LENGTH-LIMITS': ['scope'] },
    description:
      'The maximum length of display_name is enforced on the create endpoints only: the dashboard PATCH checks only that it is not empty.',
    behaviour: (b) => {
      b.limits['dashboard.display_name'] = { ...b.limits['dashboard.display_name'], max: undefined };
    },
    probe: (call) => dashboardNameStatus(call, 'd'.repeat(256)),
    shows: 200,
  }),
  fault({
    id: 'test-case-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['scope'],
    description:
      'Test cases report an update_time a second before their create_time (the one resource whose update_time is set before the insert).',
    behaviour: (b) => {
      presentWith(b, 'testCase', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 1000),
      }));
    },
    probe: async (call) => {
      const created = await createdTestCase(call, TEST_CASE);
      return Date.parse(created.update_time) >= Date.parse(created.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'test-case-times-from-date-header',
    requirements: ['SERVER-SET-TIMES'],
    slips: ['broken'],
    description:
      "A test case is stamped with the request's `Date` header when it carries one (an import tool's \"created at\", taken from the client), the server's clock otherwise: a client whose clock is a century ahead creates a test case whose create_time and update_time are in 2101, in order with each other but not the server's.",
    behaviour: (b) => {
      const request = lastRequest(b);
      presentWith(b, 'testCase', (view) => {
        const req = request();
        const sent = req?.method === 'POST' ? req.headers.date : undefined;
        const ms = sent === undefined ? Number.NaN : Date.parse(sent);
        return Number.isNaN(ms) ? view : { ...view, create_time: b.formatTime(ms), update_time: b.formatTime(ms) };
      });
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: TEST_CASE,
        headers: { Date: 'Sat, 01 Jan 2101 00:00:00 GMT' },
      });
      const created = answer.body.test_case as { create_time: string };
      return Date.parse(created.create_time) > Date.parse(String(answer.headers['date'])) + DAY;
    },
    shows: true,
  }),
  fault({
    id: 'agent-get-update-time-local',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} returns update_time as read from a column a trigger fills in local time (UTC-7) and written as UTC: seven hours before create_time.',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        update_time: new Date(Date.parse(String(agent['update_time'])) - 7 * HOUR).toISOString(),
      })),
    probe: async (call) => {
      const agent = await readBack(call);
      return Date.parse(agent.update_time) >= Date.parse(agent.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'error-envelope-bare-on-mutation-delete',
    requirements: ['ERROR-ENVELOPE'],
    slips: ['scope'],
    description:
      'Errors of DELETE /v1/agents/{agent_id}/mutations/{mutation_id} are sent bare ({code, message, details} at the top level), without the `error` object every other endpoint uses.',
    seenThrough: ['PATH-ID-FORMAT'],
    behaviour: (b) => {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        endpoint?.key === 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' ? error : body(error, endpoint);
    },
    probe: async (call) => Object.keys((await call('DELETE', `/v1/agents/${UNKNOWN_22}/mutations/x`)).body),
    shows: ['code', 'message', 'details'],
  }),
  fault({
    id: 'dashboard-patch-media-type-refusal-bare',
    requirements: ['ERROR-ENVELOPE'],
    slips: ['scope'],
    description:
      'PATCH /v1/dashboards/{dashboard_id} with a body labelled other than JSON is refused by the framework\'s media type check, mounted on that route alone, before the route: 415 in the framework\'s own shape (`{"detail": "Unsupported Media Type"}`), not the error envelope. The creates read such a body, or refuse it in the envelope.',
    behaviour: (b) => {
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) =>
        endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}' && !/^application\/json\b/i.test(contentType ?? '')
          ? new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type')
          : refusal(contentType, endpoint);
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        error['code'] === 'UNSUPPORTED_MEDIA_TYPE' ? { detail: error['message'] } : body(error, endpoint);
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'UNSUPPORTED_MEDIA_TYPE' ? 415 : status(code, endpoint));
    },
    probe: async (call) =>
      (
        await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, {
          raw: '{}',
          headers: { 'Content-Type': 'text/plain' },
        })
      ).body,
    shows: { detail: 'Unsupported Media Type' },
  }),
  fault({
    id: 'review-project-invalid-failed-precondition',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    slips: ['scope'],
    description:
      'POST /v1/review-projects answers an invalid body with code FAILED_PRECONDITION; every other endpoint says INVALID_ARGUMENT.',
    seenThrough: ['REQUEST-MALFORMED-JSON'],
    behaviour: (b) => {
      codeOnEndpoint(b, 'POST /v1/review-projects', 'INVALID_ARGUMENT', 'FAILED_PRECONDITION');
    },
    probe: async (call) => (await call('POST', '/v1/review-projects', { body: {} })).body.error.code,
    shows: 'FAILED_PRECONDITION',
  }),
  fault({
    id: 'dashboard-details-name-wrong-field',
    requirements: ['ERROR-DETAILS-FIELD'],
    slips: ['scope'],
    description:
      "PATCH /v1/dashboards/{dashboard_id} names an invalid display_name `name` (the dashboard's resource name) in its details; other endpoints name the field.",
    seenThrough: ['REQUEST-WRONG-TYPE'],
    behaviour: (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'PATCH /v1/dashboards/{dashboard_id}' &&
        detail.location === 'body' &&
        detail.field === 'display_name'
          ? 'name'
          : field(detail, endpoint);
    },
    probe: async (call) =>
      (
        await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: { display_name: 42 } })
      ).body.error.details.map((detail: { field: string }) => detail.field),
    shows: ['name'],
  }),
  fault({
    id: 'malformed-json-500-on-patch',
    requirements: ['REQUEST-MALFORMED-JSON'],
    slips: ['scope'],
    description:
      'A malformed JSON body gives a 500 INTERNAL error on PATCH (the dashboard update); POST bodies get INVALID_ARGUMENT.',
    behaviour: (b) => {
      const malformed = b.errors.malformedJson;
      b.errors.malformedJson = (reason, endpoint) =>
        endpoint?.method === 'PATCH' ? internal(`could not handle the body: ${reason}`) : malformed(reason, endpoint);
    },
    probe: async (call) =>
      (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { raw: '{"display_name": ' })).status,
    shows: 500,
  }),
  fault({
    id: 'review-project-notifications-truthy',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['scope'],
    description:
      'A review project\'s notifications is read by truthiness (the string "yes" is true), while every other field\'s JSON type is checked.',
    behaviour: (b) => {
      const notifications = b.reviewProjectFields.notifications;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        notifications: (f) => {
          try {
            return notifications(f);
          } catch {
            return f.string('notifications') !== '';
          }
        },
      };
    },
    probe: async (call) =>
      (await call('POST', '/v1/review-projects', { body: { ...REVIEW_PROJECT, notifications: 'yes' } })).status,
    shows: 200,
  }),
  fault({
    id: 'test-case-missing-field-unnamed',
    requirements: ['REQUEST-MISSING-REQUIRED'],
    slips: ['scope'],
    description:
      'POST /v1/test-cases reports a missing required field against the whole body (details field `body`); other endpoints name the field.',
    behaviour: (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'POST /v1/test-cases' && detail.location === 'body' && detail.description === 'is required'
          ? 'body'
          : field(detail, endpoint);
    },
    probe: async (call) =>
      (await call('POST', '/v1/test-cases', { body: { test_set_id: 'abcdefgh' } })).body.error.details.map(
        (detail: { field: string }) => detail.field,
      ),
    shows: ['body'],
  }),
  fault({
    id: 'scheduled-run-last-run-at-local',
    requirements: ['TIMESTAMP-ISO-UTC'],
    slips: ['scope'],
    description:
      "A scheduled run's last_run_at is written in local time with a +02:00 offset; create_time, update_time and every other timestamp are UTC.",
    seenThrough: ['SCHEDULED-RUN-GET'],
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view, record) => {
        const last = (record as { last_run_at: number | null }).last_run_at;
        return last === null ? view : { ...view, last_run_at: localTime(last) };
      });
    },
    probe: async (call) =>
      (await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`)).body.scheduled_run.last_run_at.endsWith(
        '+02:00',
      ),
    shows: true,
  }),
  fault({
    id: 'body-not-object-passed-on',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    slips: ['type'],
    description:
      'A request body that is JSON but not an object is handed to the handler, which fails on `null` (a 500 INTERNAL instead of INVALID_ARGUMENT) and reads other values as an empty body.',
    behaviour: (b) => {
      b.bodyMustBeObject = false;
    },
    probe: async (call) => (await call('POST', '/v1/agents', { raw: 'null' })).body.error.code,
    shows: 'INTERNAL',
  }),
  fault({
    id: 'scheduled-run-last-run-at-epoch',
    requirements: ['TIMESTAMP-ISO-UTC'],
    slips: ['type'],
    description:
      "A scheduled run's last_run_at is sent as epoch milliseconds (a JSON number), the way the store keeps it; every other timestamp is an ISO 8601 string.",
    seenThrough: ['SCHEDULED-RUN-GET'],
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view, record) => {
        const last = (record as { last_run_at: number | null }).last_run_at;
        return last === null ? view : { ...view, last_run_at: last };
      });
    },
    probe: async (call) =>
      typeof (await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`)).body.scheduled_run.last_run_at,
    shows: 'number',
  }),
  fault({
    id: 'agent-get-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['scope'],
    description:
      'GET /v1/agents/{agent_id} reports an update_time a day before the create_time; the agent POST answers in order.',
    behaviour: (b) => {
      readAs(b, 'GET /v1/agents/{agent_id}', 'agent', (agent) => ({
        ...agent,
        update_time: b.formatTime(Date.parse(String(agent['create_time'])) - DAY),
      }));
    },
    probe: async (call) => {
      const agent = (await call('GET', `/v1/agents/${(await newAgent(call)).body.agent.id}`)).body.agent;
      return Date.parse(agent.update_time) >= Date.parse(agent.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'persona-get-name-singular',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['scope'],
    description: 'GET /v1/personas/{persona_id} names the persona `persona/<id>`; the list names it `personas/<id>`.',
    seenThrough: ['PERSONA-GET'],
    behaviour: (b) => {
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (persona) => ({
        ...persona,
        resource_name: `persona/${String(persona['id'])}`,
      }));
    },
    probe: async (call) =>
      (await call('GET', `/v1/personas/${(await firstPersona(call)).id}`)).body.persona.resource_name.split('/')[0],
    shows: 'persona',
  }),
  fault({
    id: 'metrics-not-found-http-400',
    requirements: ['HTTP-STATUS-CONVENTIONS'],
    slips: ['scope'],
    description:
      'NOT_FOUND is answered with HTTP 400 by the simulation metrics endpoints only (allowed by the spec; against the 404 convention).',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) =>
        code === 'NOT_FOUND' && endpoint?.path.startsWith('/v1/simulations/') ? 400 : status(code, endpoint);
    },
    probe: async (call) => (await call('GET', `/v1/simulations/${'S'.repeat(22)}/metrics/${'M'.repeat(26)}`)).status,
    shows: 400,
  }),
  fault({
    id: 'persona-delete-text-plain',
    requirements: ['RESPONSE-CONTENT-TYPE-JSON'],
    slips: ['scope'],
    description:
      'DELETE /v1/personas/{persona_id} writes its `{}` as text/plain; every other JSON body is labelled application/json.',
    seenThrough: ['PERSONA-DELETE'],
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        return endpoint.key === 'DELETE /v1/personas/{persona_id}' && !(shaped instanceof RawText)
          ? new RawText('text/plain', JSON.stringify(shaped))
          : shaped;
      };
    },
    probe: async (call) => (await call('DELETE', `/v1/personas/${FIXTURE_IDS.deletablePersonaId}`)).contentType,
    shows: 'text/plain',
  }),
  fault({
    id: 'persona-delete-missing-permission-denied',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['scope'],
    description:
      'DELETE of a persona that does not exist answers PERMISSION_DENIED (the ownership check finds no owner); GET of it answers NOT_FOUND.',
    behaviour: (b) => {
      codeOnEndpoint(b, 'DELETE /v1/personas/{persona_id}', 'NOT_FOUND', 'PERMISSION_DENIED');
    },
    probe: async (call) => (await call('DELETE', `/v1/personas/${UNKNOWN_22}`)).body.error.code,
    shows: 'PERMISSION_DENIED',
  }),
  fault({
    id: 'mutation-id-format-after-agent-lookup',
    requirements: ['PATH-ID-FORMAT-FIRST'],
    slips: ['precedence'],
    description:
      "The mutation_id's format is checked only once the agent of the path is found: a malformed mutation_id under an agent that does not exist is answered NOT_FOUND.",
    behaviour: checkMutationIdAfterAgent,
    probe: async (call) => (await call('GET', `/v1/agents/${UNKNOWN_22}/mutations/x`)).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'path-id-alphabet-hyphen',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['bound'],
    description:
      "Path IDs are checked against a slug's alphabet, `[A-Za-z0-9-]`: an agent, persona, dashboard, mutation or metric output id of the right length with a hyphen is looked up (NOT_FOUND); one with an underscore is still refused.",
    behaviour: (b) => {
      pathIdAlphabet(b, (unit) => /[A-Za-z0-9-]/.test(String.fromCharCode(unit)));
    },
    probe: async (call) => (await call('GET', `/v1/agents/${'A'.repeat(10)}-${'A'.repeat(11)}`)).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'path-id-alphabet-unicode',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['bound'],
    description:
      "Path IDs are checked as letters and digits of any script (`\\p{L}\\p{N}`, like Python's str.isalnum): an id of the right length with `é` is looked up (NOT_FOUND); one with an underscore or a hyphen is still refused.",
    behaviour: (b) => {
      pathIdAlphabet(b, (unit) => /[\p{L}\p{N}]/u.test(String.fromCharCode(unit)));
    },
    probe: async (call) =>
      (await call('GET', `/v1/agents/${encodeURIComponent(`${'A'.repeat(10)}é${'A'.repeat(11)}`)}`)).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'request-content-type-exact',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'A body is read only when its Content-Type is exactly `application/json`: `application/json; charset=utf-8` is refused with INVALID_ARGUMENT (a string comparison where a media type parser was due).',
    behaviour: (b) => {
      b.bodyRefusal = (contentType) =>
        contentType === 'application/json'
          ? undefined
          : invalidArgument('Content-Type', 'must be application/json', 'header');
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          raw: JSON.stringify({ display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' }),
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'request-body-control-character-unnamed',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    slips: ['broken'],
    description:
      'A body whose JSON holds a control character other than a line break or a tab (`\\u0000`, `\\u001f`), in any field, is refused before it is read, with INVALID_ARGUMENT naming `body` (a guard in front of a store that cannot hold NUL): a careful server names the field that holds it, or stores it.',
    behaviour: (b) => {
      const read = b.requestBody;
      b.requestBody = (text, headers) => {
        if (/\\u00(0[0-8bcef]|1[0-9a-f])|\\u007f|[\u0000-\u0008\u000b-\u001f\u007f]/i.test(text))
          throw invalidArgument('body', 'control characters are not allowed');
        return read(text, headers);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: { ...TEST_CASE, input_str: 'Ask\u0000 for a refund' },
      });
      return (answer.body.error?.details?.[0]?.field as string | undefined) ?? null;
    },
    shows: 'body',
  }),
  fault({
    id: 'path-escape-not-utf8-internal',
    requirements: ['PATH-ID-EXACT'],
    slips: ['broken'],
    description:
      "The router guards its percent-decoding against malformed escape syntax only (`%zz` or a lone `%` is refused as before), not against bytes that are no UTF-8: a path parameter holding `%e9` (Latin-1's é, on any endpoint) makes decodeURIComponent throw a URIError, answered 500 INTERNAL instead of a refusal or a not-found.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const unrouted = b.unrouted;
      b.unrouted = (error, presented) => {
        const path = String(request()?.url ?? '').split('?')[0] ?? '';
        return /%[89A-Fa-f][0-9A-Fa-f]/.test(path) && !/%(?![0-9A-Fa-f]{2})/.test(path)
          ? internal('URIError: URI malformed')
          : unrouted(error, presented);
      };
    },
    probe: async (call) => {
      const [notUtf8, malformed] = [
        await call('GET', '/v1/agents/AbCdEf%e9GhIjKlMnOpQrSt'),
        await call('GET', '/v1/agents/AbCdEf%zzGhIjKlMnOpQrSt'),
      ];
      return { notUtf8: notUtf8.status, malformed: malformed.status };
    },
    shows: { notUtf8: 500, malformed: 404 },
  }),
  // ---- invalid dynamic objects: a path value derived from a real resource names nothing ----
  fault({
    id: 'path-id-case-folded',
    requirements: ['PATH-ID-EXACT'],
    slips: ['broken'],
    description:
      "22-character path IDs are looked up without regard to case (a case-insensitive collation, MySQL's default): a real agent's, persona's, scheduled run's or dashboard's ID with its letters' case swapped names that resource, on every endpoint that takes it (a DELETE deletes it, a PATCH renames it).",
    behaviour: (b) => {
      const tables = {
        agent_id: (store: Store) => store.agents,
        persona_id: (store: Store) => store.personas,
        scheduled_run_id: (store: Store) => store.scheduledRuns,
        dashboard_id: (store: Store) => store.dashboards,
      };
      for (const [param, table] of Object.entries(tables))
        renamePath(b, param, (asked, store) =>
          [...table(store).keys()].find((id) => id.toLowerCase() === asked.toLowerCase()),
        );
    },
    probe: async (call) => {
      const id = String((await newAgent(call)).body.agent.id);
      return (await call('GET', `/v1/agents/${swapCase(id)}`)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'path-id-simulation-prefix',
    requirements: ['PATH-ID-EXACT'],
    slips: ['broken'],
    description:
      "A simulation is found by the stored ID the one asked for starts with (trailing characters ignored, as a prefix match does): a real simulation ID of fewer than 27 characters with a character appended, still within the rule, lists that simulation's metric outputs.",
    behaviour: (b) => {
      renamePath(b, 'simulation_id', (asked, store) =>
        [...store.simulations.keys()].find((id) => asked.startsWith(id)),
      );
    },
    probe: async (call) => {
      const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as { results: { output_ids: string[] } }[];
      const short = runs.flatMap((run) => run.results.output_ids).find((id) => id.length < 27)!;
      return (await call('GET', `/v1/simulations/${short}X/metrics`)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'path-id-persona-any-resource',
    requirements: ['PATH-ID-EXACT'],
    slips: ['scope'],
    description:
      "Personas are found in one index of every 22-character resource: GET /v1/personas/{persona_id} given an agent's ID answers the agent as a persona (its display_name as name, its prompt as persona_prompt), where it names no persona.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params['persona_id'];
        const agent = id === undefined || store.personas.has(id) ? undefined : store.agents.get(id);
        if (agent) store.personas.set(agent.id, personaOf(agent));
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const id = String((await newAgent(call)).body.agent.id);
      return (await call('GET', `/v1/personas/${id}`)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'metric-output-any-simulation',
    requirements: ['PATH-ID-EXACT'],
    slips: ['scope'],
    description:
      'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} finds the output in whichever simulation holds it: an output fetched under another simulation is answered, not refused.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const { simulation_id: asked, metric_output_id: output } = params;
        if (output === undefined || store.simulations.get(asked ?? '')?.has(output))
          return named(endpoint, params, store);
        const holder = [...store.simulations].find(([, outputs]) => outputs.has(output))?.[0];
        return named(endpoint, holder === undefined ? params : { ...params, simulation_id: holder }, store);
      };
    },
    probe: async (call) => {
      const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as { results: { output_ids: string[] } }[];
      const [first, ...others] = [...new Set(runs.flatMap((run) => run.results.output_ids))];
      for (const other of others) {
        const outputs = (await call('GET', `/v1/simulations/${other}/metrics`)).body.metrics as {
          metric_output_id: string;
        }[];
        if (outputs.length)
          return (await call('GET', `/v1/simulations/${first}/metrics/${outputs[0]!.metric_output_id}`)).status;
      }
      return null;
    },
    shows: 200,
  }),
  fault({
    id: 'references-resolved-by-prefix',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "References in a body are resolved with a case-insensitive prefix match (LIKE 'id%' under a case-insensitive collation) and answered as the IDs found: a review project's linked_simulation_ids and an agent's metric_ids holding a real simulation ID or metric_id with a character appended, cut or its case swapped come back as the real one.",
    behaviour: (b) => {
      let simulations: readonly string[] = [];
      let metrics: readonly string[] = [];
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        simulations = [...store.simulations.keys()];
        metrics = [...store.simulations.values()].flatMap((outputs) => [...outputs.values()].map((o) => o.metric_id));
        return named(endpoint, params, store);
      };
      const resolve = (known: readonly string[]) => (sent: string) =>
        known.find((id) => {
          const [a, c] = [id.toLowerCase(), sent.toLowerCase()];
          return a.startsWith(c) || c.startsWith(a);
        }) ?? sent;
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        linked_simulation_ids: (view['linked_simulation_ids'] as string[]).map(resolve(simulations)),
      }));
      presentWith(b, 'agent', (view) => ({
        ...view,
        metric_ids: (view['metric_ids'] as string[]).map(resolve(metrics)),
      }));
    },
    probe: async (call) => {
      const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as { results: { output_ids: string[] } }[];
      const simulation = runs.flatMap((run) => run.results.output_ids)[0]!;
      const answer = await call('POST', '/v1/review-projects', {
        body: { ...REVIEW_PROJECT, linked_simulation_ids: [swapCase(simulation)] },
      });
      return answer.body.review_project.linked_simulation_ids[0] === simulation;
    },
    shows: true,
  }),
  fault({
    id: 'accept-compared-exactly',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'Accept is compared as a string: any Accept but exactly `application/json` (`application/json; charset=utf-8`, `application/*`, `*/*`, `Application/JSON`) is refused with 406 NOT_ACCEPTABLE on every endpoint but the document endpoint, where JSON satisfies each of them.',
    behaviour: (b) => {
      b.answerRefusal = (accept, endpoint) =>
        endpoint.path === '/v1/openapi/{spec_name}' || accept === undefined || accept === 'application/json'
          ? undefined
          : new ApiError('NOT_ACCEPTABLE', `Accept ${accept} is not supported`);
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_ACCEPTABLE' ? 406 : status(code, endpoint));
    },
    probe: async (call) => (await call('GET', '/v1/personas', { headers: { Accept: 'application/*' } })).status,
    shows: 406,
  }),
  fault({
    id: 'agent-create-accept-first-range-only',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['scope'],
    description:
      'POST /v1/agents negotiates on the first media range of Accept only (a hand-written check in the create route): `text/html, application/json;q=0.9` is refused with 406 NOT_ACCEPTABLE, though its JSON answer satisfies the second range; every other endpoint, and every Accept whose first range JSON satisfies, is answered.',
    behaviour: (b) => {
      const refusal = b.answerRefusal;
      b.answerRefusal = (accept, endpoint) => {
        const first = (accept ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
        return endpoint.key === 'POST /v1/agents' && !['', 'application/json', 'application/*', '*/*'].includes(first)
          ? new ApiError('NOT_ACCEPTABLE', `Accept ${String(accept)} is not supported`)
          : refusal(accept, endpoint);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_ACCEPTABLE' ? 406 : status(code, endpoint));
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' },
          headers: { Accept: 'text/html, application/json;q=0.9' },
        })
      ).status,
    shows: 406,
  }),
  fault({
    id: 'item-reads-br-labelled-gzip',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['scope'],
    description:
      'A compression filter on the routes of one resource (an agent, a mutation, a persona, a metric output, a scheduled run: not the lists, which stream) picks br when Accept-Encoding offers it but writes `Content-Encoding: gzip` from a constant: its answers to a br-only offer are brotli bytes labelled gzip, which no client decodes; gzip and no offer are answered as they should.',
    behaviour: (b) => {
      const item =
        /^\/v1\/(agents\/[^/?]+(\/mutations\/[^/?]+)?|personas\/(?!phone-numbers)[^/?]+|simulations\/[^/?]+\/metrics\/[^/?]+|scheduled-runs\/[^/?]+)$/;
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) =>
        req.method === 'GET' &&
        item.test(String(req.url)) &&
        /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
        bytes.length > 0
          ? { bytes: brotliCompressSync(bytes), headers: { 'Content-Encoding': 'gzip' } }
          : code(req, bytes);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`, {
        headers: { 'Accept-Encoding': 'br' },
      });
      return [answer.headers['content-encoding'] ?? null, typeof answer.body === 'object'];
    },
    shows: ['gzip', false],
  }),
  fault({
    id: 'agent-create-answers-xml',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['scope'],
    description:
      "POST /v1/agents has an XML renderer registered beside JSON (a framework's renderer list, set on that view alone): a create asking for `Accept: application/xml` alone is answered in XML, labelled application/xml, instead of JSON or 406. A list of media ranges, and every other endpoint, get JSON.",
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) =>
        req.method === 'POST' && req.url === '/v1/agents' && req.headers.accept === 'application/xml' && bytes.length
          ? {
              bytes: Buffer.from(
                `<?xml version="1.0"?><response>${bytes.toString('utf8').replace(/[<&]/g, '_')}</response>`,
              ),
              headers: { 'Content-Type': 'application/xml' },
            }
          : code(req, bytes);
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: { display_name: 'Probe', model_type: 'MODEL_TYPE_VOICE' },
          headers: { Accept: 'application/xml' },
        })
      ).contentType,
    shows: 'application/xml',
  }),
  fault({
    id: 'content-type-letter-case-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'The media type of a body is compared case-sensitively: a body labelled `Application/Json` is refused with INVALID_ARGUMENT naming Content-Type, where media types are case-insensitive (RFC 9110 8.3.1).',
    behaviour: (b) => {
      b.bodyRefusal = (contentType) =>
        contentType === undefined || contentType.startsWith('application/json')
          ? undefined
          : invalidArgument('Content-Type', 'must be application/json', 'header');
    },
    probe: async (call) =>
      (
        await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, {
          body: { display_name: 'Probe' },
          headers: { 'Content-Type': 'Application/Json' },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'json-charset-latin1-outside-successes',
    requirements: ['RESPONSE-JSON-UTF8'],
    slips: ['scope'],
    description:
      "Successes are written by the API's serializer as `application/json`; what the framework writes itself, errors and the published documents' JSON form, is labelled `application/json; charset=iso-8859-1` (its default charset), its bytes UTF-8.",
    behaviour: (b) => {
      b.contentTypes = { ...b.contentTypes, json: 'application/json; charset=iso-8859-1' };
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        return shaped instanceof RawText ? shaped : new RawText('application/json', JSON.stringify(shaped));
      };
    },
    probe: async (call) => [
      (await call('GET', '/v1/personas')).contentType,
      (await call('GET', '/v1/personas', { key: null })).contentType,
    ],
    shows: ['application/json', 'application/json; charset=iso-8859-1'],
  }),
  fault({
    id: 'body-format-characters-dropped',
    requirements: ['TESTCASE-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Request bodies are cleaned of invisible format characters (U+200B zero width space, U+200C, U+200D zero width joiner, U+FEFF, U+00AD soft hyphen) before they are read: text holding one, valid in a JSON string, comes back without it.',
    behaviour(b) {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => requestBody(text.replace(/[\u200b-\u200d\ufeff\u00ad]/g, ''), headers);
    },
    probe: async (call) => (await createdTestCase(call, { ...TEST_CASE, description: 'soft\u00adhyphen' })).description,
    shows: 'softhyphen',
  }),
  fault({
    id: 'content-type-parameter-name-case-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      "The parameters of a body's media type are checked against a list of known names compared case-sensitively: `Application/JSON; Charset=UTF-8` is refused with INVALID_ARGUMENT for an unknown parameter `Charset`, where parameter names are case-insensitive (RFC 9110 5.6.6).",
    behaviour: (b) => {
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) => {
        const names = (contentType ?? '')
          .split(';')
          .slice(1)
          .map((p) => p.trim().split('=')[0]);
        const unknown = names.find((name) => name !== 'charset' && name !== '');
        return unknown === undefined
          ? refusal(contentType, endpoint)
          : invalidArgument('Content-Type', `unknown parameter ${unknown}`, 'header');
      };
    },
    probe: async (call) =>
      (
        await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, {
          body: { display_name: 'Probe' },
          headers: { 'Content-Type': 'Application/JSON; Charset=UTF-8' },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'content-type-blank-before-semicolon-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'The media type of a body is the text before its first `;`, lowered but not trimmed: `application/json ;charset="utf-8"` is read as `application/json ` and refused with INVALID_ARGUMENT, where blanks before `;` are allowed (RFC 9110 5.6.6).',
    behaviour: (b) => {
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) =>
        contentType === undefined || contentType.split(';')[0]!.toLowerCase() === 'application/json'
          ? refusal(contentType, endpoint)
          : invalidArgument('Content-Type', 'must be application/json', 'header');
    },
    probe: async (call) =>
      (
        await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, {
          body: { display_name: 'Probe' },
          headers: { 'Content-Type': 'application/json ;charset="utf-8"' },
        })
      ).status,
    shows: 400,
  }),
  fault({
    id: 'empty-object-answer-without-content-type',
    requirements: ['RESPONSE-CONTENT-TYPE-JSON'],
    slips: ['broken'],
    description:
      'An answer whose body is the empty object `{}` (the DELETE of a persona, run, mutation or scheduled run) is sent with an ' +
      'empty Content-Type, as the media type is set only for answers "with content"; other answers are labelled application/json.',
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        return isJsonObject(shaped) && Object.keys(shaped).length === 0 ? new RawText('', '{}') : shaped;
      };
    },
    probe: async (call) => {
      const agent = (await newAgent(call)).body.agent.id as string;
      const created = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'Short-lived' } });
      const deleted = await call('DELETE', `/v1/agents/${agent}/mutations/${created.body.mutation.id}`);
      return [deleted.text, deleted.contentType];
    },
    shows: ['{}', ''],
  }),
  fault({
    id: 'answer-labelled-as-accept-names',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'The answer is labelled with the media type negotiated from Accept, but always written by the JSON serializer: a ' +
      'request whose Accept names no JSON type (`text/html`, `application/xml`, `text/csv`) gets its JSON labelled as the ' +
      'first type named, on every endpoint; an Accept JSON satisfies, or none, gets `application/json`.',
    behaviour: (b) => {
      let named = 'application/json';
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const accept = String(req.headers.accept ?? '');
        const json = accept === '' || /json|\*\/\*|application\/\*/i.test(accept);
        named = json ? 'application/json' : accept.split(/[;,]/)[0]!.trim();
        return presented(req);
      };
      const yaml = b.contentTypes.yaml;
      b.contentTypes = {
        get json() {
          return named;
        },
        yaml,
      };
    },
    probe: async (call) => (await call('GET', '/v1/personas', { headers: { Accept: 'application/xml' } })).contentType,
    shows: 'application/xml',
  }),
  fault({
    id: 'write-answer-gzipped-under-offered-coding',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['scope'],
    description:
      'The answers of the writes (POST, PATCH) pass through a compression filter that gzips whatever Accept-Encoding offers and labels the answer with the first coding named: a write offered `br` or `deflate` gets gzip bytes labelled `Content-Encoding: br` (or `deflate`), which a client decoding the label cannot read; offered gzip, the answer is gzip as labelled; the reads code nothing.',
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const first = String(req.headers['accept-encoding'] ?? '')
          .split(',')[0]
          ?.split(';')[0]
          ?.trim()
          .toLowerCase();
        return bytes.length && (req.method === 'POST' || req.method === 'PATCH') && first
          ? { bytes: gzipSync(bytes), headers: { 'Content-Encoding': first } }
          : code(req, bytes);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: TEST_CASE,
        headers: { 'Accept-Encoding': 'br' },
      });
      return {
        status: answer.status,
        encoding: answer.headers['content-encoding'] ?? null,
        gzip: answer.bytes[0] === 0x1f && answer.bytes[1] === 0x8b,
      };
    },
    shows: { status: 200, encoding: 'br', gzip: true },
  }),
  fault({
    id: 'if-modified-since-compared-backwards',
    requirements: [...GET_RULES, 'SPEC-FETCHABLE'],
    slips: ['broken'],
    description:
      'Every GET honours If-Modified-Since with the comparison the wrong way round: an answer last changed AFTER the ' +
      'date given is Not Modified, so `If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT` gets 304 with no body on ' +
      'every read (the document and the listing too); without the header, the full answer.',
    behaviour: (b) => {
      const request = lastRequest(b);
      notModifiedWhen(b, () => {
        const req = request();
        return req?.method === 'GET' && Date.parse(String(req.headers['if-modified-since'])) < Date.now();
      });
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas', {
        headers: { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
      });
      return { status: answer.status, text: answer.text };
    },
    shows: { status: 304, text: '' },
  }),
  fault({
    id: 'coding-star-weight-ignored',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'A compression filter reads the weight of each coding it names but takes `*` as accepting gzip whatever its ' +
      'weight: `Accept-Encoding: identity, *;q=0` (identity the only acceptable coding, RFC 9110 12.5.3) gets gzip ' +
      'bytes labelled `Content-Encoding: gzip` on every endpoint; `gzip;q=0, identity`, `identity` alone and no offer ' +
      'get plain JSON.',
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) =>
        bytes.length > 0 &&
        String(req.headers['accept-encoding'] ?? '')
          .split(',')
          .some((part) => part.split(';')[0]!.trim() === '*')
          ? { bytes: gzipSync(bytes), headers: { 'Content-Encoding': 'gzip' } }
          : code(req, bytes);
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas', { headers: { 'Accept-Encoding': 'identity, *;q=0' } });
      return { status: answer.status, coding: answer.headers['content-encoding'] ?? null };
    },
    shows: { status: 200, coding: 'gzip' },
  }),
  fault({
    id: 'list-coded-answer-cached-by-url',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['state'],
    description:
      'The lists (personas, phone numbers, runs, metrics) pass a cache keyed by URL alone (no `Vary: ' +
      'Accept-Encoding`) that keeps the bytes as sent: once a client offering gzip has read a page, every later read ' +
      'of that URL gets the gzip bytes labelled `Content-Encoding: gzip`, also a client offering `identity` alone; ' +
      'pages not yet read coded, and every other endpoint, are answered as asked.',
    behaviour: (b) => {
      const cached = new Map<string, Buffer>();
      const list = /^\/v1\/(personas(\/phone-numbers)?|runs|simulations\/[^/?]+\/metrics)(\?|$)/;
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const url = String(req.url);
        if (req.method !== 'GET' || !list.test(url) || bytes.length === 0) return code(req, bytes);
        if (/\bgzip\b(?!;q=0(\.0*)?\b)/.test(String(req.headers['accept-encoding'] ?? '')) && !cached.has(url))
          cached.set(url, gzipSync(bytes));
        const hit = cached.get(url);
        return hit === undefined ? code(req, bytes) : { bytes: hit, headers: { 'Content-Encoding': 'gzip' } };
      };
    },
    probe: async (call) => {
      await call('GET', '/v1/personas?page_size=2', { headers: { 'Accept-Encoding': 'gzip' } });
      const plain = await call('GET', '/v1/personas?page_size=2', { headers: { 'Accept-Encoding': 'identity' } });
      return { status: plain.status, coding: plain.headers['content-encoding'] ?? null };
    },
    shows: { status: 200, coding: 'gzip' },
  }),
  fault({
    id: 'persona-if-modified-since-zone-dropped',
    requirements: ['PERSONA-GET'],
    slips: ['unit'],
    description:
      'GET /v1/personas/{persona_id} answers with Last-Modified (its update_time) and honours If-Modified-Since, but ' +
      'reads a date with a numeric zone (`Tue, 01 Sep 2026 10:00:00 +0200`, as mail libraries write local time) by ' +
      'dropping the zone and taking the clock as GMT: such a date is read two hours late, so a client asking whether ' +
      'the persona changed since a second before its last change, which it has, gets 304 and no persona. GMT dates ' +
      'are read right.',
    behaviour: (b) => {
      const request = lastRequest(b);
      let persona: PersonaRecord | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        persona =
          endpoint.key === 'GET /v1/personas/{persona_id}' ? store.personas.get(params.persona_id ?? '') : undefined;
        return named(endpoint, params, store);
      };
      const lastModified = (p: PersonaRecord): number => Math.floor(p.update_time / 1000) * 1000;
      notModifiedWhen(b, (endpoint) => {
        const since = request()?.headers['if-modified-since'];
        if (endpoint.key !== 'GET /v1/personas/{persona_id}' || persona === undefined || typeof since !== 'string')
          return false;
        return lastModified(persona) <= Date.parse(since.replace(/\s*(GMT|[+-]\d{4})$/i, ' GMT'));
      });
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        if (req.method !== 'GET' || !/^\/v1\/personas\/(?!phone-numbers)[^/?]+/.test(String(req.url)) || !persona)
          return coded;
        return {
          ...coded,
          headers: { ...coded.headers, 'Last-Modified': new Date(lastModified(persona)).toUTCString() },
        };
      };
    },
    probe: async (call) => {
      const path = `/v1/personas/${String((await firstPersona(call)).id)}`;
      const first = await call('GET', path);
      const since = new Date(Date.parse(String(first.body.persona.update_time)) + 3_599_000);
      const written = `${since.toUTCString().slice(0, -4)} +0100`;
      const again = await call('GET', path, { headers: { 'If-Modified-Since': written } });
      return { status: again.status, persona: again.body?.persona?.id === first.body.persona.id };
    },
    shows: { status: 304, persona: false },
  }),
  fault({
    id: 'scheduled-run-if-modified-since-star-304',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      'GET /v1/scheduled-runs/{scheduled_run_id} evaluates If-Modified-Since with the code of If-None-Match: `*` ' +
      'matches any current representation, so `If-Modified-Since: *`, which is no HTTP-date and must be ignored ' +
      '(RFC 9110 13.1.3), gets 304 Not Modified and no scheduled run; dates, and no header, get the scheduled run.',
    behaviour: (b) => {
      const request = lastRequest(b);
      notModifiedWhen(
        b,
        (endpoint) =>
          endpoint.key === 'GET /v1/scheduled-runs/{scheduled_run_id}' &&
          request()?.headers['if-modified-since']?.trim() === '*',
      );
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`, {
        headers: { 'If-Modified-Since': '*' },
      });
      return { status: answer.status, text: answer.text };
    },
    shows: { status: 304, text: '' },
  }),
  fault({
    id: 'accept-language-list-ranges-each-a-locale',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'The locale middleware takes a lone Accept-Language range as it is, and of a list builds a locale of every ' +
      'range (`new Intl.Locale(range)`) to pick the best supported by weight, which throws a RangeError on the ' +
      'wildcard, a valid range (RFC 4647 2.1): a request whose list holds `*` (`fr-CH, fr;q=0.9, *;q=0.5`, as ' +
      'browsers and proxies send) answers 500 INTERNAL on every endpoint; one range (`*` too), or none, is served.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const ranges = String(request()?.headers['accept-language'] ?? '')
          .split(',')
          .map((range) => range.split(';')[0]!.trim())
          .filter(Boolean);
        if (ranges.length > 1 && ranges.includes('*'))
          throw internal('RangeError: Incorrect locale information provided');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: TEST_CASE,
        headers: { 'Accept-Language': 'fr-CH, fr;q=0.9, *;q=0.5' },
      });
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'user-agent-further-products-each-versioned',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'The request-metrics middleware tags each request with the products of User-Agent, split on spaces: the first ' +
      'is taken as it is (guarded for a bare token), each further one read as `name/version` ' +
      '(`token.split("/")[1].length`). A comment between products, which RFC 9110 10.1.5 allows ' +
      '(`qa-runner/1.2 (linux; x64) undici/6.21.0`, as most clients send), has no version and throws: the request ' +
      'answers 500 INTERNAL on every endpoint but the public ones; one product, or none, is served.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const products = String(request()?.headers['user-agent'] ?? '')
          .split(' ')
          .filter(Boolean)
          .slice(1);
        if (!endpoint.public && products.some((product) => product.split('/')[1] === undefined))
          throw internal("TypeError: Cannot read properties of undefined (reading 'length')");
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: TEST_CASE,
        headers: { 'User-Agent': 'qa-runner/1.2 (linux; x64) undici/6.21.0' },
      });
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'refused-create-description-carried',
    requirements: ['MUTATION-CREATE', 'TESTCASE-CREATE', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "The body reader of mutation, test case and review project creates keeps the description it last read in a draft of each that only a successful create clears: after a create refused past its description, the next one without a description is stored and answered with the refused request's.",
    behaviour: (b) => {
      const kindOf = (method: string | undefined, path: string): string | undefined =>
        method === 'POST' ? /\/(mutations|test-cases|review-projects)$/.exec(path)?.[1] : undefined;
      const creates = new WeakMap<object, string>();
      const drafts = new Map<string, string>();
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const kind = kindOf(req.method, new URL(String(req.url), 'http://reference.invalid').pathname);
        if (kind !== undefined) creates.set(req.headers, kind);
        return presented(req);
      };
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) => {
        const read = requestBody(text, headers);
        const kind = creates.get(headers);
        if (kind === undefined) return read;
        let body: unknown;
        try {
          body = JSON.parse(read);
        } catch {
          return read;
        }
        if (!isJsonObject(body)) return read;
        if (typeof body.description === 'string') drafts.set(kind, body.description);
        const draft = drafts.get(kind);
        return draft === undefined || 'description' in body ? read : JSON.stringify({ ...body, description: draft });
      };
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const kind = kindOf(endpoint.method, endpoint.path);
        if (kind !== undefined) drafts.delete(kind);
        return respond(endpoint, body);
      };
    },
    probe: async (call) => {
      const agentId = String((await newAgent(call)).body.agent.id);
      const path = `/v1/agents/${agentId}/mutations`;
      await call('POST', path, {
        body: { display_name: 'Refused', description: 'Of a refused request', config_overrides: { no_such_key: 1 } },
      });
      return (await call('POST', path, { body: { display_name: 'Next' } })).body.mutation.description;
    },
    shows: 'Of a refused request',
  }),
  fault({
    id: 'get-body-read-when-labelled-json',
    requirements: GET_RULES,
    slips: ['broken'],
    description:
      'The body of any request labelled `Content-Type: application/json` is read as JSON, whatever its method: a GET carrying the label (as some HTTP clients send it on every request) has no body, whose empty text is no JSON, and is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      b.readsBody = (endpoint, headers) =>
        endpoint.method === 'POST' || endpoint.method === 'PATCH' || /json/i.test(headers['content-type'] ?? '');
    },
    probe: async (call) => {
      const persona = await firstPersona(call);
      const answer = await call('GET', `/v1/personas/${String(persona.id)}`, {
        headers: { 'Content-Type': 'application/json' },
      });
      return { status: answer.status, code: answer.body?.error?.code };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'get-method-override-honoured',
    requirements: ['AGENT-GET', 'MUTATION-GET'],
    slips: ['broken'],
    description:
      'Requests are routed by `X-HTTP-Method-Override` when it is present (a method-override middleware for clients that can only send GET and POST), on every method: a GET of a mutation carrying `X-HTTP-Method-Override: DELETE` deletes it and answers as the DELETE does.',
    behaviour: (b) => {
      b.routedMethod = (req) => {
        const override = req.headers['x-http-method-override'];
        return typeof override === 'string' ? override.toUpperCase() : String(req.method);
      };
    },
    probe: async (call) => {
      const agentId = String((await newAgent(call)).body.agent.id);
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Overridden' } });
      const path = `/v1/agents/${agentId}/mutations/${String(created.body.mutation.id)}`;
      const overridden = await call('GET', path, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
      return { answered: overridden.body?.mutation !== undefined, after: (await call('GET', path)).status };
    },
    shows: { answered: false, after: 404 },
  }),
  fault({
    id: 'length-measured-trimmed',
    requirements: ['FIELD-LENGTH-LIMITS'],
    slips: ['bound'],
    description:
      'Every character limit is measured on the value trimmed of surrounding blanks, but the value is stored and answered as sent: a name of the maximum length and a trailing blank, one character over, is accepted and kept.',
    behaviour: rowsMeasuredAs(
      FIELD_LIMITS.filter((row) => row.unit === 'chars').map((row) => row.id),
      (value) => [...String(value).trim()].length,
    ),
    probe: (call) => dashboardNameStatus(call, `${'d'.repeat(255)} `),
    shows: 200,
  }),
  fault({
    id: 'enumerations-matched-as-substring',
    requirements: ['AGENT-MODEL-TYPE', 'TESTCASE-INPUT-TYPE', 'REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-RULES'],
    slips: ['broken'],
    description:
      "Every enumerated field is checked by one helper, `listed.join('|').includes(value)`, a substring test where membership was meant: a part of a listed value (`SCENARI`, `MODEL_TYPE_VOIC`), or two joined by `|`, is accepted (an agent takes the first type holding it).",
    behaviour: (b) => {
      const inListed = (listed: readonly string[], value: string) => listed.join('|').includes(value);
      const oneOf = (f: Fields, name: string, listed: readonly string[]) => {
        const value = f.string(name);
        if (value !== null && !inListed(listed, value)) f.fail(name, `must be one of ${listed.join(', ')}`);
        return value;
      };
      const modelType = b.agentRules.modelType;
      b.agentRules = {
        ...b.agentRules,
        modelType: (fields, request) => {
          const given = fields.string('model_type');
          if (given === null || !inListed(MODEL_TYPES, given)) return modelType(fields, request);
          return MODEL_TYPES.find((type) => type.includes(given)) ?? MODEL_TYPES[0];
        },
      };
      b.testCaseFields = {
        ...b.testCaseFields,
        input_type: (f) => oneOf(f, 'input_type', INPUT_TYPES) ?? DEFAULTS.testCaseInputType,
      };
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_type: (f) => oneOf(f, 'project_type', PROJECT_TYPES) ?? DEFAULTS.reviewProjectType,
        project_rules: (f) =>
          f.strings('project_rules', {
            each: { test: (value) => inListed(PROJECT_RULES, value), description: PROJECT_RULES.join(', ') },
          }),
      };
    },
    probe: async (call) => ({
      agent: (await call('POST', '/v1/agents', { body: { display_name: 'Enum', model_type: 'MODEL_TYPE_VOIC' } }))
        .status,
      testCase: await testCaseStatus(call, { ...TEST_CASE, input_type: 'SCENARI' }),
      projectType: await reviewProjectStatus(call, { project_type: 'PROJECT_INDIVIDUA' }),
      projectRules: await reviewProjectStatus(call, { project_rules: ['require_disagreement'] }),
    }),
    shows: { agent: 200, testCase: 200, projectType: 200, projectRules: 200 },
  }),
  fault({
    id: 'patterns-end-before-line-break',
    requirements: ['AGENT-PHONE-NUMBER', 'AGENT-REFERENCE-IDS', 'CHAT-PERSONA-ID', 'REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['bound'],
    description:
      "Formats are tested with Python's `re.match(r'^…$', value)`, whose `$` also matches before a final line break: an E.164 phone_number, a metric_ids or test_set_ids element, a CHAT persona_id or an assignee's address followed by `\\n` is accepted and stored with its line break.",
    behaviour: (b) => {
      const beforeLineBreak = (check: Check<string>): Check<string> => ({
        test: (value) => check.test(value.replace(/\n$/u, '')),
        description: check.description,
      });
      const reference = { each: beforeLineBreak(idCheck('agentReference')) };
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      b.agentRules = {
        ...b.agentRules,
        fields: {
          ...b.agentRules.fields,
          phone_number: (f) =>
            f.string('phone_number', { limit: 'agent.phone_number', check: beforeLineBreak(PHONE_NUMBER) }),
          metric_ids: (f) => f.strings('metric_ids', reference) ?? [],
          test_set_ids: (f) => f.strings('test_set_ids', reference) ?? [],
        },
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            persona_id: (c, k) => void c.string(k, { check: beforeLineBreak(idCheck('persona')) }),
          },
        },
      };
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (f) =>
          f.strings('assignees', { required: true, limit: 'reviewProject.assignees', each: beforeLineBreak(EMAIL) }),
      };
    },
    probe: async (call) => ({
      phoneNumber: (
        await call('POST', '/v1/agents', {
          body: { display_name: 'Line break', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100\n' },
        })
      ).status,
      assignees: await reviewProjectStatus(call, { assignees: ['reviewer@example.com\n'] }),
    }),
    shows: { phoneNumber: 200, assignees: 200 },
  }),
  fault({
    id: 'empty-answer-longer-than-its-length',
    requirements: ['HTTP-MESSAGE-FRAMING'],
    // One kind of answer framed wrongly, the others exactly.
    slips: ['scope'],
    description:
      "Success answers holding the empty object (a mutation's DELETE answers `{}`) are written by a handler that ends its text with a CRLF, under the Content-Length of `{}` alone: the answer carries 2 bytes past its body, which undici's parser skips as blank lines before the next status line, and a stricter client reads as the start of the next answer. Every other answer, errors included, is framed exactly.",
    behaviour: (b) => {
      const bytes = b.responseBytes;
      b.responseBytes = (text) => (text === '{}' ? Buffer.concat([bytes(text), Buffer.from('\r\n')]) : bytes(text));
    },
    probe: async (call) => {
      const { at } = await withMutation(call);
      const received = await rawAnswer(
        call,
        (host) => `DELETE ${at()} HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\nConnection: close\r\n`,
      );
      return bytesPastLength(received);
    },
    shows: 2,
  }),

  fault({
    id: 'large-answer-cut-at-its-first-write',
    requirements: ['HTTP-MESSAGE-FRAMING'],
    // Large answers framed short, the others exactly.
    slips: ['scope'],
    description:
      'The answer writer hands the socket one 16 KiB buffer and drops the rest when write() says the buffer is full, under the Content-Length of the whole text: every answer over 16 KiB (a page of runs) ends short of its length, the client waits for bytes that never come until the server closes the idle connection, and the same request cut alike each time. Smaller answers are framed exactly.',
    behaviour: (b) => {
      const bytes = b.responseBytes;
      b.responseBytes = (text) => bytes(text).subarray(0, 16 * 1024);
    },
    probe: async (call) => {
      const received = await rawAnswer(
        call,
        (host) =>
          `GET /v1/runs?page_size=1000 HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\nConnection: close\r\n`,
      );
      return { body: received.length - received.indexOf('\r\n\r\n') - 4, short: bytesPastLength(received) < 0 };
    },
    shows: { body: 16 * 1024, short: true },
  }),
  fault({
    id: 'expect-continue-token-case-sensitive',
    requirements: ['HTTP-EXPECT-CONTINUE'],
    slips: ['broken'],
    description:
      'An expectation filter before the body parser answers 417 Expectation Failed (code EXPECTATION_FAILED) to every Expect but `100-continue` compared exactly, where the token is case-insensitive (RFC 9110 10.1.1): a write sent with `Expect: 100-Continue` is refused and nothing is created; `100-continue` in lower case, and writes without Expect, are served as before.',
    behaviour: (b) => expectRefused(b, (expect) => expect !== '100-continue'),
    probe: async (call) => ({ status: await expectStatus(call, 'POST', '/v1/test-cases', '100-Continue') }),
    shows: { status: 417 },
  }),
  fault({
    id: 'expect-continue-refused-on-rename',
    requirements: ['HTTP-EXPECT-CONTINUE'],
    // One kind of write refuses the expectation, the creates honour it.
    slips: ['scope'],
    description:
      "The dashboard's PATCH handler is mounted behind a proxy module of its own that answers 417 Expectation Failed to any Expect header (it supports none): a rename sent with `Expect: 100-continue` is refused and the name kept; every create honours the expectation, and a rename without Expect is applied.",
    behaviour: (b) => expectRefused(b, () => true, 'PATCH'),
    probe: async (call) => ({
      status: await expectStatus(call, 'PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, '100-continue'),
    }),
    shows: { status: 417 },
  }),
  fault({
    id: 'http10-error-answered-chunked',
    requirements: ['HTTP-MESSAGE-FRAMING'],
    // One kind of answer (errors, written by their own filter) framed wrongly for HTTP/1.0, the rest right.
    slips: ['scope'],
    description:
      "Error answers are written by an error filter that streams them with `Transfer-Encoding: chunked` set by hand and no Content-Length, whatever the request's HTTP version: a 404 to an HTTP/1.0 GET is chunked, which RFC 9112 6.1 forbids (a server MUST NOT send Transfer-Encoding unless the request indicates HTTP/1.1), and an HTTP/1.0 client reads the chunk sizes as the body. Successes, lists included, carry Content-Length as before.",
    behaviour: (b) => {
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        return isErrorAnswer(bytes)
          ? { ...coded, headers: { ...coded.headers, 'Content-Length': null, 'Transfer-Encoding': 'chunked' } }
          : coded;
      };
    },
    probe: async (call) => {
      const text = (
        await rawAnswer(
          call,
          (host) => `GET /v1/agents/${UNKNOWN_22} HTTP/1.0\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\n`,
        )
      ).toString('latin1');
      const head = text.slice(0, text.indexOf('\r\n\r\n'));
      return {
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        chunked: /\r\ntransfer-encoding:\s*chunked/i.test(head),
      };
    },
    shows: { status: 404, chunked: true },
  }),
] as const satisfies readonly Fault[];

/** Writes whose Expect `refused(expect)` says so (of `method` only, when given) answered 417 EXPECTATION_FAILED before their body is read. */
function expectRefused(b: Behaviour, refused: (expect: string) => boolean, method?: string): void {
  const request = lastRequest(b);
  const refusal = b.bodyRefusal;
  b.bodyRefusal = (contentType, endpoint) => {
    const expect = request()?.headers.expect;
    return expect !== undefined && refused(expect) && (method === undefined || endpoint.method === method)
      ? new ApiError('EXPECTATION_FAILED', `unsupported expectation: ${expect}`, [
          { field: 'Expect', description: 'is not a supported expectation', location: 'header' },
        ])
      : refusal(contentType, endpoint);
  };
  const status = b.errors.status;
  b.errors.status = (code, endpoint) => (code === 'EXPECTATION_FAILED' ? 417 : status(code, endpoint));
}

/** The final status (after any 100) of a write with a valid body sent by hand with `Expect: <expect>`. */
async function expectStatus(call: Call, method: string, path: string, expect: string): Promise<number> {
  const body = JSON.stringify(
    method === 'PATCH' ? { display_name: 'expect probe' } : { input_str: 'Hello there.', test_set_id: 'expect01' },
  );
  const text = (
    await rawAnswer(
      call,
      (host) =>
        `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: ${expect}\r\nConnection: close\r\n\r\n${body}`,
    )
  ).toString('latin1');
  const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
  return statuses.find((s) => s >= 200) ?? 0;
}

/** Whether an answer's bytes are the error envelope. */
function isErrorAnswer(bytes: Buffer): boolean {
  try {
    return isJsonObject((JSON.parse(bytes.toString('utf8')) as { error?: unknown }).error);
  } catch {
    return false;
  }
}
