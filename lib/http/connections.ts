// Keep-alive connections to a server that may close them when idle, without saying when.
//
// A request sent on a reused connection the server has just closed for idleness is reset before
// any byte of an answer: the server never read it. The client cannot tell that apart from a server
// that read the request and then dropped the connection (and a busy worker, reading an answer
// late, cannot even measure the server's idle time exactly). So a write, which must never be sent
// twice, never goes on a reused connection: each opens its own. An idempotent request reuses
// connections; reset on one, it is sent once more on a fresh connection, and the time its
// connection had been idle teaches the server's limit: idle connections are then kept for half
// of it only (undici closes them), so the next request opens a fresh one instead.

import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { Agent } from 'undici';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
// Before any limit is learned: below what common servers allow (Node's 5 s).
const READ_REUSE_MS = 4_000;
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
const watch: Watch = ((globalThis as { [key: symbol]: Watch })[Symbol.for('aes-conformance idle watch')] ??= startWatch());

function startWatch(): Watch {
  const started: Watch = { lastAnswerAt: new WeakMap(), idleAtSend: new WeakMap(), idleOfError: new WeakMap() };
  diagnostics.subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    const last = started.lastAnswerAt.get(socket);
    if (last === undefined) socket.on('data', () => started.lastAnswerAt.set(socket, Date.now()));
    else started.idleAtSend.set(request, Date.now() - last);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: object };
    const idle = started.idleAtSend.get(request);
    if (idle !== undefined) started.idleOfError.set(error, idle);
  });
  return started;
}

/** How long the socket of a failed request had been idle when it was sent; undefined on a fresh connection. */
export function idleBeforeError(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? watch.idleOfError.get(error) : undefined;
}

export class Connections {
  private reused: Agent;
  /** One connection per request (pipelining 0: `connection: close`). */
  readonly fresh: Agent;
  /** The shortest idle time after which the server was seen to have closed a connection. */
  private idleLimitMs: number | undefined;

  constructor(private readonly perAgent: number) {
    this.reused = this.keepingAlive(READ_REUSE_MS);
    this.fresh = new Agent({ pipelining: 0, connections: perAgent });
  }

  agentFor(method: string): Agent {
    return IDEMPOTENT.has(method) ? this.reused : this.fresh;
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

  async close(): Promise<void> {
    await Promise.all([this.reused.close(), this.fresh.close()]);
  }

  private learn(idleLimitMs: number): void {
    this.idleLimitMs = idleLimitMs;
    const old = this.reused;
    this.reused = this.keepingAlive(Math.min(READ_REUSE_MS, idleLimitMs / 2));
    // Requests in flight on the old agent finish there; it then closes its connections.
    void old.close().catch(() => {});
  }

  private keepingAlive(keepAliveMs: number): Agent {
    const timeout = Math.floor(keepAliveMs);
    return new Agent({ keepAliveTimeout: timeout, keepAliveMaxTimeout: timeout, connections: this.perAgent });
  }
}
