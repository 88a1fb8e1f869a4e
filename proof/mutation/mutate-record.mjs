// The committed record of mutation runs (proof/mutation/record.json): for every source file a run
// mutated, the file's SHA-256 then and its mutants (place, mutator, replacement, status, reason).
// Stryker's reports live in reports/ and are not committed; a run of everything takes hours, so a
// score adds up from runs of a folder or file made over several sessions, and this record is what
// lets them add up. A file edited since its run is stale: mutate-survivors.mjs says so.
//
//   node proof/mutation/mutate-record.mjs [report.json [pattern ...]]   # record a Stryker JSON report (npm run mutate does), only the files
//                                                                 # the patterns name (its --mutate) when given

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const RECORD = 'proof/mutation/record.json';

/** Statuses of a mutant no check detected: a survivor, to kill or to mark. */
export const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export const sha256Of = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** How many lines above a survivor the comment saying why it survives may start (a comment of several lines, then the code). */
const REASON_REACH = 6;

const COMMENT_LINE = /^\s*\/\/\s?(.*)$/;
/** A comment line of the reason's block: a Stryker directive is a block of its own. */
const prose = (text) => {
  const match = COMMENT_LINE.exec(text ?? '');
  return match && !/^Stryker /.test(match[1]) ? match[1] : undefined;
};

/**
 * Why the survivor on `line` (1-based) of `lines` survives: the `//` comment saying it does (it contains
 * "surviv") on that line or the REASON_REACH above, nearest first, with the comment lines around it; undefined
 * when there is none. Every survivor is killed, marked, or explained so (README, Mutation testing).
 */
export function survivorReason(lines, line) {
  for (let i = line - 1; i >= Math.max(0, line - 1 - REASON_REACH); i -= 1) {
    const at = lines[i].indexOf('//');
    if (at < 0 || !/surviv/i.test(lines[i].slice(at))) continue;
    let [first, last] = [i, i];
    if (prose(lines[i]) !== undefined) while (prose(lines[first - 1]) !== undefined) first -= 1;
    while (prose(lines[last + 1]) !== undefined) last += 1;
    const own = lines[i].slice(at).replace(/^\/\/\s?/, '');
    return [...lines.slice(first, i).map(prose), own, ...lines.slice(i + 1, last + 1).map(prose)].join(' ').trim();
  }
  return undefined;
}

/** The source lines of `path` when it is as a record or report saw it (`sha256`; none given: as it is), else undefined. */
export function linesAsRun(path, sha256) {
  if (!existsSync(path) || (sha256 !== undefined && sha256Of(path) !== sha256)) return undefined;
  return readFileSync(path, 'utf8').split('\n');
}

/**
 * The survivors of the record's files as they were run (a file edited since is left out: its lines
 * have moved) with no comment saying why they survive (survivorReason): each `{ path, line }`.
 */
export function unexplainedSurvivors(record) {
  return Object.entries(record.files).flatMap(([path, file]) => {
    const lines = linesAsRun(path, file.sha256);
    if (!lines) return [];
    const survivors = file.mutants.filter((m) => UNDETECTED.has(m.status)).map((m) => Number(m.at.split(':')[0]));
    return [...new Set(survivors)]
      .filter((line) => survivorReason(lines, line) === undefined)
      .map((line) => ({ path, line }));
  });
}

/** The record's mutant: what triage reads, without Stryker's test bookkeeping. */
const compact = ({ location, mutatorName, replacement, status, statusReason }) => ({
  at: `${location.start.line}:${location.start.column}`,
  mutator: mutatorName,
  ...(replacement === undefined ? {} : { replacement }),
  status,
  ...(status === 'Ignored' && statusReason ? { reason: statusReason } : {}),
});

/** The record's files, each as { sha256, mutants } in Stryker's report shape (`files[path].mutants`), with `location` restored. */
export function readRecord(path = RECORD) {
  if (!existsSync(path)) return { files: {} };
  const record = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of Object.values(record.files)) {
    for (const m of file.mutants) {
      const [line, column] = m.at.split(':').map(Number);
      Object.assign(m, { location: { start: { line, column } }, mutatorName: m.mutator, statusReason: m.reason });
    }
  }
  return record;
}

/** One mutant a line, so that a run's changes read as a diff. */
function render(files) {
  const paths = Object.keys(files).sort();
  const blocks = paths.map((path) => {
    const { sha256, mutants } = files[path];
    const lines = mutants.map((m) => `        ${JSON.stringify(m)}`).join(',\n');
    return `    ${JSON.stringify(path)}: {\n      "sha256": ${JSON.stringify(sha256)},\n      "mutants": [\n${lines}\n      ]\n    }`;
  });
  return `{\n  "files": {\n${blocks.join(',\n')}\n  }\n}\n`;
}

/** A --mutate pattern (a glob, or a file with a line range) as a test of a relative path. */
function globTest(pattern) {
  const glob = pattern.replace(/:\d+(?::\d+)?-\d+(?::\d+)?$/, '');
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\/|\*\*|\*|\?/g, (m) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[m]);
  return new RegExp(`^${source}$`);
}

/** Whether a file is one of those the --mutate patterns name (all files when there are none). */
export function inScope(path, patterns) {
  return !patterns?.length || patterns.some((pattern) => globTest(pattern).test(path));
}

/**
 * Replaces the record's entries of the files the report mutated within `patterns` (the run's --mutate): an incremental
 * report also carries the files of earlier runs it did not mutate, as it found them.
 */
export function recordReport(reportPath, recordPath = RECORD, patterns = []) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const kept = existsSync(recordPath) ? JSON.parse(readFileSync(recordPath, 'utf8')).files : {};
  const recorded = [];
  for (const [path, { source, mutants }] of Object.entries(report.files)) {
    if (!inScope(path, patterns)) continue;
    recorded.push(path);
    const sha256 = createHash('sha256').update(source).digest('hex');
    const byPlace = [...mutants].sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    );
    kept[path] = { sha256, mutants: byPlace.map(compact) };
  }
  writeFileSync(recordPath, render(kept));
  return recorded;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [report = 'reports/mutation/mutation.json', ...patterns] = process.argv.slice(2);
  const recorded = recordReport(
    report,
    RECORD,
    patterns.flatMap((p) => p.split(',')),
  );
  console.log(`${RECORD}: recorded ${recorded.join(', ')}`);
}
