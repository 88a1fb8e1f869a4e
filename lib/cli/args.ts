// Command-line options: those of the command, and one for every setting of the settings table, which
// stands for the setting's environment variable.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, SETTINGS, settingLookalikes } from '../config.js';
import { closest } from '../util/closest.js';

export interface CliRequest {
  readonly env: Record<string, string | undefined>;
  readonly only: string[];
  /** `--exclude` items: groups, requirement ids or check ids not to run. */
  readonly exclude: string[];
  /** `text`: progress and the console summary on stdout; `json`: summary.json on stdout, everything else on stderr. */
  readonly format: 'text' | 'json';
  readonly action: 'run' | 'help' | 'version' | 'list' | 'merge' | 'replay';
  readonly rerunFailed: boolean;
  /** vitest's `<index>/<count>`: this machine runs that share of the suite files. */
  readonly shard?: string;
  /** With `--merge`: report directories (or summary.json files) of earlier runs, e.g. one per shard. */
  readonly mergeFrom: string[];
  readonly warnings: string[];
  /** Settings given as options, by the option typed (`NUM_RUNS` → `--runs`): messages name what was typed. */
  readonly given: Record<string, string>;
  /** `replay`: the check ids named (none: every failure), and whether a target other than the recorded one is allowed. */
  readonly replay?: { readonly ids: string[]; readonly otherTarget: boolean };
  /** `--grep`: only checks whose id or title this regular expression matches (any case). */
  readonly grep?: string;
}

const COMMAND_HELP = `Usage: aes-conformance [options]

Checks, rule by rule, whether a server implements the Agent Evaluation Service API.
With no target setting at all (no BASE_URL, API_KEY or fixture id) it runs against the embedded reference
service, and every report says so.

Options:
  --only <list>          comma-separated endpoint groups, requirement ids or check ids (any case; repeatable);
                         with --list, lists only what they select
  --exclude <list>       endpoint groups, requirement ids or check ids not to run (same items as --only; repeatable);
                         the requirements left unverified make the run partial
  --grep <pattern>       only checks whose id or title this regular expression matches (any case), as pytest's -k;
                         the run is then partial, as with --only
  --format <text|json>   text (default): progress and summary on stdout; json: summary.json on stdout,
                         progress and messages on stderr
  --rerun-failed         run only the checks that failed or errored in the summary.json of --report-dir;
                         the reports go to <report-dir>/rerun, the full run's stay
  --shard <i>/<n>        run only the i-th of n shares of the suite files (vitest's --shard): one CI machine of n
  --merge <dir>...       run nothing: merge the summary.json files of the given report directories (e.g. one per shard)
                         into one set of reports in --report-dir, and exit with the merged run's exit code
  --list                 print every requirement with its level and the checks that verify it, by id, then exit
  -h, --help; -v, --version
Commands: aes-conformance reference [--faults ...] starts the reference service, faults switched on (--help there)
  aes-conformance replay [<check id>...|--failed] [--report-dir D] [--other-target]
                         re-runs the checks that failed or errored in D's summary.json, 3 times, against the
                         recorded target (its seed and profile), and says of each FIXED, STILL FAILING or FLAKY
NO_COLOR turns colour off; FORCE_COLOR turns it on where the output is not a terminal (CI logs).`;

const EXIT_HELP = `Exit codes: 0 no violation (CONFORMANT, or a partial pass that says so; waived failures included);
1 violations found (or checks errored; an expired waiver waives nothing);
2 bad configuration (a wrong path prefix in BASE_URL, BASE_URL empty, a key or fixture id without BASE_URL,
a report directory that cannot be written), target unreachable or key rejected, throttled (only back-pressure
answers for THROTTLE_GIVE_UP_MS), or --rerun-failed after a run that stopped or against another target;
130 / 143 interrupted (SIGINT / SIGTERM; the reports say what ran).`;

const HELP_WIDTH = 118;

