// Settings from the environment (and `.env`), validated once into a typed Config.
// The runner hands the parsed Config to the vitest workers in its plan (lib/protocol/plan.ts).

import { config as readDotenv } from 'dotenv';
import { editDistance } from './util/closest.js';

export type Profile = 'default' | 'strict';

export interface Config {
  /** Target base address without a trailing slash; undefined until the runner resolves one. */
  readonly baseUrl: string | undefined;
  readonly apiKey: string | undefined;
  readonly scheduledRunId: string | undefined;
  readonly dashboardId: string | undefined;
  readonly deletablePersonaId: string | undefined;
  readonly deletableRunId: string | undefined;
  readonly cancellableRunId: string | undefined;
  readonly deletableScheduledRunId: string | undefined;
  readonly reportDir: string;
  readonly profile: Profile;
  readonly readOnly: boolean;
  /** The generic layer may send requests to published collection writes (a POST without a key): opt-in. */
  readonly publishedWrites: boolean;
  /** fast-check seed: fixed by default (DEFAULT_SEED), so the same target gives the same result every run. */
  readonly seed: number;
  readonly numRuns: number;
  readonly requestTimeoutMs: number;
  /** Bound on the whole run; checks still running then end as errors. */
  readonly runTimeoutMs: number;
  readonly concurrency: number;
  /** Requests a second over the whole run (RATE_LIMIT); undefined: as fast as answered. */
  readonly rateLimit: number | undefined;
  /** Back-pressure with no request answered for this long stops the run as throttled. */
  readonly throttleGiveUpMs: number;
  /** Request field carrying the simulator configuration on agent creation (not shown in the spec). */
  readonly simulatorConfigField: string | undefined;
  /** Marker put into the names of everything this run creates. */
  readonly runMarker: string;
  /** What parsing changed in BASE_URL and why (a `/v1` ending dropped), for the run to say once; not a setting. */
  readonly baseUrlNotice?: string;
  /** SEED=random: the seed was drawn for this run, and the run says which (to repeat it); not a setting. */
  readonly seedDrawn?: true;
}

/** One row per setting: the README's configuration table is checked against this list. */
export const SETTINGS = [
  { name: 'BASE_URL', meaning: 'Target base address (paths are appended as /v1/...; a trailing /v1 is dropped, with a notice). Unset: the embedded reference service is started on a free loopback port.' },
  { name: 'API_KEY', meaning: 'A valid organisation key for the target. Never printed or written to reports.' },
  { name: 'SCHEDULED_RUN_ID', meaning: 'An existing scheduled run (the API cannot list or create one). Absent: its tests are skipped with that reason.' },
  { name: 'DASHBOARD_ID', meaning: 'An existing dashboard the suite may rename. Absent: dashboard tests are skipped.' },
  { name: 'DELETABLE_PERSONA_ID', meaning: 'A persona the suite may delete. Without it no pre-existing persona is deleted.' },
  { name: 'DELETABLE_RUN_ID', meaning: 'A run the suite may delete. Without it no pre-existing run is deleted.' },
  { name: 'CANCELLABLE_RUN_ID', meaning: 'A run still in progress (not COMPLETED) the suite may delete, which cancels or deletes it. Absent: the check deleting a run in progress is skipped.' },
  { name: 'DELETABLE_SCHEDULED_RUN_ID', meaning: 'A scheduled run the suite may delete. Without it no scheduled run is deleted.' },
  { name: 'REPORT_DIR', meaning: 'Where reports are written (default reports/).' },
  { name: 'PROFILE', meaning: '`default` asserts only what the spec states; `strict` adds common conventions (SHOULD requirements).' },
  { name: 'READ_ONLY', meaning: '`true` skips every test that writes.' },
  { name: 'PUBLISHED_WRITES', meaning: '`true` lets the checks of operations published beyond the specification\'s 20 send a POST to a published collection (without a key and without a body: a correct server refuses it, one that does not authenticate might create something). Default: not sent, those checks are skipped.' },
  { name: 'SEED', meaning: 'fast-check seed (an integer, or `random` to explore: the seed drawn is printed). Default: a fixed seed, so the same target gives the same result every run.' },
  { name: 'NUM_RUNS', meaning: 'fast-check runs per property (default 20).' },
  { name: 'REQUEST_TIMEOUT_MS', meaning: 'Timeout of one request in milliseconds (default 10000).' },
  { name: 'RUN_TIMEOUT_MS', meaning: 'Bound on the whole run in milliseconds (default 900000); checks still running then end as errors.' },
  { name: 'CONCURRENCY', meaning: 'Cap on requests in flight over the whole run (default 16), shared among the test workers.' },
  { name: 'RATE_LIMIT', meaning: 'Requests per second over the whole run, to stay under a rate limit the target is known to have. Default: none; back-pressure (429, or 503 with Retry-After) slows the run down in any case.' },
  { name: 'THROTTLE_GIVE_UP_MS', meaning: 'When the target has answered every request with back-pressure (429, or 503 with Retry-After) for this long, the run stops as throttled (exit 2) (default 60000).' },
  { name: 'WAIVERS', meaning: 'Waiver file (accepted failures, each with a reason and an optional expiry). Default: conformance.waivers.yaml in the working directory, if present.' },
  { name: 'SIMULATOR_CONFIG_FIELD', meaning: 'Request field for the agent simulator configuration; default: read from the published spec, else `metadata`.' },
] as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * A configuration message with its leading setting named the way the user gave it: `NUM_RUNS must be …`
 * reads `--runs must be …` when the value came from `--runs`.
 */
