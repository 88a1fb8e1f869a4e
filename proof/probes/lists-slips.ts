// What each list slip fault (lists-slips.ts) changes, observed from outside: each probe's value
// differs between the correct service and the one with the fault. Faults on the pages after a
// token are observed by walking every page.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;
type Query = Record<string, string>;

/** A walk is cut off after this many pages (a fault's walk may never end). */
const MAX_PAGES = 60;

const list = (call: Call, path: string, query: Query) => call('GET', `${path}?${new URLSearchParams(query)}`);
const idOf = (item: Record<string, unknown>): unknown => item.id ?? item.run_id ?? item.metric_output_id;
const itemsKey = (path: string): string => path.split('/').at(-1)!;

/** Status and item ids of one page. */
async function page(call: Call, path: string, query: Query): Promise<[number, unknown]> {
  const answer = await list(call, path, query);
  return [answer.status, answer.body[itemsKey(path)]?.map(idOf)];
}

/** The ids of every page along next_page_token, and how many pages it took. */
async function walk(call: Call, path: string, query: Query): Promise<[unknown[], number]> {
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
async function everySimulation(call: Call, probe: (path: string) => Promise<unknown>): Promise<unknown[]> {
  const runs = (await list(call, '/v1/runs', { page_size: '1000' })).body.runs as {
    results: { output_ids: string[] };
  }[];
  const simulations = [...new Set(runs.flatMap((run) => run.results.output_ids))];
  return Promise.all(simulations.map((id) => probe(`/v1/simulations/${id}/metrics`)));
}

const PERSONAS = '/v1/personas';
const RUNS = '/v1/runs';

export const LISTS_SLIPS_PROBES: Record<string, Probe> = {
  'list-token-after-extra-item': (call) => walk(call, RUNS, { page_size: '7' }),
  'list-ties-reversed-after-token': (call) => walk(call, PERSONAS, { page_size: '7' }),
  'metrics-last-page-echoes-token': (call) => everySimulation(call, (path) => walk(call, path, { page_size: '2' })),
  'runs-page-size-parse-int': (call) => page(call, RUNS, { page_size: '1.5' }),
  'personas-forged-token-first-page': (call) => page(call, PERSONAS, { page_token: 'forged!token' }),
  'runs-stale-token-accepted': async (call) => {
    const first = await list(call, RUNS, { page_size: '5', order_by: 'create_time' });
    return page(call, RUNS, { page_size: '5', order_by: '-create_time', page_token: first.body.next_page_token });
  },
  'list-page-after-token-one-short': async (call) => {
    const first = await list(call, RUNS, { page_size: '7' });
    return page(call, RUNS, { page_size: '7', page_token: first.body.next_page_token });
  },
  'personas-order-by-name-as-create-time': (call) => page(call, PERSONAS, { page_size: '5', order_by: 'name' }),
  'list-order-direction-lost-after-token': (call) => walk(call, PERSONAS, { page_size: '50', order_by: '-name' }),
  'list-order-desc-suffix-ignored': (call) => page(call, PERSONAS, { page_size: '5', order_by: 'name desc' }),
  'list-order-desc-suffix-first-page-only': (call) => walk(call, PERSONAS, { page_size: '50', order_by: 'name desc' }),
  'metrics-default-order-create-time': (call) =>
    everySimulation(call, (path) => page(call, path, { page_size: '1000' })),
  'list-default-order-first-page-only': (call) => walk(call, RUNS, { page_size: '50' }),
  'runs-order-unknown-field-default': (call) => page(call, RUNS, { order_by: 'no_such_field' }),
  'list-filter-first-page-only': (call) => walk(call, RUNS, { page_size: '5', filter: 'status = FAILED' }),
  'list-filter-or-as-and-after-token': (call) =>
    walk(call, RUNS, { page_size: '2', filter: 'status = FAILED OR status = PENDING' }),
  'metrics-filter-quoted-never-match': (call) =>
    everySimulation(call, (path) => page(call, path, { page_size: '1000', filter: 'status = "COMPLETED"' })),
  'runs-filter-compact-quotes-kept': (call) => page(call, RUNS, { page_size: '1000', filter: 'status="COMPLETED"' }),
  'list-filter-quotes-kept-after-token': (call) => walk(call, RUNS, { page_size: '5', filter: 'status = "COMPLETED"' }),
  'personas-filter-unknown-field-ignored': (call) => page(call, PERSONAS, { filter: 'no_such_field = 1' }),
  'runs-filter-malformed-ignored': (call) => page(call, RUNS, { filter: 'status =' }),
};
