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
    const unit = text.charCodeAt(i);
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    count++;
  }
  return count;
}

/** Whether a value is a string of the rule's length whose characters are all in its alphabet. */
export function fitsIdRule(rule: IdRule, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = codePointCount(value);
  if (length < rule.minLength || length > rule.maxLength) return false;
  if (!rule.alphanumeric) return true;
  for (let i = 0; i < value.length; i++) if (!isAsciiAlphanumeric(value.charCodeAt(i))) return false;
  return true;
}

/** The JSON-Schema pattern the service publishes for an ID rule. */
export function publishedIdPattern(rule: IdRule): string {
  const alphabet = rule.alphanumeric ? '[A-Za-z0-9]' : '[\\s\\S]';
  const times = rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength},${rule.maxLength}`;
  return `^${alphabet}{${times}}$`;
}
