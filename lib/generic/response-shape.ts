// What the published 2xx response of an operation says about its body: the array property
// holding a collection's items, or the single key a resource is wrapped under.

import type { ItemsShape } from './model.js';
import { typesOf } from './keywords.js';
import { jsonMediaSchema } from '../published/media.js';
import { deref } from '../published/refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** `allOf` nesting and item fields are read this deep. */
const MAX_DEPTH = 6;

/** The JSON schema of the first 2xx response that publishes one (exact codes first, then `2XX`), `$ref`s followed. */
export function successSchema(document: JsonObject, operation: JsonObject): JsonObject | undefined {
  const responses = operation['responses'];
  if (!isJsonObject(responses)) return undefined;
  // Digits sort before `X`: 200, 201, …, 2XX.
  for (const key of Object.keys(responses)
    .filter((status) => /^2(\d\d|xx)$/i.test(status))
    .sort()) {
    const response = deref(document, responses[key]);
    const schema = deref(document, isJsonObject(response) ? jsonMediaSchema(response['content']) : undefined);
    if (isJsonObject(schema)) return schema;
  }
  return undefined;
}

/**
 * The first array property of the schema, else of its first `oneOf`/`anyOf` branch that has one
 * (a list answering one of several shapes), with the field names its items publish.
 */
export function itemsOf(document: JsonObject, schema: unknown): ItemsShape | undefined {
  const resolved = deref(document, schema);
  const alternatives = isJsonObject(resolved)
    ? [resolved['oneOf'], resolved['anyOf']].flatMap((branches) => (Array.isArray(branches) ? branches : []))
    : [];
  for (const candidate of [resolved, ...alternatives]) {
    for (const [key, raw] of propertiesOf(document, candidate)) {
      const property = deref(document, raw);
      if (typesOf(property).includes('array'))
        return { key, fields: [...fieldNames(document, (property as JsonObject)['items'])] };
    }
  }
  return undefined;
}

/** The schema of one property of the items under the array property `key` (`$ref`s followed), when published. */
export function itemPropertySchema(
  document: JsonObject,
  schema: unknown,
  key: string,
  property: string,
): JsonObject | undefined {
  const array = deref(document, propertiesOf(document, schema).get(key));
  const items = isJsonObject(array) ? array['items'] : undefined;
  const found = deref(document, propertiesOf(document, items).get(property));
  return isJsonObject(found) ? found : undefined;
}

/** The name of the schema's only property when that property is an object (a wrapped resource). */
export function wrapperOf(document: JsonObject, schema: unknown): string | undefined {
  const properties = [...propertiesOf(document, schema)];
  const [only] = properties;
  return properties.length === 1 && only && isObjectSchema(deref(document, only[1])) ? only[0] : undefined;
}

/** Property name → its (raw) schema, those of `allOf` branches included; the first of a name wins. */
function propertiesOf(document: JsonObject, schema: unknown, depth = 0): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const resolved = deref(document, schema);
  if (!isJsonObject(resolved) || depth > MAX_DEPTH) return found;
  const entries = [
    ...(isJsonObject(resolved['properties']) ? Object.entries(resolved['properties']) : []),
    ...(Array.isArray(resolved['allOf'])
      ? resolved['allOf'].flatMap((branch) => [...propertiesOf(document, branch, depth + 1)])
      : []),
  ];
  for (const [name, value] of entries) if (!found.has(name)) found.set(name, value);
  return found;
}

/** Every property name of the schema and of the objects (or arrays of them) below it; each schema is read once. */
function fieldNames(
  document: JsonObject,
  schema: unknown,
  depth = 0,
  seen = new Set<unknown>(),
  names = new Set<string>(),
): Set<string> {
  const resolved = deref(document, schema);
  if (!isJsonObject(resolved) || depth > MAX_DEPTH || seen.has(resolved)) return names;
  seen.add(resolved);
  for (const [name, raw] of propertiesOf(document, resolved)) {
    names.add(name);
    const property = deref(document, raw);
    fieldNames(
      document,
      typesOf(property).includes('array') && isJsonObject(property) ? property['items'] : property,
      depth + 1,
      seen,
      names,
    );
  }
  return names;
}

/** An object: typed so, or described by properties or allOf; never an array. */
function isObjectSchema(schema: unknown): boolean {
  if (!isJsonObject(schema) || typesOf(schema).includes('array')) return false;
  return typesOf(schema).includes('object') || isJsonObject(schema['properties']) || Array.isArray(schema['allOf']);
}
