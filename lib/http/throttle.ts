// Back-pressure shared by every client of one target in this process: the vitest workers are
// threads of the runner's process, each with its own ApiClient, and a BroadcastChannel reaches
// them all (and the runner, which counts the throttling and stops a run that never gets through).
// A 429, or a 503 with Retry-After, pauses every client until the moment the server named, halves
// the requests in flight, which then grow back by one per `cap` answers (additive increase).
// A quiet section (`alone`) lets one task's requests reach the server with no other request of this
// client in flight: requests whose meaning depends on nothing coming between them.

import { setTimeout as sleep } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';

/** What clients of one target tell each other and the runner. */
export type ThrottleMessage =
  /** A back-pressure answer: nobody sends before `until` (epoch ms). */
  | { readonly kind: 'pause'; readonly until: number }
  /** A request got the server's answer at `at` (epoch ms): the target is not throttling everything. */
  | { readonly kind: 'answered'; readonly at: number }
  /** No request got an answer for the give-up time: the run cannot go on. */
  | { readonly kind: 'gave-up'; readonly message: string }
  /** The runner ends the run (a signal, RUN_TIMEOUT_MS): requests in flight and waiting are cut short. */
  | { readonly kind: 'stop'; readonly message: string };

/** The channel of the clients of the target at `baseUrl` (its origin: a rate limit holds for the whole host). */
export function throttleChannel(baseUrl: string): BroadcastChannel {
  const channel = new BroadcastChannel(`aes-conformance throttle ${new URL(baseUrl).origin}`);
  channel.unref();
  return channel;
}

export interface ThrottleOptions {
  /** The most requests in flight from this client. */
  readonly concurrency: number;
  /** Requests a second this client sends at most; undefined: as fast as answered. */
  readonly ratePerSecond?: number;
  /** Throttled with no answer anywhere for this long, the client gives up. */
  readonly giveUpMs: number;
  /** How long a quiet section waits for the requests in flight (QUIET_WAIT_MS by default). */
  readonly quietWaitMs?: number;
}

/** How long a quiet section waits for the requests in flight to be answered before it runs among them. */
export const QUIET_WAIT_MS = 5_000;

// Telling the others of an answer once in this long keeps the channel quiet and the give-up exact enough.
const ANSWERED_EVERY_MS = 250;

export class Throttle {
  private readonly channel: BroadcastChannel;
  private cap: number;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private pauseUntil = 0;
  private nextSlot = 0;
  /** When the back-pressure began that no answer has followed yet; undefined after an answer. */
  private throttledSince: number | undefined;
  private lastAnnounced = 0;
  private sinceGrowth = 0;
  private gaveUp = false;
  private readonly stopping = new AbortController();
  /** Settled when the quiet section under way ends; undefined when none is. */
  private quiet: Promise<void> | undefined;

  constructor(
    baseUrl: string,
    private readonly options: ThrottleOptions,
  ) {
    this.cap = options.concurrency;
    this.channel = throttleChannel(baseUrl);
    this.channel.onmessage = (event: unknown) => this.heard((event as { data: ThrottleMessage }).data);
  }

  /**
   * Runs `task` when the pause is over, a place in flight is free and the rate allows; `quiet`: a request of the quiet
   * section under way, which the section does not hold back.
   */
  async run<T>(task: () => Promise<T>, quiet = false): Promise<T> {
    await this.acquire(quiet);
    try {
      return await task();
    } finally {
      this.active--;
      this.wake();
    }
  }

