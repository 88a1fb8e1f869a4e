#!/usr/bin/env node
// What `npm run mutate` left, for triage and for the record, read from Stryker's JSON reports
// (reports/mutation/mutation.json, or the files given). With several reports, each source file is
// taken from the last report given that holds it, so per-folder runs add up to one score.
//
// - every survivor (Survived, NoCoverage), one line each: status, file:line:column, mutator and
//   replacement, then why it survives, from the comment beside it in the code (survivorReason). Each is a
//   rule no check sees (add a check and a fault) or an equivalent mutant to mark with a `// Stryker
//   disable` comment and its reason, or, where a directive would hide a killed mutant too, to explain so;
// - `--reasons`: the mutants marked so (Stryker's Ignored), grouped by the reason given, with where;
// - `--all`: every mutant, whatever its status; `--score`: no mutant, the score alone;
// - `--recorded`: read the committed record (proof/mutation/record.json, or `--record <file>`) instead
//   of reports, and name the files edited since their run (their mutants may have moved: run them again)
//   and the survivors of the others with no comment near them saying why they survive;
// - the score per folder and in all, as Stryker counts it: detected (Killed, Timeout) ÷ (detected +
//   survivors); marked mutants are left out of both.
// Exit 0 whatever it finds: it reports, it does not judge.
//
//   node proof/mutation/mutate-survivors.mjs [report.json ... | --recorded [--record <file>]] [--reasons] [--all | --score]

import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  linesAsRun,
  RECORD,
  readRecord,
  sha256Of,
  survivorReason,
  UNDETECTED,
  unexplainedSurvivors,
} from './mutate-record.mjs';

const args = process.argv.slice(2);
const all = args.includes('--all');
const reasons = args.includes('--reasons');
const scoreOnly = args.includes('--score');
const recordAt = args.indexOf('--record');
const recordFile = recordAt < 0 ? RECORD : args[recordAt + 1];
const recorded = args.includes('--recorded') || recordAt >= 0;
const given = args.filter((arg, i) => !arg.startsWith('--') && (recordAt < 0 || i !== recordAt + 1));
const reports = recorded
  ? [readRecord(recordFile)]
  : (given.length ? given : ['reports/mutation/mutation.json']).map((file) => JSON.parse(readFileSync(file, 'utf8')));

/** Each source file's mutants, from the last report that holds the file, and its lines as that report saw them (undefined: edited since). */
const files = new Map();
const sources = new Map();
for (const report of reports) {
  for (const [path, file] of Object.entries(report.files)) {
    files.set(path, file.mutants);
    sources.set(path, file.source?.split('\n') ?? linesAsRun(path, file.sha256));
  }
}

const DETECTED = new Set(['Killed', 'Timeout']);
const where = (path, m) => `${path}:${m.location.start.line}:${m.location.start.column}`;
const byPlace = (a, b) =>
  a.path.localeCompare(b.path) ||
  a.m.location.start.line - b.m.location.start.line ||
  a.m.location.start.column - b.m.location.start.column;

const listed = [...files].flatMap(([path, mutants]) => mutants.map((m) => ({ path, m }))).sort(byPlace);
for (const { path, m } of listed) {
  if (scoreOnly || !(all || UNDETECTED.has(m.status))) continue;
  console.log(`${m.status.padEnd(10)} ${where(path, m)}  ${m.mutatorName}  ${JSON.stringify(m.replacement ?? '')}`);
  const lines = sources.get(path);
  if (UNDETECTED.has(m.status) && lines)
    console.log(
      `${''.padEnd(10)} why: ${survivorReason(lines, m.location.start.line) ?? 'no comment says (kill it, mark it, or say why it survives)'}`,
    );
}

if (reasons) {
  const marked = new Map();
  for (const { path, m } of listed.filter(({ m }) => m.status === 'Ignored')) {
    const reason = m.statusReason ?? '(no reason given)';
    marked.set(reason, [...(marked.get(reason) ?? []), where(path, m)]);
  }
  console.log(
    `\nMarked equivalent or left open by the specification (${[...marked.values()].flat().length} mutants, ${marked.size} reasons):`,
  );
  for (const [reason, places] of [...marked].sort((a, b) => b[1].length - a[1].length)) {
    console.log(
      `  ${String(places.length).padStart(3)} × ${reason}\n        ${[...new Set(places.map((p) => p.replace(/:\d+$/, '')))].join(', ')}`,
    );
  }
}

/** counts[folder][status] */
const counts = new Map();
const tally = (key, status) => {
  const entry = counts.get(key) ?? {};
  entry[status] = (entry[status] ?? 0) + 1;
  counts.set(key, entry);
};
for (const { path, m } of listed) {
  tally(dirname(path), m.status);
  tally('all', m.status);
}
const sum = (entry, statuses) => [...statuses].reduce((n, status) => n + (entry[status] ?? 0), 0);
const line = (key, entry) => {
  const detected = sum(entry, DETECTED);
  const valid = detected + sum(entry, UNDETECTED);
  const score = valid ? `${((100 * detected) / valid).toFixed(2)}%` : '-';
  const statuses = Object.entries(entry)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  return `${key.padEnd(32)} ${score.padStart(7)} (${detected}/${valid})  ${statuses}`;
};
console.log('\nScore (detected ÷ detected and survivors; marked mutants left out):');
for (const key of [...counts.keys()].filter((k) => k !== 'all').sort()) console.log(`  ${line(key, counts.get(key))}`);
if (counts.has('all')) console.log(`  ${line('all', counts.get('all'))}`);

if (recorded) {
  const stale = Object.entries(reports[0].files)
    .filter(([path, { sha256 }]) => !existsSync(path) || sha256Of(path) !== sha256)
    .map(([path]) => path);
  console.log(
    stale.length
      ? `\nEdited since their run (${recordFile} is stale for them; run them again):\n  ${stale.join('\n  ')}`
      : `\nEvery recorded file is as it was run.`,
  );
  const unexplained = unexplainedSurvivors(reports[0]);
  if (unexplained.length) {
    console.log(
      `\nSurvivors with no comment saying why they survive (kill, mark or explain each):\n  ${unexplained.map((u) => `${u.path}:${u.line}`).join('\n  ')}`,
    );
  }
}
