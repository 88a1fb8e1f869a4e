// GET and DELETE /v1/scheduled-runs/{scheduled_run_id}

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { ScheduledRunRecord } from '../store/records.js';
import { existing } from './lookup.js';
import type { JsonObject } from '../../util/json.js';

function scheduledRunView(b: Behaviour, run: ScheduledRunRecord): JsonObject {
  const time = (ms: number | null) => (ms === null ? null : b.formatTime(ms));
  const view = {
    name: `scheduled-runs/${run.id}`,
    ...run,
    last_run_at: time(run.last_run_at),
    create_time: b.formatTime(run.create_time),
    update_time: time(run.update_time),
  };
  return b.present('scheduledRun', view, run);
}

const scheduledRun = (ctx: RequestContext) =>
  existing(ctx.store.scheduledRuns.get(ctx.param('scheduled_run_id')), 'scheduled run', 'scheduled_run_id');

function deleteScheduledRun(ctx: RequestContext) {
  const run = scheduledRun(ctx);
  // Schedules live only in this record, so removing it removes the schedule.
  if (ctx.b.scheduledRunDeleteRemoves(run)) ctx.store.scheduledRuns.delete(run.id);
  return json({});
}

export const scheduledRunRoutes: Routes = {
  'GET /v1/scheduled-runs/{scheduled_run_id}': (ctx) => json(scheduledRunView(ctx.b, scheduledRun(ctx))),
  'DELETE /v1/scheduled-runs/{scheduled_run_id}': deleteScheduledRun,
};
