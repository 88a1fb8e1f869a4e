// GET /v1/runs, DELETE /v1/runs/{run_id}

import { listTable } from '../listing/tables.js';
import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import { listPage } from '../listing/listing.js';
import type { RunRecord } from '../store/records.js';
import { existing } from './lookup.js';
import { allShown, findShown, markDeleted } from './soft-delete.js';
import type { JsonObject } from '../../util/json.js';

export function runView(b: Behaviour, run: RunRecord): JsonObject {
  const view = {
    name: `runs/${run.run_id}`,
    run_id: run.run_id,
    status: run.status,
    create_time: b.formatTime(run.create_time),
    update_time: b.formatTime(run.update_time),
    agent_id: run.agent_id,
    persona_id: run.persona_id,
    test_set_id: run.test_set_id,
    tags: [...run.tags],
    // Stryker disable next-line ObjectLiteral: the API cannot create runs, so no client knows their counts, and proto3 JSON leaves zero
    // counters out: `{}` reads as all zero (RUN-PROGRESS-CONSISTENT judges absent counters not at all).
    progress: { ...run.progress },
    results: { output_ids: [...run.results.output_ids], metrics: structuredClone(run.results.metrics) },
    // Stryker disable next-line ObjectLiteral: client data no operation of the specification sets (the API cannot create runs).
    metadata: { ...run.metadata },
    error: run.error,
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('run', view, run);
}

const RUNS = listTable('runs');

function listRuns(ctx: RequestContext) {
  const { b, store, query } = ctx;
  return json(listPage(b, query, {
    list: RUNS,
    // Stryker disable next-line StringLiteral: the runs list has no parent: any constant names it.
    parent: '',
    records: allShown(ctx, store.runs),
    view: (run) => runView(b, run),
    // Stryker disable next-line ArrowFunction,ObjectLiteral: created_by is never shown, so no client knows which runs a filter on it must
    // match (the filter must only be accepted and return listed runs: LIST-FILTER-FIELDS).
    hidden: (run) => ({ created_by: run.created_by }),
  }));
}

/** The run the path names, unless deleted (the runs list hides deleted runs). */
export const shownRun = (ctx: RequestContext): RunRecord => {
  const shown = findShown(ctx, ctx.store.runs, ctx.param('run_id'));
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return existing(shown, 'run', 'run_id');
};

function deleteRun(ctx: RequestContext) {
  const { b, store } = ctx;
  const run = shownRun(ctx);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: which statuses delete a run and which
  // cancel it is not shown ("deletes or cancels depending on status"): deleting or cancelling a run of any status is conformant.
  if (b.runDeletion.outcome(run.status) === 'delete') {
    markDeleted(store.runs, run.run_id);
    // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (the answer is `{}`).
    return json(b.deletion.answer('run', runView(b, run)));
  }
  const cancelled: RunRecord = { ...run, status: b.runDeletion.cancelledStatus(run.status), update_time: store.clock.now() };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (the answer is `{}`).
  const answer = () => json(b.deletion.answer('run', runView(b, cancelled)));
  const stored = b.storeCancelledRun(cancelled, store);
  // Stryker disable next-line ConditionalExpression: the default stores at once; only faults store later.
  return stored ? stored.then(answer) : answer();
}

export const runRoutes: Routes = {
  'GET /v1/runs': listRuns,
  'DELETE /v1/runs/{run_id}': deleteRun,
};
