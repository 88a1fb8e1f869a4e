// What the probes of the list faults (proof/faults/lists.ts, lists-per-list.ts) share: pages and
// walks along next_page_token, and what they show (the items seen twice or missed, the order, what
// a filter misjudges). Each probe lives in its fault's record.

import type { Call } from './call.js';

type Query = Record<string, string>;
type Item = Record<string, any>;

/** A walk is cut off after this many pages (a fault's walk may never end). */
const MAX_PAGES = 60;

export const PERSONAS = '/v1/personas';
export const RUNS = '/v1/runs';

export const list = (call: Call, path: string, query: Query) => call('GET', `${path}?${new URLSearchParams(query)}`);

const idOf = (item: Item): unknown => item.id ?? item.run_id ?? item.metric_output_id;
const itemsOf = (path: string, body: any): Item[] => body?.[path.split('/').at(-1)!] ?? [];

/** Status and item ids of one page. */
export async function page(call: Call, path: string, query: Query): Promise<[number, unknown]> {
  const answer = await list(call, path, query);
  return [answer.status, answer.body?.[path.split('/').at(-1)!]?.map(idOf)];
}

/** Status and number of items of one page: what a fault that serves a page it should refuse changes. */
async function counted(call: Call, path: string, query: Query): Promise<[number, number]> {
  const [status, ids] = await page(call, path, query);
  return [status, (ids as unknown[] | undefined)?.length ?? 0];
}
export const personasCounted = (call: Call, query: Query) => counted(call, PERSONAS, query);
export const runsCounted = (call: Call, query: Query) => counted(call, RUNS, query);
export const personas = (call: Call, query: Query) => page(call, PERSONAS, query);
export const runs = (call: Call, query: Query) => page(call, RUNS, query);

/** The items of every page along next_page_token, and whether the walk came to a page without one. */
export async function walk(call: Call, path: string, query: Query): Promise<{ items: Item[]; ended: boolean }> {
  const items: Item[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const answer = await list(call, path, token ? { ...query, page_token: token } : query);
    items.push(...itemsOf(path, answer.body));
    token = answer.body.next_page_token || undefined;
    pages += 1;
  } while (token && pages < MAX_PAGES);
  return { items, ended: token === undefined };
}

/** The largest page_size of each list: a walk at it is one page (two for personas). */
const largest = (path: string): string => (path === PERSONAS ? '100' : '1000');

/**
 * Along every page of a walk at a small page_size: how many items came again, and how many of those
 * the same walk at the largest page_size finds it missed (counts a correct service answers 0 to,
 * whatever items other probes have deleted from it).
 */
export async function walked(call: Call, path: string, query: Query): Promise<{ again: number; missed: number }> {
  const ids = (await walk(call, path, query)).items.map(idOf);
  const seen = new Set(ids);
  const whole = (await walk(call, path, { ...query, page_size: largest(path) })).items.map(idOf);
  return { again: ids.length - seen.size, missed: whole.filter((id) => !seen.has(id)).length };
}

/**
 * Whether `values` come in ascending order (descending with `descending`), equal neighbours allowed;
 * text by UTF-16 code units, as the reference compares it (and as `<` does).
 */
const inOrder = (values: readonly any[], descending: boolean): boolean =>
  values.every((value, i) => i === 0 || (descending ? values[i - 1] >= value : values[i - 1] <= value));

/** Status of one page, and whether its items come by `field` in the order asked. */
export async function pageInOrder(
  call: Call,
  path: string,
  query: Query,
  field: string,
  descending = false,
): Promise<[number, boolean]> {
  const answer = await list(call, path, query);
  return [
    answer.status,
    inOrder(
      itemsOf(path, answer.body).map((item) => item[field]),
      descending,
    ),
  ];
}

/** Whether the items of every page of a walk come by `field` in the order asked, across the pages. */
export async function walkInOrder(call: Call, path: string, query: Query, field: string, descending = false) {
  return inOrder(
    (await walk(call, path, query)).items.map((item) => item[field]),
    descending,
  );
}

/** The list of the metric outputs of every simulation a run names (each a collection of its own). */
export async function metricLists(call: Call): Promise<string[]> {
  const runs = (await list(call, RUNS, { page_size: '1000' })).body.runs as { results: { output_ids: string[] } }[];
  return [...new Set(runs.flatMap((run) => run.results.output_ids))].map((id) => `/v1/simulations/${id}/metrics`);
}

/** The filtered pages of every simulation's metrics. */
export async function everySimulation(call: Call, query: Query): Promise<unknown[]> {
  return Promise.all((await metricLists(call)).map((path) => page(call, path, { ...query, page_size: '1000' })));
}

/**
 * How many items `filter` misjudges on the lists at `paths`, each read whole at page_size 1000: items
 * it lists for which `holds` is false, and items for which `holds` is true that it leaves out.
 */
export async function misfiltered(
  call: Call,
  paths: readonly string[],
  filter: string,
  holds: (item: Item) => boolean,
): Promise<number> {
  const counts = await Promise.all(
    paths.map(async (path) => {
      const all = itemsOf(path, (await list(call, path, { page_size: '1000' })).body);
      const listed = itemsOf(path, (await list(call, path, { page_size: '1000', filter })).body);
      const ids = new Set(listed.map(idOf));
      return (
        listed.filter((item) => !holds(item)).length + all.filter((item) => holds(item) && !ids.has(idOf(item))).length
      );
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
