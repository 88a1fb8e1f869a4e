// The writes that name what a deletion removed, or what it named: sent after the deletion by the after-change
// family (`after.<change>.writes-naming-it`), each refused with a 4xx or accepted, never a server error. A persona
// is named by a CHAT agent's persona_id and by a mutation overriding it; a run by nothing a client writes, but its
// test set by a test case's test_set_id and an agent's test_set_ids, and its simulations by a review project's
// linked_simulation_ids. Nothing a client writes names a mutation or a scheduled run.

import { ID_RULES, matchesIdRule } from '../contract/ids.js';
import { reviewLinks, personas } from '../harness/discovery.js';
import { typedAgentBody } from '../gen/agent-bodies.js';
import { configField } from './simulator-config.js';
import { isJsonObject } from '../util/json.js';
import type { CheckContext } from '../harness/index.js';
import type { NamingWrite } from './lists/after-change.js';

const CHAT = 'MODEL_TYPE_CHAT';

/** A CHAT agent whose persona_id is `persona`, under the proven configuration field. */
async function chatAgentOf(t: CheckContext, persona: string, label: string) {
  const body = typedAgentBody(CHAT, t.name(label), {
    configField: await configField(t),
    config: { persona_id: persona },
  });
  return t.agents.send(body);
}

/** After a persona's deletion: a CHAT agent naming it, and a mutation overriding an agent's persona_id with it. */
export const PERSONA_NAMING_WRITES: readonly NamingWrite[] = [
  {
    what: 'a CHAT agent whose persona_id names it, and a mutation of a CHAT agent overriding persona_id with it',
    requirements: ['AGENT-CREATE', 'MUTATION-CREATE'],
    async send(t, { id }, judge) {
      const agent = await chatAgentOf(t, id, 'agent of a deleted persona');
      let parent = judge(agent, `a CHAT agent whose persona_id is the deleted persona ${id}`) ? agent : undefined;
      if (!parent) {
        // Refused: the mutation overrides the persona_id of an agent of a persona still listed.
        const live = (await personas(t)).map((p) => p['id']).find((p) => typeof p === 'string' && p !== id);
        if (typeof live !== 'string') return;
        parent = await chatAgentOf(t, live, 'agent of a listed persona');
        t.expectResource(parent, ['AGENT-CREATE'], `a CHAT agent whose persona_id is the listed persona ${live}`);
      }
      const created = (parent.response.json as { agent?: unknown } | undefined)?.agent;
      const agentId = isJsonObject(created) ? created['id'] : undefined;
      if (typeof agentId !== 'string') return;
      const mutation = await t.mutations.send(agentId, { config_overrides: { persona_id: id } });
      judge(mutation, `a mutation overriding persona_id with the deleted persona ${id}`);
    },
  },
];

/** After a run's deletion or cancellation: writes naming its test set and its simulations. */
export const RUN_NAMING_WRITES: readonly NamingWrite[] = [
  {
    what: "a test case in the run's test_set_id",
    requirements: ['TESTCASE-CREATE'],
    async send(t, { before }, judge) {
      const testSet = before?.['test_set_id'];
      if (typeof testSet !== 'string' || testSet === '') return;
      judge(await t.testCases.send({ test_set_id: testSet }), `a test case in the run's test_set_id ${testSet}`);
    },
  },
  {
    what: 'an agent whose test_set_ids holds it (where it has the form of one)',
    requirements: ['AGENT-CREATE'],
    async send(t, { before }, judge) {
      const testSet = before?.['test_set_id'];
      // An ID of another form than test_set_ids takes is refused for its form: nothing to learn.
      if (typeof testSet !== 'string' || !matchesIdRule(ID_RULES.agentReference, testSet)) return;
      judge(await t.agents.send({ test_set_ids: [testSet] }), `an agent whose test_set_ids holds ${testSet}`);
    },
  },
  {
    what: "a review project linking the run's simulations",
    requirements: ['REVIEW-PROJECT-CREATE'],
    async send(t, { simulations }, judge) {
      if (!simulations.length) return;
      const links = await reviewLinks(t);
      judge(
        await t.reviewProjects.send(links, { linked_simulation_ids: [...simulations] }),
        `a review project linking the run's simulations ${simulations.join(', ')}`,
      );
    },
  },
];
