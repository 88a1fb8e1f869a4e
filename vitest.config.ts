import { defineConfig } from 'vitest/config';

// Two projects kept apart: `unit` is the project's own tests (`npm test`);
// `conformance` is the suite that talks to a target (`npm run conformance`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.suite.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
