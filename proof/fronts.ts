// What may stand in front of a correct service and answer for it or change its answers: a firewall, a gateway.
// A variation's `front` wraps the reference's request listener with one of these.

import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { RequestListener } from '../lib/reference/server.js';

/** An encoded control character in a request's path (Spring's StrictHttpFirewall refuses these; so do WAFs). */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i;

/** Whether a Host names the address the request reached (any letter case), as an allowed-hosts list has it. */
function allowedHost(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  const allowed = [`127.0.0.1:${port}`, `localhost:${port}`, `${req.socket.localAddress}:${port}`];
  return allowed.includes((req.headers.host ?? '').toLowerCase());
}

/**
 * A firewall: a path with an encoded control character (Spring's StrictHttpFirewall), or a Host other than the
 * address the service is reached at (Django's ALLOWED_HOSTS), gets its own bare 400, no API error; the rest pass.
 */
export const firewall =
  (listener: RequestListener): RequestListener =>
  async (req, res) => {
    if (allowedHost(req) && !CONTROL_IN_PATH.test(String(req.url).split('?')[0] ?? '')) return listener(req, res);
    res.writeHead(400, { 'Content-Type': 'text/html' }).end('<html><body><h1>Request rejected</h1></body></html>');
  };

interface Answer {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

/** Whether an Accept-Encoding header accepts gzip (named, or by `*`, with a q above 0). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Whether If-None-Match names this tag (weak comparison, RFC 9110 13.1.2), or is `*`. */
const matches = (header: string | undefined, tag: string): boolean =>
  (header ?? '').split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === tag.replace(/^W\//, ''));

/**
 * A gateway as Express and nginx make one: every 200 answer to a GET gets a weak ETag of its bytes, and a GET whose
 * If-None-Match names it gets 304 with no body; answers are gzipped when Accept-Encoding allows it (`Vary`), and
 * sent chunked, without Content-Length.
 */
export function gateway(req: IncomingMessage, { status, headers, body }: Answer): Answer {
  const { 'content-length': _length, 'Content-Length': _declared, ...rest } = headers;
  if (status === 200 && req.method === 'GET') {
    const tag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    if (matches(req.headers['if-none-match'], tag))
      return { status: 304, headers: { ETag: tag }, body: Buffer.alloc(0) };
    rest['ETag'] = tag;
  }
  if (body.length === 0 || !acceptsGzip(req.headers['accept-encoding'])) return { status, headers: rest, body };
  return { status, headers: { ...rest, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }, body: gzipSync(body) };
}

/** Wraps a listener so that each answer it writes (one writeHead, one end) passes through `change` first. */
export const rewriting =
  (change: (req: IncomingMessage, answer: Answer) => Answer) =>
  (listener: RequestListener): RequestListener =>
  async (req, res) => {
    const writeHead = res.writeHead.bind(res);
    const end = res.end.bind(res);
    let status = 200;
    let headers: OutgoingHttpHeaders = {};
    res.writeHead = ((code: number, given?: OutgoingHttpHeaders) => {
      [status, headers] = [code, { ...given }];
      return res;
    }) as typeof res.writeHead;
    res.end = ((chunk?: string | Buffer) => {
      const answer = change(req, { status, headers, body: Buffer.from(chunk ?? '') });
      writeHead(answer.status, answer.headers);
      end(answer.body);
      return res;
    }) as typeof res.end;
    await listener(req, res);
  };

/** The reference's own description of its documents, and what a translating front writes for it in French. */
const DESCRIPTION = 'Reference implementation published by the conformance suite.';
const DESCRIPTION_FR = 'Implémentation de référence publiée par la suite de conformité.';

/**
 * A front translating the published documents' prose (RFC 9110 12.5.4): a document asked for with Accept-Language
 * naming French first has its description in French, in either form; the rest passes as it is.
 */
export function translating(req: IncomingMessage, answer: Answer): Answer {
  const french = /^\s*fr\b/i.test(String(req.headers['accept-language'] ?? ''));
  if (!french || answer.status !== 200 || !String(req.url).startsWith('/v1/openapi/')) return answer;
  const body = Buffer.from(answer.body.toString('utf8').replace(DESCRIPTION, DESCRIPTION_FR), 'utf8');
  const { 'content-length': _length, 'Content-Length': _declared, ...rest } = answer.headers;
  return { status: answer.status, headers: { ...rest, 'Content-Length': body.length }, body };
}
