// Agent mutations are reached only through their agent: deleting one (idempotently, and
// then it is gone, its agent and siblings as they were), reaching it under another agent, creating one under an agent that does
// not exist, and the path IDs that name them. Every check makes its own parent agents;
// every mutation is deleted at the end.

import { CONVENTIONAL_ERRORS } from '../lib/contract/enums.js';
import { ID_RULES } from '../lib/contract/ids.js';
import {
  declareExtremeIdChecks,
  expectFormatBeforeLookup,
  expectMissingNotFound,
  expectNearMissesRejected,
} from '../lib/families/path-ids.js';
import { wellFormedId } from '../lib/gen/ids.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { isSuccess } from '../lib/assert/responses.js';
import { sentBody } from '../lib/harness/resources.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { ifMatchFormsCheck } from '../lib/families/conditional.js';
import {
  expectDeletedAgain,
  expectEmptyJsonBody,
  expectGone,
  expectNotServed,
  expectSiblingsKept,
  expectGoneWhenRevalidated,
  expectStaysGone,
  siblingChanges,
} from '../lib/families/deletion.js';
import { atOnce, expectAnsweredAtOnce } from '../lib/families/at-once.js';

const GET = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const DELETE = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const AGENT = 'GET /v1/agents/{agent_id}' satisfies EndpointKey;
const WRITES = { writes: true } as const;

type MutationPath = { readonly agent_id: string; readonly mutation_id: string };

/** A mutation created under the check's first parent; returns its path parameters. */
async function created(t: CheckContext): Promise<MutationPath> {
  const agentId = await t.mutations.parent();
  const { mutation } = await t.mutations.create(agentId);
  return { agent_id: agentId, mutation_id: String(mutation['id']) };
}

const deleteMutation = (t: CheckContext, params: MutationPath): Promise<Call> => t.call(DELETE, { params });

