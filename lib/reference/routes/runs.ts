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
    progress: { ...run.progress },
    results: { output_ids: [...run.results.output_ids], metrics: structuredClone(run.results.metrics) },
    metadata: { ...run.metadata },
    error: run.error,
  };
  return b.present('run', view, run);
}

const RUNS = listTable('runs');

function listRuns(ctx: RequestContext) {
  const { b, store, query } = ctx;
  return json(listPage(b, query, {
    list: RUNS,
    parent: '',
    records: allShown(ctx, store.runs),
    view: (run) => runView(b, run),
    hidden: (run) => ({ created_by: run.created_by }),
  }));
}

function deleteRun(ctx: RequestContext) {
  const { b, store } = ctx;
  const run = existing(findShown(ctx, store.runs, ctx.param('run_id')), 'run', 'run_id');
  if (b.runDeletion.outcome(run.status) === 'delete') {
    markDeleted(store.runs, run.run_id);
    return json(b.deletion.answer('run', runView(b, run)));
  }
  const cancelled: RunRecord = { ...run, status: b.runDeletion.cancelledStatus(run.status), update_time: store.clock.now() };
  store.runs.set(run.run_id, cancelled);
  return json(b.deletion.answer('run', runView(b, cancelled)));
}

export const runRoutes: Routes = {
  'GET /v1/runs': listRuns,
  'DELETE /v1/runs/{run_id}': deleteRun,
};
