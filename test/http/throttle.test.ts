// The throttle every client of a target shares: a pause heard by all, the requests in flight halved
// on back-pressure and grown back by answers, a rate, and a give-up that is about time, not a count.

import { afterEach, describe, expect, test, vi } from 'vitest';
import { Throttle, ThrottleWatch } from '../../lib/http/throttle.js';

let port = 0;
const opened: Array<{ close(): void }> = [];
/** A target of its own per test: clients of one origin share a channel. */
const target = (): string => `http://throttle-test-${process.pid}-${++port}.invalid`;
const throttle = (baseUrl: string, options: Partial<ConstructorParameters<typeof Throttle>[1]> = {}): Throttle => {
  const made = new Throttle(baseUrl, { concurrency: 4, giveUpMs: 60_000, ...options });
  opened.push(made);
  return made;
};

afterEach(() => opened.splice(0).forEach((t) => t.close()));

/** Runs `count` tasks that wait to be released; how many were in flight at once, at most. */
async function mostInFlight(t: Throttle, count: number): Promise<number> {
  let inFlight = 0;
  let most = 0;
  const releases: Array<() => void> = [];
  const tasks = Array.from({ length: count }, () =>
    t.run(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight--;
    }),
  );
  for (let done = 0; done < count; done++) {
    await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
    releases.shift()!();
  }
  await Promise.all(tasks);
  return most;
}

describe('Throttle', () => {
  test('back-pressure halves the requests in flight; answers grow them back by one per cap answers', async () => {
    const t = throttle(target());
    expect(await mostInFlight(t, 8)).toBe(4);
    t.backPressure(0);
    expect(await mostInFlight(t, 8)).toBe(2);
    t.answered();
    t.answered();
    expect(await mostInFlight(t, 8)).toBe(3);
  });

  test('more back-pressure during one pause (answers to requests already in flight) halves only once', async () => {
    const t = throttle(target());
    for (let i = 0; i < 3; i++) t.backPressure(100);
    expect(await mostInFlight(t, 8)).toBe(2);
  });

  test('a pause is heard by every client of the target, and nothing is sent before it ends', async () => {
    const baseUrl = target();
    const [a, b] = [throttle(baseUrl), throttle(baseUrl)];
    const elsewhere = throttle(target());
    a.backPressure(300);
    await vi.waitFor(() => expect(b.pausedUntil).toBe(a.pausedUntil));
    expect(elsewhere.pausedUntil).toBe(0);
    const started = await b.run(async () => Date.now());
    expect(started).toBeGreaterThanOrEqual(a.pausedUntil);
  });

  test('a rate spaces the requests: none starts before its slot', async () => {
    const t = throttle(target(), { ratePerSecond: 20 });
    const first = Date.now();
    const starts = await Promise.all(Array.from({ length: 4 }, () => t.run(async () => Date.now())));
    // The fourth slot is three intervals of 50 ms after the first.
    expect(Math.max(...starts) - first).toBeGreaterThanOrEqual(150);
  });

  test('gives up only when back-pressure has lasted the give-up time with no answer anywhere; the runner hears it', async () => {
    const baseUrl = target();
    const watch = new ThrottleWatch(baseUrl);
    opened.push(watch);
    const [a, b] = [throttle(baseUrl, { giveUpMs: 100 }), throttle(baseUrl, { giveUpMs: 100 })];
    a.backPressure(0);
    expect(a.givenUp).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    a.backPressure(0);
    expect(a.givenUp).toBe(true);
    await vi.waitFor(() => expect([b.givenUp, watch.gaveUp]).toEqual([true, a.givenUpMessage]));
    expect(watch.figures?.responses).toBe(2);
  });

  test('an answer in between starts the give-up time again', async () => {
    const t = throttle(target(), { giveUpMs: 100 });
    t.backPressure(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    t.answered();
    t.backPressure(0);
    expect(t.givenUp).toBe(false);
  });

  test('the watch counts the back-pressure answers and the time waited, overlapping pauses once', async () => {
    const baseUrl = target();
    const watch = new ThrottleWatch(baseUrl);
    opened.push(watch);
    const [a, b] = [throttle(baseUrl), throttle(baseUrl)];
    a.backPressure(1000);
    b.backPressure(1000);
    await vi.waitFor(() => expect(watch.figures?.responses).toBe(2));
    // Two pauses of a second, begun moments apart: a little over one second waited, not two.
    expect(watch.figures!.waitMs).toBeGreaterThan(0);
    expect(watch.figures!.waitMs).toBeLessThan(2000);
  });
  test('a quiet section starts when the requests in flight are answered, and holds back the rest until it ends', async () => {
    const t = throttle(target());
    const events: string[] = [];
    let release!: () => void;
    const before = t.run(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      events.push('before answered');
    });
    await vi.waitFor(() => expect(release).toBeDefined());
    let endSection!: () => void;
    const section = t.alone(async () => {
      events.push('section starts');
      // The section's own requests (sent quiet) go through.
      await t.run(async () => events.push('inside'), true);
      await t.run(async () => events.push('inside again'), true);
      await new Promise<void>((resolve) => (endSection = resolve));
      events.push('section ends');
    });
    const after = t.run(async () => events.push('after'));
    release();
    await vi.waitFor(() => expect(endSection).toBeDefined());
    expect(events).toEqual(['before answered', 'section starts', 'inside', 'inside again']);
    endSection();
    await Promise.all([before, section, after]);
    expect(events).toEqual(['before answered', 'section starts', 'inside', 'inside again', 'section ends', 'after']);
  });

  test('quiet sections take turns, and a task that throws ends its section', async () => {
    const t = throttle(target());
    const events: string[] = [];
    const first = t.alone(async () => {
      events.push('first');
      throw new Error('refused');
    });
    const second = t.alone(() => t.run(async () => events.push('second'), true));
    await expect(first).rejects.toThrow('refused');
    await second;
    await t.run(async () => events.push('after'));
    expect(events).toEqual(['first', 'second', 'after']);
  });

  test('a quiet section whose requests in flight are not answered in time runs among them, holding nothing back', async () => {
    const t = throttle(target(), { quietWaitMs: 50 });
    const events: string[] = [];
    let release!: () => void;
    const slow = t.run(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      events.push('slow answered');
    });
    await vi.waitFor(() => expect(release).toBeDefined());
    let endSection!: () => void;
    let quiet: boolean | undefined;
    const section = t.alone(async (drained) => {
      quiet = drained;
      await new Promise<void>((resolve) => (endSection = resolve));
    });
    await vi.waitFor(() => expect(endSection).toBeDefined());
    await t.run(async () => events.push('another'));
    expect([quiet, events]).toEqual([false, ['another']]);
    release();
    endSection();
    await Promise.all([slow, section]);
  });

  test('a run ended while a quiet section waits lets the task run at once, among the others, to fail as they do', async () => {
    const baseUrl = target();
    const t = throttle(baseUrl);
    const watch = new ThrottleWatch(baseUrl);
    let release!: () => void;
    const slow = t.run(() => new Promise<void>((resolve) => (release = resolve)));
    await vi.waitFor(() => expect(release).toBeDefined());
    const section = t.alone(async (quiet) => quiet);
    watch.stop('the run was interrupted');
    expect(await section).toBe(false);
    watch.close();
    release();
    await slow;
  });
});
