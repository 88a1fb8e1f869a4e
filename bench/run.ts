// `npm run bench`: how long a full run takes against the embedded reference service, how
// many requests it sends, how parallel it is, and how far its wall time is from the floor
// its longest chain of sequential requests sets. Options: --runs N (5), --latency MS (50),
// --time-limit MINUTES (30, the whole bench), --keep (keep every run's reports and output).
//
// Each run is what a user starts: `node bin/aes-conformance.js` in a child process (start-up
// included), against a fresh reference service started here, which counts the requests and
// sums their times. Runs of the two scenarios alternate, so a change in the machine's load
// falls on both.

import { spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SETTINGS } from '../lib/config.js';
import { startReferenceService } from '../lib/reference/server.js';
import { referenceEnvironment } from '../lib/runner/embedded.js';
import { cell, checksMeasure, floorMs, peakInFlight, type RunMeasure, type Scenario, table } from './measure.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'bin', 'aes-conformance.js');
/** Left for a run that reached the bench's bound to write its reports before it is killed. */
const GRACE_MS = 30_000;
const MIN_RUN_MS = 60_000;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    latency: { type: 'string', default: '50' },
    'time-limit': { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = positive('--runs', options.runs);
const LATENCY_MS = positive('--latency', options.latency);
const DEADLINE = performance.now() + positive('--time-limit', options['time-limit']) * 60_000;

const SCENARIOS: readonly Scenario[] = [
  { key: 'a', label: '(a) default run', latencyMs: 0 },
  { key: 'b', label: `(b) +${LATENCY_MS} ms per request`, latencyMs: LATENCY_MS },
];

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`bench: ${name} must be a positive number, got ${text}\n`);
    process.exit(2);
  }
  return value;
}

const progress = (line: string): void => void process.stderr.write(`bench: ${line}\n`);
const loads = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

/** The run's environment: the settings of the reference service only (no inherited BASE_URL, PROFILE, SEED, ...). */
function runEnvironment(extra: Record<string, string>): Record<string, string> {
  const settings = new Set<string>(SETTINGS.map((s) => s.name));
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !settings.has(entry[0]) && !entry[0].startsWith('AES_'),
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

/** The child running now (its own process group), killed if the bench is interrupted, and its directory. */
let running: { pid: number; dir: string } | undefined;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (running !== undefined) killGroup(running.pid, 'SIGKILL');
    process.stderr.write(`bench: ${signal}, stopped${running ? `; the interrupted run's output is in ${running.dir}` : ''}\n`);
    process.exit(130);
  });
}

async function runOnce(scenario: Scenario, label: string): Promise<RunMeasure> {
  const spans: Array<{ startedAt: number; endedAt: number }> = [];
  const reference = await startReferenceService({
    latencyMs: scenario.latencyMs,
    onRequest: (startedAt, endedAt) => void spans.push({ startedAt, endedAt }),
  });
  // The run's working directory too, so no .env of the checkout changes the default run.
  const dir = await mkdtemp(join(tmpdir(), 'aes-bench-'));
  const output = await open(join(dir, 'output.log'), 'w');
  const remaining = DEADLINE - performance.now();
  const env = runEnvironment({
    ...referenceEnvironment(reference),
    REPORT_DIR: join(dir, 'reports'),
    // Within the bench's bound, the run ends its checks itself and writes its reports.
    RUN_TIMEOUT_MS: String(Math.round(Math.min(900_000, remaining - GRACE_MS))),
  });
  let exitCode: number | null;
  let wallMs: number;
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI], { cwd: dir, env, stdio: ['ignore', output.fd, output.fd], detached: true });
    running = child.pid === undefined ? undefined : { pid: child.pid, dir };
    const killer = setTimeout(() => {
      progress(`${label}: the bench's time bound is reached; killing the run`);
      killGroup(child.pid!, 'SIGTERM');
      setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 5_000).unref();
    }, remaining);
    const ended = await new Promise<{ code: number | null; killed: boolean }>((resolve) => {
      child.once('error', (error) => {
        progress(`${label}: could not start: ${error.message}`);
        resolve({ code: 2, killed: false });
      });
      child.once('exit', (code, signal) => resolve({ code, killed: signal !== null }));
    });
    wallMs = performance.now() - started;
    clearTimeout(killer);
    running = undefined;
    exitCode = ended.killed ? null : ended.code;
  } finally {
    await output.close();
    await reference.close();
  }
  const checks = await readFile(join(dir, 'reports', 'summary.json'), 'utf8').then(
    (text) => checksMeasure(JSON.parse(text) as Parameters<typeof checksMeasure>[0]),
    () => undefined,
  );
  if (exitCode === 0 && !options.keep) await rm(dir, { recursive: true, force: true });
  else await reportTrouble(label, exitCode, dir);
  const requestMs = spans.reduce((sum, s) => sum + s.endedAt - s.startedAt, 0);
  return {
    scenario: scenario.key, latencyMs: scenario.latencyMs, wallMs, requests: spans.length, requestMs, peakInFlight: peakInFlight(spans), exitCode,
    ...(checks ? { checks } : {}),
  };
}

