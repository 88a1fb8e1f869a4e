// A run (or `--merge`): the suites run (or earlier runs merged), the reports written, the exit code.
// main.ts imports this module only for these, so `--help`, `--version` and `--list` load none of it
// (vitest, the reference service, ajv, …). A ConfigError thrown here exits 2 (main.ts).

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../config.js';
import { registerSecret } from '../http/redact.js';
import { consoleSummary } from '../report/console.js';
import { mergeSummaries, readSummaries } from '../report/merge.js';
import type { RunResult } from '../result/model.js';
import { writeReports } from '../report/write.js';
import { toSummaryJson } from '../report/summary-json.js';
import { loadWaivers } from '../waivers/waivers.js';
import { runConformance } from '../runner/run.js';
import { type CliRequest, colourWanted } from './args.js';

type Log = (line: string) => void;

/** A run (or `--merge`): the reports written, the run's exit code returned. */
export async function runOrMerge(request: CliRequest, log: Log): Promise<number> {
  const reportDir = resolve(request.env['REPORT_DIR'] ?? 'reports');
  // A re-run keeps the full run's reports (and re-runs what they show failed, however often it is repeated).
  const writtenTo = request.rerunFailed ? join(reportDir, 'rerun') : reportDir;
  let run: RunResult;
  if (request.action === 'merge') {
    // The summaries are already redacted; a key in the environment is redacted once more.
    registerSecret(request.env['API_KEY']);
    // The waiver file in effect at merge time (if any) is applied afresh to the merged checks.
    run = mergeSummaries(await readSummaries(request.mergeFrom), loadWaivers(request.env['WAIVERS']));
  } else {
    let only = request.only;
    if (request.rerunFailed) {
      const failed = await failedRequirements(reportDir);
      // Nothing failed: the earlier run's reports stay as they are.
      if (!failed.length) return (log(`Nothing to re-run: the run in ${join(reportDir, 'summary.json')} had no failures or errors.`), 0);
      log(`Re-running the checks of ${failed.length} requirement${failed.length === 1 ? '' : 's'} that failed or errored in ${join(reportDir, 'summary.json')}: ${failed.join(', ')}`);
      only = [...only, ...failed];
    }
    run = await runConformance({ env: request.env, only, exclude: request.exclude, log, given: request.given, ...(request.shard ? { shard: request.shard } : {}) });
  }
  const paths = await writeReports(run, writtenTo);
  if (request.format === 'json') {
    // The same document as summary.json, already redacted.
    process.stdout.write(toSummaryJson(run));
    log(`Reports: ${paths.junit}, ${paths.html}, ${paths.summary}`);
    return run.exitCode;
  }
  log(consoleSummary(run, { color: colourWanted(request.env, process.stdout.isTTY === true) }));
  log(`Reports: ${paths.junit}, ${paths.html}, ${paths.summary}`);
  return run.exitCode;
}

/** Requirement ids that failed (waived failures aside) or errored in the last summary.json. */
async function failedRequirements(reportDir: string): Promise<string[]> {
  let summary: { checks?: Array<{ outcome: string; requirements: string[]; waived?: unknown }> };
  try {
    summary = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as typeof summary;
  } catch {
    throw new ConfigError(`--rerun-failed: no readable ${join(reportDir, 'summary.json')} from an earlier run`);
  }
  return [...new Set((summary.checks ?? []).filter((c) => (c.outcome === 'fail' && !c.waived) || c.outcome === 'error').flatMap((c) => c.requirements))];
}
