import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ApiClient, ThrottledError } from '../../lib/http/client.js';
import { TransportError } from '../../lib/http/exchange.js';
import { redact } from '../../lib/http/redact.js';
import { ThrottleWatch } from '../../lib/http/throttle.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    (routes.get(path) ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// Only the timeout test is about time: elsewhere a generous timeout keeps a busy machine from failing a test.
const client = (options: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({ baseUrl: base, apiKey: 'client-test-secret-key', timeoutMs: 20_000, concurrency: 4, ...options });

describe('ApiClient', () => {
  test('sends the key, records it as $API_KEY, parses JSON', async () => {
    routes.set('/echo', (req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ key: req.headers['x-api-key'] })),
    );
    const ex = await client().send({ method: 'GET', path: '/echo' });
    expect(ex.response.json).toEqual({ key: 'client-test-secret-key' });
    expect(ex.request.headers['X-API-Key']).toBe('$API_KEY');
    // The server echoed the key: redaction keeps it out of anything shown.
    expect(redact(ex.response.text)).not.toContain('client-test-secret-key');
  });

  test('extra headers go with every request, yielding to a header the request sets or removes, in any case', async () => {
    routes.set('/extra', (req, res) =>
      res.writeHead(200).end(JSON.stringify([req.headers['x-gateway'] ?? null, req.headers.accept ?? null])),
    );
    const extra = client({
      transport: {
        headers: [
          { name: 'X-Gateway', value: 'open' },
          { name: 'Accept', value: 'application/vnd.gw+json' },
        ],
      },
    });
    const seen = async (headers?: Record<string, string | null>) =>
      JSON.parse((await extra.send({ method: 'GET', path: '/extra', headers })).response.text) as unknown;
    expect(await seen()).toEqual(['open', 'application/vnd.gw+json']);
    expect(await seen({ 'x-gateway': 'mine', ACCEPT: 'text/plain' })).toEqual(['mine', 'text/plain']);
    expect(await seen({ 'X-GATEWAY': null, accept: null })).toEqual([null, null]);
    await extra.close();
  });

  test('requests given one connection follow each other on it, writes too', async () => {
    routes.set('/socket', (req, res) => res.writeHead(200).end(`${req.socket.remotePort}`));
    const api = client();
    const connection = api.oneConnection();
    const ports = [];
    for (const method of ['POST', 'POST', 'GET'])
      ports.push((await api.send({ method, path: '/socket', json: {}, connection })).response.text);
    expect(new Set(ports).size).toBe(1);
    await connection.close();
    await api.close();
  });

  test('sends the request target as written where asked: dot segments and doubled slashes kept, or the whole URL', async () => {
    const seen: string[] = [];
    const record: Handler = (req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200).end();
    };
    for (const path of ['/v1/openapi/../runs', '/v1//runs', `${base}/v1/runs`]) routes.set(path, record);
    const api = client();
    await api.send({ method: 'GET', path: '/v1/openapi/../runs', query: { page_size: 1 }, targetForm: 'origin-form' });
    await api.send({ method: 'GET', path: '/v1//runs', targetForm: 'origin-form' });
    await api.send({ method: 'GET', path: '/v1/runs', targetForm: 'absolute-form' });
    expect(seen).toEqual(['/v1/openapi/../runs?page_size=1', '/v1//runs', `${base}/v1/runs`]);
    await api.close();
  });

  test('auth none sends no key', async () => {
    routes.set('/nokey', (req, res) => res.writeHead(200).end(String(req.headers['x-api-key'] === undefined)));
    expect((await client().send({ method: 'GET', path: '/nokey', auth: 'none' })).response.text).toBe('true');
  });

  test('sends Accept: application/json unless told otherwise, and none for null', async () => {
    routes.set('/accept', (req, res) => res.writeHead(200).end(String(req.headers.accept)));
    const accept = async (headers?: Record<string, string | null>) =>
      (await client().send({ method: 'GET', path: '/accept', headers })).response.text;
    expect(await accept()).toBe('application/json');
    expect(await accept({ accept: '*/*' })).toBe('*/*');
    expect(await accept({ accept: null })).toBe('undefined');
  });

  test('reads a body in the content coding its Content-Encoding names, strictly; one that does not decode as it came', async () => {
    const json = JSON.stringify({ coded: 'é'.repeat(2000) });
    const coded: Record<string, Buffer> = {
      gzip: gzipSync(json),
      'x-gzip': gzipSync(json),
      br: brotliCompressSync(json),
      deflate: deflateSync(json),
      'gzip, br': brotliCompressSync(gzipSync(json)),
      identity: Buffer.from(json),
    };
    routes.set('/coded', (req, res) => {
      const coding = String(req.headers['x-coding']);
      res.writeHead(200, { 'content-encoding': coding }).end(coded[coding] ?? Buffer.from('not gzip'));
    });
    for (const coding of Object.keys(coded)) {
      const ex = await client().send({ method: 'GET', path: '/coded', headers: { 'x-coding': coding } });
      expect(ex.response.json, coding).toEqual(JSON.parse(json));
    }
    const broken = await client().send({ method: 'GET', path: '/coded', headers: { 'x-coding': 'gzip, zstd' } });
    expect(broken.response.text).toBe('not gzip');
    // deflate is the zlib format (RFC 9110 8.4.1.2): raw DEFLATE under its label is kept as it came.
    routes.set('/raw-deflate', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateRawSync(json)),
    );
    const raw = await client().send({ method: 'GET', path: '/raw-deflate' });
    expect(raw.response.json).toBeUndefined();
  });

  test('sends the key under the header name as written, letter case kept on the wire', async () => {
    routes.set('/raw-key', (req, res) =>
      res.writeHead(200).end(String(req.rawHeaders.find((name) => name.toLowerCase() === 'x-api-key'))),
    );
    const sentAs = async (keyHeader?: string) =>
      (await client().send({ method: 'GET', path: '/raw-key', keyHeader })).response.text;
    expect(await sentAs()).toBe('X-API-Key');
    expect(await sentAs('x-api-key')).toBe('x-api-key');
    const ex = await client().send({ method: 'GET', path: '/raw-key', keyHeader: 'X-API-KEY' });
    expect(ex.request.headers['X-API-KEY']).toBe('$API_KEY');
  });

  test('sends a body chunked on request (no Content-Length), recording the framing for the curl line', async () => {
    routes.set('/framing', (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () =>
        res
          .writeHead(200)
          .end(JSON.stringify([req.headers['transfer-encoding'] ?? null, req.headers['content-length'] ?? null, body])),
      );
    });
    const framing = async (chunked?: boolean) =>
      (await client().send({ method: 'POST', path: '/framing', json: { a: 1 }, chunked })).response.json;
    expect(await framing(true)).toEqual(['chunked', null, '{"a":1}']);
    expect(await framing()).toEqual([null, '7', '{"a":1}']);
    const ex = await client().send({ method: 'POST', path: '/framing', json: { a: 1 }, chunked: true });
    expect(ex.request.headers['transfer-encoding']).toBe('chunked');
  });

  test('sends a body over 1 MiB in pieces, byte for byte, with its Content-Length and no chunked framing', async () => {
    routes.set('/large', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const bytes = Buffer.concat(chunks);
        res.writeHead(200).end(
          JSON.stringify({
            framing: [req.headers['transfer-encoding'] ?? null, req.headers['content-length'] ?? null],
            bytes: bytes.length,
            same: bytes.equals(sent),
          }),
        );
      });
    });
    // An astral character across the first piece's edge (64 Ki characters of JSON text), then two-byte, astral and
    // lone-surrogate ones: each piece ends on a whole character.
    const text = 'a'.repeat(64 * 1024 - 1 - '{"text":"'.length) + '\u{1F600}' + 'é\u{1F600}x\uD800'.repeat(300_000);
    const sent = Buffer.from(JSON.stringify({ text }), 'utf8');
    const ex = await client().send({ method: 'POST', path: '/large', json: { text } });
    expect(ex.response.json).toEqual({ framing: [null, String(sent.length)], bytes: sent.length, same: true });
    expect(ex.request.body).toBe(JSON.stringify({ text }));
  });

  test('encodes spaces in the query as %20', async () => {
    routes.set('/q', (req, res) => res.writeHead(200).end(req.url));
    const ex = await client().send({ method: 'GET', path: '/q', query: { filter: 'name = "A B"', skip: undefined } });
    expect(ex.response.text).toBe('/q?filter=name%20%3D%20%22A%20B%22');
  });

  test('waits out 503 with Retry-After, then returns the answer', async () => {
    let calls = 0;
    routes.set('/busy', (_req, res) =>
      ++calls < 3 ? res.writeHead(503, { 'retry-after': '0' }).end() : res.writeHead(200).end('{}'),
    );
    const ex = await client().send({ method: 'GET', path: '/busy' });
    expect(ex.response.status).toBe(200);
    expect(ex.retries).toBe(2);
  });

  test('waits out 429s without counting them; gives up only when nothing got through for the give-up time', async () => {
    let calls = 0;
    routes.set('/limited', (_req, res) =>
      ++calls <= 5 ? res.writeHead(429, { 'retry-after': '0' }).end() : res.writeHead(200).end('{}'),
    );
    const ex = await client().send({ method: 'GET', path: '/limited' });
    expect([ex.response.status, ex.retries]).toEqual([200, 5]);
    routes.set('/always', (_req, res) => res.writeHead(429, { 'retry-after': '0' }).end());
    await expect(client({ throttleGiveUpMs: 200 }).send({ method: 'GET', path: '/always' })).rejects.toBeInstanceOf(
      ThrottledError,
    );
  });

  test('a request written by hand (raw): HTTP/1.0 or with Expect, the key sent and recorded redacted, 429s waited out', async () => {
    let calls = 0;
    routes.set('/raw', (req, res) => {
      if (++calls === 1) return res.writeHead(429, { 'retry-after': '0' }).end();
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            version: req.httpVersion,
            expect: req.headers.expect ?? null,
            key: req.headers['x-api-key'],
            body,
          }),
        ),
      );
    });
    const raw = client();
    const ex = await raw.send({ method: 'POST', path: '/raw', json: { a: 1 }, raw: { expect: '100-Continue' } });
    expect([ex.response.status, ex.retries]).toEqual([200, 1]);
    expect(ex.response.json).toEqual({
      version: '1.1',
      expect: '100-Continue',
      key: 'client-test-secret-key',
      body: '{"a":1}',
    });
    expect(ex.request.headers).toMatchObject({ 'X-API-Key': '$API_KEY', expect: '100-Continue' });
    const old = await raw.send({ method: 'GET', path: '/raw', raw: { version: 'HTTP/1.0' } });
    expect(old.response.json).toMatchObject({ version: '1.0', expect: null });
    expect(raw.rawPossible).toBe(true);
    expect(client({ transport: { httpProxy: 'http://127.0.0.1:9' } }).rawPossible).toBe(false);
  });

  test('a raw request whose connection closes unanswered is sent once more on a fresh one', async () => {
    let connections = 0;
    let alwaysClose = false;
    const closing = createNetServer((socket) => {
      socket.once('data', () =>
        ++connections === 1 || alwaysClose
          ? socket.end()
          : socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'),
      );
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(closing.address() as { port: number }).port}`;
      const ex = await client({ baseUrl: at }).send({ method: 'GET', path: '/x', raw: { version: 'HTTP/1.0' } });
      expect([ex.response.status, connections]).toEqual([200, 2]);
      alwaysClose = true;
      await expect(
        client({ baseUrl: at }).send({ method: 'GET', path: '/x', raw: { version: 'HTTP/1.0' } }),
      ).rejects.toBeInstanceOf(TransportError);
    } finally {
      closing.close();
    }
  });

  test("a 503 without Retry-After is the server's answer", async () => {
    routes.set('/down', (_req, res) => res.writeHead(503).end());
    const ex = await client().send({ method: 'GET', path: '/down' });
    expect([ex.response.status, ex.retries]).toEqual([503, 0]);
  });

  test('cuts a large body at the cap', async () => {
    routes.set('/big', (_req, res) => res.writeHead(200).end('x'.repeat(100_000)));
    const ex = await client({ maxResponseBytes: 1000 }).send({ method: 'GET', path: '/big' });
    expect(ex.response.truncated).toBe(true);
    expect(ex.response.text.length).toBe(1000);
  });

  test('a hanging server becomes a TransportError naming the timeout', async () => {
    routes.set('/hang', () => {});
    await expect(client({ timeoutMs: 300 }).send({ method: 'GET', path: '/hang' })).rejects.toThrow(
      /no complete response within 300 ms/,
    );
  });

  test('a refused connection becomes a TransportError', async () => {
    const dead = new ApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: undefined, timeoutMs: 20_000, concurrency: 1 });
    const error = await dead.send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/connection refused/);
  });

  test('https:// to a plain-HTTP port says so in words, not in OpenSSL', async () => {
    const tls = new ApiClient({
      baseUrl: base.replace(/^http:/, 'https:'),
      apiKey: undefined,
      timeoutMs: 20_000,
      concurrency: 1,
    });
    try {
      const error = await tls.send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as Error).message).toMatch(
        /^GET https:\/\/127\.0\.0\.1:\d+\/x: TLS handshake failed: is this an http:\/\/ port\?/,
      );
      expect((error as Error).message).not.toMatch(/ssl3|openssl|routines/i);
    } finally {
      await tls.close();
    }
  });

  test('http:// to a TLS port (the answer is a TLS alert) says so in words', async () => {
    // A TLS server's answer to a plain HTTP request: an alert record (0x15, version 3.1, protocol_version).
    await rawAnswer(Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x46]), async (plain) => {
      const error = await plain.send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as Error).message).toMatch(/the server answered in TLS: is this an https:\/\/ port\?/);
    });
  });
});

/** A raw server answering every request with `answer`, then ending the connection. */
/** A server answering each connection's first request with `answer` (the n-th connection with the n-th of a list, the last repeated). */
async function rawAnswer(
  answer: string | Buffer | ReadonlyArray<string | Buffer>,
  run: (client: ApiClient) => Promise<void>,
): Promise<void> {
  const answers = typeof answer === 'string' || Buffer.isBuffer(answer) ? [answer] : answer;
  let connections = 0;
  const raw = createNetServer((socket) => {
    const nth = answers[Math.min(connections++, answers.length - 1)]!;
    socket.once('data', () => socket.end(nth));
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const client = new ApiClient({
    baseUrl: `http://127.0.0.1:${(raw.address() as { port: number }).port}`,
    apiKey: undefined,
    timeoutMs: 20_000,
    concurrency: 1,
  });
  try {
    await run(client);
  } finally {
    await client.close();
    await new Promise((resolve) => raw.close(resolve));
  }
}

