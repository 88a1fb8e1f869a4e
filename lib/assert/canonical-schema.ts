// Validation against the canonical schemas (lib/contract/schemas.ts), and the rules their issues break.

import { DEFINITIONS, ID_FIELD_RULE, SCHEMA_RULES, TIMESTAMP_RULE } from '../contract/schemas.js';
import { newAjv, toIssues, type SchemaIssue } from '../schema/ajv.js';
import { precompiledValidators, type Precompilable } from '../schema/precompiled.js';

// One schema holds every definition, so a definition referred to by many is compiled once.
const ROOT = 'canonical';
const refOf = (schemaName: string): string => `${ROOT}#/definitions/${schemaName}`;

/** The canonical schemas, for the build to precompile. */
export const CANONICAL_SCHEMAS: Precompilable = {
  name: 'canonical',
  refs: Object.keys(DEFINITIONS).map(refOf),
  ajv: (source) => newAjv(source).addSchema({ $id: ROOT, definitions: DEFINITIONS }),
};

const validatorOf = precompiledValidators(CANONICAL_SCHEMAS);

export function validateCanonical(schemaName: string, body: unknown): SchemaIssue[] {
  if (!hasCanonicalSchema(schemaName)) throw new Error(`no canonical schema ${schemaName}`);
  const validate = validatorOf(refOf(schemaName));
  return validate(body) ? [] : toIssues(validate.errors);
}

export function hasCanonicalSchema(name: string): boolean {
  return name in DEFINITIONS;
}

/**
 * The rules the issues of validating against `schemaName` break, besides SCHEMA-CANONICAL itself:
 * each issue's property is looked up in SCHEMA_RULES under the definition that holds it, found by
 * walking the instance path through the schema (ajv's schema paths lose the definition's name
 * inside a definition that holds a $ref).
 */
export function rulesOf(schemaName: string, issues: readonly SchemaIssue[]): string[] {
  const rules = new Set<string>();
  for (const issue of issues) {
    if (issue.keyword === 'format' && /iso-utc/.test(issue.message)) rules.add(TIMESTAMP_RULE);
    if (issue.keyword === 'format' && issue.message.includes(`"${ID_FIELD_RULE.format}"`))
      rules.add(ID_FIELD_RULE.rule);
    const path = issue.pointer === '/' ? [] : issue.pointer.split('/').slice(1).map(unescapePointer);
    // A missing property is reported on its object; any other issue on the property itself.
    const missing = issue.keyword === 'required' ? /'([^']+)'/.exec(issue.message)?.[1] : undefined;
    const [holder, property] = missing !== undefined ? [path, missing] : [path.slice(0, -1), path.at(-1)];
    const definition = property === undefined ? undefined : definitionAt(schemaName, holder);
    const rule = definition ? SCHEMA_RULES[`${definition}.${property}`] : undefined;
    if (rule) rules.add(rule);
    // A timestamp that is not even a string (epoch seconds as a number) breaks the timestamp rule too.
    if (
      issue.keyword === 'type' &&
      definition !== undefined &&
      property !== undefined &&
      isTimestamp(definition, property)
    )
      rules.add(TIMESTAMP_RULE);
  }
  return [...rules];
}

/** Whether `property` of `definition` is a timestamp: its schema has the `iso-utc` format. */
function isTimestamp(definition: string, property: string): boolean {
  const node = DEFINITIONS[definition] as Node | undefined;
  return node !== undefined && childSchema(node, property)?.['format'] === 'iso-utc';
}

const unescapePointer = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

type Node = Readonly<Record<string, unknown>>;

/** The name of the definition the instance at `path` is validated by, if it is a definition of its own. */
function definitionAt(root: string, path: readonly string[]): string | undefined {
  let name: string | undefined = root;
  let node = DEFINITIONS[root] as Node | undefined;
  for (const token of path) {
    node = node ? childSchema(node, token) : undefined;
    const ref = typeof node?.['$ref'] === 'string' ? /^#\/definitions\/(\w+)$/.exec(node['$ref'])?.[1] : undefined;
    name = ref;
    if (ref) node = DEFINITIONS[ref] as Node | undefined;
  }
  return name;
}

/** The schema a property or element of an instance of `node` is validated by. */
function childSchema(node: Node, token: string): Node | undefined {
  const properties = node['properties'] as Record<string, Node> | undefined;
  if (properties && Object.hasOwn(properties, token)) return properties[token];
  if (node['items'] && /^\d+$/.test(token)) return node['items'] as Node;
  return typeof node['additionalProperties'] === 'object' ? (node['additionalProperties'] as Node) : undefined;
}
