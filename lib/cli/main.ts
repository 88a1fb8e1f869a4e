// `aes-conformance` / `npm run conformance`: run the suites, write the reports, exit 0 / 1 / 2.

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, loadDotenv } from '../config.js';
import { redact, registerSecret } from '../http/redact.js';
import { consoleSummary } from '../report/console.js';
import { mergeSummaries, readSummaries } from '../report/merge.js';
import type { RunResult } from '../result/model.js';
import { writeReports } from '../report/write.js';
import { toSummaryJson } from '../report/summary-json.js';
import { loadWaivers } from '../waivers/waivers.js';
import { collectInventory } from '../runner/inventory.js';
import { SUITE } from '../result/suite.js';
import { runConformance, selectedItems } from '../runner/run.js';
import { HELP, colourWanted, parseCli } from './args.js';
import { catalogListing } from './listing.js';

const writer = (stream: NodeJS.WriteStream) => (line: string): void => void stream.write(`${redact(line)}\n`);

async function main(argv: readonly string[]): Promise<number> {
  loadDotenv();
  let request;
  try {
    request = parseCli(argv, process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
  // --format json: stdout carries summary.json alone; progress, warnings and notes go to stderr.
  const log = writer(request.format === 'json' && (request.action === 'run' || request.action === 'merge') ? process.stderr : process.stdout);
  request.warnings.forEach((w) => log(`warning: ${w}`));
  if (request.action === 'help') return (log(HELP), 0);
  if (request.action === 'version') return (log(`${SUITE.name} ${SUITE.version}`), 0);
  if (request.action === 'list') {
    let selected: string[];
    try {
      selected = selectedItems(request.only);
    } catch (error) {
      if (error instanceof ConfigError) return fail(error.message, 2);
      throw error;
    }
    return (log(catalogListing(await collectInventory(), selected)), 0);
  }
  const reportDir = resolve(request.env['REPORT_DIR'] ?? 'reports');
  // A re-run keeps the full run's reports (and re-runs what they show failed, however often it is repeated).
  const writtenTo = request.rerunFailed ? join(reportDir, 'rerun') : reportDir;
  let run: RunResult;
  try {
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
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
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

function fail(message: string, code: number): number {
  process.stderr.write(`${redact(message)}\n`);
  return code;
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

/**
 * Exits once stdout and stderr have taken everything written to them: a pipe to a slow reader
 * (`--list | less`, a CI log collector) is written asynchronously, and process.exit would cut it.
 */
function exitWhenFlushed(code: number): void {
  let open = 2;
  const flushed = (): void => {
    open -= 1;
    if (open === 0) process.exit(code);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}

main(process.argv.slice(2)).then(
  (code) => exitWhenFlushed(code),
  (error: unknown) => {
    // No stack trace for users; the message says what broke.
    process.stderr.write(`aes-conformance: internal error: ${redact((error as Error)?.message ?? String(error))}\n`);
    exitWhenFlushed(2);
  },
);
