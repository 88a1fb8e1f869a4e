// Named format checks for Fields reads.

import { ID_RULES, type IdKind } from '../../contract/ids.js';
import type { Check } from './fields.js';
import { fitsIdRule } from './id-format.js';
import { isEmail, isHttpUrl, isJsonText, isPhoneNumber, isPublicHttpUrl, isWssUrl } from './formats.js';
import { isJsonObject, type JsonObject } from '../../util/json.js';

// Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
export const HTTP_URL: Check<string> = { test: isHttpUrl, description: 'an HTTP or HTTPS URL' };
export const PUBLIC_HTTP_URL: Check<string> = {
  test: isPublicHttpUrl,
  // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
  description: 'an HTTP or HTTPS URL whose host is not localhost or a private, loopback or link-local address',
};
// Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
export const WSS_URL: Check<string> = { test: isWssUrl, description: 'a wss:// URL' };
// Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
export const PHONE_NUMBER: Check<string> = { test: isPhoneNumber, description: 'an E.164 phone number or a SIP address' };
// Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
export const EMAIL: Check<string> = { test: isEmail, description: 'an e-mail address' };

/** JSON given as an object, or as text that parses. */
export const JSON_DOCUMENT: Check<string | JsonObject> = {
  test: (value) => isJsonObject(value) || isJsonText(value),
  // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
  description: 'valid JSON',
};

export function idCheck(kind: IdKind): Check<string> {
  const rule = ID_RULES[kind];
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: free message text (the specification asks no wording).
  const length = rule.minLength === rule.maxLength ? `${rule.minLength}` : `${rule.minLength} to ${rule.maxLength}`;
  // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
  return { test: (value) => fitsIdRule(rule, value), description: `${length}${rule.alphanumeric ? ' alphanumeric' : ''} characters` };
}

export const STRING_VALUES: Check<JsonObject> = {
  test: (value) => Object.values(value).every((v) => typeof v === 'string'),
  // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
  description: 'an object whose values are strings',
};
