// What the probes of the discovery faults (proof/faults/discovery.ts) share. Each probe lives in its
// fault's record.

import type { Call } from './call.js';

export async function firstSimulation(call: Call): Promise<string> {
  const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as { results: { output_ids: string[] } }[];
  return runs.flatMap((run) => run.results.output_ids)[0]!;
}
