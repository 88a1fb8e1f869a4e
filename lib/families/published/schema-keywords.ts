// Every schema of a published document holds its keywords' values in their JSON Schema types: a length or count
// bound a non-negative integer (never null, never infinite), a numeric bound a number, `enum` an array, `required` an
// array of strings. The OpenAPI meta-schemas leave a schema's contents unchecked in 3.1 and in places in 3.0, so a
// generator that writes `maxLength: null` where it knows no bound publishes a document no validator can read.

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

/** Every place of an OpenAPI document a schema stands (under `schema` of a parameter, header or media type, and the components' schemas), walked. */
function documentFindings(node: unknown, at: string, found: string[]): void {
  if (Array.isArray(node)) return node.forEach((item, index) => documentFindings(item, `${at}/${index}`, found));
  if (!isJsonObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema') schemaFindings(value, `${at}/schema`, found);
    else if (key === 'schemas' && at === '#/components' && isJsonObject(value))
      for (const [name, schema] of Object.entries(value as JsonObject))
        schemaFindings(schema, `${at}/schemas/${segment(name)}`, found);
    else if (!['example', 'examples', 'default', 'enum', 'const'].includes(key))
      documentFindings(value, `${at}/${segment(key)}`, found);
  }
}

/** The schema keywords of a published document whose values are not of their types, each with where it stands. */
export function schemaKeywordFindings(document: unknown): string[] {
  const found: string[] = [];
  documentFindings(document, '#', found);
  return found;
}
