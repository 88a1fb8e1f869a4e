// Command-line options; each maps onto a setting of the same meaning in the environment.

import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';

export interface CliRequest {
  readonly env: Record<string, string | undefined>;
  readonly only: string[];
  readonly action: 'run' | 'help' | 'version' | 'list';
  readonly rerunFailed: boolean;
  readonly warnings: string[];
}

export const HELP = `Usage: aes-conformance [options]

Checks, rule by rule, whether a server implements the Agent Evaluation Service API.
With no --base-url (or BASE_URL) it runs against the embedded reference service.

Options:
  --base-url <url>       target base address (BASE_URL)
  --api-key <key>        organisation key (API_KEY); prefer the environment or .env
  --only <list>          comma-separated endpoint groups or requirement ids
  --profile <name>       default | strict (PROFILE)
  --read-only            skip every check that writes (READ_ONLY=true)
  --seed <n>             fast-check seed (SEED)
  --runs <n>             fast-check runs per property (NUM_RUNS)
  --report-dir <dir>     where reports go (REPORT_DIR, default reports/)
  --rerun-failed         run only the requirements that failed or errored in the last summary.json
  --list                 print every requirement with its level and the checks that verify it, then exit
  --help, --version

Exit codes: 0 conformant; 1 violations found (or checks errored); 2 bad configuration or target unreachable.`;

const OPTION_ENV = {
  'base-url': 'BASE_URL',
  'api-key': 'API_KEY',
  profile: 'PROFILE',
  seed: 'SEED',
  runs: 'NUM_RUNS',
  'report-dir': 'REPORT_DIR',
} as const;

export function parseCli(argv: readonly string[], env: Record<string, string | undefined>): CliRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'base-url': { type: 'string' }, 'api-key': { type: 'string' }, only: { type: 'string' }, profile: { type: 'string' },
        'read-only': { type: 'boolean' }, seed: { type: 'string' }, runs: { type: 'string' }, 'report-dir': { type: 'string' },
        'rerun-failed': { type: 'boolean' }, list: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\nRun with --help for the options.`);
  }
  const { values } = parsed;
  const merged: Record<string, string | undefined> = { ...env };
  for (const [option, name] of Object.entries(OPTION_ENV)) {
    const value = values[option as keyof typeof OPTION_ENV];
    if (typeof value === 'string') merged[name] = value;
  }
  if (values['read-only']) merged['READ_ONLY'] = 'true';
  const warnings = values['api-key'] ? ['--api-key puts the key in your shell history and process list; prefer API_KEY in the environment or .env.'] : [];
  const action = values.help ? 'help' : values.version ? 'version' : values.list ? 'list' : 'run';
  const only = (values.only ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return { env: merged, only, action, rerunFailed: values['rerun-failed'] ?? false, warnings };
}
