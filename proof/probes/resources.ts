// What the probes of the persona, run and simulation-metrics faults (proof/faults/personas.ts,
// runs.ts, metrics.ts) share. Each probe lives in its fault's record.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Json = Record<string, any>;

export const UNKNOWN_22 = 'Zz0Zz0Zz0Zz0Zz0Zz0Zz0Z';
export const UNKNOWN_26 = '01ZZZZZZZZZZZZZZZZZZZZZZZZ';

export const firstPersona = async (call: Call): Promise<Json> =>
  (await call('GET', '/v1/personas?page_size=1')).body.personas[0];
export const allRuns = async (call: Call): Promise<Json[]> => (await call('GET', '/v1/runs?page_size=1000')).body.runs;
export const firstRun = async (call: Call): Promise<Json> => (await allRuns(call))[0] as Json;
export const simulations = async (call: Call): Promise<string[]> => [
  ...new Set((await allRuns(call)).flatMap((run) => run.results.output_ids as string[])),
];
export const metricsOf = async (call: Call, simulation: string): Promise<Json[]> =>
  (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`)).body.metrics;
export const errorCode = async (call: Call, path: string, method = 'GET') =>
  (await call(method, path)).body?.error?.code;

export const persona = `/v1/personas/${FIXTURE_IDS.deletablePersonaId}`;
export const run = `/v1/runs/${FIXTURE_IDS.deletableRunId}`;
