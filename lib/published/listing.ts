import { type JsonObject, isJsonObject } from '../util/json.js';
// Reading `GET /v1/openapi`. The spec does not show the listing's shape, so every
// reasonable one is read: an array of entries, a map from name to URL, either at
// the top level or under one key.

export interface ListedSpec {
  /** The `spec_name` to request at `/v1/openapi/{spec_name}`. */
  readonly specName: string;
  /** The URL the listing gives, as written (relative or absolute). */
  readonly url: string | null;
}

const NAME_KEYS = ['spec_name', 'specName', 'name', 'id'];
const URL_KEYS = ['url', 'href', 'link', 'uri'];

/** The listed specs, each name once; empty when nothing recognisable is found. */
export function parseListing(json: unknown): ListedSpec[] {
  const found = entriesOf(json) ?? (isJsonObject(json) ? nestedEntries(json) : undefined) ?? [];
  const byName = new Map<string, ListedSpec>();
  for (const entry of found) if (!byName.has(entry.specName)) byName.set(entry.specName, entry);
  return [...byName.values()];
}

/** The entries `value` itself is a listing of, or undefined when it is none. */
function entriesOf(value: unknown): ListedSpec[] | undefined {
  if (Array.isArray(value)) return nonEmpty(value.flatMap((item) => fromItem(item) ?? []));
  if (!isJsonObject(value)) return undefined;
  // One entry at the top level needs both fields: a lone URL may be a self link.
  const name = nameOf(value);
  const url = urlOf(value);
  return name !== undefined && url !== null ? [{ specName: name, url }] : fromMap(value);
}

/** A listing under one key of the top-level object (`{specs: [...]}`, `{data: {...}}`). */
function nestedEntries(json: JsonObject): ListedSpec[] | undefined {
  for (const value of Object.values(json)) {
    const found = entriesOf(value);
    if (found) return found;
  }
  return undefined;
}

/** `{"<name>": "<url>"}` or `{"<name>": {url: ...}}`: only when every value reads so. */
function fromMap(map: JsonObject): ListedSpec[] | undefined {
  const entries: ListedSpec[] = [];
  for (const [specName, value] of Object.entries(map)) {
    const url = typeof value === 'string' ? value : isJsonObject(value) ? urlOf(value) : null;
    if (url === null) return undefined;
    entries.push({ specName, url });
  }
  return nonEmpty(entries);
}

function fromItem(item: unknown): ListedSpec | undefined {
  if (typeof item === 'string' && item !== '') return { specName: item, url: null };
  return isJsonObject(item) ? fromObject(item) : undefined;
}

/** An entry object: a name field, a URL field, or both (the name then comes from the URL). */
function fromObject(object: JsonObject): ListedSpec | undefined {
  const url = urlOf(object);
  const specName = nameOf(object) ?? (url === null ? undefined : lastSegment(url));
  return specName === undefined ? undefined : { specName, url };
}

/** A numeric `id` is a name too. */
const nameOf = (object: JsonObject): string | undefined =>
  firstString(object, NAME_KEYS) ?? (typeof object['id'] === 'number' ? String(object['id']) : undefined);

const urlOf = (object: JsonObject): string | null => firstString(object, URL_KEYS) ?? null;

function firstString(object: JsonObject, keys: readonly string[]): string | undefined {
  return keys.map((key) => object[key]).find((value): value is string => typeof value === 'string' && value !== '');
}

function lastSegment(url: string): string | undefined {
  const segment = url.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length ? list : undefined);
