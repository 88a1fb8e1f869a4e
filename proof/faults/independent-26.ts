// Independent faults, round 26: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area: agents, mutations, test cases, review projects and dashboards, and HTTP on any endpoint. 13 written: ideas
// past them repeated a catalog slip (see the writer's report for what was dropped and why).
//
// Review (coordinator): none dropped (the whole-body limit of 10 MB breaks "10 MB each"; U+FEFF removed inside
// strings is no normalisation). Against the suite at 20505c6, as written: 8 of 13 detected, 5 missed (38 %).

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { alreadyExists, ApiError, internal, invalidArgument } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { AgentRecord } from '../../lib/reference/store/records.js';
import { flattenToStrings } from '../../lib/reference/validation/mutations.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, presentWith, rereadAgent } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** A fresh voice agent for a probe, its id. */
async function voiceAgent(call: Call, extra: JsonObject = {}): Promise<string> {
  const created = await call('POST', '/v1/agents', {
    body: { display_name: 'Probe agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123', ...extra },
  });
  return String(created.body.agent.id);
}

const FAULTS_26 = [
  fault({
    id: 'ind26-mutation-refused-duplicate-kept',
    requirements: ['MUTATION-DISPLAY-NAME-REUSABLE'],
    slips: ['state'],
    description:
      'Mutation creation inserts the row and then counts the active mutations of the agent with that display_name, answering ALREADY_EXISTS when there are two, without rolling the insert back: the refused duplicate stays stored, active and unseen, so once the original is deleted the name is still taken (ALREADY_EXISTS), where a deleted mutation frees its name. A name never refused is freed as it should be.',
    behaviour: (b) => {
      const refused = new Set<string>();
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          const key = `${agentId}\u0000${displayName}`;
          if (refused.has(key)) return true;
          const held = taken(other, agentId, displayName);
          if (held) refused.add(key);
          return held;
        },
      };
    },
    probe: async (call) => {
      const agent = await voiceAgent(call);
      const path = `/v1/agents/${agent}/mutations`;
      const first = await call('POST', path, { body: { display_name: 'Calm tone' } });
      const duplicate = await call('POST', path, { body: { display_name: 'Calm tone' } });
      await call('DELETE', `${path}/${String(first.body.mutation.id)}`);
      const again = await call('POST', path, { body: { display_name: 'Calm tone' } });
      return { duplicate: duplicate.status, afterDelete: again.status, code: again.body?.error?.code ?? null };
    },
    shows: { duplicate: 409, afterDelete: 409, code: 'ALREADY_EXISTS' },
  }),

  fault({
    id: 'ind26-dashboard-update-time-from-date-header',
    requirements: ['TIMESTAMP-ORDER', 'SERVER-SET-TIMES'],
    slips: ['broken'],
    description:
      "A dashboard PATCH stamps update_time with the request's `Date` header when it carries one (the last-edit time of the offline-capable web dashboard, which sends the moment of the edit), the server's clock otherwise: a client whose clock is behind, or a request replayed later, writes an update_time before the dashboard's create_time.",
    behaviour: (b) => {
      const request = lastRequest(b);
      presentWith(b, 'dashboard', (view) => {
        const req = request();
        const sent = req?.method === 'PATCH' ? req.headers.date : undefined;
        const ms = sent === undefined ? Number.NaN : Date.parse(sent);
        return Number.isNaN(ms) ? view : { ...view, update_time: b.formatTime(ms) };
      });
    },
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: 'Quality overview' },
        headers: { Date: 'Thu, 01 Jan 2015 00:00:00 GMT' },
      });
      const d = answer.body.dashboard as JsonObject;
      return {
        update_time: d.update_time,
        beforeCreate: Date.parse(String(d.update_time)) < Date.parse(String(d.create_time)),
      };
    },
    shows: { update_time: '2015-01-01T00:00:00.000Z', beforeCreate: true },
  }),

  fault({
    id: 'ind26-body-limit-ten-mib-whole',
    requirements: ['AGENT-CONFIG-SIZE'],
    slips: ['scope'],
    description:
      "The JSON body parser's limit is set to the specification's largest field limit, 10 MB (`express.json({ limit: '10mb' })`, 10 MiB), and so holds the whole body to it: an agent whose simulator configuration and workflows are 6 MB each, each within its own 10 MB, is refused with INVALID_ARGUMENT (request entity too large).",
    behaviour: (b) => {
      const body = b.requestBody;
      b.requestBody = (text, headers) => {
        if (Buffer.byteLength(text) > 10 * 1024 * 1024) throw invalidArgument('body', 'request entity too large');
        return body(text, headers);
      };
    },
    probe: async (call) => {
      const blob = 'a'.repeat(6_000_000);
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Large configuration',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: {
            chat_endpoint: 'https://chat.example.com/v1/messages',
            tool_call_extraction_config: { notes: blob },
          },
          workflows: { notes: blob },
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind26-parameter-values-derived-from-resolved',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      "parameter_values left out are derived from the configuration the mutation resolves to (the parent agent's configuration with config_overrides merged over it, the object the runner uses), not from config_overrides: a mutation overriding only the prompt displays a pair for every field of its parent (display_name, model_type, phone_number, ...).",
    behaviour: (b) => {
      let parent: AgentRecord | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') parent = store.agents.get(params.agent_id ?? '');
        return named(endpoint, params, store);
      };
      const derive = b.mutationRules.parameterValues;
      b.mutationRules = {
        ...b.mutationRules,
        parameterValues: (given, overrides) => {
          if (given !== null || parent === undefined) return derive(given, overrides);
          const fields = [
            'display_name',
            'model_type',
            'phone_number',
            'endpoint',
            'prompt',
            'metadata',
            'workflows',
          ] as const;
          const base = Object.fromEntries(
            fields.filter((f) => parent?.[f] != null).map((f) => [f, parent?.[f]]),
          ) as JsonObject;
          return flattenToStrings({ ...base, ...overrides });
        },
      };
    },
    probe: async (call) => {
      const agent = await voiceAgent(call, { prompt: 'Be brief.' });
      const created = await call('POST', `/v1/agents/${agent}/mutations`, {
        body: { display_name: 'Calmer', config_overrides: { prompt: 'Be calm.' } },
      });
      return created.body.mutation.parameter_values;
    },
    shows: {
      display_name: 'Probe agent',
      model_type: 'MODEL_TYPE_VOICE',
      phone_number: '+14155550123',
      prompt: 'Be calm.',
    },
  }),

  fault({
    id: 'ind26-review-project-name-second-id',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description:
      "A review project's name and id are each given a fresh ID (the mapper calls the ID generator for `name` as it does for `id`, a copied line): `review-projects/<x>` names another ID than the project's own.",
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        name: `review-projects/${Array.from({ length: 22 }, () => ALPHANUMERIC[Math.floor(Math.random() * ALPHANUMERIC.length)]).join('')}`,
      })),
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Refund calls',
          assignees: ['lead@example.com'],
          linked_simulation_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
          linked_metric_ids: ['MeTrIcAbCdEfGhIjKlMnOp'],
        },
      });
      const p = created.body.review_project as JsonObject;
      return p.name === `review-projects/${String(p.id)}`;
    },
    shows: false,
  }),
  fault({
    id: 'ind26-mutation-names-indexed-in-plain-object',
    requirements: ['MUTATION-CREATE', 'MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['broken'],
    description:
      'The active mutation names of each agent are kept in a plain object used as a map (`taken[display_name]`), which also finds the members every object inherits: a first mutation named `constructor`, `toString` or `valueOf` (valid names, 1 to 200 characters) is refused with ALREADY_EXISTS, though no mutation of the agent has that name.',
    behaviour: (b) => {
      // The index holds the names of active mutations (the store's check keeps them); what it adds is what it inherits.
      const index: Record<string, unknown> = {};
      const read = b.mutationRules.fields.display_name;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          display_name: (fields, body) => {
            const name = read(fields, body);
            if (index[name] !== undefined)
              throw alreadyExists('display_name', `the agent already has a mutation named "${name}"`);
            return name;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = await voiceAgent(call);
      const created = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'constructor' } });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 409, code: 'ALREADY_EXISTS' },
  }),

  fault({
    id: 'ind26-workflows-own-key-check-shadowed',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "An agent's workflows are walked before they are stored (to measure them) with `node.hasOwnProperty(key)` on every object met: a workflows object with a member named `hasOwnProperty` (valid JSON, as a workflow step's flag) shadows the method, the call throws, and the creation fails with 500 INTERNAL.",
    behaviour: (b) => {
      const created = b.agentCreated;
      const shadowed = (value: unknown): boolean =>
        Array.isArray(value)
          ? value.some(shadowed)
          : value !== null &&
            typeof value === 'object' &&
            (Object.hasOwn(value, 'hasOwnProperty') || Object.values(value).some(shadowed));
      b.agentCreated = (record, body) => {
        if (shadowed(record.workflows)) throw internal('node.hasOwnProperty is not a function');
        return created(record, body);
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Flagged workflow',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550123',
          workflows: { steps: [{ name: 'greet', hasOwnProperty: true }] },
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),

  fault({
    id: 'ind26-body-comments-stripped-by-pattern',
    requirements: ['AGENT-CREATE', 'REQUEST-MALFORMED-JSON', 'CHAT-URLS-VALIDATED'],
    slips: { 'AGENT-CREATE': ['broken'], 'REQUEST-MALFORMED-JSON': ['scope'], 'CHAT-URLS-VALIDATED': ['broken'] },
    description:
      "Request bodies pass the comment stripper of the service's configuration loader before they are parsed (a pattern that spares `://` so URLs survive): a `//` anywhere else in the text, inside a string too, cuts the line there, so an agent whose prompt reads `Greet the caller // then wait` is refused as malformed JSON (INVALID_ARGUMENT), where the body is valid JSON.",
    behaviour: (b) => {
      const body = b.requestBody;
      b.requestBody = (text, headers) => body(text.replace(/(^|[^:])\/\/.*$/gm, '$1'), headers);
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Commented prompt',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550123',
          prompt: 'Greet the caller // then wait',
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),
  fault({
    id: 'ind26-chat-phone-number-refused',
    requirements: ['AGENT-CREATE', 'AGENT-CONFIG-ECHO'],
    slips: { 'AGENT-CREATE': ['scope'], 'AGENT-CONFIG-ECHO': ['broken'] },
    description:
      'phone_number is refused on a MODEL_TYPE_CHAT agent (INVALID_ARGUMENT, "a chat agent has no phone number"), the validator taking the field for one of the voice types alone, where the table makes it required for some agent types and optional for the others: a chat agent that also lists the support line it hands over to cannot be created.',
    behaviour: (b) =>
      rereadAgent(b, 'phone_number', (read) => (f, request) => {
        const value = read(f, request);
        if (value !== null && request.modelType === 'MODEL_TYPE_CHAT')
          f.fail('phone_number', 'a chat agent has no phone number');
        return value;
      }),
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Chat with hand-over line',
          model_type: 'MODEL_TYPE_CHAT',
          phone_number: '+14155550123',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages' },
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT' },
  }),

  fault({
    id: 'ind26-assignee-pattern-backtracks-to-timeout',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['broken'],
    description:
      'Assignees are matched with an e-mail pattern of nested quantifiers (`^([\\w.+-]+)+@...`), which backtracks exponentially on a long local part with no `@`: a review project whose assignee is such a text (`reviewer.team.quality.assurance.lead`, no address) is not refused with INVALID_ARGUMENT but runs into the request timeout, answered 503 with code UNAVAILABLE.',
    behaviour: (b) => {
      const read = b.reviewProjectFields.assignees;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        assignees: (f) => {
          if ((f.strings('assignees') ?? []).some((a) => /^[\w.+-]{25,}$/.test(a)))
            throw new ApiError('UNAVAILABLE', 'the request timed out');
          return read(f);
        },
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'UNAVAILABLE' ? 503 : status(code, endpoint));
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Refund calls',
          assignees: ['reviewer.team.quality.assurance.lead'],
          linked_simulation_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
          linked_metric_ids: ['MeTrIcAbCdEfGhIjKlMnOp'],
        },
      });
      return { status: created.status, code: created.body?.error?.code ?? null };
    },
    shows: { status: 503, code: 'UNAVAILABLE' },
  }),

  fault({
    id: 'ind26-body-zero-width-no-break-space-stripped',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "The request body reader takes off a byte order mark with `text.replace(/\\uFEFF/g, '')`, the global flag where only a leading one was meant: U+FEFF inside a string (a zero-width no-break space, valid text, as in a name kept from breaking across lines) is removed, and a mutation's display_name comes back without it.",
    behaviour: (b) => {
      const body = b.requestBody;
      b.requestBody = (text, headers) => body(text.replace(/\uFEFF/g, ''), headers);
    },
    probe: async (call) => {
      const agent = await voiceAgent(call);
      const created = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'Tone\uFEFF-A' } });
      const got = await call('GET', `/v1/agents/${agent}/mutations/${String(created.body.mutation.id)}`);
      return got.body.mutation.display_name;
    },
    shows: 'Tone-A',
  }),
  fault({
    id: 'ind26-mutation-ids-from-sequence-read-early',
    requirements: ['MUTATION-CREATE', 'MUTATION-GET'],
    slips: ['broken'],
    description:
      "A mutation's ULID is issued from a sequence whose value is read with the name check and written back with the insert (two statements, no transaction between them; each sequence number keeps the ULID first drawn for it): two mutations created at once get the same id, the later one stored over the earlier, so one create's answer names a mutation whose GET answers the other's display_name. One creation at a time gets an id of its own.",
    behaviour: (b) => {
      let sequence = 0;
      const read: number[] = [];
      const issued = new Map<number, string>();
      b.mutationRules = {
        ...b.mutationRules,
        beforeStore: async () => {
          read.push(sequence);
          await new Promise((resolve) => setTimeout(resolve, 25));
        },
        newId: (ids, now) => {
          sequence = (read.shift() ?? sequence) + 1;
          const id = issued.get(sequence) ?? ids.ulid(now);
          issued.set(sequence, id);
          return id;
        },
      };
    },
    probe: async (call) => {
      const agent = await voiceAgent(call);
      const path = `/v1/agents/${agent}/mutations`;
      const [a, b] = await Promise.all([
        call('POST', path, { body: { display_name: 'Alpha' } }),
        call('POST', path, { body: { display_name: 'Beta' } }),
      ]);
      const ids = [String(a.body.mutation.id), String(b.body.mutation.id)];
      const names = await Promise.all(
        ids.map(async (id) => (await call('GET', `${path}/${id}`)).body.mutation.display_name),
      );
      return { sameId: ids[0] === ids[1], oneReadBackTwice: names[0] === names[1] };
    },
    shows: { sameId: true, oneReadBackTwice: true },
  }),
  fault({
    id: 'ind26-overrides-equal-to-parent-dropped',
    requirements: ['MUTATION-GET', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'config_overrides are stored as a minimal delta: an override whose value equals the parent agent\'s (a key the variant pins to the parent\'s current value) is taken for no change and dropped, so a mutation created with `{"prompt": <the parent\'s prompt>, "display_name": "Calm"}` reads back `{"display_name": "Calm"}`, not the config_overrides sent.',
    behaviour: (b) => {
      let parent: AgentRecord | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') parent = store.agents.get(params.agent_id ?? '');
        return named(endpoint, params, store);
      };
      const read = b.mutationRules.fields.config_overrides;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          config_overrides: (fields, body) => {
            const overrides = read(fields, body);
            const base = (parent ?? {}) as unknown as Record<string, unknown>;
            return Object.fromEntries(
              Object.entries(overrides).filter(([key, value]) => JSON.stringify(base[key]) !== JSON.stringify(value)),
            ) as JsonObject;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = await voiceAgent(call, { prompt: 'Be brief.' });
      const path = `/v1/agents/${agent}/mutations`;
      const created = await call('POST', path, {
        body: { display_name: 'Pinned prompt', config_overrides: { prompt: 'Be brief.', display_name: 'Calm' } },
      });
      const got = await call('GET', `${path}/${String(created.body.mutation.id)}`);
      return got.body.mutation.config_overrides;
    },
    shows: { display_name: 'Calm' },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_26_FAULTS: readonly Fault<(typeof FAULTS_26)[number]['id']>[] = FAULTS_26;
