// Round 13 of the independent fault writers (issue #30, point 4): faults written from the
// specification and the reference service alone, without reading the suite's checks.
//
// Review (coordinator): four of 30 dropped. test_set_id's 8 characters counted in UTF-16 units (what a
// "character" is, is not defined: code points are the strict profile's convention); input_str refused past 65,535
// bytes (the specification states no maximum, and a server has some bound: 64 KB is a reasonable one); a scheduled
// run answering NOT_FOUND once the run its last_run_id names is deleted (indistinguishable from a cascade, a
// reading); `<id>.json` served as the resource (a router's format suffix, Rails' `(.:format)` and Spring MVC's
// suffix patterns before 5.3, a framework's URL convention as a trailing slash is).

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { alreadyExists, ApiError, internal, invalidArgument, notFound } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { Comparison, FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { RunRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import { codePointCount } from '../../lib/reference/validation/id-format.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { parse as parseYaml } from 'yaml';
import { fault, finalizeWith, onRunCancelled, paths, presentWith, respondWith } from './define.js';
import { tokensReadAs } from './list-seams.js';

/** The fixtures the reference is seeded with (the same ids at every start). */
const { fixtures: FIXTURES, store: SEEDED } = seedStore(ALPHANUMERIC);

const SIMULATION_ID = [...SEEDED.simulations.keys()][0]!;
const SIMULATIONS = [...SEEDED.simulations.entries()];
const [FIRST_SIMULATION, SECOND_SIMULATION] = [SIMULATIONS[1]!, SIMULATIONS[2]!];
/** A metric the second simulation was scored on and the first was not. */
const SECOND_ONLY_METRIC = [...SECOND_SIMULATION[1].values()]
  .map((output) => output.metric_id)
  .find((id) => ![...FIRST_SIMULATION[1].values()].some((output) => output.metric_id === id))!;
/** A simulation and one of its outputs with subvalues whose end_offset is not 0. */
const WITH_SUBVALUES = SIMULATIONS.flatMap(([id, outputs]) =>
  [...outputs.values()]
    .filter((m) => (m.subvalues_by_timestamp?.[0]?.end_offset ?? 0) > 0)
    .map((m) => [id, m] as const),
)[0]!;

const VOICE_AGENT = { display_name: 'Round 13 agent', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550143' };

/** Creates a voice agent (with `extra` fields) and answers its id. */
async function newAgent(call: Call, extra: JsonObject = {}): Promise<string> {
  const created = await call('POST', '/v1/agents', { body: { ...VOICE_AGENT, ...extra } });
  return String(created.body.agent.id);
}

const errorCode = (body: unknown): unknown => (body as { error?: { code?: unknown } } | undefined)?.error?.code ?? null;
const detailField = (body: unknown): unknown =>
  (body as { error?: { details?: { field?: unknown }[] } } | undefined)?.error?.details?.[0]?.field ?? null;

/** The path of the first document the listing names. */
async function firstDocumentPath(call: Call): Promise<string> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  const url = /https?:\/\/[^"\s]+\/v1\/openapi\/[^"\s]+/.exec(listing.text)?.[0] ?? '';
  return url.slice(url.indexOf('/v1/openapi/'));
}

/** A parameter's name, or the last segment of its `$ref`. */
const parameterName = (p: JsonObject): string =>
  typeof p.name === 'string' ? p.name : String(p.$ref ?? '').replace(/^.*\//, '');

export const INDEPENDENT_13_FAULTS = [
  fault({
    id: 'ind13-dashboard-name-slash-refused',
    requirements: ['DASHBOARD-DISPLAY-NAME'],
    slips: ['broken'],
    description:
      'A dashboard PATCH refuses a display_name holding a slash (`Q3/Q4 revenue`) with INVALID_ARGUMENT: the name is checked with the rule written for resource-name segments (no `/`), while the specification asks only 1 to 255 characters.',
    behaviour: (b) => {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        if (
          kind === 'dashboard' &&
          (updated as { display_name?: unknown }).display_name !== (previous as { display_name?: unknown }).display_name
        ) {
          const name = String((updated as { display_name?: unknown }).display_name);
          if (name.includes('/')) throw invalidArgument('display_name', 'must not contain "/"');
        }
        return kept(kind, updated, previous);
      };
    },
    probe: async (call) => {
      const answer = await call('PATCH', `/v1/dashboards/${FIXTURES.dashboardId}`, {
        body: { display_name: 'Q3/Q4 revenue' },
      });
      return errorCode(answer.body) ?? answer.body.dashboard?.display_name;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind13-metric-output-id-detail-names-simulation',
    requirements: ['ERROR-DETAILS-FIELD'],
    seenThrough: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description:
      'GET of one metric output names the wrong path parameter in its errors: a malformed metric_output_id is refused with INVALID_ARGUMENT whose detail names `simulation_id` (the first path parameter, an index slip in the shared path-parameter error), while the simulation_id sent is valid; every other endpoint names the parameter at fault.',
    behaviour: (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}' &&
        detail.field === 'metric_output_id'
          ? 'simulation_id'
          : field(detail, endpoint);
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/simulations/${SIMULATION_ID}/metrics/not-a-metric-output-id`);
      return { code: errorCode(answer.body), field: detailField(answer.body) };
    },
    shows: { code: 'INVALID_ARGUMENT', field: 'simulation_id' },
  }),
  fault({
    id: 'ind13-filter-split-at-last-operator',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['scope'],
    description:
      'A comparison is split at its last operator (a greedy `(.*)(>=|<=|!=|=|<|>)(.*)` pattern), not at the one after the field: a double-quoted value holding an operator (`name = "a <= b"`) is read as the field `name = "a` compared with `b"`, and the filter is refused as naming an unknown field, instead of matching the personas of that name.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const comparison = /"[^"]*(?:>=|<=|!=|=|<|>)[^"]*"/.exec(raw ?? '');
        if (comparison !== null) {
          const field =
            /^(.*?)\s*(?:>=|<=|!=|=|<|>)[^<>=!]*$/.exec(
              (raw ?? '').slice(0, comparison.index + comparison[0].length),
            )?.[1] ?? '';
          throw invalidArgument('filter', `"${field.trim()}" is not a filter field of this list`, 'query');
        }
        return filter(raw, list);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/personas?filter=${encodeURIComponent('name = "a <= b"')}`);
      return errorCode(answer.body) ?? { personas: answer.body.personas?.length };
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind13-mutation-name-of-agent-refused',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      "A mutation whose display_name equals its parent agent's display_name is refused with ALREADY_EXISTS: the uniqueness check reads the agent's variants, which list the agent itself (its base configuration) under the agent's name, though the specification holds the name unique only among the agent's active mutations.",
    behaviour: (b) => {
      let parent: { store: Store; agentId: string } | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') parent = { store, agentId: params.agent_id ?? '' };
        return named(endpoint, params, store);
      };
      const rules = b.mutationRules;
      const readName = rules.fields.display_name;
      b.mutationRules = {
        ...rules,
        fields: {
          ...rules.fields,
          display_name: (fields, body) => {
            const name = readName(fields, body);
            const agent = parent?.store.agents.get(parent.agentId);
            if (agent !== undefined && agent.display_name === name) {
              throw alreadyExists('display_name', `the agent already has a variant named "${name}"`);
            }
            return name;
          },
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call, { display_name: 'Round 13 support bot' });
      const answer = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Round 13 support bot' },
      });
      return errorCode(answer.body) ?? 'created';
    },
    shows: 'ALREADY_EXISTS',
  }),
  fault({
    id: 'ind13-run-cancel-listed-twice',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE of an unfinished run cancels it by appending a new version of the run (an append-only runs table), and the runs list reads every version rather than the latest of each run_id: the cancelled run is listed twice, once cancelled and once with the status it had before, under the same run_id.',
    behaviour: (b) => {
      const ghosts = new Map<string, RunRecord>();
      onRunCancelled(b, (before) => ghosts.set(before.run_id, before));
      respondWith(b, 'GET /v1/runs', (body) => {
        const runs = body.runs;
        if (!Array.isArray(runs)) return body;
        const listed = (runs as JsonObject[]).flatMap((run) => {
          const ghost = ghosts.get(String(run.run_id));
          return ghost ? [run, { ...run, status: ghost.status, update_time: b.formatTime(ghost.update_time) }] : [run];
        });
        return { ...body, runs: listed };
      });
    },
    probe: async (call) => {
      const id = FIXTURES.cancellableRunId;
      await call('DELETE', `/v1/runs/${id}`);
      const listed = await call('GET', '/v1/runs?page_size=1000');
      return ((listed.body.runs ?? []) as JsonObject[]).filter((run) => run.run_id === id).length;
    },
    shows: 2,
  }),
  fault({
    id: 'ind13-filter-unknown-field-detail-names-it',
    requirements: ['ERROR-DETAILS-FIELD'],
    seenThrough: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['scope'],
    description:
      'A filter naming a field the list does not have is refused with INVALID_ARGUMENT whose detail names that unknown field (`colour`), as the field resolver raised it, instead of the request parameter at fault, `filter`; a filter that does not parse still names `filter`.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        try {
          return filter(raw, list);
        } catch (error) {
          const unknown =
            error instanceof ApiError
              ? /^"([^"]+)" is not a filter field/.exec(error.details[0]?.description ?? '')
              : null;
          if (unknown)
            throw invalidArgument(
              unknown[1]!,
              error instanceof ApiError ? (error.details[0]?.description ?? '') : '',
              'query',
            );
          throw error;
        }
      };
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/runs?filter=${encodeURIComponent('colour = red')}`);
      return { code: errorCode(answer.body), field: detailField(answer.body) };
    },
    shows: { code: 'INVALID_ARGUMENT', field: 'colour' },
  }),
  fault({
    id: 'ind13-chat-message-path-index-refused',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      "A CHAT agent's response_message_path is checked as dot-separated identifiers: a path with a numeric segment, the usual way to reach into a list (`choices.0.message.content`), is refused with INVALID_ARGUMENT, though the specification asks only a dot-notation path.",
    behaviour: (b) => {
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            response_message_path: (c, k) => {
              const path = c.string(k);
              if (path !== null && !/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(path))
                c.fail(k, 'must be a dot-separated path of identifiers');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Round 13 chat agent',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: {
            chat_endpoint: 'https://chat.example.com/api',
            response_message_path: 'choices.0.message.content',
          },
        },
      });
      return errorCode(answer.body) ?? answer.body.agent?.metadata?.response_message_path;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind13-review-metrics-checked-against-first-simulation',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'POST /v1/review-projects checks each of linked_metric_ids against the metric outputs of the first linked simulation only (`linked_simulation_ids[0]`): a project linking two simulations and a metric that only the second one was scored on is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      let current: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/review-projects') current = store;
        return named(endpoint, params, store);
      };
      const readMetrics = b.reviewProjectFields.linked_metric_ids;
      const readSimulations = b.reviewProjectFields.linked_simulation_ids;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        linked_metric_ids: (f) => {
          const metrics = readMetrics(f);
          const first = current?.simulations.get(readSimulations(f)[0] ?? '');
          if (first !== undefined) {
            const scored = new Set([...first.values()].map((output) => output.metric_id));
            const stray = metrics.find((id) => !scored.has(id));
            if (stray !== undefined)
              f.fail('linked_metric_ids', `"${stray}" is not a metric of the linked simulations`);
          }
          return metrics;
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Round 13 review',
          assignees: ['ana@example.com'],
          linked_simulation_ids: [FIRST_SIMULATION[0], SECOND_SIMULATION[0]],
          linked_metric_ids: [SECOND_ONLY_METRIC],
        },
      });
      return errorCode(answer.body) ?? 'created';
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind13-metric-get-offsets-in-ms',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      "GET of one metric output gives its subvalues' start_offset and end_offset in milliseconds (the detail view reads the raw timeline columns), while the list gives the same outputs' offsets in seconds: the two reads of one output differ by a factor of 1000.",
    behaviour: (b) => {
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', (body) => {
        const metric = body.metric as JsonObject | undefined;
        const subvalues = metric?.subvalues_by_timestamp;
        if (!metric || !Array.isArray(subvalues)) return body;
        const inMs = (subvalues as JsonObject[]).map((s) => ({
          ...s,
          start_offset: Number(s.start_offset) * 1000,
          end_offset: Number(s.end_offset) * 1000,
        }));
        return { ...body, metric: { ...metric, subvalues_by_timestamp: inMs } };
      });
    },
    probe: async (call) => {
      const [simulationId, output] = WITH_SUBVALUES;
      const got = await call('GET', `/v1/simulations/${simulationId}/metrics/${output.metric_output_id}`);
      const listed = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000`);
      const item = ((listed.body.metrics ?? []) as JsonObject[]).find(
        (m) => m.metric_output_id === output.metric_output_id,
      );
      const end = (m: unknown) =>
        ((m as { subvalues_by_timestamp?: { end_offset?: number }[] } | undefined)?.subvalues_by_timestamp ?? [])[0]
          ?.end_offset;
      return end(got.body.metric) === end(item) ? 'same' : 'differ';
    },
    shows: 'differ',
  }),
  fault({
    id: 'ind13-mutation-description-newlines-counted-twice',
    requirements: ['MUTATION-DESCRIPTION'],
    slips: ['unit'],
    description:
      "A mutation's description is measured with each line break counted as two characters (CRLF, as an HTML form's maxlength counts it): a 2000-character description holding a line break is refused, though it is within the 2000 characters the specification allows.",
    behaviour: (b) => {
      b.limits = {
        ...b.limits,
        'mutation.description': {
          ...b.limits['mutation.description'],
          measure: (v) => codePointCount(String(v)) + (String(v).match(/\n/g)?.length ?? 0),
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const description = `${'a'.repeat(999)}\n${'b'.repeat(1000)}`;
      const answer = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Two lines', description },
      });
      return errorCode(answer.body) ?? answer.body.mutation?.description?.length;
    },
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'ind13-mutation-concurrent-create-refused',
    requirements: ['MUTATION-CREATE'],
    slips: ['broken'],
    description:
      'Mutation creation takes a per-agent lock and answers a create that finds it held with ALREADY_EXISTS ("a mutation of this agent is being created"): two creates of differently named mutations sent at once under one agent get one mutation and one refusal, though nothing in the second conflicts with the first.',
    behaviour: (b) => {
      let current = '';
      const inFlight = new Set<string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') current = params.agent_id ?? '';
        return named(endpoint, params, store);
      };
      const rules = b.mutationRules;
      b.mutationRules = {
        ...rules,
        beforeStore: async () => {
          const agentId = current;
          if (inFlight.has(agentId)) throw alreadyExists('display_name', 'a mutation of this agent is being created');
          inFlight.add(agentId);
          try {
            await rules.beforeStore(agentId);
            await new Promise<void>((done) => setTimeout(done, 40));
          } finally {
            inFlight.delete(agentId);
          }
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const sent = ['Variant north', 'Variant south'].map((display_name) =>
        call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name } }),
      );
      const answers = await Promise.all(sent);
      return answers.map((a) => errorCode(a.body) ?? 'created').sort();
    },
    shows: ['ALREADY_EXISTS', 'created'],
  }),
  fault({
    id: 'ind13-sms-agent-without-phone-internal',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      'Creating a MODEL_TYPE_SMS agent without phone_number fails with 500 INTERNAL: the SMS channel normalises the number for its provider (`phone_number.replace(...)`) without a null check, so the request is neither stored nor refused as INVALID_ARGUMENT; SMS agents with a number, and other types without one, are served as before.',
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        if (record.model_type === 'MODEL_TYPE_SMS' && record.phone_number === null) {
          throw internal("Cannot read properties of null (reading 'replace')");
        }
        return created(record, body);
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: { display_name: 'Round 13 SMS agent', model_type: 'MODEL_TYPE_SMS' },
      });
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind13-runs-order-stale-after-cancel',
    requirements: ['LIST-ORDER-BY'],
    slips: ['broken'],
    description:
      'The runs list ordered by update_time keeps the order it computed before a run was cancelled (the sort is cached and a cancellation does not invalidate it): after DELETE cancels an unfinished run, `order_by=-update_time` still places that run where its old update_time put it, while showing its new update_time, so the list is out of order.',
    behaviour: (b) => {
      const stale = new Map<string, RunRecord>();
      let byUpdateTime: boolean | null = null;
      onRunCancelled(b, (before) => stale.set(before.run_id, before));
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const read = order(raw, list);
        if (list.id === 'runs') byUpdateTime = read.field === 'update_time' ? read.descending : null;
        return read;
      };
      respondWith(b, 'GET /v1/runs', (body) => {
        const runs = body.runs;
        if (byUpdateTime === null || stale.size === 0 || !Array.isArray(runs)) return body;
        const descending = byUpdateTime;
        const time = (run: JsonObject) => {
          const old = stale.get(String(run.run_id));
          return old ? old.update_time : Date.parse(String(run.update_time));
        };
        const sorted = [...(runs as JsonObject[])].sort((x, y) => (descending ? time(y) - time(x) : time(x) - time(y)));
        return { ...body, runs: sorted };
      });
    },
    probe: async (call) => {
      await call('DELETE', `/v1/runs/${FIXTURES.cancellableRunId}`);
      const listed = await call('GET', '/v1/runs?order_by=-update_time&page_size=1000');
      const times = ((listed.body.runs ?? []) as JsonObject[]).map((run) => Date.parse(String(run.update_time)));
      return times.every((t, i) => i === 0 || times[i - 1]! >= t) ? 'ordered' : 'out of order';
    },
    shows: 'out of order',
  }),
  fault({
    id: 'ind13-spec-json-form-openapi-3-0',
    requirements: ['SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The JSON form of a published document is produced by another exporter than the YAML form and declares `openapi: 3.0.3` where the YAML form declares `3.1.0` (its schemas unchanged): the two forms are not the same document, and the JSON one claims a version whose rules its 3.1 schemas do not follow.',
    behaviour: (b) => finalizeWith(b, (doc, form) => (form === 'json' ? { ...doc, openapi: '3.0.3' } : doc)),
    probe: async (call) => {
      const path = await firstDocumentPath(call);
      const json = (await call('GET', path, { key: null, headers: { Accept: 'application/json' } })).body as JsonObject;
      const yaml = parseYaml((await call('GET', path, { key: null })).text) as JsonObject;
      return { json: json.openapi, yaml: yaml.openapi };
    },
    shows: { json: '3.0.3', yaml: '3.1.0' },
  }),
  fault({
    id: 'ind13-mutation-id-reused-by-name',
    requirements: ['MUTATION-DELETE-GONE'],
    slips: ['state'],
    description:
      "A mutation's id is derived from its agent and display_name (a deterministic id meant to make retried creates idempotent): a mutation created after a deleted one of the same name under the same agent gets the deleted one's id, so the deleted mutation's id serves a mutation again (GET answers the new one).",
    behaviour: (b) => {
      let agentId = '';
      let displayName = '';
      const issued = new Map<string, string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents/{agent_id}/mutations') agentId = params.agent_id ?? '';
        return named(endpoint, params, store);
      };
      const rules = b.mutationRules;
      const readName = rules.fields.display_name;
      b.mutationRules = {
        ...rules,
        fields: {
          ...rules.fields,
          display_name: (fields, body) => {
            displayName = readName(fields, body);
            return displayName;
          },
        },
        newId: (ids, now) => {
          const key = JSON.stringify([agentId, displayName]);
          const id = issued.get(key) ?? rules.newId(ids, now);
          issued.set(key, id);
          return id;
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const first = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'Reused name' } });
      const firstId = String(first.body.mutation?.id);
      await call('DELETE', `/v1/agents/${agentId}/mutations/${firstId}`);
      await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Reused name', description: 'second' },
      });
      const again = await call('GET', `/v1/agents/${agentId}/mutations/${firstId}`);
      return errorCode(again.body) ?? again.body.mutation?.description;
    },
    shows: 'second',
  }),
  fault({
    id: 'ind13-filter-flipped-by-descending-order',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      "The keyset-pagination code that reverses the range comparisons on the ordered field for a descending order (`after` becomes `<`) also reverses the client's own filter on that field: on the metrics list, `filter=value >= 0.5` with `order_by=-value` returns the outputs valued 0.5 and below; with an ascending order, or a filter on another field, the filter holds.",
    behaviour: (b) => {
      let descendingField: string | null = null;
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const read = order(raw, list);
        descendingField = read.descending ? read.field : null;
        return read;
      };
      const flip = { '>': '<', '<': '>', '>=': '<=', '<=': '>=' } as Record<string, string>;
      const flipped = (expr: FilterExpr, field: string): FilterExpr =>
        expr.kind === 'cmp'
          ? expr.field === field && flip[expr.op]
            ? { ...expr, op: flip[expr.op] as Comparison['op'] }
            : expr
          : { ...expr, terms: expr.terms.map((term) => flipped(term, field)) };
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(descendingField === null ? expr : flipped(expr, descendingField), item, fields);
    },
    probe: async (call) => {
      const filter = encodeURIComponent('value >= 0.5');
      const answer = await call(
        'GET',
        `/v1/simulations/${SIMULATION_ID}/metrics?filter=${filter}&order_by=-value&page_size=1000`,
      );
      const values = ((answer.body.metrics ?? []) as JsonObject[]).map((m) => Number(m.value));
      return values.length > 0 && values.every((v) => v >= 0.5) ? 'filter held' : 'filter reversed';
    },
    shows: 'filter reversed',
  }),
  fault({
    id: 'ind13-page-token-skips-rest-of-tie',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description:
      'A page token resumes after the sort value of the last item returned, not after that value and its id (a keyset cursor without its tie-breaker): when a page ends inside a run of equal sort values (runs created at the same instant), the next page starts after all of them, and the runs of the tie not yet returned are never listed.',
    behaviour: (b) => {
      tokensReadAs(b, (token, _list, correct) => {
        const cursor = correct(token);
        return cursor === null ? null : { ...cursor, after: [cursor.after[0], '\uffff'] as const };
      });
    },
    probe: async (call) => {
      const all = await call('GET', '/v1/runs?page_size=1000');
      const total = ((all.body.runs ?? []) as JsonObject[]).length;
      const seen = new Set<string>();
      let token = '';
      for (let page = 0; page < 400; page++) {
        const answer = await call(
          'GET',
          `/v1/runs?page_size=1${token ? `&page_token=${encodeURIComponent(token)}` : ''}`,
        );
        for (const run of (answer.body.runs ?? []) as JsonObject[]) seen.add(String(run.run_id));
        token = String(answer.body.next_page_token ?? '');
        if (!token) break;
      }
      return seen.size < total ? 'runs skipped' : 'complete';
    },
    shows: 'runs skipped',
  }),
  fault({
    id: 'ind13-spec-metric-get-parent-parameter-missing',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} declares only its own path parameter, metric_output_id (the generator writes the parameters of the leaf resource): the path template names simulation_id, which no parameter declares, so the document is not valid OpenAPI; the list operation on the same simulation declares it.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const entry = Object.entries(all).find(([path]) => path.endsWith('/metrics/{metric_output_id}'));
        if (!entry) return doc;
        const [path, item] = entry;
        const get = item.get;
        if (!get || !Array.isArray(get.parameters)) return doc;
        const parameters = (get.parameters as JsonObject[]).filter((p) => parameterName(p) !== 'simulation_id');
        return { ...doc, paths: { ...all, [path]: { ...item, get: { ...get, parameters } } } };
      }),
    probe: async (call) => {
      const doc = (
        await call('GET', await firstDocumentPath(call), { key: null, headers: { Accept: 'application/json' } })
      ).body as JsonObject;
      const item = Object.entries(paths(doc)).find(([path]) => path.endsWith('/metrics/{metric_output_id}'))?.[1];
      const declared = [
        ...((item?.parameters ?? []) as JsonObject[]),
        ...((item?.get?.parameters ?? []) as JsonObject[]),
      ];
      return declared.some((p) => parameterName(p) === 'simulation_id') ? 'declared' : 'undeclared';
    },
    shows: 'undeclared',
  }),
  fault({
    id: 'ind13-agent-get-unknown-metric-ids-dropped',
    requirements: ['AGENT-GET'],
    slips: ['read-back'],
    description:
      "GET of an agent reads its metric_ids through a join with the metrics the service has scored: an id accepted and stored at creation that names no scored metric is left out of the agent read back, while the create's answer echoed it; ids of scored metrics are kept.",
    behaviour: (b) => {
      let current: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'GET /v1/agents/{agent_id}') current = store;
        return named(endpoint, params, store);
      };
      respondWith(b, 'GET /v1/agents/{agent_id}', (body) => {
        const agent = body.agent as JsonObject | undefined;
        if (!agent || !Array.isArray(agent.metric_ids) || current === undefined) return body;
        const scored = new Set(
          [...current.simulations.values()].flatMap((outputs) => [...outputs.values()].map((o) => o.metric_id)),
        );
        return {
          ...body,
          agent: { ...agent, metric_ids: (agent.metric_ids as string[]).filter((id) => scored.has(id)) },
        };
      });
    },
    probe: async (call) => {
      const scored = [...SIMULATIONS[0]![1].values()][0]!.metric_id;
      const agentId = await newAgent(call, { metric_ids: [scored, 'Zz9Zz9Zz9Zz9Zz9Zz9Zz9Z'] });
      const got = await call('GET', `/v1/agents/${agentId}`);
      return got.body.agent?.metric_ids?.length;
    },
    shows: 1,
  }),
  fault({
    id: 'ind13-filter-astral-value-internal',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['scope'],
    description:
      'A filter whose quoted value holds a character outside the Basic Multilingual Plane (`name = "Zoë 🙂"`) fails with 500 INTERNAL: the tokenizer copies the value one UTF-16 unit at a time and percent-encodes each unit for the page token\'s fingerprint, which throws on the halves of the emoji (URIError: URI malformed); other quoted values are read as before.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        for (const quoted of (raw ?? '').match(/"[^"]*"/g) ?? []) {
          try {
            for (const unit of quoted.split('')) encodeURIComponent(unit);
          } catch (error) {
            throw internal(`filter: ${(error as Error).message}`);
          }
        }
        return filter(raw, list);
      };
    },
    probe: async (call) => {
      const answer = await call('GET', `/v1/personas?filter=${encodeURIComponent('name = "Zoë 🙂"')}`);
      return { status: answer.status, code: errorCode(answer.body) };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind13-review-metric-ids-answered-as-names',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "POST /v1/review-projects answers linked_metric_ids with the metrics' names (`Task Completion`), from the view the review screen is built from, instead of the ids sent: the project's linked metrics come back as names; ids no scored metric has are echoed unchanged.",
    behaviour: (b) => {
      let current: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/review-projects') current = store;
        return named(endpoint, params, store);
      };
      presentWith(b, 'reviewProject', (view) => {
        if (current === undefined || !Array.isArray(view.linked_metric_ids)) return view;
        const names = new Map(
          [...current.simulations.values()].flatMap((outputs) =>
            [...outputs.values()].map((o) => [o.metric_id, o.metric_name] as const),
          ),
        );
        return { ...view, linked_metric_ids: (view.linked_metric_ids as string[]).map((id) => names.get(id) ?? id) };
      });
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Round 13 names',
          assignees: ['ana@example.com'],
          linked_simulation_ids: [SECOND_SIMULATION[0]],
          linked_metric_ids: [SECOND_ONLY_METRIC],
        },
      });
      return answer.body.review_project?.linked_metric_ids?.[0] === SECOND_ONLY_METRIC ? 'id' : 'not the id';
    },
    shows: 'not the id',
  }),
  fault({
    id: 'ind13-spec-listing-ipv6-host-broken',
    requirements: ['SPEC-FETCHABLE'],
    slips: ['scope'],
    description:
      "The listing builds each document's URL from the request's Host split at its first colon (`const [host, port] = header.split(':')`, to default the port): for a client that reached the service at an IPv6 literal (`Host: [::1]:8080`) the URLs come out as `http://[/v1/openapi/...`, which is no URL and fetches nothing; a host name or an IPv4 address is written as before.",
    behaviour: (b) => {
      const listing = b.publishing.listing;
      const split = (url: string): string =>
        url.replace(/^(https?:\/\/)([^/]*)/, (_all, scheme: string, authority: string) => {
          const [host, port] = authority.split(':');
          return `${scheme}${host ?? ''}${port ? `:${port}` : ''}`;
        });
      b.publishing.listing = {
        ...listing,
        render: (entries) => listing.render(entries.map((entry) => ({ ...entry, url: split(entry.url) }))),
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi', { key: null, headers: { Host: '[::1]:8080' } });
      const url = /"(https?:\/\/[^"]*\/v1\/openapi\/[^"]*)"/.exec(listing.text)?.[1] ?? '';
      try {
        return new URL(url).host;
      } catch {
        return 'no URL';
      }
    },
    shows: 'no URL',
  }),
  fault({
    id: 'ind13-runs-filter-deleted-persona-refused',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      'The runs list checks a persona_id filter value against the personas that exist (to answer a clear error for a mistyped id): after a persona is deleted, `filter=persona_id = <its id>`, a valid filter over runs that still name it, is refused with NOT_FOUND instead of listing those runs; ids of existing personas filter as before.',
    behaviour: (b) => {
      const deletedPersonas = new Set<string>();
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        if (kind === 'persona') deletedPersonas.add(String(deleted.id));
        return answer(kind, deleted);
      };
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const read = filter(raw, list);
        const named = (expr: FilterExpr | null): string[] =>
          expr === null
            ? []
            : expr.kind === 'cmp'
              ? expr.field === 'persona_id'
                ? [expr.value]
                : []
              : expr.terms.flatMap(named);
        if (list.id === 'runs' && named(read).some((id) => deletedPersonas.has(id))) {
          throw notFound('persona', 'filter', 'query');
        }
        return read;
      };
    },
    probe: async (call) => {
      const id = FIXTURES.deletablePersonaId;
      await call('DELETE', `/v1/personas/${id}`);
      const answer = await call('GET', `/v1/runs?filter=${encodeURIComponent(`persona_id = ${id}`)}`);
      return errorCode(answer.body) ?? 'listed';
    },
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'ind13-agent-get-workflows-first-1000-keys',
    requirements: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "GET of an agent reads its workflows back from a key/value table with `LIMIT 1000`: an agent created with workflows of more than 1,000 top-level keys (well within 10 MB) is read back with the first 1,000 only, while the create's answer echoed them all.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/agents/{agent_id}', (body) => {
        const agent = body.agent as JsonObject | undefined;
        const workflows = agent?.workflows;
        if (!agent || workflows === null || typeof workflows !== 'object' || Array.isArray(workflows)) return body;
        const kept = Object.fromEntries(Object.entries(workflows).slice(0, 1000));
        return { ...body, agent: { ...agent, workflows: kept } };
      }),
    probe: async (call) => {
      const workflows = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`step_${i}`, { say: `line ${i}` }]));
      const agentId = await newAgent(call, { workflows });
      const got = await call('GET', `/v1/agents/${agentId}`);
      return Object.keys(got.body.agent?.workflows ?? {}).length;
    },
    shows: 1000,
  }),
  fault({
    id: 'ind13-run-delete-refused-when-scheduled',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE of a finished run that a scheduled run names as its last_run_id is refused with FAILED_PRECONDITION (a foreign key from the schedules table, ON DELETE RESTRICT): the run is neither deleted nor cancelled, though the specification gives DELETE of a run exactly those two outcomes; runs no schedule names are deleted as before.',
    behaviour: (b) => {
      let current: Store | undefined;
      let runId = '';
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'DELETE /v1/runs/{run_id}') {
          current = store;
          runId = params.run_id ?? '';
        }
        return named(endpoint, params, store);
      };
      const outcome = b.runDeletion.outcome;
      b.runDeletion.outcome = (status) => {
        const chosen = outcome(status);
        const scheduled = [...(current?.scheduledRuns.values() ?? [])].some((s) => s.last_run_id === runId);
        if (chosen === 'delete' && scheduled) {
          throw new ApiError('FAILED_PRECONDITION', 'the run is the last run of a scheduled run', [
            { field: 'run_id', description: 'referenced by a scheduled run', location: 'path' },
          ]);
        }
        return chosen;
      };
    },
    probe: async (call) => {
      const lastRunId = String(
        (await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`)).body.scheduled_run?.last_run_id,
      );
      const answer = await call('DELETE', `/v1/runs/${lastRunId}`);
      return errorCode(answer.body) ?? 'deleted';
    },
    shows: 'FAILED_PRECONDITION',
  }),
  fault({
    id: 'ind13-personas-max-page-size-no-token',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description:
      'The personas list finds out whether more items follow by fetching one row past the page, but the fetch is capped at the maximum page size (100): a request with page_size=100 fetches exactly 100 rows, sees no 101st, and ends the list (next_page_token null) though more personas remain; smaller pages carry their token.',
    behaviour: (b) => {
      let atMaximum = false;
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, token) => {
        const size = pageSize(raw, list, token);
        if (list.id === 'personas') atMaximum = size === list.pageSize.max;
        return size;
      };
      respondWith(b, 'GET /v1/personas', (body) => (atMaximum ? { ...body, next_page_token: null } : body));
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas?page_size=100');
      return { listed: (answer.body.personas ?? []).length, next: answer.body.next_page_token ?? null };
    },
    shows: { listed: 100, next: null },
  }),
];

/** Faults of this round no check detects yet, with the class of check each needs (filled in after the proof). */
export const UNDETECTED: Readonly<Record<string, string>> = {};
