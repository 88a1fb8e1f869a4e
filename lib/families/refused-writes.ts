// A refused write leaves no trace on later writes (EvoMaster's rule): after a create refused for one flaw, with
// optional fields set to marker text, the next valid create without those fields answers them as a create made
// before it did (a reader that keeps what it read of a refused body in a draft hands it to the next create).
// Creates of other checks run in between: only fields the valid creates leave out are compared, which no
// neighbour's create can give them on a correct server.
// Nor on what the refusal guarded: a value a uniqueness rule holds (a mutation's display_name among the active
// mutations of its agent) is free after a create refused for another flaw, and, after a duplicate is refused and the
// original deleted, free again; the original reads back after the refused duplicate as it was created.
// Nor on the connection: a write refused before its body is read leaves that body for the server to read past, so
// the next request on the same keep-alive connection is answered as on another (refusedWriteFramingCheck).

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { echoMismatches } from '../assert/echo.js';
import { reviewLinks } from '../harness/discovery.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import type { Written } from '../harness/resources.js';
import { TransportError } from '../http/exchange.js';
import { WRONG_KEY } from './key-states.js';
import { ID_RULES } from '../contract/ids.js';
import { dashboardBody } from '../gen/bodies.js';
import { wellFormedId } from '../gen/ids.js';
import type { JsonObject } from '../util/json.js';
import { fetchMutation } from './mutations.js';
import { PARENT_PROMPT } from '../harness/resources.js';

/** What a flaw needs made before its refused create (an active mutation whose name it repeats). */
interface Readied {
  /** The flaw's fields. */
  readonly fields: JsonObject;
  /** Run once the create is refused: reads what the refusal guarded, and frees it. */
  readonly refused: () => Promise<void>;
}

/** One way a create is refused. */
interface Flaw {
  readonly what: string;
  readonly fields: JsonObject;
  /** Made before each refused create, when the flaw needs something of its own (its fields replace `fields`). */
  readonly ready?: (t: CheckContext, unique: string) => Promise<Readied>;
  /** The rule under which the guarded value is free again after this refusal. */
  readonly frees?: RequirementId;
  /** Refused creates of this flaw (ROUNDS unless given). */
  readonly rounds?: number;
}

/** A field a uniqueness rule holds: sent by each refused create, and by the valid create after it, which must be accepted. */
interface Unique {
  readonly field: string;
  /** The value a refused create of `round` sends. */
  readonly value: (t: CheckContext, round: string) => string;
  /** The rules of the reads the flaws' `refused` steps make. */
  readonly reads: readonly RequirementId[];
}

/** One resource's create: optional fields carrying `marker`, flaws that make a body refused, and how it is sent. */
interface RefusedWrite {
  readonly requirement: RequirementId;
  readonly resource: string;
  readonly optional: (marker: string) => JsonObject;
  /** Flaws of different kinds, as a reader may meet them before or after the optional fields. */
  readonly flaws: readonly Flaw[];
  readonly unique?: Unique;
  /** Reads, once every refused create was sent, what no refused create may change (a parent's fields). */
  readonly unchanged?: {
    readonly what: string;
    readonly reads: readonly RequirementId[];
    readonly read: (t: CheckContext) => Promise<void>;
  };
  /** POSTs a valid body with `fields` over it. */
  readonly send: (t: CheckContext, fields: JsonObject) => Promise<Call>;
}

/** The fields of a mutation a refused duplicate of it could have written over (timestamps may be written otherwise). */
const GUARDED_FIELDS = ['id', 'agent_id', 'display_name', 'description', 'config_overrides', 'parameter_values'];

