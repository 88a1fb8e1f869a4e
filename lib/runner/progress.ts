// Progress while the run goes on, as plain lines that read the same in a terminal and in a CI log
// (no cursor movement): a line per finished suite file, and between them a line with the count so far
// every few seconds (or every so many checks), so a slow target never means minutes of silence.

import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { outcomeOf as outcomeOfState } from '../protocol/decode.js';

export interface ProgressOptions {
  /** A count line at least this often while checks run (and, with nothing finishing, as a heartbeat). */
  readonly intervalMs?: number;
  /** …or after this many checks finished since the last line, whichever comes first. */
  readonly everyChecks?: number;
  /** The clock (tests pass a fake one). */
  readonly now?: () => number;
  /** Start a heartbeat timer; off in unit tests, which call tick() instead. */
  readonly timer?: boolean;
}

interface Tally {
  pass: number;
  fail: number;
  error: number;
  skip: number;
}

const empty = (): Tally => ({ pass: 0, fail: 0, error: 0, skip: 0 });
const doneOf = (t: Tally): number => t.pass + t.fail + t.error + t.skip;

export class ProgressReporter implements Reporter {
  private readonly intervalMs: number;
  private readonly everyChecks: number;
  private readonly now: () => number;
  private readonly useTimer: boolean;
  private readonly counts = empty();
  /** Checks found in the files collected so far; the total is final once every file is collected. */
  private total = 0;
  private files = 0;
  private collected = 0;
  private started = 0;
  private lastLine = 0;
  private doneAtLastLine = 0;
  /** The last line showed a total that could still grow. */
  private shownOpen = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Check ids already counted (a result may be reported again when its module ends). */
  private readonly seen = new Set<string>();

  constructor(
    private readonly write: (line: string) => void,
    options: ProgressOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 5000;
    this.everyChecks = options.everyChecks ?? 250;
    this.now = options.now ?? Date.now;
    this.useTimer = options.timer ?? true;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    // A second run through the same reporter must not leave the first heartbeat running.
    this.stop();
    this.files = specifications.length;
    this.started = this.lastLine = this.now();
    if (this.useTimer) {
      this.heartbeat = setInterval(() => this.tick(), Math.min(1000, this.intervalMs));
      this.heartbeat.unref();
    }
  }

  onTestModuleCollected(module: TestModule): void {
    this.collected++;
    this.total += [...module.children.allTests()].length;
  }

  onTestCaseResult(test: TestCase): void {
    this.count(test);
    const done = doneOf(this.counts);
    if (done - this.doneAtLastLine >= this.everyChecks || this.now() - this.lastLine >= this.intervalMs)
      this.countLine();
  }

  onTestModuleEnd(module: TestModule): void {
    const mine = empty();
    for (const test of module.children.allTests()) {
      this.count(test);
      const outcome = outcomeOf(test);
      if (outcome) mine[outcome]++;
    }
    // A file that declared no check for the selection says nothing.
    if (doneOf(mine) === 0) return;
    const file = module.moduleId.slice(module.moduleId.lastIndexOf('/') + 1).replace(/\.suite\.ts$/, '');
    const mark = mine.fail || mine.error ? '✗' : '✓';
    this.line(`  ${mark} ${file.padEnd(24)} ${tallyText(mine)}   (${this.progressText()})`);
  }

  onTestRunEnd(): void {
    this.stop();
    // The last line may have shown a total still growing, or checks may have ended since: the final count.
    if (this.shownOpen || doneOf(this.counts) !== this.doneAtLastLine) {
      this.collected = this.files;
      this.countLine();
    }
  }

  /** Called by the heartbeat timer: a count line when none was written for intervalMs. */
  tick(): void {
    if (this.now() - this.lastLine >= this.intervalMs) this.countLine();
  }

  /** Stops the heartbeat timer; the run ends it too, and the runner calls it in a finally in case the run never ends. */
  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private count(test: TestCase): void {
    if (this.seen.has(test.id)) return;
    const outcome = outcomeOf(test);
    if (!outcome) return;
    this.seen.add(test.id);
    this.counts[outcome]++;
  }

  private countLine(): void {
    const elapsed = Math.round((this.now() - this.started) / 1000);
    this.line(`  … ${this.progressText()}: ${tallyText(this.counts, true)} (${elapsed} s)`);
  }

  private progressText(): string {
    // Until every file is collected the total can still grow: `120/300+`.
    const more = this.collected < this.files ? '+' : '';
    return `${doneOf(this.counts)}/${Math.max(this.total, doneOf(this.counts))}${more} checks done`;
  }

  private line(text: string): void {
    this.shownOpen = this.collected < this.files;
    this.lastLine = this.now();
    this.doneAtLastLine = doneOf(this.counts);
    this.write(text);
  }
}

/** A finished check's outcome as the reports count it (collect.ts decides); none while it runs. */
function outcomeOf(test: TestCase): keyof Tally | undefined {
  const state = test.result().state;
  return state === 'pending' ? undefined : outcomeOfState(state, test.meta().violated !== undefined);
}

function tallyText(t: Tally, compact = false): string {
  if (compact) return `${t.pass} passed, ${t.fail} failed, ${t.error} errored, ${t.skip} skipped`;
  return `${String(t.pass).padStart(4)} passed ${String(t.fail).padStart(3)} failed ${String(t.error).padStart(3)} errored ${String(t.skip).padStart(4)} skipped`;
}
