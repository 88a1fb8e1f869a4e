// What each per-list page_size fault changes, observed from outside on the list it breaks:
// each probe's value differs between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;
type Query = Record<string, string>;

const list = (call: Call, path: string, query: Query) => call('GET', `${path}?${new URLSearchParams(query)}`);

/** Status, number of items and whether a next_page_token follows, of one page. */
async function shape(call: Call, path: string, query: Query): Promise<[number, number | undefined, boolean]> {
  const answer = await list(call, path, query);
  const items = answer.body[path.split('/').at(-1)!] as unknown[] | undefined;
  return [answer.status, items?.length, Boolean(answer.body.next_page_token)];
}

/** The shape of the page after the first one's token, asked with the same query. */
async function second(call: Call, path: string, query: Query): Promise<unknown> {
  const first = await list(call, path, query);
  return shape(call, path, { ...query, page_token: first.body.next_page_token });
}

/** Every simulation a run names (its metrics list is a collection of its own). */
async function simulations(call: Call): Promise<string[]> {
  const runs = (await list(call, '/v1/runs', { page_size: '1000' })).body.runs as {
    results: { output_ids: string[] };
  }[];
  return [...new Set(runs.flatMap((run) => run.results.output_ids))];
}

/** `pageOf` the metrics list of every simulation. */
const metrics = async (call: Call, pageOf: (path: string) => Promise<unknown>): Promise<unknown[]> =>
  Promise.all((await simulations(call)).map((id) => pageOf(`/v1/simulations/${id}/metrics`)));

const PERSONAS = '/v1/personas';
const RUNS = '/v1/runs';

export const LISTS_PER_LIST_PROBES: Record<string, Probe> = {
  'personas-page-size-max-rejected': (call) => shape(call, PERSONAS, { page_size: '100' }),
  'personas-page-one-short': (call) => shape(call, PERSONAS, { page_size: '1' }),
  'personas-page-size-negative-sliced': (call) => shape(call, PERSONAS, { page_size: '-1' }),
  'personas-default-page-size-20': (call) => shape(call, PERSONAS, {}),
  'personas-page-token-loses-page-size': (call) => second(call, PERSONAS, { page_size: '7' }),
  'personas-default-page-size-lost-after-token': (call) => second(call, PERSONAS, {}),
  'runs-page-size-max-of-personas': (call) => shape(call, RUNS, { page_size: '1000' }),
  'runs-page-size-one-rejected': (call) => shape(call, RUNS, { page_size: '1' }),
  'runs-page-size-zero-empty': (call) => shape(call, RUNS, { page_size: '0' }),
  'runs-default-page-size-100': (call) => shape(call, RUNS, {}),
  'runs-page-size-first-page-only': (call) => second(call, RUNS, { page_size: '7' }),
  'metrics-page-size-max-off-by-one': (call) => metrics(call, (path) => shape(call, path, { page_size: '1000' })),
  'metrics-page-size-capped-at-personas-max': (call) =>
    metrics(call, (path) => shape(call, path, { page_size: '1000' })),
  'metrics-page-size-negative-empty': (call) => metrics(call, (path) => shape(call, path, { page_size: '-1' })),
  'metrics-page-one-long': (call) => metrics(call, (path) => shape(call, path, { page_size: '1' })),
  'metrics-default-page-size-max': (call) => metrics(call, (path) => shape(call, path, {})),
  'metrics-page-size-max-after-token': (call) => metrics(call, (path) => second(call, path, { page_size: '7' })),
};
