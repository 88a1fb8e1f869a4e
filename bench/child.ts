// Starting one measured command for the benches: in its own process group (so an interrupted
// bench, or one that reaches its time bound, kills the command and everything it started),
// timed from spawn to exit, with the CPU of its whole process tree.
//
// CPU: the kernel adds a process's user+sys time, and that of every descendant it waited for, to
// its parent's "children" totals when the parent reaps it. vitest's workers and tsx's esbuild are
// children of the CLI, which reaps them, so they roll up into the CLI's totals, which roll up into
// whoever waits for the CLI. GNU time is that waiter when present (it also gives the peak RSS);
// otherwise this process is, and the change in its own cutime+cstime (/proc/self/stat) is the
// command's (only one command runs at a time).
//
// Memory: GNU time's max RSS is the peak of the largest single process; the peak of the summed
// resident sets of the whole tree is sampled from /proc beside it (./tree-memory.ts).

import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { SETTINGS } from '../lib/config.js';
import { childrenTicks, parseTimeFile, type ProcessUsage } from './measure.js';
import { sampleTree, treeMemoryWorks } from './tree-memory.js';

const GNU_TIME = '/usr/bin/time';
const TIME_FORMAT = '%U %S %M';
/** USER_HZ: the unit of /proc's times; 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export interface Ended {
  /** Exit code; null when killed by the bench (under GNU time, a command dying of another signal exits 128 + its number). */
  readonly code: number | null;
  readonly wallMs: number;
  readonly usage?: ProcessUsage;
}

/** Whether GNU time works here: tried once on `true`, since a busybox or BSD `time` reads other options. */
function gnuTimeWorks(): boolean {
  try {
    accessSync(GNU_TIME, constants.X_OK);
    const tried = spawnSync(GNU_TIME, ['-f', TIME_FORMAT, 'true'], { encoding: 'utf8' });
    return tried.status === 0 && parseTimeFile(tried.stderr) !== undefined;
  } catch {
    return false;
  }
}

const selfChildrenTicks = (): number | undefined => {
  try {
    return childrenTicks(readFileSync('/proc/self/stat', 'utf8'));
  } catch {
    return undefined;
  }
};

const METHOD: 'gnu-time' | 'proc' | 'none' = gnuTimeWorks()
  ? 'gnu-time'
  : selfChildrenTicks() !== undefined
    ? 'proc'
    : 'none';

/** How CPU was measured, for the bench's output. */
export const CPU_METHOD = {
  'gnu-time': `GNU time (\`${GNU_TIME} -f "${TIME_FORMAT}"\`), which counts the command and every descendant it reaped; max RSS: the largest single process`,
  proc: "the change in this process's cutime+cstime (/proc/self/stat), which counts the command and every descendant it reaped; no RSS (no GNU time here)",
  none: 'not measured (neither GNU time nor /proc here)',
}[METHOD];

const TREE_MEMORY = treeMemoryWorks();

/** How peak memory was measured, for the bench's output. */
export const MEMORY_METHOD = TREE_MEMORY
  ? 'the peak of the summed resident sets of the command and all its descendants, sampled from /proc every 20 ms (GNU time, when it runs the command, counts in it: about 2 MB)'
  : 'not measured (no /proc/<pid>/task/<tid>/children here)';

/** The command running now, killed if the bench is interrupted, and what to say then. */
let running: { pid: number; note: string } | undefined;
const cleanups: Array<() => void> = [];

/** `cleanup` runs (synchronously) if the bench is interrupted, once the running command is killed. */
export const onInterrupt = (cleanup: () => void): void => void cleanups.push(cleanup);

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
    cleanups.forEach((cleanup) => cleanup());
    process.stderr.write(`bench: ${signal}, stopped${running?.note ? `; ${running.note}` : ''}\n`);
    process.exit(130);
  });
}

/** A command's environment: the caller's without any suite setting (BASE_URL, PROFILE, SEED, ...), plus `extra`. */
export function environment(extra: Record<string, string>): Record<string, string> {
  const settings = new Set<string>(SETTINGS.map((s) => s.name));
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && !settings.has(entry[0]) && !entry[0].startsWith('AES_'),
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

export interface Command {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Record<string, string>;
  /** Where its stdout and stderr go; GNU time's figures go beside it (`<file>.time`). */
  readonly outputFile: string;
  /** Killed (SIGTERM, then SIGKILL 5 s later) when this is reached. */
  readonly limitMs: number;
  readonly onLimit: () => void;
  /** Said if the bench is interrupted while it runs. */
  readonly interruptNote?: string;
}

export async function runTimed(c: Command): Promise<Ended> {
  const timeFile = `${c.outputFile}.time`;
  const [file, args] =
    METHOD === 'gnu-time'
      ? [GNU_TIME, ['-f', TIME_FORMAT, '-o', timeFile, c.command, ...c.args]]
      : [c.command, [...c.args]];
  const output = await open(c.outputFile, 'w');
  const ticksBefore = METHOD === 'proc' ? selfChildrenTicks() : undefined;
  try {
    const started = performance.now();
    const child = spawn(file, args, {
      cwd: c.cwd,
      env: c.env,
      stdio: ['ignore', output.fd, output.fd],
      detached: true,
    });
    running = child.pid === undefined ? undefined : { pid: child.pid, note: c.interruptNote ?? '' };
    const tree = TREE_MEMORY && child.pid !== undefined ? sampleTree(child.pid) : undefined;
    const killer = setTimeout(
      () => {
        c.onLimit();
        killGroup(child.pid!, 'SIGTERM');
        setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 5_000).unref();
      },
      Math.max(0, c.limitMs),
    );
    const code = await new Promise<number | null>((resolve) => {
      child.once('error', (error) => {
        process.stderr.write(`bench: could not start ${c.command}: ${error.message}\n`);
        resolve(2);
      });
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    const wallMs = performance.now() - started;
    const peakTreeKb = tree?.stop();
    clearTimeout(killer);
    running = undefined;
    const cpu =
      METHOD === 'gnu-time'
        ? await readFile(timeFile, 'utf8').then(parseTimeFile, () => undefined)
        : ticksBefore === undefined
          ? undefined
          : { cpuMs: ((selfChildrenTicks() ?? ticksBefore) - ticksBefore) * (1000 / TICKS_PER_SECOND) };
    const usage = cpu && peakTreeKb !== undefined ? { ...cpu, peakTreeKb } : cpu;
    return { code, wallMs, ...(usage ? { usage } : {}) };
  } finally {
    await output.close();
  }
}
