// `npm run reference`: runs the reference service until interrupted and prints the
// settings a suite run needs, as ready-to-paste environment lines.
// FAULTS, VARIATION, CHAOS and LATENCY_MS turn it into a broken, different or slow server.

import { parseFaultList } from './faults/index.js';
import { startReferenceService } from './server.js';

const env = process.env;

const service = await startReferenceService({
  host: env.HOST ?? '127.0.0.1',
  port: Number(env.PORT ?? 8787),
  ...(env.API_KEY ? { apiKey: env.API_KEY } : {}),
  faults: parseFaultList(env.FAULTS),
  variation: env.VARIATION || 'default',
  latencyMs: Number(env.LATENCY_MS ?? 0),
  chaos: parseFaultList(env.CHAOS),
});

const { fixtures } = service;
console.log([
  `BASE_URL=${service.url}`,
  `API_KEY=${service.apiKey}`,
  `SCHEDULED_RUN_ID=${fixtures.scheduledRunId}`,
  `DASHBOARD_ID=${fixtures.dashboardId}`,
  `DELETABLE_PERSONA_ID=${fixtures.deletablePersonaId}`,
  `DELETABLE_RUN_ID=${fixtures.deletableRunId}`,
  `DELETABLE_SCHEDULED_RUN_ID=${fixtures.deletableScheduledRunId}`,
].join('\n'));

function stop(signal: string): void {
  console.error(`reference service: ${signal}, stopping`);
  service.close().then(() => process.exit(0), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
