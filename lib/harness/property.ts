// fast-check inside a check: seed and runs from the settings, the shrunk
// counterexample and a reproduction line in the failure, seed and path in the report.

import fc from 'fast-check';
import { isRuleViolation, RuleViolation } from '../assert/violation.js';
import type { CheckContext } from './context.js';

/** 10 s for the default 20 runs; deeper runs (NUM_RUNS) get proportionally longer. */
const timeLimitMs = (numRuns: number): number => Math.max(10_000, numRuns * 500);

/** @param numRuns how many values to try: NUM_RUNS unless the caller has a budget of its own (EXPLORE_RUNS). */
export async function property<T>(
  t: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  numRuns = t.config.numRuns,
): Promise<void> {
  const { seed } = t.config;
  let latest: Promise<void> | undefined;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, (value) => (latest = predicate(value))),
    {
      numRuns,
      seed,
      // Shrinking sends requests: bound it so a slow target cannot stall the run. A failure
      // found before the limit is still reported, with the smallest counterexample reached.
      interruptAfterTimeLimit: timeLimitMs(numRuns),
      markInterruptAsFailure: false,
    },
  );
  t.recordProperty(details.seed, details.counterexamplePath ?? undefined);
  // The time limit held the property to fewer runs than asked: the report says so.
  if (details.interrupted)
    t.note(
      `the property's time limit (${timeLimitMs(numRuns) / 1000} s) stopped it after ${Math.max(details.numRuns, 1)} of ${numRuns} runs`,
    );
  if (!details.failed) return;
  // The time limit cut a run short (fast-check then reports a failure without an error): that run's own end is the cause.
  const error = details.errorInstance ?? (await outcomeOf(latest));
  if (error === undefined) return;
  const shown = fc.stringify(details.counterexample);
  const reproduce = `reproduce with SEED=${details.seed}${details.counterexamplePath ? ` (path ${details.counterexamplePath})` : ''}`;
  const shrunk = details.interrupted ? 'shrunk until the time limit' : 'shrunk';
  if (isRuleViolation(error)) {
    throw new RuleViolation(
      error.requirements,
      `${error.summary}\ncounterexample (${shrunk}): ${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown}; ${reproduce}`,
      error.exchange,
      error.where,
    );
  }
  throw error instanceof Error ? error : new Error(String(error));
}

/** What a run ended with: its error, or undefined when it held (or none started). Each request is bounded, so this ends. */
async function outcomeOf(run: Promise<void> | undefined): Promise<unknown> {
  try {
    await run;
    return undefined;
  } catch (error) {
    return error;
  }
}
