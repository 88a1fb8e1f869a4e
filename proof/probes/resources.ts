// What each persona, run and simulation-metrics fault changes, observed from outside:
// each probe's value differs between the correct service and the one with the fault.

import type { Call } from './call.js';
import { FIXTURE_IDS } from './fixture-ids.js';

type Probe = (call: Call) => Promise<unknown>;
type Json = Record<string, any>;

const UNKNOWN_22 = 'Zz0Zz0Zz0Zz0Zz0Zz0Zz0Z';
const UNKNOWN_26 = '01ZZZZZZZZZZZZZZZZZZZZZZZZ';

const firstPersona = async (call: Call): Promise<Json> =>
  (await call('GET', '/v1/personas?page_size=1')).body.personas[0];
const allRuns = async (call: Call): Promise<Json[]> => (await call('GET', '/v1/runs?page_size=1000')).body.runs;
const firstRun = async (call: Call): Promise<Json> => (await allRuns(call))[0] as Json;
const simulations = async (call: Call): Promise<string[]> => [
  ...new Set((await allRuns(call)).flatMap((run) => run.results.output_ids as string[])),
];
const metricsOf = async (call: Call, simulation: string): Promise<Json[]> =>
  (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`)).body.metrics;
const errorCode = async (call: Call, path: string, method = 'GET') => (await call(method, path)).body?.error?.code;

const persona = `/v1/personas/${FIXTURE_IDS.deletablePersonaId}`;
const run = `/v1/runs/${FIXTURE_IDS.deletableRunId}`;

export const RESOURCE_PROBES: Record<string, Probe> = {
  'persona-get-name-from-voice': async (call) =>
    (await call('GET', `/v1/personas/${(await firstPersona(call)).id}`)).body.persona.name,
  'persona-get-touches-update-time': async (call) =>
    (await call('GET', `/v1/personas/${(await firstPersona(call)).id}`)).body.persona.update_time ===
    (await firstPersona(call)).update_time,
  'persona-id-21-chars': async (call) => (await firstPersona(call)).id.length,
  'persona-language-code-underscore': async (call) => (await firstPersona(call)).language_code,
  'persona-phone-index-string': async (call) =>
    (await call('GET', '/v1/personas/phone-numbers')).body.phone_numbers.inbound[0].index,
  'persona-delete-answers-persona': async (call) => (await call('DELETE', persona)).body,
  'persona-delete-still-served': async (call) => {
    await call('DELETE', persona);
    return (await call('GET', persona)).status;
  },
  'persona-delete-still-listed': async (call) => {
    await call('DELETE', persona);
    return (await call('GET', '/v1/personas?page_size=100&filter=name%3D%22Deletable%20Persona%22')).body.personas
      .length;
  },
  'persona-path-id-unchecked': async (call) => errorCode(call, '/v1/personas/bad'),
  'persona-missing-internal': async (call) => errorCode(call, `/v1/personas/${UNKNOWN_22}`),
  'persona-delete-204-no-body': async (call) => (await call('DELETE', persona)).status,
  'run-name-singular': async (call) => (await firstRun(call)).name,
  'run-progress-completed-over-total': async (call) => (await firstRun(call)).progress,
  'run-progress-failed-negative': async (call) => (await firstRun(call)).progress,
  'run-update-before-create': async (call) => (await firstRun(call)).update_time,
  'run-delete-still-listed': async (call) => {
    await call('DELETE', run);
    return (await allRuns(call)).some((listed) => listed.run_id === FIXTURE_IDS.deletableRunId);
  },
  'run-delete-answers-run': async (call) => (await call('DELETE', run)).body,
  'run-missing-permission-denied': async (call) => errorCode(call, `/v1/runs/${UNKNOWN_22}`, 'DELETE'),
  'simulation-id-max-26': async (call) => {
    const longest = (await simulations(call)).find((id) => id.length === 27);
    return (await call('GET', `/v1/simulations/${longest}/metrics`)).status;
  },
  'simulation-id-max-28': async (call) => errorCode(call, `/v1/simulations/${'s'.repeat(28)}/metrics`),
  'metric-output-id-path-unchecked': async (call) =>
    errorCode(call, `/v1/simulations/${(await simulations(call))[0]}/metrics/${'m'.repeat(25)}`),
  'metric-get-cached-by-metric-id': async (call) => {
    const simulation = (await simulations(call))[0] as string;
    const outputs = await metricsOf(call, simulation);
    return Promise.all(
      outputs.map(
        async (output) =>
          (await call('GET', `/v1/simulations/${simulation}/metrics/${output.metric_output_id}`)).body.metric
            .metric_output_id,
      ),
    );
  },
  'metric-output-id-24-chars': async (call) =>
    (await metricsOf(call, (await simulations(call))[0] as string))[0]?.metric_output_id,
  'metric-missing-invalid-argument': async (call) =>
    errorCode(call, `/v1/simulations/${(await simulations(call))[0]}/metrics/${UNKNOWN_26}`),
};
