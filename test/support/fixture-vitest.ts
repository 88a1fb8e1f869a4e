// A vitest of a test's own, over fixture files of the suite's kind (root and no configuration file, as a run has):
// started, handed to `inspect` before it closes, closed whatever happens.

import { createVitest, type Vitest } from 'vitest/node';
import { PACKAGE_ROOT } from '../../lib/runner/project.js';

type Options = NonNullable<Parameters<typeof createVitest>[1]>;

export async function runFixtureVitest<T>(
  options: Options & { include: string[] },
  inspect: (vitest: Vitest) => T = () => undefined as T,
): Promise<T> {
  const vitest = await createVitest('test', {
    root: PACKAGE_ROOT,
    config: false,
    run: true,
    watch: false,
    reporters: [],
    ...options,
  });
  try {
    await vitest.start();
    return inspect(vitest);
  } finally {
    await vitest.close();
  }
}
