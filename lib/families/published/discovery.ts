// Path parameters from data the target shows: the published lists that can fill one are read (one
// page each at their default size, in rounds, so a nested list can use what an outer one showed)
// and every ID they show is kept under the path parameter it fills, beside the IDs the settings
// give (DASHBOARD_ID, SCHEDULED_RUN_ID). Read-only: GETs with the key.

import {
  assignment,
  discoveryOrder,
  mergeValues,
  sourcesFor,
  valuesFromItems,
} from '../../generic/discovered-values.js';
import type { Config } from '../../config.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import { isJsonObject } from '../../util/json.js';

type Values = ReadonlyMap<string, readonly string[]>;

/** The items of a list response: under the array property its published schema names. */
export function itemsOf(operation: PublishedOperation, json: unknown): unknown[] | undefined {
  const key = operation.items?.key;
  return key !== undefined && isJsonObject(json) && Array.isArray(json[key]) ? json[key] : undefined;
}

/** Path parameters the settings name a resource for: what no list may show (the API lists no dashboards or scheduled runs). */
export const settingValues = (config: Config): Values =>
  new Map(
    (
      [
        ['dashboard_id', config.dashboardId],
        ['scheduled_run_id', config.scheduledRunId],
      ] as const
    ).flatMap(([name, value]) => (value === undefined ? [] : [[name, [value]] as [string, string[]]])),
  );

async function discover(t: CheckContext): Promise<Values> {
  const operations = t.target.publishedOperations;
  // Only the lists that can fill a path parameter of a published GET beyond the 20 are read, one page each at their default size.
  const sources = sourcesFor(
    t.target.genericOperations.filter((operation) => operation.method === 'GET'),
    operations,
  );
  let values: Values = settingValues(t.config);
  for (const round of discoveryOrder(operations).map((lists) => lists.filter((list) => sources.has(list)))) {
    const found = await Promise.all(
      round.map(async (list) => {
        const filled = assignment(list, values);
        if (!('params' in filled)) return new Map<string, string[]>();
        const exchange = await t.send(list, { params: filled.params });
        const items = exchange.response.status < 300 ? itemsOf(list, exchange.response.json) : undefined;
        return items ? valuesFromItems(list, items, operations) : new Map<string, string[]>();
      }),
    );
    values = mergeValues(values, ...found);
  }
  return values;
}

/** The discovered values, read once per run. */
export const discoveredValues = (t: CheckContext): Promise<Values> => t.memo('published:discovered-values', discover);

/** Path parameters naming data the target showed, or the names nothing showed a value for. */
export async function discoveredParams(
  t: CheckContext,
  operation: PublishedOperation,
): Promise<ReturnType<typeof assignment>> {
  return operation.pathParams.length === 0 ? { params: {} } : assignment(operation, await discoveredValues(t));
}

/** Why a check needing discovered path parameters could not run. */
export const nothingDiscovered = (missing: readonly string[]): string =>
  `no published list showed a value for ${missing.join(', ')}: nothing to read`;
