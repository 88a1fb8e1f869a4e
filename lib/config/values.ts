// How a setting's text becomes its value: each parser refuses a bad value with a message that names
// the setting and quotes what was given. The settings table (settings.ts) picks one per setting.

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** A parser of a setting with a default: the text given, or the default's when the setting is unset. */
export type Parse<T> = (value: string, name: string) => T;
/** A parser of a setting that may stay unset (`undefined`). */
export type ParseOptional<T> = (value: string | undefined, name: string) => T;

/** Any text, or unset. */
export const text: ParseOptional<string | undefined> = (value) => value;
/** A path, relative to the working directory. */
export const path: Parse<string> = (value) => value;

export const integer =
  (min: number, max: number): Parse<number> =>
  (value, name) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}.`);
    }
    return parsed;
  };

/**
 * Ids of existing resources, comma-separated (`a,b`, spaces around each allowed), as NO_PROXY lists its hosts: one id
 * is a list of one. An empty entry (`a,,b`, a trailing comma) or an id named twice is refused: each id is a fixture the
 * suite changes, and one named twice would be changed twice at once.
 */
export const idList: ParseOptional<readonly string[] | undefined> = (value, name) => {
  if (value === undefined) return undefined;
  const ids = value.split(',').map((id) => id.trim());
  if (ids.some((id) => id === ''))
    throw new ConfigError(
      `${name} has an empty id in ${JSON.stringify(value)}: ids are comma-separated, one or more (a,b).`,
    );
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new ConfigError(`${name} names ${JSON.stringify(twice)} twice: each id once.`);
  return ids;
};

export const optional =
  <T>(parse: Parse<T>): ParseOptional<T | undefined> =>
  (value, name) =>
    value === undefined ? undefined : parse(value, name);

export const flag: Parse<boolean> = (value, name) => {
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, not ${JSON.stringify(value)}.`);
};

/** One of the names given, in any case (`PROFILE=Strict`), as `--only` takes its items. */
export const oneOf =
  <T extends string>(allowed: readonly T[]): Parse<T> =>
  (value, name) => {
    const named = allowed.find((item) => item === value.toLowerCase());
    if (named !== undefined) return named;
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}.`);
  };

/** The seed of every run that names none: fixed, so identical inputs give identical results. */
export const DEFAULT_SEED = 291128;

/** `SEED=random`: a seed drawn for this run, which the run prints so it can be repeated. */
export const isRandomSeed = (value: string | undefined): boolean => value?.toLowerCase() === 'random';

/** SEED: an integer, or `random` (drawn now, for a run that explores). */
export const seed: Parse<number> = (value, name) =>
  isRandomSeed(value) ? Math.floor(Math.random() * 2 ** 31) : integer(-(2 ** 31), 2 ** 31 - 1)(value, name);

/**
 * A base address: http or https, no credentials. Trailing slashes are dropped, and so is a `/v1` ending
 * (the API's own prefix, commonly pasted with the host): the suite appends `/v1/...` to every path, and
 * `/v1/v1/...` would turn every check into a 404. The run says so (`v1Dropped`).
 */
export const baseUrl: ParseOptional<string | undefined> = (value, name) => {
  if (value === undefined) return undefined;
  checkBaseUrl(value, name);
  const trimmed = value.replace(/\/+$/, '');
  if (!(/\/v1$/.test(trimmed) && /\/v1$/.test(new URL(trimmed).pathname))) return trimmed;
  return trimmed.slice(0, -'/v1'.length).replace(/\/+$/, '');
};

/** What parsing changed in a base address beyond its trailing slashes: the `/v1` ending dropped. */
export function v1Dropped(given: string, used: string, name: string): string | undefined {
  return used === given.replace(/\/+$/, '')
    ? undefined
    : `${name} ends in /v1: the suite appends /v1 itself, so it uses ${used}`;
}

function checkBaseUrl(value: string, name: string): void {
  // `localhost:8787` parses as a URL whose scheme is `localhost:`; without `//` there is no host.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError(
      `${name} has no http:// or https:// in front: ${JSON.stringify(value)} (did you mean http://${value}?).`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `${name} is not a URL: ${JSON.stringify(value)} (expected for example http://127.0.0.1:8787).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, not ${url.protocol}.`);
  }
  if (url.username || url.password) throw new ConfigError(`${name} must not carry credentials; use API_KEY.`);
}

/** A proxy's address (HTTP_PROXY, HTTPS_PROXY): http or https, credentials allowed (they are never shown). */
export const proxyUrl: ParseOptional<string | undefined> = (value, name) => {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw new ConfigError(
      `${name} is not a proxy address: ${JSON.stringify(value)} (expected for example http://proxy:3128).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must use http or https, not ${url.protocol}.`);
  return url.href;
};

/** One extra header: its name as given, and its value. */
export interface ExtraHeader {
  readonly name: string;
  readonly value: string;
}

/**
 * Headers a check controls: the key's (sent, left out or changed on purpose), the body's type and
 * framing. HEADERS may not set them; every other extra header yields to a check that sets or removes it.
 */
export const CHECK_CONTROLLED_HEADERS = ['x-api-key', 'content-type', 'content-length', 'transfer-encoding'] as const;

/** `Name: value` entries, one a line or `;`-separated (`--header` repeated gives one a line). */
export const headerList: ParseOptional<readonly ExtraHeader[]> = (value, name) => {
  if (value === undefined) return [];
  return value
    .split(/[\n;]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*)$/.exec(entry);
      if (!match)
        throw new ConfigError(
          `${name}: expected "Name: value", not ${JSON.stringify(entry.replace(/:.*/, ': …'))} (entries one a line or ;-separated).`,
        );
      if ((CHECK_CONTROLLED_HEADERS as readonly string[]).includes(match[1]!.toLowerCase()))
        throw new ConfigError(
          `${name} may not set ${match[1]}: the checks send it, leave it out or change it on purpose${match[1]!.toLowerCase() === 'x-api-key' ? ' (the key is API_KEY)' : ''}.`,
        );
      return { name: match[1]!, value: match[2]! };
    });
};

/** A header whose value is a credential by its name alone: redacted wherever it is shown. */
export const credentialHeader = (name: string): boolean =>
  /^(authorization|proxy-authorization|cookie)$|token|key|secret|password|credential|session/i.test(name);
