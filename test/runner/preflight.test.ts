// Preflight: a base URL under which nothing of the API answers is a configuration stop;
// a server missing only one of the probed endpoints is left to the checks.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../../lib/http/client.js';
import { type RunningReference, startReferenceService } from '../../lib/reference/server.js';
import { preflight } from '../../lib/runner/preflight.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const notFound: Handler = (_req, res) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
const ok: Handler = (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}');

/** Which handler answers a path; everything else is 404. */
let routes: Record<string, Handler> = {};
const requested: string[] = [];
let server: Server;
let base: string;
let reference: RunningReference;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requested.push(`${req.method} ${req.url}`);
    (routes[path] ?? notFound)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  reference = await startReferenceService();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await reference.close();
});

// Nothing here is about timing: a generous timeout keeps a busy machine from turning a probe into an error.
async function preflightAt(
  baseUrl: string,
  apiKey = 'preflight-test-key',
): Promise<Awaited<ReturnType<typeof preflight>>> {
  const client = new ApiClient({ baseUrl, apiKey, timeoutMs: 20_000, concurrency: 2 });
  try {
    return await preflight(client);
  } finally {
    await client.close();
  }
}

describe('preflight', () => {
  test('404 to both the specification listing and GET /v1/personas: the path prefix looks wrong, a configuration stop', async () => {
    routes = {};
    requested.length = 0;
    const stop = await preflightAt(`${base}/api`);
    expect(stop?.kind).toBe('config');
    expect(stop?.message).toMatch(/path prefix of BASE_URL looks wrong/);
    expect(stop?.message).toContain(`GET ${base}/api/v1/personas?page_size=1`);
    expect(stop?.message).toContain(`GET ${base}/api/v1/openapi`);
    // It suggests what to check: the path it was given.
    expect(stop?.message).toMatch(/Check the path \/api in BASE_URL/);
    expect(requested).toEqual(['GET /api/v1/personas?page_size=1', 'GET /api/v1/openapi']);
  });

  test('a base URL without a path is told to look for a prefix', async () => {
    routes = {};
    const stop = await preflightAt(base);
    expect(stop?.kind).toBe('config');
    expect(stop?.message).toMatch(/served below a path prefix/);
  });

  test('404 to GET /v1/personas only: no stop, the checks give the verdict', async () => {
    routes = { '/v1/openapi': ok };
    expect(await preflightAt(base)).toBeUndefined();
  });

  test('404 to the specification listing only: no stop', async () => {
    routes = { '/v1/personas': ok };
    requested.length = 0;
    expect(await preflightAt(base)).toBeUndefined();
    // A found probe needs no second request.
    expect(requested).toEqual(['GET /v1/personas?page_size=1']);
  });

  test('the reference service with /v1 doubled (an unstripped base URL) is a configuration stop; at its root it passes', async () => {
    expect((await preflightAt(`${reference.url}/v1`, reference.apiKey))?.kind).toBe('config');
    expect(await preflightAt(reference.url, reference.apiKey)).toBeUndefined();
  });

  test('a rejected key is still told apart from a wrong prefix', async () => {
    const stop = await preflightAt(reference.url, 'not-the-reference-key');
    expect(stop?.kind).toBe('unauthenticated');
  });
});
