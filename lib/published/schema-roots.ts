// Where the schemas of an OpenAPI document stand: under `schema` of a parameter, header or media
// type, and among the components' schemas. What is inside a schema is its dialect's to judge.

import { isJsonObject, type JsonObject } from '../util/json.js';

/** A key as a JSON Pointer segment. */
export const pointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function visitSchemas(node: unknown, at: string, visit: (schema: unknown, at: string) => void): void {
  if (Array.isArray(node)) return node.forEach((item, index) => visitSchemas(item, `${at}/${index}`, visit));
  if (!isJsonObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema') visit(value, `${at}/schema`);
    else if (key === 'schemas' && at === '#/components' && isJsonObject(value))
      for (const [name, schema] of Object.entries(value as JsonObject))
        visit(schema, `${at}/schemas/${pointerSegment(name)}`);
    else if (!['example', 'examples', 'default', 'enum', 'const'].includes(key))
      visitSchemas(value, `${at}/${pointerSegment(key)}`, visit);
  }
}

/** The schemas of a document where they stand (not those inside another), each with its pointer (`#/...`). */
export function schemaRoots(document: unknown): [at: string, schema: unknown][] {
  const roots: [string, unknown][] = [];
  visitSchemas(document, '#', (schema, at) => roots.push([at, schema]));
  return roots;
}

/** Whether a JSON Pointer (`/a/b`, without `#`) stands at or inside one of the document's schemas. */
export function insideSchema(document: unknown): (pointer: string) => boolean {
  const roots = schemaRoots(document).map(([at]) => at.slice(1));
  return (pointer) => roots.some((root) => pointer === root || pointer.startsWith(`${root}/`));
}
