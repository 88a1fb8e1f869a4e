#!/usr/bin/env node
// The test command of `npm run mutate` (stryker.config.mjs), run by Stryker in its sandbox: one
// conformance run against the embedded reference, by the CLI compiled from the (mutated) sources
// (stryker.config.mjs's build command; bin/aes-conformance.js runs dist/ while it is current).
// Exit 0 (the mutant survived) only when the run exits 0 AND its verdict is `conformant` with no
// more skipped checks than the unmutated reference had: against the embedded reference every
// fixture exists, so a mutant that only makes checks skip (an empty list, a fixture no longer
// found) makes the run partial (`passed-partial`, exit 0 for a CI gate) and is caught here.
//
// The unmutated run (Stryker's initial run: no __STRYKER_ACTIVE_MUTANT__) records its skip count
// in reports/mutate-baseline.json; each run writes its reports to a folder of its own (two runs
// share the sandbox with `concurrency: 2`). The target settings are removed (an empty BASE_URL, or a key
// without one, stops a run): always the embedded reference; the profile is strict unless PROFILE says
// otherwise; other settings pass through.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const BASELINE = 'reports/mutate-baseline.json';
const reportDir = `reports/conformance-${process.pid}`;
const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;

const run = spawnSync(process.execPath, ['bin/aes-conformance.js'], {
  stdio: 'inherit',
  // The strict profile by default: the reference meets every SHOULD too, so a mutant breaking one changed something real.
  env: { PROFILE: 'strict', ...withoutTarget(process.env), NO_COLOR: '1', REPORT_DIR: reportDir },
});
const code = run.status ?? 1;

function withoutTarget(env) {
  const target =
    /^(BASE_URL|API_KEY|SCHEDULED_RUN_ID|DASHBOARD_ID|DELETABLE_PERSONA_ID|DELETABLE_RUN_ID|CANCELLABLE_RUN_ID|DELETABLE_SCHEDULED_RUN_ID)$/;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !target.test(name)));
}

function verdict() {
  if (code !== 0) return { exit: code, why: `conformance run exited ${code}${run.signal ? ` (${run.signal})` : ''}` };
  let summary;
  try {
    summary = JSON.parse(readFileSync(`${reportDir}/summary.json`, 'utf8'));
  } catch (error) {
    return { exit: 1, why: `no summary.json: ${error.message}` };
  }
  if (summary.verdict !== 'conformant') {
    const untested = (summary.untested ?? []).map((u) => u.id).join(', ');
    return { exit: 1, why: `verdict ${summary.verdict}${untested ? `; unverified: ${untested}` : ''}` };
  }
  const skips = summary.counts.skip;
  if (mutant === undefined) {
    mkdirSync('reports', { recursive: true });
    writeFileSync(BASELINE, JSON.stringify({ skip: skips }));
    return { exit: 0, why: `baseline: conformant, ${skips} skipped` };
  }
  const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')).skip : undefined;
  if (baseline !== undefined && skips > baseline)
    return { exit: 1, why: `${skips} checks skipped, the unmutated reference ${baseline}` };
  return { exit: 0, why: 'conformant' };
}

const { exit, why } = verdict();
rmSync(reportDir, { recursive: true, force: true });
console.log(
  `mutate-run${mutant === undefined ? '' : ` (mutant ${mutant})`}: ${exit === 0 ? 'survived' : 'killed'}: ${why}`,
);
process.exit(exit);
