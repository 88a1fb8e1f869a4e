// Reaching a field inside a published schema, whichever way the document composes it:
// `$ref`s, `allOf` parts, `anyOf`/`oneOf` branches (a nullable written as a branch of
// `type: 'null'`), array `items`. What each reached schema states is the caller's to read.

import { deref } from './refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** A step into a schema: a property name, `[]` for an array's items, `*` for every property. */
export type SchemaStep = string;

export const ITEMS_STEP = '[]';
export const ANY_PROPERTY_STEP = '*';

/** Compositions deeper than this are not followed (a schema that contains itself). */
const MAX_DEPTH = 16;

/**
 * Every schema object that applies to a value of `schema`: the schema itself and, through
 * `$ref`s, its `allOf` parts and its `anyOf`/`oneOf` branches, each one as written.
 */
export function facets(document: unknown, schema: unknown, depth = 0): JsonObject[] {
  const resolved = deref(document, schema);
  if (!isJsonObject(resolved) || depth > MAX_DEPTH) return [];
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((keyword) => {
    const list = resolved[keyword];
    return Array.isArray(list) ? list : [];
  });
  return [resolved, ...parts.flatMap((part) => facets(document, part, depth + 1))];
}

/** The schemas a document gives for the value at `path` inside `schema` (none where it is silent). */
export function schemasAt(document: unknown, schema: unknown, path: readonly SchemaStep[]): JsonObject[] {
  const [step, ...rest] = path;
  if (step === undefined) return facets(document, schema);
  const next = facets(document, schema).flatMap((facet) => {
    if (step === ITEMS_STEP) return facet['items'] === undefined ? [] : [facet['items']];
    const properties = facet['properties'];
    if (!isJsonObject(properties)) return [];
    if (step === ANY_PROPERTY_STEP) return Object.values(properties);
    return Object.hasOwn(properties, step) ? [properties[step]] : [];
  });
  return next.flatMap((inner) => schemasAt(document, inner, rest));
}

/**
 * The object schemas that declare `property`, each with the names required beside it: its own `required`,
 * those of the `allOf` parts it is composed with and those of the schemas whose branch it is (all apply together).
 */
export function declarations(
  document: unknown,
  schema: unknown,
  property: string,
  outer: ReadonlySet<unknown> = new Set(),
  depth = 0,
): { readonly facet: JsonObject; readonly required: ReadonlySet<unknown> }[] {
  const resolved = deref(document, schema);
  if (!isJsonObject(resolved) || depth > MAX_DEPTH) return [];
  const together = allOfParts(document, resolved, 0);
  const required = new Set([
    ...outer,
    ...together.flatMap((part) => (Array.isArray(part['required']) ? (part['required'] as unknown[]) : [])),
  ]);
  const declaring = together.filter(
    (part) => isJsonObject(part['properties']) && Object.hasOwn(part['properties'], property),
  );
  const branches = ['anyOf', 'oneOf'].flatMap((keyword) =>
    together.flatMap((part) => (Array.isArray(part[keyword]) ? (part[keyword] as unknown[]) : [])),
  );
  return [
    ...declaring.map((facet) => ({ facet, required })),
    ...branches.flatMap((branch) => declarations(document, branch, property, required, depth + 1)),
  ];
}

/** A schema with its `allOf` parts, recursively: the schemas that all apply together. */
function allOfParts(document: unknown, schema: JsonObject, depth: number): JsonObject[] {
  if (depth > MAX_DEPTH) return [];
  const parts = Array.isArray(schema['allOf']) ? schema['allOf'] : [];
  return [
    schema,
    ...parts.flatMap((part) => {
      const resolved = deref(document, part);
      return isJsonObject(resolved) ? allOfParts(document, resolved, depth + 1) : [];
    }),
  ];
}

/**
 * Whether every value of `schema` must hold `property`: its own `required` or an `allOf` part's says so, or every
 * branch of one of its `anyOf`/`oneOf` lists does (a branch that does not leaves the property out of that value).
 */
export function alwaysRequired(document: unknown, schema: unknown, property: string, depth = 0): boolean {
  const resolved = deref(document, schema);
  if (!isJsonObject(resolved) || depth > MAX_DEPTH) return false;
  if (Array.isArray(resolved['required']) && resolved['required'].includes(property)) return true;
  const list = (keyword: string) => (Array.isArray(resolved[keyword]) ? (resolved[keyword] as unknown[]) : []);
  return (
    list('allOf').some((part) => alwaysRequired(document, part, property, depth + 1)) ||
    ['anyOf', 'oneOf'].some((keyword) => {
      const branches = list(keyword);
      return branches.length > 0 && branches.every((branch) => alwaysRequired(document, branch, property, depth + 1));
    })
  );
}
