// Dashboard faults.

import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { DashboardRecord } from '../../lib/reference/store/records.js';
import { fault, presentWith, type Fault } from './define.js';

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
  fault(
    'dashboard-patch-stale',
    ['DASHBOARD-PATCH'],
    'PATCH answers with the display_name the dashboard had before it (read before the write).',
    answerWithPreviousName,
  ),
  fault(
    'dashboard-display-name-max-254',
    ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    'Dashboard display_name of 255 characters is rejected.',
    setDisplayNameBounds({ max: 254 }),
  ),
  fault(
    'dashboard-display-name-max-256',
    ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    'Dashboard display_name of 256 characters is accepted.',
    setDisplayNameBounds({ max: 256 }),
  ),
  fault(
    'dashboard-display-name-empty-accepted',
    ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    'An empty dashboard display_name is accepted.',
    setDisplayNameBounds({ min: 0 }),
  ),
  fault(
    'dashboard-name-singular',
    ['DASHBOARD-PATCH', 'NAME-MATCHES-ID'],
    'Dashboards are named `dashboard/<id>` (singular collection).',
    (b) => {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        name: String(view.name).replace(/^dashboards\//, 'dashboard/'),
      }));
    },
  ),
  fault(
    'dashboard-times-swapped',
    ['TIMESTAMP-ORDER'],
    'Dashboards report create_time and update_time swapped.',
    (b) => {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        create_time: view.update_time,
        update_time: view.create_time,
      }));
    },
  ),
  fault(
    'dashboard-path-id-unchecked',
    ['PATH-ID-FORMAT'],
    'dashboard_id is not checked: a malformed id answers NOT_FOUND.',
    (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'dashboard_id' && checked(endpoint, param);
    },
  ),
] as const satisfies readonly Fault[];
