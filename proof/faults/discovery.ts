// Faults whose first symptom is in the suite's discovery of data (the full walks at the
// largest page size that personas, runs and metric outputs are found with): each must
// still end in a failing check that names its rule, never in skips.

import { RawText } from '../../lib/reference/http/context.js';
import { internal } from '../../lib/reference/http/errors.js';
import { fault, respondWith, type Fault } from './define.js';
import type { JsonObject } from '../../lib/util/json.js';
import { firstSimulation } from '../probes/discovery.js';

const METRICS = 'GET /v1/simulations/{simulation_id}/metrics';
/** Well past the suite's 32 MiB cap on one response. */
const OVERSIZED_BYTES = 50 * 1024 * 1024;

/** The page's items repeated until the body is about `bytes` long. */
function repeatedTo(body: JsonObject, key: string, bytes: number): JsonObject {
  const items = body[key] as unknown[];
  if (!items.length) return body;
  const each = JSON.stringify(items).length / items.length;
  const times = Math.ceil(bytes / each / items.length);
  return { ...body, [key]: Array.from({ length: times }, () => items).flat() };
}

export const DISCOVERY_FAULTS = [
  fault({
    id: 'metrics-list-oversized',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      "The metrics list answers a valid JSON body of about 50 MB: the page's items repeated far beyond page_size.",
    behaviour: (b) => {
      respondWith(b, METRICS, (body) => repeatedTo(body, 'metrics', OVERSIZED_BYTES));
    },
    probe: async (call) =>
      (await call('GET', `/v1/simulations/${await firstSimulation(call)}/metrics?page_size=1000`)).text.length >
      40 * 1024 * 1024,
    shows: true,
  }),
  fault({
    id: 'runs-list-not-json',
    requirements: ['SCHEMA-CANONICAL', 'LIST-PAGINATION-COMPLETE'],
    slips: ['scope'],
    description: 'The runs list answers 200 with an HTML page instead of JSON (so it cannot be walked either).',
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) =>
        endpoint.key === 'GET /v1/runs'
          ? new RawText('text/html', '<html><body>runs</body></html>')
          : respond(endpoint, body);
    },
    probe: async (call) => (await call('GET', '/v1/runs?page_size=5')).contentType,
    shows: 'text/html',
  }),
  fault({
    id: 'personas-list-over-max',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'bound'],
    description: 'At page_size = the maximum (100), a persona page holds one item more.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        return list.id === 'personas' && size === list.pageSize.max ? size + 1 : size;
      };
    },
    probe: async (call) => (await call('GET', '/v1/personas?page_size=100')).body.personas.length,
    shows: 101,
  }),
  fault({
    id: 'metrics-list-fails-at-max',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description: 'The metrics list answers 500 INTERNAL when page_size is the maximum (1000).',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        if (list.id === 'metrics' && size === list.pageSize.max) throw internal('page too large for the metrics store');
        return size;
      };
    },
    probe: async (call) =>
      (await call('GET', `/v1/simulations/${await firstSimulation(call)}/metrics?page_size=1000`)).status,
    shows: 500,
  }),
] as const satisfies readonly Fault[];
