// What each dashboard fault changes, observed from outside: each probe's value differs
// between the correct service and the one with the fault.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;

const rename = (call: Call, display_name: string, id = FIXTURE_IDS.dashboardId) =>
  call('PATCH', `/v1/dashboards/${id}`, { body: { display_name } });
const status = async (call: Call, display_name: string) => (await rename(call, display_name)).status;
const renamed = async (call: Call, display_name = 'Probe') => (await rename(call, display_name)).body.dashboard;

export const DASHBOARD_PROBES: Record<string, Probe> = {
  'dashboard-patch-stale': async (call) => {
    await renamed(call, 'first');
    return (await renamed(call, 'second')).display_name;
  },
  'dashboard-display-name-max-254': (call) => status(call, 'n'.repeat(255)),
  'dashboard-display-name-max-256': (call) => status(call, 'n'.repeat(256)),
  'dashboard-display-name-empty-accepted': (call) => status(call, ''),
  'dashboard-name-singular': async (call) => String((await renamed(call)).name).split('/')[0],
  'dashboard-times-swapped': async (call) => {
    const dashboard = await renamed(call);
    return Date.parse(dashboard.update_time) >= Date.parse(dashboard.create_time);
  },
  'dashboard-path-id-unchecked': async (call) => (await rename(call, 'Probe', 'd'.repeat(21))).body.error.code,
};
