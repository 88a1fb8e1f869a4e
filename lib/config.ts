// Settings from the environment (and `.env`), validated once into a typed Config. Each setting is a
// row of the settings table (config/settings.ts); the runner hands the parsed Config to the vitest
// workers in its plan (lib/protocol/plan.ts).

import { config as readDotenv } from 'dotenv';
import { editDistance } from './util/closest.js';
import { SETTINGS, type SettingName, type SettingValues } from './config/settings.js';
import { ConfigError, credentialHeader, type ExtraHeader, isRandomSeed, v1Dropped } from './config/values.js';

export { ConfigError, credentialHeader, DEFAULT_SEED, type ExtraHeader } from './config/values.js';
export {
  FIXTURE_SETTINGS,
  SETTINGS,
  SETTING_NAMES,
  type DeletableFixture,
  type FixtureField,
  type Setting,
  type SettingName,
} from './config/settings.js';

export type Config = SettingValues & {
  /** Marker put into the names of everything this run creates (AES_RUN_MARKER, set by the proof and tests). */
  readonly runMarker: string;
  /** What parsing changed in BASE_URL and why (a `/v1` ending dropped), for the run to say once; not a setting. */
  readonly baseUrlNotice?: string;
  /** SEED=random: the seed was drawn for this run, and the run says which (to repeat it); not a setting. */
  readonly seedDrawn?: true;
};

/**
 * A configuration message (one line per error) with each line's leading setting named the way the user
 * gave it: `NUM_RUNS must be …` reads `--runs must be …` when the value came from `--runs`.
 */
export function asGiven(message: string, given: Readonly<Record<string, string>> = {}): string {
  return message
    .split('\n')
    .map((line) => {
      const setting = /^[A-Z][A-Z_]+(?=[ :])/.exec(line)?.[0];
      return setting && given[setting] ? given[setting] + line.slice(setting.length) : line;
    })
    .join('\n');
}

type Env = Readonly<Record<string, string | undefined>>;

let dotenvLoaded = false;

/** Reads `.env` into the environment once, never overriding what is already set. */
export function loadDotenv(): void {
  if (dotenvLoaded) return;
  dotenvLoaded = true;
  readDotenv({ quiet: true });
}

/** Settings that name a target: given at all (even empty), they must name it with BASE_URL. */
const TARGET_SETTINGS = SETTINGS.flatMap((s) => (s.target ? [s.name] : []));

/**
 * The embedded reference runs only when no target setting is given at all. `BASE_URL=` (a CI variable
 * that is missing) or a key or fixture id without BASE_URL means a target was meant: running the
 * reference instead would report its conformance as the target's.
 */
function targetNotNamed(env: Env): string | undefined {
  if (env['BASE_URL'] !== undefined && !env['BASE_URL'].trim()) {
    return 'BASE_URL is set but empty: no target is named (unset BASE_URL to run against the embedded reference service).';
  }
  const orphans = TARGET_SETTINGS.filter((name) => env[name] !== undefined);
  if (env['BASE_URL'] === undefined && orphans.length) {
    return `${orphans.join(', ')} ${orphans.length === 1 ? 'is' : 'are'} set but BASE_URL is not: no target is named (set BASE_URL to the target, or unset ${orphans.join(' and ')} to run against the embedded reference service).`;
  }
  return undefined;
}

/**
 * Keys of the environment (or .env) that look like a setting but are none (`BASE_ULR`, `APIKEY`), each with
 * the setting it resembles: the same letters without separators or in another case, or one edit away.
 * Names far from every setting (PATH, HOME, GPG_KEY, …) say nothing.
 */
