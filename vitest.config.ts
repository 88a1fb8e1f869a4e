import { defineConfig } from 'vitest/config';

// Two projects kept apart: `unit` is the project's own tests (`npm test`);
// `conformance` is the suite that talks to a target (`npm run conformance`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Includes the mutation score (test/proof), which proves the suite against every fault and variation.
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.suite.ts'],
          // A worker loads the suite's modules and the target's published spec once, not per file:
          // the suites keep no state between files but the target, which is the same for all.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
