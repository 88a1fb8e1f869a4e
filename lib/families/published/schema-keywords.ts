// Every schema of a published document holds its keywords' values in their JSON Schema types: a length or count
// bound a non-negative integer (never null, never infinite), a numeric bound a number, `enum` an array, `required` an
// array of strings. The OpenAPI meta-schemas leave a schema's contents unchecked in 3.1 and in places in 3.0, so a
// generator that writes `maxLength: null` where it knows no bound publishes a document no validator can read.

import { JSON_SCHEMA_2020_12, schemaDialectIssues } from '../../published/openapi-schema.js';
import { pointerSegment, schemaRoots } from '../../published/schema-roots.js';
import { isJsonObject } from '../../util/json.js';

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

function keywordFindings(schema: unknown, at: string, found: SchemaIssueAt[]): void {
  if (!isJsonObject(schema)) return;
  for (const [keyword, [valid, type]] of Object.entries(KEYWORD_TYPES))
    if (Object.hasOwn(schema, keyword) && !valid(schema[keyword]))
      found.push({ at: `${at}/${keyword}`, what: `${keyword} is ${shown(schema[keyword])}, not ${type}` });
  for (const key of ONE_SCHEMA) keywordFindings(schema[key], `${at}/${key}`, found);
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((item, index) => keywordFindings(item, `${at}/${key}/${index}`, found));
  }
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isJsonObject(map))
      for (const [name, item] of Object.entries(map))
        keywordFindings(item, `${at}/${key}/${pointerSegment(name)}`, found);
  }
}

/** The dialects a 3.1 document may name for its schemas that are JSON Schema 2020-12 (OpenAPI's base dialect adds only annotations). */
const DIALECTS_2020_12 = new Set([
  JSON_SCHEMA_2020_12,
  `${JSON_SCHEMA_2020_12}#`,
  'https://spec.openapis.org/oas/3.1/dialect/base',
  'https://spec.openapis.org/oas/3.1/dialect/2024-10-25',
]);

/** A value that is wrong, where it stands. */
interface SchemaIssueAt {
  readonly at: string;
  readonly what: string;
}

/** One cause (the keyword and what is wrong with it) and every place it stands. */
export interface SchemaCause {
  readonly what: string;
  readonly places: readonly string[];
}

/**
 * Every schema of a published document against the dialect its version writes schemas in (OpenAPI 3.0: its Schema
 * Object; 3.1 and later: JSON Schema 2020-12's meta-schema), one cause per keyword and what is wrong, with the places
 * it stands. A 3.1 document or schema naming another dialect (`jsonSchemaDialect`, `$schema`) has its meta-schema
 * to choose: there its keywords are held to their types only (KEYWORD_TYPES), which no dialect redefines.
 */
export function schemaCauses(document: unknown): SchemaCause[] {
  if (!isJsonObject(document) || typeof document['openapi'] !== 'string') return [];
  const version = document['openapi'];
  if (!/^3\.\d/.test(version)) return [];
  const dialect = version.startsWith('3.0') ? '3.0' : '3.1';
  const named = (value: unknown): boolean => typeof value !== 'string' || DIALECTS_2020_12.has(value);
  const name = dialect === '3.0' ? "OpenAPI 3.0's Schema Object" : 'JSON Schema 2020-12';
  // A value the meta-schema reaches along several paths (its vocabularies) is one place.
  const causes = new Map<string, Set<string>>();
  const add = ({ at, what }: SchemaIssueAt) => causes.set(what, (causes.get(what) ?? new Set()).add(at));
  for (const [at, schema] of schemaRoots(document)) {
    if (
      dialect === '3.1' &&
      !(named(document['jsonSchemaDialect']) && (!isJsonObject(schema) || named(schema['$schema'])))
    ) {
      const found: SchemaIssueAt[] = [];
      keywordFindings(schema, at, found);
      found.forEach(add);
      continue;
    }
    // In 3.0 a schema's place may hold a Reference Object instead (its siblings ignored): the document's check judges it.
    if (dialect === '3.0' && isJsonObject(schema) && Object.hasOwn(schema, '$ref')) continue;
    // JSON cannot write an infinite bound; YAML can (`.inf`), and ajv's integer and number take it.
    const infinite: SchemaIssueAt[] = [];
    keywordFindings(schema, at, infinite);
    infinite.filter(({ what }) => / is -?Infinity,/.test(what)).forEach(add);
    for (const issue of schemaDialectIssues(schema, dialect)) {
      const keyword = issue.at.split('/').at(-1) ?? '';
      const cause = `${keyword ? `${keyword.replace(/~1/g, '/').replace(/~0/g, '~')} ` : 'a schema '}${issue.message}`;
      add({ at: `${at}${issue.at}`, what: `${cause} in ${name}` });
    }
  }
  return [...causes].map(([what, places]) => ({ what, places: [...places] }));
}

/** A cause as a finding says it: what is wrong, and its first places. */
export function causeLine({ what, places }: SchemaCause): string {
  return `${what} (${places.slice(0, 3).join(', ')}${places.length > 3 ? `, and ${places.length - 3} more` : ''})`;
}
