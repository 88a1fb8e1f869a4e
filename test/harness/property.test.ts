// property(): a failing run reports its own error, also when fast-check's time limit cut the
// run short (fast-check then reports a failure without an error, and the cause was lost).

import fc from 'fast-check';
import { expect, test } from 'vitest';
import { property } from '../../lib/harness/property.js';
import type { CheckContext } from '../../lib/harness/context.js';

const notes: string[] = [];
const context = {
  config: { numRuns: 20 },
  recordProperty: () => undefined,
  note: (text: string) => void notes.push(text),
} as unknown as CheckContext;
/** Longer than the 10 s time limit of 20 runs: fast-check gives up on the run before it ends. */
const SLOWER_THAN_THE_LIMIT_MS = 11_000;

/** Real time: fast-check keeps its own clock, so fake timers cannot move it. */
const outcome = (run: () => Promise<void>): Promise<string> =>
  property(context, fc.integer(), run).then(
    () => 'held',
    (error: Error) => `failed: ${error.message}`,
  );

const after = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// Bounded only against a hang: a run ends 11 s after it starts, however busy the machine.
const BOUND = 120_000;

test(
  'a run cut short by the time limit fails with the error it ended with',
  async () => {
    expect(
      await outcome(async () => {
        await after(SLOWER_THAN_THE_LIMIT_MS);
        throw new Error('no answer within REQUEST_TIMEOUT_MS');
      }),
    ).toBe('failed: no answer within REQUEST_TIMEOUT_MS');
  },
  BOUND,
);

test(
  'a run cut short by the time limit that then holds is no failure',
  async () => {
    notes.length = 0;
    expect(await outcome(() => after(SLOWER_THAN_THE_LIMIT_MS))).toBe('held');
    // It held on one run, not on the twenty asked for: the report says so.
    expect(notes).toEqual(["the property's time limit (10 s) stopped it after 1 of 20 runs"]);
  },
  BOUND,
);

test('a run that throws at once fails with its error', async () => {
  expect(
    await outcome(async () => {
      throw new Error('broken');
    }),
  ).toBe('failed: broken');
});
