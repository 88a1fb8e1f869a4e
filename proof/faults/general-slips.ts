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

  fault(
    'error-envelope-bare-on-mutation-delete',
    ['ERROR-ENVELOPE'],
    'Errors of DELETE /v1/agents/{agent_id}/mutations/{mutation_id} are sent bare ({code, message, details} at the top level), without the `error` object every other endpoint uses.',
    (b) => {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        endpoint?.key === 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' ? error : body(error, endpoint);
    },
    ['PATH-ID-FORMAT'],
  ),
  fault(
    'review-project-invalid-failed-precondition',
    ['ERROR-INVALID-ARGUMENT'],
    'POST /v1/review-projects answers an invalid body with code FAILED_PRECONDITION; every other endpoint says INVALID_ARGUMENT.',
    (b) => {
      codeOnEndpoint(b, 'POST /v1/review-projects', 'INVALID_ARGUMENT', 'FAILED_PRECONDITION');
    },
    ['REQUEST-MALFORMED-JSON'],
  ),
  fault(
    'dashboard-details-name-wrong-field',
    ['ERROR-DETAILS-FIELD'],
    "PATCH /v1/dashboards/{dashboard_id} names an invalid display_name `name` (the dashboard's resource name) in its details; other endpoints name the field.",
    (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'PATCH /v1/dashboards/{dashboard_id}' &&
        detail.location === 'body' &&
        detail.field === 'display_name'
          ? 'name'
          : field(detail, endpoint);
    },
    ['REQUEST-WRONG-TYPE'],
  ),
  fault(
    'malformed-json-500-on-patch',
    ['REQUEST-MALFORMED-JSON'],
    'A malformed JSON body gives a 500 INTERNAL error on PATCH (the dashboard update); POST bodies get INVALID_ARGUMENT.',
    (b) => {
      const malformed = b.errors.malformedJson;
      b.errors.malformedJson = (reason, endpoint) =>
        endpoint?.method === 'PATCH' ? internal(`could not handle the body: ${reason}`) : malformed(reason, endpoint);
    },
  ),
  fault(
    'review-project-notifications-truthy',
    ['REQUEST-WRONG-TYPE'],
    'A review project\'s notifications is read by truthiness (the string "yes" is true), while every other field\'s JSON type is checked.',
    (b) => {
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
  ),
  fault(
    'test-case-missing-field-unnamed',
    ['REQUEST-MISSING-REQUIRED'],
    'POST /v1/test-cases reports a missing required field against the whole body (details field `body`); other endpoints name the field.',
    (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'POST /v1/test-cases' && detail.location === 'body' && detail.description === 'is required'
          ? 'body'
          : field(detail, endpoint);
    },
  ),
  fault(
    'scheduled-run-last-run-at-local',
    ['TIMESTAMP-ISO-UTC'],
    "A scheduled run's last_run_at is written in local time with a +02:00 offset; create_time, update_time and every other timestamp are UTC.",
    (b) => {
      presentWith(b, 'scheduledRun', (view, record) => {
        const last = (record as { last_run_at: number | null }).last_run_at;
        return last === null ? view : { ...view, last_run_at: localTime(last) };
      });
    },
    ['SCHEDULED-RUN-GET'],
  ),
  fault(
    'body-not-object-passed-on',
    ['ERROR-INVALID-ARGUMENT'],
    'A request body that is JSON but not an object is handed to the handler, which fails on `null` (a 500 INTERNAL instead of INVALID_ARGUMENT) and reads other values as an empty body.',
    (b) => {
      b.bodyMustBeObject = false;
    },
  ),
  fault(
    'scheduled-run-last-run-at-epoch',
    ['TIMESTAMP-ISO-UTC'],
    "A scheduled run's last_run_at is sent as epoch milliseconds (a JSON number), the way the store keeps it; every other timestamp is an ISO 8601 string.",
    (b) => {
      presentWith(b, 'scheduledRun', (view, record) => {
        const last = (record as { last_run_at: number | null }).last_run_at;
        return last === null ? view : { ...view, last_run_at: last };
      });
    },
    ['SCHEDULED-RUN-GET'],
  ),
  fault(
    'agent-get-update-before-create',
    ['TIMESTAMP-ORDER'],
    'GET /v1/agents/{agent_id} reports an update_time a day before the create_time; the agent POST answers in order.',
    (b) => {
      readAs(b, 'GET /v1/agents/{agent_id}', 'agent', (agent) => ({
        ...agent,
        update_time: b.formatTime(Date.parse(String(agent['create_time'])) - DAY),
      }));
    },
  ),
  fault(
    'persona-get-name-singular',
    ['NAME-MATCHES-ID'],
    'GET /v1/personas/{persona_id} names the persona `persona/<id>`; the list names it `personas/<id>`.',
    (b) => {
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (persona) => ({
        ...persona,
        resource_name: `persona/${String(persona['id'])}`,
      }));
    },
    ['PERSONA-GET'],
  ),
  fault(
    'scheduled-run-published-enabled-string',
    ['SCHEMA-PUBLISHED'],
    'The published schema of GET /v1/scheduled-runs/{scheduled_run_id} types `enabled` as a string (the service answers a boolean); every other operation matches its answers.',
    (b) => {
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
    ['SCHEDULED-RUN-GET'],
  ),
  fault(
    'metrics-not-found-http-400',
    ['HTTP-STATUS-CONVENTIONS'],
    'NOT_FOUND is answered with HTTP 400 by the simulation metrics endpoints only (allowed by the spec; against the 404 convention).',
    (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) =>
        code === 'NOT_FOUND' && endpoint?.path.startsWith('/v1/simulations/') ? 400 : status(code, endpoint);
    },
  ),
  fault(
    'persona-delete-text-plain',
    ['RESPONSE-CONTENT-TYPE-JSON'],
    'DELETE /v1/personas/{persona_id} writes its `{}` as text/plain; every other JSON body is labelled application/json.',
    (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) => {
        const shaped = respond(endpoint, body);
        return endpoint.key === 'DELETE /v1/personas/{persona_id}' && !(shaped instanceof RawText)
          ? new RawText('text/plain', JSON.stringify(shaped))
          : shaped;
      };
    },
    ['PERSONA-DELETE'],
  ),
  fault(
    'persona-delete-missing-permission-denied',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'DELETE of a persona that does not exist answers PERMISSION_DENIED (the ownership check finds no owner); GET of it answers NOT_FOUND.',
    (b) => {
      codeOnEndpoint(b, 'DELETE /v1/personas/{persona_id}', 'NOT_FOUND', 'PERMISSION_DENIED');
    },
  ),
  fault(
    'auth-reads-check-key-presence-only',
    ['AUTH-INVALID-KEY'],
    'Endpoints that only read check that X-API-Key is present, not that it is valid: any key is accepted on GET; writes check the key.',
    (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (endpoint.method === 'GET' && key !== undefined && key !== '') || accepts(endpoint, key);
    },
  ),
  fault(
    'auth-details-header-wrong-on-review-projects',
    ['AUTH-DETAILS-HEADER'],
    'POST /v1/review-projects names the refused key `Authorization` in the UNAUTHENTICATED details; other endpoints name X-API-Key.',
    (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'POST /v1/review-projects' && detail.location === 'header'
          ? 'Authorization'
          : field(detail, endpoint);
    },
  ),
  fault(
    'auth-spec-document-requires-key',
    ['AUTH-SPEC-PUBLIC'],
    'GET /v1/openapi/{spec_name} needs the key; the listing GET /v1/openapi is public.',
    (b) => {
      const required = b.auth.required;
      b.auth.required = (endpoint) => endpoint.key === 'GET /v1/openapi/{spec_name}' || required(endpoint);
    },
  ),
  fault(
    'spec-group-document-not-fetchable',
    ['SPEC-FETCHABLE'],
    'With one document per endpoint group, the dashboards document is listed as `dashboard` (and at that URL), which answers NOT_FOUND; every other listed document is served.',
    (b) => {
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
  ),
  fault(
    'spec-one-operation-unsecured',
    ['SPEC-SECURITY-API-KEY'],
    'GET /v1/personas/phone-numbers is published with `security: []` (no key), like the specification endpoints; every other operation declares X-API-Key.',
    (b) => {
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        for (const [path, item] of Object.entries(paths(copy))) {
          if (path.endsWith('/personas/phone-numbers') && item['get']) item['get'] = { ...item['get'], security: [] };
        }
        return copy;
      });
    },
  ),
  fault(
    'run-delete-no-body',
    ['DELETE-EMPTY-OBJECT-BODY'],
    'DELETE /v1/runs/{run_id} answers 200 with no body at all; the persona DELETE sends `{}`.',
    (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) =>
        endpoint.key === 'DELETE /v1/runs/{run_id}' ? new RawText('', '') : respond(endpoint, body);
    },
  ),

  // ---- precedence: checked in the wrong order ----------------------------------------------------

  fault(
    'mutation-id-format-after-agent-lookup',
    ['PATH-ID-FORMAT-FIRST'],
    "The mutation_id's format is checked only once the agent of the path is found: a malformed mutation_id under an agent that does not exist is answered NOT_FOUND.",
    checkMutationIdAfterAgent,
  ),
  fault(
    'mutation-parent-looked-up-after-body',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'A mutation body is validated before its parent agent is looked up: config_overrides under an agent that does not exist is refused as INVALID_ARGUMENT (no such configuration key) instead of NOT_FOUND.',
    (b) => {
      rules(b, { parentLookedUp: 'after-body' });
    },
  ),
  fault(
    'mutation-delete-before-scope-check',
    ['MUTATION-SCOPED-TO-AGENT'],
    'DELETE under another agent deletes the mutation by its id first, and only then finds it belongs to another agent (answering NOT_FOUND).',
    (b) => {
      const reaches = b.mutationRules.reaches;
      rules(b, {
        reaches: (mutation, agentId, method) => {
          const reached = reaches(mutation, agentId, method);
          if (method === 'DELETE') mutation.deleted = true;
          return reached;
        },
      });
    },
  ),
  fault(
    'auth-missing-key-after-path-ids',
    ['AUTH-MISSING-KEY'],
    'X-API-Key is validated as a required header parameter with the path parameters, after their formats: a request without the key and with a malformed path ID gets INVALID_ARGUMENT (a wrong key is still refused first).',
    (b) => {
      authenticateAfter(b, 'path-ids', (presented) => presented === undefined);
    },
  ),

  // ---- bound: one character past the ID alphabet ------------------------------------------------

  fault(
    'path-id-alphabet-hyphen',
    ['PATH-ID-FORMAT'],
    "Path IDs are checked against a slug's alphabet, `[A-Za-z0-9-]`: an agent, persona, dashboard, mutation or metric output id of the right length with a hyphen is looked up (NOT_FOUND); one with an underscore is still refused.",
    (b) => {
      pathIdAlphabet(b, (unit) => /[A-Za-z0-9-]/.test(String.fromCharCode(unit)));
    },
  ),
  fault(
    'path-id-alphabet-unicode',
    ['PATH-ID-FORMAT'],
    "Path IDs are checked as letters and digits of any script (`\\p{L}\\p{N}`, like Python's str.isalnum): an id of the right length with `é` is looked up (NOT_FOUND); one with an underscore or a hyphen is still refused.",
    (b) => {
      pathIdAlphabet(b, (unit) => /[\p{L}\p{N}]/u.test(String.fromCharCode(unit)));
    },
  ),
] as const satisfies readonly Fault[];
