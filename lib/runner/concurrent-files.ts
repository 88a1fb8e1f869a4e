// The worker's test runner: vitest's own, but checks, not files, are scheduled. The suite files a worker is
// given run side by side, and their checks take the worker's slots (`maxConcurrency`) in an order that keeps
// chains of requests from being left to the end:
// 1. the checks of the files with the longest chains (./order.ts);
// 2. checks that their block runs one at a time (`exclusive`), and those declared before one of them: until
//    they end, the rest of their block cannot start (one file renames the dashboard in about 20 checks in a row);
// 3. the others; each level first come, first served.
// A worker given every file (one worker, `isolate: false`) keeps its share of CONCURRENCY busy with checks of
// any file while others wait on their own chains.
//
// vitest's worker collects and runs its files one after another (`startTests([file])` each), each file through
// the runner's `trace('run.spec', …)`, each check through `trace('run.test', …)` before vitest's own slot and
// the check's timeout: this runner holds every file there until the last is collected (a file is collected
// while no check runs), then runs them all, and admits each check through its own slots.

import type { RunnerTask, RunnerTestFile, RunnerTestSuite } from 'vitest';
import { VitestTestRunner } from 'vitest/runners';
import { holdsLongChains } from './order.js';

/** What this runner reads of vitest's worker state: the files of the worker's task. */
interface WorkerTask {
  readonly workerState: { readonly ctx: { readonly files: ReadonlyArray<{ readonly filepath: string }> } };
}

/** Admission levels, first first (see the top of this file). */
export const LEVEL = { longChain: 0, barrier: 1, other: 2 } as const;
export type Level = (typeof LEVEL)[keyof typeof LEVEL];

/** The admission level of each check of a file, by test id. */
export function admissionLevels(file: RunnerTestFile): Map<string, Level> {
  const levels = new Map<string, Level>();
  const visit = (suite: RunnerTestSuite, level: Level): void => {
    // The checks before the block's last check that runs alone are a barrier to it.
    const lastAlone = suite.tasks.reduce(
      (last: number, task: RunnerTask, i: number) => (task.type === 'test' && !task.concurrent ? i : last),
      -1,
    );
    suite.tasks.forEach((task: RunnerTask, i: number) => {
      const own = i <= lastAlone && level === LEVEL.other ? LEVEL.barrier : level;
      if (task.type === 'suite') visit(task, own);
      else levels.set(task.id, own);
    });
  };
  visit(file, holdsLongChains(file.filepath) ? LEVEL.longChain : LEVEL.other);
  return levels;
}

export default class ConcurrentFilesRunner extends VitestTestRunner {
  /** The files collected, waiting for the last. */
  private readonly waiting: Array<() => unknown> = [];
  /** Each check's admission level, by test id. */
  private readonly levels = new Map<string, Level>();
  private readonly slots = new Slots(this.config.maxConcurrency);

  constructor(...args: ConstructorParameters<typeof VitestTestRunner>) {
    super(...args);
    const traceOne = this.trace;
    this.trace = <T>(name: string, attributes: Record<string, unknown> | (() => T), cb?: () => T): T => {
      if (name === 'run.spec') {
        this.waiting.push(() => traceOne(name, attributes, cb));
        return Promise.resolve() as T;
      }
      if (name === 'run.test' && typeof attributes === 'object') {
        const level = this.levels.get(String(attributes['vitest.test.id'])) ?? LEVEL.other;
        return this.slots.take(level, () => traceOne(name, attributes, cb)) as T;
      }
      return traceOne(name, attributes, cb);
    };
  }

  onCollected(files: RunnerTestFile[]): void {
    for (const file of files) for (const [id, level] of admissionLevels(file)) this.levels.set(id, level);
  }

  override async onAfterRunFiles(): Promise<void> {
    const { files } = (this as unknown as WorkerTask).workerState.ctx;
    if (this.waiting.length < files.length) return;
    await Promise.all(this.waiting.splice(0).map((run) => run()));
    super.onAfterRunFiles();
  }
}

/** `size` slots, taken in the order of the levels, then of asking. */
export class Slots {
  private free: number;
  private readonly queues: Array<Array<() => void>> = [[], [], []];

  constructor(size: number) {
    this.free = size;
  }

  async take<T>(level: Level, run: () => T): Promise<Awaited<T>> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((admitted) => this.queues[level]!.push(admitted));
    try {
      return await run();
    } finally {
      const next = this.queues.find((queue) => queue.length)?.shift();
      if (next) next();
      else this.free++;
    }
  }
}