export function settingLookalikes(env: Env): string[] {
  const names: readonly string[] = SETTINGS.map((s) => s.name);
  const lowerCase = SETTINGS.flatMap((s) => (s.lowerCase ? [s.name.toLowerCase()] : []));
  const bare = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return Object.keys(env).flatMap((key) => {
    if (names.includes(key) || lowerCase.includes(key)) return [];
    const like = names.find(
      (name) => bare(name) === bare(key) || (key.length >= 4 && oneEditApart(key.toUpperCase(), name)),
    );
    return like ? [`${key} is not a setting; did you mean ${like}? (${key} is ignored)`] : [];
  });
}

/** One insertion, deletion, substitution, or two neighbours swapped (`ULR` for `URL`). */
function oneEditApart(a: string, b: string): boolean {
  if (editDistance(a, b) <= 1) return true;
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return (
    differ.length === 2 &&
    differ[1] === differ[0]! + 1 &&
    a[differ[0]!] === b[differ[1]!] &&
    a[differ[1]!] === b[differ[0]!]
  );
}

const LOWER_CASE = new Set(SETTINGS.flatMap((s) => (s.lowerCase ? [s.name] : [])));

/** A setting's text as it is parsed: trimmed, and unset when empty; `http_proxy` before `HTTP_PROXY`. */
function given(env: Env, name: string): string | undefined {
  const value = ((LOWER_CASE.has(name) ? env[name.toLowerCase()] : undefined) ?? env[name])?.trim();
  return value ? value : undefined;
}

/** A setting's text, or its default's (`reports` for REPORT_DIR), for what reads a setting before parseConfig. */
export function settingText(env: Env, name: SettingName): string | undefined {
  return given(env, name) ?? SETTINGS.find((s) => s.name === name)?.default;
}

/** Every setting parsed from the environment; a ConfigError lists every bad or missing value, one a line. */
export function parseConfig(env: Env): Config {
  const text = (name: string): string | undefined => given(env, name);
  const errors: string[] = [];
  const noTarget = targetNotNamed(env);
  if (noTarget) errors.push(noTarget);
  const values: Record<string, unknown> = {};
  for (const setting of SETTINGS) {
    if (setting.field === undefined) continue;
    try {
      values[setting.field] =
        setting.default === undefined
          ? setting.parse(text(setting.name), setting.name)
          : setting.parse(text(setting.name) ?? setting.default, setting.name);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error.message);
    }
  }
  if (text('BASE_URL') !== undefined && text('API_KEY') === undefined) {
    errors.push(
      'API_KEY is not set: the target at BASE_URL needs a valid organisation key (set API_KEY in the environment or .env).',
    );
  }
  if (errors.length) throw new ConfigError(errors.join('\n'));
  const settings = values as SettingValues;
  const notice =
    settings.baseUrl === undefined ? undefined : v1Dropped(text('BASE_URL')!, settings.baseUrl, 'BASE_URL');
  return {
    ...settings,
    runMarker: text('AES_RUN_MARKER') ?? newRunMarker(),
    ...(notice ? { baseUrlNotice: notice } : {}),
    ...(isRandomSeed(text('SEED')) ? { seedDrawn: true } : {}),
  };
}

/** Short, unique per run, safe in any display name: `cft-<time36><rand36>`. */
export function newRunMarker(): string {
  return `cft-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}

const SECRET_FIELDS = SETTINGS.flatMap((s) => (s.secret && s.field ? [s.field] : []));

/** The settings as shown in reports: the key (any secret) never appears. */
export function redactedSettings(config: Config): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || key === 'baseUrlNotice' || key === 'seedDrawn') continue;
    shown[key] = SECRET_FIELDS.includes(key)
      ? '[redacted]'
      : key === 'headers'
        ? shownHeaders(value as readonly ExtraHeader[])
        : String(value);
  }
  return shown;
}

/** `Name: value; Authorization: [redacted]`: extra headers, credential-like values redacted. */
export function shownHeaders(headers: readonly ExtraHeader[]): string {
  return headers.map((h) => `${h.name}: ${credentialHeader(h.name) ? '[redacted]' : h.value}`).join('; ');
}
