// Mutations read back: GET .../mutations/{mutation_id}, under the agent the create named in
// its path, returns every field the create accepted as it was sent (READ-BACK-UNCHANGED),
// and the length limits of mutation fields in those terms.

import { echoMismatches } from '../assert/echo.js';
import type { Call, CheckContext } from '../harness/context.js';
import { sentBody } from '../harness/resources.js';
import type { JsonObject } from '../util/json.js';
import type { Judge } from './length-limits.js';

/** The agent a mutation create was sent under, from its path. */
const parentOf = (created: Call): string => decodeURIComponent(/\/agents\/([^/?#]+)\/mutations/.exec(new URL(created.request.url).pathname)?.[1] ?? '');

/** READ-BACK-UNCHANGED: the mutation a create accepted, read back by GET, carries every field as sent. */
export async function expectMutationReadBack(t: CheckContext, created: Call, what: string): Promise<JsonObject> {
  const id = (created.response.json as { mutation?: { id?: unknown } } | undefined)?.mutation?.id;
  const call = await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', { params: { agent_id: parentOf(created), mutation_id: String(id) } });
  const mutation = t.expectResource(call, ['MUTATION-GET'], `reading back ${what}`);
  const mismatches = echoMismatches(sentBody(created), mutation);
  t.assert(!mismatches.length, ['READ-BACK-UNCHANGED'], `${call.endpoint.key} did not return what was accepted (${what}): ${mismatches.join('; ')}`, call);
  return mutation;
}

/** A mutation field's limit: a success or INVALID_ARGUMENT naming the field, and accepted values read back. */
export const MUTATION_JUDGE: Judge = {
  accepted: (t, call, requirements, what) => void t.expectSuccess(call, requirements, what),
  rejected: (t, call, requirements, field, what) => void t.expectInvalidArgument(call, requirements, field, what),
  readBack: async (t, call, what) => void await expectMutationReadBack(t, call, `a mutation with ${what}`),
};
