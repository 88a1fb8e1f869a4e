// Runs the conformance CLI in a child process, exactly as a user would, and reads
// back its summary.json. Used by the proof tests (faults, variations) and the benchmark.
// bin/aes-conformance.js runs the compiled dist/ (which `npm test` builds first), or the
// sources through tsx when a source is newer than the build: never an out-of-date dist/.

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'bin', 'aes-conformance.js');

export interface CliRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly durationMs: number;
  /** Parsed summary.json, or undefined when none was written. */
  readonly summary: Summary | undefined;
  readonly reportDir: string;
}

export interface SummaryCheck {
  /** The check's stable id (`agents.create.every-field`). */
  readonly id: string;
  readonly file: string;
  readonly name: string;
  readonly group: string;
  readonly outcome: 'pass' | 'fail' | 'skip' | 'error';
  readonly requirements: string[];
  readonly violated?: string[];
  readonly message?: string;
  readonly skipReason?: string;
  readonly blockedBy?: string;
}

export interface Summary {
  readonly suite: { name: string; version: string };
  readonly exitCode: number;
  readonly verdict: string;
  readonly untested: Array<{ id: string; level: string; reason: string }>;
  readonly selection: { only: string[]; shards: string[]; readOnly: boolean };
  readonly counts: Record<'pass' | 'fail' | 'skip' | 'error' | 'total', number>;
  readonly requirements: Array<{ id: string; level: string; outcome: string; checks: string[] }>;
  readonly checks: SummaryCheck[];
  readonly stop?: { kind: string; message: string };
  readonly throttling?: { responses: number; waitMs: number };
  readonly durationMs: number;
}

export interface CliOptions {
  /** Settings passed as environment (BASE_URL, API_KEY, PROFILE, …). */
  readonly env?: Record<string, string>;
  readonly args?: readonly string[];
  readonly timeoutMs?: number;
  /** Keep the report directory (the caller removes it). */
  readonly keepReports?: boolean;
  /** Files written into the run's working directory (its report directory) before it starts, e.g. a waiver file. */
  readonly files?: Readonly<Record<string, string>>;
}

/** Only what a run needs: no .env from the developer's tree leaks into a proof run. */
function baseEnvironment(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])));
}

export async function runCli(options: CliOptions = {}): Promise<CliRun> {
  const reportDir = await mkdtemp(join(tmpdir(), 'aes-proof-'));
  for (const [name, text] of Object.entries(options.files ?? {})) await writeFile(join(reportDir, name), text, 'utf8');
  const started = performance.now();
  const { exitCode, stdout, stderr } = await new Promise<{ exitCode: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = spawn(process.execPath, [CLI, ...(options.args ?? [])], {
        cwd: reportDir, // a directory with no .env
        env: { ...baseEnvironment(), REPORT_DIR: reportDir, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ exitCode: code, stdout: out, stderr: err });
      });
    },
  );
  const durationMs = performance.now() - started;
  let summary: Summary | undefined;
  try {
    summary = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as Summary;
  } catch {
    summary = undefined;
  }
  if (!options.keepReports) await rm(reportDir, { recursive: true, force: true });
  return { exitCode, stdout, stderr, durationMs, summary, reportDir };
}

/** Runs tasks with at most `limit` in flight, keeping their order in the result. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}
