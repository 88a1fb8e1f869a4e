import { describe, expect, it } from 'vitest';
import { expectServed } from '../../../lib/families/published/implemented.js';
import type { CheckContext } from '../../../lib/harness/index.js';
import type { Exchange } from '../../../lib/http/exchange.js';
import { exchangeOf } from '../../support/exchanges.js';
import { operation } from '../../generic/fixtures.js';

/** A check context whose every request is answered with `answer`. */
const answering = (answer: Exchange): CheckContext => {
  const fake = { memo: (_key: string, make: (owner: unknown) => unknown) => make(fake), send: async () => answer };
  return fake as unknown as CheckContext;
};

const notFound = exchangeOf(404, JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no such widget', details: [] } }));

describe('expectServed', () => {
  it('takes a 404 without a key as an unknown route where the document publishes a key requirement', async () => {
    await expect(expectServed(answering(notFound), operation('/v1/widgets/{widget_id}', { id: 'getWidget', secured: true }))).rejects.toMatchObject({
      requirements: ['GENERIC-IMPLEMENTED'],
    });
  });

  it('does not where the document publishes none: the 404 may answer the ID naming nothing (GENERIC-AUTH judges the missing key)', async () => {
    await expect(expectServed(answering(notFound), operation('/v1/public-widgets/{widget_id}', { id: 'getPublicWidget', secured: false }))).resolves.toBeUndefined();
  });

  it('takes a 404 with the key to a GET without path parameters as an unknown route, secured or not', async () => {
    await expect(expectServed(answering(notFound), operation('/v1/public-widgets', { id: 'listPublicWidgets', secured: false }))).rejects.toMatchObject({
      requirements: ['GENERIC-IMPLEMENTED'],
    });
  });
});
