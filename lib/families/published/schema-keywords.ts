// Every schema of a published document holds its keywords' values in their JSON Schema types: a length or count
// bound a non-negative integer (never null, never infinite), a numeric bound a number, `enum` an array, `required` an
// array of strings. The OpenAPI meta-schemas leave a schema's contents unchecked in 3.1 and in places in 3.0, so a
// generator that writes `maxLength: null` where it knows no bound publishes a document no validator can read.

import { JSON_SCHEMA_2020_12, schemaDialectIssues } from '../../published/openapi-schema.js';
import { isJsonObject, type JsonObject } from '../../util/json.js';

const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Each keyword judged, with the type its value must have, as a finding says it. */
const KEYWORD_TYPES: Readonly<Record<string, readonly [(value: unknown) => boolean, string]>> = {
  maxLength: [isCount, 'a non-negative integer'],
  minLength: [isCount, 'a non-negative integer'],
  maxItems: [isCount, 'a non-negative integer'],
  minItems: [isCount, 'a non-negative integer'],
  maxProperties: [isCount, 'a non-negative integer'],
  minProperties: [isCount, 'a non-negative integer'],
  maximum: [isNumber, 'a number'],
  minimum: [isNumber, 'a number'],
  // A boolean in OpenAPI 3.0, a number in 3.1.
  exclusiveMaximum: [(v) => typeof v === 'boolean' || isNumber(v), 'a boolean or a number'],
  exclusiveMinimum: [(v) => typeof v === 'boolean' || isNumber(v), 'a boolean or a number'],
  multipleOf: [(v) => isNumber(v) && (v as number) > 0, 'a number above 0'],
  enum: [Array.isArray, 'an array'],
  required: [isStrings, 'an array of strings'],
  type: [
    (v) => typeof v === 'string' || (isStrings(v) && (v as unknown[]).length > 0),
    'a string or an array of strings',
  ],
  pattern: [(v) => typeof v === 'string', 'a string'],
  uniqueItems: [(v) => typeof v === 'boolean', 'a boolean'],
  nullable: [(v) => typeof v === 'boolean', 'a boolean'],
};

/** Keywords whose value is a schema, a list of schemas, or a map of them. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** A value as a finding shows it: YAML's `.inf` as Infinity, which JSON would write as null. */
const shown = (value: unknown): string =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);

/** A key as a JSON Pointer segment. */
const segment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function schemaFindings(schema: unknown, at: string, found: string[]): void {
  if (!isJsonObject(schema)) return;
  for (const [keyword, [valid, type]] of Object.entries(KEYWORD_TYPES))
    if (Object.hasOwn(schema, keyword) && !valid(schema[keyword]))
      found.push(`${at}/${keyword} is ${shown(schema[keyword])}, not ${type}`);
  for (const key of ONE_SCHEMA) schemaFindings(schema[key], `${at}/${key}`, found);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((item, index) => schemaFindings(item, `${at}/${key}/${index}`, found));
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isJsonObject(map))
      for (const [name, item] of Object.entries(map)) schemaFindings(item, `${at}/${key}/${segment(name)}`, found);
  }
}

/** Every place of an OpenAPI document a schema stands (under `schema` of a parameter, header or media type, and the components' schemas), visited with its pointer. */
function documentSchemas(node: unknown, at: string, visit: (schema: unknown, at: string) => void): void {
  if (Array.isArray(node)) return node.forEach((item, index) => documentSchemas(item, `${at}/${index}`, visit));
  if (!isJsonObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema') visit(value, `${at}/schema`);
    else if (key === 'schemas' && at === '#/components' && isJsonObject(value))
      for (const [name, schema] of Object.entries(value as JsonObject)) visit(schema, `${at}/schemas/${segment(name)}`);
    else if (!['example', 'examples', 'default', 'enum', 'const'].includes(key))
      documentSchemas(value, `${at}/${segment(key)}`, visit);
  }
}

/** The schemas of a published document where they stand (not those inside another), each with its pointer. */
export function schemaRoots(document: unknown): [at: string, schema: unknown][] {
  const roots: [string, unknown][] = [];
  documentSchemas(document, '#', (schema, at) => roots.push([at, schema]));
  return roots;
}

/** The schema keywords of a published document whose values are not of their types, each with where it stands. */
export function schemaKeywordFindings(document: unknown): string[] {
  const found: string[] = [];
  documentSchemas(document, '#', (schema, at) => schemaFindings(schema, at, found));
  return found;
}

/** The dialects a 3.1 document may name for its schemas that are JSON Schema 2020-12 (OpenAPI's base dialect adds only annotations). */
const DIALECTS_2020_12 = new Set([
  JSON_SCHEMA_2020_12,
  `${JSON_SCHEMA_2020_12}#`,
  'https://spec.openapis.org/oas/3.1/dialect/base',
  'https://spec.openapis.org/oas/3.1/dialect/2024-10-25',
]);

/**
 * Every schema of a published document against the dialect its version writes schemas in (OpenAPI 3.0: its Schema
 * Object; 3.1 and later: JSON Schema 2020-12's meta-schema), one finding per cause (the keyword and what is wrong)
 * with the places it stands. A 3.1 document or schema naming another dialect (`jsonSchemaDialect`, `$schema`) is
 * not judged: its meta-schema is the document's to choose.
 */
export function schemaDialectFindings(document: unknown): string[] {
  if (!isJsonObject(document) || typeof document['openapi'] !== 'string') return [];
  const version = document['openapi'];
  if (!/^3\.\d/.test(version)) return [];
  const dialect = version.startsWith('3.0') ? '3.0' : '3.1';
  const named = (value: unknown): boolean => typeof value !== 'string' || DIALECTS_2020_12.has(value);
  if (dialect === '3.1' && !named(document['jsonSchemaDialect'])) return [];
  // A value the meta-schema reaches along several paths (its vocabularies) is one place.
  const causes = new Map<string, Set<string>>();
  for (const [at, schema] of schemaRoots(document)) {
    if (dialect === '3.1' && isJsonObject(schema) && !named(schema['$schema'])) continue;
    // In 3.0 a schema's place may hold a Reference Object instead (its siblings ignored): the document's check judges it.
    if (dialect === '3.0' && isJsonObject(schema) && Object.hasOwn(schema, '$ref')) continue;
    for (const issue of schemaDialectIssues(schema, dialect)) {
      const keyword = issue.at.split('/').at(-1) ?? '';
      const cause = `${keyword ? `${keyword.replace(/~1/g, '/').replace(/~0/g, '~')} ` : 'a schema '}${issue.message}`;
      causes.set(cause, (causes.get(cause) ?? new Set()).add(`${at}${issue.at}`));
    }
  }
  const name = dialect === '3.0' ? "OpenAPI 3.0's Schema Object" : 'JSON Schema 2020-12';
  return [...causes]
    .map(([cause, found]) => [cause, [...found]] as const)
    .map(
      ([cause, places]) =>
        `${cause} in ${name} (${places.slice(0, 3).join(', ')}${places.length > 3 ? `, and ${places.length - 3} more` : ''})`,
    );
}
