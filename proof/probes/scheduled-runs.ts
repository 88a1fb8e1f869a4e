// What each scheduled-run fault changes, observed from outside: each probe's value
// differs between the correct service and the one with the fault.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;

const at = (id: string) => `/v1/scheduled-runs/${id}`;
const scheduledRun = async (call: Call) => (await call('GET', at(FIXTURE_IDS.scheduledRunId))).body.scheduled_run;

export const SCHEDULED_RUN_PROBES: Record<string, Probe> = {
  'scheduled-run-name-unprefixed': async (call) => (await scheduledRun(call)).name,
  'scheduled-run-id-of-template': async (call) => (await scheduledRun(call)).id,
  'scheduled-run-expression-bare-cron': async (call) => (await scheduledRun(call)).schedule_expression,
  'scheduled-run-times-swapped': async (call) => (await scheduledRun(call)).create_time,
  // The deletable one was never run nor updated.
  'scheduled-run-unset-times-epoch': async (call) =>
    (await call('GET', at(FIXTURE_IDS.deletableScheduledRunId))).body.scheduled_run.update_time,
  'scheduled-run-delete-kept': async (call) => {
    await call('DELETE', at(FIXTURE_IDS.deletableScheduledRunId));
    return (await call('GET', at(FIXTURE_IDS.deletableScheduledRunId))).status;
  },
  'scheduled-run-path-id-unchecked': async (call) => (await call('GET', at('s'.repeat(21)))).body.error.code,
};
