// Validation against the canonical schemas (lib/contract/schemas.ts), and the rules their issues break.

import type { ValidateFunction } from 'ajv';
import { DEFINITIONS, SCHEMA_RULES, TIMESTAMP_RULE, canonicalSchema } from '../contract/schemas.js';
import { newAjv, toIssues, type SchemaIssue } from '../schema/ajv.js';

const ajv = newAjv();
const compiled = new Map<string, ValidateFunction>();

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
