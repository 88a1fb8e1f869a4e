// GET and DELETE /v1/scheduled-runs/{scheduled_run_id}

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { ScheduledRunRecord } from '../store/records.js';
import { existing } from './lookup.js';
import type { JsonObject } from '../../util/json.js';

function scheduledRunView(b: Behaviour, run: ScheduledRunRecord): JsonObject {
  // Stryker disable next-line ArrowFunction: both times may be null (last_run_at of a schedule that never ran), and an absent field reads
  // as null. The test's `true` (every time null) survives for the same reason but cannot be marked alone: its `false` (the zero
  // timestamp for an unset time) is detected (scheduled-run-unset-times-epoch).
  const time = (ms: number | null) => (ms === null ? null : b.formatTime(ms));
  const view = {
    name: `scheduled-runs/${run.id}`,
    ...run,
    last_run_at: time(run.last_run_at),
    create_time: b.formatTime(run.create_time),
    update_time: time(run.update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('scheduledRun', view, run);
}

const scheduledRun = (ctx: RequestContext) => {
  const id = ctx.param('scheduled_run_id');
  const found = ctx.b.scheduledRunServed(id, ctx.store.scheduledRuns.get(id));
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return existing(found, 'scheduled run', 'scheduled_run_id');
};

function deleteScheduledRun(ctx: RequestContext) {
  const run = scheduledRun(ctx);
  // Schedules live only in this record, so removing it removes the schedule.
  // Stryker disable next-line ArrayDeclaration: the default deletes the one named and reads no other; only faults use the list.
  for (const removed of ctx.b.scheduledRunsDeletedWith(run, [...ctx.store.scheduledRuns.values()])) {
    // Stryker disable next-line ConditionalExpression: every deletion removes the scheduled run by default (`false` is detected); only faults keep one.
    if (ctx.b.scheduledRunDeleteRemoves(removed)) ctx.store.scheduledRuns.delete(removed.id);
  }
  return json({});
}

export const scheduledRunRoutes: Routes = {
  'GET /v1/scheduled-runs/{scheduled_run_id}': (ctx) => json(scheduledRunView(ctx.b, scheduledRun(ctx))),
  'DELETE /v1/scheduled-runs/{scheduled_run_id}': deleteScheduledRun,
};
