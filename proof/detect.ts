// `npx tsx proof/detect.ts <fault-id | prefix*> ... [--json out.json]`
// Power on faults nobody planted: the whole suite (every check, default profile) against each
// fault, as a user's run would see it. A fault is detected when a check fails or errs; the service
// without faults runs beside them and must stay clean, or no count means anything.
// The catalog's own score (prove.ts) runs only the checks naming a fault's rules; this asks
// whether anything notices, which is what an independent fault writer's round measures.

import { writeFileSync } from 'node:fs';
import { EVERY_FAULT } from './faults/index.js';
import { runProofBatch, type ProofJob } from './batch.js';

const argv = process.argv.slice(2);
const jsonAt = argv.indexOf('--json');
const out = jsonAt >= 0 ? argv[jsonAt + 1] : undefined;
const patterns = argv.filter((_arg, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1));
const chosen = EVERY_FAULT.filter((f) =>
  patterns.some((p) => (p.endsWith('*') ? f.id.startsWith(p.slice(0, -1)) : f.id === p)),
);
if (!chosen.length) {
  console.error('usage: npx tsx proof/detect.ts <fault-id | prefix*> ... [--json out.json] (no fault matched)');
  process.exit(2);
}

const WHOLE_SUITE = ['suites/**/*.suite.ts'];
const CLEAN = 'clean';
const jobs: ProofJob[] = [
  { name: CLEAN, profile: 'default', files: WHOLE_SUITE },
  ...chosen.map((f) => ({ name: f.id, faults: [f.id], profile: 'default' as const, files: WHOLE_SUITE })),
];
const results = await runProofBatch(jobs);
const failing = (name: string) =>
  results
    .find((r) => r.name === name)!
    .checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error')
    .map((c) => c.id ?? c.name);

const clean = failing(CLEAN);
if (clean.length) {
  console.error(
    `the service without faults fails ${clean.length} checks: nothing is measured\n  ${clean.join('\n  ')}`,
  );
  process.exit(1);
}
const rows = chosen.map((f) => ({ id: f.id, caughtBy: failing(f.id) }));
for (const { id, caughtBy } of rows)
  console.log(
    `${caughtBy.length ? 'detected' : 'MISSED  '} ${id}${caughtBy.length ? `  (${caughtBy.slice(0, 3).join(', ')}${caughtBy.length > 3 ? `, +${caughtBy.length - 3}` : ''})` : ''}`,
  );
const detected = rows.filter((r) => r.caughtBy.length).length;
console.log(`\ndetected ${detected} of ${rows.length}; missed ${rows.length - detected}`);
if (out) writeFileSync(out, JSON.stringify(rows, null, 2));
// A count, not a verdict: vitest marks the process failed whenever checks fail, as they must against faults.
process.exit(0);
