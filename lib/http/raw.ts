// One request written by hand on a connection of its own, and its answer read from the bytes: for what undici
// cannot send (it speaks HTTP/1.1 only, and refuses an Expect header) — an HTTP/1.0 request, a body sent after
// `Expect: 100-continue` once the server's 100 (or a second) came. The client (client.ts) sends it through its
// throttle, with its back-pressure, timeout and redaction; this module knows sockets and bytes only.

import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { answerAt } from './framing.js';

/** What a raw request varies from what undici would send. */
export interface RawOptions {
  /** The request line's version (HTTP/1.1 by default). */
  readonly version?: 'HTTP/1.0' | 'HTTP/1.1';
  /** An Expect header, as written (`100-continue`): the body then waits for the server's interim answer. */
  readonly expect?: string;
}

/** The final answer read from the bytes, with the interim ones before it. */
export interface RawAnswer {
  readonly version: string;
  readonly status: number;
  /** Names in lower case, repeated fields joined by commas. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** How the body was framed. */
  readonly framing: 'content-length' | 'chunked' | 'close' | 'no body';
  /** The statuses of the interim (1xx) answers before it. */
  readonly interim: readonly number[];
}

/** Bytes that cannot be read as an answer: why. */
export interface Unreadable {
  readonly unreadable: string;
}

/** How long a body waits after `Expect: 100-continue` for the server's interim answer (RFC 9110 10.1.1 sets none). */
export const CONTINUE_WAIT_MS = 1_000;

/**
 * The final answer to a `method` request in the bytes received, past any interim (1xx) answers (framing.ts reads
 * each): undefined while it may still come whole (`ended` false), or why it cannot be read. A body with neither
 * Content-Length nor chunked coding ends with the connection (RFC 9112 6.3).
 */
export function readAnswer(bytes: Buffer, method: string, ended: boolean): RawAnswer | Unreadable | undefined {
  const interim: number[] = [];
  let at = 0;
  for (;;) {
    const answer = answerAt(bytes, at, method);
    if ('broken' in answer) return { unreadable: answer.broken };
    if ('incomplete' in answer) return ended ? { unreadable: answer.incomplete } : undefined;
    const { version, status, headers, body, framing } = answer;
    if (status >= 100 && status < 200) {
      interim.push(status);
      at = answer.bodyStart;
      continue;
    }
    if (answer.end === undefined && !ended) return undefined;
    return { version, status, headers, body, framing, interim };
  }
}

/** A request to send as written. */
export interface RawRequest {
  readonly url: URL;
  readonly method: string;
  /** The request line's target (origin form) and the header fields, in order. */
  readonly target: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body?: Buffer;
  readonly version: 'HTTP/1.0' | 'HTTP/1.1';
  /** The body waits for an interim answer, a final one, or CONTINUE_WAIT_MS. */
  readonly awaitContinue: boolean;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** TLS certificates not verified (INSECURE). */
  readonly insecure?: boolean;
  readonly continueWaitMs?: number;
}

/** Why a raw exchange got no answer: `closed` when the connection ended with no byte received. */
export class RawFailure extends Error {
  override readonly name = 'RawFailure';
  constructor(
    message: string,
    readonly kind: 'closed' | 'timeout' | 'unreadable' | 'network',
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The head of a request as it is written. */
export function requestHead(request: Pick<RawRequest, 'method' | 'target' | 'version' | 'headers'>): string {
  return `${request.method} ${request.target} ${request.version}\r\n${request.headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
}

/** Sends `request` on a connection of its own and reads its final answer; the connection is closed after it. */
export function rawExchange(request: RawRequest): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const port = Number(request.url.port) || (request.url.protocol === 'https:' ? 443 : 80);
    const host = request.url.hostname.replace(/^\[(.*)\]$/, '$1');
    const socket: Socket =
      request.url.protocol === 'https:'
        ? connectTls({ port, host, servername: host, rejectUnauthorized: !request.insecure })
        : connectTcp(port, host);
    const chunks: Buffer[] = [];
    let bodySent = request.body === undefined;
    let done = false;
    const finish = (outcome: RawAnswer | RawFailure): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(continueTimer);
      request.signal?.removeEventListener('abort', aborted);
      socket.destroy();
      if (outcome instanceof RawFailure) reject(outcome);
      else resolve(outcome);
    };
    const sendBody = (): void => {
      if (bodySent || done) return;
      bodySent = true;
      socket.write(request.body!);
    };
    const read = (ended: boolean): void => {
      const bytes = Buffer.concat(chunks);
      const answer = readAnswer(bytes, request.method, ended);
      if (answer === undefined) {
        // An interim answer (100 Continue) came: the body goes now.
        if (!bodySent && /^HTTP\/\d\.\d 1\d\d/.test(bytes.toString('latin1'))) sendBody();
        return;
      }
      if ('unreadable' in answer)
        finish(
          new RawFailure(
            answer.unreadable === 'no answer' ? 'the connection closed without an answer' : answer.unreadable,
            answer.unreadable === 'no answer' ? 'closed' : 'unreadable',
          ),
        );
      else finish(answer);
    };
    const timer = setTimeout(
      () => finish(new RawFailure(`no complete response within ${request.timeoutMs} ms`, 'timeout')),
      request.timeoutMs,
    );
    const continueTimer = setTimeout(sendBody, request.continueWaitMs ?? CONTINUE_WAIT_MS);
    const aborted = (): void => finish(new RawFailure('cut short', 'timeout'));
    request.signal?.addEventListener('abort', aborted);
    if (request.signal?.aborted) aborted();
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      read(false);
    });
    socket.on('end', () => read(true));
    socket.on('close', () => read(true));
    socket.on('error', (error: Error & { code?: string }) =>
      chunks.length === 0 && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '')
        ? finish(new RawFailure('the connection was reset without an answer', 'closed', error.code))
        : chunks.length > 0
          ? read(true)
          : finish(new RawFailure(error.message, 'network', error.code)),
    );
    socket.once(request.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      socket.write(requestHead(request));
      if (!request.awaitContinue) sendBody();
    });
  });
}
