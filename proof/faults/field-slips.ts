// Field and resource slips: each breaks one rule of a field or a resource in one of the
// common ways (slips.ts): the wrong unit, one field or endpoint but not another, one side of
// a bound, the create answer right and the read wrong, an explicit value taken for an absent
// one, a JSON type drifting, one state of the resource, or an array's order.

import { isDeepStrictEqual } from 'node:util';
import type { FieldLimitId } from '../../lib/contract/limits.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { MutationRecord } from '../../lib/reference/store/records.js';
import { utf8Size } from '../../lib/reference/validation/measure.js';
import { flattenToStrings, type MutationFields } from '../../lib/reference/validation/mutations.js';
import type { ReviewProjectFields } from '../../lib/reference/validation/review-projects.js';
import type { KeyRule } from '../../lib/reference/validation/simulator-config.js';
import { HOUR } from '../../lib/reference/fixtures/time.js';
import { fault, presentWith, readAs, rereadAgent, rereadTestCase, sortedLists, type Fault } from './define.js';
import { type JsonObject, isJsonObject } from '../../lib/util/json.js';
import {
  mutationStatus,
  renameDashboard,
  reviewProject,
  testCase,
  chatStatus,
  agentStatus,
  runs,
  agentReadBack,
  mutationReadBack,
  newAgent,
  mutate,
  parent,
} from '../probes/field-slips.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';

const GET_AGENT = 'GET /v1/agents/{agent_id}';
const GET_MUTATION = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}';

/** One row of the limits table measured another way (its bounds kept, or changed by `bounds`). */
const measuredAs =
  (ids: readonly FieldLimitId[], measure: (value: unknown) => number, bounds: { min?: number; max?: number } = {}) =>
  (b: Behaviour) => {
    for (const id of ids) b.limits[id] = { ...b.limits[id], ...bounds, measure };
  };

const bytesOfText = (value: unknown): number => utf8Size(String(value));
/** JavaScript's `.length` of the JSON text: UTF-16 units, which for the text sent are its characters, not its bytes. */
const charactersOfJson = (value: unknown): number =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).length;

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

const rereadMutation =
  <K extends keyof MutationFields>(name: K, reader: (original: MutationFields[K]) => MutationFields[K]) =>
  (b: Behaviour) => {
    b.mutationRules = {
      ...b.mutationRules,
      fields: { ...b.mutationRules.fields, [name]: reader(b.mutationRules.fields[name]) },
    };
  };

const rereadReviewProject =
  <K extends keyof ReviewProjectFields>(
    names: readonly K[],
    reader: (original: ReviewProjectFields[K], name: K) => ReviewProjectFields[K],
  ) =>
  (b: Behaviour) => {
    for (const name of names)
      b.reviewProjectFields = { ...b.reviewProjectFields, [name]: reader(b.reviewProjectFields[name], name) };
  };

/** Replaces the rule of one CHAT configuration key. */
const rekeyChat = (key: string, rule: KeyRule) => (b: Behaviour) => {
  b.agentRules.config = {
    ...b.agentRules.config,
    MODEL_TYPE_CHAT: { ...b.agentRules.config.MODEL_TYPE_CHAT, [key]: rule },
  };
};

/** Every number at any depth written as its decimal text (a string-typed key/value store). */
function numbersAsText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersAsText(v)]));
  return value;
}

const ALPHANUMERIC_UP_TO_22 = /^[A-Za-z0-9]{1,22}$/;
const ALPHANUMERIC_22_OR_MORE = /^[A-Za-z0-9]{22,}$/;

