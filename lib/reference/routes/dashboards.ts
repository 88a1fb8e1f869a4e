// PATCH /v1/dashboards/{dashboard_id}

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { DashboardRecord } from '../store/records.js';
import { Fields } from '../validation/fields.js';
import { existing } from './lookup.js';
import type { JsonObject } from '../../util/json.js';

function dashboardView(b: Behaviour, dashboard: DashboardRecord): JsonObject {
  const view = {
    name: `dashboards/${dashboard.id}`,
    display_name: dashboard.display_name,
    create_time: b.formatTime(dashboard.create_time),
    update_time: b.formatTime(dashboard.update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('dashboard', view, dashboard);
}

/** A partial update: display_name, when given, replaces the one stored. */
async function patchDashboard(ctx: RequestContext) {
  const { b, store } = ctx;
  const found = store.dashboards.get(ctx.param('dashboard_id'));
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  const stored = existing(found, 'dashboard', 'dashboard_id');
  const dashboard = ctx.body['display_name'] === undefined ? b.dashboardUnnamedBase(stored) : stored;
  const fields = new Fields(ctx.body, b.limits);
  const displayName = fields.string('display_name', { required: b.dashboardNameRequired, limit: 'dashboard.display_name' });
  await b.dashboardBeforeStore(stored, store);
  const updated: DashboardRecord = { ...dashboard, display_name: displayName ?? dashboard.display_name, update_time: store.clock.now() };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.kept keeps the update).
  store.dashboards.set(updated.id, b.kept('dashboard', updated, stored));
  return json(dashboardView(b, updated));
}

export const dashboardRoutes: Routes = {
  'PATCH /v1/dashboards/{dashboard_id}': patchDashboard,
};
