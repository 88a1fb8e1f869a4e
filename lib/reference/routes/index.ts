// Every handler, by endpoint key: the contract's and those beyond it. The server refuses to
// start if an endpoint it serves has none.

import { SERVED_ENDPOINTS } from '../beyond/endpoints.js';
import { BEYOND_ROUTES } from '../beyond/routes.js';
import type { Handler, Routes } from '../http/context.js';
import { agentRoutes } from './agents.js';
import { dashboardRoutes } from './dashboards.js';
import { metricRoutes } from './metrics.js';
import { mutationRoutes } from './mutations.js';
import { openapiRoutes } from './openapi.js';
import { personaRoutes } from './personas.js';
import { reviewProjectRoutes } from './review-projects.js';
import { runRoutes } from './runs.js';
import { scheduledRunRoutes } from './scheduled-runs.js';
import { testCaseRoutes } from './test-cases.js';

export const ROUTES: Routes = {
  ...openapiRoutes, ...agentRoutes, ...mutationRoutes, ...testCaseRoutes, ...personaRoutes, ...runRoutes,
  ...metricRoutes, ...scheduledRunRoutes, ...dashboardRoutes, ...reviewProjectRoutes, ...BEYOND_ROUTES,
};

export function handlerFor(endpointKey: string): Handler {
  const handler = ROUTES[endpointKey];
  if (!handler) throw new Error(`the reference service has no handler for ${endpointKey}`);
  return handler;
}

/** Checked at start: every served endpoint (the contract's and those beyond it) has a handler, and nothing else has. */
export function assertRoutesCoverServedEndpoints(): void {
  const keys = new Set<string>(SERVED_ENDPOINTS.map((e) => e.key));
  SERVED_ENDPOINTS.forEach((e) => handlerFor(e.key));
  const extra = Object.keys(ROUTES).filter((key) => !keys.has(key));
  if (extra.length > 0) throw new Error(`handlers for endpoints the reference does not serve: ${extra.join(', ')}`);
}
