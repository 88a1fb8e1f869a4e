// The probes' HTTP client: one request to a running reference service, its answer read as JSON when it is.

import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import type { RunningReference } from '../../lib/reference/server.js';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The body's bytes as received (a byte order mark included, which text leaves out). */
  bytes: Buffer;
  /** Parsed JSON (loosely typed: tests probe it freely), or the text when it is not JSON. */
  body: any;
  /** The response's headers, names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface CallOptions {
  /** The API key to send; the service's own key by default, null for none. */
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is. */
  raw?: string;
  headers?: Record<string, string>;
  /** The Content-Type a body is sent with; application/json by default. */
  contentType?: string;
  /** Sends the body chunked (Transfer-Encoding: chunked, no Content-Length). */
  chunked?: boolean;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Answer>;

export function client(service: RunningReference): Call {
  return async (method, path, options = {}) => {
    const key = options.key === undefined ? service.apiKey : options.key;
    const headers: Record<string, string> = { ...(key === null ? {} : { 'X-API-Key': key }), ...options.headers };
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    // A probe may label its body otherwise (a media type with parameters).
    if (payload !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['Content-Type'] = options.contentType ?? 'application/json';
    const body = payload !== undefined && options.chunked ? Readable.from([Buffer.from(payload)]) : payload;
    // undici's request sends only the headers given (fetch would add Accept: */* and others).
    const response = await request(service.url + path, { method: method as 'GET', headers, body });
    const bytes = Buffer.from(await response.body.arrayBuffer());
    // As undici's text() decodes: UTF-8, a leading byte order mark dropped.
    const text = new TextDecoder().decode(bytes);
    const contentType = String(response.headers['content-type'] ?? '');
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // YAML and other text stay as text
    }
    return { status: response.statusCode, contentType, text, bytes, body: parsed, headers: response.headers };
  };
}

/**
 * The bytes received for a request written by hand to the service (`head(host)`: its request line and headers, each
 * line ending in CRLF), sent on a socket of its own, to the connection's end: what no client library shows as it came
 * (a target sent as written, bytes past an answer's framing).
 */
export async function rawAnswer(call: Call, head: (host: string) => string): Promise<Buffer> {
  const listing = await call('GET', '/v1/openapi');
  const url = new URL(String((listing.body.specs as { url: string }[])[0]?.url));
  return new Promise<Buffer>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(`${head(url.host)}\r\n`);
  });
}

/** The status code of a request written by hand (`rawAnswer`). */
export async function rawStatus(call: Call, head: (host: string) => string): Promise<number> {
  const text = (await rawAnswer(call, head)).toString('latin1');
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
}

/** How many bytes an answer received whole (`rawAnswer`) carries past the body its Content-Length frames. */
export function bytesPastLength(received: Buffer): number {
  const end = received.indexOf('\r\n\r\n');
  const head = received.subarray(0, end).toString('latin1');
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
  return received.length - (end + 4) - length;
}
