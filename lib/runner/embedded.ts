// With no BASE_URL, the run targets the embedded reference service on a free loopback port.

import { startReferenceService, type RunningReference } from '../reference/server.js';

/** Settings a run against the reference service needs, as environment entries. */
export function referenceEnvironment(reference: RunningReference): Record<string, string> {
  const { fixtures } = reference;
  return {
    BASE_URL: reference.url,
    API_KEY: reference.apiKey,
    SCHEDULED_RUN_ID: fixtures.scheduledRunId,
    DASHBOARD_ID: fixtures.dashboardId,
    DELETABLE_PERSONA_ID: fixtures.deletablePersonaId,
    DELETABLE_RUN_ID: fixtures.deletableRunId,
    DELETABLE_SCHEDULED_RUN_ID: fixtures.deletableScheduledRunId,
  };
}

export const startEmbedded = (): Promise<RunningReference> => startReferenceService();
