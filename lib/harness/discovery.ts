// Data the API gives no way to create (personas, runs, simulations, metric outputs)
// is discovered through the list endpoints, once per target. If listing breaks a
// rule, checks that merely need the data are blocked (skipped, naming it), and the
// violation is reported as a failure of its own.

import { listEndpoint, type ListEndpoint } from '../contract/list-endpoints.js';
import { type StopRules, walkList } from './list-walk.js';
import { isRuleViolation, RuleViolation } from '../assert/violation.js';
import type { CheckContext } from './context.js';
import type { JsonObject } from '../util/json.js';

/**
 * Discovery judges every page and charges whatever stops a walk to LIST-PAGINATION-COMPLETE:
 * the violation blocks the checks that need the data and is reported once (orSkip).
 */
const DISCOVERY_WALK: StopRules = {
  read: 'judged',
  unreadPage: { fails: ['LIST-PAGINATION-COMPLETE'] },
  repeatedToken: { fails: ['LIST-PAGINATION-COMPLETE'] },
  maxPages: { max: 2000, reached: { fails: ['LIST-PAGINATION-COMPLETE'] } },
};

/**
 * Runs `load`; a rule violation in it blocks the dependent check (a skip that names it), and the
 * violation itself is reported once for the run (CheckContext.blocked), never hidden by the skip.
 */
async function orSkip<T>(t: CheckContext, what: string, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isRuleViolation(error)) t.blocked(`listing ${what}`, error);
    throw error;
  }
}

/**
 * Every item of a list, walked at the largest page size (fewest requests). If that breaks a rule
 * but a walk at the default page size does not, the violation at the maximum is reported and
 * discovery goes on with the data, so the checks that need it still run.
 */
async function discover(
  t: CheckContext,
  list: ListEndpoint,
  params: Readonly<Record<string, string>> = {},
): Promise<{ items: JsonObject[] }> {
  try {
    return await walkList(t, { list, params }, { page_size: list.pageSize.max }, DISCOVERY_WALK);
  } catch (atMax) {
    if (!isRuleViolation(atMax)) throw atMax;
    const fallback = await walkList(t, { list, params }, {}, DISCOVERY_WALK).catch(() => undefined);
    if (!fallback) throw atMax;
    // A page at the maximum that was served but too long keeps its rule; one that was refused breaks the bounds rule.
    const ids = atMax.requirements.includes('LIST-PAGE-SIZE-RESPECTED')
      ? atMax.requirements
      : ['LIST-PAGE-SIZE-BOUNDS'];
    t.observe(
      new RuleViolation(
        ids,
        `at page_size ${list.pageSize.max} (the maximum): ${atMax.summary}; without page_size the list is served`,
        atMax.exchange,
      ),
    );
    return fallback;
  }
}

export async function personas(t: CheckContext): Promise<JsonObject[]> {
  const walk = t.memo('discovered personas', (ctx) => discover(ctx, listEndpoint('personas')));
  return (await orSkip(t, 'personas', walk)).items;
}

export async function runs(t: CheckContext): Promise<JsonObject[]> {
  const walk = t.memo('discovered runs', (ctx) => discover(ctx, listEndpoint('runs')));
  return (await orSkip(t, 'runs', walk)).items;
}

/**
 * The simulations of the listed runs, but those of the runs the suite deletes or cancels (DELETABLE_RUN_ID,
 * CANCELLABLE_RUN_ID): a server may delete a run's simulations with it, and a check given one would then meet a
 * refusal a correct server owes it.
 */
export async function simulationIds(t: CheckContext): Promise<string[]> {
  const { deletableRunId, cancellableRunIds = [] } = t.config;
  const changed = new Set([deletableRunId, ...cancellableRunIds]);
  const ids = new Set<string>();
  for (const run of await runs(t)) {
    if (changed.has(run['run_id'] as string)) continue;
    const outputIds = (run['results'] as { output_ids?: unknown } | undefined)?.output_ids;
    if (Array.isArray(outputIds)) for (const id of outputIds) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

/** The metric outputs of one simulation (all pages). */
export async function metricOutputs(t: CheckContext, simulationId: string): Promise<JsonObject[]> {
  const walk = t.memo(`discovered metrics of ${simulationId}`, (ctx) =>
    discover(ctx, listEndpoint('metrics'), { simulation_id: simulationId }),
  );
  return (await orSkip(t, `the metric outputs of simulation ${simulationId}`, walk)).items;
}

/** How many discovered simulations are searched for a metric output. */
const SIMULATION_SAMPLE = 8;

/** The metric outputs of the first few discovered simulations, the sample the other discoveries read (memoised lists). */
export async function sampledMetricOutputs(t: CheckContext): Promise<JsonObject[]> {
  const outputs: JsonObject[] = [];
  for (const simulationId of (await simulationIds(t)).slice(0, SIMULATION_SAMPLE))
    outputs.push(...(await metricOutputs(t, simulationId)));
  return outputs;
}

/** What a review project links: a simulation and the metric_id of one of its outputs; skips the check when none is found. */
export async function reviewLinks(
  t: CheckContext,
): Promise<{ readonly simulationId: string; readonly metricId: string }> {
  for (const simulationId of (await simulationIds(t)).slice(0, SIMULATION_SAMPLE)) {
    const metricId = (await metricOutputs(t, simulationId))
      .map((m) => m['metric_id'])
      .find((id) => typeof id === 'string' && id !== '');
    if (typeof metricId === 'string') return { simulationId, metricId };
  }
  return t.skip(
    "needs a simulation with a metric output (from the runs' results.output_ids and their metrics lists); none found",
  );
}

/** The simulation with the most metric outputs among the first few, for list checks that need pages. */
export async function busiestSimulation(
  t: CheckContext,
  sample = 8,
): Promise<{ simulationId: string; metrics: JsonObject[] } | undefined> {
  let best: { simulationId: string; metrics: JsonObject[] } | undefined;
  for (const simulationId of (await simulationIds(t)).slice(0, sample)) {
    const metrics = await metricOutputs(t, simulationId);
    if (!best || metrics.length > best.metrics.length) best = { simulationId, metrics };
  }
  return best;
}
