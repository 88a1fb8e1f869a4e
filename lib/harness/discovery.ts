// Data the API gives no way to create (personas, runs, simulations, metric outputs)
// is discovered through the list endpoints, once per target. If listing breaks a
// rule, checks that merely need the data are skipped with that reason; the list
// suites report the rule itself.

import { listEndpoint } from '../contract/list-endpoints.js';
import { walkList } from '../checks/pagination.js';
import { isRuleViolation } from '../checks/violation.js';
import type { CheckContext } from './context.js';

type Json = Record<string, unknown>;

export interface Discovered {
  readonly personas: Json[];
  readonly runs: Json[];
  /** Simulation IDs from runs' results.output_ids, in first-seen order. */
  readonly simulationIds: string[];
}

/** Runs `load`, turning a rule violation into a skip of the dependent check. */
async function orSkip<T>(t: CheckContext, what: string, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isRuleViolation(error)) t.skip(`needs ${what}, but listing it broke ${error.requirements.join(', ')}: ${error.summary}`);
    throw error;
  }
}

export async function personas(t: CheckContext): Promise<Json[]> {
  const list = listEndpoint('personas');
  const walk = t.memo('discovered personas', (ctx) => walkList(ctx, list, { query: { page_size: list.pageSize.max } }));
  return (await orSkip(t, 'personas', walk)).items;
}

export async function runs(t: CheckContext): Promise<Json[]> {
  const list = listEndpoint('runs');
  const walk = t.memo('discovered runs', (ctx) => walkList(ctx, list, { query: { page_size: list.pageSize.max } }));
  return (await orSkip(t, 'runs', walk)).items;
}

export async function simulationIds(t: CheckContext): Promise<string[]> {
  const ids = new Set<string>();
  for (const run of await runs(t)) {
    const outputIds = (run['results'] as { output_ids?: unknown } | undefined)?.output_ids;
    if (Array.isArray(outputIds)) for (const id of outputIds) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

/** The metric outputs of one simulation (all pages). */
export async function metricOutputs(t: CheckContext, simulationId: string): Promise<Json[]> {
  const list = listEndpoint('metrics');
  const walk = t.memo(`discovered metrics of ${simulationId}`, (ctx) => walkList(ctx, list, { params: { simulation_id: simulationId }, query: { page_size: list.pageSize.max } }));
  return (await orSkip(t, `the metric outputs of simulation ${simulationId}`, walk)).items;
}

/** The simulation with the most metric outputs among the first few, for list checks that need pages. */
export async function busiestSimulation(t: CheckContext, sample = 8): Promise<{ simulationId: string; metrics: Json[] } | undefined> {
  let best: { simulationId: string; metrics: Json[] } | undefined;
  for (const simulationId of (await simulationIds(t)).slice(0, sample)) {
    const metrics = await metricOutputs(t, simulationId);
    if (!best || metrics.length > best.metrics.length) best = { simulationId, metrics };
  }
  return best;
}