export function asGiven(message: string, given: Readonly<Record<string, string>> = {}): string {
  const setting = /^[A-Z][A-Z_]+(?=[ :])/.exec(message)?.[0];
  return setting && given[setting] ? given[setting] + message.slice(setting.length) : message;
}

type Env = Readonly<Record<string, string | undefined>>;

let dotenvLoaded = false;

/** Reads `.env` into the environment once, never overriding what is already set. */
export function loadDotenv(): void {
  if (dotenvLoaded) return;
  dotenvLoaded = true;
  readDotenv({ quiet: true });
}

/** The seed of every run that names none: fixed, so identical inputs give identical results. */
export const DEFAULT_SEED = 291128;

/** The settings naming a target's existing resources, and the Config fields they fill. */
export const FIXTURE_SETTINGS = {
  SCHEDULED_RUN_ID: 'scheduledRunId',
  DASHBOARD_ID: 'dashboardId',
  DELETABLE_PERSONA_ID: 'deletablePersonaId',
  DELETABLE_RUN_ID: 'deletableRunId',
  CANCELLABLE_RUN_ID: 'cancellableRunId',
  DELETABLE_SCHEDULED_RUN_ID: 'deletableScheduledRunId',
} as const;

/** Settings that name a target: given at all (even empty), they must name it with BASE_URL. */
const TARGET_SETTINGS = ['BASE_URL', 'API_KEY', ...Object.keys(FIXTURE_SETTINGS)];

/**
 * The embedded reference runs only when no target setting is given at all. `BASE_URL=` (a CI variable
 * that is missing) or a key or fixture id without BASE_URL means a target was meant: running the
 * reference instead would report its conformance as the target's.
 */
function checkTargetNamed(env: Env): void {
  if (env['BASE_URL'] !== undefined && !env['BASE_URL'].trim()) {
    throw new ConfigError('BASE_URL is set but empty: no target is named (unset BASE_URL to run against the embedded reference service).');
  }
  const orphans = TARGET_SETTINGS.filter((name) => env[name] !== undefined);
  if (env['BASE_URL'] === undefined && orphans.length) {
    throw new ConfigError(`${orphans.join(', ')} ${orphans.length === 1 ? 'is' : 'are'} set but BASE_URL is not: no target is named (set BASE_URL to the target, or unset ${orphans.join(' and ')} to run against the embedded reference service).`);
  }
}

/**
 * Keys of the environment (or .env) that look like a setting but are none (`BASE_ULR`, `APIKEY`), each with
 * the setting it resembles: the same letters without separators or in another case, or one edit away.
 * Names far from every setting (PATH, HOME, GPG_KEY, …) say nothing.
 */
export function settingLookalikes(env: Env): string[] {
  const names: readonly string[] = SETTINGS.map((s) => s.name);
  const bare = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return Object.keys(env).flatMap((key) => {
    if (names.includes(key)) return [];
    const like = names.find((name) => bare(name) === bare(key) || (key.length >= 4 && oneEditApart(key.toUpperCase(), name)));
    return like ? [`${key} is not a setting; did you mean ${like}? (${key} is ignored)`] : [];
  });
}

/** One insertion, deletion, substitution, or two neighbours swapped (`ULR` for `URL`). */
function oneEditApart(a: string, b: string): boolean {
  if (editDistance(a, b) <= 1) return true;
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!];
}