describe('ApiClient, on an answer that breaks HTTP framing', () => {
  const failure = (client: ApiClient) => client.send({ method: 'GET', path: '/x' }).catch((e: unknown) => e);

  test('a Content-Length beside a Transfer-Encoding is a malformed answer, said so', async () => {
    const body = '{"a":1}';
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    await rawAnswer(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked}`,
      async (client) => {
        const error = (await failure(client)) as TransportError;
        expect(error).toBeInstanceOf(TransportError);
        expect(error.malformed?.what).toMatch(/Content-Length and Transfer-Encoding|framed to another length/);
      },
    );
  });

  test('bytes that are no HTTP message are a malformed answer', async () => {
    await rawAnswer('HTTP/1.1 200 OK\r\nBad Header\r\n\r\n', async (client) => {
      const error = (await failure(client)) as TransportError;
      expect(error.malformed?.what).toMatch(/^it is no well-formed HTTP\/1\.1 message \(/);
    });
  });

  test("a body cut short of its Content-Length once is the network's doing: asked again, the whole answer is read", async () => {
    for (const close of ['Connection: close\r\n', '']) {
      const whole = 'HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{"a":1}';
      await rawAnswer([`HTTP/1.1 200 OK\r\nContent-Length: 100\r\n${close}\r\n{"a":`, whole], async (client) => {
        expect((await client.send({ method: 'GET', path: '/x' })).response.json).toEqual({ a: 1 });
      });
    }
  });

  test('a body cut short differently on the second connection is not judged', async () => {
    const cut = (body: string) => `HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n${body}`;
    await rawAnswer([cut('{"a":'), cut('{"a":1')], async (client) => {
      const error = (await failure(client)) as TransportError;
      expect(error).toBeInstanceOf(TransportError);
      expect(error.malformed).toBeUndefined();
    });
  });

  test('a body cut short alike on two connections is framed so by the server: a malformed answer, said so', async () => {
    for (const close of ['Connection: close\r\n', '']) {
      await rawAnswer(`HTTP/1.1 200 OK\r\nContent-Length: 100\r\n${close}\r\n{"a":`, async (client) => {
        const error = (await failure(client)) as TransportError;
        expect(error.malformed?.what).toBe(
          'its body ends with the connection after 5 of the 100 bytes its Content-Length says, alike on two connections',
        );
      });
    }
  });

  test('a write cut short is not asked again', async () => {
    await rawAnswer('HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"a":', async (client) => {
      const error = (await client
        .send({ method: 'POST', path: '/x', json: {} })
        .catch((e: unknown) => e)) as TransportError;
      expect(error).toBeInstanceOf(TransportError);
      expect(error.malformed).toBeUndefined();
    });
  });

  test('a well-formed answer is read', async () => {
    await rawAnswer('HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{"a":1}', async (client) => {
      expect((await client.send({ method: 'GET', path: '/x' })).response.json).toEqual({ a: 1 });
    });
  });
});

describe('ApiClient, when the runner ends the run', () => {
  test('a request in flight and one waiting out back-pressure fail at once with the reason, not at their timeouts', async () => {
    routes.set('/stall', () => {});
    routes.set('/later', (_req, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    // Neither could end by itself before the test's own timeout: only the stop can end them.
    const patient = client({ timeoutMs: 600_000, throttleGiveUpMs: 600_000 });
    // A first answer, so the stalled read goes on a reused connection (whose errors the idle watch reads).
    routes.set('/first', (_req, res) => res.writeHead(200).end('{}'));
    await patient.send({ method: 'GET', path: '/first' });
    const stalled = patient.send({ method: 'GET', path: '/stall' });
    const waiting = patient.send({ method: 'POST', path: '/later', json: {} });
    await vi.waitFor(() => expect([hits.get('/stall'), hits.get('/later')]).toEqual([1, 1]));
    const watch = new ThrottleWatch(base);
    watch.stop('the run was interrupted by SIGTERM');
    for (const cut of [stalled, waiting])
      await expect(cut).rejects.toThrow(/^not finished: the run was interrupted by SIGTERM$/);
    await expect(stalled).rejects.toBeInstanceOf(TransportError);
    expect((await waiting.catch((error: TransportError) => error)).request.method).toBe('POST');
    watch.close();
    await patient.close();
  });
});
