// Independent faults, round 19: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Review (coordinator): 25 written (the writer stopped there: ideas past them repeated the catalog), nine dropped.
// Repeats of a catalog slip on another field or value: a YAML scalar left bare (`null`, as the status keys), an
// all-digit string served as a number, a list's summary view of one field, json_agg's null for no rows, input_type
// inferred from the metadata. Readings: a wrong key refused on the public document endpoints (dropped in round 10);
// a walk by offsets skipping an item after a deletion between its pages (consistency under concurrent change is not
// stated); a raw `;` in the query taken as a separator (the legacy form reading; a client sends %3B); `==` taken for
// `=` (an extension recognised, as an order_by on a filter-only field was). As written, 8 of the 16 kept detected.

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { invalidArgument, type ErrorDetail } from '../../lib/reference/http/errors.js';
import { readFilterText, type FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, readAs, rereadAgent, respondWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {
  'ind19-metric-get-status-of-simulation':
    "not judged on a live deployment: only outputs not yet COMPLETED show it (their GET answering the simulation's status), and such an output may change between the list and the GET, or be listed by a replica behind; a GET that contradicts the list twice is no proof either",
};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** The first persona of the list whose background_sound is not `none`. */
async function personaWithSound(call: Call): Promise<JsonObject> {
  const list = await call('GET', '/v1/personas?page_size=100');
  return (list.body.personas as JsonObject[]).find((p) => p.background_sound !== 'none') as JsonObject;
}

/** A metric output still IN PROGRESS, and its simulation, found through the runs' output_ids. */
async function inProgressOutput(call: Call): Promise<{ simulation: string; output: string } | undefined> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const simulations = [
    ...new Set((runs.body.runs as JsonObject[]).flatMap((r) => (r.results as JsonObject).output_ids as string[])),
  ];
  for (const simulation of simulations) {
    const filter = encodeURIComponent('status = "IN PROGRESS"');
    const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000&filter=${filter}`);
    const first = (page.body.metrics as JsonObject[] | undefined)?.[0];
    if (first) return { simulation, output: String(first.metric_output_id) };
  }
  return undefined;
}

const FAULTS_19 = [
  fault({
    id: 'ind19-persona-get-background-sound-file',
    requirements: ['PERSONA-GET'],
    slips: ['scope'],
    description:
      'GET /v1/personas/{persona_id} serves background_sound as the sound file the simulator plays (`office.wav` for `office`), read through the audio catalogue; the personas list serves the value as stored, so one persona reads two ways.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (p) =>
        p.background_sound && p.background_sound !== 'none'
          ? { ...p, background_sound: `${String(p.background_sound)}.wav` }
          : p,
      ),
    probe: async (call) => {
      const listed = await personaWithSound(call);
      const one = await call('GET', `/v1/personas/${String(listed.id)}`);
      return { listed: listed.background_sound, got: one.body.persona.background_sound };
    },
    shows: { listed: 'street', got: 'street.wav' },
  }),

  fault({
    id: 'ind19-metric-get-status-of-simulation',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} fills status from the simulation the output belongs to (the detail query joins simulations and reads its status column): an output the metrics list shows IN PROGRESS is answered COMPLETED.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (m) => ({
        ...m,
        status: 'COMPLETED',
      })),
    probe: async (call) => {
      const found = await inProgressOutput(call);
      if (!found) return 'no output in progress';
      const one = await call('GET', `/v1/simulations/${found.simulation}/metrics/${found.output}`);
      return one.body.metric.status;
    },
    shows: 'COMPLETED',
  }),

  fault({
    id: 'ind19-times-localized-by-accept-language',
    requirements: ['TIMESTAMP-ISO-UTC', 'AGENT-GET'],
    slips: { 'TIMESTAMP-ISO-UTC': ['scope'], 'AGENT-GET': ['broken'] },
    description:
      "Timestamps are written by the locale middleware's date formatter when a request carries Accept-Language (what every browser sends): with `Accept-Language: de-DE`, create_time reads `5.1.2026, 01:00:00` in the zone of Berlin instead of ISO 8601 UTC; a request without the header gets ISO 8601.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const formatTime = b.formatTime;
      b.formatTime = (ms) => {
        const language = request()?.headers['accept-language'];
        if (!language) return formatTime(ms);
        const locale = language.split(',')[0]?.split(';')[0]?.trim() ?? 'en';
        return new Date(ms).toLocaleString(locale, { timeZone: 'Europe/Berlin' });
      };
    },
    probe: async (call) => {
      const id = FIXTURES.dashboardId;
      const plain = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'Quality overview' } });
      const german = await call('PATCH', `/v1/dashboards/${id}`, {
        body: { display_name: 'Quality overview' },
        headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
      });
      return { plain: plain.body.dashboard.create_time, german: german.body.dashboard.create_time };
    },
    shows: { plain: '2026-01-06T00:00:00.000Z', german: '6.1.2026, 01:00:00' },
  }),

  fault({
    id: 'ind19-websocket-init-json-array-refused',
    requirements: ['WEBSOCKET-INIT-JSON'],
    slips: ['broken'],
    description:
      'A WEBSOCKET agent\'s initialization_json is parsed and held to be a JSON object (the handshake message was taken for a map of fields): a JSON string whose text is an array (`["subscribe", "audio"]`), valid JSON sent on connection as the table describes, is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const rules = b.agentRules.config.MODEL_TYPE_WEBSOCKET ?? {};
      const original = rules.initialization_json;
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_WEBSOCKET: {
            ...rules,
            initialization_json: (c, k) => {
              original?.(c, k);
              const value = c.jsonValue(k);
              if (typeof value !== 'string') return;
              let parsed: unknown;
              try {
                parsed = JSON.parse(value);
              } catch {
                return;
              }
              if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
                c.fail(k, 'must be a JSON object');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Socket array init',
          model_type: 'MODEL_TYPE_WEBSOCKET',
          metadata: { endpoint: 'wss://voice.example.com/socket', initialization_json: '["subscribe", "audio"]' },
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind19-chat-authorization-header-two-schemes-only',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "A CHAT configuration's authorization_header is held to the two schemes the table names as examples (`Bearer <token>`, `X-API-Key <key>`): a chat endpoint behind HTTP Basic authentication (`Basic dXNlcjpwYXNz`), an auth header value the table allows, is refused with INVALID_ARGUMENT.",
    behaviour: (b) => {
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      const original = chat.authorization_header;
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            authorization_header: (c, k) => {
              original?.(c, k);
              const value = c.string(k);
              if (value !== null && !/^(Bearer|X-API-Key) \S/.test(value))
                c.fail(k, 'must be "Bearer <token>" or "X-API-Key <key>"');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Basic-auth chat',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: {
            chat_endpoint: 'https://chat.example.com/v1/messages',
            authorization_header: 'Basic dXNlcjpwYXNz',
          },
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind19-runs-filtered-default-order-oldest',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['scope'],
    description:
      'A runs list request with a filter is served by the search query, which has no ORDER BY of its own when order_by is absent: filtered runs come in storage order, oldest first, where the default is `-create_time` (the unfiltered list keeps it).',
    behaviour: (b) => {
      const request = lastRequest(b);
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const filtered = new URL(String(request()?.url ?? '/'), 'http://reference.invalid').searchParams.has('filter');
        return raw === null && list.id === 'runs' && filtered ? order('create_time', list) : order(raw, list);
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent('status = COMPLETED');
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      const times = (page.body.runs as JsonObject[]).map((r) => String(r.create_time));
      return { newestFirst: times.every((t, i) => i === 0 || t <= String(times[i - 1])) };
    },
    shows: { newestFirst: false },
  }),

  fault({
    id: 'ind19-input-template-one-line-json-only',
    requirements: ['CHAT-INPUT-TEMPLATE-JSON'],
    slips: ['broken'],
    description:
      'A CHAT input_template is screened with a pattern for a JSON object or array (`/^\\s*[[{].*[\\]}]\\s*$/`) before it is parsed, and `.` does not match a line break: a template written over several lines, as pretty-printed JSON is, is refused with INVALID_ARGUMENT though it is valid JSON.',
    behaviour: (b) => {
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      const original = chat.input_template;
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            input_template: (c, k) => {
              original?.(c, k);
              const value = c.jsonValue(k);
              // The slip: `.` without the s flag stops at a line break.
              if (typeof value === 'string' && !/^\s*[[{].*[\]}]\s*$/.test(value)) c.fail(k, 'must be a JSON template');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const template = '{\n  "model": "support-bot",\n  "messages": "{{messages}}"\n}';
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Templated chat',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', input_template: template },
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind19-reference-ids-leading-digit-refused',
    requirements: ['AGENT-REFERENCE-IDS-ACCEPTED'],
    slips: ['broken'],
    description:
      "An agent's metric_ids and test_set_ids are checked with an identifier pattern that must begin with a letter (`^[A-Za-z][A-Za-z0-9]{21}$`, copied from a name grammar): a well-formed ID of 22 alphanumeric characters beginning with a digit is refused with INVALID_ARGUMENT.",
    behaviour: (b) => {
      for (const name of ['metric_ids', 'test_set_ids'] as const)
        rereadAgent(b, name, (original) => (f, request) => {
          const ids = original(f, request);
          if (ids.some((id) => /^\d/.test(id)))
            f.fail(name, 'each must be 22 alphanumeric characters beginning with a letter');
          return ids;
        });
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Scored line',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550199',
          metric_ids: ['7fQ2mZk9LpR4tV8wXy3BnC'],
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind19-filter-unknown-field-checked-when-reached',
    requirements: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['broken'],
    description:
      'A filter\'s fields are checked only as comparisons are evaluated, and OR stops at the first that holds: `name != "nobody" OR colour = red` is accepted on the personas list (every persona satisfies the first comparison, so the second is never reached), where a field not listed for the list is refused.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const text = raw?.trim() ?? '';
        const parsed = text === '' ? undefined : readFilterText(text);
        return parsed?.ok ? parsed.expr : filter(raw, list);
      };
      const matches = b.lists.matches;
      const evaluate = (expr: FilterExpr, item: unknown, fields: Parameters<typeof matches>[2]): boolean => {
        if (expr.kind !== 'cmp')
          return expr.kind === 'and'
            ? expr.terms.every((term) => evaluate(term, item, fields))
            : expr.terms.some((term) => evaluate(term, item, fields));
        if (!Object.hasOwn(fields, expr.field))
          throw invalidArgument('filter', `"${expr.field}" is not a filter field`, 'query');
        return matches(expr, item, fields);
      };
      b.lists.matches = evaluate;
    },
    probe: async (call) => {
      const filter = encodeURIComponent('name != "nobody" OR colour = red');
      const answer = await call('GET', `/v1/personas?filter=${filter}`);
      return answer.status;
    },
    shows: 200,
  }),

  fault({
    id: 'ind19-spec-yaml-text-yaml-for-any-accept',
    requirements: ['SPEC-YAML-MEDIA-TYPE'],
    slips: ['broken'],
    description:
      'The document form is negotiated by a library whose first registered YAML type is `text/yaml`: a request with `Accept: */*` (what curl and most HTTP clients send) is served the YAML labelled text/yaml; only a request without Accept gets it labelled application/yaml.',
    behaviour: (b) => {
      let anyAccept = false;
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => {
        anyAccept = accept !== undefined && accept.split(',').some((range) => range.split(';')[0]?.trim() === '*/*');
        return negotiate(accept);
      };
      const yaml = b.contentTypes.yaml;
      Object.defineProperty(b.contentTypes, 'yaml', { get: () => (anyAccept ? 'text/yaml' : yaml), enumerable: true });
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const path = new URL(String((listing.body.specs as JsonObject[])[0]?.url)).pathname;
      const any = await call('GET', path, { headers: { Accept: '*/*' } });
      const none = await call('GET', path);
      return { any: any.contentType, none: none.contentType };
    },
    shows: { any: 'text/yaml', none: 'application/yaml' },
  }),
  fault({
    id: 'ind19-simulation-id-two-lengths-only',
    requirements: ['METRIC-SIMULATION-ID-ACCEPTED'],
    slips: ['broken'],
    description:
      'simulation_id is checked as one of the two lengths the simulations seen had (`^([A-Za-z0-9]{22}|[A-Za-z0-9]{27})$`, the range "22 to 27" read as "22 or 27"): a simulation whose ID has 23 to 26 characters is refused with INVALID_ARGUMENT, its metrics unreachable.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const id = params.simulation_id;
        if (id !== undefined && id.length !== 22 && id.length !== 27)
          throw invalidArgument('simulation_id', 'must be 22 or 27 alphanumeric characters', 'path');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const runs = await call('GET', '/v1/runs?page_size=1000');
      const ids = [
        ...new Set((runs.body.runs as JsonObject[]).flatMap((r) => (r.results as JsonObject).output_ids as string[])),
      ];
      const middle = ids.find((id) => id.length > 22 && id.length < 27);
      if (middle === undefined) return 'no simulation of 23 to 26 characters';
      const page = await call('GET', `/v1/simulations/${middle}/metrics`);
      return { status: page.status, code: page.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind19-mutation-duplicate-answers-existing',
    requirements: ['MUTATION-DUPLICATE-ALREADY-EXISTS'],
    slips: ['broken'],
    description:
      "Mutation creation is a get-or-create (meant to make a retried POST harmless): a second mutation of a name the agent's active mutation already has is answered with that existing mutation, its id and config_overrides, with success, where the specification's uniqueness rule refuses it with ALREADY_EXISTS.",
    behaviour: (b) => {
      let store: Parameters<typeof b.pathNamed>[2] | undefined;
      let existing: string | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        existing = undefined;
        return named(endpoint, params, s);
      };
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          if (taken(other, agentId, displayName)) existing = other.id;
          return false;
        },
      };
      respondWith(b, 'POST /v1/agents/{agent_id}/mutations', (body) => {
        const created = body.mutation as JsonObject;
        const kept = existing === undefined ? undefined : store?.mutations.get(existing);
        if (!kept || !store) return body;
        store.mutations.delete(String(created.id));
        return {
          ...body,
          mutation: {
            ...created,
            id: kept.id,
            description: kept.description,
            config_overrides: kept.config_overrides,
            parameter_values: { ...kept.parameter_values },
            create_time: b.formatTime(kept.create_time),
          },
        };
      });
    },
    probe: async (call) => {
      const agent = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Variant parent',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550177',
          prompt: 'Be brief.',
        },
      });
      const path = `/v1/agents/${String(agent.body.agent.id)}/mutations`;
      const first = await call('POST', path, {
        body: { display_name: 'Calmer', config_overrides: { prompt: 'Be calm.' } },
      });
      const second = await call('POST', path, {
        body: { display_name: 'Calmer', config_overrides: { prompt: 'Be quick.' } },
      });
      return {
        status: second.status,
        sameId: second.body?.mutation?.id === first.body.mutation.id,
        code: second.body?.error?.code ?? null,
      };
    },
    shows: { status: 200, sameId: true, code: null },
  }),
  fault({
    id: 'ind19-assignee-two-at-signs-accepted',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['broken'],
    description:
      'Assignees are matched with the short e-mail pattern `^\\S+@\\S+\\.\\S+$`, whose `\\S` also takes `@`: `lead@qa@example.com`, which is no e-mail address (two `@`), is accepted as a reviewer.',
    behaviour: (b) => {
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (f) =>
          f.strings('assignees', {
            required: true,
            limit: 'reviewProject.assignees',
            each: { test: (value) => /^\S+@\S+\.\S+$/.test(value), description: 'an e-mail address' },
          }),
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Escalation review',
          assignees: ['lead@qa@example.com'],
          linked_simulation_ids: ['sim0000000000000000000001'],
          linked_metric_ids: ['met0000000000000000000001'],
        },
      });
      return { status: created.status, assignees: created.body?.review_project?.assignees ?? null };
    },
    shows: { status: 200, assignees: ['lead@qa@example.com'] },
  }),

  fault({
    id: 'ind19-filter-missing-value-read-as-empty',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description:
      'A comparison that ends the filter without its value (`status =`) is read with the empty string as its value (the value token defaults to "" when the text runs out): the filter is accepted and matches nothing, where a filter that is not a valid expression is refused.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const text = raw?.trim() ?? '';
        return filter(/(?:!=|>=|<=|=|>|<)$/.test(text) ? `${text} ""` : raw, list);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/runs?filter=${encodeURIComponent('status =')}`);
      return { status: answer.status, runs: answer.body?.runs ?? null };
    },
    shows: { status: 200, runs: [] },
  }),

  fault({
    id: 'ind19-persona-get-detail-by-name',
    requirements: ['PERSONA-GET'],
    slips: ['broken'],
    description:
      "GET /v1/personas/{persona_id} finds the persona's name by its ID, then reads the detail row by that name (`WHERE name = ? LIMIT 1`) under a case-insensitive collation: a persona whose name differs from an older one's only in letter case (`ALICE SMITH`, `Alice Smith`) is answered as the older persona, another ID and another prompt.",
    behaviour: (b) => {
      let store: Parameters<typeof b.pathNamed>[2] | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        return named(endpoint, params, s);
      };
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (p) => {
        const name = String(p.name).toLowerCase();
        const first = [...(store?.personas.values() ?? [])].find((other) => other.name.toLowerCase() === name);
        if (!first || first.id === p.id) return p;
        return {
          resource_name: `personas/${first.id}`,
          ...first,
          create_time: b.formatTime(first.create_time),
          update_time: b.formatTime(first.update_time),
        };
      });
    },
    probe: async (call) => {
      const list = await call('GET', `/v1/personas?filter=${encodeURIComponent('name = "ALICE SMITH"')}`);
      const upper = (list.body.personas as JsonObject[]).find((p) => p.name === 'ALICE SMITH');
      if (!upper) return 'no persona named ALICE SMITH';
      const one = await call('GET', `/v1/personas/${String(upper.id)}`);
      return { name: one.body.persona.name, sameId: one.body.persona.id === upper.id };
    },
    shows: { name: 'Alice Smith', sameId: false },
  }),
  fault({
    id: 'ind19-auth-detail-without-description',
    requirements: ['ERROR-ENVELOPE', 'AUTH-DETAILS-HEADER'],
    slips: ['broken'],
    description:
      'The key middleware builds its UNAUTHENTICATED detail with the header\'s name alone (`{field: "X-API-Key"}`, from a helper written before details had descriptions): the detail of a missing or wrong key has no description, where every detail is `{field, description}`.',
    behaviour: (b) => {
      const details = b.errors.details;
      b.errors.details = (error) =>
        error.code === 'UNAUTHENTICATED'
          ? details(error).map((d) => ({ field: d.field, location: d.location }) as unknown as ErrorDetail)
          : details(error);
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas', { key: null });
      return answer.body?.error?.details ?? null;
    },
    shows: [{ field: 'X-API-Key' }],
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_19_FAULTS: readonly Fault<(typeof FAULTS_19)[number]['id']>[] = FAULTS_19;
