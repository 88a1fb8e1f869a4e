// Independent round 5: faults written from the specification alone, each a plausible slip.

import { PROJECT_TYPES } from '../../lib/contract/enums.js';
import { unauthenticated } from '../../lib/reference/http/errors.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, presentWith, readAs, refineFailure } from './define.js';

/** The reference's seeded fixtures (the same on every start). */
const seeded = () => seedStore(ALPHANUMERIC);

const simulationWithSubvalues = () => {
  for (const [simulationId, outputs] of seeded().store.simulations)
    for (const [outputId, output] of outputs)
      if (output.subvalues_by_timestamp && output.subvalues_by_timestamp.length > 0) return { simulationId, outputId };
  throw new Error('no fixture metric output has subvalues');
};

const reviewProject = (call: Call, extra: JsonObject) => {
  const simulationId = [...seeded().store.simulations.keys()][0];
  return call('POST', '/v1/review-projects', {
    body: {
      display_name: 'Round five review',
      assignees: ['reviewer@example.com'],
      linked_simulation_ids: [simulationId],
      linked_metric_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
      ...extra,
    },
  });
};

export const INDEPENDENT_5_FAULTS = [
  fault({
    id: 'ind5-auth-public-endpoint-checks-present-key',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['scope'],
    description:
      'The specification endpoints need no key, but a key that is sent is still checked there: an invalid X-API-Key on GET /v1/openapi is answered UNAUTHENTICATED.',
    behaviour(b) {
      const accepts = b.auth.accepts;
      const apiKey = b.apiKey;
      b.auth.required = () => true;
      b.auth.accepts = (endpoint, presented) =>
        endpoint.public ? presented === undefined || presented === apiKey : accepts(endpoint, presented);
    },
    probe: async (call) => (await call('GET', '/v1/openapi', { key: 'not-the-key' })).status,
    shows: 401,
  }),
  fault({
    id: 'ind5-auth-invalid-key-detail-lowercase',
    requirements: ['AUTH-DETAILS-HEADER'],
    slips: ['scope'],
    description:
      'An invalid key is answered UNAUTHENTICATED with a detail naming the header as Node reads it, `x-api-key`; only a missing key names `X-API-Key`.',
    behaviour(b) {
      refineFailure(b, (error, presented) =>
        presented === undefined ? error : unauthenticated('x-api-key', error.details[0]?.description ?? error.message),
      );
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: 'not-the-key' })).body?.error?.details?.[0]?.field,
    shows: 'x-api-key',
  }),
  fault({
    id: 'ind5-error-single-detail-object',
    requirements: ['ERROR-ENVELOPE'],
    slips: ['type'],
    description:
      'An error with one detail carries `details` as that one object, not an array of one element (a serializer collapsing single-element lists).',
    behaviour(b) {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) => {
        const details = error.details as unknown[];
        return body(
          Array.isArray(details) && details.length === 1 ? { ...error, details: details[0] as JsonObject } : error,
          endpoint,
        );
      };
    },
    probe: async (call) => Array.isArray((await call('GET', '/v1/personas', { key: null })).body?.error?.details),
    shows: false,
  }),
  fault({
    id: 'ind5-body-latin1-without-charset',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['unit'],
    description:
      'A request body labelled application/json without a charset parameter is decoded as ISO-8859-1 (the text/* default), so non-ASCII text comes back mangled: `Café` as `CafÃ©`.',
    behaviour(b) {
      const requestBody = b.requestBody;
      b.requestBody = (text, headers) =>
        requestBody(
          /charset=/i.test(headers['content-type'] ?? '') ? text : Buffer.from(text, 'utf8').toString('latin1'),
          headers,
        );
    },
    probe: async (call) =>
      (await call('POST', '/v1/test-cases', { body: { input_str: 'Café', test_set_id: 'abcd1234' } })).body?.test_case
        ?.input_str,
    shows: 'CafÃ©',
  }),
  fault({
    id: 'ind5-review-assignees-lowercased',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      'Review project assignees are normalized to lower case when returned: `Ana.Lopez@Example.com` comes back as `ana.lopez@example.com` (the local part of an address is case-sensitive).',
    behaviour(b) {
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        assignees: Array.isArray(view.assignees) ? view.assignees.map((a) => String(a).toLowerCase()) : view.assignees,
      }));
    },
    probe: async (call) =>
      (await reviewProject(call, { assignees: ['Ana.Lopez@Example.com'] })).body?.review_project?.assignees,
    shows: ['ana.lopez@example.com'],
  }),
  fault({
    id: 'ind5-review-notifications-off-when-collaborative',
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['state'],
    description:
      'notifications defaults to true only for individual projects: a PROJECT_COLLABORATIVE project created without notifications gets false.',
    behaviour(b) {
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        notifications: (f) =>
          f.boolean('notifications') ?? f.oneOf('project_type', PROJECT_TYPES) !== 'PROJECT_COLLABORATIVE',
      };
    },
    probe: async (call) =>
      (await reviewProject(call, { project_type: 'PROJECT_COLLABORATIVE' })).body?.review_project?.notifications,
    shows: false,
  }),
  fault({
    id: 'ind5-metric-message-index-as-string',
    requirements: ['METRIC-GET'],
    slips: ['type'],
    description: 'A metric output read by GET carries each subvalue message_index as a string ("3"), not an integer.',
    behaviour(b) {
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (metric) => ({
        ...metric,
        subvalues_by_timestamp: (metric.subvalues_by_timestamp as JsonObject[]).map((s) => ({
          ...s,
          message_index: String(s.message_index),
        })),
      }));
    },
    probe: async (call) => {
      const { simulationId, outputId } = simulationWithSubvalues();
      const answer = await call('GET', `/v1/simulations/${simulationId}/metrics/${outputId}`);
      return typeof answer.body?.metric?.subvalues_by_timestamp?.[0]?.message_index;
    },
    shows: 'string',
  }),
  fault({
    id: 'ind5-scheduled-run-last-run-id-dropped',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description: 'A scheduled run is returned without its last_run_id (a field left out of the response mapping).',
    behaviour(b) {
      presentWith(b, 'scheduledRun', ({ last_run_id: _dropped, ...view }) => view);
    },
    probe: async (call) => {
      const id = seeded().fixtures.scheduledRunId;
      return 'last_run_id' in ((await call('GET', `/v1/scheduled-runs/${id}`)).body?.scheduled_run ?? {});
    },
    shows: false,
  }),
  fault({
    id: 'ind5-dashboard-name-trimmed',
    requirements: ['READ-BACK-UNCHANGED', 'DASHBOARD-PATCH'],
    slips: ['read-back'],
    description:
      'A dashboard PATCH stores display_name with leading and trailing blanks trimmed: ` Q3 review ` comes back as `Q3 review`.',
    behaviour(b) {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        display_name: typeof view.display_name === 'string' ? view.display_name.trim() : view.display_name,
      }));
    },
    probe: async (call) => {
      const id = seeded().fixtures.dashboardId;
      const name = (await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: ' Q3 review ' } })).body
        ?.dashboard?.display_name;
      await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'Quality overview' } });
      return name;
    },
    shows: 'Q3 review',
  }),
  fault({
    id: 'ind5-agent-auth-header-masked',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['read-back'],
    description: 'A chat agent is returned with its authorization_header masked (`Bearer ****`), not the value stored.',
    behaviour(b) {
      presentWith(b, 'agent', (view) => {
        const metadata = view.metadata as JsonObject | undefined;
        if (!metadata || typeof metadata.authorization_header !== 'string') return view;
        const scheme = metadata.authorization_header.split(' ')[0];
        return { ...view, metadata: { ...metadata, authorization_header: `${scheme} ****` } };
      });
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'Masked chat agent',
            model_type: 'MODEL_TYPE_CHAT',
            metadata: { chat_endpoint: 'https://chat.example.com/v1/chat', authorization_header: 'Bearer abc123' },
          },
        })
      ).body?.agent?.metadata?.authorization_header,
    shows: 'Bearer ****',
  }),
  fault({
    id: 'ind5-json-labelled-latin1',
    requirements: ['RESPONSE-CONTENT-TYPE-JSON'],
    slips: ['broken'],
    description:
      'JSON answers are labelled `application/json; charset=iso-8859-1` while their bytes are UTF-8 (a framework default charset left in place).',
    behaviour(b) {
      b.contentTypes = { ...b.contentTypes, json: 'application/json; charset=iso-8859-1' };
    },
    probe: async (call) => (await call('GET', '/v1/personas')).contentType,
    shows: 'application/json; charset=iso-8859-1',
  }),
  fault({
    id: 'ind5-spec-server-url-version-doubled',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published documents put /v1 in the server URL while every path keeps its /v1 prefix, so each operation resolves to /v1/v1/....',
    behaviour(b) {
      finalizeWith(b, (doc) => ({
        ...doc,
        servers: ((doc.servers ?? []) as JsonObject[]).map((s) => ({ ...s, url: `${String(s.url)}/v1` })),
      }));
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const name = JSON.stringify(listing.body).match(/openapi\/([A-Za-z0-9._-]+)/)?.[1];
      const doc = (await call('GET', `/v1/openapi/${name}`, { headers: { Accept: 'application/json' } })).body;
      return String(doc?.servers?.[0]?.url).endsWith('/v1');
    },
    shows: true,
  }),
] as const;

/** Faults of this round no check detects yet, with the class of check each needs (the coordinator fills it). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
