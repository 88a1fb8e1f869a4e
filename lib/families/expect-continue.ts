// `Expect: 100-continue` on every kind of write with a body (RFC 9110 10.1.1): the expectation HTTP defines, its token
// case-insensitive, answered with 100 then the final answer, or the final answer at once; never 417. undici refuses
// an Expect header, so each write is written by hand on a connection of its own (lib/http/raw.ts); through a proxy,
// which answers the expectation itself, the checks are skipped.

import type { RequirementId } from '../contract/requirements/index.js';
import type { RawOptions } from '../http/raw.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import { PARENT_PROMPT } from '../harness/resources.js';
import { reviewLinks } from '../harness/discovery.js';
import { Skip } from '../harness/context.js';
import type { JsonObject } from '../util/json.js';

const RULE: RequirementId[] = ['HTTP-EXPECT-CONTINUE'];

/** The expectation as clients write it, and in another letter case (the token is case-insensitive). */
export const EXPECT_CONTINUE: RawOptions = { expect: '100-continue' };
export const EXPECT_CONTINUE_CASED: RawOptions = { expect: '100-Continue' };

/** Skips where the write cannot be written by hand (a proxy between). */
export function requireRaw(t: CheckContext): void {
  if (!t.rawPossible) t.skip('the target is reached through a proxy, which answers an expectation itself');
}

/**
 * The resource a write sent with an expectation answered: a success carrying it, each of `fields` as sent (what
 * the same write without the expectation gets).
 */
export function expectHonoured(t: CheckContext, call: Call, fields: readonly string[], what: string): JsonObject {
  t.assert(
    call.response.status !== 417,
    RULE,
    `${what} with Expect: ${call.request.headers['expect']} was answered 417 Expectation Failed: 100-continue is the expectation HTTP defines (its token case-insensitive), to be answered 100 then the final answer, or the final answer at once (RFC 9110 10.1.1)`,
    call,
  );
  const resource = t.expectResource(call, RULE, `${what} with Expect: ${call.request.headers['expect']}`);
  const sent = JSON.parse(call.request.body ?? '{}') as JsonObject;
  for (const field of fields)
    t.assert(
      JSON.stringify(resource[field]) === JSON.stringify(sent[field]),
      RULE,
      `${what} with Expect: ${call.request.headers['expect']} sent ${field} ${JSON.stringify(sent[field])}, the answer carries ${JSON.stringify(resource[field])}`,
      call,
    );
  return resource;
}

/**
 * `http.expect-continue.writes-honoured`: an agent's create (`100-continue`), a mutation's under it (`100-Continue`),
 * read back, a test case's create and a review project's (where a simulation with a metric output is found), each
 * answered as without the expectation. The dashboard's rename is its own suite's (renames there are exclusive).
 */
export function expectContinueCheck(): void {
  check(
    'http.expect-continue.writes-honoured',
    RULE,
    'an agent, a mutation under it (Expect in another letter case), a test case and a review project, each created with Expect: 100-continue (written by hand, the body sent after the interim answer or a second): created as without it, never 417 (RFC 9110 10.1.1); the mutation then read back',
    async (t) => {
      requireRaw(t);
      const agentCall = await t.agents.send(
        { display_name: t.name('expect parent'), prompt: PARENT_PROMPT },
        { raw: EXPECT_CONTINUE },
      );
      const agent = expectHonoured(t, agentCall, ['display_name'], 'an agent create');
      const agent_id = String(agent['id']);
      const mutationCall = await t.mutations.send(agent_id, {}, { raw: EXPECT_CONTINUE_CASED });
      const mutation = expectHonoured(t, mutationCall, ['display_name'], 'a mutation create');
      const read = await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', {
        params: { agent_id, mutation_id: String(mutation['id']) },
      });
      const stored = t.expectResource(read, RULE, 'reading the mutation created with Expect');
      t.assert(
        stored['display_name'] === mutation['display_name'],
        RULE,
        `the mutation created with Expect: 100-Continue reads back named ${JSON.stringify(stored['display_name'])}, created as ${JSON.stringify(mutation['display_name'])}`,
        read,
      );
      const testCase = await t.testCases.send({}, undefined, { raw: EXPECT_CONTINUE });
      expectHonoured(t, testCase, ['input_str'], 'a test case create');
      // The creates above are judged whether or not the target has what a review project links.
      const links = await reviewLinks(t).catch((error: unknown) => {
        if (!(error instanceof Skip)) throw error;
        t.note(`no review project was sent with Expect: ${error.reason}`);
        return undefined;
      });
      if (!links) return;
      const project = await t.reviewProjects.send(links, {}, { raw: EXPECT_CONTINUE });
      expectHonoured(t, project, ['display_name'], 'a review project create');
    },
    { writes: true },
  );
}
