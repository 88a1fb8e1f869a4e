// Two rules that hold for every response, wherever it is seen (discovery included):
// a list page never holds more items than its page size allows, and a response the
// suite had to cut at its size cap is a failure of its own, never "not a JSON object".

import { LIST_ENDPOINTS, type ListEndpoint } from '../contract/list-endpoints.js';
import type { Exchange } from '../http/exchange.js';
import { violation } from './violation.js';

type Query = Readonly<Record<string, string | number | undefined>> | undefined;

const BY_PATH = new Map<string, ListEndpoint>(LIST_ENDPOINTS.map((l) => [l.path, l]));

/** The list endpoint a path template belongs to (`/v1/runs`), if it is one. */
export function listAt(pathTemplate: string): ListEndpoint | undefined {
  return BY_PATH.get(pathTemplate);
}

/**
 * The most items a page may hold for this query: the page_size asked when it is in range,
 * the default when none is given, and the maximum otherwise (an out-of-range or malformed
 * page_size may be clamped, rejected or read as the default, but never served beyond the maximum).
 */
export function pageSizeLimit(list: ListEndpoint, query: Query): number {
  const asked = query?.['page_size'];
  if (asked === undefined) return list.pageSize.default;
  const n = typeof asked === 'number' ? asked : /^\s*\d+\s*$/.test(asked) ? Number(asked) : NaN;
  return Number.isInteger(n) && n >= list.pageSize.min && n <= list.pageSize.max
    ? n
    : Math.max(list.pageSize.max, list.pageSize.default);
}

/**
 * How many complete items the `key` array holds in a JSON text that may be cut short:
 * counts the objects closed at the array's top level, reading strings and escapes.
 */
export function countLeadingItems(text: string, key: string): number {
  const start = text.search(new RegExp(`"${key}"\\s*:\\s*\\[`));
  if (start < 0) return 0;
  let i = text.indexOf('[', start) + 1;
  let depth = 0;
  let count = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return count;
      depth--;
      if (depth === 0 && c === '}') count++;
    }
  }
  return count;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Judges what every response must keep, before any check reads it. `requirements`: the
 * rules of the check that sent it, charged when an over-long body breaks no list rule.
 */
export function expectWithinBounds(
  endpointKey: string,
  pathTemplate: string,
  query: Query,
  ex: Exchange,
  requirements: readonly string[],
  capBytes: number,
): void {
  const list = listAt(pathTemplate);
  const { response } = ex;
  const success = response.status >= 200 && response.status < 300;
  const limit = list ? pageSizeLimit(list, query) : 0;
  if (response.truncated) {
    const held = list && success ? countLeadingItems(response.text, list.itemsKey) : 0;
    if (list && held > limit) {
      violation(
        ['LIST-PAGE-SIZE-RESPECTED'],
        `${endpointKey}: the response exceeded ${megabytes(capBytes)} (the most the suite reads of one response), and its first ${megabytes(capBytes)} already hold ${held} ${list.itemsKey}, more than the ${limit} this page may hold`,
        ex,
      );
    }
    violation(
      requirements,
      `${endpointKey}: the response exceeded ${megabytes(capBytes)}, the most the suite reads of one response; it cannot be judged`,
      ex,
    );
  }
  if (!list || !success) return;
  const items = (response.json as Record<string, unknown> | undefined)?.[list.itemsKey];
  if (Array.isArray(items) && items.length > limit) {
    const asked = query?.['page_size'];
    const why =
      asked === undefined
        ? `the default page size is ${limit}`
        : limit === Number(asked)
          ? `page_size ${asked} was asked`
          : `page_size ${JSON.stringify(asked)} is out of range and the maximum is ${limit}`;
    violation(
      ['LIST-PAGE-SIZE-RESPECTED'],
      `${endpointKey}: the page holds ${items.length} ${list.itemsKey}, but ${why}`,
      ex,
    );
  }
}
