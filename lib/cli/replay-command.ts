// `aes-conformance replay [<check id>...|--failed]`: the failures of the run recorded in --report-dir's
// summary.json, each re-run by its check (judgement, seed and profile as recorded) REPLAY_ATTEMPTS times
// against the recorded target, and said FIXED, STILL FAILING or FLAKY. The earlier reports stay as they are.

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, SETTING_NAMES, settingText } from '../config.js';
import { CURL_KEY_NOTE, readsKey } from '../http/curl.js';
import { joinHar, startHar } from '../http/har.js';
import { SUITE } from '../util/suite.js';
import { isCheckId } from '../result/check-id.js';
import { runConformance } from '../runner/run.js';
import type { CliRequest } from './args.js';
import {
  failuresOf,
  judged,
  REPLAY_ATTEMPTS,
  replayExitCode,
  replayItems,
  type RecordedCheck,
  type Replayed,
} from './replay.js';
import { type EarlierRun, otherTarget, whileSignalsInterrupt } from './run-command.js';

type Log = (line: string) => void;

interface RecordedRun {
  readonly target?: EarlierRun['target'];
  readonly stop?: { readonly kind: string; readonly message: string };
  readonly settings?: Readonly<Record<string, string>>;
  readonly checks?: ReadonlyArray<RecordedCheck & { readonly evidence?: { readonly curl: string } }>;
}

/** The recorded settings that decide how a check judges (its inputs, its profile): a replay judges as the run did. */
const JUDGING = ['profile', 'seed', 'numRuns', 'exploreRuns', 'readOnly', 'publishedWrites', 'simulatorConfigField'];

export async function replay(request: CliRequest, log: Log): Promise<number> {
  const file = join(resolve(settingText(request.env, 'REPORT_DIR')!), 'summary.json');
  const recorded = await readRecord(file);
  if (recorded.stop && !recorded.checks?.length)
    throw new ConfigError(
      `replay: the earlier run (${file}) verified nothing: it stopped (${recorded.stop.kind}: ${recorded.stop.message})`,
    );
  const failures = chosenFailures(failuresOf(recorded.checks ?? []), request.replay?.ids ?? [], file);
  if (!failures.length) return (log(`Nothing to replay: the run in ${file} had no failures or errors.`), 0);
  const other = otherTarget(recorded.target, request.env);
  if (other && !request.replay?.otherTarget)
    throw new ConfigError(
      `replay: the earlier run (${file}) ${other}: set BASE_URL to the recorded target, or add --other-target to replay against this one.`,
    );
  const env = judgingAsRecorded(request, recorded.settings ?? {});
  log(
    `Replaying ${failures.length} failure${failures.length === 1 ? '' : 's'} of ${file}, ${REPLAY_ATTEMPTS} times each (each re-runs its check, as recorded): ${failures.map((f) => f.id).join(', ')}`,
  );
  // With HAR (--har), the exchanges of every attempt.
  const har = settingText(env, 'HAR');
  if (har) await startHar(har);
  let attempts: RecordedCheck[][] | number;
  try {
    attempts = await whileSignalsInterrupt(log, (interrupt) =>
      attemptsOf(failures, env, request.given, interrupt, log),
    );
  } finally {
    if (har) await joinHar(har, SUITE);
  }
  if (har) log(`HAR: ${resolve(har)}`);
  // A target that stopped answering, a rejected key, a signal: no verdict on any failure.
  if (typeof attempts === 'number') return attempts;
  const replayed = judged(failures, attempts);
  replayed.forEach((r) => log(replayLine(r)));
  const curls = replayed.flatMap((r) =>
    r.status === 'FIXED' ? [] : [recorded.checks?.find((c) => c.id === r.id)?.evidence?.curl ?? []].flat(),
  );
  if (curls.length)
    log(
      ['', 'Recorded requests of what still fails:', ...curls]
        .concat(curls.some(readsKey) ? [CURL_KEY_NOTE] : [])
        .join('\n'),
    );
  const count = (status: Replayed['status']): number => replayed.filter((r) => r.status === status).length;
  log(`Replay: ${count('FIXED')} fixed, ${count('STILL FAILING')} still failing, ${count('FLAKY')} flaky`);
  return replayExitCode(replayed);
}

/** Each attempt's checks, or the exit code of the attempt that stopped (unreachable, key rejected, interrupted). */
async function attemptsOf(
  failures: readonly RecordedCheck[],
  env: Record<string, string | undefined>,
  given: Readonly<Record<string, string>>,
  interrupt: AbortSignal,
  log: Log,
): Promise<RecordedCheck[][] | number> {
  const attempts: RecordedCheck[][] = [];
  for (let attempt = 1; attempt <= REPLAY_ATTEMPTS; attempt++) {
    log(`Attempt ${attempt} of ${REPLAY_ATTEMPTS}`);
    const run = await runConformance({
      env,
      only: replayItems(failures),
      given,
      interrupt,
      // The target line once; progress and the rest of each attempt are not the replay's news.
      log: (line) => attempt === 1 && line.startsWith('Target ') && log(line),
    });
    if (run.stop) return (log(`Replay stopped: ${run.stop.message}`), run.exitCode);
    attempts.push([...run.checks]);
  }
  return attempts;
}

async function readRecord(file: string): Promise<RecordedRun> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as RecordedRun;
  } catch {
    throw new ConfigError(`replay: no readable ${file} from an earlier run (--report-dir names its directory)`);
  }
}

/** The failures named by id (any case), or all of them; an id that names no failure of the run stops the replay. */
function chosenFailures(failures: readonly RecordedCheck[], ids: readonly string[], file: string): RecordedCheck[] {
  if (!ids.length) return [...failures];
  const wanted = ids.map((id) => (isCheckId(id.toLowerCase()) ? id.toLowerCase() : id));
  const unknown = wanted.filter((id) => !failures.some((f) => f.id === id));
  if (unknown.length)
    throw new ConfigError(
      `replay: ${unknown.join(', ')}: no failure of the run in ${file} has this id; its failures: ${failures.map((f) => f.id).join(', ') || 'none'}`,
    );
  return failures.filter((f) => wanted.includes(f.id));
}

/** The environment of a run, with the recorded settings that decide judgements over it, unless given as an option. */
function judgingAsRecorded(
  request: CliRequest,
  settings: Readonly<Record<string, string>>,
): Record<string, string | undefined> {
  const env = { ...request.env };
  for (const field of JUDGING) {
    const name = SETTING_NAMES[field as keyof typeof SETTING_NAMES];
    if (settings[field] !== undefined && request.given[name] === undefined) env[name] = settings[field];
  }
  return env;
}

/** `STILL FAILING  <id>  (fail, fail, fail): <the message's first line>` */
function replayLine(r: Replayed): string {
  const first = r.message?.split('\n')[0];
  return `${r.status.padEnd(13)}  ${r.id}  (${r.outcomes.join(', ')})${r.status === 'FIXED' || !first ? '' : `: ${first}`}`;
}
