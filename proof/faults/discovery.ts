// Faults whose first symptom is in the suite's discovery of data (the full walks at the
// largest page size that personas, runs and metric outputs are found with): each must
// still end in a failing check that names its rule, never in skips.

import { RawText } from '../../lib/reference/http/context.js';
import { internal } from '../../lib/reference/http/errors.js';
import { fault, respondWith, type Fault } from './define.js';
import type { JsonObject } from '../../lib/util/json.js';

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
  fault(
    'metrics-list-oversized',
    ['LIST-PAGE-SIZE-RESPECTED'],
    "The metrics list answers a valid JSON body of about 50 MB: the page's items repeated far beyond page_size.",
    (b) => {
      respondWith(b, METRICS, (body) => repeatedTo(body, 'metrics', OVERSIZED_BYTES));
    },
  ),
  fault(
    'runs-list-not-json',
    ['SCHEMA-CANONICAL', 'LIST-PAGINATION-COMPLETE'],
    'The runs list answers 200 with an HTML page instead of JSON (so it cannot be walked either).',
    (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) =>
        endpoint.key === 'GET /v1/runs'
          ? new RawText('text/html', '<html><body>runs</body></html>')
          : respond(endpoint, body);
    },
  ),
  fault(
    'personas-list-over-max',
    ['LIST-PAGE-SIZE-RESPECTED'],
    'At page_size = the maximum (100), a persona page holds one item more.',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        return list.id === 'personas' && size === list.pageSize.max ? size + 1 : size;
      };
    },
  ),
  fault(
    'metrics-list-fails-at-max',
    ['LIST-PAGE-SIZE-BOUNDS'],
    'The metrics list answers 500 INTERNAL when page_size is the maximum (1000).',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        if (list.id === 'metrics' && size === list.pageSize.max) throw internal('page too large for the metrics store');
        return size;
      };
    },
  ),
] as const satisfies readonly Fault[];
