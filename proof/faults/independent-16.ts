// Round 16 of the independent fault writers: slips written from the specification alone, each
// one behaviour changed, each shown by its probe on both services.
//
// Review (coordinator): none of 30 dropped from the catalog; one counted apart in the round's figure:
// ind16-spec-missing-document-error-labelled-yaml breaks a SHOULD only (RESPONSE-CONTENT-TYPE-JSON: no MUST names the
// media type of a JSON body), so only the strict profile judges it. As written (the suite at 4928387, the writer's
// base), 22 of the other 29 detected.

import { alreadyExists, internal, invalidArgument } from '../../lib/reference/http/errors.js';
import type { MutationRecord } from '../../lib/reference/store/records.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, presentWith, respondWith, storedAgents } from './define.js';

const SEEDED = seedStore(ALPHANUMERIC);
const FIXTURES = SEEDED.fixtures;

/** A new VOICE agent's id (each probe makes its own). */
async function newAgent(call: Call, extra: JsonObject = {}): Promise<string> {
  const created = await call('POST', '/v1/agents', {
    body: { display_name: 'ind16 probe agent', model_type: 'MODEL_TYPE_VOICE', ...extra },
  });
  return String(created.body?.agent?.id);
}

const mutationsOf = (agentId: string) => `/v1/agents/${agentId}/mutations`;

