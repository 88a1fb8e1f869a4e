// What the probes of the list slip faults (proof/faults/lists-slips.ts); faults on the pages after a
// token are observed by walking every page share. Each probe lives in its fault's record.

import type { Call } from './call.js';

type Query = Record<string, string>;

/** A walk is cut off after this many pages (a fault's walk may never end). */
const MAX_PAGES = 60;

export const list = (call: Call, path: string, query: Query) => call('GET', `${path}?${new URLSearchParams(query)}`);
const idOf = (item: Record<string, unknown>): unknown => item.id ?? item.run_id ?? item.metric_output_id;
const itemsKey = (path: string): string => path.split('/').at(-1)!;

/** Status and item ids of one page. */
export async function page(call: Call, path: string, query: Query): Promise<[number, unknown]> {
  const answer = await list(call, path, query);
  return [answer.status, answer.body[itemsKey(path)]?.map(idOf)];
}

/** Status and number of items of one page: what a page_size fault changes. */
export async function counted(call: Call, path: string, query: Query): Promise<[number, number]> {
  const [status, ids] = await page(call, path, query);
  return [status, (ids as unknown[] | undefined)?.length ?? 0];
}

/** The ids of every page along next_page_token, and how many pages it took. */
export async function walk(call: Call, path: string, query: Query): Promise<[unknown[], number]> {
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

/** `probe` of the metrics list of every simulation a run names. */
export async function everySimulation(call: Call, probe: (path: string) => Promise<unknown>): Promise<unknown[]> {
  const runs = (await list(call, '/v1/runs', { page_size: '1000' })).body.runs as {
    results: { output_ids: string[] };
  }[];
  const simulations = [...new Set(runs.flatMap((run) => run.results.output_ids))];
  return Promise.all(simulations.map((id) => probe(`/v1/simulations/${id}/metrics`)));
}

export const PERSONAS = '/v1/personas';
export const RUNS = '/v1/runs';
