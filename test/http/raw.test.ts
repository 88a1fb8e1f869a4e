// A request written by hand and its answer read from the bytes: the reader (framing by Content-Length, chunks or the
// connection's close, past interim answers) and the exchange on a socket (the body after 100 Continue, a second's
// wait, a final answer without one, a connection closed unanswered, a timeout).

import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { rawExchange, RawFailure, readAnswer, requestHead } from '../../lib/http/raw.js';

const bytes = (...parts: string[]) => Buffer.from(parts.join(''), 'latin1');

describe('readAnswer', () => {
  test('a body framed by Content-Length, past an interim 100; incomplete until its last byte', () => {
    const whole = bytes('HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 201 Created\r\nContent-Length: 7\r\n\r\n{"a":1}');
    expect(readAnswer(whole, 'POST', false)).toMatchObject({
      status: 201,
      version: '1.1',
      interim: [100],
      framing: 'content-length',
      body: Buffer.from('{"a":1}'),
    });
    expect(readAnswer(whole.subarray(0, whole.length - 1), 'POST', false)).toBeUndefined();
    expect(readAnswer(whole.subarray(0, whole.length - 1), 'POST', true)).toEqual({
      unreadable: 'a body shorter than its Content-Length',
    });
  });

  test('a chunked body decoded, its header kept; a body without framing ends with the connection', () => {
    const chunked = bytes(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n3;x=1\r\n:1}\r\n0\r\n\r\n',
    );
    expect(readAnswer(chunked, 'GET', false)).toMatchObject({
      framing: 'chunked',
      headers: { 'transfer-encoding': 'chunked' },
      body: Buffer.from('{"a":1}'),
    });
    const closed = bytes('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{}');
    expect(readAnswer(closed, 'GET', false)).toBeUndefined();
    expect(readAnswer(closed, 'GET', true)).toMatchObject({
      version: '1.0',
      framing: 'close',
      body: Buffer.from('{}'),
    });
  });

  test('a HEAD and a 204 have no body; no bytes, or no status line, are unreadable', () => {
    expect(readAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n'), 'HEAD', false)).toMatchObject({
      framing: 'no body',
    });
    expect(readAnswer(bytes('HTTP/1.1 204 No Content\r\n\r\n'), 'DELETE', false)).toMatchObject({ status: 204 });
    expect(readAnswer(Buffer.alloc(0), 'GET', true)).toEqual({ unreadable: 'no answer' });
    expect(readAnswer(bytes('hello\r\n\r\n'), 'GET', true)).toMatchObject({
      unreadable: expect.stringMatching(/^no status line/),
    });
  });

  test('a chunked body cut short waits for the rest, then is unreadable; a chunk longer than its size is unreadable', () => {
    const head = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(readAnswer(bytes(head, '4\r\n{"a'), 'GET', false)).toBeUndefined();
    expect(readAnswer(bytes(head, '4\r\n{"a'), 'GET', true)).toEqual({ unreadable: 'a chunked body cut short' });
    expect(readAnswer(bytes(head, '2\r\n{"a"\r\n0\r\n\r\n'), 'GET', false)).toEqual({
      unreadable: 'a chunk is longer than its size',
    });
  });

  test('requestHead writes the request line and the fields as given', () => {
    expect(requestHead({ method: 'GET', target: '/v1/x?a=1', version: 'HTTP/1.0', headers: [['Host', 'h:1']] })).toBe(
      'GET /v1/x?a=1 HTTP/1.0\r\nHost: h:1\r\n\r\n',
    );
  });
});

describe('rawExchange', () => {
  const servers: Array<{ close(): unknown }> = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function listening(server: Server | ReturnType<typeof createHttpServer>): Promise<URL> {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  const post = (url: URL, extra: object = {}) => ({
    url,
    method: 'POST',
    target: '/v1/things',
    headers: [
      ['Host', url.host],
      ['Expect', '100-continue'],
      ['Content-Length', '2'],
    ] as Array<[string, string]>,
    body: Buffer.from('{}'),
    version: 'HTTP/1.1' as const,
    awaitContinue: true,
    timeoutMs: 2_000,
    ...extra,
  });

  test('with Expect: 100-continue, the body goes after the 100 and the final answer is read', async () => {
    const server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ body })));
    });
    const answer = await rawExchange(post(await listening(server), { continueWaitMs: 60_000 }));
    expect(answer).toMatchObject({ status: 201, interim: [100] });
    expect(JSON.parse(answer.body.toString())).toEqual({ body: '{}' });
  });

  test('a final answer without a 100 ends the exchange, the body unsent; without an interim answer it goes after the wait', async () => {
    const seen: string[] = [];
    const server = createServer((socket: Socket) => {
      socket.on('data', (chunk: Buffer) => {
        seen.push(chunk.toString());
        if (seen.join('').endsWith('{}'))
          socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
      });
    });
    const url = await listening(server);
    const answer = await rawExchange(post(url, { continueWaitMs: 50 }));
    expect(answer.status).toBe(200);
    expect(seen.join('')).toMatch(/\r\n\r\n\{\}$/);

    const refusing = createServer((socket: Socket) =>
      socket.once('data', () => socket.end('HTTP/1.1 417 Expectation Failed\r\nContent-Length: 0\r\n\r\n')),
    );
    expect(await rawExchange(post(await listening(refusing), { continueWaitMs: 60_000 }))).toMatchObject({
      status: 417,
    });
  });

  test('a connection closed without an answer, and a server that never answers, fail as such', async () => {
    const closing = createServer((socket: Socket) => socket.once('data', () => socket.end()));
    await expect(rawExchange(post(await listening(closing)))).rejects.toMatchObject({ kind: 'closed' });
    const silent = createServer(() => {});
    const failure = await rawExchange(post(await listening(silent), { timeoutMs: 100 })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RawFailure);
    expect(failure).toMatchObject({ kind: 'timeout', message: 'no complete response within 100 ms' });
  });
});
