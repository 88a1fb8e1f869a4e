// The worker's runner (lib/runner/concurrent-files.ts): a worker's files run side by side, and its checks take
// the worker's slots by level (the longest chains, then checks their block waits on, then the rest), each level
// first come, first served.

import type { RunnerTestFile } from 'vitest';
import { describe, expect, test } from 'vitest';
import { admissionLevels, LEVEL, Slots } from '../../lib/runner/concurrent-files.js';
import { PACKAGE_ROOT } from '../../lib/runner/project.js';
import { runFixtureVitest } from '../support/fixture-vitest.js';

test("one worker runs its files side by side: each file's test ends only once the other's has started", async () => {
  const outcomes = await runFixtureVitest(
    {
      include: ['test/runner/fixtures/side-*.fixture.ts'],
      isolate: false,
      maxWorkers: 1,
      runner: `${PACKAGE_ROOT}lib/runner/concurrent-files.ts`,
      // Run one after another, the first would wait for the second for ever: a hang fails, not a slowness.
      testTimeout: 30_000,
    },
    (vitest) => {
      const modules = vitest.state.getTestModules();
      expect(modules).toHaveLength(2);
      return modules.flatMap((module) => [...module.children.allTests()].map((t) => t.result().state));
    },
  );
  expect(outcomes).toEqual(['passed', 'passed']);
}, 120_000); // starts a vitest of its own: not about time, so bounded only against a hang

describe('admission', () => {
  test('slots are taken by level, then in the order asked; each freed slot goes to the first waiting', async () => {
    const slots = new Slots(1);
    const order: string[] = [];
    let release: () => void = () => {};
    const first = slots.take(LEVEL.other, () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [
      slots.take(LEVEL.other, () => void order.push('other 1')),
      slots.take(LEVEL.barrier, () => void order.push('barrier')),
      slots.take(LEVEL.other, () => void order.push('other 2')),
      slots.take(LEVEL.longChain, () => void order.push('long chain')),
    ];
    release();
    await Promise.all([first, ...waiting]);
    expect(order).toEqual(['long chain', 'barrier', 'other 1', 'other 2']);
  });

  test('a slot is freed however its check ends', async () => {
    const slots = new Slots(1);
    await expect(slots.take(LEVEL.other, () => Promise.reject(new Error('ended')))).rejects.toThrow('ended');
    expect(await slots.take(LEVEL.other, () => 'next')).toBe('next');
  });

  const task = (id: string, concurrent: boolean) => ({ type: 'test', id, concurrent });
  const file = (filepath: string, tasks: object[]) => ({ type: 'suite', filepath, tasks }) as unknown as RunnerTestFile;

  test("the checks a block's check that runs alone waits on, and that check, come before the block's others", () => {
    const levels = admissionLevels(
      file('/root/suites/dashboards.suite.ts', [
        {
          type: 'suite',
          tasks: [task('before', true), task('alone', false), task('between', true), task('alone again', false)],
        },
        { type: 'suite', tasks: [task('after', true)] },
        task('last', true),
      ]),
    );
    expect(Object.fromEntries(levels)).toEqual({
      before: LEVEL.barrier,
      alone: LEVEL.barrier,
      between: LEVEL.barrier,
      'alone again': LEVEL.barrier,
      after: LEVEL.other,
      last: LEVEL.other,
    });
  });

  test('the checks of a file holding the longest chains come first, whatever their block', () => {
    const levels = admissionLevels(
      file('/root/suites/explore.suite.ts', [{ type: 'suite', tasks: [task('x', true), task('y', false)] }]),
    );
    expect(Object.fromEntries(levels)).toEqual({ x: LEVEL.longChain, y: LEVEL.longChain });
  });
});
