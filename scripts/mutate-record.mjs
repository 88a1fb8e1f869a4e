// The committed record of mutation runs (docs/mutation-record.json): for every source file a run
// mutated, the file's SHA-256 then and its mutants (place, mutator, replacement, status, reason).
// Stryker's reports live in reports/ and are not committed; a run of everything takes hours, so a
// score adds up from runs of a folder or file made over several sessions, and this record is what
// lets them add up. A file edited since its run is stale: mutate-survivors.mjs says so.
//
//   node scripts/mutate-record.mjs [report.json]   # record a Stryker JSON report (npm run mutate does)

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const RECORD = 'docs/mutation-record.json';

export const sha256Of = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

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

/** Replaces the record's entries of the files the report mutated. */
export function recordReport(reportPath, recordPath = RECORD) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const kept = existsSync(recordPath) ? JSON.parse(readFileSync(recordPath, 'utf8')).files : {};
  for (const [path, { source, mutants }] of Object.entries(report.files)) {
    const sha256 = createHash('sha256').update(source).digest('hex');
    const byPlace = [...mutants].sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    kept[path] = { sha256, mutants: byPlace.map(compact) };
  }
  writeFileSync(recordPath, render(kept));
  return Object.keys(report.files);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const recorded = recordReport(process.argv[2] ?? 'reports/mutation/mutation.json');
  console.log(`${RECORD}: recorded ${recorded.join(', ')}`);
}