export const FIELD_SLIPS_FAULTS = [
  // unit: bytes for characters, characters for bytes
  fault({
    id: 'mutation-display-name-bytes',
    requirements: ['MUTATION-DISPLAY-NAME'],
    slips: ['unit'],
    description: 'Mutation display_name is limited to 200 UTF-8 bytes instead of 200 characters.',
    behaviour: measuredAs(['mutation.display_name'], bytesOfText),
    probe: (call) => mutationStatus(call, { display_name: 'é'.repeat(200) }),
    shows: 400,
  }),
  fault({
    id: 'dashboard-display-name-bytes',
    requirements: ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['unit'],
    description:
      'Dashboard display_name is limited to 255 UTF-8 bytes (a VARCHAR(255) byte column) instead of 255 characters.',
    behaviour: measuredAs(['dashboard.display_name'], bytesOfText),
    probe: (call) => renameDashboard(call, 'é'.repeat(255)),
    shows: 400,
  }),
  fault({
    id: 'review-project-display-name-bytes',
    requirements: ['REVIEW-PROJECT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['unit'],
    description: 'Review project display_name is limited to 200 UTF-8 bytes instead of 200 characters.',
    behaviour: measuredAs(['reviewProject.display_name'], bytesOfText),
    probe: async (call) => (await reviewProject(call, { display_name: 'é'.repeat(200) })).status,
    shows: 400,
  }),
  fault({
    id: 'test-case-test-set-id-bytes',
    requirements: ['TESTCASE-TEST-SET-ID', 'FIELD-LENGTH-LIMITS'],
    slips: ['unit'],
    description:
      'test_set_id must be exactly 8 UTF-8 bytes (a CHAR(8) byte column), not 8 characters: four two-byte characters pass.',
    behaviour: measuredAs(['testCase.test_set_id'], bytesOfText),
    probe: async (call) => (await testCase(call, { test_set_id: 'éééé' })).status,
    shows: 200,
  }),
  fault({
    id: 'chat-payload-sizes-in-characters',
    requirements: ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    slips: ['unit'],
    description:
      "The CHAT payload limits (16 KB, 32 KB) are held against the JSON text's `.length`, its characters, not its UTF-8 bytes.",
    behaviour: measuredAs(
      ['chat.initialization_payload', 'chat.custom_data', 'chat.custom_persona_data', 'chat.custom_headers'],
      charactersOfJson,
    ),
    probe: (call) => chatStatus(call, { custom_headers: JSON.stringify({ h: 'é'.repeat(10_000) }) }),
    shows: 200,
  }),
  fault({
    id: 'agent-config-size-in-characters',
    requirements: ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['unit'],
    description:
      "The 10 MB limits of the simulator configuration and workflows are held against the JSON text's `.length`, its characters, not its UTF-8 bytes.",
    behaviour: measuredAs(['agent.metadata', 'agent.workflows'], charactersOfJson),
    probe: (call) => agentStatus(call, { workflows: { w: 'é'.repeat(5_300_000) } }),
    shows: 200,
  }),
  fault({
    id: 'dashboard-display-name-surrogate-ends',
    requirements: ['FIELD-CHARS-CODEPOINTS'],
    slips: ['unit'],
    description:
      'Dashboard display_name counts code points with a hand-written surrogate-pair test that leaves out the ends of the ranges (`unit > 0xD800`, `next < 0xDFFF`): U+10000 and U+1D7FF count as two, so 255 astral characters with them are rejected.',
    behaviour: measuredAs(['dashboard.display_name'], codePointsMissingRangeEnds),
    probe: (call) => renameDashboard(call, '\u{10000}\u{1D7FF}'.repeat(127)),
    shows: 400,
  }),
  fault({
    id: 'mutation-overrides-size-in-characters',
    requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['unit'],
    description:
      "The 10 KB limit of config_overrides is held against the JSON text's `.length`, its characters, not its UTF-8 bytes.",
    behaviour: measuredAs(['mutation.config_overrides'], charactersOfJson),
    probe: (call) => mutationStatus(call, { display_name: 'm', config_overrides: { prompt: 'é'.repeat(5300) } }),
    shows: 200,
  }),

  // scope: one field or endpoint keeps the rule, another does not
  fault({
    id: 'dashboard-patch-max-unchecked',
    requirements: ['FIELD-LENGTH-LIMITS', 'DASHBOARD-DISPLAY-NAME'],
    slips: { 'DASHBOARD-DISPLAY-NAME': ['bound'], 'FIELD-LENGTH-LIMITS': ['scope'] },
    description:
      'The maximum length of display_name is enforced on the create endpoints only: the dashboard PATCH checks only that it is not empty.',
    behaviour: (b) => {
      b.limits['dashboard.display_name'] = { ...b.limits['dashboard.display_name'], max: undefined };
    },
    probe: (call) => renameDashboard(call, 'd'.repeat(256)),
    shows: 200,
  }),
  fault({
    id: 'chat-custom-persona-data-unlimited',
    requirements: ['CHAT-PAYLOAD-LIMITS', 'FIELD-SIZE-LIMITS'],
    slips: ['scope'],
    description:
      'Three of the four CHAT payload limits are enforced: custom_persona_data is read without its 16 KB limit.',
    behaviour: rekeyChat('custom_persona_data', (c, k) => void c.jsonValue(k)),
    probe: (call) => chatStatus(call, { custom_persona_data: JSON.stringify({ p: 'x'.repeat(20_000) }) }),
    shows: 200,
  }),
  fault({
    id: 'agent-config-size-chat-only',
    requirements: ['AGENT-CONFIG-SIZE', 'FIELD-SIZE-LIMITS'],
    slips: ['scope'],
    description:
      'The 10 MB limit of the simulator configuration is checked in the CHAT validator only: configurations of other agent types are unlimited.',
    behaviour: (b) =>
      rereadAgent(
        b,
        'metadata',
        (read) => (f, request) =>
          request.modelType === 'MODEL_TYPE_CHAT' ? read(f, request) : f.object(request.configField),
      ),
    probe: (call) => agentStatus(call, { metadata: { m: 'x'.repeat(10_500_000) } }),
    shows: 200,
  }),
  fault({
    id: 'agent-test-set-ids-unchecked',
    requirements: ['AGENT-REFERENCE-IDS'],
    slips: ['scope'],
    description:
      'metric_ids elements are checked as 22 alphanumeric characters; test_set_ids elements are stored unchecked.',
    behaviour: (b) => rereadAgent(b, 'test_set_ids', () => (f) => f.strings('test_set_ids') ?? []),
    probe: (call) => agentStatus(call, { test_set_ids: ['short'] }),
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
      const created = (await testCase(call, {})).body.test_case;
      return Date.parse(created.update_time) >= Date.parse(created.create_time);
    },
    shows: false,
  }),

  // bound: at the limit itself
  fault({
    id: 'mutation-display-name-astral-off-by-one',
    requirements: ['FIELD-CHARS-CODEPOINTS'],
    slips: ['bound'],
    description:
      'Mutation display_name is counted in UTF-16 units, and only when that passes 200 in code points with `<` instead of `<=`: 200 astral characters are rejected, 199 accepted.',
    behaviour: rereadMutation('display_name', (read) => (f, body) => {
      const value = read(f, body);
      return value.length > 200 && [...value].length >= 200
        ? f.fail('display_name', 'must be at most 200 characters')
        : value;
    }),
    probe: (call) => mutationStatus(call, { display_name: '😀'.repeat(200) }),
    shows: 400,
  }),
  fault({
    id: 'agent-reference-ids-up-to-22',
    requirements: ['AGENT-REFERENCE-IDS'],
    slips: ['bound'],
    description: 'metric_ids and test_set_ids elements are checked as at most 22 alphanumeric characters: 21 pass.',
    behaviour: (b) => {
      for (const name of ['metric_ids', 'test_set_ids'] as const) {
        rereadAgent(
          b,
          name,
          () => (f) =>
            f.strings(name, {
              each: { test: (v) => ALPHANUMERIC_UP_TO_22.test(v), description: 'at most 22 alphanumeric characters' },
            }) ?? [],
        );
      }
    },
    probe: (call) => agentStatus(call, { metric_ids: ['A'.repeat(21)] }),
    shows: 200,
  }),
  fault({
    id: 'chat-persona-id-22-or-more',
    requirements: ['CHAT-PERSONA-ID'],
    slips: ['bound'],
    description: 'persona_id is checked as at least 22 alphanumeric characters: 23 pass.',
    behaviour: rekeyChat(
      'persona_id',
      (c, k) =>
        void c.string(k, {
          check: { test: (v) => ALPHANUMERIC_22_OR_MORE.test(v), description: 'at least 22 alphanumeric characters' },
        }),
    ),
    probe: (call) => chatStatus(call, { persona_id: 'A'.repeat(23) }),
    shows: 200,
  }),
  fault({
    id: 'run-metrics-mean-float32',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['bound'],
    description:
      'The mean of a result metric is kept in single precision (a REAL column), min and max in double: where the mean equals min or max it falls just outside.',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => {
        const results = view['results'] as { metrics: Record<string, { mean: number; min: number; max: number }> };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [name, { ...m, mean: Math.fround(m.mean) }]),
        );
        return { ...view, results: { ...results, metrics } };
      });
    },
    probe: async (call) =>
      (await runs(call)).every((run) =>
        Object.values(run['results'].metrics as Record<string, { min: number; mean: number; max: number }>).every(
          (m) => m.min <= m.mean && m.mean <= m.max,
        ),
      ),
    shows: false,
  }),

  // read-back: the create answer right, the read wrong
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
      const agent = await agentReadBack(call);
      return Date.parse(agent.update_time) >= Date.parse(agent.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'agent-get-knowledge-base-ids-dropped',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} returns the agent without knowledge_base_ids (kept in a table the read does not join); the create answer has them.',
    behaviour: (b) => readAs(b, GET_AGENT, 'agent', ({ knowledge_base_ids: _ids, ...agent }) => agent),
    probe: async (call) => 'knowledge_base_ids' in (await agentReadBack(call)),
    shows: false,
  }),
  fault({
    id: 'agent-get-soft-delete-flag',
    requirements: ['AGENT-NO-SOFT-DELETE-FLAG'],
    slips: ['read-back'],
    description:
      'GET /v1/agents/{agent_id} returns the stored row with its `is_deleted: false` (SELECT *); the create answer is built without it.',
    behaviour: (b) => readAs(b, GET_AGENT, 'agent', (agent) => ({ ...agent, is_deleted: false })),
    probe: async (call) => (await agentReadBack(call)).is_deleted,
    shows: false,
  }),
  fault({
    id: 'mutation-get-parameter-values-not-derived',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['read-back'],
    description:
      'Derived parameter_values are computed for the create answer only: GET returns the stored column, which holds only given ones ({}).',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        isJsonObject(mutation['config_overrides']) &&
        isDeepStrictEqual(mutation['parameter_values'], flattenToStrings(mutation['config_overrides']))
          ? { ...mutation, parameter_values: {} }
          : mutation,
      ),
    probe: async (call) =>
      (await mutationReadBack(call, { display_name: 'm', config_overrides: { prompt: 'hello' } })).parameter_values,
    shows: {},
  }),
  fault({
    id: 'mutation-get-update-time-set',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['read-back'],
    description:
      'GET returns update_time equal to create_time (a column defaulting to now()); the create answer has null.',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) => ({ ...mutation, update_time: mutation['create_time'] })),
    probe: async (call) => {
      const mutation = await mutationReadBack(call);
      return mutation.update_time === mutation.create_time;
    },
    shows: true,
  }),
  fault({
    id: 'mutation-get-defaults-omitted',
    requirements: ['MUTATION-EXPLICIT-DEFAULTS'],
    slips: ['read-back'],
    description:
      'GET leaves out description "" and update_time null (the read path serializes proto3 JSON); the create answer has them.',
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (mutation) =>
        Object.fromEntries(Object.entries(mutation).filter(([, value]) => value !== '' && value !== null)),
      ),
    probe: async (call) => Object.keys(await mutationReadBack(call)).sort(),
    shows: ['agent_id', 'config_overrides', 'create_time', 'display_name', 'id', 'parameter_values'],
  }),

  // explicit: an explicit value taken for an absent one
  fault({
    id: 'agent-knowledge-base-ids-empty-omitted',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['explicit'],
    description: 'An empty knowledge_base_ids is left out of agent responses (proto3 JSON omits empty lists).',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) =>
        Array.isArray(view['knowledge_base_ids']) && view['knowledge_base_ids'].length === 0
          ? Object.fromEntries(Object.entries(view).filter(([key]) => key !== 'knowledge_base_ids'))
          : view,
      );
    },
    probe: async (call) => 'knowledge_base_ids' in (await newAgent(call)).body.agent,
    shows: false,
  }),
  fault({
    id: 'review-project-required-null-accepted',
    requirements: ['REVIEW-PROJECT-REQUIRED'],
    slips: ['explicit'],
    description:
      'A required list is checked as a key of the body (`"assignees" in body`): an explicit null passes and is stored as an empty list.',
    behaviour: rereadReviewProject(
      ['assignees', 'linked_simulation_ids', 'linked_metric_ids'],
      (read, name) => (f) => (f.has(name) && f.strings(name) === null ? [] : read(f)),
    ),
    probe: async (call) => (await reviewProject(call, { assignees: null })).status,
    shows: 200,
  }),
  fault({
    id: 'review-project-rules-null-rejected',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['explicit'],
    description: 'An explicit null project_rules is rejected as not a list (only an absent one is read as none).',
    behaviour: rereadReviewProject(
      ['project_rules'],
      (read) => (f) =>
        f.has('project_rules') && f.strings('project_rules') === null
          ? f.fail('project_rules', 'must be a list')
          : read(f),
    ),
    probe: async (call) => (await reviewProject(call, { project_rules: null })).status,
    shows: 400,
  }),

  // type: a JSON type drifting
  fault({
    id: 'agent-get-workflows-numbers-as-text',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['type', 'read-back'],
    description:
      'GET /v1/agents/{agent_id} returns every number in workflows as its text (stored in a string key/value table); the create answer has the numbers.',
    behaviour: (b) =>
      readAs(b, GET_AGENT, 'agent', (agent) => ({
        ...agent,
        workflows: numbersAsText(agent['workflows']) as JsonObject | null,
      })),
    probe: async (call) => (await agentReadBack(call, { workflows: { retries: 3 } })).workflows,
    shows: { retries: '3' },
  }),
  fault({
    id: 'agent-knowledge-base-ids-null',
    requirements: ['AGENT-KNOWLEDGE-BASE-IDS'],
    slips: ['type'],
    description: 'An agent without knowledge bases has knowledge_base_ids null instead of [].',
    behaviour: (b) => {
      presentWith(b, 'agent', (view) =>
        Array.isArray(view['knowledge_base_ids']) && view['knowledge_base_ids'].length === 0
          ? { ...view, knowledge_base_ids: null }
          : view,
      );
    },
    probe: async (call) => (await newAgent(call)).body.agent.knowledge_base_ids,
    shows: null,
  }),
  fault({
    id: 'mutation-update-time-text-null',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['type'],
    description:
      'A mutation never updated has update_time "null", the text (a null formatted through a template string).',
    behaviour: (b) => {
      presentWith(b, 'mutation', (view) => (view['update_time'] === null ? { ...view, update_time: 'null' } : view));
    },
    probe: async (call) => (await mutate(call, await parent(call), { display_name: 'm' })).body.mutation.update_time,
    shows: 'null',
  }),
  fault({
    id: 'run-progress-counters-as-text',
    requirements: ['RUN-PROGRESS-CONSISTENT'],
    slips: ['type'],
    description: 'Run progress counters are returned as decimal strings (int64 in proto3 JSON).',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => ({
        ...view,
        progress: Object.fromEntries(Object.entries(view['progress'] as JsonObject).map(([k, v]) => [k, String(v)])),
      }));
    },
    probe: async (call) => typeof (await runs(call))[0]?.['progress'].total_test_cases,
    shows: 'string',
  }),

  // state: wrong in one state of the resource
  fault({
    id: 'mutation-name-unique-first-match',
    requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['state'],
    description:
      'Uniqueness is judged on the oldest mutation of the agent with that name (`... LIMIT 1`): once that one is deleted, any number of active mutations may share its name.',
    behaviour: (b) => {
      const oldest = new Map<string, MutationRecord>();
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          if (other.agent_id !== agentId || other.display_name !== displayName) return false;
          const key = `${agentId}\u0000${displayName}`;
          const first = oldest.get(key) ?? other;
          oldest.set(key, first);
          return first === other && !other.deleted;
        },
      };
    },
    probe: async (call) => {
      const agentId = await parent(call);
      const first = (await mutate(call, agentId, { display_name: 'same' })).body.mutation;
      await call('DELETE', `/v1/agents/${agentId}/mutations/${first.id}`);
      await mutate(call, agentId, { display_name: 'same' });
      return (await mutate(call, agentId, { display_name: 'same' })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'mutation-duplicate-touches-update-time',
    requirements: ['MUTATION-UPDATE-TIME-NULL'],
    slips: ['state'],
    description:
      'A refused duplicate name still updates the mutation that holds it (an upsert `ON CONFLICT DO UPDATE SET update_time = now()` before ALREADY_EXISTS): that mutation, never updated, then has an update_time.',
    behaviour: (b) => {
      const touched = new WeakMap<MutationRecord, number>();
      const taken = b.mutationRules.nameTakenBy;
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) => {
          const isTaken = taken(other, agentId, displayName);
          if (isTaken) touched.set(other, Date.now());
          return isTaken;
        },
      };
      presentWith(b, 'mutation', (view, record) => {
        const at = touched.get(record as MutationRecord);
        return at === undefined
          ? view
          : { ...view, update_time: b.formatTime(Math.max(at, (record as MutationRecord).create_time)) };
      });
    },
    probe: async (call) => {
      const agentId = await parent(call);
      const first = (await mutate(call, agentId, { display_name: 'same' })).body.mutation;
      await mutate(call, agentId, { display_name: 'same' });
      return typeof (await call('GET', `/v1/agents/${agentId}/mutations/${first.id}`)).body.mutation.update_time;
    },
    shows: 'string',
  }),
  fault({
    id: 'scheduled-run-delete-disabled-kept',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['state'],
    description:
      'DELETE removes a scheduled run through its schedule: a disabled one, which has none, answers success and is kept.',
    behaviour: (b) => {
      const removes = b.scheduledRunDeleteRemoves;
      b.scheduledRunDeleteRemoves = (run) => run.enabled && removes(run);
    },
    probe: async (call) => {
      const at = `/v1/scheduled-runs/${FIXTURE_IDS.deletableScheduledRunId}`;
      await call('DELETE', at);
      return (await call('GET', at)).status;
    },
    shows: 200,
  }),

  // order: an array's order not kept
  fault({
    id: 'agent-workflows-lists-sorted',
    requirements: ['AGENT-CREATE'],
    slips: ['order'],
    description:
      'workflows is stored in a canonical form meant to sort keys that sorts every list too: steps come back in another order, from POST and GET.',
    behaviour: (b) =>
      rereadAgent(b, 'workflows', (read) => (f, request) => sortedLists(read(f, request)) as JsonObject | null),
    probe: async (call) =>
      (await newAgent(call, { workflows: { steps: ['greet', 'book'] } })).body.agent.workflows.steps,
    shows: ['book', 'greet'],
  }),
  fault({
    id: 'test-case-expected-behaviors-sorted',
    requirements: ['TESTCASE-EXPECTED-BEHAVIORS-PREFERRED'],
    slips: ['order'],
    description:
      'With expected_output_str also given, expected_behaviors goes through the reconciling path, which dedupes it through a sorted set: it comes back sorted.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_behaviors'], (read) => (f, request) => {
        const behaviors = read(f, request);
        return behaviors !== null && request.body['expected_output_str'] !== undefined
          ? [...new Set(behaviors)].sort()
          : behaviors;
      }),
    probe: async (call) =>
      (
        await testCase(call, {
          expected_behaviors: ['Offers a refund', 'Asks for the order number'],
          expected_output_str: 'Offers a voucher',
        })
      ).body.test_case.expected_behaviors,
    shows: ['Asks for the order number', 'Offers a refund'],
  }),
] as const satisfies readonly Fault[];
