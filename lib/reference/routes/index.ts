// Every handler, by endpoint key: the specification's and the generic layer's. The server refuses to
// start if an endpoint it serves has none.

import { SERVED_ENDPOINTS } from '../generic/endpoints.js';
import { GENERIC_ROUTES } from '../generic/routes.js';
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
  ...metricRoutes, ...scheduledRunRoutes, ...dashboardRoutes, ...reviewProjectRoutes, ...GENERIC_ROUTES,
};

export function handlerFor(endpointKey: string): Handler {
  const handler = ROUTES[endpointKey];
  // Stryker disable next-line ConditionalExpression,StringLiteral: the reference's own consistency check (below): a correct reference
  // never throws here (`true`, which always throws, is detected).
  if (!handler) throw new Error(`the reference service has no handler for ${endpointKey}`);
  return handler;
}

/** Checked at start: every served endpoint (the specification's and the generic layer's) has a handler, and nothing else has. */
// Stryker disable next-line BlockStatement: the reference's own consistency check at start, no rule of the specification: a correct
// reference passes it, so a mutant that never fails it changes nothing (one that always fails it is detected).
export function assertRoutesCoverServedEndpoints(): void {
  const keys = new Set<string>(SERVED_ENDPOINTS.map((e) => e.key));
  // Stryker disable next-line ArrowFunction: as above.
  SERVED_ENDPOINTS.forEach((e) => handlerFor(e.key));
  // Stryker disable next-line ArrowFunction: as above.
  const extra = Object.keys(ROUTES).filter((key) => !keys.has(key));
  // Stryker disable next-line ConditionalExpression,StringLiteral: as above.
  if (extra.length > 0) throw new Error(`handlers for endpoints the reference does not serve: ${extra.join(', ')}`);
}
