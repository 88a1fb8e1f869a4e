// The bytes a connection received, as they came (after TLS, before any HTTP parser), with the requests sent on
// it: what a check of HTTP's own framing reads (framing.ts), where undici's lenient parser would hide a slip.
// The socket is the one undici reads (its connector wrapped), so the requests go through the one HTTP client:
// its throttle, back-pressure, timeouts and redaction, TLS as configured.

import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

/** One connection's received bytes and the requests sent on it, in order. */
export interface Received {
  readonly bytes: Buffer;
  readonly requests: ReadonlyArray<{ readonly method: string; readonly path: string }>;
}

interface Entry {
  readonly chunks: Buffer[];
  readonly requests: Array<{ method: string; path: string }>;
}

/** Sockets being recorded; one subscriber per thread (kept on globalThis) however often this module is loaded. */
const tapped: WeakMap<Socket, Entry> = ((globalThis as { [key: symbol]: WeakMap<Socket, Entry> })[
  Symbol.for('aes-conformance received bytes')
] ??= subscribe());

function subscribe(): WeakMap<Socket, Entry> {
  const sockets = new WeakMap<Socket, Entry>();
  diagnostics.subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: { method: string; path: string }; socket: Socket };
    const entry = sockets.get(socket);
    if (!entry) return;
    // Listened to from the first request on (no answer comes before it), when undici's own 'readable' reader is in
    // place: beside it, a 'data' listener sees every chunk undici reads, in order, and does not take the flow.
    if (entry.requests.length === 0) socket.on('data', (chunk: Buffer) => entry.chunks.push(chunk));
    entry.requests.push({ method: request.method, path: request.path });
  });
  return sockets;
}

/** Records every connection a dispatcher built with `connector` opens. */
export class ConnectionRecorder {
  private readonly entries: Entry[] = [];

  /** undici's own connector (TLS options as given), each socket it opens recorded from its first byte. */
  connector(tls: object = {}): buildConnector.connector {
    const connect = buildConnector(tls);
    return (options, callback) =>
      connect(options, (error, socket) => {
        if (socket) {
          const entry: Entry = { chunks: [], requests: [] };
          this.entries.push(entry);
          tapped.set(socket as Socket, entry);
        }
        // undici's callback types its two forms apart; the wrapped connector's arguments are passed on as they came.
        (callback as (error: Error | null, socket: unknown) => void)(error, socket);
      });
  }

  /** Per connection opened so far, what it received and the requests sent on it. */
  received(): Received[] {
    return this.entries.map((entry) => ({ bytes: Buffer.concat(entry.chunks), requests: [...entry.requests] }));
  }
}
