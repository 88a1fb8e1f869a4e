// Independent faults, round 34: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4). The area: the whole API across resources and in
// time (what goes wrong only after another operation, two requests at once, errors on rare paths).
// 11 written: the writer stopped there, ideas past them repeating the catalog's slips on another resource or field.
// Seams added to the reference (default behaviour unchanged): MutationRules.storedUnder, Behaviour.beforeHandler.
//
// Review (coordinator): none dropped. Kept on the writer's doubt: two DELETEs of one mutation at once, the second
// answered NOT_FOUND (a final answer saying the mutation never was, where round 24's dropped ABORTED is a retryable
// conflict); two creates of one name at once both answered ALREADY_EXISTS with the name free afterwards (no mutation
// held it).
// Against the suite at 0af0987 (the checks as at 160a629), as written: 8 of 11 detected, 3 missed.

import { setTimeout as delay } from 'node:timers/promises';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { alreadyExists, internal, notFound } from '../../lib/reference/http/errors.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, respondWith, type Fault } from './define.js';

/** A path segment decoded, or as sent when it is no valid escape of UTF-8. */
function decodedOr(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** A new voice agent's id. */
async function newAgent(call: Call, name: string): Promise<string> {
  const created = await call('POST', '/v1/agents', { body: { display_name: name, model_type: 'MODEL_TYPE_VOICE' } });
  return String(created.body.agent.id);
}

/** Whether a filter compares the given field anywhere in it. */
const compares = (expr: FilterExpr, field: string): boolean =>
  expr.kind === 'cmp' ? expr.field === field : expr.terms.some((term) => compares(term, field));

/** The persona ids a DELETE was asked for (each one that existed is deleted). */
function deletedPersonas(b: Parameters<Fault['behaviour']>[0]): ReadonlySet<string> {
  const deleted = new Set<string>();
  const named = b.pathNamed;
  b.pathNamed = (endpoint, params, store) => {
    const id = params.persona_id;
    if (endpoint.key === 'DELETE /v1/personas/{persona_id}' && id !== undefined && store.personas.has(id))
      deleted.add(id);
    return named(endpoint, params, store);
  };
  return deleted;
}

/**
 * The runs list's queries read again once a persona is deleted (the reference keeps a query's sorted items while the runs
 * are unchanged; the join the faults model reads the personas too): a filter that always holds is given, and keyed by the
 * deletions seen so far.
 */
function runsReadAfterDeletions(b: Parameters<Fault['behaviour']>[0], deleted: ReadonlySet<string>): void {
  const filter = b.lists.filter;
  b.lists.filter = (raw, list) => {
    const read = filter(raw, list);
    if (list.id !== 'runs' || deleted.size === 0) return read;
    return { kind: 'and', terms: read ? [read] : [], deletions: deleted.size } as FilterExpr;
  };
}

/** Every run, read in one page. */
async function allRuns(call: Call, query = ''): Promise<JsonObject[]> {
  const page = await call('GET', `/v1/runs?page_size=1000${query}`);
  return page.body.runs as JsonObject[];
}

const FAULTS_34 = [
  fault({
    id: 'ind34-mutation-concurrent-redelete-not-found',
    requirements: ['MUTATION-DELETE-IDEMPOTENT'],
    slips: ['state'],
    description:
      'A mutation DELETE answers success at once for a mutation already marked deleted, and otherwise writes `UPDATE ... SET deleted = true WHERE id = ? AND deleted = false` and answers NOT_FOUND when that touches no row: of two DELETEs of one mutation sent at the same moment (a client retrying a slow answer), both read it active, the first marks it, and the second is answered NOT_FOUND, though deleting an already deleted mutation succeeds; a DELETE after the first has finished succeeds.',
    behaviour: (b) => {
      const marking = new Set<string>();
      b.mutationRules = {
        ...b.mutationRules,
        markDeleted: async (deleted) => {
          const pending = deleted.filter((m) => !m.deleted);
          if (pending.some((m) => marking.has(m.id))) throw notFound('mutation', 'mutation_id');
          for (const m of pending) marking.add(m.id);
          await delay(40);
          for (const m of pending) {
            m.deleted = true;
            marking.delete(m.id);
          }
        },
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Concurrent delete agent');
      const created = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'Twice deleted' } });
      const path = `/v1/agents/${agent}/mutations/${String(created.body.mutation.id)}`;
      const both = await Promise.all([call('DELETE', path), call('DELETE', path)]);
      const later = await call('DELETE', path);
      return { atOnce: both.map((a) => a.status).sort(), later: later.status };
    },
    shows: { atOnce: [200, 404], later: 200 },
  }),

  fault({
    id: 'ind34-mutation-stored-under-concurrent-parent',
    requirements: ['MUTATION-CREATE', 'MUTATION-SCOPED-TO-AGENT'],
    slips: ['state'],
    description:
      "Mutation creation keeps the parent agent it resolved in a variable of the handler's module (a request-scoped value held in a singleton service) and reads it again to build the row after the uniqueness check's round trip: of two mutations created at the same moment under two different agents, the first is stored, and answered, under the second's agent; GET under its own agent answers NOT_FOUND. Creations one after another are stored right.",
    behaviour: (b) => {
      let parent = '';
      const waited = b.mutationRules.beforeStore;
      b.mutationRules = {
        ...b.mutationRules,
        beforeStore: async (agentId) => {
          parent = agentId;
          await waited(agentId);
          await delay(40);
        },
        storedUnder: () => parent,
      };
    },
    probe: async (call) => {
      const first = await newAgent(call, 'Parent one');
      const second = await newAgent(call, 'Parent two');
      const [a, c] = await Promise.all([
        call('POST', `/v1/agents/${first}/mutations`, { body: { display_name: 'Variant of one' } }),
        call('POST', `/v1/agents/${second}/mutations`, { body: { display_name: 'Variant of two' } }),
      ]);
      const readA = await call('GET', `/v1/agents/${first}/mutations/${String(a.body.mutation.id)}`);
      const readC = await call('GET', `/v1/agents/${second}/mutations/${String(c.body.mutation.id)}`);
      return {
        answeredUnderOwn: [a.body.mutation.agent_id === first, c.body.mutation.agent_id === second],
        readUnderOwn: [readA.status, readC.status],
      };
    },
    shows: { answeredUnderOwn: [false, true], readUnderOwn: [404, 200] },
  }),

  fault({
    id: 'ind34-runs-filter-deleted-persona-matches-none',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['state'],
    description:
      'A runs filter on persona_id is answered through an inner join with the active personas (`JOIN personas p ON p.id = runs.persona_id AND NOT p.deleted`, added when the filter names persona_id): once a persona is deleted, the runs that still name it, listed with that persona_id, match no `persona_id = <its id>` filter (nor `!=`), and the filtered list comes back empty; filters on other fields, and on personas still there, are answered as before.',
    behaviour: (b) => {
      const deleted = deletedPersonas(b);
      runsReadAfterDeletions(b, deleted);
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        'persona_id' in fields && compares(expr, 'persona_id') && deleted.has(String((item as JsonObject).persona_id))
          ? false
          : matches(expr, item, fields);
    },
    probe: async (call) => {
      const persona = FIXTURES.deletablePersonaId;
      const query = `&filter=${encodeURIComponent(`persona_id = "${persona}"`)}`;
      const before = (await allRuns(call, query)).length;
      await call('DELETE', `/v1/personas/${persona}`);
      const listed = (await allRuns(call)).filter((r) => r.persona_id === persona).length;
      const filtered = (await allRuns(call, query)).length;
      return { before, listed, filtered };
    },
    shows: { before: 1, listed: 1, filtered: 0 },
  }),

  fault({
    id: 'ind34-runs-order-persona-id-deleted-last',
    requirements: ['LIST-ORDER-BY'],
    slips: ['state'],
    description:
      'order_by=persona_id sorts the runs by the id of a LEFT JOIN with the active personas (`ORDER BY p.id`, the join written for the persona column of the runs screen): once a persona is deleted, its runs, still listed with its persona_id, sort as NULL, after every other run, out of the order asked for; before the deletion, and on every other order, the list is sorted right.',
    behaviour: (b) => {
      const deleted = deletedPersonas(b);
      runsReadAfterDeletions(b, deleted);
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        const sorted = sortItems(items, compare, list, query);
        if (list.id !== 'runs' || query.order.field !== 'persona_id') return sorted;
        const gone = (e: (typeof sorted)[number]) =>
          deleted.has(String((e as unknown as { view: JsonObject }).view.persona_id));
        const kept = sorted.filter((e) => !gone(e));
        const nulls = sorted.filter(gone);
        return query.order.descending ? [...nulls, ...kept] : [...kept, ...nulls];
      };
    },
    probe: async (call) => {
      await allRuns(call, '&order_by=persona_id');
      await call('DELETE', `/v1/personas/${FIXTURES.deletablePersonaId}`);
      const ids = (await allRuns(call, '&order_by=persona_id')).map((r) => String(r.persona_id));
      const sorted = ids.every((id, i) => i === 0 || ids[i - 1]! <= id);
      return { sorted, last: ids.at(-1) === FIXTURES.deletablePersonaId };
    },
    shows: { sorted: false, last: true },
  }),
  fault({
    id: 'ind34-mutation-long-derived-value-internal-after-store',
    requirements: ['MUTATION-CREATE'],
    slips: ['bound'],
    description:
      "A mutation is inserted first and its derived parameter_values written by a second statement into a column of VARCHAR(255) values, outside the insert's transaction: a valid config_overrides holding a string over 255 characters (a `prompt` override of 300, well inside the 10 KB limit) is answered 500 INTERNAL, yet the mutation was stored, so the same request sent again is refused ALREADY_EXISTS for its display_name; short values are stored and answered as before.",
    behaviour: (b) =>
      respondWith(b, 'POST /v1/agents/{agent_id}/mutations', (body) => {
        const values = (body.mutation as JsonObject).parameter_values as Record<string, string>;
        if (Object.values(values).some((value) => value.length > 255))
          throw internal('value too long for type character varying(255)');
        return body;
      }),
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'Prompted agent', model_type: 'MODEL_TYPE_VOICE', prompt: 'Be brief.' },
      });
      const path = `/v1/agents/${String(created.body.agent.id)}/mutations`;
      const body = { display_name: 'Long prompt', config_overrides: { prompt: 'Answer politely. '.repeat(18) } };
      const first = await call('POST', path, { body });
      const again = await call('POST', path, { body });
      return [`${first.status} ${String(first.body.error?.code)}`, `${again.status} ${String(again.body.error?.code)}`];
    },
    shows: ['500 INTERNAL', '409 ALREADY_EXISTS'],
  }),

  fault({
    id: 'ind34-chat-persona-id-of-deleted-persona-internal',
    requirements: ['AGENT-CREATE'],
    slips: ['state'],
    description:
      "A CHAT agent's persona_id is resolved on creation to check the persona's fields for `{{persona.field}}` substitution: the lookup finds the persona row without the soft-delete condition, and its fields are then read through a join that has it, so a persona_id naming a deleted persona (a well-formed 22-character ID) makes POST /v1/agents fail with 500 INTERNAL; persona_ids of personas still there, and of none, are accepted as before.",
    behaviour: (b) => {
      const deleted = deletedPersonas(b);
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      const original = chat.persona_id;
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            persona_id: (c, k) => {
              original?.(c, k);
              const value = c.jsonValue(k);
              if (typeof value === 'string' && deleted.has(value))
                throw internal("Cannot read properties of undefined (reading 'persona_prompt')");
            },
          },
        },
      };
    },
    probe: async (call) => {
      const persona = FIXTURES.deletablePersonaId;
      const create = () =>
        call('POST', '/v1/agents', {
          body: {
            display_name: 'Chat with persona',
            model_type: 'MODEL_TYPE_CHAT',
            metadata: { chat_endpoint: 'https://chat.example.com/v1/chat', persona_id: persona },
          },
        });
      const before = await create();
      await call('DELETE', `/v1/personas/${persona}`);
      const after = await create();
      return { before: before.status, after: after.status };
    },
    shows: { before: 200, after: 500 },
  }),
  fault({
    id: 'ind34-mutation-get-cache-misses-later-siblings',
    requirements: ['MUTATION-GET'],
    slips: ['state'],
    description:
      "GET of a mutation looks it up in a per-agent map of the agent's active mutations, loaded at the first GET under that agent and refreshed by deletions but not by creations: a mutation created after another of its agent was fetched answers NOT_FOUND under its own agent (its create answer was a success), while the agent's earlier mutations, and every mutation of an agent not yet read, are served.",
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        return named(endpoint, params, s);
      };
      const loaded = new Map<string, Set<string>>();
      const reaches = b.mutationRules.reaches;
      b.mutationRules = {
        ...b.mutationRules,
        reaches: (mutation, agentId, method) => {
          if (method !== 'GET') return reaches(mutation, agentId, method);
          const known =
            loaded.get(agentId) ??
            new Set([...(store?.mutations.values() ?? [])].filter((m) => m.agent_id === agentId).map((m) => m.id));
          loaded.set(agentId, known);
          return known.has(mutation.id) && reaches(mutation, agentId, method);
        },
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Cached agent');
      const path = `/v1/agents/${agent}/mutations`;
      const first = await call('POST', path, { body: { display_name: 'Earlier variant' } });
      const readFirst = await call('GET', `${path}/${String(first.body.mutation.id)}`);
      const second = await call('POST', path, { body: { display_name: 'Later variant' } });
      const readSecond = await call('GET', `${path}/${String(second.body.mutation.id)}`);
      return [first.status, readFirst.status, second.status, readSecond.status];
    },
    shows: [200, 200, 200, 404],
  }),

  fault({
    id: 'ind34-mutation-same-name-at-once-both-refused',
    requirements: ['MUTATION-CREATE', 'MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: { 'MUTATION-CREATE': ['state'], 'MUTATION-DISPLAY-NAME-UNIQUE': ['broken'] },
    description:
      "Mutation names are kept unique without a unique index: a creation inserts its row, commits, counts the agent's active rows of that display_name, and when it finds more than one deletes its own and answers ALREADY_EXISTS. Two creations of one new name under one agent sent at the same moment each count both rows and are both refused, so no mutation of that name exists and the next creation of it succeeds; creations one after another are answered as before (the first stored, a repeat refused).",
    behaviour: (b) => {
      let lastName = '';
      const readName = b.mutationRules.fields.display_name;
      const waited = b.mutationRules.beforeStore;
      const inserted = new Map<string, number>();
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          display_name: (fields, body) => {
            lastName = readName(fields, body);
            return lastName;
          },
        },
        beforeStore: async (agentId) => {
          const key = `${agentId}/${lastName}`;
          inserted.set(key, (inserted.get(key) ?? 0) + 1);
          await waited(agentId);
          await delay(40);
          const rows = inserted.get(key) ?? 0;
          await delay(10);
          inserted.set(key, (inserted.get(key) ?? 1) - 1);
          if (rows > 1) throw alreadyExists('display_name', 'the agent already has a mutation of this name');
        },
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Raced agent');
      const path = `/v1/agents/${agent}/mutations`;
      const body = { display_name: 'Raced name' };
      const both = await Promise.all([call('POST', path, { body }), call('POST', path, { body })]);
      const later = await call('POST', path, { body });
      return { atOnce: both.map((a) => a.status).sort(), later: later.status };
    },
    shows: { atOnce: [409, 409], later: 200 },
  }),
  fault({
    id: 'ind34-metrics-list-simulation-of-concurrent-request',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      "The request-context middleware keeps the path parameters of the request being served in a module-level variable (not per request), and the metrics list reads simulation_id from it after awaiting its connection from the pool: of two metrics lists of different simulations asked at the same moment, the first is answered with the second simulation's outputs; each list asked alone is answered with its own.",
    behaviour: (b) => {
      const LIST = 'GET /v1/simulations/{simulation_id}/metrics';
      let current = '';
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const match = /^\/v1\/simulations\/([^/?]+)\/metrics(?:\?|$)/.exec(String(req.url));
        // A malformed escape is refused by the router after this: keep the text as sent.
        if (match?.[1]) current = decodedOr(match[1]);
        return presented(req);
      };
      const before = b.beforeHandler;
      b.beforeHandler = (endpoint) => (endpoint.key === LIST ? delay(40) : before(endpoint));
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) =>
        named(endpoint, endpoint.key === LIST ? { ...params, simulation_id: current } : params, store);
    },
    probe: async (call) => {
      const runs = await allRuns(call);
      const simulations = [...new Set(runs.flatMap((r) => (r.results as JsonObject).output_ids as string[]))];
      const ids = async (answer: Promise<{ body: { metrics?: JsonObject[] } }>) =>
        ((await answer).body.metrics ?? []).map((m) => String(m.metric_output_id)).join(',');
      const [a, c] = simulations.slice(0, 2).map((s) => `/v1/simulations/${s}/metrics?page_size=1000`) as [
        string,
        string,
      ];
      const alone = [await ids(call('GET', a)), await ids(call('GET', c))];
      const atOnce = await Promise.all([ids(call('GET', a)), ids(call('GET', c))]);
      return { distinct: alone[0] !== alone[1], ownAtOnce: [atOnce[0] === alone[0], atOnce[1] === alone[1]] };
    },
    shows: { distinct: true, ownAtOnce: [false, true] },
  }),
  fault({
    id: 'ind34-persona-delete-referenced-internal-after-write',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description:
      'DELETE of a persona commits its soft-delete, then, in a second statement outside that transaction, clears the persona reference of the runs that name it, a NOT NULL column, which fails: a persona some run names is deleted (GET answers NOT_FOUND, the list leaves it out) but its DELETE is answered 500 INTERNAL instead of the empty object; a persona no run names is deleted and answered `{}` as before.',
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        return named(endpoint, params, s);
      };
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        const id = String(deleted.id);
        if (kind === 'persona' && [...(store?.runs.values() ?? [])].some((run) => run.persona_id === id))
          throw internal('null value in column "persona_id" of relation "runs" violates not-null constraint');
        return answer(kind, deleted);
      };
    },
    probe: async (call) => {
      const named = new Set((await allRuns(call)).map((r) => String(r.persona_id)));
      const personas = (await call('GET', '/v1/personas?page_size=100')).body.personas as JsonObject[];
      const unnamed = String(personas.find((p) => !named.has(String(p.id)))?.id);
      const outcome = async (id: string) => {
        const deleted = await call('DELETE', `/v1/personas/${id}`);
        const read = await call('GET', `/v1/personas/${id}`);
        return [deleted.status, read.status];
      };
      return { named: await outcome(FIXTURES.deletablePersonaId), unnamed: await outcome(unnamed) };
    },
    shows: { named: [500, 404], unnamed: [200, 404] },
  }),

  fault({
    id: 'ind34-test-case-in-set-of-deleted-run-internal',
    requirements: ['TESTCASE-CREATE'],
    slips: ['state'],
    description:
      "Deleting a finished run also deletes the test set row it was launched with (a cascade written for the run's private copy of its set), while test cases reference test sets by a foreign key: after DELETE of a run, creating a test case with that run's test_set_id, a valid 8-character ID, fails with 500 INTERNAL (a foreign-key violation reaching no handler); other test set IDs, and the same one before the deletion, are accepted.",
    behaviour: (b) => {
      const removed = new Set<string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const run = store.runs.get(params.run_id ?? '');
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && run && b.runDeletion.outcome(run.status) === 'delete')
          removed.add(run.test_set_id);
        return named(endpoint, params, store);
      };
      const read = b.testCaseFields.test_set_id;
      b.testCaseFields = {
        ...b.testCaseFields,
        test_set_id: (fields, context) => {
          const value = read(fields, context);
          if (removed.has(value))
            throw internal(
              'insert or update on table "test_cases" violates foreign key constraint "test_cases_test_set_id_fkey"',
            );
          return value;
        },
      };
    },
    probe: async (call) => {
      // The run as seeded: other probes may have deleted it on the shared correct service.
      const run = seedStore(ALPHANUMERIC).store.runs.get(FIXTURES.deletableRunId)!;
      const create = () =>
        call('POST', '/v1/test-cases', { body: { input_str: 'Ask for a refund', test_set_id: run.test_set_id } });
      const before = await create();
      await call('DELETE', `/v1/runs/${FIXTURES.deletableRunId}`);
      const after = await create();
      return { before: before.status, after: after.status };
    },
    shows: { before: 200, after: 500 },
  }),
] as const;

export const INDEPENDENT_34_FAULTS: readonly Fault<(typeof FAULTS_34)[number]['id']>[] = FAULTS_34;
