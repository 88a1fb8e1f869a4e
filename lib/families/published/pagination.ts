// GENERIC-PAGINATION: a published list (one taking page_size and page_token) pages as the
// specification's list rules say. Walks at a small page_size and at the published maximum are
// compared as sets of item identities; the comparison is judged only when the list did not change
// between the walks (other checks may be creating data), tried up to three times.

import { expectErrorEnvelope } from '../../assert/published-operation.js';
import { operationLabel, walkSizes } from '../../generic/checks.js';
import { violation } from '../../assert/violation.js';
import { ERROR_CODES } from '../../contract/enums.js';
import type { PublishedOperation } from '../../generic/model.js';
import type { CheckContext } from '../../harness/index.js';
import type { Exchange } from '../../http/exchange.js';
import { isJsonObject } from '../../util/json.js';
import { discoveredParams, itemsOf, nothingDiscovered } from './discovery.js';
import { servedOrBlocked } from './probes.js';

/** A walk longer than this is cut (a token that never ends the list is judged apart). */
const MAX_PAGES = 60;
const ATTEMPTS = 5;
/** A token no server issued: not URL-safe base64, with characters tokens rarely use. */
const FORGED_TOKEN = 'cft~forged~token!*';

interface Walk {
  /** Item identities in the order seen, repeats included. */
  readonly seen: readonly string[];
}

/** An item's identity: its id, else its name, else the whole item. */
const identity = (item: unknown): string =>
  isJsonObject(item) && (typeof item['id'] === 'string' || typeof item['id'] === 'number') ? `id:${item['id']}`
    : isJsonObject(item) && typeof item['name'] === 'string' ? `name:${item['name']}` : `item:${JSON.stringify(item)}`;

const nextToken = (json: unknown): string | undefined => {
  const token = isJsonObject(json) ? json['next_page_token'] : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

async function walk(t: CheckContext, operation: PublishedOperation, params: Record<string, string>, size: number): Promise<Walk> {
  const label = operationLabel(operation);
  const seen: string[] = [];
  const tokens = new Set<string>();
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = { page_size: String(size), ...(token ? { page_token: token } : {}) };
    const exchange = await t.send(operation, { params, query });
    const items = pageItems(t, operation, exchange);
    t.assert(items.length <= size, ['GENERIC-PAGINATION'], `${label}: a page asked for page_size ${size} holds ${items.length} items`, exchange);
    seen.push(...items.map(identity));
    token = nextToken(exchange.response.json);
    if (token === undefined) return { seen };
    t.assert(!tokens.has(token), ['GENERIC-PAGINATION'], `${label}: next_page_token ${JSON.stringify(token)} came back a second time: the walk would never end`, exchange);
    tokens.add(token);
  }
  return violation(['GENERIC-PAGINATION'], `${label}: the walk at page_size ${size} did not end within ${MAX_PAGES} pages`, t.exchanges.at(-1));
}

function pageItems(t: CheckContext, operation: PublishedOperation, exchange: Exchange): unknown[] {
  const label = operationLabel(operation);
  const { status } = exchange.response;
  t.assert(status >= 200 && status < 300, ['GENERIC-PAGINATION'], `${label}: a page of the walk answered ${status}`, exchange);
  const items = itemsOf(operation, exchange.response.json);
  if (!items) violation(['GENERIC-PAGINATION'], `${label}: a page of the walk holds no list of items${operation.list?.itemsKey ? ` under "${operation.list.itemsKey}"` : ''}`, exchange);
  return items;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const [left, right] = [new Set(a), new Set(b)];
  return left.size === right.size && [...left].every((x) => right.has(x));
};

/** Every item once, none lost: judged on a walk during which the list stood still. */
async function expectCompleteWalk(t: CheckContext, operation: PublishedOperation, params: Record<string, string>, large: number, small: number): Promise<void> {
  const label = operationLabel(operation);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = await walk(t, operation, params, large);
    const smallWalk = await walk(t, operation, params, small);
    const after = await walk(t, operation, params, large);
    if (!sameSet(before.seen, after.seen)) continue;
    for (const [size, walked] of [[large, before], [small, smallWalk]] as const) {
      const twice = walked.seen.filter((id, i) => walked.seen.indexOf(id) !== i);
      t.assert(!twice.length, ['GENERIC-PAGINATION'], `${label}: the walk at page_size ${size} served ${twice.slice(0, 3).join(', ')} twice`, t.exchanges.at(-1));
    }
    const lost = before.seen.filter((id) => !smallWalk.seen.includes(id));
    t.assert(!lost.length, ['GENERIC-PAGINATION'], `${label}: the walk at page_size ${small} never served ${lost.slice(0, 3).join(', ')}${lost.length > 3 ? ` (${lost.length} in all)` : ''}, listed at page_size ${large}`, t.exchanges.at(-1));
    return;
  }
  t.skip(`${label} changed during each of ${ATTEMPTS} walks (other checks create and delete data): completeness not judged`);
}

/** One past the published maximum: refused with INVALID_ARGUMENT, or brought into range. */
async function expectBeyondMaximum(t: CheckContext, operation: PublishedOperation, params: Record<string, string>, max: number): Promise<void> {
  const label = operationLabel(operation);
  const exchange = await t.send(operation, { params, query: { page_size: String(max + 1) } });
  if (exchange.response.status >= 400) {
    const error = expectErrorEnvelope(exchange, `${label} with page_size ${max + 1}`);
    t.assert(error['code'] === ERROR_CODES.invalidArgument, ['GENERIC-PAGINATION'], `${label}: page_size ${max + 1} (one past the published maximum) refused with ${JSON.stringify(error['code'])}, not ${ERROR_CODES.invalidArgument}`, exchange);
    return;
  }
  const items = pageItems(t, operation, exchange);
  t.assert(items.length <= max, ['GENERIC-PAGINATION'], `${label}: page_size ${max + 1} answered ${items.length} items, more than the published maximum ${max}`, exchange);
}

async function expectForgedTokenRefused(t: CheckContext, operation: PublishedOperation, params: Record<string, string>): Promise<void> {
  const label = operationLabel(operation);
  const exchange = await t.send(operation, { params, query: { page_token: FORGED_TOKEN } });
  t.assert(exchange.response.status >= 400, ['GENERIC-PAGINATION'], `${label}: a page_token it never issued was answered ${exchange.response.status}, not refused`, exchange);
  const error = expectErrorEnvelope(exchange, `${label} with a forged page_token`);
  t.assert(error['code'] === ERROR_CODES.invalidArgument, ['GENERIC-PAGINATION'], `${label}: a forged page_token refused with ${JSON.stringify(error['code'])}, not ${ERROR_CODES.invalidArgument}`, exchange);
}

export async function expectPagesAsPublished(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const list = operation.list!;
  await servedOrBlocked(t, operation);
  const filled = await discoveredParams(t, operation);
  if (!('params' in filled)) return t.skip(nothingDiscovered(filled.missing));
  const { small, large } = walkSizes(list);
  await expectForgedTokenRefused(t, operation, filled.params);
  if (list.pageSize.max !== undefined) await expectBeyondMaximum(t, operation, filled.params, list.pageSize.max);
  await expectCompleteWalk(t, operation, filled.params, large, small);
}
