import { describe, expect, it } from 'vitest';
import { startReference } from '../../proof/service.js';
import { detailFields, useService } from './client.js';

describe('the server', () => {
  const { call } = useService();

  it('answers INVALID_ARGUMENT, never 500, for bodies that are not JSON objects', async () => {
    for (const raw of ['{"display_name": ', 'not json', '[1, 2]', '"text"', 'null', '']) {
      const answer = await call('POST', '/v1/agents', { raw });
      expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
      expect(detailFields(answer)).toEqual(['body']);
    }
  });

  it('answers NOT_FOUND for unknown routes and an error for unsupported methods', async () => {
    const unknown = await call('GET', '/v1/nothing-here');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const wrongMethod = await call('PUT', '/v1/agents');
    expect(wrongMethod.status).toBeGreaterThanOrEqual(400);
    expect(wrongMethod.body.error).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      details: [],
    });
  });

  it('is seeded the same way on every start', async () => {
    const [a, b] = await Promise.all([startReference(), startReference()]);
    try {
      expect(a.fixtures).toEqual(b.fixtures);
      expect(a.url).not.toBe(b.url);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('latency', () => {
  const { call } = useService({ latencyMs: 60 });

  it('delays every response', async () => {
    const started = performance.now();
    await call('GET', '/v1/openapi', { key: null });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('path parameters', () => {
  const { call } = useService();

  it('reads an empty segment as an empty, invalid ID', async () => {
    const answer = await call('GET', '/v1/agents/');
    expect([answer.status, detailFields(answer)]).toEqual([400, ['agent_id']]);
    expect(detailFields(await call('GET', '/v1/agents//mutations/x'))).toEqual(['agent_id']);
    expect((await call('GET', '/v1/personas/phone-numbers')).status).toBe(200);
  });
});