/** A mutation created and deleted; returns its path parameters. */
async function deleted(t: CheckContext): Promise<MutationPath> {
  const params = await created(t);
  t.expectSuccess(await deleteMutation(t, params), ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation');
  return params;
}

/** A mutation under the first parent, and a second parent it does not belong to. */
async function mutationAndStranger(t: CheckContext): Promise<{ owned: MutationPath; stranger: string }> {
  const owned = await created(t);
  return { owned, stranger: await t.mutations.parent(1) };
}

/** The mutation is still there under its own agent. */
async function expectIntact(t: CheckContext, owned: MutationPath, after: string): Promise<void> {
  const call = await t.call(GET, { params: owned });
  const fetched = t.expectResource(
    call,
    ['MUTATION-SCOPED-TO-AGENT'],
    `fetching the mutation under its own agent after ${after}`,
  );
  t.assert(
    fetched['id'] === owned.mutation_id,
    ['MUTATION-SCOPED-TO-AGENT'],
    `fetching mutation ${owned.mutation_id} under its own agent returned id ${JSON.stringify(fetched['id'] ?? null)}`,
    call,
  );
}

/** A mutation sent under a well-formed agent id that names no agent. */
const orphan = (t: CheckContext, fields: Readonly<Record<string, unknown>> = {}): Promise<Call> =>
  t.mutations.send(wellFormedId(ID_RULES.agent, 43), fields);

describeGroup('mutations', () => {
  declareExtremeIdChecks('mutations');

  check(
    'mutations.delete.empty-object-body',
    ['DELETE-EMPTY-OBJECT-BODY', 'RESPONSE-CONTENT-TYPE-JSON'],
    `${DELETE} sends the empty object as the JSON body {}, as application/json`,
    async (t) => {
      expectEmptyJsonBody(t, await deleteMutation(t, await created(t)), 'deleting the mutation');
    },
    WRITES,
  );

  // ---- deletion ----------------------------------------------------------------------------

  check(
    'mutations.scope.deleting-mutation-succeeds-deleting-again',
    ['MUTATION-DELETE-IDEMPOTENT'],
    'deleting a mutation succeeds, and deleting it again succeeds too',
    async (t) => {
      const params = await deleted(t);
      t.expectSuccess(
        await deleteMutation(t, params),
        ['MUTATION-DELETE-IDEMPOTENT'],
        'deleting the mutation a second time',
      );
    },
    WRITES,
  );

  check(
    'mutations.scope.deleted-mutation-can-no-longer',
    ['MUTATION-DELETE-GONE'],
    'a deleted mutation can no longer be fetched (nor revalidated with the ETag or Last-Modified a read gave before), after a second and a third DELETE too; its agent and a sibling mutation read as before (the agent but for update_time, which its mutations may move)',
    async (t) => {
      const params = await created(t);
      const sibling = await created(t);
      const first = await t.call(GET, { params });
      const agent = { agent_id: params.agent_id };
      const read = async () => ({
        sibling: t.expectResource(await t.call(GET, { params: sibling }), ['MUTATION-GET'], 'fetching the sibling'),
        agent: t.expectResource(await t.call(AGENT, { params: agent }), ['AGENT-GET'], 'fetching the agent'),
      });
      const before = await read();
      const deletion = await deleteMutation(t, params);
      t.expectSuccess(deletion, ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation');
      const after = await read();
      expectSiblingsKept(
        t,
        [
          ...siblingChanges([before.sibling], [after.sibling], 'id'),
          ...siblingChanges([before.agent], [after.agent], 'id', () => ['update_time']),
        ],
        ['MUTATION-DELETE-GONE'],
        'the DELETE of a mutation',
        deletion,
      );
      expectGone(t, await t.call(GET, { params }), ['MUTATION-DELETE-GONE'], 'fetching a deleted mutation');
      await expectGoneWhenRevalidated(
        t,
        first,
        (headers) => t.call(GET, { params, headers }),
        ['MUTATION-DELETE-GONE'],
        'the deleted mutation',
      );
      await expectStaysGone(
        t,
        () => deleteMutation(t, params),
        { get: () => t.call(GET, { params }) },
        ['MUTATION-DELETE-GONE'],
        `the deleted mutation ${params.mutation_id}`,
      );
    },
    WRITES,
  );

  // Deletions at the same moment: each must be kept (a read-modify-write of the agent's mutations loses all but one).
  check(
    'mutations.scope.deleted-at-once-all-gone',
    ['MUTATION-DELETE-GONE'],
    'three mutations of one agent deleted at the same moment are each gone afterwards; a fourth mutation and the agent read as before (the agent but for update_time)',
    async (t) => {
      const kept = await created(t);
      const doomed = await Promise.all([created(t), created(t), created(t)]);
      const agent = { agent_id: kept.agent_id };
      const read = async () => ({
        sibling: t.expectResource(await t.call(GET, { params: kept }), ['MUTATION-GET'], 'fetching the kept mutation'),
        agent: t.expectResource(await t.call(AGENT, { params: agent }), ['AGENT-GET'], 'fetching the agent'),
      });
      const before = await read();
      const deletions = await Promise.all(doomed.map((params) => deleteMutation(t, params)));
      for (const deletion of deletions)
        t.expectSuccess(deletion, ['MUTATION-DELETE-IDEMPOTENT'], 'deleting one of three mutations at once');
      const after = await read();
      for (const params of doomed)
        expectGone(
          t,
          await t.call(GET, { params }),
          ['MUTATION-DELETE-GONE'],
          'fetching a mutation deleted at the same moment as two others',
        );
      expectSiblingsKept(
        t,
        [
          ...siblingChanges([before.sibling], [after.sibling], 'id'),
          ...siblingChanges([before.agent], [after.agent], 'id', () => ['update_time']),
        ],
        ['MUTATION-DELETE-GONE'],
        'three DELETEs of mutations at once',
        deletions[0]!,
      );
    },
    WRITES,
  );

  // Two DELETEs of one mutation at the same moment (a client retrying a slow answer): whichever comes second finds it
  // deleted or being deleted, and deleting a deleted mutation succeeds. A retryable refusal (ABORTED) is a careful
  // server's answer to the one that met the other; NOT_FOUND is not.
  check(
    'mutations.scope.deleted-twice-at-once-both-succeed',
    ['MUTATION-DELETE-IDEMPOTENT', 'MUTATION-DELETE-GONE'],
    'two DELETEs of one mutation sent at the same moment are each answered success (or a retryable refusal: ABORTED, UNAVAILABLE), never NOT_FOUND nor a 5xx: deleting a mutation already deleted succeeds; the mutation is gone afterwards',
    async (t) => {
      const params = await created(t);
      const deletions = await atOnce([1, 2].map(() => () => deleteMutation(t, params)));
      const applied = deletions.map((deletion) =>
        expectAnsweredAtOnce(
          t,
          deletion,
          ['MUTATION-DELETE-IDEMPOTENT'],
          'one of two DELETEs of one mutation sent at the same moment',
        ),
      );
      if (!applied.includes(true)) return;
      expectGone(
        t,
        await t.call(GET, { params }),
        ['MUTATION-DELETE-GONE'],
        'fetching a mutation two DELETEs sent at the same moment deleted',
      );
    },
    WRITES,
  );

  // Writes of one parent at the same moment: each answered as if alone, or refused as a conflict (a 4xx: ABORTED, 409,
  // FAILED_PRECONDITION), never a 5xx; a read beside a DELETE finds the mutation as it was or gone.
  check(
    'mutations.scope.written-at-once-each-as-alone',
    ['MUTATION-CREATE', 'MUTATION-GET', 'MUTATION-DELETE-GONE'],
    'two mutations of different names created under one agent at the same moment are each created as sent with ids of their own (or refused with a 4xx, a conflict), never failed on with a 5xx, and each created one reads back; a GET sent at the same moment as the DELETE of one answers it as created or gone, and it is gone afterwards',
    async (t) => {
      const agentId = await t.mutations.parent();
      const calls = await Promise.all([1, 2].map(() => t.mutations.send(agentId)));
      const made: MutationPath[] = [];
      for (const call of calls) {
        const what = 'one of two mutations created under one agent at the same moment';
        if (!isSuccess(call)) {
          expectNotServed(t, call, ['MUTATION-CREATE'], what, 'a conflict is a 4xx');
          continue;
        }
        const mutation = t.expectResource(call, ['MUTATION-CREATE'], what);
        const sent = sentBody(call)['display_name'];
        t.assert(
          mutation['display_name'] === sent,
          ['MUTATION-CREATE'],
          `${what} (display_name ${JSON.stringify(sent)}) answered display_name ${JSON.stringify(mutation['display_name'])}`,
          call,
        );
        made.push({ agent_id: agentId, mutation_id: String(mutation['id']) });
      }
      t.assert(
        made.length < 2 || made[0]?.mutation_id !== made[1]?.mutation_id,
        ['MUTATION-CREATE'],
        `two mutations created under one agent at the same moment were given one id, ${made[0]?.mutation_id}`,
        calls[1],
      );
      for (const params of made) {
        const call = await t.call(GET, { params });
        const read = t.expectResource(
          call,
          ['MUTATION-GET'],
          'fetching a mutation created at the same moment as another',
        );
        t.assert(
          read['id'] === params.mutation_id,
          ['MUTATION-GET'],
          `fetching mutation ${params.mutation_id} returned id ${JSON.stringify(read['id'] ?? null)}`,
          call,
        );
      }
      const [doomed] = made;
      if (doomed === undefined) return;
      const [deletion, read] = await Promise.all([deleteMutation(t, doomed), t.call(GET, { params: doomed })]);
      t.expectSuccess(deletion, ['MUTATION-DELETE-IDEMPOTENT'], 'deleting a mutation while it is read');
      if (isSuccess(read)) {
        const found = t.expectResource(read, ['MUTATION-GET'], 'fetching a mutation while it is deleted');
        t.assert(
          found['id'] === doomed.mutation_id,
          ['MUTATION-GET'],
          `fetching mutation ${doomed.mutation_id} while it is deleted returned id ${JSON.stringify(found['id'] ?? null)}`,
          read,
        );
      } else expectGone(t, read, ['MUTATION-DELETE-GONE'], 'fetching a mutation while it is deleted');
      expectGone(t, await t.call(GET, { params: doomed }), ['MUTATION-DELETE-GONE'], 'fetching a mutation deleted');
    },
    WRITES,
  );

  // An id is never given twice: an id derived from the body (to make retried creates idempotent) serves the deleted one again.
  check(
    'mutations.scope.made-again-gets-new-id',
    ['MUTATION-DELETE-GONE'],
    'a mutation deleted and made again with the same body gets a new id: the deleted id stays gone, and a GET and a DELETE of it change nothing of the new mutation',
    async (t) => {
      const agentId = await t.mutations.parent();
      const { mutation, sent } = await t.mutations.create(agentId);
      const old = { agent_id: agentId, mutation_id: String(mutation['id']) };
      t.expectSuccess(await deleteMutation(t, old), ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation');
      const again = await t.mutations.create(agentId, sent, ['MUTATION-CREATE'], 'making it again with the same body');
      const made = { agent_id: agentId, mutation_id: String(again.mutation['id']) };
      t.assert(
        made.mutation_id !== old.mutation_id,
        ['MUTATION-DELETE-GONE'],
        `the mutation made again with the deleted one's body got the deleted one's id ${old.mutation_id}: the deleted mutation is served again`,
        again.call,
      );
      const read = async (what: string) =>
        t.expectResource(await t.call(GET, { params: made }), ['MUTATION-DELETE-GONE'], what);
      const before = await read('fetching the mutation made again');
      expectGone(t, await t.call(GET, { params: old }), ['MUTATION-DELETE-GONE'], 'fetching the deleted mutation');
      const deletion = await deleteMutation(t, old);
      expectDeletedAgain(t, deletion, ['MUTATION-DELETE-GONE'], 'deleting the deleted mutation again');
      const after = await read('fetching the mutation made again, after a DELETE of the deleted id');
      expectSiblingsKept(
        t,
        siblingChanges([before], [after], 'id'),
        ['MUTATION-DELETE-GONE'],
        'the DELETE of the deleted id',
        deletion,
      );
    },
    WRITES,
  );

  check(
    'mutations.scope.fetching-deleted-mutation-answers-not',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'fetching a deleted mutation answers NOT_FOUND (HTTP 404)',
    async (t) => {
      await expectMissingNotFound(t, GET, await deleted(t));
    },
    WRITES,
  );

  // ---- scope: a mutation belongs to its agent -----------------------------------------------

  check(
    'mutations.scope.get-mutation-under-another-agent',
    ['MUTATION-SCOPED-TO-AGENT'],
    'GET of a mutation under another agent fails, and it stays reachable under its own',
    async (t) => {
      const { owned, stranger } = await mutationAndStranger(t);
      const call = await t.call(GET, { params: { ...owned, agent_id: stranger } });
      t.expectRejection(
        call,
        ['MUTATION-SCOPED-TO-AGENT'],
        {},
        'fetching a mutation under an agent it does not belong to',
      );
      await expectIntact(t, owned, 'a GET under another agent');
    },
    WRITES,
  );

  check(
    'mutations.scope.delete-mutation-under-another-agent',
    ['MUTATION-SCOPED-TO-AGENT'],
    'DELETE of a mutation under another agent leaves it intact',
    async (t) => {
      const { owned, stranger } = await mutationAndStranger(t);
      // The answer itself is open: an error, or the success idempotent deletion gives for what is not there.
      await deleteMutation(t, { ...owned, agent_id: stranger });
      await expectIntact(t, owned, 'a DELETE under another agent');
    },
    WRITES,
  );

  check(
    'mutations.scope.orphan-refused',
    ['MUTATION-PARENT-MUST-EXIST'],
    'creating a mutation under an agent that does not exist fails',
    async (t) => {
      t.expectRejection(
        await orphan(t),
        ['MUTATION-PARENT-MUST-EXIST'],
        {},
        'creating a mutation under a well-formed agent id that names no agent',
      );
    },
    WRITES,
  );

  check(
    'mutations.scope.orphan-not-found',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'creating a mutation under an agent that does not exist answers NOT_FOUND (HTTP 404)',
    async (t) => {
      // config_overrides whose keys every parent the suite makes has: judged against the parent, so only once it is found.
      const call = await orphan(t, { config_overrides: { prompt: 'overridden prompt' } });
      t.expectRejection(
        call,
        ['MISSING-RESOURCE-NOT-FOUND'],
        CONVENTIONAL_ERRORS.notFound,
        'creating a mutation with config_overrides under a well-formed agent id that names no agent',
      );
    },
    WRITES,
  );

  // ---- path IDs ------------------------------------------------------------------------------

  check(
    'mutations.scope.malformed-mutation-id-under-agent',
    ['PATH-ID-FORMAT-FIRST'],
    'a malformed mutation_id under an agent that does not exist is rejected with INVALID_ARGUMENT naming mutation_id (GET and DELETE)',
    async (t) => {
      // A malformed mutation_id names nothing, so the DELETE changes no data.
      for (const endpoint of [GET, DELETE] as const)
        await expectFormatBeforeLookup(t, endpoint, 'mutation_id', { agent_id: wellFormedId(ID_RULES.agent, 44) });
    },
  );

  for (const endpoint of [GET, DELETE] as const) {
    for (const param of ['mutation_id', 'agent_id'] as const) {
      check(
        checkIdOf('mutations.scope.near-miss', endpoint.split(' ')[0]!, param),
        ['PATH-ID-FORMAT'],
        `${endpoint} with a near miss of ${param} is rejected with INVALID_ARGUMENT naming ${param}`,
        async (t) => {
          // The other parameter names a real mutation and agent, so the near miss is the only thing wrong.
          await expectNearMissesRejected(t, endpoint, param, await created(t));
        },
        WRITES,
      );
    }
  }

  declareDynamicIdChecks('mutations');

  // A mutation that exists, unchanged since it was read: every form of If-Match holds, on its read and its deletion.
  ifMatchFormsCheck(
    'mutations',
    ['MUTATION-GET', 'MUTATION-DELETE-IDEMPOTENT'],
    'a mutation read, then read with If-Match: * and with a list of tags holding the ETag it gave (when strong), then deleted with If-Match: *: never 412 Precondition Failed while it exists unchanged (RFC 9110 13.1.1); a server that ignores If-Match passes',
    async (t) => {
      const params = await created(t);
      const current = await t.call(GET, { params });
      t.expectResource(current, ['MUTATION-GET'], 'reading the mutation just created');
      return {
        current,
        requests: [
          {
            endpoint: GET,
            requirement: 'MUTATION-GET',
            effect: 'reads',
            send: (headers) => t.call(GET, { params, headers }),
          },
          {
            endpoint: DELETE,
            requirement: 'MUTATION-DELETE-IDEMPOTENT',
            effect: 'deletes',
            send: (headers) => t.call(DELETE, { params, headers }),
          },
        ],
      };
    },
    WRITES,
  );
});
