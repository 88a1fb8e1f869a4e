// What the probes of the faults on one list (proof/faults/lists-per-list.ts) share, beside the list
// probes' helpers (./lists.ts). Each probe lives in its fault's record.

import type { Call } from './call.js';
import { list, metricLists } from './lists.js';

type Query = Record<string, string>;

/** Status, number of items and whether a next_page_token follows, of one page. */
export async function shape(call: Call, path: string, query: Query): Promise<[number, number | undefined, boolean]> {
  const answer = await list(call, path, query);
  const items = answer.body[path.split('/').at(-1)!] as unknown[] | undefined;
  return [answer.status, items?.length, Boolean(answer.body.next_page_token)];
}

/** The shape of the page after the first one's token, asked with the same query. */
export async function second(call: Call, path: string, query: Query): Promise<unknown> {
  const first = await list(call, path, query);
  return shape(call, path, { ...query, page_token: first.body.next_page_token });
}

/** `pageOf` the metrics list of every simulation: the distinct answers as JSON reads them, sorted (short enough to name). */
export async function metrics(call: Call, pageOf: (path: string) => Promise<unknown>): Promise<unknown[]> {
  const pages = await Promise.all((await metricLists(call)).map(pageOf));
  return [...new Set(pages.map((page) => JSON.stringify(page)))].sort().map((text) => JSON.parse(text));
}
