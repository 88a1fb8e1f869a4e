// Independent round 5: faults written from the specification alone, each a plausible slip.
//
// Dropped on review (not faults: a reasonable reader could call each conformant):
//   ind5-auth-public-endpoint-checks-present-key: an invalid key refused on /v1/openapi: rule 3 (a missing or invalid key yields UNAUTHENTICATED) may be read to cover it (as round 4's review)
//   ind5-auth-invalid-key-detail-lowercase: the detail naming `x-api-key`: header names are case-insensitive, so it names the header
//   ind5-agent-auth-header-masked: authorization_header masked on read: hiding a secret is a defensible choice (as round 4's review)
//   ind5-mutation-delete-unknown-succeeds: success for a mutation id that never existed: the specification makes deletion succeed when already deleted and says nothing of the rest
//   ind5-test-case-deprecated-string-cleared: expected_output_str left out once wrapped: the field is deprecated and the specification does not say it comes back
//   ind5-dashboard-name-trimmed: a display name trimmed: a reasonable normalisation (as round 3's review)
//   ind5-review-assignees-lowercased: e-mail addresses lower-cased: a reasonable normalisation (as round 3's review)
//   ind5-test-case-blank-input-refused: a blank input_str refused: a reasonable reading of min length 1 (as round 2's review, ind2-input-str-blank-refused)
//   ind5-websocket-init-json-reserialized: JSON text re-serialised with other whitespace: the same document written another way, which READ-BACK-UNCHANGED accepts

import { PROJECT_TYPES } from '../../lib/contract/enums.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Answer, Call } from '../probes/call.js';
import { fault, finalizeWith, mapSchemas, presentWith, readAs, respondWith } from './define.js';

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

/** The first published document, in its JSON form. */
const jsonDocument = async (call: Call): Promise<Answer['body']> => {
  const listing = await call('GET', '/v1/openapi');
  const name = /openapi\/([A-Za-z0-9._-]+)/.exec(JSON.stringify(listing.body))?.[1];
  return (await call('GET', `/v1/openapi/${String(name)}`, { headers: { Accept: 'application/json' } })).body;
};

