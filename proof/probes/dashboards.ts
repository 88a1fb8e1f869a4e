// What the probes of the dashboard faults (proof/faults/dashboards.ts) share. Each probe lives in its
// fault's record.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

export const rename = (call: Call, display_name: string, id = FIXTURE_IDS.dashboardId) =>
  call('PATCH', `/v1/dashboards/${id}`, { body: { display_name } });
export const status = async (call: Call, display_name: string) => (await rename(call, display_name)).status;
export const renamed = async (call: Call, display_name = 'Probe') => (await rename(call, display_name)).body.dashboard;