/** The words of `text` in lines of at most `width` characters. */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** One entry per setting: its option, what it does, its variable and its default. */
function settingsHelp(): string {
  const usage = SETTINGS.map((s) => `  --${s.option}${s.arg ? ` ${s.arg}` : ''}`);
  const column = Math.max(...usage.map((u) => u.length)) + 2;
  const entries = SETTINGS.map((s, i) => {
    const unset =
      s.default !== undefined ? `; default: ${s.default}` : s.unset ? `; unset: ${s.unset.replace(/`/g, '')}` : '';
    const [first, ...rest] = wrapped(`${s.summary} (${s.name}${unset})`, HELP_WIDTH - column);
    return [usage[i]!.padEnd(column) + first, ...rest.map((line) => ' '.repeat(column) + line)].join('\n');
  });
  return [
    'Settings: each option stands for the environment variable (or .env line) in brackets; an option wins over both.',
    ...entries,
  ].join('\n');
}

export const HELP = `${COMMAND_HELP}\n\n${settingsHelp()}\n\n${EXIT_HELP}`;

const COMMAND_OPTIONS = {
  only: { type: 'string', multiple: true },
  'rerun-failed': { type: 'boolean' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  shard: { type: 'string' },
  merge: { type: 'boolean' },
  exclude: { type: 'string', multiple: true },
  format: { type: 'string' },
  failed: { type: 'boolean' },
  'other-target': { type: 'boolean' },
  grep: { type: 'string' },
} as const;

/** A setting's option takes a value, or is a switch (`--read-only`) when `--help` shows none. */
const SETTING_OPTIONS: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
  SETTINGS.map((s) => [s.option, { type: s.arg ? 'string' : 'boolean', ...(s.repeatable ? { multiple: true } : {}) }]),
);

const OPTIONS = { ...SETTING_OPTIONS, ...COMMAND_OPTIONS };

/**
 * Node's parser says `Unknown option '--bogus'. To specify a positional argument starting with a '-', …`:
 * say it in our words, with the closest option (a mistyped one) where there is one.
 */
function optionError(error: Error): string {
  const typed = /option '([^']+)'/.exec(error.message)?.[1];
  if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || typed === undefined)
    return error.message;
  const near = closest(typed.replace(/^-+/, '').split('=')[0]!, Object.keys(OPTIONS));
  return `unknown option ${typed}${near ? ` (did you mean --${near}?)` : ''}`;
}

export function parseCli(argv: readonly string[], env: Record<string, string | undefined>): CliRequest {
  // `replay` is a command: its operands are check ids.
  const replaying = argv[0] === 'replay';
  let parsed;
  try {
    parsed = parseArgs({
      args: negativeSeedJoined(replaying ? argv.slice(1) : argv),
      options: OPTIONS,
      strict: true,
      // Only `--merge` (the report directories to merge) and `replay` (check ids) take operands.
      allowPositionals: true,
    });
  } catch (error) {
    throw new ConfigError(`${optionError(error as Error)}\nRun with --help for the options.`);
  }
  const { values, positionals } = parsed;
  if (!replaying && (values.failed || values['other-target']))
    throw new ConfigError(`--${values.failed ? 'failed' : 'other-target'} belongs to the replay command`);
  if (replaying && values.failed && positionals.length)
    throw new ConfigError(`replay: check ids or --failed, not both (${positionals.join(' ')})`);
  if (positionals.length && !values.merge && !replaying) {
    throw new ConfigError(`unexpected argument: ${positionals.join(' ')}\nRun with --help for the options.`);
  }
  if (values.merge && !positionals.length)
    throw new ConfigError('--merge needs the report directories (or summary.json files) to merge');
  if (values.shard !== undefined) checkShard(values.shard);
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new ConfigError(`--format: expected text or json, got "${format}"`);
  const merged: Record<string, string | undefined> = { ...env };
  const given: Record<string, string> = {};
  const settingValues = values as Readonly<Record<string, string | string[] | boolean | undefined>>;
  const warnings: string[] = [];
  for (const { name, option, secret, lowerCase } of SETTINGS) {
    const typed = settingValues[option];
    // A repeatable option (`--header a --header b`): its values one a line.
    const value = Array.isArray(typed) ? typed.join('\n') : typed;
    // A switch (`--read-only`) sets its setting to true.
    if (value === undefined || value === false) continue;
    [merged[name], given[name]] = [value === true ? 'true' : value, `--${option}`];
    // `http_proxy` is read before `HTTP_PROXY`: the option replaces both.
    if (lowerCase) delete merged[name.toLowerCase()];
    if (secret && value)
      warnings.push(
        `--${option} puts its value in your shell history and process list; prefer ${name} in the environment or .env.`,
      );
  }
  warnings.push(...settingLookalikes(env));
  const action = values.help
    ? 'help'
    : replaying
      ? 'replay'
      : values.version
        ? 'version'
        : values.list
          ? 'list'
          : values.merge
            ? 'merge'
            : 'run';
  // `--only a --only b` and `--only a,b` select the same.
  const items = (lists: string[] | undefined): string[] =>
    (lists ?? [])
      .flatMap((list) => list.split(','))
      .map((item) => item.trim())
      .filter(Boolean);
  const only = items(values.only);
  const exclude = items(values.exclude);
  return {
    env: merged,
    only,
    exclude,
    format,
    action,
    rerunFailed: values['rerun-failed'] ?? false,
    ...(values.shard === undefined ? {} : { shard: values.shard }),
    ...(values.grep === undefined ? {} : { grep: values.grep }),
    mergeFrom: replaying ? [] : positionals,
    warnings,
    given,
    ...(replaying ? { replay: { ids: positionals, otherTarget: values['other-target'] ?? false } } : {}),
  };
}

/** `--seed -123` as `--seed=-123`: Node's parser takes a value starting with `-` for an option, and refuses it. */
function negativeSeedJoined(argv: readonly string[]): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--seed' && /^-\d+$/.test(argv[i + 1] ?? '')) args.push(`--seed=${argv[++i]}`);
    else args.push(argv[i]!);
  }
  return args;
}

/** `<index>/<count>` with 1 <= index <= count, as vitest's --shard wants it. */
function checkShard(shard: string): void {
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || count < 1 || index > count) {
    throw new ConfigError(`--shard: expected <index>/<count> with 1 <= index <= count (e.g. 1/3), got "${shard}"`);
  }
}

/** NO_COLOR (no-color.org) turns colour off; FORCE_COLOR (any value but 0) turns it on off a terminal, as in CI logs. */
export function colourWanted(env: Record<string, string | undefined>, tty: boolean): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (env['NO_COLOR']) return false;
  return tty;
}
