// A line per finished suite file while the run goes on: which group, how many checks, how they went.

import type { Reporter, TestModule } from 'vitest/node';

export class ProgressReporter implements Reporter {
  private done = 0;

  constructor(private readonly write: (line: string) => void) {}

  onTestModuleEnd(module: TestModule): void {
    const counts = { pass: 0, fail: 0, skip: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.pass++;
      else if (state === 'skipped') counts.skip++;
      else counts.fail++;
    }
    this.done += counts.pass + counts.fail + counts.skip;
    const file = module.moduleId.slice(module.moduleId.lastIndexOf('/') + 1).replace(/\.suite\.ts$/, '');
    const mark = counts.fail ? '✗' : '✓';
    this.write(`  ${mark} ${file.padEnd(18)} ${String(counts.pass).padStart(4)} passed ${String(counts.fail).padStart(4)} not passed ${String(counts.skip).padStart(4)} skipped   (${this.done} checks done)`);
  }
}
