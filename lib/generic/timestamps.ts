// The timestamps of a response body by its published schema: every value at a place the schema
// publishes with `format: date-time`, found by walking the body alongside the schema. The
// checks judge them (lib/contract/timestamps.ts).

import { typesOf } from './keywords.js';
import { deref } from '../published/refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

export interface PublishedTimestamp {
  /** JSON pointer to the value in the body (`/test_case/create_time`). */
  readonly pointer: string;
  readonly value: unknown;
}

/** Body nesting and schema composition are followed this deep together. */
const MAX_DEPTH = 64;

/**
 * Local `$ref`s, `allOf`, `properties`, `additionalProperties` and `items` are followed. An
 * `anyOf`/`oneOf` branch is followed when its `type` admits the value; a string, number or
 * boolean in such a union is a timestamp only when every branch admitting it says date-time
 * (`Optional[datetime]` is; `datetime | date` is not judged). A null is left out where the
 * schema allows null (`nullable`, a `null` type or enum member, at any level of the composition).
 */
export function publishedTimestamps(document: unknown, schema: unknown, body: unknown): PublishedTimestamp[] {
  const found = new Map<string, unknown>();
  walk({ document, found }, schema, body, '', 0, false, new Set());
  return [...found].map(([pointer, value]) => ({ pointer, value }));
}

interface Walk {
  readonly document: unknown;
  readonly found: Map<string, unknown>;
}

/** `seen`: the schemas already applied at this place of the body (a composition cycle ends there). */
function walk(
  state: Walk,
  schema: unknown,
  value: unknown,
  pointer: string,
  depth: number,
  nullAllowed: boolean,
  seen: Set<unknown>,
): void {
  const resolved = deref(state.document, schema);
  if (!isJsonObject(resolved) || depth > MAX_DEPTH || seen.has(resolved)) return;
  seen.add(resolved);
  const nullOk = nullAllowed || allowsNull(resolved);
  if (resolved['format'] === 'date-time' && !(value === null && nullOk)) state.found.set(pointer, value);
  for (const branch of sameValueBranches(state.document, resolved, value))
    walk(state, branch, value, pointer, depth + 1, nullOk, seen);
  for (const [key, childSchema, child] of children(resolved, value))
    walk(state, childSchema, child, `${pointer}/${escape(key)}`, depth + 1, false, new Set());
}

/** The subschemas that apply to the same value: every `allOf` branch, the `anyOf`/`oneOf` branches read above. */
function sameValueBranches(document: unknown, schema: JsonObject, value: unknown): unknown[] {
  const allOf = Array.isArray(schema['allOf']) ? schema['allOf'] : [];
  const alternatives = ['anyOf', 'oneOf'].flatMap((keyword) => {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) return [];
    const admitting = branches.map((branch) => deref(document, branch)).filter((branch) => admits(branch, value));
    const scalar = typeof value !== 'object' || value === null;
    return !scalar || admitting.every((branch) => isJsonObject(branch) && branch['format'] === 'date-time')
      ? admitting
      : [];
  });
  return [...allOf, ...alternatives];
}

/** [key, schema, value] of each element or member the schema describes. */
function children(schema: JsonObject, value: unknown): Array<[string, unknown, unknown]> {
  if (Array.isArray(value))
    return isJsonObject(schema['items'])
      ? value.map((element, index) => [String(index), schema['items'], element])
      : [];
  if (!isJsonObject(value)) return [];
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  const additional = isJsonObject(schema['additionalProperties']) ? schema['additionalProperties'] : undefined;
  return Object.entries(value).flatMap(([key, member]): Array<[string, unknown, unknown]> => {
    const memberSchema = Object.hasOwn(properties, key) ? properties[key] : additional;
    return memberSchema === undefined ? [] : [[key, memberSchema, member]];
  });
}

/** Whether a union branch may describe the value: it names no type, or one the value has. */
function admits(branch: unknown, value: unknown): boolean {
  if (!isJsonObject(branch)) return false;
  const types = typesOf(branch);
  if (types.length === 0) return true;
  if (value === null) return types.includes('null') || branch['nullable'] === true;
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number')
    return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
  return types.includes(typeof value);
}

const allowsNull = (schema: JsonObject): boolean =>
  schema['nullable'] === true ||
  typesOf(schema).includes('null') ||
  (Array.isArray(schema['enum']) && schema['enum'].includes(null));

/** RFC 6901: `~` and `/` in a key. */
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