  /**
   * Runs `task` once every request of this client in flight has been answered, holding back those that are not
   * `quiet` (its own, which the task sends so) until it ends: `task(true)`. The task must not wait on a request that
   * is not its own. A quiet section only adds power (what a task judges holds for a correct server whatever comes
   * between), so when the requests in flight are not all answered within QUIET_WAIT_MS (a slow or hanging target),
   * the hold is let go and the task runs among the others: `task(false)`.
   */
  async alone<T>(task: (quiet: boolean) => Promise<T>): Promise<T> {
    while (this.quiet) await this.quiet;
    let end!: () => void;
    this.quiet = new Promise<void>((resolve) => (end = resolve));
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      this.quiet = undefined;
      end();
      this.wake();
    };
    try {
      const drained = await this.drained(this.options.quietWaitMs ?? QUIET_WAIT_MS);
      if (!drained) release();
      return await task(drained);
    } finally {
      release();
    }
  }

  /**
   * Whether every request in flight was answered within `withinMs`. A run ending stops the wait (no section then):
   * the task's requests fail as every request cut short does, `not finished`.
   */
  private async drained(withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    while (this.active > 0) {
      if (this.stopping.signal.aborted) return false;
      const left = until - Date.now();
      if (left <= 0) return false;
      const timer = new AbortController();
      await Promise.race([
        new Promise<void>((resolve) => this.waiting.push(resolve)),
        sleep(left, undefined, { signal: timer.signal }).catch(() => undefined),
      ]);
      timer.abort();
    }
    return true;
  }

  /** A back-pressure answer asking for `waitMs`: every client waits, or, after the give-up time without an answer, gives up. */
  backPressure(waitMs: number): void {
    const now = Date.now();
    this.throttledSince ??= now;
    if (this.gaveUp) return;
    if (now - this.throttledSince >= this.options.giveUpMs) {
      this.gaveUp = true;
      // Still a back-pressure answer to count, with no wait.
      this.channel.postMessage({ kind: 'pause', until: now } satisfies ThrottleMessage);
      this.channel.postMessage({ kind: 'gave-up', message: this.givenUpMessage } satisfies ThrottleMessage);
      return;
    }
    // A Retry-After beyond the give-up time is cut to it: the next answer then decides.
    const until = now + Math.min(waitMs, this.options.giveUpMs);
    this.pause(until, now);
    this.channel.postMessage({ kind: 'pause', until } satisfies ThrottleMessage);
  }

  /** The instant (epoch ms) before which this client sends nothing. */
  get pausedUntil(): number {
    return this.pauseUntil;
  }

  /** The server answered (anything but back-pressure). */
  answered(): void {
    const now = Date.now();
    this.throttledSince = undefined;
    if (++this.sinceGrowth >= this.cap && this.cap < this.options.concurrency) {
      this.cap++;
      this.sinceGrowth = 0;
      this.wake();
    }
    if (now - this.lastAnnounced >= ANSWERED_EVERY_MS) {
      this.lastAnnounced = now;
      this.channel.postMessage({ kind: 'answered', at: now } satisfies ThrottleMessage);
    }
  }

  /** Aborted when the runner ends the run: a request in flight takes it as its signal too. */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Whether this client, or another of the target's, gave up. */
  get givenUp(): boolean {
    return this.gaveUp;
  }

  /** What a client that gave up says. */
  get givenUpMessage(): string {
    return `the target answered every request with back-pressure (429, or 503 with Retry-After) for ${this.options.giveUpMs / 1000} s`;
  }

  close(): void {
    this.channel.close();
  }

  private heard(message: ThrottleMessage): void {
    if (message.kind === 'pause') {
      this.throttledSince ??= Date.now();
      this.pause(message.until, Date.now());
    } else if (message.kind === 'answered') {
      // An answer sent before this back-pressure began does not end it.
      if (this.throttledSince !== undefined && message.at >= this.throttledSince) this.throttledSince = undefined;
    } else if (message.kind === 'gave-up') this.gaveUp = true;
    else {
      this.stopping.abort(new Error(message.message));
      this.wake();
    }
  }

  /** A new pause (not one more answer to requests already in flight when it began) halves the requests in flight. */
  private pause(until: number, now: number): void {
    if (now >= this.pauseUntil) {
      this.cap = Math.max(1, Math.floor(this.cap / 2));
      this.sinceGrowth = 0;
    }
    this.pauseUntil = Math.max(this.pauseUntil, until);
  }

  private async acquire(quiet: boolean): Promise<void> {
    const stop = this.stopping.signal;
    for (;;) {
      stop.throwIfAborted();
      const paused = this.pauseUntil - Date.now();
      if (paused > 0) await sleep(paused, undefined, { signal: stop });
      else if (this.quiet && !quiet) await this.quiet;
      else if (this.active >= this.cap) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else break;
    }
    this.active++;
    const rate = this.options.ratePerSecond;
    if (rate === undefined) return;
    // A slot is reserved before waiting for it, so the waiters keep their order and the rate holds.
    const slot = Math.max(Date.now(), this.nextSlot);
    this.nextSlot = slot + 1000 / rate;
    // A timer may fire a moment early by the wall clock: wait until the slot has come.
    try {
      while (Date.now() < slot) await sleep(slot - Date.now(), undefined, { signal: stop });
    } catch (error) {
      this.active--;
      throw error;
    }
  }

  /** Waiters look again (in their order) whether they may go: a place was freed or the cap grew. */
  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** The runner's ear on the clients of one target: how much back-pressure the run met, and whether it gave up. */
export class ThrottleWatch {
  private readonly channel: BroadcastChannel;
  private responses = 0;
  private waitMs = 0;
  private pausedUntil = 0;
  private why: string | undefined;
  private onGiveUp: (() => void) | undefined;

  constructor(baseUrl: string) {
    this.channel = throttleChannel(baseUrl);
    this.channel.onmessage = (event: unknown) => this.heard((event as { data: ThrottleMessage }).data);
  }

  /** Back-pressure answers counted, and the time every request waited (overlapping pauses counted once). */
  get figures(): { readonly responses: number; readonly waitMs: number } | undefined {
    return this.responses ? { responses: this.responses, waitMs: this.waitMs } : undefined;
  }

  /** Why the clients gave up, once one has. */
  get gaveUp(): string | undefined {
    return this.why;
  }

  /** `action` runs once when a client gives up (at once if one has). */
  whenGivenUp(action: () => void): void {
    if (this.why !== undefined) action();
    else this.onGiveUp = action;
  }

  /** Ends the run for every client of the target: what is in flight or waiting fails at once with `why`. */
  stop(why: string): void {
    this.channel.postMessage({ kind: 'stop', message: why } satisfies ThrottleMessage);
  }

  close(): void {
    this.channel.close();
  }

  private heard(message: ThrottleMessage): void {
    if (message.kind === 'pause') {
      this.responses++;
      const now = Date.now();
      this.waitMs += Math.max(0, message.until - Math.max(now, this.pausedUntil));
      this.pausedUntil = Math.max(this.pausedUntil, message.until);
    } else if (message.kind === 'gave-up' && this.why === undefined) {
      this.why = message.message;
      this.onGiveUp?.();
    }
  }
}
