// Where the suite lives: the package root and its vitest project, shared by every way
// of starting vitest on the suites (a run, an inventory).

import { fileURLToPath } from 'node:url';
import { createVitest, type Vitest } from 'vitest/node';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Options = NonNullable<Parameters<typeof createVitest>[1]>;

/**
 * Checks of a file run concurrently (they wait on the target, not the CPU); a check that
 * changes shared data is declared `exclusive` and runs alone. Vitest reads these two
 * options from the root configuration only, not from a project's.
 */
export const CONFORMANCE_SCHEDULING = { sequence: { concurrent: true }, maxConcurrency: 8 } as const;

/** Vitest on the `conformance` project of the package's config, run once (no watching). */
export const conformanceVitest = (options: Options = {}): Promise<Vitest> =>
  createVitest('test', { root: PACKAGE_ROOT, config: `${PACKAGE_ROOT}vitest.config.ts`, project: 'conformance', run: true, watch: false, ...CONFORMANCE_SCHEDULING, ...options });

/** The start of a group's suite file paths: `suites/agents.` matches `suites/agents.suite.ts` and `suites/agents.fields.suite.ts`. */
export const groupFilePrefix = (group: string): string => `suites/${group}.`;
