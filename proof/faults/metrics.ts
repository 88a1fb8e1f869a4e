// Simulation-metrics faults.

import { ID_RULES } from '../../lib/contract/ids.js';
import { fault, missingAnsweredWith, presentWith, respondWith, type Fault } from './define.js';
import type { JsonObject } from '../../lib/util/json.js';

const LIST = 'GET /v1/simulations/{simulation_id}/metrics';
const GET = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}';

export const METRICS_FAULTS = [
  fault(
    'simulation-id-max-26',
    ['METRIC-SIMULATION-ID-ACCEPTED'],
    'simulation_id is checked against 22 to 26 characters: 27-character simulations are rejected.',
    (b) => {
      b.pathIdRules = { ...b.pathIdRules, simulation: { ...ID_RULES.simulation, maxLength: 26 } };
    },
  ),
  fault(
    'simulation-id-max-28',
    ['PATH-ID-FORMAT'],
    'simulation_id is checked against 22 to 28 characters: a 28-character id is looked up instead of rejected.',
    (b) => {
      b.pathIdRules = { ...b.pathIdRules, simulation: { ...ID_RULES.simulation, maxLength: 28 } };
    },
  ),
  fault(
    'metric-output-id-path-unchecked',
    ['PATH-ID-FORMAT'],
    'metric_output_id is not validated: a malformed id answers NOT_FOUND instead of INVALID_ARGUMENT.',
    (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'metric_output_id' && checked(endpoint, param);
    },
  ),
  fault(
    'metric-get-cached-by-metric-id',
    ['METRIC-GET'],
    'GET of a metric output answers from a cache keyed by metric_id, filled by lists: another output of the same metric.',
    (b) => {
      const cache = new Map<unknown, JsonObject>();
      respondWith(b, LIST, (body) => {
        for (const output of body.metrics as JsonObject[])
          if (!cache.has(output.metric_id)) cache.set(output.metric_id, output);
        return body;
      });
      respondWith(b, GET, (body) => ({ metric: cache.get((body.metric as JsonObject).metric_id) ?? body.metric }));
    },
  ),
  fault('metric-output-id-24-chars', ['METRIC-OUTPUT-ID-FORMAT'], 'metric_output_id is cut to 24 characters.', (b) => {
    presentWith(b, 'metric', (view) => ({ ...view, metric_output_id: String(view.metric_output_id).slice(0, 24) }));
  }),
  fault(
    'metric-missing-invalid-argument',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'GET of an unknown metric output answers INVALID_ARGUMENT instead of NOT_FOUND.',
    (b) => {
      missingAnsweredWith(b, 'metric_output_id', 'INVALID_ARGUMENT');
    },
  ),
] as const satisfies readonly Fault[];
