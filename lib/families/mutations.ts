// Mutations read back: GET .../mutations/{mutation_id}, under the agent the create named in
// its path, returns every field the create accepted as it was sent (READ-BACK-UNCHANGED),
// and the length limits of mutation fields in those terms.

import type { EndpointKey } from '../contract/endpoints.js';
import type { Call, CheckContext } from '../harness/context.js';
import { sentBody } from '../harness/resources.js';
import type { JsonObject } from '../util/json.js';
import { expectEcho } from './agents.js';
import { type Judge, PLAIN_JUDGE } from './length-limits.js';

const GET = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;

/** GET of the mutation `mutationId` under `agentId`. */
export const fetchMutation = (t: CheckContext, agentId: string, mutationId: unknown): Promise<Call> =>
  t.call(GET, { params: { agent_id: agentId, mutation_id: String(mutationId) } });

/** A mutation created with `fields` under a parent of the check, and fetched back: each as read, with its exchange. */
export async function createdAndFetched(
  t: CheckContext,
  fields: JsonObject = {},
): Promise<ReadonlyArray<readonly [JsonObject, Call]>> {
  const agentId = await t.mutations.parent();
  const { mutation, call } = await t.mutations.create(agentId, fields);
  const fetch = await fetchMutation(t, agentId, mutation['id']);
  return [
    [mutation, call],
    [t.expectResource(fetch, ['MUTATION-GET'], 'fetching the created mutation'), fetch],
  ];
}

/** The agent a mutation create was sent under, from its path. */
const parentOf = (created: Call): string =>
  decodeURIComponent(/\/agents\/([^/?#]+)\/mutations/.exec(new URL(created.request.url).pathname)?.[1] ?? '');

/** READ-BACK-UNCHANGED: the mutation a create accepted, read back by GET, carries every field as sent. */
export async function expectMutationReadBack(t: CheckContext, created: Call, what: string): Promise<JsonObject> {
  const id = (created.response.json as { mutation?: { id?: unknown } } | undefined)?.mutation?.id;
  const call = await fetchMutation(t, parentOf(created), id);
  const mutation = t.expectResource(call, ['MUTATION-GET'], `reading back ${what}`);
  expectEcho(t, sentBody(created), mutation, ['READ-BACK-UNCHANGED'], call, `what was accepted (${what})`);
  return mutation;
}

/** A mutation field's limit: judged as any limit (PLAIN_JUDGE), and accepted values read back. */
export const MUTATION_JUDGE: Judge = {
  ...PLAIN_JUDGE,
  readBack: async (t, call, what) => void (await expectMutationReadBack(t, call, `a mutation with ${what}`)),
};
