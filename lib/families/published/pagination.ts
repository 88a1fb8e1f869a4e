// GENERIC-PAGINATION: a published list (one taking page_size and page_token) pages as the
// specification's list rules say. Three pages at a small page_size are compared, as item
// identities, with the first page at the published maximum, on the items that kept their place
// between that page read before and after the walk (other checks may be creating data).

import { expectErrorEnvelope } from '../../assert/published-operation.js';
import { operationLabel, WALK_PAGES, walkSizes } from '../../generic/checks.js';
import { violation } from '../../assert/violation.js';
import { ERROR_CODES } from '../../contract/enums.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import type { Exchange } from '../../http/exchange.js';
import { isJsonObject } from '../../util/json.js';
import { discoveredParams, itemsOf, nothingDiscovered } from './discovery.js';
import { servedOrBlocked } from './probes.js';

const ATTEMPTS = 5;
/** A token no server issued: not URL-safe base64, with characters tokens rarely use. */
const FORGED_TOKEN = 'cft~forged~token!*';

interface Walk {
  /** Item identities in the order seen, repeats included. */
  readonly seen: readonly string[];
  /** Whether the last page read ended the list (no next_page_token). */
  readonly ended: boolean;
}

/** An item's identity: its id, else its name, else the whole item. */
const identity = (item: unknown): string =>
  isJsonObject(item) && (typeof item['id'] === 'string' || typeof item['id'] === 'number')
    ? `id:${item['id']}`
    : isJsonObject(item) && typeof item['name'] === 'string'
      ? `name:${item['name']}`
      : `item:${JSON.stringify(item)}`;

const nextToken = (json: unknown): string | undefined => {
  const token = isJsonObject(json) ? json['next_page_token'] : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

/** Up to `pages` pages at `size`, following next_page_token: each within its size, no token twice. */
async function walk(
  t: CheckContext,
  operation: PublishedOperation,
  params: Record<string, string>,
  size: number,
  pages: number,
): Promise<Walk> {
  const label = operationLabel(operation);
  const seen: string[] = [];
  const tokens = new Set<string>();
  let token: string | undefined;
  for (let page = 0; page < pages; page++) {
    const query = { page_size: String(size), ...(token ? { page_token: token } : {}) };
    const exchange = await t.send(operation, { params, query });
    const items = pageItems(t, operation, exchange);
    t.assert(
      items.length <= size,
      ['GENERIC-PAGINATION'],
      `${label}: a page asked for page_size ${size} holds ${items.length} items`,
      exchange,
    );
    seen.push(...items.map(identity));
    token = nextToken(exchange.response.json);
    if (token === undefined) return { seen, ended: true };
    t.assert(
      !tokens.has(token),
      ['GENERIC-PAGINATION'],
      `${label}: next_page_token ${JSON.stringify(token)} came back a second time: the walk would never end`,
      exchange,
    );
    tokens.add(token);
  }
  return { seen, ended: false };
}

function pageItems(t: CheckContext, operation: PublishedOperation, exchange: Exchange): unknown[] {
  const label = operationLabel(operation);
  const { status } = exchange.response;
  t.assert(
    status >= 200 && status < 300,
    ['GENERIC-PAGINATION'],
    `${label}: a page of the walk answered ${status}`,
    exchange,
  );
  const items = itemsOf(operation, exchange.response.json);
  if (!items)
    violation(
      ['GENERIC-PAGINATION'],
      `${label}: a page of the walk holds no list of items${operation.list?.itemsKey ? ` under "${operation.list.itemsKey}"` : ''}`,
      exchange,
    );
  return items;
}

/**
 * The items a walk between two walks at the largest size can be judged on: those that kept their
 * place from `before` to `after` (the longest common start). While other checks create data, an
 * item inserted before others moves them, and a correct server may then serve one of those twice;
 * the items ahead of every change never moved. All of `before` when it holds the same items as
 * `after`, or when the list grew only at its end (as a list ordered oldest first does).
 */
function unmoved(before: readonly string[], after: readonly string[]): readonly string[] {
  // The same items, in another order: nothing was created or deleted, so every item had to be served once, whatever the order.
  if (new Set(before).size === new Set(after).size && before.every((id) => after.includes(id))) return before;
  const kept = before.findIndex((id, i) => after[i] !== id);
  return kept < 0 ? before : before.slice(0, kept);
}

/**
 * Three pages at the small size serve the items of one page as large as them once each, in the
 * places they held: judged on the items that kept their place from the page read before the
 * walk to the one read after it (when they reach the second small page, else the walk is tried again).
 */
async function expectCompleteWalk(
  t: CheckContext,
  operation: PublishedOperation,
  params: Record<string, string>,
  reference: number,
  small: number,
): Promise<void> {
  const label = operationLabel(operation);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = await walk(t, operation, params, reference, 1);
    const smallWalk = await walk(t, operation, params, small, WALK_PAGES);
    const after = await walk(t, operation, params, reference, 1);
    const reach = smallWalk.ended ? before.seen.length : Math.min(before.seen.length, small * WALK_PAGES);
    const judged = new Set(unmoved(before.seen, after.seen).slice(0, reach));
    if (judged.size < reach && judged.size <= small) continue;
    for (const [size, walked] of [
      [reference, before],
      [small, smallWalk],
    ] as const) {
      const twice = walked.seen.filter((id, i) => judged.has(id) && walked.seen.indexOf(id) !== i);
      t.assert(
        !twice.length,
        ['GENERIC-PAGINATION'],
        `${label}: the walk at page_size ${size} served ${twice.slice(0, 3).join(', ')} twice`,
        t.exchanges.at(-1),
      );
    }
    const lost = [...judged].filter((id) => !smallWalk.seen.includes(id));
    t.assert(
      !lost.length,
      ['GENERIC-PAGINATION'],
      `${label}: ${smallWalk.ended ? 'the walk' : `${WALK_PAGES} pages`} at page_size ${small} never served ${lost.slice(0, 3).join(', ')}${lost.length > 3 ? ` (${lost.length} in all)` : ''}, listed at page_size ${reference}`,
      t.exchanges.at(-1),
    );
    if (smallWalk.seen.length <= small)
      t.note(
        `${label} lists ${smallWalk.seen.length} item(s), no more than one page at page_size ${small}: no page_token was followed`,
      );
    return;
  }
  t.skip(
    `${label} changed ahead of its second page during each of ${ATTEMPTS} walks (items created, deleted or moved by other checks or users): completeness not judged`,
  );
}

