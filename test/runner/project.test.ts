// Where the suite lives and how vitest is started on it, from the sources (the project's own tests)
// and compiled (dist/, built by `npm test`'s pretest, as users run it): the suite files are found at
// the package root, run side by side in one worker by the suite's runner, the files with the longest chains
// and the published suite first, and compiled, the suite files' imports of lib/ are sent to dist/lib/.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { Vitest } from 'vitest/node';
import { afterAll, describe, expect, test } from 'vitest';
import * as sources from '../../lib/runner/project.js';
import { ROOT } from '../support/run-cli.js';

const started: Vitest[] = [];
afterAll(async () => {
  for (const vitest of started) await vitest.close();
});

const start = async (project: typeof sources, options: Parameters<typeof sources.conformanceVitest>[0] = {}) => {
  const vitest = await project.conformanceVitest({ ...options, run: false });
  started.push(vitest);
  return vitest;
};

/** dist/lib/runner/project.js, as the compiled CLI loads it. */
const compiled = async (): Promise<typeof sources> =>
  (await import(pathToFileURL(join(ROOT, 'dist/lib/runner/project.js')).href)) as typeof sources;

describe('from the sources', () => {
  test('the package root is the checkout, and there is no built inventory to read', () => {
    expect(sources.PACKAGE_ROOT).toBe(ROOT);
    expect(sources.BUILT_INVENTORY).toBeUndefined();
  });

  test('vitest runs the suite files at the root, once, in one thread running them side by side, checks concurrently; options given win', async () => {
    const vitest = await start(sources, { passWithNoTests: true, testTimeout: 5 });
    const { config } = vitest;
    expect(config.root).toBe(ROOT.replace(/\/$/, ''));
    expect(config.include).toEqual(['suites/**/*.suite.ts']);
    expect(config).toMatchObject({
      pool: 'threads',
      isolate: false,
      maxWorkers: 1,
      runner: `${ROOT}lib/runner/concurrent-files.ts`,
      watch: false,
      passWithNoTests: true,
      testTimeout: 5,
    });
    expect(config.sequence.concurrent).toBe(true);
    expect(config.maxConcurrency).toBe(16);
  });

  test('the files with the longest chains start first, then the published suite; the other files keep their order', async () => {
    const vitest = await start(sources);
    const files = await vitest.globTestSpecifications();
    const sequencer = new vitest.config.sequence.sequencer(vitest);
    const sorted = (await sequencer.sort(files)).map((file) => file.moduleId.slice(ROOT.length));
    expect(sorted.length).toBeGreaterThan(2);
    expect(sorted.slice(0, 2)).toEqual(['suites/explore.suite.ts', 'suites/published.suite.ts']);
    expect(sorted.filter((file) => file.startsWith('suites/')).length).toBe(sorted.length);
    expect(new Set(sorted).size).toBe(files.length);
  });
});

describe('compiled', () => {
  test('the package root is the parent of dist/, whose built inventory the CLI reads; the runner is compiled', async () => {
    const project = await compiled();
    expect(project.PACKAGE_ROOT).toBe(ROOT);
    expect((await start(project)).config.runner).toBe(`${ROOT}dist/lib/runner/concurrent-files.js`);
    expect(project.BUILT_INVENTORY).toBe(join(ROOT, 'dist/inventory.json'));
    expect(existsSync(project.BUILT_INVENTORY!)).toBe(true);
  });

  test("a suite file's relative imports of lib/ go to dist/lib/, which vitest leaves to Node; nothing else is redirected", async () => {
    const vitest = await start(await compiled());
    const plugin = vitest.vite.config.plugins.find((p: Plugin) => p.name === 'aes-conformance:compiled-lib');
    const resolveId = plugin?.resolveId as (source: string, importer: string | undefined) => string | undefined;
    const suite = `${ROOT}suites/agents.suite.ts`;
    expect(resolveId('../lib/harness/index.js', suite)).toBe(`${ROOT}dist/lib/harness/index.js`);
    expect(resolveId('./support.js', suite)).toBeUndefined();
    expect(resolveId('vitest', suite)).toBeUndefined();
    expect(resolveId('../lib/harness/index.js', `${ROOT}test/a.test.ts`)).toBeUndefined();
    expect(resolveId('./x.js', undefined)).toBeUndefined();
    const external = vitest.config.server.deps?.external ?? [];
    expect(
      external.some((pattern) => pattern instanceof RegExp && pattern.test(`${ROOT}dist/lib/harness/index.js`)),
    ).toBe(true);
    expect(external.some((pattern) => pattern instanceof RegExp && pattern.test(`${ROOT}lib/harness/index.js`))).toBe(
      false,
    );
  });
});
