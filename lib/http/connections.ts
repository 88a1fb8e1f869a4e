// Keep-alive connections to a server that may close them when idle, without saying when.
//
// A request sent on a reused connection the server has just closed for idleness is reset before
// any byte of an answer: the server never read it. The client cannot tell that apart from a server
// that read the request and then dropped the connection, so a write is never sent twice. It goes
// only on a connection used moments ago (idle below WRITE_REUSE_MS, and below a quarter of the
// shortest idle limit learned), which no server closes for idleness; the margin covers a busy
// worker reading an answer late, which makes a connection look fresher than the server sees it.
// (A write on a connection of its own, `connection: close`, would be safer still, but a server
// answering early, a 429 before the body is read, then closes while the body is being sent.)
// An idempotent request reuses connections longer; reset on one, it is sent once more on a fresh
// connection, and the time its connection had been idle teaches the server's limit. Idle
// connections past these bounds are closed by undici, so the next request opens a fresh one.

import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import type { ConnectionRecorder } from './received.js';
import { dispatcher, type Transport } from './transport.js';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
// Before any limit is learned: below what common servers allow (Node's 5 s).
const READ_REUSE_MS = 4_000;
const WRITE_REUSE_MS = 250;
// A reset after less idle time than this is no idle limit (no server closes connections so soon): not learned.
const LEAST_IDLE_LIMIT_MS = 100;

interface Watch {
  /** Per socket, when the last bytes of an answer arrived. */
  readonly lastAnswerAt: WeakMap<Socket, number>;
  /** Per request sent on a reused socket, how long that socket had been idle. */
  readonly idleAtSend: WeakMap<object, number>;
  /** Per error of such a request, the same. */
  readonly idleOfError: WeakMap<object, number>;
}

/**
 * Filled from undici's diagnostics channels, which see every socket of this thread: one watch per
 * thread (kept on globalThis), however often a test runner loads this module.
 */
const watch: Watch = ((globalThis as { [key: symbol]: Watch })[Symbol.for('aes-conformance idle watch')] ??=
  startWatch());

function startWatch(): Watch {
  const started: Watch = { lastAnswerAt: new WeakMap(), idleAtSend: new WeakMap(), idleOfError: new WeakMap() };
  diagnostics.subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    const last = started.lastAnswerAt.get(socket);
    if (last === undefined) socket.on('data', () => started.lastAnswerAt.set(socket, Date.now()));
    else started.idleAtSend.set(request, Date.now() - last);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    const idle = started.idleAtSend.get(request);
    // An aborted request's error is the abort's reason, which may be anything.
    if (idle !== undefined && typeof error === 'object' && error !== null) started.idleOfError.set(error, idle);
  });
  return started;
}

/** How long the socket of a failed request had been idle when it was sent; undefined on a fresh connection. */
export function idleBeforeError(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? watch.idleOfError.get(error) : undefined;
}

export class Connections {
  private read: Dispatcher;
  private write: Dispatcher;
  /** One connection per request (pipelining 0: `connection: close`), for a read sent again. */
  readonly fresh: Dispatcher;
  /** The shortest idle time after which the server was seen to have closed a connection. */
  private idleLimitMs: number | undefined;

  constructor(
    private readonly perAgent: number,
    private readonly transport: Transport = {},
  ) {
    [this.read, this.write] = [this.keepingAlive(READ_REUSE_MS), this.keepingAlive(WRITE_REUSE_MS)];
    this.fresh = dispatcher({ pipelining: 0, connections: perAgent }, transport);
  }

  agentFor(method: string): Dispatcher {
    return IDEMPOTENT.has(method) ? this.read : this.write;
  }

  /**
   * Whether a reset request may be sent again (on `fresh`): an idempotent one that went on a reused
   * connection (a fresh connection closed unanswered is the server's doing, not idleness). Its idle
   * time is learned as the server's limit, when shorter than any before.
   */
  resetWasIdleClose(method: string, error: unknown): boolean {
    const idle = idleBeforeError(error);
    if (!IDEMPOTENT.has(method) || idle === undefined) return false;
    if (idle >= LEAST_IDLE_LIMIT_MS && (this.idleLimitMs === undefined || idle < this.idleLimitMs)) this.learn(idle);
    return true;
  }

  /**
   * A dispatcher of its own with one connection (requests one after another on it), for the caller to close; with
   * `recorder`, its connections' bytes are recorded.
   */
  single(recorder?: ConnectionRecorder): Dispatcher {
    return dispatcher({ connections: 1, pipelining: 1 }, this.transport, recorder);
  }

  async close(): Promise<void> {
    await Promise.all([this.read.close(), this.write.close(), this.fresh.close()]);
  }

  private learn(idleLimitMs: number): void {
    this.idleLimitMs = idleLimitMs;
    const [read, write] = [this.read, this.write];
    this.read = this.keepingAlive(Math.min(READ_REUSE_MS, idleLimitMs / 2));
    this.write = this.keepingAlive(Math.min(WRITE_REUSE_MS, idleLimitMs / 4));
    // Requests in flight on the old agents finish there; they then close their connections.
    void read.close().catch(() => {});
    void write.close().catch(() => {});
  }

  private keepingAlive(keepAliveMs: number): Dispatcher {
    const timeout = Math.floor(keepAliveMs);
    return dispatcher(
      { keepAliveTimeout: timeout, keepAliveMaxTimeout: timeout, connections: this.perAgent },
      this.transport,
    );
  }
}
