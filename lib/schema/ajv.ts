// One ajv set up for every schema the suite validates against (the canonical schemas, a target's
// published ones, summary.json); issues carry JSON pointers.

import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parseIsoUtc } from '../contract/timestamps.js';

export interface SchemaIssue {
  readonly pointer: string;
  readonly message: string;
  /** Where in the schema it failed (`#/definitions/Agent/properties/id/pattern`), when known. */
  readonly schemaPath?: string;
  readonly keyword?: string;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  // Read by the one parser: the pattern and a date and time that exist.
  ajv.addFormat('iso-utc', { type: 'string', validate: (text: string) => parseIsoUtc(text) !== undefined });
  return ajv;
}

export function toIssues(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  return (errors ?? []).map((e) => ({
    pointer: e.instancePath || '/',
    message: e.keyword === 'additionalProperties' ? `${e.message} (${String(e.params['additionalProperty'])})` : (e.message ?? e.keyword),
    schemaPath: e.schemaPath,
    keyword: e.keyword,
  }));
}

export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.slice(0, 8).map((i) => `${i.pointer}: ${i.message}`).join('; ') + (issues.length > 8 ? `; … ${issues.length - 8} more` : '');
}
