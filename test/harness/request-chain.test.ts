import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestChain, requestFacts, type Span } from '../../lib/harness/request-chain.js';
import { ApiClient } from '../../lib/http/client.js';
import { startReference, type RunningReference } from '../../proof/service.js';

const span = (startedAt: number, endsAt: number): Span => ({ startedAt, durationMs: endsAt - startedAt });

describe('requestChain', () => {
  test('is 0 without requests and 1 for one', () => {
    expect(requestChain([])).toBe(0);
    expect(requestChain([span(5, 9)])).toBe(1);
  });

  test('counts requests sent one after another, including one starting the instant the last ended', () => {
    expect(requestChain([span(0, 10), span(10, 20), span(25, 30)])).toBe(3);
  });

  test('counts requests sent together once', () => {
    expect(requestChain([span(0, 10), span(0, 12), span(1, 11)])).toBe(1);
    // Two parallel pairs, one after the other.
    expect(requestChain([span(0, 10), span(0, 11), span(12, 20), span(12, 21)])).toBe(2);
  });

  test('finds the longest chain whatever the order, not the first one met', () => {
    // A long request overlapping three short sequential ones: the short ones are the chain.
    const spans = [span(0, 100), span(1, 10), span(20, 30), span(40, 50)];
    expect(requestChain(spans)).toBe(3);
    expect(requestChain([...spans].reverse())).toBe(3);
  });

  test('tolerates the rounding of epoch plus duration', () => {
    // The client's clock: timeOrigin + performance.now(); the second request starts at the instant the first ended.
    const origin = 1795337476303.987;
    const [started, ended] = [50577.195492967505, 50665.640685752216];
    const first = { startedAt: origin + started, durationMs: ended - started };
    const second = { startedAt: origin + ended, durationMs: 1 };
    expect(first.startedAt + first.durationMs).toBeGreaterThan(second.startedAt); // rounded past it
    expect(requestChain([first, second])).toBe(2);
  });

  test('requestFacts reports the count and the chain', () => {
    expect(requestFacts([span(0, 10), span(0, 10), span(10, 20)])).toEqual({ requests: 3, requestChain: 2 });
  });
});

describe('the client’s exchanges', () => {
  let service: RunningReference;
  let client: ApiClient;
  beforeAll(async () => {
    service = await startReference({ latencyMs: 5 });
    client = new ApiClient({ baseUrl: service.url, apiKey: service.apiKey, timeoutMs: 30_000, concurrency: 4 });
  });
  afterAll(async () => {
    await client.close();
    await service.close();
  });

  const get = () => client.send({ method: 'GET', path: '/v1/personas' });

  test('carry when they started, so awaited requests chain and parallel ones do not', async () => {
    const before = Date.now();
    const first = await get();
    const second = await get();
    const together = await Promise.all([get(), get(), get()]);
    expect(first.startedAt).toBeGreaterThanOrEqual(before - 1);
    expect(second.startedAt).toBeGreaterThanOrEqual(first.startedAt + first.durationMs - 0.001);
    expect(requestChain([first, second])).toBe(2);
    expect(requestChain(together)).toBe(1);
    expect(requestChain([first, second, ...together])).toBe(3);
  });
});