const REFUSED_WRITES = {
  agents: {
    requirement: 'AGENT-CREATE',
    resource: 'an agent',
    // Every optional field read before the second flaw (metric_ids): free text and a free-form object.
    optional: (marker) => ({ prompt: marker, workflows: { refused: marker } }),
    flaws: [
      { what: 'an unknown model_type', fields: { model_type: 'MODEL_TYPE_NO_SUCH' } },
      { what: 'a metric_ids entry that is no metric id', fields: { metric_ids: ['cft-no-such-metric'] } },
    ],
    send: (t, fields) => t.agents.send(fields),
  },
  mutations: {
    requirement: 'MUTATION-CREATE',
    resource: 'a mutation',
    optional: (marker) => ({ description: marker, parameter_values: { cft_refused: marker } }),
    unique: {
      field: 'display_name',
      value: (t, round) => t.name(`refused mutation ${round}`),
      reads: ['MUTATION-GET'],
    },
    flaws: [
      {
        what: 'a config_overrides key the agent lacks (beside a prompt)',
        fields: { config_overrides: { prompt: 'cft refused override', cft_no_such_key: 'x' } },
      },
      { what: 'a display_name of 300 characters', fields: { display_name: 'm'.repeat(300) } },
      {
        what: 'a display_name an active mutation of the agent holds',
        fields: {},
        frees: 'MUTATION-DISPLAY-NAME-REUSABLE',
        rounds: 1,
        ready: async (t, name) => {
          const agentId = await t.mutations.parent();
          const original = await t.mutations.create(agentId, { display_name: name }, ['MUTATION-CREATE']);
          const id = original.mutation['id'];
          return {
            fields: { display_name: name },
            refused: async () => {
              const read = await fetchMutation(t, agentId, id);
              const mutation = t.expectResource(read, ['MUTATION-GET'], 'reading the mutation a duplicate repeated');
              const created = Object.fromEntries(
                GUARDED_FIELDS.filter((field) => field in original.mutation).map((f) => [f, original.mutation[f]!]),
              );
              const changed = echoMismatches(created, mutation);
              t.assert(
                !changed.length,
                ['MUTATION-GET'],
                `the mutation whose display_name a refused create repeated reads back otherwise than it was created: ${changed.join('; ')}`,
                read,
              );
              const deletion = await t.call('DELETE /v1/agents/{agent_id}/mutations/{mutation_id}', {
                params: { agent_id: agentId, mutation_id: String(id) },
              });
              t.expectSuccess(deletion, ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation a duplicate repeated');
            },
          };
        },
      },
    ],
    send: async (t, fields) => t.mutations.send(await t.mutations.parent(), fields),
    unchanged: {
      what: 'the parent agent keeps its prompt',
      reads: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
      read: async (t) => {
        const call = await t.call('GET /v1/agents/{agent_id}', { params: { agent_id: await t.mutations.parent() } });
        const agent = t.expectResource(call, ['AGENT-GET'], 'reading the parent agent after the refused creates');
        t.assert(
          agent['prompt'] === PARENT_PROMPT,
          ['READ-BACK-UNCHANGED'],
          `the parent agent, created with prompt ${JSON.stringify(PARENT_PROMPT)}, reads back prompt ${JSON.stringify(agent['prompt'])} after mutations overriding it were refused`,
          call,
        );
      },
    },
  },
  'test-cases': {
    requirement: 'TESTCASE-CREATE',
    resource: 'a test case',
    optional: (marker) => ({ description: marker, user_notes: marker, expected_output_str: marker }),
    flaws: [
      { what: 'an unknown input_type', fields: { input_type: 'NO_SUCH_INPUT_TYPE' } },
      { what: 'a test_set_id of one character', fields: { test_set_id: 'x' } },
    ],
    send: (t, fields) => t.testCases.send(fields),
  },
  'review-projects': {
    requirement: 'REVIEW-PROJECT-CREATE',
    resource: 'a review project',
    optional: (marker) => ({ description: marker }),
    flaws: [
      { what: 'an assignee that is no e-mail address', fields: { assignees: ['not-an-email'] } },
      { what: 'an unknown project_type', fields: { project_type: 'NO_SUCH_PROJECT_TYPE' } },
    ],
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
  },
} as const satisfies Record<string, RefusedWrite>;

/** Refused creates per flaw, each followed by a valid one: neighbours' creates run between them, and may wipe a draft. */
const ROUNDS = 4;

/**
 * `<group>.refused-create-leaves-no-trace`: a valid create without the optional fields first (what the server answers for
 * them when left out), then, per flaw, refused creates with them set, each followed by a valid create without them,
 * which must answer them as the first did. Where a uniqueness rule holds a field, each refused create sends a value of
 * its own there (unless its flaw is in that field), and the valid create after it sends the same: it must be accepted,
 * as nothing active holds it (a duplicate's original, read back as created first, is deleted before).
 */
export function refusedWriteCheck(group: keyof typeof REFUSED_WRITES): void {
  const row: RefusedWrite = REFUSED_WRITES[group];
  const fields = Object.keys(row.optional(''));
  const unique = row.unique;
  const leftOut = (resource: JsonObject): JsonObject =>
    Object.fromEntries(fields.map((field) => [field, resource[field] ?? null]));
  const create = async (t: CheckContext, what: string, sent: JsonObject = {}, judge?: (call: Call) => void) => {
    const call = await row.send(t, sent);
    judge?.(call);
    return { call, values: leftOut(t.expectResource(call, [row.requirement], what)) };
  };
  const frees = row.flaws.map((flaw) => flaw.frees ?? row.requirement);
  const requirements = [
    ...new Set([row.requirement, ...(unique ? [...frees, ...unique.reads] : []), ...(row.unchanged?.reads ?? [])]),
  ];
  const guarded = unique
    ? `; the ${unique.field} a refused create sent is free (after a duplicate, once the original is deleted), and the original reads back as created`
    : '';
  const kept = row.unchanged ? `; ${row.unchanged.what}` : '';
  check(
    `${group}.refused-create-leaves-no-trace`,
    requirements,
    `${row.resource} create refused (${row.flaws.map((f) => f.what).join(', or ')}) with ${fields.join(', ')} set leaves no trace: the next create without them answers them as one before it did${guarded}${kept}`,
    async (t) => {
      const before = await create(t, `creating ${row.resource} without ${fields.join(', ')}`);
      for (const [n, flaw] of row.flaws.entries())
        for (let round = 1; round <= (flaw.rounds ?? ROUNDS); round++) {
          const marker = `cft refused ${group} ${n + 1}.${round}`;
          // The value the uniqueness rule holds, unless the flaw is in it.
          const held = unique && !(unique.field in flaw.fields) ? unique.value(t, `${n + 1}.${round}`) : undefined;
          const readied = flaw.ready && held !== undefined ? await flaw.ready(t, held) : undefined;
          const heldFields: JsonObject = unique && held !== undefined ? { [unique.field]: held } : {};
          const refused = await row.send(t, {
            ...row.optional(marker),
            ...heldFields,
            ...(readied?.fields ?? flaw.fields),
          });
          // A server that takes the flaw refuses nothing here; whether it must is judged by the flaw's own check.
          if (isSuccess(refused)) break;
          await readied?.refused();
          const after = await create(t, `creating ${row.resource} after one was refused`, heldFields, (call) => {
            if (unique && held !== undefined)
              t.assert(
                isSuccess(call),
                [flaw.frees ?? row.requirement],
                `${row.resource} with the ${unique.field} ${JSON.stringify(held)} of one refused for ${flaw.what}${readied ? ' (the mutation it repeated since deleted)' : ''} was refused (${call.response.status}): the refused create holds it`,
                call,
              );
          });
          const changed = fields.filter((field) => !isDeepStrictEqual(after.values[field], before.values[field]));
          t.assert(
            !changed.length,
            [row.requirement],
            `${row.resource} created without ${changed.join(', ')} right after one refused for ${flaw.what} answers ${JSON.stringify(after.values)}; one created before it answered ${JSON.stringify(before.values)} (the refused request held ${JSON.stringify(marker)})`,
            after.call,
          );
        }
      await row.unchanged?.read(t);
    },
    { writes: true },
  );
}

/** A valid write of one endpoint, sent as `written` says; and the refusals sent before it on the same connection. */
interface Framing {
  readonly valid: (written: Written) => Promise<Call>;
  readonly refusals: readonly { readonly what: string; readonly send: (written: Written) => Promise<Call> }[];
}

/** A key no organization holds: refused (401) before a careful server reads the body. */
const WRONG: Written = { auth: { key: WRONG_KEY } };

/** Per write endpoint with a body: its rule, what it writes, and its valid write and refusals (parents made first). */
const FRAMED: Record<
  string,
  {
    readonly requirement: RequirementId;
    /** What is written, with its article. */
    readonly write: string;
    /** What the refusals of `ready` refuse for, in words. */
    readonly refusals: string;
    readonly ready: (t: CheckContext) => Promise<Framing>;
  }
> = {
  agents: {
    requirement: 'AGENT-CREATE',
    write: 'an agent create',
    refusals: 'a wrong key',
    ready: async (t) => ({
      valid: (written) => t.agents.send({}, written),
      refusals: [{ what: 'a wrong key', send: (written) => t.agents.send({}, { ...written, ...WRONG }) }],
    }),
  },
  mutations: {
    requirement: 'MUTATION-CREATE',
    write: 'a mutation create',
    refusals: 'a wrong key, or an agent_id naming nothing',
    ready: async (t) => {
      const parent = await t.mutations.parent();
      return {
        valid: (written) => t.mutations.send(parent, {}, written),
        refusals: [
          { what: 'a wrong key', send: (written) => t.mutations.send(parent, {}, { ...written, ...WRONG }) },
          {
            what: 'an agent_id that names nothing',
            send: (written) => t.mutations.send(wellFormedId(ID_RULES.agent, 41), {}, written),
          },
        ],
      };
    },
  },
  'test-cases': {
    requirement: 'TESTCASE-CREATE',
    write: 'a test case create',
    refusals: 'a wrong key',
    ready: async (t) => {
      await t.testCases.testSetId();
      return {
        valid: (written) => t.testCases.send({}, undefined, written),
        refusals: [
          { what: 'a wrong key', send: (written) => t.testCases.send({}, undefined, { ...written, ...WRONG }) },
        ],
      };
    },
  },
  'review-projects': {
    requirement: 'REVIEW-PROJECT-CREATE',
    write: 'a review project create',
    refusals: 'a wrong key',
    ready: async (t) => {
      const links = await reviewLinks(t);
      return {
        valid: (written) => t.reviewProjects.send(links, {}, written),
        refusals: [
          { what: 'a wrong key', send: (written) => t.reviewProjects.send(links, {}, { ...written, ...WRONG }) },
        ],
      };
    },
  },
  dashboards: {
    requirement: 'DASHBOARD-PATCH',
    write: 'a dashboard rename',
    refusals: 'a wrong key, or a dashboard_id naming nothing',
    ready: async (t) => {
      const patch = (id: string, written: Written) =>
        t.call('PATCH /v1/dashboards/{dashboard_id}', {
          params: { dashboard_id: id },
          json: dashboardBody(t.name('dashboard after a refusal')),
          ...written,
        });
      const own = t.config.dashboardId as string;
      return {
        valid: (written) => patch(own, written),
        refusals: [
          { what: 'a wrong key', send: (written) => patch(own, { ...written, ...WRONG }) },
          {
            what: 'a dashboard_id that names nothing',
            send: (written) => patch(wellFormedId(ID_RULES.dashboard, 41), written),
          },
        ],
      };
    },
  },
};

/**
 * `<group>.refused-write-leaves-connection-clean`: HTTP framing after a refusal (RFC 9112 6.3, 9.3). A write whose
 * body the server refuses before reading it (a wrong key; a path id naming nothing) leaves that body on a keep-alive
 * connection, which the server must read past: the valid write sent next on the same connection is answered as on
 * another. Accepted there, it passes; refused, the same write on another connection must be refused too (else the
 * refused request's bytes were taken for part of it). A server closing the connection after a refusal passes.
 */
export function refusedWriteFramingCheck(group: keyof typeof FRAMED, options: CheckOptions = { writes: true }): void {
  const row = FRAMED[group]!;
  check(
    `${group}.refused-write-leaves-connection-clean`,
    [row.requirement, 'HTTP-MESSAGE-FRAMING'],
    `${row.write} refused before its body is read (${row.refusals}), then a valid one on the same keep-alive connection: the valid one is answered as on another connection (RFC 9112: the refused request's body is read past, or the connection closed)`,
    async (t) => {
      const framing = await row.ready(t);
      for (const refusal of framing.refusals) {
        const next = await t.oneConnection(async (connection) => {
          try {
            const refused = await refusal.send({ connection });
            // Not refused, or refused after the connection was closed: nothing of it is left to read.
            if (isSuccess(refused) || refused.response.headers['connection']?.toLowerCase() === 'close')
              return undefined;
            return { refused, call: await framing.valid({ connection }) };
          } catch (error) {
            // The server closed the connection without saying so (after its refusal, or while a 429's wait kept it
            // idle, before the retry on it): allowed, nothing was misread.
            if (error instanceof TransportError && error.reset) return undefined;
            throw error;
          }
        });
        if (!next || isSuccess(next.call)) continue;
        const elsewhere = await framing.valid({});
        t.assert(
          !isSuccess(elsewhere),
          [row.requirement, 'HTTP-MESSAGE-FRAMING'],
          `a valid write (${row.write}), sent on the connection of one refused for ${refusal.what} (${next.refused.response.status}), was answered ${next.call.response.status}, though on another connection it is accepted (${elsewhere.response.status}): the refused request's body was taken for part of the next request`,
          next.call,
        );
      }
    },
    options,
  );
}
