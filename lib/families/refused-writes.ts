// A refused write leaves no trace on later writes (EvoMaster's rule): after a create refused for one flaw, with
// optional fields set to marker text, the next valid create without those fields answers them as a create made
// before it did (a reader that keeps what it read of a refused body in a draft hands it to the next create).
// Creates of other checks run in between: only fields the valid creates leave out are compared, which no
// neighbour's create can give them on a correct server.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { reviewLinks } from '../harness/discovery.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/** One resource's create: optional fields carrying `marker`, flaws that make a body refused, and how it is sent. */
interface RefusedWrite {
  readonly requirement: RequirementId;
  readonly resource: string;
  readonly optional: (marker: string) => JsonObject;
  /** Flaws of different kinds, as a reader may meet them before or after the optional fields. */
  readonly flaws: readonly { readonly what: string; readonly fields: JsonObject }[];
  /** POSTs a valid body with `fields` over it. */
  readonly send: (t: CheckContext, fields: JsonObject) => Promise<Call>;
}

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
    flaws: [
      { what: 'a config_overrides key the agent lacks', fields: { config_overrides: { cft_no_such_key: 'x' } } },
      { what: 'a display_name of 300 characters', fields: { display_name: 'm'.repeat(300) } },
    ],
    send: async (t, fields) => t.mutations.send(await t.mutations.parent(), fields),
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
 * which must answer them as the first did.
 */
export function refusedWriteCheck(group: keyof typeof REFUSED_WRITES): void {
  const row: RefusedWrite = REFUSED_WRITES[group];
  const fields = Object.keys(row.optional(''));
  const leftOut = (resource: JsonObject): JsonObject =>
    Object.fromEntries(fields.map((field) => [field, resource[field] ?? null]));
  const create = async (t: CheckContext, what: string): Promise<{ call: Call; values: JsonObject }> => {
    const call = await row.send(t, {});
    return { call, values: leftOut(t.expectResource(call, [row.requirement], what)) };
  };
  check(
    `${group}.refused-create-leaves-no-trace`,
    [row.requirement],
    `${row.resource} create refused (${row.flaws.map((f) => f.what).join(', or ')}) with ${fields.join(', ')} set leaves no trace: the next create without them answers them as one before it did`,
    async (t) => {
      const before = await create(t, `creating ${row.resource} without ${fields.join(', ')}`);
      for (const [n, flaw] of row.flaws.entries())
        for (let round = 1; round <= ROUNDS; round++) {
          const marker = `cft refused ${group} ${n + 1}.${round}`;
          const refused = await row.send(t, { ...row.optional(marker), ...flaw.fields });
          // A server that takes the flaw refuses nothing here; whether it must is judged by the flaw's own check.
          if (isSuccess(refused)) break;
          const after = await create(t, `creating ${row.resource} after one was refused`);
          const changed = fields.filter((field) => !isDeepStrictEqual(after.values[field], before.values[field]));
          t.assert(
            !changed.length,
            [row.requirement],
            `${row.resource} created without ${changed.join(', ')} right after one refused for ${flaw.what} answers ${JSON.stringify(after.values)}; one created before it answered ${JSON.stringify(before.values)} (the refused request held ${JSON.stringify(marker)})`,
            after.call,
          );
        }
    },
    { writes: true },
  );
}
