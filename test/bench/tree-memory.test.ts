import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { treeMemoryWorks, treeRssKb } from '../../bench/tree-memory.js';

test.runIf(treeMemoryWorks())("a process tree's resident sets are summed: a child's adds to its parent's", async () => {
  const own = treeRssKb(process.pid)!;
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => child.once('spawn', resolve));
    // A Node process holds well over 10 MB resident once started.
    await expect.poll(() => treeRssKb(process.pid)! - own, { timeout: 5_000 }).toBeGreaterThan(10 * 1024);
    expect(treeRssKb(child.pid!)).toBeGreaterThan(0);
  } finally {
    child.kill();
  }
});

test('a process that is gone has no tree', () => {
  expect(treeRssKb(2 ** 22 + 1)).toBeUndefined();
});