export function parseConfig(env: Env): Config {
  checkTargetNamed(env);
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const seed = seedOf(text('SEED'));
  const givenBaseUrl = text('BASE_URL');
  if (givenBaseUrl !== undefined) checkBaseUrl(givenBaseUrl);
  const { baseUrl, notice } = normalizeBaseUrl(givenBaseUrl);
  const apiKey = text('API_KEY');
  if (baseUrl !== undefined && apiKey === undefined) {
    throw new ConfigError('API_KEY is not set: the target at BASE_URL needs a valid organisation key (set API_KEY in the environment or .env).');
  }
  return {
    baseUrl,
    apiKey,
    scheduledRunId: text('SCHEDULED_RUN_ID'),
    dashboardId: text('DASHBOARD_ID'),
    deletablePersonaId: text('DELETABLE_PERSONA_ID'),
    deletableRunId: text('DELETABLE_RUN_ID'),
    cancellableRunId: text('CANCELLABLE_RUN_ID'),
    deletableScheduledRunId: text('DELETABLE_SCHEDULED_RUN_ID'),
    reportDir: text('REPORT_DIR') ?? 'reports',
    profile: oneOf('PROFILE', text('PROFILE') ?? 'default', ['default', 'strict'] as const),
    readOnly: flag('READ_ONLY', text('READ_ONLY')),
    publishedWrites: flag('PUBLISHED_WRITES', text('PUBLISHED_WRITES')),
    seed: seed.value,
    numRuns: integer('NUM_RUNS', text('NUM_RUNS') ?? '20', 1, 100_000),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', text('REQUEST_TIMEOUT_MS') ?? '10000', 1, 600_000),
    runTimeoutMs: integer('RUN_TIMEOUT_MS', text('RUN_TIMEOUT_MS') ?? '900000', 1000, 86_400_000),
    concurrency: integer('CONCURRENCY', text('CONCURRENCY') ?? '16', 1, 1024),
    rateLimit: text('RATE_LIMIT') === undefined ? undefined : integer('RATE_LIMIT', text('RATE_LIMIT'), 1, 100_000),
    throttleGiveUpMs: integer('THROTTLE_GIVE_UP_MS', text('THROTTLE_GIVE_UP_MS') ?? '60000', 1000, 86_400_000),
    simulatorConfigField: text('SIMULATOR_CONFIG_FIELD'),
    runMarker: text('AES_RUN_MARKER') ?? newRunMarker(),
    ...(notice ? { baseUrlNotice: notice } : {}),
    ...(seed.drawn ? { seedDrawn: true } : {}),
  };
}

/** SEED: an integer, `random` (drawn now, for a run that explores), or the fixed default. */
function seedOf(given: string | undefined): { value: number; drawn?: true } {
  if (given === undefined) return { value: DEFAULT_SEED };
  if (given.toLowerCase() === 'random') return { value: Math.floor(Math.random() * 2 ** 31), drawn: true };
  return { value: integer('SEED', given, -(2 ** 31), 2 ** 31 - 1) };
}

/**
 * Trailing slashes are dropped. A base URL ending in `/v1` (the API's own prefix, commonly
 * pasted with the host) is accepted without it: the suite appends `/v1/...` to every path,
 * and `/v1/v1/...` would turn every check into a 404. The notice says what was done.
 */
function normalizeBaseUrl(value: string | undefined): { baseUrl: string | undefined; notice?: string } {
  if (value === undefined) return { baseUrl: undefined };
  const trimmed = value.replace(/\/+$/, '');
  if (!(/\/v1$/.test(trimmed) && /\/v1$/.test(new URL(trimmed).pathname))) return { baseUrl: trimmed };
  const baseUrl = trimmed.slice(0, -'/v1'.length).replace(/\/+$/, '');
  return { baseUrl, notice: `BASE_URL ends in /v1: the suite appends /v1 itself, so it uses ${baseUrl}` };
}

function checkBaseUrl(value: string): void {
  // `localhost:8787` parses as a URL whose scheme is `localhost:`; without `//` there is no host.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError(`BASE_URL has no http:// or https:// in front: ${JSON.stringify(value)} (did you mean http://${value}?).`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`BASE_URL is not a URL: ${JSON.stringify(value)} (expected for example http://127.0.0.1:8787).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`BASE_URL must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ConfigError('BASE_URL must not carry credentials; use API_KEY.');
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}.`);
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, not ${JSON.stringify(value)}.`);
}

function integer(name: string, value: string | undefined, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}.`);
  }
  return parsed;
}

/** Short, unique per run, safe in any display name: `cft-<time36><rand36>`. */
export function newRunMarker(): string {
  return `cft-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0')}`;
}

/** The settings as shown in reports: the key never appears. */
export function redactedSettings(config: Config): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || key === 'baseUrlNotice' || key === 'seedDrawn') continue;
    shown[key] = key === 'apiKey' ? '[redacted]' : String(value);
  }
  return shown;
}
