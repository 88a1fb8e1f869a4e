// GENERIC-ORDER-BY: a published list orders by each field its document names for order_by,
// ascending by the name and descending with a leading dash: one page of each, judged by the
// suite's ordering oracle (lib/assert/ordering.ts), which fails a page only where every reasonable
// reading of the order agrees two neighbours are out of place.

import { checkEnumOrder, checkSorted } from '../../assert/ordering.js';
import { operationLabel, walkSizes } from '../../generic/checks.js';
import type { PublishedOperation } from '../../generic/model.js';
import { orderFields } from '../../generic/order-fields.js';
import type { CheckContext } from '../../harness/index.js';
import type { Exchange } from '../../http/exchange.js';
import { discoveredParams, itemsOf, nothingDiscovered } from './discovery.js';
import { servedOrBlocked } from './probes.js';

async function orderedPage(
  t: CheckContext,
  operation: PublishedOperation,
  params: Record<string, string>,
  orderBy: string,
): Promise<{ exchange: Exchange; items: unknown[] }> {
  const exchange = await t.send(operation, {
    params,
    query: { order_by: orderBy, page_size: String(walkSizes(operation.list!).reference) },
  });
  const items = exchange.response.status < 300 ? itemsOf(operation, exchange.response.json) : undefined;
  t.assert(
    items,
    ['GENERIC-ORDER-BY'],
    `${operationLabel(operation)} with order_by=${orderBy} answered ${exchange.response.status} without a list of items`,
    exchange,
  );
  return { exchange, items: items! };
}

export async function expectOrderedAsPublished(t: CheckContext, operation: PublishedOperation): Promise<void> {
  await servedOrBlocked(t, operation);
  const filled = await discoveredParams(t, operation);
  if (!('params' in filled)) return t.skip(nothingDiscovered(filled.missing));
  const label = operationLabel(operation);
  for (const { name, field } of orderFields(operation)) {
    const ascending = await orderedPage(t, operation, filled.params, name);
    const descending = await orderedPage(t, operation, filled.params, `-${name}`);
    for (const [page, direction] of [
      [ascending, 'asc'],
      [descending, 'desc'],
    ] as const) {
      const sorted = checkSorted(page.items, field, direction);
      if (!sorted.ok)
        t.assert(
          false,
          ['GENERIC-ORDER-BY'],
          `${label} with order_by=${direction === 'asc' ? name : `-${name}`}: ${sorted.message}`,
          page.exchange,
        );
    }
    if (field.kind === 'enum') {
      const blocks = checkEnumOrder(ascending.items, descending.items, field);
      if (!blocks.ok)
        t.assert(
          false,
          ['GENERIC-ORDER-BY'],
          `${label} with order_by ${name} and -${name}: ${blocks.message}`,
          descending.exchange,
        );
    }
  }
}
