import { defineConfig } from 'vitest/config';

// The project's own tests (`npm test`). The conformance suite (`npm run conformance`) is not
// configured here: the runner gives vitest its settings inline (lib/runner/project.ts), the same
// from a checkout and from an installed package, which ships no vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Includes the fault score (test/proof), which proves the suite against every fault and variation.
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
