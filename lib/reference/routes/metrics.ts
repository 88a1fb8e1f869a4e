// GET /v1/simulations/{simulation_id}/metrics and .../metrics/{metric_output_id}

import { listTable } from '../listing/tables.js';
import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import { listPage } from '../listing/listing.js';
import type { MetricOutputRecord } from '../store/records.js';
import { existing } from './lookup.js';
import type { JsonObject } from '../../util/json.js';

function metricView(b: Behaviour, metric: MetricOutputRecord): JsonObject {
  const view = {
    metric_output_id: metric.metric_output_id,
    metric_id: metric.metric_id,
    metric_name: metric.metric_name,
    status: metric.status,
    value: metric.value,
    create_time: b.formatTime(metric.create_time),
    start_time: b.formatTime(metric.start_time),
    end_time: b.formatTime(metric.end_time),
    // Stryker disable next-line LogicalOperator,ObjectLiteral: the subvalues of the service's own outputs, which no client can know: an output
    // may have none (an empty or absent list), and proto3 JSON writes a subvalue whose every field is a default as `{}`.
    subvalues_by_timestamp: metric.subvalues_by_timestamp?.map((subvalue) => ({ ...subvalue })) ?? [],
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('metric', view, metric);
}

const METRICS = listTable('metrics');

const simulation = (ctx: RequestContext) => {
  const id = ctx.param('simulation_id');
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return { id, outputs: existing(ctx.store.simulations.get(id), 'simulation', 'simulation_id') };
};

function listMetrics(ctx: RequestContext) {
  const { id, outputs } = simulation(ctx);
  return json(listPage(ctx.b, ctx.query, { list: METRICS, parent: id, records: [...outputs.values()], view: (m) => metricView(ctx.b, m) }));
}

function getMetric(ctx: RequestContext) {
  const { id } = simulation(ctx);
  const found = ctx.b.metricOutputReached(id, ctx.param('metric_output_id'), ctx.store.simulations);
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return json(metricView(ctx.b, existing(found, 'metric output', 'metric_output_id')));
}

export const metricRoutes: Routes = {
  'GET /v1/simulations/{simulation_id}/metrics': listMetrics,
  'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}': getMetric,
};
