// A server that drops keep-alive connections after a short idle time, without saying so: the
// next request on one is reset unanswered (the race a client loses when it sends as the close
// arrives). Reads reuse connections, are sent again on a fresh one and teach the limit; a write
// goes only on a connection used moments ago and is never sent twice.

import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../lib/http/client.js';
import { TransportError } from '../../lib/http/exchange.js';

// Above the 250 ms a write's connection may be idle; the waits below are longer still, so every
// reuse after them meets a dropped connection, however late the machine runs its timers.
const IDLE_LIMIT_MS = 300;
const IDLE_WAIT_MS = 2 * IDLE_LIMIT_MS;

let server: Server;
let base: string;
const received: string[] = [];
const reset: string[] = [];

beforeAll(async () => {
  const finishedAt = new WeakMap<Socket, number>();
  server = createServer((req, res) => {
    const line = `${req.method} ${req.url}`;
    received.push(line);
    const idleSince = finishedAt.get(req.socket);
    if (req.url === '/boom' || (idleSince !== undefined && Date.now() - idleSince >= IDLE_LIMIT_MS)) {
      reset.push(line);
      req.socket.resetAndDestroy();
      return;
    }
    res.once('finish', () => finishedAt.set(req.socket, Date.now()));
    req.resume().once('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  // No Keep-Alive hint and no close of its own: the server only drops connections as above.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  reset.length = 0;
});

const client = (): ApiClient => new ApiClient({ baseUrl: base, apiKey: undefined, timeoutMs: 20_000, concurrency: 2 });
const idle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));

describe('connections a server closes when idle', () => {
  test('a write after an idle time goes on a fresh connection: answered, sent once', async () => {
    const c = client();
    await c.send({ method: 'POST', path: '/w', json: {} });
    await idle();
    const second = await c.send({ method: 'POST', path: '/w', json: {} });
    expect(second.response.status).toBe(200);
    expect({ received, reset }).toEqual({ received: ['POST /w', 'POST /w'], reset: [] });
    await c.close();
  });

  test('a read reset on a reused connection is sent again, and teaches the idle limit: the next idle connection is not reused', async () => {
    const c = client();
    await c.send({ method: 'GET', path: '/r' });
    await idle();
    expect((await c.send({ method: 'GET', path: '/r' })).response.status).toBe(200);
    expect({ received, reset }).toEqual({ received: ['GET /r', 'GET /r', 'GET /r'], reset: ['GET /r'] });
    await idle();
    expect((await c.send({ method: 'GET', path: '/r' })).response.status).toBe(200);
    expect(reset).toEqual(['GET /r']);
    await c.close();
  });

  test('a write reset before any answer is an error, never sent twice', async () => {
    const c = client();
    await c.send({ method: 'POST', path: '/w', json: {} });
    const failed = await c.send({ method: 'POST', path: '/boom', json: {} }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TransportError);
    expect((failed as TransportError).message).toMatch(/reset/);
    expect(received.filter((line) => line === 'POST /boom')).toHaveLength(1);
    await c.close();
  });

  test("a read reset on a fresh connection is the server's doing: an error, not sent again", async () => {
    const c = client();
    const failed = await c.send({ method: 'GET', path: '/boom' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TransportError);
    expect(received).toEqual(['GET /boom']);
    await c.close();
  });
});