async function reportTrouble(label: string, exitCode: number | null, dir: string): Promise<void> {
  if (exitCode === 0) return progress(`${label}: kept in ${dir}`);
  const tail = (await readFile(join(dir, 'output.log'), 'utf8').catch(() => '')).trimEnd().split('\n').slice(-12);
  progress(`${label}: ${exitCode === null ? 'killed at the time bound' : `exited ${exitCode}`}; output and reports kept in ${dir}; last lines:`);
  tail.forEach((line) => process.stderr.write(`    ${line}\n`));
}

const startLoad = loads();
const cores = availableParallelism();
const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
progress(`${cores} cores (${cpuModel}), load average ${startLoad}; ${RUNS} runs of each scenario, ${options['time-limit']} min bound`);

const runs: RunMeasure[] = [];
let cut = 0;
for (let i = 1; i <= RUNS; i++) {
  for (const scenario of SCENARIOS) {
    const label = `run ${i}/${RUNS} ${scenario.label}`;
    if (DEADLINE - performance.now() < MIN_RUN_MS) {
      cut++;
      continue;
    }
    const run = await runOnce(scenario, label);
    runs.push(run);
    const floor = floorMs(run);
    progress(`${label}: ${(run.wallMs / 1000).toFixed(1)} s, ${run.requests} requests, exit ${run.exitCode ?? 'killed'}`
      + (run.checks ? `, ${run.checks.verdict}, longest chain ${run.checks.longestChain}` : ', no summary.json')
      + (floor ? `, floor ${(floor / 1000).toFixed(2)} s` : ''));
  }
}

const finished = runs.filter((r) => r.exitCode !== null);
const outside = finished.flatMap((r) => (r.checks ? [r.requests - r.checks.requests] : []));
const longest = [...new Set(finished.flatMap((r) => (r.latencyMs > 0 ? r.checks?.longestChecks ?? [] : [])))];
const failed = runs.filter((r) => r.exitCode !== 0);
const ofScenario = (key: Scenario['key']): RunMeasure[] => finished.filter((r) => r.scenario === key);
const slow = ofScenario('b');
const out = [
  '',
  `Machine: ${cores} cores (${cpuModel}), Node ${process.versions.node}; load average (1, 5, 15 min) ${startLoad} at start, ${loads()} at end.`,
  `Medians of ${RUNS} runs, (min–max) in brackets; runs of (a) and (b) alternated, each against a fresh reference service.`,
  '',
  table(SCENARIOS, runs, RUNS),
  '',
  '- wall: from spawning `node bin/aes-conformance.js` to its exit (start-up, preflight, vitest, reports). runs (exit 0): runs',
  '  finished, of those planned (how many exited 0).',
  '- requests, sum of request time: counted by the reference service, each request from its arrival to the end of its',
  '  response (the added latency included). effective parallelism: sum of request time ÷ wall.',
  `- floor: the most requests one check sent one after another (its \`requestChain\` in summary.json: requests that did not`,
  `  overlap in time) × ${LATENCY_MS} ms; no run can be faster, however parallel. A shared discovery walk counts in the check`,
  '  that performed it (checks that awaited the same walk count none of it). Not counted: requests outside checks',
  `  (preflight, each worker loading the published spec, cleanup: ${outside.length ? cell(outside, 0) : 'not measured'} a run), start-up, server work`,
  '  beyond the latency, and checks the runner makes wait for one another (exclusive checks, worker and concurrency caps).',
  ...(longest.length ? [`- longest chain in: ${longest.slice(0, 3).join('; ')}${longest.length > 3 ? ` (and ${longest.length - 3} more)` : ''}.`] : []),
  `- peak requests in flight at the server: (a) ${cell(ofScenario('a').map((r) => r.peakInFlight), 0)}, (b) ${cell(slow.map((r) => r.peakInFlight), 0)};`
  + ` the wall of (b) cannot be below its sum of request time ÷ that peak: ${cell(slow.map((r) => r.requestMs / r.peakInFlight / 1000), 1)} s.`,
  ...(failed.length ? [`- not clean: ${failed.length} run(s) exited non-zero or were killed (killed runs are left out of the table).`] : []),
  ...(cut ? [`- not run: ${cut} run(s); the ${options['time-limit']}-minute bound was reached.`] : []),
];
process.stdout.write(`${out.join('\n')}\n`);
process.exit(failed.length || cut ? 1 : 0);
