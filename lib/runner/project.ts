// Where the suite lives: the package root and the vitest configuration of the suite, shared by
// every way of starting vitest on the suites (a run, an inventory, the build's inventory).
//
// Two ways of being loaded, one suite:
// - compiled (dist/lib/runner/project.js, what bin/aes-conformance.js and an installed package run):
//   the suite files (suites/*.suite.ts, small) are still vitest's test files, so check ids stay
//   `suites/<file>.suite.ts::…`, but their imports of lib/ are sent to the compiled dist/lib/ and
//   loaded by Node itself, not transformed by vite in every worker;
// - from the sources (the project's own tests, the proof, the CLI through tsx when dist/ is out of
//   date): everything through vite, as TypeScript.
// This module imports vitest only when vitest is started: `--list` and `--help` do not pay for it.

import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Vitest } from 'vitest/node';
import { LONG_CHAINS } from './order.js';

type Options = NonNullable<Parameters<typeof import('vitest/node').createVitest>[1]>;
type ViteOptions = NonNullable<Parameters<typeof import('vitest/node').createVitest>[2]>;

/** Whether this is the compiled module (dist/lib/runner/project.js) rather than its TypeScript source. */
const COMPILED = import.meta.url.endsWith('.js');

/** The package root (with a trailing slash): the parent of dist/ when compiled, of lib/ otherwise. */
export const PACKAGE_ROOT = fileURLToPath(new URL(COMPILED ? '../../../' : '../../', import.meta.url));

/** A path as vite writes module ids: with forward slashes. */
const viteId = (path: string): string => path.replaceAll('\\', '/');

/** The compiled lib/ the suite files import when compiled. */
const DIST_LIB = viteId(`${PACKAGE_ROOT}dist/lib/`);

/** The build's inventory of the suite (written by `npm run build`); only the compiled CLI reads it. */
export const BUILT_INVENTORY: string | undefined = COMPILED ? `${PACKAGE_ROOT}dist/inventory.json` : undefined;

/**
 * Checks run concurrently (they wait on the target, not the CPU), up to 16 at a time in a worker (their
 * requests still wait for the worker's share of CONCURRENCY; more checks in flight keep that share busy
 * while each waits on its own chain of requests: 11.5 → 10.9 s with 50 ms per request); a check that
 * changes shared data is declared `exclusive` and runs alone. Vitest reads these two
 * options from the root configuration only, not from a project's.
 */
export const CONFORMANCE_SCHEDULING = { sequence: { concurrent: true }, maxConcurrency: 16 } as const;

/**
 * The suite's vitest configuration, given inline (no vitest.config.ts is read: an installed package
 * ships none, and reading one costs a bundling step). A worker loads the suite's modules and the
 * target's published spec once, not per file (`isolate: false`): the suites keep no state between
 * files but the target, which is the same for all.
 */
const SUITE_CONFIG: Options = {
  root: PACKAGE_ROOT,
  config: false,
  include: ['suites/**/*.suite.ts'],
  isolate: false,
  // Worker threads start sooner and cost less CPU than forked processes (about 0.5 s a run on two cores, measured).
  pool: 'threads',
  // One worker, given every file, runs them side by side and schedules their checks (./concurrent-files.ts): it keeps
  // more requests in flight than two workers running a file at a time each, in less memory (docs/benchmarks.md).
  maxWorkers: 1,
  runner: fileURLToPath(new URL(`./concurrent-files.${COMPILED ? 'js' : 'ts'}`, import.meta.url)),
  testTimeout: 60_000,
  hookTimeout: 60_000,
  run: true,
  watch: false,
};

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiled: what a suite file imports from lib/ (`../lib/<module>.js`) is dist/lib/<module>.js,
 * which vitest leaves to Node (externalised) rather than transforming it in every worker.
 */
function compiledLib(): { options: Options; vite: ViteOptions } {
  const [suites, lib] = [viteId(`${PACKAGE_ROOT}suites/`), viteId(`${PACKAGE_ROOT}lib/`)];
  const resolveId = (source: string, importer: string | undefined): string | undefined => {
    if (!importer?.startsWith(suites) || !source.startsWith('.')) return undefined;
    const target = posix.resolve(posix.dirname(importer), source);
    return target.startsWith(lib) ? `${DIST_LIB}${target.slice(lib.length)}` : undefined;
  };
  return {
    options: { server: { deps: { external: [new RegExp(`^${escaped(DIST_LIB)}`)] } } },
    vite: { plugins: [{ name: 'aes-conformance:compiled-lib', enforce: 'pre', resolveId }] },
  };
}

/**
 * Files that start first, in this order; the others keep vitest's order. A worker starts its files side by side
 * (./concurrent-files.ts), its checks first come, first served within their level:
 * - the files with the run's longest chains of requests (./order.ts);
 * - suites/published.suite.ts (what a target publishes beyond the 20 endpoints) reads lists the other files fill
 *   (agents, test cases, at their largest page sizes), cheaply while those are short (0.6 s and 1 s of CPU less
 *   a run than last, measured).
 */
const STARTS_FIRST = [...LONG_CHAINS, '/suites/published.suite.ts'] as const;

async function startsFirst(): Promise<NonNullable<NonNullable<Options['sequence']>['sequencer']>> {
  const { BaseSequencer } = await import('vitest/node');
  return class StartsFirst extends BaseSequencer {
    override async sort(files: Parameters<InstanceType<typeof BaseSequencer>['sort']>[0]) {
      const rank = (file: (typeof files)[number]): number => {
        const at = STARTS_FIRST.findIndex((name) => file.moduleId.endsWith(name));
        return at < 0 ? STARTS_FIRST.length : at;
      };
      // Array sort is stable: the files of one rank keep vitest's order.
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}

/** Vitest on the suite files, run once (no watching). */
export async function conformanceVitest(options: Options = {}): Promise<Vitest> {
  const { createVitest } = await import('vitest/node');
  const compiled = COMPILED ? compiledLib() : { options: {}, vite: {} };
  const sequence = { ...CONFORMANCE_SCHEDULING.sequence, sequencer: await startsFirst() };
  return createVitest(
    'test',
    { ...SUITE_CONFIG, ...CONFORMANCE_SCHEDULING, sequence, ...compiled.options, ...options },
    compiled.vite,
  );
}
