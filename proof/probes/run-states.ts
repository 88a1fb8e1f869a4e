// What the probes of the run-state faults (proof/faults/run-states.ts): deleting a fixture run, then
// reading it back from the list share. Each probe lives in its fault's record.

import type { Call } from './call.js';

/** The DELETE's status, and the run's status as listed afterwards (undefined: not listed). */
export async function deleteThenList(call: Call, runId: string): Promise<[number, unknown]> {
  const { status } = await call('DELETE', `/v1/runs/${runId}`);
  const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<{ run_id: string; status: string }>;
  return [status, runs.find((run) => run.run_id === runId)?.status];
}