/** The largest page size: served, within its size. */
async function expectLargestServed(
  t: CheckContext,
  operation: PublishedOperation,
  params: Record<string, string>,
  large: number,
): Promise<void> {
  const exchange = await t.send(operation, { params, query: { page_size: String(large) } });
  const items = pageItems(t, operation, exchange);
  t.assert(
    items.length <= large,
    ['GENERIC-PAGINATION'],
    `${operationLabel(operation)}: page_size ${large} answered ${items.length} items`,
    exchange,
  );
}

/** One past the published maximum: refused with INVALID_ARGUMENT, or brought into range. */
async function expectOnePastMaximum(
  t: CheckContext,
  operation: PublishedOperation,
  params: Record<string, string>,
  max: number,
): Promise<void> {
  const label = operationLabel(operation);
  const exchange = await t.send(operation, { params, query: { page_size: String(max + 1) } });
  if (exchange.response.status >= 400) {
    const error = expectErrorEnvelope(exchange, `${label} with page_size ${max + 1}`);
    t.assert(
      error['code'] === ERROR_CODES.invalidArgument,
      ['GENERIC-PAGINATION'],
      `${label}: page_size ${max + 1} (one past the published maximum) refused with ${JSON.stringify(error['code'])}, not ${ERROR_CODES.invalidArgument}`,
      exchange,
    );
    return;
  }
  const items = pageItems(t, operation, exchange);
  t.assert(
    items.length <= max,
    ['GENERIC-PAGINATION'],
    `${label}: page_size ${max + 1} answered ${items.length} items, more than the published maximum ${max}`,
    exchange,
  );
}

async function expectForgedTokenRefused(
  t: CheckContext,
  operation: PublishedOperation,
  params: Record<string, string>,
): Promise<void> {
  const label = operationLabel(operation);
  const exchange = await t.send(operation, { params, query: { page_token: FORGED_TOKEN } });
  t.assert(
    exchange.response.status >= 400,
    ['GENERIC-PAGINATION'],
    `${label}: a page_token it never issued was answered ${exchange.response.status}, not refused`,
    exchange,
  );
  const error = expectErrorEnvelope(exchange, `${label} with a forged page_token`);
  t.assert(
    error['code'] === ERROR_CODES.invalidArgument,
    ['GENERIC-PAGINATION'],
    `${label}: a forged page_token refused with ${JSON.stringify(error['code'])}, not ${ERROR_CODES.invalidArgument}`,
    exchange,
  );
}

export async function expectPagesAsPublished(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const list = operation.list!;
  await servedOrBlocked(t, operation);
  const filled = await discoveredParams(t, operation);
  if (!('params' in filled)) return t.skip(nothingDiscovered(filled.missing));
  const { small, reference, large } = walkSizes(list);
  await expectForgedTokenRefused(t, operation, filled.params);
  await expectLargestServed(t, operation, filled.params, large);
  if (list.pageSize.max !== undefined) await expectOnePastMaximum(t, operation, filled.params, list.pageSize.max);
  await expectCompleteWalk(t, operation, filled.params, reference, small);
}
