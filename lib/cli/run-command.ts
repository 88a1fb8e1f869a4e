// A run (or `--merge`): the suites run (or earlier runs merged), the reports written, the exit code.
// main.ts imports this module only for these, so `--help`, `--version` and `--list` load none of it
// (vitest, the reference service, ajv, …). A ConfigError thrown here exits 2 (main.ts).

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, parseConfig, settingText } from '../config.js';
import { redact, registerSecret } from '../http/redact.js';
import { joinHar, startHar } from '../http/har.js';
import { SUITE } from '../util/suite.js';
import { consoleSummary } from '../report/console.js';
import { mergeSummaries, readSummaries } from '../report/merge.js';
import type { InterruptSignal, RunResult } from '../result/model.js';
import { probeReportDir, type ReportPaths, writeMarkdownSummaries, writeReports } from '../report/write.js';
import { toSummaryJson } from '../report/summary-json.js';
import { loadWaivers } from '../waivers/waivers.js';
import { rerunItems } from '../result/selection.js';
import { runConformance } from '../runner/run.js';
import { type CliRequest, colourWanted } from './args.js';

type Log = (line: string) => void;

/** A run (or `--merge`): the reports written, the run's exit code returned. */
export async function runOrMerge(request: CliRequest, log: Log): Promise<number> {
  // A run keeps the signals until its reports are written: a signal then changes nothing but the time.
  return request.action === 'merge'
    ? runAndReport(request, log)
    : whileSignalsInterrupt(log, (interrupt) => runAndReport(request, log, interrupt));
}

async function runAndReport(request: CliRequest, log: Log, interrupt?: AbortSignal): Promise<number> {
  const reportDir = resolve(settingText(request.env, 'REPORT_DIR')!);
  // A re-run keeps the full run's reports (and re-runs what they show failed, however often it is repeated).
  const writtenTo = request.rerunFailed ? join(reportDir, 'rerun') : reportDir;
  let run: RunResult;
  if (request.action === 'merge') {
    await probe(writtenTo);
    // The summaries are already redacted; a key in the environment is redacted once more.
    registerSecret(request.env['API_KEY']);
    // The waiver file in effect at merge time (if any) is applied afresh to the merged checks.
    run = mergeSummaries(await readSummaries(request.mergeFrom), loadWaivers(request.env['WAIVERS']));
  } else {
    let only = request.only;
    if (request.rerunFailed) {
      const failed = await failedItems(reportDir, request.env);
      // Nothing failed: the earlier run's reports stay as they are.
      if (!failed.length)
        return (log(`Nothing to re-run: the run in ${join(reportDir, 'summary.json')} had no failures or errors.`), 0);
      log(
        `Re-running what failed or errored in ${join(reportDir, 'summary.json')} (checks by id, findings by requirement): ${failed.join(', ')}`,
      );
      only = [...only, ...failed];
    }
    await probe(writtenTo);
    const har = settingText(request.env, 'HAR');
    if (har) await startHar(har);
    run = await runConformance({
      env: request.env,
      only,
      exclude: request.exclude,
      log,
      given: request.given,
      ...(interrupt ? { interrupt } : {}),
      ...(request.shard ? { shard: request.shard } : {}),
      ...(request.grep === undefined ? {} : { grep: request.grep }),
    });
    if (har) {
      await joinHar(har, SUITE);
      log(`HAR: ${resolve(har)}`);
    }
  }
  let written: ReportPaths | Error;
  try {
    written = await writeReports(run, writtenTo);
  } catch (error) {
    written = error as Error;
  }
  // The verdict is shown even when the reports could not be written.
  if (request.format === 'json')
    process.stdout.write(toSummaryJson(run)); // the same document as summary.json, already redacted
  else log(consoleSummary(run, { color: colourWanted(request.env, process.stdout.isTTY === true) }));
  // Without its reports a CI job has nothing to read: exit 2, as for a report directory found unwritable before the run.
  if (written instanceof Error)
    return (process.stderr.write(`REPORT_DIR ${writtenTo} could not be written: ${redact(written.message)}\n`), 2);
  log(`Reports: ${written.junit}, ${written.html}, ${written.summary}`);
  // SUMMARY_MD and $GITHUB_STEP_SUMMARY: the Markdown summary, after the reports (it points at report.html).
  try {
    const markdown = await writeMarkdownSummaries(run, {
      file: settingText(request.env, 'SUMMARY_MD'),
      stepSummary: request.env['GITHUB_STEP_SUMMARY']?.trim() || undefined,
    });
    if (markdown.length) log(`Markdown summary: ${markdown.join(', ')}`);
  } catch (error) {
    return (
      process.stderr.write(`The Markdown summary could not be written: ${redact((error as Error).message)}\n`),
      2
    );
  }
  return run.exitCode;
}

