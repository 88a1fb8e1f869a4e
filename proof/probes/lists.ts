// What each list fault changes, observed from outside: each probe's value differs
// between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

const list = (call: Call, path: string, query: Record<string, string>) =>
  call('GET', `${path}?${new URLSearchParams(query)}`);

/** Status and item ids of one page. */
async function page(call: Call, path: string, query: Record<string, string>): Promise<[number, unknown]> {
  const answer = await list(call, path, query);
  const key = path.split('/').at(-1)!;
  return [
    answer.status,
    answer.body[key]?.map((item: Record<string, unknown>) => item.id ?? item.run_id ?? item.metric_output_id),
  ];
}

/** The first two pages' ids at page_size 3. */
async function twoPages(call: Call): Promise<unknown> {
  const first = await list(call, '/v1/runs', { page_size: '3' });
  const second = await page(call, '/v1/runs', { page_size: '3', page_token: first.body.next_page_token });
  return [first.body.runs.map((r: { run_id: string }) => r.run_id), second];
}

/** The filtered pages of every simulation's metrics. */
async function everySimulation(call: Call, query: Record<string, string>): Promise<unknown[]> {
  const runs = (await list(call, '/v1/runs', { page_size: '1000' })).body.runs as {
    results: { output_ids: string[] };
  }[];
  const simulations = [...new Set(runs.flatMap((run) => run.results.output_ids))];
  return Promise.all(
    simulations.map((id) => page(call, `/v1/simulations/${id}/metrics`, { ...query, page_size: '1000' })),
  );
}

const personas = (call: Call, query: Record<string, string>) => page(call, '/v1/personas', query);
const runs = (call: Call, query: Record<string, string>) => page(call, '/v1/runs', query);

export const LIST_PROBES: Record<string, Probe> = {
  'list-page-overlap': twoPages,
  'list-page-gap': twoPages,
  'list-page-size-ignored': (call) => personas(call, { page_size: '7' }),
  'list-default-page-size-100': (call) => personas(call, {}),
  'list-default-page-size-20': (call) => personas(call, {}),
  'list-max-page-size-off-by-one': (call) => personas(call, { page_size: '100' }),
  'list-page-size-above-max-served': (call) => personas(call, { page_size: '101' }),
  'list-page-size-parse-int': (call) => personas(call, { page_size: '1.5' }),
  'list-last-page-echoes-token': async (call) => {
    const first = await list(call, '/v1/runs', { page_size: '100' });
    return (await list(call, '/v1/runs', { page_size: '100', page_token: first.body.next_page_token })).body
      .next_page_token;
  },
  'list-forged-token-first-page': (call) => personas(call, { page_token: 'forged!token' }),
  'list-stale-token-accepted': async (call) => {
    const first = await list(call, '/v1/personas', { page_size: '5', order_by: 'name' });
    return personas(call, { page_size: '5', order_by: '-name', page_token: first.body.next_page_token });
  },
  'list-order-by-ignored': (call) => personas(call, { page_size: '5', order_by: 'name' }),
  'list-order-desc-ignored': (call) => personas(call, { page_size: '5', order_by: '-name' }),
  'list-order-desc-suffix-rejected': (call) => personas(call, { page_size: '5', order_by: 'name desc' }),
  'list-default-order-ascending': (call) => runs(call, { page_size: '5' }),
  'list-order-unknown-field-default': (call) => personas(call, { order_by: 'no_such_field' }),
  'list-order-suffixed-unknown-field-crash': (call) => runs(call, { order_by: 'no_such_field desc' }),
  'list-filter-quoted-never-match': (call) => runs(call, { filter: 'status = "FAILED"' }),
  'list-filter-or-as-and': (call) => runs(call, { filter: 'status = FAILED OR status = PENDING' }),
  'list-filter-not-equal-as-equal': (call) => runs(call, { filter: 'status != COMPLETED' }),
  'list-filter-numbers-as-text': (call) => everySimulation(call, { filter: 'value >= 0.50' }),
  'list-filter-timestamps-as-text': async (call) => {
    const time = (await list(call, '/v1/personas', { page_size: '1' })).body.personas[0].create_time as string;
    return personas(call, { filter: `create_time = "${time.replace('.000Z', 'Z')}"` });
  },
  'list-filter-tag-ignored': (call) => runs(call, { filter: 'tag = smoke' }),
  'list-filter-created-by-rejected': (call) => runs(call, { filter: 'created_by = "ana@example.com"' }),
  'list-filter-created-by-ignored': (call) =>
    runs(call, { filter: 'created_by = "nobody@example.com"', page_size: '1000' }),
  'list-filter-created-by-lost-in-junction': (call) =>
    runs(call, { filter: 'created_by = "ana@example.com" OR status = NONE', page_size: '1000' }),
  'list-filter-enum-bounds-exclusive': (call) => runs(call, { filter: 'status >= COMPLETED', page_size: '1000' }),
  'list-filter-metric-times-since': (call) => everySimulation(call, { filter: 'start_time < "2026-01-06T01:00:00Z"' }),
  'list-filter-unknown-field-ignored': (call) => personas(call, { filter: 'no_such_field = 1' }),
  'list-filter-unknown-field-in-junction-accepted': (call) =>
    runs(call, { filter: 'status = FAILED AND no_such_field = 1' }),
  'list-filter-malformed-ignored': (call) => personas(call, { filter: 'name =' }),
  'list-filter-dangling-junction-accepted': (call) => personas(call, { filter: 'name = x AND' }),
  'list-order-suffix-unanchored': (call) => personas(call, { order_by: 'name desc desc' }),
  'list-filter-negative-number-unread': (call) => everySimulation(call, { filter: 'value > -1000000' }),
  'list-filter-trailing-ignored': (call) => personas(call, { filter: 'name = x =' }),
  'list-filter-compact-refused': (call) => runs(call, { filter: 'status=COMPLETED', page_size: '1000' }),
  'list-filter-spaced-refused': (call) => runs(call, { filter: 'status = COMPLETED', page_size: '1000' }),
  'list-filter-unreadable-value-ignored': (call) => personas(call, { filter: 'create_time = not_a_value' }),
};
