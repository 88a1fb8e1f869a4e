#!/usr/bin/env node
// `npm run mutate [-- <Stryker options>]`: StrykerJS (stryker.config.mjs), then what it left.
// Each run's JSON report is also kept as reports/mutation/runs/<what it mutated>.json, so that
// per-folder runs add up: the last lines give this run's survivors and marked mutants with their
// reasons, then the score of every kept run together (a file's latest run counts).

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';

const args = process.argv.slice(2);
const stryker = spawnSync('stryker', ['run', ...args], { stdio: 'inherit' });
if (stryker.status !== 0) process.exit(stryker.status ?? 1);

const REPORT = 'reports/mutation/mutation.json';
const KEPT = 'reports/mutation/runs';
/** What `--mutate <pattern>` or `--mutate=<pattern>` chose, as a file name; `everything` without it. */
function runName() {
  const at = args.findIndex((arg) => arg === '--mutate' || arg.startsWith('--mutate='));
  const pattern = at < 0 ? undefined : args[at].startsWith('--mutate=') ? args[at].slice('--mutate='.length) : args[at + 1];
  return pattern ? pattern.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_|_$/g, '') : 'everything';
}
const name = runName();
mkdirSync(KEPT, { recursive: true });
copyFileSync(REPORT, `${KEPT}/${name}.json`);

const survivors = (files, extra = []) => spawnSync(process.execPath, ['scripts/mutate-survivors.mjs', ...files, ...extra], { stdio: 'inherit' }).status;
console.log(`\n== This run (${REPORT}) ==`);
survivors([REPORT], ['--reasons']);
// Oldest first, so that a file's latest run wins.
const kept = readdirSync(KEPT).map((file) => `${KEPT}/${file}`).filter(existsSync).sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
if (kept.length > 1) {
  console.log(`\n== Every kept run (${KEPT}/), a file's latest run counting ==`);
  survivors(kept, ['--score']);
}
