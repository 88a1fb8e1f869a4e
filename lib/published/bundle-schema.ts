// A schema from a published document as one self-contained JSON Schema that ajv
// (draft-07 keywords) compiles: local `$ref`s become `$defs` entries, and the
// OpenAPI 3.0 dialect (`nullable`, boolean `exclusiveMinimum`) becomes JSON Schema.
// 3.1 schemas already are JSON Schema and pass through.

import { resolvePointer } from './refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

export interface BundledSchema {
  readonly schema: unknown;
  /** Every `format` the schema uses, so unknown ones can be registered as unchecked. */
  readonly formats: ReadonlySet<string>;
}

// Keywords whose values are schemas: a map of them, one, or a list of them.
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_KEYWORDS = new Set([
  'additionalProperties',
  'additionalItems',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
// References are resolved here; a leftover `$id` would move ajv's base URI, a `$schema` name a draft ajv lacks.
const DROPPED = new Set(['$id', '$schema']);
const DEF_PREFIX = 'openapi_ref_';

/** Throws when a reference leaves the document or points at nothing. */
export function bundleSchema(document: JsonObject, schema: unknown): BundledSchema {
  const openApi30 = typeof document['openapi'] === 'string' && document['openapi'].startsWith('3.0');
  const defs: JsonObject = {};
  const defNames = new Map<string, string>();
  const formats = new Set<string>();

  const refTo = (ref: string): string => {
    let name = defNames.get(ref);
    if (name === undefined) {
      if (!ref.startsWith('#')) throw new Error(`the reference ${ref} leaves the document`);
      const target = resolvePointer(document, ref);
      if (target === undefined) throw new Error(`the reference ${ref} points at nothing`);
      name = `${DEF_PREFIX}${defNames.size}`;
      // Named before converting, so a schema that refers to itself ends here.
      defNames.set(ref, name);
      defs[name] = convert(target);
    }
    return `#/$defs/${name}`;
  };

  const convertKeyword = (keyword: string, value: unknown): unknown => {
    if (Array.isArray(value)) return SCHEMA_LIST_KEYWORDS.has(keyword) ? value.map(convert) : value;
    if (SCHEMA_MAP_KEYWORDS.has(keyword) && isJsonObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub)]));
    }
    return SCHEMA_KEYWORDS.has(keyword) ? convert(value) : value;
  };

  function convert(node: unknown): unknown {
    if (!isJsonObject(node)) return node;
    const out: JsonObject = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (DROPPED.has(keyword)) continue;
      out[keyword] = keyword === '$ref' && typeof value === 'string' ? refTo(value) : convertKeyword(keyword, value);
    }
    if (typeof out['format'] === 'string') formats.add(out['format']);
    return openApi30 ? fromOpenApi30(out) : out;
  }

  const root = convert(schema);
  // Any `$defs` of the root itself are dropped: every reference now points at ours.
  return { schema: defNames.size && isJsonObject(root) ? { ...root, $defs: defs } : root, formats };
}

/** OpenAPI 3.0 keywords in JSON Schema terms; `schema` is a fresh copy. */
function fromOpenApi30(schema: JsonObject): JsonObject {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] !== 'boolean') continue;
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else {
      delete schema[flag];
    }
  }
  const nullable = schema['nullable'] === true;
  delete schema['nullable'];
  return nullable ? orNull(schema) : schema;
}

/**
 * `nullable: true`. A plain typed schema gets `'null'` in its type (and enum);
 * references and compositions could still reject null, so they become `anyOf`.
 */
function orNull(schema: JsonObject): JsonObject {
  const type = schema['type'];
  const composed = ['$ref', 'allOf', 'anyOf', 'oneOf'].some((keyword) => keyword in schema);
  if (composed || (typeof type !== 'string' && !Array.isArray(type))) return { anyOf: [schema, { type: 'null' }] };
  const types: unknown[] = Array.isArray(type) ? type : [type];
  const out: JsonObject = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
  const values = out['enum'];
  if (Array.isArray(values) && !values.includes(null)) out['enum'] = [...values, null];
  return out;
}
