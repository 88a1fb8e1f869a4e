// Dashboard faults.

import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { DashboardRecord } from '../../lib/reference/store/records.js';
import { fault, presentWith, type Fault } from './define.js';
import { renamed, status, rename } from '../probes/dashboards.js';

const setDisplayNameBounds = (bounds: { min?: number; max?: number }) => (b: Behaviour) => {
  b.limits['dashboard.display_name'] = { ...b.limits['dashboard.display_name'], ...bounds };
};

/** Answers each PATCH with the display_name the previous response carried (a stale read). */
function answerWithPreviousName(b: Behaviour): void {
  const previous = new Map<string, unknown>();
  presentWith(b, 'dashboard', (view, record) => {
    const { id } = record as DashboardRecord;
    const before = previous.get(id);
    previous.set(id, view.display_name);
    return before === undefined ? view : { ...view, display_name: before };
  });
}

export const DASHBOARDS_FAULTS = [
  fault({
    id: 'dashboard-patch-stale',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description: 'PATCH answers with the display_name the dashboard had before it (read before the write).',
    behaviour: answerWithPreviousName,
    probe: async (call) => {
      await renamed(call, 'first');
      return (await renamed(call, 'second')).display_name;
    },
    shows: 'first',
  }),
  fault({
    id: 'dashboard-display-name-max-254',
    requirements: ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['bound'],
    description: 'Dashboard display_name of 255 characters is rejected.',
    behaviour: setDisplayNameBounds({ max: 254 }),
    probe: (call) => status(call, 'n'.repeat(255)),
    shows: 400,
  }),
  fault({
    id: 'dashboard-display-name-max-256',
    requirements: ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['bound'],
    description: 'Dashboard display_name of 256 characters is accepted.',
    behaviour: setDisplayNameBounds({ max: 256 }),
    probe: (call) => status(call, 'n'.repeat(256)),
    shows: 200,
  }),
  fault({
    id: 'dashboard-display-name-empty-accepted',
    requirements: ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['bound'],
    description: 'An empty dashboard display_name is accepted.',
    behaviour: setDisplayNameBounds({ min: 0 }),
    probe: (call) => status(call, ''),
    shows: 200,
  }),
  fault({
    id: 'dashboard-name-singular',
    requirements: ['DASHBOARD-PATCH', 'NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Dashboards are named `dashboard/<id>` (singular collection).',
    behaviour: (b) => {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        name: String(view.name).replace(/^dashboards\//, 'dashboard/'),
      }));
    },
    probe: async (call) => String((await renamed(call)).name).split('/')[0],
    shows: 'dashboard',
  }),
  fault({
    id: 'dashboard-times-swapped',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Dashboards report create_time and update_time swapped.',
    behaviour: (b) => {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        create_time: view.update_time,
        update_time: view.create_time,
      }));
    },
    probe: async (call) => {
      const dashboard = await renamed(call);
      return Date.parse(dashboard.update_time) >= Date.parse(dashboard.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'dashboard-path-id-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'dashboard_id is not checked: a malformed id answers NOT_FOUND.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'dashboard_id' && checked(endpoint, param);
    },
    probe: async (call) => (await rename(call, 'Probe', 'd'.repeat(21))).body.error.code,
    shows: 'NOT_FOUND',
  }),
] as const satisfies readonly Fault[];
