#!/usr/bin/env node
// `npm run mutate [-- <Stryker options>] [--retest-survivors]`: StrykerJS (stryker.config.mjs), then what it left.
//
// - Each run's JSON report is kept in reports/mutation/runs/<what it mutated>.json (not committed), and
//   its results are recorded in proof/mutation/record.json (committed: proof/mutation/mutate-record.mjs), a
//   file's entry replaced by its latest run, so that runs of a folder or a file add up to one score
//   across sessions.
// - `--retest-survivors`: after triage, tests again only what the kept runs (a file's latest) did not
//   kill (their survivors, and mutants of code changed since), reusing their killed ones through
//   Stryker's incremental mode. Sound while checks are only added: a check that grew stronger kills
//   no fewer mutants.
// The last lines give this run's survivors and marked mutants with their reasons, then the score of the
// whole record, naming the files edited since their run.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { inScope, RECORD, recordReport, UNDETECTED } from './mutate-record.mjs';

const REPORT = 'reports/mutation/mutation.json';
const KEPT = 'reports/mutation/runs';
const INCREMENTAL = 'reports/mutation/stryker-incremental.json';

const given = process.argv.slice(2);
const retest = given.includes('--retest-survivors');
const args = given.filter((arg) => arg !== '--retest-survivors');

/** What `--mutate <pattern>` or `--mutate=<pattern>` chose (comma-separated globs); undefined without it. */
function mutatePattern() {
  const at = args.findIndex((arg) => arg === '--mutate' || arg.startsWith('--mutate='));
  return at < 0 ? undefined : args[at].startsWith('--mutate=') ? args[at].slice('--mutate='.length) : args[at + 1];
}
const pattern = mutatePattern();
const patterns = pattern ? pattern.split(',') : [];

/** The run's name for its kept report, from its --mutate; `everything` without it. */
function runName() {
  if (!pattern) return 'everything';
  const name = pattern.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_|_$/g, '');
  // A file name holds 255 bytes at most: a long list of files keeps its start and a digest of the whole.
  return name.length <= 120
    ? name
    : `${name.slice(0, 80)}_${createHash('sha256').update(pattern).digest('hex').slice(0, 16)}`;
}
const name = runName();

/** Keeps a run's report with the files it mutated alone (an incremental report also carries earlier runs' files as it found them). */
function keepRun(report, kept) {
  const run = JSON.parse(readFileSync(report, 'utf8'));
  run.files = Object.fromEntries(Object.entries(run.files).filter(([path]) => inScope(path, patterns)));
  writeFileSync(kept, JSON.stringify(run));
}

if (retest) {
  // Stryker's incremental file is a report of the same shape: every kept run's files (a file's latest run), without their
  // survivors, which are then tested as new.
  const kept = existsSync(KEPT)
    ? readdirSync(KEPT)
        .map((file) => `${KEPT}/${file}`)
        .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    : [];
  if (!kept.length) {
    console.error(`--retest-survivors: no kept run in ${KEPT}: run npm run mutate without it first`);
    process.exit(2);
  }
  const reports = kept.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const merged = { ...reports.at(-1), files: Object.assign({}, ...reports.map((report) => report.files)) };
  // Only the files this run mutates: Stryker carries the others into its report as it finds them here, survivors included.
  for (const [path, file] of Object.entries(merged.files))
    if (inScope(path, patterns)) file.mutants = file.mutants.filter((m) => !UNDETECTED.has(m.status));
  writeFileSync(INCREMENTAL, JSON.stringify(merged));
  args.push('--incremental');
}

const stryker = spawnSync('stryker', ['run', ...args], { stdio: 'inherit' });
if (stryker.status !== 0) process.exit(stryker.status ?? 1);

if (Object.keys(JSON.parse(readFileSync(REPORT, 'utf8')).files).length === 0) {
  console.error(
    '\nThe run mutated no file: check --mutate (comma-separated paths or globs; Stryker does not expand {a,b}).',
  );
  process.exit(2);
}
mkdirSync(KEPT, { recursive: true });
keepRun(REPORT, `${KEPT}/${name}.json`);
recordReport(REPORT, RECORD, patterns);

const survivors = (extra) =>
  spawnSync(process.execPath, ['proof/mutation/mutate-survivors.mjs', ...extra], { stdio: 'inherit' }).status;
console.log(`\n== This run (${REPORT}) ==`);
survivors([REPORT, '--reasons']);
console.log(`\n== Every file recorded (${RECORD}), each by its latest run ==`);
survivors(['--recorded', '--score']);
