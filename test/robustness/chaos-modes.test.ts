// The two chaos modes that stand for a correct server the run must live with do what they claim:
// rate-limit answers 429 with Retry-After and the error envelope beyond its rate, per key;
// idle-close announces no Keep-Alive timeout and resets the next request on a connection left idle.

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../proof/service.js';

let reference: RunningReference;

beforeAll(async () => {
  reference = await startReference({ chaos: ['rate-limit', 'idle-close'] });
});

afterAll(() => reference.close());

describe('chaos modes of a correct server', () => {
  test('rate-limit: beyond a few dozen requests a second a key gets 429, Retry-After: 1 and RESOURCE_EXHAUSTED; another key is not limited', async () => {
    const get = (key: string): Promise<Response> =>
      fetch(`${reference.url}/v1/personas`, { headers: { 'x-api-key': key } });
    // Batches until one is limited: however slowly a loaded machine serves them, a batch of 100 sent at once is too many.
    let limited: Response[] = [];
    for (let batch = 0; batch < 20 && !limited.length; batch++) {
      limited = (await Promise.all(Array.from({ length: 100 }, () => get(reference.apiKey)))).filter(
        (a) => a.status === 429,
      );
    }
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.headers.get('retry-after')).toBe('1');
    expect(((await limited[0]!.json()) as { error: { code: string } }).error.code).toBe('RESOURCE_EXHAUSTED');
    expect((await get('another-key')).status).not.toBe(429);
  });

  test('idle-close: no Keep-Alive hint; the next request on a connection idle for a second is reset unanswered', async () => {
    const socket = connect(Number(new URL(reference.url).port), '127.0.0.1');
    const request = `GET /v1/openapi HTTP/1.1\r\nHost: x\r\n\r\n`;
    const received: string[] = [];
    socket.on('data', (chunk) => received.push(chunk.toString()));
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      socket.once('close', () => resolve('closed'));
    });
    socket.write(request);
    await expect.poll(() => received.join('')).toMatch(/^HTTP\/1\.1 200/);
    expect(received.join('')).not.toMatch(/^keep-alive:/im);
    // Longer than the mode's second, however late this machine runs the timer.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = received.join('').length;
    socket.write(request);
    expect(await ended).toMatch(/ECONNRESET|closed/);
    expect(received.join('').length).toBe(before);
  });
});
