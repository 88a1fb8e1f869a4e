// Scheduled run faults.

import { fault, presentWith, type Fault } from './define.js';

export const SCHEDULED_RUNS_FAULTS = [
  fault(
    'scheduled-run-name-unprefixed',
    ['NAME-MATCHES-ID'],
    'Scheduled runs are named by their bare id, without `scheduled-runs/`.',
    (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, name: view.id }));
    },
  ),
  fault(
    'scheduled-run-id-of-template',
    ['SCHEDULED-RUN-GET'],
    'A scheduled run is returned with its run_template_id in place of its own id.',
    (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, id: view.run_template_id }));
    },
  ),
  fault(
    'scheduled-run-expression-bare-cron',
    ['SCHEDULED-RUN-EXPRESSION-FORM'],
    'schedule_expression is returned as a bare crontab line (`0 12 * * *`).',
    (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, schedule_expression: '0 12 * * *' }));
    },
  ),
  fault(
    'scheduled-run-times-swapped',
    ['TIMESTAMP-ORDER'],
    'Scheduled runs report create_time and update_time swapped.',
    (b) => {
      presentWith(b, 'scheduledRun', (view) =>
        view.update_time === null ? view : { ...view, create_time: view.update_time, update_time: view.create_time },
      );
    },
  ),
  fault(
    'scheduled-run-unset-times-epoch',
    ['TIMESTAMP-ORDER'],
    "A scheduled run's unset times are written as the zero timestamp: one never updated or never run shows update_time and last_run_at `1970-01-01T00:00:00.000Z` instead of null (set times are right).",
    (b) => {
      presentWith(b, 'scheduledRun', (view) => ({
        ...view,
        update_time: view.update_time ?? b.formatTime(0),
        last_run_at: view.last_run_at ?? b.formatTime(0),
      }));
    },
  ),
  fault(
    'scheduled-run-delete-kept',
    ['SCHEDULED-RUN-DELETE'],
    'DELETE answers success but the scheduled run is still served.',
    (b) => {
      b.scheduledRunDeleteRemoves = () => false;
    },
  ),
  fault(
    'scheduled-run-path-id-unchecked',
    ['PATH-ID-FORMAT'],
    'scheduled_run_id is not checked: a malformed id answers NOT_FOUND.',
    (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'scheduled_run_id' && checked(endpoint, param);
    },
  ),
] as const satisfies readonly Fault[];
