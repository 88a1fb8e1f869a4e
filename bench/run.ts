// `npm run bench`: how long a full run takes against the embedded reference service, the CPU
// it costs (all processes, per request too), how many requests it sends, how parallel it is,
// how far its wall time is from the floors its longest chain of sequential requests and its
// request cap set, and how long the CLI takes to start. Options: --runs N (5), --latency MS
// (50), --time-limit MINUTES (30, the whole bench), --keep (keep every run's reports and output),
// --scenarios KEYS (a,b,e: only those runs, and then no start-up commands; every scenario by default).
//
// Each run is what a user starts: `node bin/aes-conformance.js` in a child process (start-up
// included), against a fresh reference service started here, which counts the requests and
// sums their times. Runs of the scenarios and the start-up commands alternate, so a change in
// the machine's load falls on all. A default run as a user starts it, with no setting at all (the
// CLI then hosts the reference service itself), gives the peak memory of the whole process tree.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseConfig } from '../lib/config.js';
import { startReference } from '../proof/service.js';
import { referenceEnvironment } from '../lib/runner/embedded.js';
import { CPU_METHOD, environment, MEMORY_METHOD, runTimed } from './child.js';
import {
  cell,
  checksMeasure,
  goalsTable,
  largerFloorMs,
  peakInFlight,
  type RunMeasure,
  type Scenario,
  type StartupMeasure,
  startupTable,
  table,
} from './measure.js';

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
    scenarios: { type: 'string' },
  },
});
const RUNS = positive('--runs', options.runs);
const LATENCY_MS = positive('--latency', options.latency);
const DEADLINE = performance.now() + positive('--time-limit', options['time-limit']) * 60_000;

/** The runs' CONCURRENCY: the suite's default, since environment() passes on no setting of the caller's. */
const CONCURRENCY = parseConfig({}).concurrency;
/** Commands that exit before reaching any target: the CLI's start-up. */
const STARTUP_OPTIONS = ['--version', '--help', '--list'] as const;

const SCENARIOS: readonly Scenario[] = [
  { key: 'a', label: '(a) default run', latencyMs: 0 },
  { key: 'b', label: `(b) +${LATENCY_MS} ms per request`, latencyMs: LATENCY_MS },
  { key: 'e', label: '(e) default run, no setting (embedded reference)', latencyMs: 0, embedded: true },
];

/** The scenarios --scenarios names (every one by default), and whether the start-up commands run too. */
const CHOSEN = options.scenarios === undefined ? SCENARIOS : chosen(options.scenarios);
const STARTUPS = options.scenarios === undefined ? STARTUP_OPTIONS : [];

function chosen(keys: string): readonly Scenario[] {
  const wanted = keys.split(',').map((key) => key.trim());
  const unknown = wanted.filter((key) => !SCENARIOS.some((s) => s.key === key));
  if (unknown.length || !wanted.length) {
    process.stderr.write(`bench: --scenarios takes keys of ${SCENARIOS.map((s) => s.key).join(', ')}, got ${keys}\n`);
    process.exit(2);
  }
  return SCENARIOS.filter((s) => wanted.includes(s.key));
}

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`bench: ${name} must be a positive number, got ${text}\n`);
    process.exit(2);
  }
  return value;
}

const progress = (line: string): void => void process.stderr.write(`bench: ${line}\n`);
const loads = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function runOnce(scenario: Scenario, label: string): Promise<RunMeasure> {
  const spans: Array<{ startedAt: number; endedAt: number }> = [];
  // The bench's own CPU from here to the reference's close is the reference service's (see RunCpu).
  const selfBefore = process.cpuUsage();
  const reference = scenario.embedded
    ? undefined
    : await startReference({
        latencyMs: scenario.latencyMs,
        onRequest: (startedAt, endedAt) => void spans.push({ startedAt, endedAt }),
      });
  // The run's working directory too, so no .env of the checkout changes the default run.
  const dir = await mkdtemp(join(tmpdir(), 'aes-bench-'));
  const remaining = DEADLINE - performance.now();
  const env = environment({
    ...(reference ? referenceEnvironment(reference) : {}),
    REPORT_DIR: join(dir, 'reports'),
    // Within the bench's bound, the run ends its checks itself and writes its reports.
    RUN_TIMEOUT_MS: String(Math.round(Math.min(900_000, remaining - GRACE_MS))),
  });
  const ended = await runTimed({
    command: process.execPath,
    args: [CLI],
    cwd: dir,
    env,
    outputFile: join(dir, 'output.log'),
    limitMs: remaining,
    onLimit: () => progress(`${label}: the bench's time bound is reached; killing the run`),
    interruptNote: `the interrupted run's output is in ${dir}`,
  }).finally(() => reference?.close());
  const self = process.cpuUsage(selfBefore);
  const referenceMs = reference ? (self.user + self.system) / 1000 : 0;
  const { code: exitCode, wallMs, usage } = ended;
  const checks = await readFile(join(dir, 'reports', 'summary.json'), 'utf8').then(
    (text) => checksMeasure(JSON.parse(text) as Parameters<typeof checksMeasure>[0]),
    () => undefined,
  );
  if (exitCode === 0 && !options.keep) await rm(dir, { recursive: true, force: true });
  else await reportTrouble(label, exitCode, dir);
  const requestMs = spans.reduce((sum, s) => sum + s.endedAt - s.startedAt, 0);
  return {
    scenario: scenario.key,
    latencyMs: scenario.latencyMs,
    wallMs,
    requests: spans.length,
    requestMs,
    peakInFlight: peakInFlight(spans),
    activeMs: spans.length ? Math.max(...spans.map((s) => s.endedAt)) - Math.min(...spans.map((s) => s.startedAt)) : 0,
    exitCode,
    ...(checks ? { checks } : {}),
    ...(usage ? { cpu: { ...usage, cpuMs: usage.cpuMs + referenceMs, referenceMs } } : {}),
  };
}

