// `aes-conformance reference [options]` (compiled, dispatched by lib/cli/main.ts) and
// `npm run reference [-- options]`: runs the reference service until interrupted and prints the
// settings a suite run needs, as ready-to-paste environment lines (stdout); what it is doing goes
// to stderr. Faults, a variation, chaos modes and a latency make it a broken, different, hostile or
// slow server. Mistakes get one clear line and exit 2, never a stack trace.

import { CHAOS_MODES, parseChaos } from './chaos.js';
import { FAULTS, type FaultId, isFaultId, parseFaultList } from './faults/index.js';
import { startReference } from './service.js';
import { VARIATIONS } from './variations.js';
import { closest } from '../lib/util/closest.js';
import { pathToFileURL } from 'node:url';

const HELP = `Usage: aes-conformance reference [options]   (or: npm run reference -- [options])

Starts the reference service of the Agent Evaluation Service API and prints BASE_URL=,
API_KEY= and fixture lines ready to paste into .env. Stops on Ctrl-C or SIGTERM.

Settings (an option, or its environment variable):
  --port n           PORT         port to listen on (default 8787; 0 picks a free one)
  --host a           HOST         address to listen on (default 127.0.0.1)
                     API_KEY      the key the service accepts (default ref-test-key-0001)
  --faults a,b       FAULTS       fault ids, comma- or space-separated (see --list-faults)
  --variation v      VARIATION    a correct variation: ${VARIATIONS.map((v) => v.name).join(', ')}
  --chaos m          CHAOS        hostile behaviour: ${Object.keys(CHAOS_MODES).join(', ')} (mode or mode@/v1/path-prefix)
  --latency-ms n     LATENCY_MS   delay in ms added to every response (default 0)
  --list-faults                   lists the faults, the variations and the chaos modes
  --help`;

/** Each option and the environment variable it sets (an option wins). */
const OPTION_ENV: Readonly<Record<string, string>> = {
  '--port': 'PORT',
  '--host': 'HOST',
  '--faults': 'FAULTS',
  '--variation': 'VARIATION',
  '--chaos': 'CHAOS',
  '--latency-ms': 'LATENCY_MS',
};

class UsageError extends Error {}

function checkedFaults(text: string | undefined): FaultId[] {
  const ids = parseFaultList(text);
  const known = FAULTS.map((f) => f.id);
  const unknown = ids.filter((id) => !isFaultId(id));
  if (unknown.length) {
    const hints = unknown.map((id) => `"${id}"${closest(id, known) ? ` (did you mean ${closest(id, known)}?)` : ''}`);
    throw new UsageError(
      `FAULTS: unknown fault ${hints.join(', ')}; \`npm run reference -- --list-faults\` lists the ${known.length} faults`,
    );
  }
  return ids.filter(isFaultId);
}

function checkedVariation(name: string | undefined): string {
  const known = VARIATIONS.map((v) => v.name);
  if (!name) return 'default';
  if (!known.includes(name)) throw new UsageError(`VARIATION: unknown variation "${name}"; known: ${known.join(', ')}`);
  return name;
}

/** An integer setting written in decimal digits only (so `""`, ` `, `1e3`, `0x10` and `-1` are refused), within `max`. */
function checkedInteger(name: string, text: string | undefined, fallback: number, max: number, what: string): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > max) throw new UsageError(`${name}: "${text}" is not ${what}`);
  return value;
}

const checkedPort = (text: string | undefined): number =>
  checkedInteger('PORT', text, 8787, 65535, 'a port number (0 to 65535)');