/** The report directory is created and written to before the first request: a run whose reports would be lost is not started. */
async function probe(dir: string): Promise<void> {
  try {
    await probeReportDir(dir);
  } catch (error) {
    throw new ConfigError(`REPORT_DIR ${dir} cannot be written: ${(error as Error).message}`);
  }
}

/**
 * SIGINT or SIGTERM (Ctrl-C, a CI cancel, a job timeout) stops the run with its reports written
 * (verdict `interrupted`); a second signal exits at once, writing nothing.
 */
export async function whileSignalsInterrupt<T>(log: Log, body: (interrupt: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (signal: InterruptSignal): void => {
    if (controller.signal.aborted) process.exit(signal === 'SIGINT' ? 130 : 143);
    log(`${signal}: stopping the run; the reports will say what ran (${signal} again exits at once, without reports).`);
    controller.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await body(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export interface EarlierRun {
  readonly target?: { readonly baseUrl: string | null; readonly embedded: boolean };
  readonly stop?: { readonly kind: string; readonly message: string };
  readonly checks?: Array<{ id: string; outcome: string; requirements: string[]; waived?: unknown }>;
}

/**
 * What failed (waived failures aside) or errored in the last summary.json, as `--only` items (rerunItems). A run that stopped
 * verified nothing or not everything, and its failures are another target's when the target changed: either is
 * a configuration error, never a green re-run.
 */
async function failedItems(reportDir: string, env: Readonly<Record<string, string | undefined>>): Promise<string[]> {
  const file = join(reportDir, 'summary.json');
  let summary: EarlierRun;
  try {
    summary = JSON.parse(await readFile(file, 'utf8')) as EarlierRun;
  } catch {
    throw new ConfigError(`--rerun-failed: no readable ${file} from an earlier run`);
  }
  if (summary.stop) {
    // Stopped part-way (interrupted, throttled), it left checks unrun; stopped before the suites, it ran none.
    const what = summary.checks?.length ? 'did not finish: the checks it left were never run' : 'verified nothing';
    throw new ConfigError(
      `--rerun-failed: the earlier run (${file}) ${what}: it stopped (${summary.stop.kind}: ${summary.stop.message}); run the whole suite again.`,
    );
  }
  const other = otherTarget(summary.target, env);
  if (other)
    throw new ConfigError(
      `--rerun-failed: the earlier run (${file}) ${other}: re-run against the recorded target (set BASE_URL to it), or run the whole suite.`,
    );
  return rerunItems(summary.checks ?? []);
}

/** `was against <recorded>, not <current>` when the settings name another target than an earlier run's; else undefined. */
export function otherTarget(
  recorded: EarlierRun['target'],
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const current = currentTarget(env);
  if (
    !recorded ||
    !current ||
    (recorded.embedded === current.embedded && (current.embedded || recorded.baseUrl === current.baseUrl))
  )
    return undefined;
  const named = (t: { baseUrl: string | null; embedded: boolean }): string =>
    t.embedded ? 'the embedded reference service' : String(t.baseUrl);
  return `was against ${named(recorded)}, not ${named(current)}`;
}

/** The target the settings name (undefined when they cannot be read: the run itself then stops and says why). */
function currentTarget(
  env: Readonly<Record<string, string | undefined>>,
): { baseUrl: string | null; embedded: boolean } | undefined {
  try {
    const { baseUrl } = parseConfig(env);
    return { baseUrl: baseUrl ?? null, embedded: baseUrl === undefined };
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}
