// Simulation metrics: simulation IDs from run results are accepted, path IDs are
// validated, every listed output has a 26-character id, and GET returns the listed output.

import { ID_RULES, matchesIdRule } from '../lib/contract/ids.js';
import { declareListChecks } from '../lib/families/lists/index.js';
import { declareItemRules, declarePagesAsRead, everyListed, type Listed } from '../lib/families/listed-items.js';
import type { JsonObject } from '../lib/util/json.js';
import { declareExtremeIdChecks, expectMissingNotFound, expectNearMissesRejected } from '../lib/families/path-ids.js';
import { isSuccess } from '../lib/assert/responses.js';
import { covering, expectOutputAsListed, spread } from '../lib/families/same-resource.js';
import { wellFormedId } from '../lib/gen/ids.js';
import { busiestSimulation, simulationIds } from '../lib/harness/discovery.js';
import { check, describeGroup, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';

const LIST = 'GET /v1/simulations/{simulation_id}/metrics' satisfies EndpointKey;
const GET = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}' satisfies EndpointKey;

/** Simulations whose outputs are judged one by one; more would only repeat the same code path. */
const SIMULATION_SAMPLE = 8;
/** Simulation IDs sent to the list besides one of each length. */
const ACCEPTANCE_SAMPLE = 50;

async function listedSimulationIds(t: CheckContext): Promise<[string, ...string[]]> {
  const ids = await simulationIds(t);
  if (!ids.length) t.skip('no run lists a simulation in results.output_ids');
  return ids as [string, ...string[]];
}

/** One simulation ID of each length, then a spread of the rest. */
const acceptanceSample = (ids: readonly string[]): string[] => [
  ...new Set([...new Map(ids.map((id) => [id.length, id])).values(), ...spread(ids, ACCEPTANCE_SAMPLE)]),
];

async function listedOutputs(t: CheckContext): Promise<Listed[]> {
  const listed: Listed[] = [];
  for (const simulation_id of spread(await listedSimulationIds(t), SIMULATION_SAMPLE))
    listed.push(...(await everyListed(t, 'metrics', { simulation_id })));
  return listed;
}

/**
 * The outputs read by their GET: a covering of the busiest simulation's (every field filled, every state), and of
 * each simulation sampled the first output of each status the list shows (a GET may take a field from elsewhere,
 * the simulation's own status, which one simulation's outputs may all share).
 */
async function outputsToRead(t: CheckContext): Promise<{ simulation_id: string; output: JsonObject }[]> {
  const busiest = await busiestSimulation(t);
  const reads = busiest
    ? covering(busiest.metrics).map((output) => ({ simulation_id: busiest.simulationId, output }))
    : [];
  for (const simulation_id of spread(await listedSimulationIds(t), SIMULATION_SAMPLE)) {
    const statuses = new Set(
      reads.filter((read) => read.simulation_id === simulation_id).map((read) => JSON.stringify(read.output['status'])),
    );
    for (const { item } of await everyListed(t, 'metrics', { simulation_id })) {
      const status = JSON.stringify(item['status']);
      if (statuses.has(status)) continue;
      statuses.add(status);
      reads.push({ simulation_id, output: item });
    }
  }
  return reads;
}

describeGroup('metrics', () => {
  declareExtremeIdChecks('metrics');

  declareListChecks('metrics');

  declareItemRules('metric output', listedOutputs, [
    {
      id: 'id-format',
      requirements: ['METRIC-OUTPUT-ID-FORMAT'],
      title: 'has a 26-character alphanumeric metric_output_id',
      expect: (t, output, call) =>
        t.assert(
          matchesIdRule(ID_RULES.metricOutput, output['metric_output_id']),
          ['METRIC-OUTPUT-ID-FORMAT'],
          `metric_output_id ${JSON.stringify(output['metric_output_id'])} is not 26 alphanumeric characters`,
          call,
        ),
    },
    {
      id: 'segment-offsets',
      requirements: ['METRIC-SEGMENT-OFFSETS'],
      title: 'has segments (subvalues_by_timestamp) that end no earlier than they start',
      expect: (t, output, call) => {
        const segments = output['subvalues_by_timestamp'];
        if (!Array.isArray(segments)) return;
        for (const [index, segment] of segments.entries()) {
          if (typeof segment !== 'object' || segment === null || Array.isArray(segment)) continue;
          const { start_offset: start, end_offset: end } = segment as JsonObject;
          if (typeof start !== 'number' || typeof end !== 'number') continue;
          t.assert(
            end >= start,
            ['METRIC-SEGMENT-OFFSETS'],
            `output ${JSON.stringify(output['metric_output_id'])}: segment ${index} ends (end_offset ${end}) before it starts (start_offset ${start})`,
            call,
          );
        }
      },
    },
  ]);

  declarePagesAsRead('metrics', async (t) => {
    const busiest = await busiestSimulation(t);
    return busiest
      ? { simulation_id: busiest.simulationId }
      : t.skip('no run lists a simulation in results.output_ids');
  });

  check(
    'metrics.simulation-ids-accepted',
    ['METRIC-SIMULATION-ID-ACCEPTED'],
    'GET /v1/simulations/{simulation_id}/metrics accepts the simulation IDs that run results list (22 to 27 characters)',
    async (t) => {
      for (const simulation_id of acceptanceSample(await listedSimulationIds(t))) {
        const call = await t.call(LIST, { params: { simulation_id } });
        t.assert(
          isSuccess(call),
          ['METRIC-SIMULATION-ID-ACCEPTED'],
          `listing the metrics of simulation ${simulation_id} (${simulation_id.length} characters, from a run's results) answered ${call.response.status}`,
          call,
        );
      }
    },
  );

  check(
    'metrics.get-as-listed',
    ['METRIC-GET'],
    'GET .../metrics/{metric_output_id} returns {metric}: the listed output, field for field, outputs of every status of each simulation sampled',
    async (t) => {
      const reads = await outputsToRead(t);
      if (!reads.length) return t.skip('no simulation of the listed runs has metric outputs');
      for (const { simulation_id, output } of reads)
        await expectOutputAsListed(t, ['METRIC-GET'], simulation_id, output);
    },
  );

  for (const endpoint of [LIST, GET] as const) {
    check(
      checkIdOf('metrics.simulation-id.near-miss', endpoint === LIST ? 'list' : 'get'),
      ['PATH-ID-FORMAT'],
      `${endpoint} rejects a simulation_id of 21 or 28 characters with INVALID_ARGUMENT`,
      async (t) => {
        await expectNearMissesRejected(t, endpoint, 'simulation_id');
      },
    );
  }

  check(
    'metrics.metric-output-id.near-miss',
    ['PATH-ID-FORMAT'],
    `${GET} rejects a metric_output_id of 25 or 27 characters with INVALID_ARGUMENT; one of 26 with _, - or é is refused or looked up`,
    async (t) => {
      const [simulation_id] = await listedSimulationIds(t);
      await expectNearMissesRejected(t, GET, 'metric_output_id', { simulation_id });
    },
  );

  check(
    'metrics.get-well-formed-metric-output',
    ['MISSING-RESOURCE-NOT-FOUND', 'HTTP-STATUS-CONVENTIONS'],
    'GET of a well-formed metric_output_id that names nothing answers NOT_FOUND (404)',
    async (t) => {
      const [simulation_id] = await listedSimulationIds(t);
      await expectMissingNotFound(t, GET, { simulation_id, metric_output_id: wellFormedId(ID_RULES.metricOutput, 53) });
    },
  );

  declareDynamicIdChecks('metrics');
});