export const INDEPENDENT_5_FAULTS = [
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
    id: 'ind5-review-notifications-off-when-collaborative',
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['broken'],
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
    id: 'ind5-json-labelled-latin1',
    requirements: ['RESPONSE-JSON-UTF8'],
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
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-COVERS-ENDPOINTS'],
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
      const doc = await jsonDocument(call);
      return String(doc?.servers?.[0]?.url).endsWith('/v1');
    },
    shows: true,
  }),
  fault({
    id: 'ind5-mutation-override-key-case-folded',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      'config_overrides keys are matched to the parent configuration ignoring case, so `PROMPT` is accepted on an agent that has only `prompt`.',
    behaviour(b) {
      const keysOf = b.mutationRules.configurationKeys;
      b.mutationRules = {
        ...b.mutationRules,
        configurationKeys: (agent) => {
          const keys = keysOf(agent);
          const folded = new Set([...keys].map((k) => k.toLowerCase()));
          return { ...keys, has: (key: string) => folded.has(key.toLowerCase()) } as unknown as ReadonlySet<string>;
        },
      };
    },
    probe: async (call) => {
      const agent = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Override keys agent',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550100',
          prompt: 'Be brief.',
        },
      });
      const id = agent.body?.agent?.id;
      const answer = await call('POST', `/v1/agents/${id}/mutations`, {
        body: { display_name: 'Shouted prompt', config_overrides: { PROMPT: 'Be verbose.' } },
      });
      return answer.status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind5-agent-custom-data-parsed',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['type'],
    description:
      "A chat agent's custom_data, a JSON string, is returned parsed into an object rather than as the string sent.",
    behaviour(b) {
      presentWith(b, 'agent', (view) => {
        const metadata = view.metadata as JsonObject | undefined;
        if (!metadata || typeof metadata.custom_data !== 'string') return view;
        try {
          return { ...view, metadata: { ...metadata, custom_data: JSON.parse(metadata.custom_data) as JsonObject } };
        } catch {
          return view;
        }
      });
    },
    probe: async (call) =>
      typeof (
        await call('POST', '/v1/agents', {
          body: {
            display_name: 'Custom data chat agent',
            model_type: 'MODEL_TYPE_CHAT',
            metadata: { chat_endpoint: 'https://chat.example.com/v1/chat', custom_data: '{"tier":"gold"}' },
          },
        })
      ).body?.agent?.metadata?.custom_data,
    shows: 'object',
  }),
  fault({
    id: 'ind5-filter-apostrophe-refused',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description:
      'The filter tokenizer also takes a single quote as a string delimiter, so an apostrophe inside a double-quoted value (`name="O\'Brien"`) is refused as malformed.',
    behaviour(b) {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        if (raw !== null && /"[^"]*'[^"]*"/.test(raw))
          throw invalidArgument('filter', 'unterminated quoted value', 'query');
        return filter(raw, list);
      };
    },
    probe: async (call) => (await call('GET', `/v1/personas?filter=${encodeURIComponent('name="O\'Brien"')}`)).status,
    shows: 400,
  }),
  fault({
    id: 'ind5-spec-agent-name-max-255',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published documents give the agent display_name a maxLength of 255 (copied from the dashboard), while the service keeps the specification's 200.",
    behaviour(b) {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const props = schema.properties as Record<string, JsonObject> | undefined;
          if (!props?.model_type || !props.display_name) return schema;
          return { ...schema, properties: { ...props, display_name: { ...props.display_name, maxLength: 255 } } };
        }),
      );
    },
    probe: async (call) => {
      const doc = await jsonDocument(call);
      const schemas = Object.values((doc?.components?.schemas ?? {}) as Record<string, JsonObject>);
      return schemas
        .map((s) => s.properties as Record<string, JsonObject> | undefined)
        .filter((props) => props?.model_type)
        .map((props) => props?.display_name?.maxLength);
    },
    shows: [255, 255],
  }),
  fault({
    id: 'ind5-review-project-update-time-null',
    requirements: ['TIMESTAMP-ISO-UTC'],
    seenThrough: ['REVIEW-PROJECT-CREATE'],
    slips: ['type'],
    description:
      'A review project just created has update_time null (the mutation\'s "null when never updated" applied where the table gives a timestamp).',
    behaviour(b) {
      presentWith(b, 'reviewProject', (view) =>
        view.update_time === view.create_time ? { ...view, update_time: null } : view,
      );
    },
    probe: async (call) => (await reviewProject(call, {})).body?.review_project?.update_time,
    shows: null,
  }),
  fault({
    id: 'ind5-page-size-leading-zero-octal',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['unit'],
    description:
      'page_size is parsed with base prefixes (strtol base 0), so `010` is read as octal 8 and a page of 8 runs is served.',
    behaviour(b) {
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, token) =>
        pageSize(raw !== null && /^0[0-7]+$/.test(raw) ? String(parseInt(raw, 8)) : raw, list, token);
    },
    probe: async (call) => (await call('GET', '/v1/runs?page_size=010')).body?.runs?.length,
    shows: 8,
  }),
  fault({
    id: 'ind5-metrics-value-filter-parse-int',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['type'],
    description:
      'A metric list filter reads a value bound with parseInt, so `value>=0.5` compares against 0 and returns outputs scoring below 0.5.',
    behaviour(b) {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) =>
        filter(
          list.id === 'metrics' && raw !== null
            ? raw.replace(/(\bvalue\s*(?:>=|<=|!=|=|>|<)\s*"?)(-?\d+)\.\d+/g, '$1$2')
            : raw,
          list,
        );
    },
    probe: async (call) => {
      const simulations = [...seeded().store.simulations.keys()];
      let below = false;
      for (const id of simulations) {
        const answer = await call(
          'GET',
          `/v1/simulations/${id}/metrics?page_size=1000&filter=${encodeURIComponent('value>=0.5')}`,
        );
        below ||= ((answer.body?.metrics ?? []) as { value: number }[]).some((m) => m.value < 0.5);
      }
      return below;
    },
    shows: true,
  }),
  fault({
    id: 'ind5-persona-list-hold-music-in-ms',
    requirements: ['PERSONA-FIELDS', 'PERSONA-GET'],
    slips: { 'PERSONA-FIELDS': ['unit', 'scope'], 'PERSONA-GET': ['broken'] },
    description:
      'The persona list gives hold_music_timeout_seconds in milliseconds (the list is built from another model), while GET /v1/personas/{id} gives seconds.',
    behaviour(b) {
      respondWith(b, 'GET /v1/personas', (body) => ({
        ...body,
        personas: (body.personas as JsonObject[]).map((p) =>
          typeof p.hold_music_timeout_seconds === 'number'
            ? { ...p, hold_music_timeout_seconds: p.hold_music_timeout_seconds * 1000 }
            : p,
        ),
      }));
    },
    probe: async (call) => {
      const listed = ((await call('GET', '/v1/personas')).body?.personas ?? []) as JsonObject[];
      const first = listed.find(
        (p) => typeof p.hold_music_timeout_seconds === 'number' && p.hold_music_timeout_seconds > 0,
      );
      const read = (await call('GET', `/v1/personas/${String(first?.id)}`)).body?.persona;
      return Number(first?.hold_music_timeout_seconds) / Number(read?.hold_music_timeout_seconds);
    },
    shows: 1000,
  }),
  fault({
    id: 'ind5-page-size-out-of-range-code',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    seenThrough: ['LIST-PAGE-SIZE-INVALID', 'LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope'],
    description:
      'A page_size outside its bounds is answered with the gRPC code OUT_OF_RANGE (HTTP 400), not INVALID_ARGUMENT.',
    behaviour(b) {
      const code = b.errors.code;
      const status = b.errors.status;
      b.errors.code = (error, endpoint) =>
        error.code === 'INVALID_ARGUMENT' && error.details[0]?.field === 'page_size'
          ? 'OUT_OF_RANGE'
          : code(error, endpoint);
      b.errors.status = (c, endpoint) => (c === 'OUT_OF_RANGE' ? 400 : status(c, endpoint));
    },
    probe: async (call) => (await call('GET', '/v1/runs?page_size=1001')).body?.error?.code,
    shows: 'OUT_OF_RANGE',
  }),
  fault({
    id: 'ind5-spec-review-project-required-dropped',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published documents mark no field of the review project creation body as required, while the service requires display_name, assignees and both link lists.',
    behaviour(b) {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const props = schema.properties as Record<string, JsonObject> | undefined;
          if (!props?.assignees || !props.linked_metric_ids) return schema;
          const { required: _dropped, ...rest } = schema;
          return rest;
        }),
      );
    },
    probe: async (call) => {
      const doc = await jsonDocument(call);
      const schemas = Object.values((doc?.components?.schemas ?? {}) as Record<string, JsonObject>);
      return schemas
        .filter((s) => (s.properties as JsonObject | undefined)?.assignees)
        .some((s) => Array.isArray(s.required) && s.required.includes('assignees'));
    },
    shows: false,
  }),
  fault({
    id: 'ind5-agent-phone-number-formatted',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "An agent's E.164 phone_number is returned in international display format (`+1 415 555 0100`), not as sent.",
    behaviour(b) {
      presentWith(b, 'agent', (view) => {
        const phone = view.phone_number;
        const m = typeof phone === 'string' ? /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone) : null;
        return m ? { ...view, phone_number: `+1 ${m[1]} ${m[2]} ${m[3]}` } : view;
      });
    },
    probe: async (call) =>
      (
        await call('POST', '/v1/agents', {
          body: { display_name: 'Formatted phone agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100' },
        })
      ).body?.agent?.phone_number,
    shows: '+1 415 555 0100',
  }),
  fault({
    id: 'ind5-simulation-id-min-23',
    requirements: ['METRIC-SIMULATION-ID-ACCEPTED'],
    slips: ['bound'],
    description:
      'A simulation ID is checked as 23 to 27 characters, so a 22-character simulation ID (the lower bound) is refused as invalid.',
    behaviour(b) {
      b.pathIdRules = { ...b.pathIdRules, simulation: { ...b.pathIdRules.simulation, minLength: 23 } };
    },
    probe: async (call) => {
      const id = [...seeded().store.simulations.keys()].find((s) => s.length === 22);
      return (await call('GET', `/v1/simulations/${String(id)}/metrics`)).status;
    },
    shows: 400,
  }),
  fault({
    id: 'ind5-dashboard-patch-answers-changed-fields',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard PATCH answers with the fields it changed (display_name, update_time) rather than the whole dashboard: name and create_time are missing.',
    behaviour(b) {
      respondWith(b, 'PATCH /v1/dashboards/{dashboard_id}', (body) => {
        const d = body.dashboard as JsonObject;
        return { ...body, dashboard: { display_name: d.display_name, update_time: d.update_time } };
      });
    },
    probe: async (call) => {
      const id = seeded().fixtures.dashboardId;
      const answer = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'Quality overview' } });
      return Object.keys(answer.body?.dashboard ?? {}).sort();
    },
    shows: ['display_name', 'update_time'],
  }),
  fault({
    id: 'ind5-spec-runs-order-default-unsigned',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published documents give the runs list order_by the default `create_time` (the field name, its dash lost), while the service orders by `-create_time`.',
    behaviour(b) {
      finalizeWith(b, (doc) => {
        const all = (doc.paths ?? {}) as Record<string, Record<string, JsonObject>>;
        const runs = all['/v1/runs'];
        if (!runs?.get) return doc;
        const parameters = ((runs.get.parameters ?? []) as JsonObject[]).map((p) =>
          p.name === 'order_by' ? { ...p, schema: { ...(p.schema as JsonObject), default: 'create_time' } } : p,
        );
        return { ...doc, paths: { ...all, '/v1/runs': { ...runs, get: { ...runs.get, parameters } } } };
      });
    },
    probe: async (call) => {
      const doc = await jsonDocument(call);
      const parameters = (doc?.paths?.['/v1/runs']?.get?.parameters ?? []) as JsonObject[];
      return (parameters.find((p) => p.name === 'order_by')?.schema as JsonObject | undefined)?.default;
    },
    shows: 'create_time',
  }),
] as const;

/** Faults of this round no check detects yet, with the class of check each needs (the coordinator fills it). */
/** Faults no check detects yet, with the class of check each would need (as written, 8971458's checks missed 8: docs/benchmarks.md). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
