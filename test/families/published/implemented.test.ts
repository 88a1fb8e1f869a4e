import { describe, expect, it, vi } from 'vitest';
import { expectServed } from '../../../lib/families/published/implemented.js';
import type { CheckContext } from '../../../lib/harness/index.js';
import type { Exchange } from '../../../lib/http/exchange.js';
import { exchangeOf } from '../../support/exchanges.js';
import { operation } from '../../generic/fixtures.js';

/** A check context whose every request is answered with `answer`, or with `keyless` when sent without a key. */
const answering = (answer: Exchange, keyless = answer): CheckContext => {
  const fake = {
    memo: (_key: string, make: (owner: unknown) => unknown) => make(fake),
    send: async (_operation: unknown, spec: { auth?: unknown }) => (spec.auth === 'none' ? keyless : answer),
  };
  return fake as unknown as CheckContext;
};

const unauthenticated = exchangeOf(
  401,
  JSON.stringify({
    error: { code: 'UNAUTHENTICATED', message: 'no key', details: [{ field: 'X-API-Key', description: 'missing' }] },
  }),
);
const methodNotAllowed = exchangeOf(405, JSON.stringify({ detail: 'Method Not Allowed' }));

const notFound = exchangeOf(
  404,
  JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no such widget', details: [] } }),
);

describe('expectServed', () => {
  it('takes a 404 without a key as an unknown route where the document publishes a key requirement', async () => {
    await expect(
      expectServed(answering(notFound), operation('/v1/widgets/{widget_id}', { id: 'getWidget', secured: true })),
    ).rejects.toMatchObject({
      requirements: ['GENERIC-IMPLEMENTED'],
    });
  });

  it('does not where the document publishes none: the 404 may answer the ID naming nothing (GENERIC-AUTH judges the missing key)', async () => {
    await expect(
      expectServed(
        answering(notFound),
        operation('/v1/public-widgets/{widget_id}', { id: 'getPublicWidget', secured: false }),
      ),
    ).resolves.toBeUndefined();
  });

  it('takes a 404 with the key to a GET without path parameters as an unknown route, secured or not', async () => {
    await expect(
      expectServed(answering(notFound), operation('/v1/public-widgets', { id: 'listPublicWidgets', secured: false })),
    ).rejects.toMatchObject({
      requirements: ['GENERIC-IMPLEMENTED'],
    });
  });

  it('behind a server that authenticates before it routes: a 405 with the key to a GET whose path parameters name nothing is an unknown route', async () => {
    const listMutations = operation('/v1/agents/{agent_id}/mutations', { id: 'listMutations' });
    await expect(expectServed(answering(methodNotAllowed, unauthenticated), listMutations)).rejects.toMatchObject({
      requirements: ['GENERIC-IMPLEMENTED'],
    });
  });

  it('takes no 404 with the key to path parameters naming nothing as an unknown route: a served operation answers them so', async () => {
    await expect(
      expectServed(answering(notFound, unauthenticated), operation('/v1/widgets/{widget_id}', { id: 'getWidget' })),
    ).resolves.toBeUndefined();
  });

  it('sends no write with the key: a write behind such a server is not shown unserved', async () => {
    const send = vi.fn(async (_operation: unknown, spec: { auth?: unknown }) =>
      spec.auth === 'none' ? unauthenticated : methodNotAllowed,
    );
    const fake = {
      config: { readOnly: false },
      memo: (_key: string, make: (owner: unknown) => unknown) => make(fake),
      send,
    };
    const updateWidget = operation('/v1/widgets/{widget_id}', { id: 'updateWidget', method: 'PATCH', writes: true });
    await expect(expectServed(fake as unknown as CheckContext, updateWidget)).resolves.toBeUndefined();
    expect(send.mock.calls.every(([, spec]) => spec.auth === 'none')).toBe(true);
  });
});
