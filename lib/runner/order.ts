// Which checks start first: shared by the sequencer (./project.ts), which orders a worker's files, and the
// worker's runner (./concurrent-files.ts), which admits its checks.

/**
 * The suite files whose checks hold the run's longest chains of requests, one after another: the model-based
 * sequences of suites/explore.suite.ts (about 140 requests, 7 s at 50 ms a request; the next longest chain of
 * any other file is about 60). Started late, that one check alone sets the run's end.
 */
export const LONG_CHAINS = ['/suites/explore.suite.ts'] as const;

/** Whether a suite file (a module id or path) is one of LONG_CHAINS. */
export const holdsLongChains = (file: string): boolean => LONG_CHAINS.some((name) => file.endsWith(name));
