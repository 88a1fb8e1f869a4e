// Canonical draft-07 schemas → OpenAPI schema objects: `$ref`s point into components,
// `iso-utc` becomes `date-time`, the suite's `bare-id` is left out, and for OpenAPI 3.0 `type: [T, 'null']` becomes
// `type: T, nullable: true` (3.1 takes JSON Schema types as they are).

import type { OpenApiVersion } from '../behaviour.js';

const REF_PREFIX = '#/definitions/';

function convertType(type: unknown, version: OpenApiVersion): Record<string, unknown> {
  if (version === '3.1.0' || !Array.isArray(type)) return { type };
  const types = type.filter((t) => t !== 'null');
  if (types.length !== 1) throw new Error(`OpenAPI 3.0 cannot express type ${JSON.stringify(type)}`);
  return types.length < type.length ? { type: types[0], nullable: true } : { type: types[0] };
}

/** Keywords whose value maps names to schemas: the names are data, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);

function convertEntry(key: string, value: unknown, version: OpenApiVersion): Record<string, unknown> {
  if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
    return {
      [key]: Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, toOpenApiSchema(schema, version)]),
      ),
    };
  }
  if (key === 'type') return convertType(value, version);
  if (key === 'format' && value === 'iso-utc') return { format: 'date-time' };
  // The suite's own judgement of ID fields, no format a published document's readers know.
  if (key === 'format' && value === 'bare-id') return {};
  if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
    return { $ref: `#/components/schemas/${value.slice(REF_PREFIX.length)}` };
  }
  return { [key]: toOpenApiSchema(value, version) };
}

export function toOpenApiSchema(schema: unknown, version: OpenApiVersion): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toOpenApiSchema(item, version));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.assign({}, ...Object.entries(schema).map(([key, value]) => convertEntry(key, value, version)));
}
