// A tiny loopback target for the published-spec tests: it serves a listing and
// documents (YAML by default, JSON on `Accept: application/json`) and records the
// requests it gets.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { stringify } from 'yaml';
import { ApiClient } from '../../lib/http/client.js';

export interface Reply {
  readonly status?: number;
  readonly contentType?: string;
  readonly body: string;
}

/** What to answer for a request path; undefined → 404. */
export type Route = (path: string, headers: IncomingHttpHeaders) => Reply | undefined;

export interface SeenRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

export interface TestTarget {
  /** `http://127.0.0.1:<port>`; read inside tests (the port is known once listening). */
  readonly origin: string;
  /** A client whose base URL is the origin plus `mount`. */
  client(mount?: string): ApiClient;
  serve(route: Route): void;
  readonly seen: SeenRequest[];
}

const NOT_FOUND: Reply = { status: 404, body: '{"error":{"code":"NOT_FOUND","message":"no such path"}}' };

/** One server per test file, closed after it; the route and the record are reset after each test. */
export function useTestTarget(): TestTarget {
  let route: Route = () => undefined;
  const seen: SeenRequest[] = [];
  const clients: ApiClient[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push({ path, headers: request.headers });
    const reply = route(path, request.headers) ?? NOT_FOUND;
    response
      .writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' })
      .end(reply.body);
  });
  const origin = (): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterEach(() => {
    route = () => undefined;
    seen.length = 0;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await new Promise((resolve) => server.close(resolve));
  });

  return {
    get origin() {
      return origin();
    },
    client(mount = '') {
      // Not about time: a generous timeout keeps a busy machine from turning an answer into an error.
      const client = new ApiClient({
        baseUrl: origin() + mount,
        apiKey: 'test-key',
        timeoutMs: 20_000,
        concurrency: 4,
      });
      clients.push(client);
      return client;
    },
    serve(next) {
      route = next;
    },
    seen,
  };
}

export const json = (value: unknown, status = 200): Reply => ({ status, body: JSON.stringify(value) });

/** A document as the spec describes: JSON when asked for, YAML otherwise. */
export function documentReply(document: unknown, headers: IncomingHttpHeaders): Reply {
  return headers.accept?.includes('application/json')
    ? json(document)
    : { contentType: 'application/yaml', body: stringify(document) };
}

/** Serves `listing` at `<mount>/v1/openapi` and each document at `<mount>/v1/openapi/{name}`. */
export function publishing(listing: unknown, documents: Readonly<Record<string, unknown>>, mount = ''): Route {
  return (path, headers) => {
    if (path === `${mount}/v1/openapi`) return json(listing);
    const name = path.startsWith(`${mount}/v1/openapi/`)
      ? decodeURIComponent(path.slice(`${mount}/v1/openapi/`.length))
      : undefined;
    const document = name === undefined ? undefined : documents[name];
    return document === undefined ? undefined : documentReply(document, headers);
  };
}
