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
          // The mutation score runs apart (`npm run score`) until it fits CI's time (see issue 4).
          exclude: ['test/proof/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'proof',
          include: ['test/proof/**/*.test.ts'],
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
