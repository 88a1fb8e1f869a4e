// The reference service's own reading of the ID rules in the contract table (lengths in
// code points, the alphanumeric alphabet), for checking IDs and for the patterns it
// publishes. Kept apart from lib/contract/ids.ts's matchesIdRule / idPattern, which the
// suite judges IDs with: a slip there must not move the reference with it.

import type { IdRule } from '../../contract/ids.js';

const isAsciiAlphanumeric = (unit: number): boolean =>
  (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);

/** Code points in a string (a lone surrogate counts as one). */
export function codePointCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    // codePointAt reads a high surrogate and the low one after it as one code point, above U+FFFF.
    if (text.codePointAt(i)! >= 0x10000) i++;
    count++;
  }
  return count;
}

/** An ID rule as the reference checks it: `inAlphabet` stands in for the ASCII letters and digits (faults only). */
export interface CheckedIdRule extends IdRule {
  readonly inAlphabet?: (unit: number) => boolean;
}

/** Whether a value is a string of the rule's length whose characters are all in its alphabet. */
export function fitsIdRule(rule: CheckedIdRule, value: unknown): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: equivalent (the `false` test, `return true`): every caller passes a string (a path parameter, or a Fields check, which runs on strings only).
  if (typeof value !== 'string') return false;
  const length = codePointCount(value);
  if (length < rule.minLength || length > rule.maxLength) return false;
  const inAlphabet = rule.inAlphabet ?? isAsciiAlphanumeric;
  // Each character is judged by its first UTF-16 unit: an astral one's is a surrogate, in no alphabet.
  return !rule.alphanumeric || [...value].every((char) => inAlphabet(char.charCodeAt(0)));
}

/** The JSON-Schema pattern the service publishes for an ID rule. */
// Stryker disable next-line BlockStatement: the patterns of published parameters and request fields: the specification asks nothing of them (SCHEMA-PUBLISHED judges responses).
export function publishedIdPattern(rule: IdRule): string {
  // Stryker disable next-line StringLiteral: published parameter and request patterns: the specification asks nothing of them (a pattern no engine compiles is one OpenAPI says only SHOULD be valid, and the suite judges by none).
  const alphabet = rule.alphanumeric ? '[A-Za-z0-9]' : '[\\s\\S]';
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: published parameter and request patterns: the specification asks nothing of them.
  const times = rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength},${rule.maxLength}`;
  // Stryker disable next-line StringLiteral: published parameter and request patterns: the specification asks nothing of them.
  return `^${alphabet}{${times}}$`;
}
