// ajv validation against the canonical schemas; issues carry JSON pointers.

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { DEFINITIONS, SCHEMA_RULES, TIMESTAMP_RULE, canonicalSchema } from '../contract/schemas.js';
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

const ajv = newAjv();
const compiled = new Map<string, ValidateFunction>();

export function toIssues(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  return (errors ?? []).map((e) => ({
    pointer: e.instancePath || '/',
    message: e.keyword === 'additionalProperties' ? `${e.message} (${String(e.params['additionalProperty'])})` : (e.message ?? e.keyword),
    schemaPath: e.schemaPath,
    keyword: e.keyword,
  }));
}

export function validateCanonical(schemaName: string, body: unknown): SchemaIssue[] {
  let validate = compiled.get(schemaName);
  if (!validate) {
    validate = ajv.compile(canonicalSchema(schemaName));
    compiled.set(schemaName, validate);
  }
  return validate(body) ? [] : toIssues(validate.errors);
}

export function hasCanonicalSchema(name: string): boolean {
  return name in DEFINITIONS;
}

export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.slice(0, 8).map((i) => `${i.pointer}: ${i.message}`).join('; ') + (issues.length > 8 ? `; … ${issues.length - 8} more` : '');
}

/** The rules canonical-schema issues break, besides SCHEMA-CANONICAL itself (see SCHEMA_RULES). */
export function rulesOf(issues: readonly SchemaIssue[]): string[] {
  const rules = new Set<string>();
  for (const issue of issues) {
    if (issue.keyword === 'format' && /iso-utc/.test(issue.message)) rules.add(TIMESTAMP_RULE);
    const property = /#\/definitions\/(\w+)\/(?:required|properties\/(\w+))/.exec(issue.schemaPath ?? '');
    const missing = issue.keyword === 'required' ? /'([^']+)'/.exec(issue.message)?.[1] : undefined;
    const key = property ? `${property[1]}.${property[2] ?? missing ?? ''}` : undefined;
    const rule = key ? SCHEMA_RULES[key] : undefined;
    if (rule) rules.add(rule);
  }
  return [...rules];
}
