// What each run-state fault changes, observed from outside: deleting the finished and the
// in-progress fixture run, then reading the run back from the list.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;

/** The DELETE's status, and the run's status as listed afterwards (undefined: not listed). */
async function deleteThenList(call: Call, runId: string): Promise<[number, unknown]> {
  const { status } = await call('DELETE', `/v1/runs/${runId}`);
  const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<{ run_id: string; status: string }>;
  return [status, runs.find((run) => run.run_id === runId)?.status];
}

export const RUN_STATE_PROBES: Record<string, Probe> = {
  'run-cancel-keeps-status': (call) => deleteThenList(call, FIXTURE_IDS.cancellableRunId),
  'run-delete-finished-kept': (call) => deleteThenList(call, FIXTURE_IDS.deletableRunId),
  'run-delete-in-progress-refused': (call) => deleteThenList(call, FIXTURE_IDS.cancellableRunId),
  'run-delete-in-progress-still-listed': async (call) => [
    await deleteThenList(call, FIXTURE_IDS.cancellableRunId),
    await deleteThenList(call, FIXTURE_IDS.cancellableRunId),
  ],
};
