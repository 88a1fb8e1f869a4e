// Whether a published document is a valid OpenAPI 3.0/3.1 document, checked with
// swagger-parser and without leaving the document (no files, no network).

import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { openApiRuleIssues } from './openapi-rules.js';
import { openApiSchemaIssues } from './openapi-schema.js';
import { insideSchema } from './schema-roots.js';
import { isJsonObject } from '../util/json.js';

export type OpenApiValidation = { readonly ok: true } | { readonly ok: false; readonly message: string };

const MAX_LINES = 8;

/**
 * `schemasApart`: what stands inside the document's schemas is left to a judge of its dialect
 * (schema-keywords.ts), so that one cause is not found twice; the document around them is judged here.
 */
export async function validateOpenApi(
  document: unknown,
  { schemasApart = false }: { schemasApart?: boolean } = {},
): Promise<OpenApiValidation> {
  // swagger-parser would read a string as a file path or URL.
  if (!isJsonObject(document)) return { ok: false, message: 'the document is not a JSON/YAML object' };
  // The rest of lib/published reads OpenAPI 3 only; swagger-parser would accept Swagger 2.0 too.
  const version = document['openapi'];
  if (typeof version !== 'string' || !version.startsWith('3.')) {
    return { ok: false, message: `not an OpenAPI 3 document (openapi: ${JSON.stringify(version ?? null)})` };
  }
  try {
    // A clone: swagger-parser dereferences its input in place. Its schema check is run
    // below from a cached compilation; circular references stay as they are for it.
    const clone = structuredClone(document) as unknown as OpenAPI.Document;
    const api = await SwaggerParser.validate(clone, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
      validate: { schema: false },
    });
    const leftOut = schemasApart ? insideSchema(api) : undefined;
    const issues = [...openApiSchemaIssues(api, version, leftOut), ...openApiRuleIssues(api)];
    return issues.length ? { ok: false, message: tidy(issues) } : { ok: true };
  } catch (error) {
    return { ok: false, message: tidy((error instanceof Error ? error.message : String(error)).split('\n')) };
  }
}

/** The first few lines, on one line. */
function tidy(lines: readonly string[]): string {
  const kept = lines.map((line) => line.trim()).filter(Boolean);
  const more = kept.length > MAX_LINES ? `; … ${kept.length - MAX_LINES} more` : '';
  return kept.slice(0, MAX_LINES).join('; ') + more;
}
