// One ajv set up for every schema the suite validates against (the canonical schemas, a target's
// published ones, summary.json); issues carry JSON pointers.

import { _, Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { OWN_FORMATS } from './formats.js';

export interface SchemaIssue {
  readonly pointer: string;
  readonly message: string;
  /** Where in the schema it failed (`#/definitions/Agent/properties/id/pattern`), when known. */
  readonly schemaPath?: string;
  readonly keyword?: string;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * `source`: keep the generated code, for the build's precompiled validators (lib/schema/precompiled.ts),
 * which find the suite's own formats in the compiled formats module, from dist/precompiled/.
 */
export function newAjv(source = false): Ajv {
  const code = source ? { code: { source: true, formats: _`require("../lib/schema/formats.js").OWN_FORMATS` } } : {};
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, ...code });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OWN_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

export function toIssues(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  return (errors ?? []).map((e) => ({
    pointer: e.instancePath || '/',
    message:
      e.keyword === 'additionalProperties'
        ? `${e.message} (${String(e.params['additionalProperty'])})`
        : (e.message ?? e.keyword),
    schemaPath: e.schemaPath,
    keyword: e.keyword,
  }));
}

export function formatIssues(issues: readonly SchemaIssue[]): string {
  return (
    issues
      .slice(0, 8)
      .map((i) => `${i.pointer}: ${i.message}`)
      .join('; ') + (issues.length > 8 ? `; … ${issues.length - 8} more` : '')
  );
}