/** `node bin/aes-conformance.js <option>` in an empty directory, without the caller's settings. */
async function startupOnce(option: string, label: string): Promise<StartupMeasure> {
  const dir = await mkdtemp(join(tmpdir(), 'aes-bench-'));
  const ended = await runTimed({
    command: process.execPath,
    args: [CLI, option],
    cwd: dir,
    env: environment({}),
    outputFile: join(dir, 'output.log'),
    limitMs: DEADLINE - performance.now(),
    onLimit: () => progress(`${label}: the bench's time bound is reached; killing it`),
  });
  if (ended.code === 0 && !options.keep) await rm(dir, { recursive: true, force: true });
  else await reportTrouble(label, ended.code, dir);
  return { option, wallMs: ended.wallMs, exitCode: ended.code, ...(ended.usage ? { usage: ended.usage } : {}) };
}

async function reportTrouble(label: string, exitCode: number | null, dir: string): Promise<void> {
  if (exitCode === 0) return progress(`${label}: kept in ${dir}`);
  const tail = (await readFile(join(dir, 'output.log'), 'utf8').catch(() => '')).trimEnd().split('\n').slice(-12);
  progress(
    `${label}: ${exitCode === null ? 'killed at the time bound' : `exited ${exitCode}`}; output and reports kept in ${dir}; last lines:`,
  );
  tail.forEach((line) => process.stderr.write(`    ${line}\n`));
}

const startLoad = loads();
const cores = availableParallelism();
const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
progress(
  `${cores} cores (${cpuModel}), load average ${startLoad}; ${RUNS} runs of each scenario and start-up command, ${options['time-limit']} min bound`,
);
progress(`CPU: ${CPU_METHOD}`);
progress(`peak tree RSS: ${MEMORY_METHOD}`);

const runs: RunMeasure[] = [];
const startups: StartupMeasure[] = [];
let cut = 0;
const seconds = (ms: number): string => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
for (let i = 1; i <= RUNS; i++) {
  for (const scenario of CHOSEN) {
    const label = `run ${i}/${RUNS} ${scenario.label}`;
    if (DEADLINE - performance.now() < MIN_RUN_MS) {
      cut++;
      continue;
    }
    const run = await runOnce(scenario, label);
    runs.push(run);
    const floor = largerFloorMs(run, CONCURRENCY);
    progress(
      `${label}: ${seconds(run.wallMs)} s, ${run.cpu ? `CPU ${seconds(run.cpu.cpuMs)} s, ` : ''}${run.requests} requests, exit ${run.exitCode ?? 'killed'}` +
        (run.checks ? `, ${run.checks.verdict}, longest chain ${run.checks.longestChain}` : ', no summary.json') +
        (floor ? `, larger floor ${seconds(floor)} s` : ''),
    );
  }
  for (const option of STARTUPS) {
    const label = `run ${i}/${RUNS} ${option}`;
    if (DEADLINE - performance.now() < MIN_RUN_MS) {
      cut++;
      continue;
    }
    const startup = await startupOnce(option, label);
    startups.push(startup);
    progress(
      `${label}: ${seconds(startup.wallMs)} s${startup.usage ? `, CPU ${seconds(startup.usage.cpuMs)} s` : ''}, exit ${startup.exitCode ?? 'killed'}`,
    );
  }
}

