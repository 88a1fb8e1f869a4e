// `replay`'s judgement, pure: what an earlier run's failures became when their checks ran again.
// A failure is re-judged by the check that found it (its own judgement, its recorded seed), run again
// by id; a failure the run added (a finding seen on the way, `run::…`) by the checks of its requirements.

import { isCheckId } from '../result/check-id.js';
import { rerunItems } from '../result/selection.js';

/** How many times each failure is re-run: two agreeing attempts could still both be luck. */
export const REPLAY_ATTEMPTS = 3;

/** A check as summary.json records it. */
export interface RecordedCheck {
  readonly id: string;
  readonly outcome: string;
  readonly requirements: readonly string[];
  readonly violated?: readonly string[];
  readonly message?: string;
  readonly waived?: unknown;
}

export type ReplayStatus = 'FIXED' | 'STILL FAILING' | 'FLAKY';

/** One failure of the earlier run, judged again. */
export interface Replayed {
  readonly id: string;
  readonly status: ReplayStatus;
  /** Each attempt's outcome (`pass`, `fail`, `error`, `skip`, or `not run`). */
  readonly outcomes: readonly string[];
  /** The last attempt's message that was no pass, when there was one. */
  readonly message?: string;
}

/** The failures (waived ones aside) and errors of a run. */
export const failuresOf = (checks: readonly RecordedCheck[]): RecordedCheck[] =>
  checks.filter((c) => (c.outcome === 'fail' && !c.waived) || c.outcome === 'error');

/** What a run must select to judge these failures again (the same as `--rerun-failed` selects). */
export const replayItems = (failures: readonly RecordedCheck[]): string[] => rerunItems(failures);

/** The failure's outcome in one attempt: its own check's, or for a failure the run added, whether a check of its rules failed. */
function outcomeIn(failure: RecordedCheck, attempt: readonly RecordedCheck[]): { outcome: string; message?: string } {
  if (isCheckId(failure.id)) {
    const again = attempt.find((c) => c.id === failure.id);
    return again
      ? { outcome: again.outcome, ...(again.message ? { message: again.message } : {}) }
      : { outcome: 'not run' };
  }
  const rules = new Set([...failure.requirements, ...(failure.violated ?? [])]);
  const failed = attempt.find(
    (c) => c.outcome === 'fail' && [...c.requirements, ...(c.violated ?? [])].some((r) => rules.has(r)),
  );
  return failed ? { outcome: 'fail', ...(failed.message ? { message: failed.message } : {}) } : { outcome: 'pass' };
}

/**
 * FIXED when every attempt passed, STILL FAILING when none did, FLAKY when they disagree. A skip or a
 * check not run is no pass: the rule was not shown to hold.
 */
export function judged(
  failures: readonly RecordedCheck[],
  attempts: ReadonlyArray<readonly RecordedCheck[]>,
): Replayed[] {
  return failures.map((failure) => {
    const seen = attempts.map((attempt) => outcomeIn(failure, attempt));
    const passes = seen.filter((s) => s.outcome === 'pass').length;
    const status: ReplayStatus = passes === seen.length ? 'FIXED' : passes === 0 ? 'STILL FAILING' : 'FLAKY';
    const message = [...seen].reverse().find((s) => s.outcome !== 'pass')?.message;
    return { id: failure.id, status, outcomes: seen.map((s) => s.outcome), ...(message ? { message } : {}) };
  });
}

/** Exit code as for a run: 0 when every failure is fixed, 1 when any still fails or is flaky. */
export const replayExitCode = (replayed: readonly Replayed[]): 0 | 1 =>
  replayed.every((r) => r.status === 'FIXED') ? 0 : 1;
