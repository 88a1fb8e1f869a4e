// The top-level fields of the JSON request body an operation documents.

import { jsonMediaSchema } from './media.js';
import type { DocumentedOperation } from './operations.js';
import { deref } from './refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** Property names of the JSON body schema (with those its `allOf` parts add); undefined when none is documented. */
export function requestBodyProperties(operation: DocumentedOperation): string[] | undefined {
  const body = deref(operation.document, operation.operation['requestBody']);
  const schema = isJsonObject(body) ? jsonMediaSchema(body['content']) : undefined;
  return schema === undefined ? undefined : [...new Set(propertyNames(operation.document, schema, new Set()))];
}

function propertyNames(document: JsonObject, schema: unknown, seen: Set<unknown>): string[] {
  const resolved = deref(document, schema);
  // `seen` stops a part that (through references) contains itself.
  if (!isJsonObject(resolved) || seen.has(resolved)) return [];
  seen.add(resolved);
  const own = isJsonObject(resolved['properties']) ? Object.keys(resolved['properties']) : [];
  const parts = Array.isArray(resolved['allOf']) ? resolved['allOf'] : [];
  return [...own, ...parts.flatMap((part) => propertyNames(document, part, seen))];
}
