// What the probes of the scheduled-run faults (proof/faults/scheduled-runs.ts) share. Each probe lives
// in its fault's record.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

export const at = (id: string) => `/v1/scheduled-runs/${id}`;
export const scheduledRun = async (call: Call) =>
  (await call('GET', at(FIXTURE_IDS.scheduledRunId))).body.scheduled_run;
