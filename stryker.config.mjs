// StrykerJS mutation testing of the embedded reference service (`npm run mutate`): an independent
// source of faults next to the hand-written catalog (proof/faults/). Stryker mutates the
// reference's rule-bearing code; the "test" of each mutant is one whole conformance run against the
// embedded reference, built from the mutated TypeScript sources (proof/mutation/mutate-run.mjs). A mutant is killed
// when that run exits non-zero (a check failed or errored), is not `conformant` (a partial run: a
// check skipped for want of a fixture), or times out. Not part of `npm test` or CI.
//
// - The mutants are activated through the environment variable __STRYKER_ACTIVE_MUTANT__, which
//   Stryker's command runner sets for the command and the instrumented modules read once, when first
//   loaded. The reference runs in the CLI's own process, so it sees it (vitest's worker threads,
//   which run no reference code, inherit it too).
// - dist/ is not copied into the sandbox (it holds the unmutated reference): the build command compiles
//   the instrumented sources, every mutant in them, once per sandbox (about 20 s), and each run is the
//   compiled CLI (bin/aes-conformance.js; the build's stamp is newer than the sources). Against the
//   sources through tsx, a run costs 30 % more CPU (7.8 s against 11 s, measured on two busy cores).
// - `coverageAnalysis` must be "off": the command runner reports no coverage (one test, "all").
// - Each run uses about 1.5 cores (the runner's process and vitest's worker threads). Two runs at a
//   time still got through mutants faster on two busy cores (4.9 s a mutant, against 8.5 s with
//   one); `-- --concurrency 1` leaves more of the machine to others.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'command',
  commandRunner: {
    // One conformance run by the compiled CLI (BASE_URL emptied: always the embedded reference; the
    // strict profile, whose SHOULD checks the reference meets too, unless PROFILE says otherwise). It fails
    // (kills the mutant) unless the run is `conformant` with no more skips than the unmutated one.
    command: 'node proof/mutation/mutate-run.mjs',
  },
  coverageAnalysis: 'off',
  buildCommand: 'node bin/build.js --force',

  // The reference's rule-bearing code: validation, listing, routes and their views, the HTTP layer
  // (errors, body, router), the request pipeline (server.ts: authentication order, wrapper keys, the
  // error envelope), the default decisions (behaviour.ts: status mapping, time format, auth), the
  // IDs it issues, and the negotiation of the published spec's form. Left out: the proof (proof/: the
  // fault catalog, the variations and chaos modes change the reference on purpose; the reference
  // command), fixtures, the published documents'
  // assembly and serialization (openapi/ but negotiate.ts), the store's clock and randomness, and the memo cache.
  mutate: [
    'lib/reference/validation/**/*.ts',
    'lib/reference/listing/**/*.ts',
    'lib/reference/routes/**/*.ts',
    'lib/reference/http/**/*.ts',
    'lib/reference/behaviour.ts',
    'lib/reference/server.ts',
    'lib/reference/store/ids.ts',
    'lib/reference/openapi/negotiate.ts',
  ],

  // Not copied into the sandbox: dist/ (the unmutated build), .env (a BASE_URL there would point the run
  // away from the embedded reference), and what a conformance run never loads. node_modules is
  // symlinked; .git, /reports and .stryker-tmp are always left out.
  ignorePatterns: ['/dist', '/.env', '/test', '/bench', '/docs', '/.ci'],

  // A conformance run takes 3-4 s compiled on two quiet cores, 10 s and more while others use the
  // CPU. A mutant that hangs the reference (which blocks the runner's process too) is stopped after
  // 1.5 × the initial run + 30 s and counted as "Timeout" (detected). With 15 s, equivalent mutants
  // were counted as timeouts on a busy machine (load average 8 on two cores).
  timeoutMS: 30_000,
  timeoutFactor: 1.5,
  dryRunTimeoutMinutes: 3,
  concurrency: 2,

  reporters: ['clear-text', 'progress', 'html', 'json', 'live'],
  appendPlugins: ['./proof/mutation/stryker-live-reporter.mjs'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: {
    allowColor: true,
    logTests: false,
    reportTests: false,
    reportMutants: true,
    reportScoreTable: true,
  },
  // `npm run mutate -- --incremental`: re-tests only the mutants of code changed since the last run
  // (per-folder runs add up in this one file). The command runner reports no coverage, so a change
  // to the suites (or to reference code outside the mutated file) is not seen: add `--force` then.
  incrementalFile: 'reports/mutation/stryker-incremental.json',

  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
