// The bytes a recorded connection received, as they came: a server writing a line break past its Content-Length
// (which undici reads past), and one closing the connection after an answer (the next request opens another).

import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../../lib/http/client.js';

let server: Server;
let base: string;

/** Answers each request read from the socket: `/stray` with a line break past its body, `/close` closing after. */
function answer(socket: Socket, target: string): void {
  const body = '{}';
  const close = target === '/close';
  socket.write(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${close ? 'Connection: close\r\n' : ''}\r\n${body}${target === '/stray' ? '\n' : ''}`,
  );
  if (close) socket.end();
}

beforeAll(async () => {
  server = createServer((socket) => {
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
        const target = pending.split(' ')[1] ?? '/';
        pending = pending.slice(end + 4);
        answer(socket, target);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (options: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({ baseUrl: base, apiKey: 'received-test-key', timeoutMs: 10_000, concurrency: 2, ...options });

describe('ApiClient.recordedConnection', () => {
  test('records the bytes as received, a line break past a Content-Length included, with the requests sent', async () => {
    const api = client();
    const recorded = api.recordedConnection()!;
    try {
      const first = await api.send({ method: 'GET', path: '/stray', connection: recorded.connection });
      const second = await api.send({ method: 'HEAD', path: '/next', connection: recorded.connection });
      expect([first.response.status, second.response.status]).toEqual([200, 200]);
      const [only, ...others] = recorded.recorder.received();
      expect(others).toEqual([]);
      expect(only!.requests).toEqual([
        { method: 'GET', path: '/stray' },
        { method: 'HEAD', path: '/next' },
      ]);
      const text = only!.bytes.toString('latin1');
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{\}\nHTTP\/1\.1 200 OK\r\n/);
      expect(text).not.toContain('received-test-key');
    } finally {
      await recorded.connection.close();
      await api.close();
    }
  });

  test('a connection the server closes after an answer: the next request opens another, recorded apart', async () => {
    const api = client();
    const recorded = api.recordedConnection()!;
    try {
      await api.send({ method: 'GET', path: '/close', connection: recorded.connection });
      await api.send({ method: 'GET', path: '/after', connection: recorded.connection });
      expect(recorded.recorder.received().map((r) => r.requests.map((q) => q.path))).toEqual([['/close'], ['/after']]);
    } finally {
      await recorded.connection.close();
      await api.close();
    }
  });

  test('a target NO_PROXY exempts is reached directly, and recorded', async () => {
    const api = client({ transport: { httpProxy: 'http://127.0.0.1:9', noProxy: '127.0.0.1' } });
    const recorded = api.recordedConnection()!;
    try {
      await api.send({ method: 'GET', path: '/direct', connection: recorded.connection });
      expect(recorded.recorder.received().map((r) => r.bytes.toString('latin1'))).toEqual([
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      ]);
    } finally {
      await recorded.connection.close();
      await api.close();
    }
  });

  test('through a proxy, nothing is recorded: the proxy frames the answers', async () => {
    const api = client({ transport: { httpProxy: 'http://127.0.0.1:9' } });
    try {
      expect(api.recordedConnection()).toBeUndefined();
    } finally {
      await api.close();
    }
  });
});
