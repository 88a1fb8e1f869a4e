// Faults that keep a general rule on every endpoint, method or field but one (scope), check
// the parts of a request in the wrong order (precedence), or let one character past the ID
// alphabet (bound): the open cells of the fault model for the general, authentication,
// specification and mutation-scope rules.

import { internal } from '../../lib/reference/http/errors.js';
import { RawText } from '../../lib/reference/http/context.js';
import { DAY } from '../../lib/reference/fixtures/time.js';
import { authenticateAfter, fault, finalizeWith, localTime, paths, presentWith, readAs, type Fault } from './define.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { checkMutationIdAfterAgent } from '../../lib/reference/routes/mutations.js';
import type { MutationRules } from '../../lib/reference/validation/mutations.js';
import type { CheckedIdRule } from '../../lib/reference/validation/id-format.js';
import type { JsonObject } from '../../lib/util/json.js';
import {
  AGENT_ID,
  reviewProject,
  newAgentId,
  firstPersonaId,
  jsonSpec,
  MISSING_PERSONA,
} from '../probes/general-slips.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import { parse } from 'yaml';

const rules = (b: Behaviour, changes: Partial<MutationRules>): void => {
  b.mutationRules = { ...b.mutationRules, ...changes };
};

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

export const GENERAL_SLIPS_FAULTS = [
  // ---- scope: kept everywhere but on one endpoint, method or field --------------------------------

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
    probe: async (call) => Object.keys((await call('DELETE', `/v1/agents/${AGENT_ID}/mutations/x`)).body),
    shows: ['code', 'message', 'details'],
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
      (await call('POST', '/v1/review-projects', { body: reviewProject({ notifications: 'yes' }) })).status,
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
      const agent = (await call('GET', `/v1/agents/${await newAgentId(call)}`)).body.agent;
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
      (await call('GET', `/v1/personas/${await firstPersonaId(call)}`)).body.persona.resource_name.split('/')[0],
    shows: 'persona',
  }),
  fault({
    id: 'scheduled-run-published-enabled-string',
    requirements: ['SCHEMA-PUBLISHED'],
    slips: ['scope'],
    description:
      'The published schema of GET /v1/scheduled-runs/{scheduled_run_id} types `enabled` as a string (the service answers a boolean); every other operation matches its answers.',
    seenThrough: ['SCHEDULED-RUN-GET'],
    behaviour: (b) => {
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        const schema = (
          (copy['components'] as JsonObject | undefined)?.['schemas'] as
            Record<string, { properties?: Record<string, JsonObject> }> | undefined
        )?.['ScheduledRun'];
        if (schema?.properties?.['enabled']) schema.properties['enabled'] = { type: 'string' };
        return copy;
      });
    },
    probe: async (call) =>
      (await jsonSpec(call, 'agent-evaluation')).components.schemas.ScheduledRun.properties.enabled,
    shows: { type: 'string' },
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
    probe: async (call) => (await call('DELETE', `/v1/personas/${MISSING_PERSONA}`)).body.error.code,
    shows: 'PERMISSION_DENIED',
  }),
  fault({
    id: 'auth-reads-check-key-presence-only',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      'Endpoints that only read check that X-API-Key is present, not that it is valid: any key is accepted on GET; writes check the key.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (endpoint.method === 'GET' && key !== undefined && key !== '') || accepts(endpoint, key);
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: 'nope' })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-details-header-wrong-on-review-projects',
    requirements: ['AUTH-DETAILS-HEADER'],
    slips: ['scope'],
    description:
      'POST /v1/review-projects names the refused key `Authorization` in the UNAUTHENTICATED details; other endpoints name X-API-Key.',
    behaviour: (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'POST /v1/review-projects' && detail.location === 'header'
          ? 'Authorization'
          : field(detail, endpoint);
    },
    probe: async (call) =>
      (await call('POST', '/v1/review-projects', { key: null, body: reviewProject({}) })).body.error.details.map(
        (detail: { field: string }) => detail.field,
      ),
    shows: ['Authorization'],
  }),
  fault({
    id: 'auth-spec-document-requires-key',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['scope'],
    description: 'GET /v1/openapi/{spec_name} needs the key; the listing GET /v1/openapi is public.',
    behaviour: (b) => {
      const required = b.auth.required;
      b.auth.required = (endpoint) => endpoint.key === 'GET /v1/openapi/{spec_name}' || required(endpoint);
    },
    probe: async (call) => (await call('GET', '/v1/openapi/agent-evaluation', { key: null })).status,
    shows: 401,
  }),
  fault({
    id: 'spec-group-document-not-fetchable',
    requirements: ['SPEC-FETCHABLE'],
    slips: ['scope'],
    description:
      'With one document per endpoint group, the dashboards document is listed as `dashboard` (and at that URL), which answers NOT_FOUND; every other listed document is served.',
    behaviour: (b) => {
      b.publishing = { ...b.publishing, layout: 'per-group' };
      const listing = b.publishing.listing;
      b.publishing.listing = {
        ...listing,
        render: (entries) =>
          listing.render(
            entries.map((e) =>
              e.spec_name === 'dashboards'
                ? { spec_name: 'dashboard', url: e.url.replace(/dashboards$/, 'dashboard') }
                : e,
            ),
          ),
      };
    },
    probe: async (call) => {
      const listed = (await call('GET', '/v1/openapi', { key: null })).body.specs as { url: string }[];
      return Promise.all(
        listed.map(async (spec) => (await call('GET', new URL(spec.url).pathname, { key: null })).status),
      );
    },
    shows: [200, 200, 200, 200, 200, 200, 200, 200, 404, 200],
  }),
  fault({
    id: 'spec-one-operation-unsecured',
    requirements: ['SPEC-SECURITY-API-KEY'],
    slips: ['scope'],
    description:
      'GET /v1/personas/phone-numbers is published with `security: []` (no key), like the specification endpoints; every other operation declares X-API-Key.',
    behaviour: (b) => {
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        for (const [path, item] of Object.entries(paths(copy))) {
          if (path.endsWith('/personas/phone-numbers') && item['get']) item['get'] = { ...item['get'], security: [] };
        }
        return copy;
      });
    },
    probe: async (call) =>
      parse((await call('GET', '/v1/openapi/agent-evaluation', { key: null })).text).paths['/v1/personas/phone-numbers']
        .get.security,
    shows: [],
  }),
  fault({
    id: 'run-delete-no-body',
    requirements: ['DELETE-EMPTY-OBJECT-BODY'],
    slips: ['scope'],
    description: 'DELETE /v1/runs/{run_id} answers 200 with no body at all; the persona DELETE sends `{}`.',
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) =>
        endpoint.key === 'DELETE /v1/runs/{run_id}' ? new RawText('', '') : respond(endpoint, body);
    },
    probe: async (call) => (await call('DELETE', `/v1/runs/${FIXTURE_IDS.deletableRunId}`)).text,
    shows: '',
  }),

  // ---- precedence: checked in the wrong order ----------------------------------------------------

  fault({
    id: 'mutation-id-format-after-agent-lookup',
    requirements: ['PATH-ID-FORMAT-FIRST'],
    slips: ['precedence'],
    description:
      "The mutation_id's format is checked only once the agent of the path is found: a malformed mutation_id under an agent that does not exist is answered NOT_FOUND.",
    behaviour: checkMutationIdAfterAgent,
    probe: async (call) => (await call('GET', `/v1/agents/${AGENT_ID}/mutations/x`)).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'mutation-parent-looked-up-after-body',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['precedence'],
    description:
      'A mutation body is validated before its parent agent is looked up: config_overrides under an agent that does not exist is refused as INVALID_ARGUMENT (no such configuration key) instead of NOT_FOUND.',
    behaviour: (b) => {
      rules(b, { parentLookedUp: 'after-body' });
    },
    probe: async (call) =>
      (
        await call('POST', `/v1/agents/${AGENT_ID}/mutations`, {
          body: { display_name: 'm', config_overrides: { prompt: 'q' } },
        })
      ).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'mutation-delete-before-scope-check',
    requirements: ['MUTATION-SCOPED-TO-AGENT'],
    slips: ['precedence'],
    description:
      'DELETE under another agent deletes the mutation by its id first, and only then finds it belongs to another agent (answering NOT_FOUND).',
    behaviour: (b) => {
      const reaches = b.mutationRules.reaches;
      rules(b, {
        reaches: (mutation, agentId, method) => {
          const reached = reaches(mutation, agentId, method);
          if (method === 'DELETE') mutation.deleted = true;
          return reached;
        },
      });
    },
    probe: async (call) => {
      const agentId = await newAgentId(call);
      const mutation = (await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'm' } })).body
        .mutation;
      await call('DELETE', `/v1/agents/${await newAgentId(call)}/mutations/${mutation.id}`);
      return (await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`)).status;
    },
    shows: 404,
  }),
  fault({
    id: 'auth-missing-key-after-path-ids',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['precedence'],
    description:
      'X-API-Key is validated as a required header parameter with the path parameters, after their formats: a request without the key and with a malformed path ID gets INVALID_ARGUMENT (a wrong key is still refused first).',
    behaviour: (b) => {
      authenticateAfter(b, 'path-ids', (presented) => presented === undefined);
    },
    probe: async (call) => (await call('GET', '/v1/agents/x', { key: null })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),

  // ---- bound: one character past the ID alphabet ------------------------------------------------

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
] as const satisfies readonly Fault[];