/** setTimeout's bound: a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const checkedLatency = (text: string | undefined): number =>
  checkedInteger('LATENCY_MS', text, 0, MAX_TIMER_MS, `a whole number of milliseconds (0 to ${MAX_TIMER_MS})`);

function checkedChaos(text: string | undefined): string[] {
  const specs = parseFaultList(text);
  try {
    parseChaos(specs);
  } catch (error) {
    throw new UsageError(`CHAOS: ${(error as Error).message}`);
  }
  return specs;
}

function listFaults(): string {
  const width = Math.max(...FAULTS.map((f) => f.id.length));
  return [
    `${FAULTS.length} faults (FAULTS=id,...):`,
    ...FAULTS.map((f) => `  ${f.id.padEnd(width)}  ${f.description}`),
    '',
    'Variations (VARIATION=name), each a correct server that chose differently:',
    ...VARIATIONS.map(
      (v) =>
        `  ${v.name}${v.changes.length ? `: ${v.changes.join('; ')}` : ": the choices of the specification's examples"}`,
    ),
    '',
    'Chaos modes (CHAOS=mode or mode@/v1/path-prefix):',
    ...Object.entries(CHAOS_MODES).map(([mode, what]) => `  ${mode}: ${what}`),
  ].join('\n');
}

/** The settings: the environment's, with the options' (`--name value` or `--name=value`) over them. */
function settings(args: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const set: NodeJS.ProcessEnv = { ...env };
  for (let at = 0; at < args.length; at++) {
    const [option = '', inline] = args[at]!.split(/=(.*)/s);
    const name = OPTION_ENV[option];
    if (!name) throw new UsageError(`unknown argument ${args[at]}; see --help`);
    const value = inline ?? args[++at];
    if (value === undefined) throw new UsageError(`${option} needs a value; see --help`);
    set[name] = value;
  }
  return set;
}

async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) return void console.log(HELP);
  if (args.includes('--list-faults')) return void console.log(listFaults());
  const env = settings(args, process.env);
  const options = {
    host: env.HOST ?? '127.0.0.1',
    port: checkedPort(env.PORT),
    faults: checkedFaults(env.FAULTS),
    variation: checkedVariation(env.VARIATION),
    chaos: checkedChaos(env.CHAOS),
    latencyMs: checkedLatency(env.LATENCY_MS),
    ...(env.API_KEY ? { apiKey: env.API_KEY } : {}),
  };
  const service = await startReference(options).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new UsageError(
        `port ${options.port} on ${options.host} is in use: set PORT to another (PORT=0 picks a free one)`,
      );
    if (error.code === 'EADDRNOTAVAIL') throw new UsageError(`HOST: ${options.host} is not an address of this machine`);
    throw error;
  });
  const { fixtures } = service;
  console.log(
    [
      `BASE_URL=${service.url}`,
      `API_KEY=${service.apiKey}`,
      `SCHEDULED_RUN_ID=${fixtures.scheduledRunId}`,
      `DASHBOARD_ID=${fixtures.dashboardId}`,
      `DELETABLE_PERSONA_ID=${fixtures.deletablePersonaId}`,
      `DELETABLE_RUN_ID=${fixtures.deletableRunId}`,
      `CANCELLABLE_RUN_ID=${fixtures.cancellableRunIds.join(',')}`,
      `DELETABLE_SCHEDULED_RUN_ID=${fixtures.deletableScheduledRunIds.join(',')}`,
    ].join('\n'),
  );
  const also = [
    ...(options.chaos.length ? [`chaos: ${options.chaos.join(', ')}`] : []),
    ...(options.latencyMs ? [`latency ${options.latencyMs} ms`] : []),
  ];
  console.error(
    `reference service listening on ${service.url} (variation ${options.variation}; faults: ${options.faults.join(', ') || 'none'}${also.length ? `; ${also.join('; ')}` : ''}); Ctrl-C stops it`,
  );

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`reference service: ${signal}, stopping`);
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`reference service: could not close cleanly: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // npm does not pass SIGTERM on to the script it runs: under `npm run reference`, the service
  // stops when npm is gone (it is then adopted by another parent) rather than serve on unseen.
  if (env.npm_lifecycle_event === 'reference') {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && stop('npm exited'), 250).unref();
  }
}

/** Runs the command; a mistake or a failure to start ends the process with exit 2. */
export function referenceCommand(args: readonly string[]): Promise<void> {
  return main(args).catch((error: unknown) => {
    const message =
      error instanceof UsageError ? error.message : `internal error: ${(error as Error)?.message ?? String(error)}`;
    process.stderr.write(`reference service: ${message}\n`, () => process.exit(2));
  });
}

// Run directly (`npm run reference`), not imported by the CLI.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await referenceCommand(process.argv.slice(2));