const finished = runs.filter((r) => r.exitCode !== null);
/** Runs against the reference service the bench hosts, which counts their requests. */
const counted = finished.filter((r) => r.scenario !== 'e');
const outside = counted.flatMap((r) => (r.checks ? [r.requests - r.checks.requests] : []));
const longest = [...new Set(finished.flatMap((r) => (r.latencyMs > 0 ? (r.checks?.longestChecks ?? []) : [])))];
const failed = [...runs, ...startups].filter((r) => r.exitCode !== 0);
const referenceShare = counted.flatMap((r) => (r.cpu ? [r.cpu.referenceMs / 1000] : []));
const ofScenario = (key: Scenario['key']): RunMeasure[] => finished.filter((r) => r.scenario === key);
const slow = ofScenario('b');
const out = [
  '',
  goalsTable(runs, startups, CONCURRENCY, LATENCY_MS),
  '',
  `Machine: ${cores} cores (${cpuModel}), Node ${process.versions.node}; load average (1, 5, 15 min) ${startLoad} at start, ${loads()} at end.`,
  `Medians of ${RUNS} runs, (min–max) in brackets; runs of (a), (b) and the start-up commands alternated, each run against a fresh reference service.`,
  '',
  table(CHOSEN, runs, RUNS, CONCURRENCY),
  '',
  '- wall: from spawning `node bin/aes-conformance.js` to its exit (start-up, preflight, vitest, reports). runs (exit 0): runs',
  '  finished, of those planned (how many exited 0).',
  '- CPU: user+sys of every process of the run, measured with',
  `  ${CPU_METHOD}.`,
  "  The CLI's processes: the CLI itself, its vitest workers and tsx's esbuild. The reference service, which a default run",
  "  hosts in the CLI process, runs in the bench's process here (to count requests): the bench's own CPU over each run is",
  `  added, ${cell(referenceShare, 1)} s of the total. CPU ms / request: that total ÷ requests. max RSS: the CLI's processes`,
  "  only (the reference service's memory is in the bench's process; a default run's CLI process holds it too): the peak",
  "  of one process, GNU time's figure. peak tree RSS: the peak of the summed resident sets of the run's whole process tree,",
  `  ${MEMORY_METHOD.replace(/^the peak of the summed resident sets of the command and all its descendants, /, '')}.`,
  '- (e): `node bin/aes-conformance.js` with no setting at all, which starts the reference service in the CLI process: the',
  "  default run a user starts; its requests are not counted (the bench does not host that service) and its CPU includes the service's.",
  '- requests, sum of request time: counted by the reference service, each request from its arrival to the end of its',
  '  response (the added latency included). effective parallelism: sum of request time ÷ wall.',
  `- floor: the most requests one check sent one after another (its \`requestChain\` in summary.json: requests that did not`,
  `  overlap in time) × ${LATENCY_MS} ms; no run can be faster, however parallel. A shared discovery walk counts in the check`,
  '  that performed it (checks that awaited the same walk count none of it). Not counted: requests outside checks',
  `  (preflight, each worker loading the published spec, cleanup: ${outside.length ? cell(outside, 0) : 'not measured'} a run), start-up, server work`,
  '  beyond the latency, and checks the runner makes wait for one another (exclusive checks, worker and concurrency caps).',
  `- (d) throughput floor: every request the server got × ${LATENCY_MS} ms ÷ CONCURRENCY (${CONCURRENCY}, the suite's default): the`,
  "  time the requests take at most CONCURRENCY at a time. Only roughly a floor: preflight and each worker's spec loading",
  '  are outside the cap. The floor of (b) itself is the larger of (c) and (d), run by run; wall ÷ floor there is wall ÷ that.',
  ...(longest.length
    ? [
        `- longest chain in: ${longest.slice(0, 3).join('; ')}${longest.length > 3 ? ` (and ${longest.length - 3} more)` : ''}.`,
      ]
    : []),
  `- peak requests in flight at the server: (a) ${cell(
    ofScenario('a').map((r) => r.peakInFlight),
    0,
  )}, (b) ${cell(
    slow.map((r) => r.peakInFlight),
    0,
  )};` +
    ` the wall of (b) cannot be below its sum of request time ÷ that peak: ${cell(
      slow.map((r) => r.requestMs / r.peakInFlight / 1000),
      1,
    )} s.`,
  '',
  startupTable(STARTUP_OPTIONS, startups, RUNS),
  '',
  '- start-up: from spawning `node bin/aes-conformance.js <option>` (in an empty directory, no settings) to its exit; CPU as above.',
  ...(failed.length
    ? [`- not clean: ${failed.length} run(s) exited non-zero or were killed (killed runs are left out of the tables).`]
    : []),
  ...(cut ? [`- not run: ${cut} run(s); the ${options['time-limit']}-minute bound was reached.`] : []),
];
process.stdout.write(`${out.join('\n')}\n`);
process.exit(failed.length || cut ? 1 : 0);
