// What each discovery fault changes, observed from outside.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

async function firstSimulation(call: Call): Promise<string> {
  const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as { results: { output_ids: string[] } }[];
  return runs.flatMap((run) => run.results.output_ids)[0]!;
}

export const DISCOVERY_PROBES: Record<string, Probe> = {
  'metrics-list-oversized': async (call) =>
    (await call('GET', `/v1/simulations/${await firstSimulation(call)}/metrics?page_size=1000`)).text.length >
    40 * 1024 * 1024,
  'runs-list-not-json': async (call) => (await call('GET', '/v1/runs?page_size=5')).contentType,
  'personas-list-over-max': async (call) => (await call('GET', '/v1/personas?page_size=100')).body.personas.length,
  'metrics-list-fails-at-max': async (call) =>
    (await call('GET', `/v1/simulations/${await firstSimulation(call)}/metrics?page_size=1000`)).status,
};
