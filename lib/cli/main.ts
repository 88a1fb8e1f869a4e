// `aes-conformance` / `npm run conformance`: run the suites, write the reports, exit 0 / 1 / 2.
// The options are read first, with nothing heavy loaded: `--help` and `--version` answer at once;
// the commands that run or list the suite (vitest, the reference service, ajv, …) are imported after.

import { ConfigError, loadDotenv } from '../config.js';
import { redact } from '../http/redact.js';
import { SUITE } from '../util/suite.js';
import { holdYoungGeneration } from '../runner/heap.js';
import { HELP, parseCli } from './args.js';

const writer =
  (stream: NodeJS.WriteStream) =>
  (line: string): void =>
    void stream.write(`${redact(line)}\n`);

async function main(argv: readonly string[]): Promise<number> {
  // Before anything is loaded: this thread's young generation stays at its first size (lib/runner/heap.ts).
  holdYoungGeneration();
  loadDotenv();
  let request;
  try {
    request = parseCli(argv, process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
  // --format json: stdout carries summary.json (or --list's catalog) alone; progress, warnings and notes go to stderr.
  const log = writer(
    request.format === 'json' && request.action !== 'help' && request.action !== 'version'
      ? process.stderr
      : process.stdout,
  );
  request.warnings.forEach((w) => log(`warning: ${w}`));
  if (request.action === 'help') return (log(HELP), 0);
  if (request.action === 'version') return (log(`${SUITE.name} ${SUITE.version}`), 0);
  try {
    if (request.action === 'list') return await (await import('./list-command.js')).list(request, log);
    if (request.action === 'replay') return await (await import('./replay-command.js')).replay(request, log);
    return await (await import('./run-command.js')).runOrMerge(request, log);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message, 2);
    throw error;
  }
}

function fail(message: string, code: number): number {
  process.stderr.write(`${redact(message)}\n`);
  return code;
}

/**
 * Exits once stdout and stderr have taken everything written to them: a pipe to a slow reader
 * (`--list | less`, a CI log collector) is written asynchronously, and process.exit would cut it.
 */
function exitWhenFlushed(code: number): void {
  let open = 2;
  const flushed = (): void => {
    open -= 1;
    if (open === 0) process.exit(code);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}

const argv = process.argv.slice(2);
// `reference`: the reference service with faults, to see the suite bite. The proof's own compiled
// entry (dist/proof/), loaded for this command only; it serves until stopped, so no exit here.
if (argv[0] === 'reference') await (await import('../../proof/main.js')).referenceCommand(argv.slice(1));
else
  main(argv).then(
    (code) => exitWhenFlushed(code),
    (error: unknown) => {
      // No stack trace for users; the message says what broke.
      process.stderr.write(`aes-conformance: internal error: ${redact((error as Error)?.message ?? String(error))}\n`);
      exitWhenFlushed(2);
    },
  );
