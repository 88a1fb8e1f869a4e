// Handlers of the generic layer's operations (endpoints.ts), built from the same
// views, lookups and readers as the contract's.

import { json, type RequestContext, type Routes } from '../http/context.js';
import { listPage } from '../listing/listing.js';
import { activeAgent, agentView } from '../routes/agents.js';
import { existing } from '../routes/lookup.js';
import { runView, shownRun } from '../routes/runs.js';
import { testCaseView } from '../routes/test-cases.js';
import type { AgentRecord } from '../store/records.js';
import { Fields } from '../validation/fields.js';
import { GET_RUN, GET_TEST_CASE, LIST_AGENTS, LIST_TEST_CASES, UPDATE_AGENT } from './endpoints.js';

function listAgents({ b, store, query }: RequestContext) {
  const records = [...store.agents.values()].filter((agent) => !agent.deleted);
  return json(
    listPage(b, query, { list: b.genericLists.agents, parent: '', records, view: (agent) => agentView(b, agent) }),
  );
}

/** Renames the agent: display_name is read as POST /v1/agents reads it. */
function updateAgent({ b, store, body, param }: RequestContext) {
  const agent = activeAgent(store, param('agent_id'));
  const request = {
    body,
    configField: b.simulatorConfigField,
    modelTypeAliases: b.modelTypeAliases,
    modelType: agent.model_type,
  };
  const displayName = b.agentRules.fields.display_name(new Fields(body, b.limits), request);
  const updated: AgentRecord = { ...agent, display_name: displayName, update_time: store.clock.now() };
  store.agents.set(updated.id, b.kept('agent', updated, agent));
  return json(agentView(b, updated));
}

/** A run, unless deleted: the runs list hides deleted runs, and so does this. */
const getRun = (ctx: RequestContext) => json(runView(ctx.b, shownRun(ctx)));

function listTestCases({ b, store, query }: RequestContext) {
  const records = [...store.testCases.values()];
  return json(
    listPage(b, query, {
      list: b.genericLists['test-cases'],
      parent: '',
      records,
      view: (testCase) => testCaseView(b, testCase),
    }),
  );
}

const getTestCase = ({ b, store, param }: RequestContext) =>
  json(testCaseView(b, existing(store.testCases.get(param('test_case_id')), 'test case', 'test_case_id')));

export const GENERIC_ROUTES: Routes = {
  [LIST_AGENTS.key]: listAgents,
  [UPDATE_AGENT.key]: updateAgent,
  [GET_RUN.key]: getRun,
  [LIST_TEST_CASES.key]: listTestCases,
  [GET_TEST_CASE.key]: getTestCase,
};
