// Simulation-metrics faults.

import { ID_RULES } from '../../lib/contract/ids.js';
import { fault, lastRequest, missingAnsweredWith, presentWith, respondWith, type Fault } from './define.js';
import type { JsonObject } from '../../lib/util/json.js';
import { simulations, errorCode, metricsOf, UNKNOWN_26 } from '../probes/resources.js';

const LIST = 'GET /v1/simulations/{simulation_id}/metrics';
const GET = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}';

export const METRICS_FAULTS = [
  fault({
    id: 'simulation-id-max-26',
    requirements: ['METRIC-SIMULATION-ID-ACCEPTED'],
    slips: ['bound'],
    description: 'simulation_id is checked against 22 to 26 characters: 27-character simulations are rejected.',
    behaviour: (b) => {
      b.pathIdRules = { ...b.pathIdRules, simulation: { ...ID_RULES.simulation, maxLength: 26 } };
    },
    probe: async (call) => {
      const longest = (await simulations(call)).find((id) => id.length === 27);
      return (await call('GET', `/v1/simulations/${longest}/metrics`)).status;
    },
    shows: 400,
  }),
  fault({
    id: 'simulation-id-max-28',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['bound'],
    description:
      'simulation_id is checked against 22 to 28 characters: a 28-character id is looked up instead of rejected.',
    behaviour: (b) => {
      b.pathIdRules = { ...b.pathIdRules, simulation: { ...ID_RULES.simulation, maxLength: 28 } };
    },
    probe: async (call) => errorCode(call, `/v1/simulations/${'s'.repeat(28)}/metrics`),
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'metric-output-id-path-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'metric_output_id is not validated: a malformed id answers NOT_FOUND instead of INVALID_ARGUMENT.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'metric_output_id' && checked(endpoint, param);
    },
    probe: async (call) => errorCode(call, `/v1/simulations/${(await simulations(call))[0]}/metrics/${'m'.repeat(25)}`),
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'metric-get-cached-by-metric-id',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET of a metric output answers from a cache keyed by metric_id, filled by lists: another output of the same metric.',
    behaviour: (b) => {
      const cache = new Map<unknown, JsonObject>();
      respondWith(b, LIST, (body) => {
        for (const output of body.metrics as JsonObject[])
          if (!cache.has(output.metric_id)) cache.set(output.metric_id, output);
        return body;
      });
      respondWith(b, GET, (body) => ({ metric: cache.get((body.metric as JsonObject).metric_id) ?? body.metric }));
    },
    probe: async (call) => {
      const simulation = (await simulations(call))[0] as string;
      const answered = await Promise.all(
        (await metricsOf(call, simulation)).map(
          async (output) =>
            (await call('GET', `/v1/simulations/${simulation}/metrics/${output.metric_output_id}`)).body.metric
              .metric_output_id === output.metric_output_id,
        ),
      );
      // The outputs a GET answers with another one.
      return answered.filter((same) => !same).length;
    },
    shows: 1,
  }),
  fault({
    id: 'metric-output-id-24-chars',
    requirements: ['METRIC-OUTPUT-ID-FORMAT'],
    slips: ['bound'],
    description: 'metric_output_id is cut to 24 characters.',
    behaviour: (b) => {
      presentWith(b, 'metric', (view) => ({ ...view, metric_output_id: String(view.metric_output_id).slice(0, 24) }));
    },
    probe: async (call) => (await metricsOf(call, (await simulations(call))[0] as string))[0]?.metric_output_id.length,
    shows: 24,
  }),
  fault({
    id: 'metric-missing-invalid-argument',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description: 'GET of an unknown metric output answers INVALID_ARGUMENT instead of NOT_FOUND.',
    behaviour: (b) => {
      missingAnsweredWith(b, 'metric_output_id', 'INVALID_ARGUMENT');
    },
    probe: async (call) => errorCode(call, `/v1/simulations/${(await simulations(call))[0]}/metrics/${UNKNOWN_26}`),
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'metrics-ordered-page-cached-across-simulations',
    requirements: ['LIST-ORDER-BY'],
    slips: ['scope'],
    description:
      "Ordered metrics pages (an order_by, no filter) are cached by their query string, the simulation left out of the key: once one simulation was listed with `order_by=-metric_name`, the same query under another simulation answers the first simulation's outputs.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const cache = new Map<string, JsonObject>();
      respondWith(b, LIST, (body) => {
        const url = new URL(String(request()?.url), 'http://reference.invalid');
        if (!url.searchParams.has('order_by') || url.searchParams.has('filter')) return body;
        const cached = cache.get(url.search);
        if (cached) return cached;
        cache.set(url.search, body);
        return body;
      });
    },
    probe: async (call) => {
      const listed: string[] = [];
      for (const simulation of await simulations(call))
        if ((await metricsOf(call, simulation)).length) listed.push(simulation);
      const ids = async (simulation: string | undefined) =>
        JSON.stringify(
          (
            await call('GET', `/v1/simulations/${String(simulation)}/metrics?page_size=1000&order_by=-metric_name`)
          ).body.metrics.map((m: JsonObject) => m.metric_output_id),
        );
      return { sameOutputs: (await ids(listed[0])) === (await ids(listed[1])) };
    },
    shows: { sameOutputs: true },
  }),
] as const satisfies readonly Fault[];
