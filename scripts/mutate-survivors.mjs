#!/usr/bin/env node
// The mutants `npm run mutate` did not kill, one line each, for triage: status, file:line:column,
// mutator and replacement, read from Stryker's JSON report (reports/mutation/mutation.json, or the
// file given). `--all` lists every mutant. Exit 0 whatever it finds: it reports, it does not judge.
//
//   node scripts/mutate-survivors.mjs [report.json] [--all]

import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const all = args.includes('--all');
const file = args.find((arg) => !arg.startsWith('--')) ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(file, 'utf8'));

const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const rows = [];
const counts = {};
for (const [path, { mutants }] of Object.entries(report.files)) {
  for (const m of mutants) {
    counts[m.status] = (counts[m.status] ?? 0) + 1;
    if (!all && !UNDETECTED.has(m.status)) continue;
    const { line, column } = m.location.start;
    rows.push({ path, line, column, text: `${m.status.padEnd(10)} ${path}:${line}:${column}  ${m.mutatorName}  ${JSON.stringify(m.replacement ?? '')}` });
  }
}
rows.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.column - b.column);
for (const row of rows) console.log(row.text);
const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
console.log(`\n${Object.entries(counts).map(([status, n]) => `${status} ${n}`).join(', ')}; score ${valid ? ((100 * detected) / valid).toFixed(2) : '-'}% (${detected}/${valid})`);