export const INDEPENDENT_16_FAULTS = [
  fault({
    id: 'ind16-mutation-name-reusable-once',
    requirements: ['MUTATION-DISPLAY-NAME-REUSABLE'],
    slips: ['state'],
    description:
      'Mutation names are held unique by an index on (agent, display_name, deleted), the soft-delete flag included: a name is free again after one deletion, but deleting the second mutation of that name collides with the first deleted one, so the DELETE answers ALREADY_EXISTS and the mutation stays active, keeping the name taken.',
    behaviour: (b) => {
      const deletes = b.mutationRules.deletes;
      b.mutationRules = {
        ...b.mutationRules,
        deletes: (target, all) => {
          const collides = (other: MutationRecord) =>
            other !== target &&
            other.deleted &&
            !target.deleted &&
            other.agent_id === target.agent_id &&
            other.display_name === target.display_name;
          if (all.some(collides)) throw alreadyExists('display_name', 'a deleted mutation already holds this name');
          return deletes(target, all);
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const name = { display_name: 'Reused variant' };
      const first = await call('POST', mutationsOf(agentId), { body: name });
      await call('DELETE', `${mutationsOf(agentId)}/${first.body?.mutation?.id}`);
      const second = await call('POST', mutationsOf(agentId), { body: name });
      const deleteSecond = await call('DELETE', `${mutationsOf(agentId)}/${second.body?.mutation?.id}`);
      const third = await call('POST', mutationsOf(agentId), { body: name });
      return { second: second.status, deleteSecond: deleteSecond.status, third: third.status };
    },
    shows: { second: 200, deleteSecond: 409, third: 409 },
  }),
  fault({
    id: 'ind16-chat-response-format-substring',
    requirements: ['CHAT-RESPONSE-FORMAT'],
    slips: ['broken'],
    description:
      "A CHAT agent's response_format is checked with `'chat_completions|responses'.includes(value)`, a substring test where membership was meant: `completions` (or `responses|chat`) is accepted and stored.",
    behaviour: (b) => {
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            response_format: (c, k) => {
              const value = c.string(k);
              if (value !== null && !'chat_completions|responses'.includes(value))
                c.fail(k, 'must be chat_completions or responses');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind16 chat',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', response_format: 'completions' },
        },
      });
      return { status: answer.status, response_format: answer.body?.agent?.metadata?.response_format ?? null };
    },
    shows: { status: 200, response_format: 'completions' },
  }),
  fault({
    id: 'ind16-auth-key-nfkc',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'Header values pass a Unicode compatibility normalisation (NFKC, meant to tidy text headers) before the key is compared: the valid key written with full-width letters (`ｒｅｆ-…`), another string, is accepted.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => accepts(endpoint, presented?.normalize('NFKC'));
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const raw = req.headers['x-api-key'];
        // The header's bytes read as UTF-8 (Node hands them over as Latin-1).
        const value = presented(req);
        return typeof raw === 'string' && value !== undefined ? Buffer.from(value, 'latin1').toString('utf8') : value;
      };
    },
    probe: async (call) => {
      const wide = Buffer.from('ｒｅｆ-test-key-0001', 'utf8').toString('latin1');
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`, { key: wide });
      return answer.status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind16-spec-listing-urls-without-port',
    requirements: ['SPEC-LISTING', 'SPEC-FETCHABLE'],
    slips: ['broken'],
    description:
      "The URLs of GET /v1/openapi are built from the Host header's host name alone (`host.split(':')[0]`, meant to drop a port for the default one): a service reached on any other port lists URLs without it, which name another origin where nothing answers.",
    behaviour: (b) =>
      respondWith(
        b,
        'GET /v1/openapi',
        (body) => JSON.parse(JSON.stringify(body).replace(/(https?:\/\/[^/":\]]+):\d+/g, '$1')) as JsonObject,
      ),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const urls = (JSON.stringify(listing.body).match(/https?:\/\/[^"]+/g) ?? []).map((url) => new URL(url));
      return { listed: urls.length > 0, withPort: urls.filter((url) => url.port !== '').length };
    },
    shows: { listed: true, withPort: 0 },
  }),
  fault({
    id: 'ind16-spec-yaml-status-keys-unquoted',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The YAML form writes the response status codes as plain keys (`200:`), which a YAML reader takes for integers, where OpenAPI requires them quoted (`"200":`) for compatibility between JSON and YAML; the JSON form has them as the strings they are.',
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml' ? out.replace(/^(\s+)["']([1-5](?:\d\d|XX))["']:/gm, '$1$2:') : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null });
      const name = String(listing.body?.specs?.[0]?.spec_name);
      const yaml = await call('GET', `/v1/openapi/${name}`, { key: null });
      return { quoted: /^\s+["']200["']:/m.test(yaml.text), plain: /^\s+200:/m.test(yaml.text) };
    },
    shows: { quoted: false, plain: true },
  }),
  fault({
    id: 'ind16-dashboard-rename-case-only-ignored',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      "A dashboard PATCH skips the write when display_name is unchanged, compared through the database's case-insensitive collation: a rename that changes only letter case (`Quality overview` to `QUALITY OVERVIEW`) is taken for no change, and the dashboard is answered (and kept) with the name it had.",
    behaviour: (b) => {
      let before: string | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}')
          before = store.dashboards.get(params.dashboard_id ?? '')?.display_name;
        return named(endpoint, params, store);
      };
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        const name = (updated as { display_name?: unknown }).display_name;
        if (
          kind === 'dashboard' &&
          typeof name === 'string' &&
          before !== undefined &&
          name !== before &&
          name.toLowerCase() === before.toLowerCase()
        )
          return previous;
        return kept(kind, updated, previous);
      };
      respondWith(b, 'PATCH /v1/dashboards/{dashboard_id}', (body) => {
        const dashboard = body.dashboard as JsonObject;
        const name = dashboard.display_name;
        return typeof name === 'string' &&
          before !== undefined &&
          name !== before &&
          name.toLowerCase() === before.toLowerCase()
          ? { ...body, dashboard: { ...dashboard, display_name: before } }
          : body;
      });
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const base = await call('PATCH', path, { body: { display_name: 'ind16 board' } });
      const upper = await call('PATCH', path, { body: { display_name: 'IND16 BOARD' } });
      const after = await call('PATCH', path, { body: {} });
      await call('PATCH', path, { body: { display_name: 'Quality overview' } });
      return [
        base.body?.dashboard?.display_name,
        upper.body?.dashboard?.display_name,
        after.body?.dashboard?.display_name,
      ];
    },
    shows: ['ind16 board', 'ind16 board', 'ind16 board'],
  }),
  fault({
    id: 'ind16-chat-persona-id-length-only',
    requirements: ['CHAT-PERSONA-ID'],
    slips: ['broken'],
    description:
      "A CHAT configuration's persona_id is checked by its length alone (`value.length === 22`): 22 characters that are no ID, such as `persona-ana-souza-0001` (hyphens), are accepted and stored.",
    behaviour: (b) => {
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            persona_id: (c, k) => {
              const value = c.string(k);
              if (value !== null && value.length !== 22) c.fail(k, 'must be a 22-character persona ID');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind16 chat persona',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', persona_id: 'persona-ana-souza-0001' },
        },
      });
      return { status: answer.status, persona_id: answer.body?.agent?.metadata?.persona_id ?? null };
    },
    shows: { status: 200, persona_id: 'persona-ana-souza-0001' },
  }),
  fault({
    id: 'ind16-mutation-get-create-time-whole-seconds',
    requirements: ['MUTATION-GET'],
    slips: ['read-back'],
    description:
      "A mutation's create_time is kept in a DATETIME column without fractional seconds: the create answer, built from the request's instant, carries its milliseconds, while GET returns the stored time cut to the whole second (`…:07.000Z`), another instant than the one the mutation was created at.",
    behaviour: (b) => {
      const formatTime = b.formatTime;
      const present = b.present;
      b.present = (kind, view, record) => {
        const shaped = present(kind, view, record);
        if (kind !== 'mutation' || !reading) return shaped;
        const created = (record as MutationRecord).create_time;
        return { ...shaped, create_time: formatTime(created - (created % 1000)) };
      };
      let reading = false;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        reading = endpoint.key === 'GET /v1/agents/{agent_id}/mutations/{mutation_id}';
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const created = await call('POST', mutationsOf(agentId), { body: { display_name: 'Timed variant' } });
      const read = await call('GET', `${mutationsOf(agentId)}/${created.body?.mutation?.id}`);
      const createdAt = String(created.body?.mutation?.create_time);
      const readAt = String(read.body?.mutation?.create_time);
      return {
        same: createdAt === readAt,
        readWholeSecond: readAt.endsWith('.000Z'),
        createdWholeSecond: createdAt.endsWith('.000Z'),
      };
    },
    shows: { same: false, readWholeSecond: true, createdWholeSecond: false },
  }),
  fault({
    id: 'ind16-agent-prompt-replacement-patterns',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "An agent's prompt is put into the stored instruction template with `template.replace('{{prompt}}', prompt)`, whose replacement text interprets `$` patterns: `$$` becomes `$` and `$&` the placeholder itself, so `Quote $$5 plus $& tax` is stored and returned as `Quote $5 plus {{prompt}} tax`.",
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        return agent.prompt === null ? agent : { ...agent, prompt: '{{prompt}}'.replace('{{prompt}}', agent.prompt) };
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'ind16 prompt', model_type: 'MODEL_TYPE_VOICE', prompt: 'Quote $$5 plus $& tax' },
      });
      const read = await call('GET', `/v1/agents/${created.body?.agent?.id}`);
      return read.body?.agent?.prompt ?? null;
    },
    shows: 'Quote $5 plus {{prompt}} tax',
  }),
  fault({
    id: 'ind16-test-case-description-percent-format',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      "A test case's description goes through printf-style formatting with no arguments (`description % ()`, a log-friendly summary): a description holding a lone `%` (`Up 5% on last week`) fails the formatting, 500 INTERNAL, and one holding `%%` is stored with a single `%`.",
    behaviour: (b) => {
      const description = b.testCaseFields.description;
      b.testCaseFields = {
        ...b.testCaseFields,
        description: (f, request) => {
          const value = description(f, request);
          if (value === null) return value;
          if (/%/.test(value.replace(/%%/g, ''))) throw internal('not enough arguments for format string');
          return value.replace(/%%/g, '%');
        },
      };
    },
    probe: async (call) => {
      const send = (description: string) =>
        call('POST', '/v1/test-cases', { body: { input_str: 'ind16 percent', test_set_id: 'cftTs001', description } });
      const lone = await send('Up 5% on last week');
      const doubled = await send('Margin 50%% kept');
      return { lone: lone.status, doubled: doubled.body?.test_case?.description ?? null };
    },
    shows: { lone: 500, doubled: 'Margin 50% kept' },
  }),
  fault({
    id: 'ind16-websocket-bearer-token-word-characters',
    requirements: ['CONFIG-AUTH-HEADER-FORMS'],
    slips: ['broken'],
    description:
      'A WEBSOCKET authorization_header is checked against `^(Bearer|X-API-Key) \\w+$`: a bearer token is taken to be word characters, so the commonest one, a JWT (`Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2ln`, dots between its parts), is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const websocket = b.agentRules.config.MODEL_TYPE_WEBSOCKET ?? {};
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_WEBSOCKET: {
            ...websocket,
            authorization_header: (c, k) => {
              const value = c.string(k);
              if (value !== null && !/^(Bearer|X-API-Key) \w+$/.test(value))
                c.fail(k, 'must be "Bearer <token>" or "X-API-Key <key>"');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind16 websocket',
          model_type: 'MODEL_TYPE_WEBSOCKET',
          metadata: {
            endpoint: 'wss://voice.example.com/socket',
            initialization_json: '{"hello": true}',
            authorization_header: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2ln',
          },
        },
      });
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind16-dashboard-refused-name-kept',
    requirements: ['DASHBOARD-DISPLAY-NAME'],
    slips: ['broken'],
    description:
      'A dashboard PATCH assigns display_name on the cached dashboard object before validating it: a refused name (256 characters, INVALID_ARGUMENT) stays on the cached object, and the next PATCH without display_name saves and answers it.',
    behaviour: (b) => {
      let text = '';
      const requestBody = b.requestBody;
      b.requestBody = (raw, headers) => {
        text = requestBody(raw, headers);
        return text;
      };
      let draft: string | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}') {
          try {
            const sent = (JSON.parse(text) as JsonObject).display_name;
            if (typeof sent === 'string') draft = sent;
          } catch {
            // not JSON: the body step refused it already
          }
        }
        return named(endpoint, params, store);
      };
      const base = b.dashboardUnnamedBase;
      b.dashboardUnnamedBase = (stored) => {
        const dashboard = base(stored);
        return draft === undefined ? dashboard : { ...dashboard, display_name: draft };
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const refused = await call('PATCH', path, { body: { display_name: 'x'.repeat(256) } });
      const next = await call('PATCH', path, { body: {} });
      await call('PATCH', path, { body: { display_name: 'Quality overview' } });
      return { refused: refused.status, next: next.status, length: String(next.body?.dashboard?.display_name).length };
    },
    shows: { refused: 400, next: 200, length: 256 },
  }),
  fault({
    id: 'ind16-metric-subvalue-zero-float-null',
    requirements: ['METRIC-GET', 'SCHEMA-CANONICAL'],
    slips: ['type'],
    description:
      "A metric output's time segments are mapped with `float_value: row.float_value || null` (an unset score meant to read as null): a segment that scored 0 is served with float_value null, not the number 0.",
    behaviour: (b) =>
      presentWith(b, 'metric', (view) => ({
        ...view,
        subvalues_by_timestamp: ((view.subvalues_by_timestamp ?? []) as JsonObject[]).map((subvalue) => ({
          ...subvalue,
          float_value: (subvalue.float_value as number) || null,
        })),
      })),
    probe: async (call) => {
      for (const [simulationId, outputs] of SEEDED.store.simulations) {
        for (const output of outputs.values()) {
          if (!(output.subvalues_by_timestamp ?? []).some((subvalue) => subvalue.float_value === 0)) continue;
          const read = await call('GET', `/v1/simulations/${simulationId}/metrics/${output.metric_output_id}`);
          const values = ((read.body?.metric?.subvalues_by_timestamp ?? []) as JsonObject[]).map((s) => s.float_value);
          return { zero: values.includes(0), nulls: values.filter((value) => value === null).length > 0 };
        }
      }
      return 'no segment scored 0';
    },
    shows: { zero: false, nulls: true },
  }),
  fault({
    id: 'ind16-review-project-name-from-slug',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description:
      "A review project's resource name is built from a slug of its display_name (`review-projects/onboarding-calls-q3`, a readable URL the web dashboard uses), not from its id: name and id disagree.",
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        name: `review-projects/${String(view.display_name)
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}`,
      })),
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Onboarding calls Q3',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
          linked_metric_ids: ['MetricAbCdEfGhIjKlMnOp'],
        },
      });
      const project = answer.body?.review_project;
      return {
        status: answer.status,
        name: project?.name,
        matches: project?.name === `review-projects/${project?.id}`,
      };
    },
    shows: { status: 200, name: 'review-projects/onboarding-calls-q3', matches: false },
  }),
  fault({
    id: 'ind16-body-trailing-line-break-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'A request body is taken for a JSON object only when its text starts with `{` and ends with `}` (a cheap test before parsing): a body followed by a line break, as a file sent with `curl --data-binary @body.json` usually is, is refused with INVALID_ARGUMENT, though JSON allows blanks after the value.',
    behaviour: (b) => {
      const requestBody = b.requestBody;
      b.requestBody = (raw, headers) => {
        const text = requestBody(raw, headers);
        if (text !== '' && !(text.startsWith('{') && text.endsWith('}')))
          throw invalidArgument('body', 'must be a JSON object');
        return text;
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        raw: '{"input_str": "ind16 trailing line break", "test_set_id": "cftTs001"}\n',
      });
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind16-run-metric-summary-read-positionally',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['broken'],
    description:
      "A run's result metrics are stored as `[min, mean, max]` arrays and read back with the destructuring `[mean, min, max]` (the order of the table's fields): each metric is served with mean holding the minimum and min the mean, so min > mean wherever they differ.",
    behaviour: (b) =>
      presentWith(b, 'run', (view) => {
        const results = view.results as { metrics: Record<string, { mean: number; min: number; max: number }> };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, { mean, min, max }]) => [name, { mean: min, min: mean, max }]),
        );
        return { ...view, results: { ...results, metrics } };
      }),
    probe: async (call) => {
      const answer = await call('GET', '/v1/runs?page_size=1000');
      const summaries = (
        (answer.body?.runs ?? []) as { results: { metrics: Record<string, { mean: number; min: number }> } }[]
      ).flatMap((run) => Object.values(run.results?.metrics ?? {}));
      return { status: answer.status, minAboveMean: summaries.some((m) => m.min > m.mean) };
    },
    shows: { status: 200, minAboveMean: true },
  }),
  fault({
    id: 'ind16-spec-missing-document-error-labelled-yaml',
    requirements: ['RESPONSE-CONTENT-TYPE-JSON'],
    slips: ['scope'],
    description:
      "GET /v1/openapi/{spec_name} sets the answer's media type from Accept before it looks the document up: a spec_name that names no document gets its NOT_FOUND error envelope, JSON, labelled `application/yaml`.",
    behaviour: (b) => {
      let specError = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        specError = false;
        return presented(req);
      };
      const body = b.errors.body;
      b.errors.body = (error, endpoint) => {
        specError = endpoint?.key === 'GET /v1/openapi/{spec_name}';
        return body(error, endpoint);
      };
      const { json, yaml } = b.contentTypes;
      b.contentTypes = {
        get json() {
          return specError ? yaml : json;
        },
        yaml,
      };
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/openapi/no-such-document', { key: null });
      return { status: answer.status, contentType: answer.contentType, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 404, contentType: 'application/yaml', code: 'NOT_FOUND' },
  }),
  fault({
    id: 'ind16-personas-listed-update-time-from-create',
    requirements: ['PERSONA-GET'],
    slips: ['scope'],
    description:
      'The personas list is built from a summary model without update_time, whose serializer fills it from create_time: a listed persona that was updated since its creation shows update_time equal to create_time, while GET /v1/personas/{persona_id} gives its real update_time.',
    behaviour: (b) => {
      let listing = false;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        listing = endpoint.key === 'GET /v1/personas';
        return named(endpoint, params, store);
      };
      presentWith(b, 'persona', (view) => (listing ? { ...view, update_time: view.create_time } : view));
    },
    probe: async (call) => {
      const updated = [...SEEDED.store.personas.values()].find(
        (p) => p.update_time !== p.create_time && p.id !== FIXTURES.deletablePersonaId,
      );
      const listed = await call('GET', '/v1/personas?page_size=100');
      const persona = ((listed.body?.personas ?? []) as JsonObject[]).find((p) => p.id === updated?.id);
      const read = await call('GET', `/v1/personas/${String(updated?.id)}`);
      return {
        listedEqualsCreate: persona?.update_time === persona?.create_time,
        readEqualsListed: read.body?.persona?.update_time === persona?.update_time,
      };
    },
    shows: { listedEqualsCreate: true, readEqualsListed: false },
  }),
  fault({
    id: 'ind16-scheduled-run-last-run-at-coalesced',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      'A scheduled run is read with `COALESCE(last_run_at, create_time) AS last_run_at` (the expression its listing sorts by): one that never ran is served with a last_run_at, its creation time, and last_run_id null, a last run that has a time and no run.',
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view) => ({
        ...view,
        last_run_at: view.last_run_at ?? view.create_time,
      })),
    probe: async (call) => {
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURES.deletableScheduledRunId}`);
      const run = answer.body?.scheduled_run;
      // The status too: on the correct service other probes share, the scheduled run may have been deleted already.
      return {
        status: answer.status,
        lastRunAt: run?.last_run_at === run?.create_time,
        lastRunId: run?.last_run_id ?? null,
      };
    },
    shows: { status: 200, lastRunAt: true, lastRunId: null },
  }),
  fault({
    id: 'ind16-review-linked-metric-ids-string-internal',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['broken'],
    description:
      'POST /v1/review-projects trims each of linked_metric_ids (`body.linked_metric_ids.map((id) => id.trim())`) before it checks the field is a list: a single ID sent as a string fails with 500 INTERNAL instead of INVALID_ARGUMENT.',
    behaviour: (b) => {
      const read = b.reviewProjectFields.linked_metric_ids;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        linked_metric_ids: (f) => {
          let text: string | null = null;
          try {
            text = f.string('linked_metric_ids');
          } catch {
            // not a string: the list reader below judges it
          }
          if (text !== null) throw internal('body.linked_metric_ids.map is not a function');
          return read(f);
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'ind16 wrong type',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
          linked_metric_ids: 'MetricAbCdEfGhIjKlMnOp',
        },
      });
      return { status: answer.status, code: answer.body?.error?.code ?? null };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind16-mutation-override-keys-of-any-agent',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    slips: ['broken'],
    description:
      "config_overrides keys are checked against a cache of every configuration key any agent has (filled as agents are read, meant to spare a lookup per key): a key the parent lacks but another agent has, such as a CHAT agent's chat_endpoint under a VOICE agent, is accepted.",
    behaviour: (b) => {
      const agents = storedAgents(b);
      const keysOf = b.mutationRules.configurationKeys;
      b.mutationRules = {
        ...b.mutationRules,
        configurationKeys: (agent) =>
          new Set([...agents()].flatMap((other) => [...keysOf(other)]).concat([...keysOf(agent)])),
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const answer = await call('POST', mutationsOf(agentId), {
        body: { display_name: 'Foreign key', config_overrides: { chat_endpoint: 'https://chat.example.com/v2' } },
      });
      return { status: answer.status, overrides: answer.body?.mutation?.config_overrides ?? null };
    },
    shows: { status: 200, overrides: { chat_endpoint: 'https://chat.example.com/v2' } },
  }),
  fault({
    id: 'ind16-metric-get-simulation-id-cut-26',
    requirements: ['METRIC-SIMULATION-ID-ACCEPTED', 'METRIC-GET'],
    slips: { 'METRIC-SIMULATION-ID-ACCEPTED': ['bound'], 'METRIC-GET': ['broken'] },
    description:
      'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} finds the output through a join on a CHAR(26) simulation column (sized like the ULIDs beside it), which holds a 27-character simulation ID cut to 26: the outputs of a 27-character simulation, listed by its metrics list, are NOT_FOUND one by one.',
    behaviour: (b) => {
      const reached = b.metricOutputReached;
      b.metricOutputReached = (simulationId, metricOutputId, simulations) =>
        reached(simulationId.slice(0, 26), metricOutputId, simulations);
    },
    probe: async (call) => {
      const [simulationId, outputs] = [...SEEDED.store.simulations].find(([id]) => id.length === 27) ?? ['', new Map()];
      const output = [...outputs.values()][0] as { metric_output_id: string } | undefined;
      const listed = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1`);
      const read = await call('GET', `/v1/simulations/${simulationId}/metrics/${String(output?.metric_output_id)}`);
      return { listed: listed.status, read: read.status };
    },
    shows: { listed: 200, read: 404 },
  }),
  fault({
    id: 'ind16-persona-numeric-region-dropped',
    requirements: ['PERSONA-FIELDS'],
    slips: ['broken'],
    description:
      "A persona's language_code is written through a locale parser that knows two-letter regions only (`^([a-z]{2})-([A-Z]{2})$`, the language alone otherwise): a UN M.49 numeric region such as Latin American Spanish, `es-419`, is served as `es`, without the region the `<language>-<REGION>` form requires.",
    behaviour: (b) =>
      presentWith(b, 'persona', (view) => {
        const code = String(view.language_code);
        return /^[a-z]{2}-[A-Z]{2}$/.test(code) ? view : { ...view, language_code: code.split('-')[0] ?? code };
      }),
    probe: async (call) => {
      const persona = [...SEEDED.store.personas.values()].find((p) => p.language_code === 'es-419');
      const read = await call('GET', `/v1/personas/${String(persona?.id)}`);
      return read.body?.persona?.language_code ?? null;
    },
    shows: 'es',
  }),
  fault({
    id: 'ind16-get-run-wrapped-as-list',
    requirements: ['GENERIC-WRAPPED'],
    slips: ['broken'],
    description:
      'GET /v1/runs/{run_id} (published beyond the specification) is served by the runs list query filtered on the id, and answers its result as the list does: `{runs: [run]}`, not the run under `run` as its published schema has it.',
    behaviour: (b) => respondWith(b, 'GET /v1/runs/{run_id}', (body) => ({ runs: [body.run] })),
    probe: async (call) => {
      const listed = await call('GET', '/v1/runs?page_size=1');
      const runId = String(listed.body?.runs?.[0]?.run_id);
      const read = await call('GET', `/v1/runs/${runId}`);
      return { keys: Object.keys(read.body ?? {}), sameRun: read.body?.runs?.[0]?.run_id === runId };
    },
    shows: { keys: ['runs'], sameRun: true },
  }),
  fault({
    id: 'ind16-patch-agent-errors-as-list',
    requirements: ['GENERIC-ERROR-ENVELOPE'],
    slips: ['broken'],
    description:
      "PATCH /v1/agents/{agent_id} (published beyond the specification) answers its refusals in its validation framework's shape, `{errors: [{code, message, details}]}`, a list where every other operation sends one object `error`.",
    behaviour: (b) => {
      const body = b.errors.body;
      b.errors.body = (error, endpoint) =>
        endpoint?.key === 'PATCH /v1/agents/{agent_id}' ? { errors: [error] } : body(error, endpoint);
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const answer = await call('PATCH', `/v1/agents/${agentId}`, { body: { display_name: 'x'.repeat(201) } });
      return { status: answer.status, keys: Object.keys(answer.body ?? {}) };
    },
    shows: { status: 400, keys: ['errors'] },
  }),
  fault({
    id: 'ind16-test-cases-listed-times-epoch',
    requirements: ['GENERIC-TIMESTAMPS'],
    slips: ['broken'],
    description:
      'GET /v1/test-cases (published beyond the specification) serializes its rows as stored, with create_time and update_time as epoch milliseconds (JSON numbers), while GET /v1/test-cases/{test_case_id} writes them as ISO 8601 UTC strings.',
    behaviour: (b) =>
      respondWith(b, 'GET /v1/test-cases', (body) => ({
        ...body,
        test_cases: ((body.test_cases ?? []) as JsonObject[]).map((item) => ({
          ...item,
          create_time: Date.parse(String(item.create_time)),
          update_time: Date.parse(String(item.update_time)),
        })),
      })),
    probe: async (call) => {
      const listed = await call('GET', '/v1/test-cases?page_size=1');
      return typeof listed.body?.test_cases?.[0]?.create_time;
    },
    shows: 'number',
  }),
  fault({
    id: 'ind16-mutation-parent-any-resource',
    requirements: ['MUTATION-PARENT-MUST-EXIST', 'PATH-ID-EXACT'],
    slips: ['broken'],
    description:
      "A mutation's parent is looked up in the one index of every 22-character resource ID (agents, personas, dashboards, scheduled runs): a mutation is created under a persona's or a dashboard's ID as if it named an agent, with no configuration keys to check.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') {
          const id = params.agent_id ?? '';
          const other = store.personas.has(id) || store.dashboards.has(id) || store.scheduledRuns.has(id);
          b.mutationRules = { ...b.mutationRules, parentRequired: !other };
        }
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', mutationsOf(FIXTURES.dashboardId), {
        body: { display_name: 'Orphan variant' },
      });
      return { status: answer.status, agent_id: answer.body?.mutation?.agent_id ?? null };
    },
    shows: { status: 200, agent_id: FIXTURES.dashboardId },
  }),
  fault({
    id: 'ind16-workflows-keys-pointer-escaped',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Agent workflows are stored as one JSON Patch `add` operation per member, whose paths escape `~` and `/` in keys (`~0`, `~1`); read back, the keys are not unescaped: `{"routes": {"/billing": "queue-b"}}` comes back with the key `~1billing`.',
    behaviour: (b) => {
      const escaped = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(escaped)
          : value !== null && typeof value === 'object'
            ? Object.fromEntries(
                Object.entries(value).map(([key, inner]) => [
                  key.replace(/~/g, '~0').replace(/\//g, '~1'),
                  escaped(inner),
                ]),
              )
            : value;
      presentWith(b, 'agent', (view) =>
        view.workflows === null ? view : { ...view, workflows: escaped(view.workflows) as JsonObject },
      );
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind16 workflows',
          model_type: 'MODEL_TYPE_VOICE',
          workflows: { routes: { '/billing': 'queue-b' } },
        },
      });
      const read = await call('GET', `/v1/agents/${created.body?.agent?.id}`);
      return Object.keys(read.body?.agent?.workflows?.routes ?? {});
    },
    shows: ['~1billing'],
  }),
  fault({
    id: 'ind16-test-set-id-trailing-line-break',
    requirements: ['TESTCASE-TEST-SET-ID'],
    slips: ['bound'],
    description:
      'test_set_id is checked with `re.match(r"^.{8}$", value)`, whose `$` also matches before a final line break: `cftTs001\\n`, 9 characters, is accepted and stored with its line break.',
    behaviour: (b) => {
      const read = b.testCaseFields.test_set_id;
      b.testCaseFields = {
        ...b.testCaseFields,
        test_set_id: (f, request) => {
          try {
            return read(f, request);
          } catch (error) {
            const value = f.string('test_set_id', { required: true });
            if (/^.{8}\n$/u.test(value)) return value;
            throw error;
          }
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/test-cases', {
        body: { input_str: 'ind16 test set id', test_set_id: 'cftTs001\n' },
      });
      return { status: answer.status, test_set_id: answer.body?.test_case?.test_set_id ?? null };
    },
    shows: { status: 200, test_set_id: 'cftTs001\n' },
  }),
  fault({
    id: 'ind16-review-assignees-as-user-objects',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['type'],
    description:
      'A review project\'s assignees are resolved to user records when it is created, and the answer serializes those: assignees come back as `[{"email": "reviewer@example.com"}]`, objects where the table gives a list of e-mail address strings.',
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        assignees: ((view.assignees ?? []) as string[]).map((email) => ({ email })),
      })),
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'ind16 assignees',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
          linked_metric_ids: ['MetricAbCdEfGhIjKlMnOp'],
        },
      });
      return answer.body?.review_project?.assignees ?? null;
    },
    shows: [{ email: 'reviewer@example.com' }],
  }),
] as const;

/** Faults of this round that no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};
