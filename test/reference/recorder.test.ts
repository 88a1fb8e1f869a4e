import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startReference, type RunningReference } from '../../proof/service.js';

describe('the request recorder (onRequest)', () => {
  const seen: Array<{ startedAt: number; endedAt: number }> = [];
  let service: RunningReference;
  beforeAll(async () => {
    service = await startReference({ onRequest: (startedAt, endedAt) => void seen.push({ startedAt, endedAt }) });
  });
  afterAll(() => service.close());

  test('is told of every request, answered or refused, once, with its start and end', async () => {
    const before = Date.now();
    const paths = ['/v1/personas', '/v1/agents', '/v1/nothing-here'];
    for (const path of paths) {
      const response = await fetch(service.url + path, { headers: { 'X-API-Key': service.apiKey } });
      await response.text();
    }
    await fetch(`${service.url}/v1/agents`).then((r) => r.text()); // no key: refused, still a request
    // The last answer may be read before the service records it; a busy machine may take a while (waitFor's default is 1 s).
    await vi.waitFor(() => expect(seen).toHaveLength(4), { timeout: 20_000 });
    for (const { startedAt, endedAt } of seen) {
      expect(startedAt).toBeGreaterThanOrEqual(before - 1);
      expect(endedAt).toBeGreaterThanOrEqual(startedAt);
    }
  });

  test('is optional: a service without it answers as usual', async () => {
    const plain = await startReference();
    try {
      expect((await fetch(`${plain.url}/v1/openapi`)).status).toBeLessThan(500);
    } finally {
      await plain.close();
    }
  });
});
