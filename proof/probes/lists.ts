// What the probes of the list faults (proof/faults/lists.ts, lists-per-list.ts) share; faults on the
// pages after a token are observed by walking every page. Each probe lives in its fault's record.

import type { Call } from './call.js';

/** A walk is cut off after this many pages (a fault's walk may never end). */
const MAX_PAGES = 60;

export const PERSONAS = '/v1/personas';
export const RUNS = '/v1/runs';

export const list = (call: Call, path: string, query: Record<string, string>) =>
  call('GET', `${path}?${new URLSearchParams(query)}`);

const idOf = (item: Record<string, unknown>): unknown => item.id ?? item.run_id ?? item.metric_output_id;
const itemsKey = (path: string): string => path.split('/').at(-1)!;

/** Status and item ids of one page. */
export async function page(call: Call, path: string, query: Record<string, string>): Promise<[number, unknown]> {
  const answer = await list(call, path, query);
  return [answer.status, answer.body[itemsKey(path)]?.map(idOf)];
}

/** The ids of every page along next_page_token, and how many pages it took. */
export async function walk(call: Call, path: string, query: Record<string, string>): Promise<[unknown[], number]> {
  const ids: unknown[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const answer = await list(call, path, token ? { ...query, page_token: token } : query);
    ids.push(...(answer.body[itemsKey(path)] ?? []).map(idOf));
    token = answer.body.next_page_token || undefined;
    pages += 1;
  } while (token && pages < MAX_PAGES);
  return [ids, pages];
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
