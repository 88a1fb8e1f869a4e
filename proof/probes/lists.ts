// What the probes of the list faults (proof/faults/lists.ts) share. Each probe lives in its fault's
// record.

import type { Call } from './call.js';

export const list = (call: Call, path: string, query: Record<string, string>) =>
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
export async function twoPages(call: Call): Promise<unknown> {
  const first = await list(call, '/v1/runs', { page_size: '3' });
  const second = await page(call, '/v1/runs', { page_size: '3', page_token: first.body.next_page_token });
  return [first.body.runs.map((r: { run_id: string }) => r.run_id), second];
}

/** The filtered pages of every simulation's metrics. */
export async function everySimulation(call: Call, query: Record<string, string>): Promise<unknown[]> {
  const runs = (await list(call, '/v1/runs', { page_size: '1000' })).body.runs as {
    results: { output_ids: string[] };
  }[];
  const simulations = [...new Set(runs.flatMap((run) => run.results.output_ids))];
  return Promise.all(
    simulations.map((id) => page(call, `/v1/simulations/${id}/metrics`, { ...query, page_size: '1000' })),
  );
}

export const personas = (call: Call, query: Record<string, string>) => page(call, '/v1/personas', query);
/** Status and number of items of one page: what a fault that serves a page it should refuse changes. */
async function counted(call: Call, path: string, query: Record<string, string>): Promise<[number, number]> {
  const [status, ids] = await page(call, path, query);
  return [status, (ids as unknown[] | undefined)?.length ?? 0];
}
export const personasCounted = (call: Call, query: Record<string, string>) => counted(call, '/v1/personas', query);
export const runsCounted = (call: Call, query: Record<string, string>) => counted(call, '/v1/runs', query);
export const runs = (call: Call, query: Record<string, string>) => page(call, '/v1/runs', query);
