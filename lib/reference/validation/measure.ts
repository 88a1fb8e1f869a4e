// How the reference service measures a value against a row of the limits table: text in
// code points, JSON values in UTF-8 bytes of their compact text, arrays in elements.
// Kept apart from lib/contract/limits.ts's charLength / byteSize, which the suite builds
// and judges its boundary values with: a slip there must not move the reference with it.

import { FIELD_LIMITS, type FieldLimit, type FieldLimitId, type LimitUnit } from '../../contract/limits.js';
import { codePointCount } from './id-format.js';

/** UTF-8 size of a value as compact JSON; a string is measured as its own text (a lone surrogate as U+FFFD, 3 bytes). */
export function utf8Size(value: unknown): number {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the specification leaves open whether a JSON string value is measured as its text or as it is written in the body, quoted and escaped ("JSON string, max 32 KB"); only absent values, which are never measured, stringify to undefined; Buffer.byteLength reads an empty encoding as UTF-8.
  return typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : jsonSize(value);
}

/**
 * Bytes of `JSON.stringify(value)` in UTF-8 (0 when it gives undefined), counted without writing the text:
 * a 10 MB field's text was the reference's largest garbage while it answered (docs/benchmarks.md). What
 * JSON.parse cannot give (a toJSON, a class instance, undefined, a cycle, ...) is measured by writing it.
 */
export function jsonSize(value: unknown): number {
  try {
    return walkedSize(value);
  } catch {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  }
}

/** Thrown by walkedSize at what JSON.parse never gives. */
const NOT_PARSED = new Error('not a parsed JSON value');

/** The JSON text's bytes of a value JSON.parse could have given; throws NOT_PARSED at anything else. */
function walkedSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return quotedSize(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      if (value === null) return 4;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PARSED;
      if (Array.isArray(value)) {
        let size = 2 + Math.max(0, value.length - 1);
        for (let i = 0; i < value.length; i++) size += walkedSize(value[i]);
        return size;
      }
      if (!isPlainObject(value)) throw NOT_PARSED;
      return objectSize(value as Record<string, unknown>);
    default:
      throw NOT_PARSED;
  }
}

function objectSize(value: Record<string, unknown>): number {
  const keys = Object.keys(value);
  let size = 2 + Math.max(0, keys.length - 1);
  for (const key of keys) size += quotedSize(key) + 1 + walkedSize(value[key]);
  return size;
}

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** What JSON.stringify writes longer than the UTF-8 of the character: quote, backslash, controls, lone surrogates. */
const ESCAPED = /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `\b \t \n \f \r`: two bytes; other controls `\u00XX`: six. */
const SHORT_ESCAPES = new Set([8, 9, 10, 12, 13]);

/** Bytes of a string as JSON writes it: quoted, escaped, in UTF-8. */
function quotedSize(text: string): number {
  let size = 2 + Buffer.byteLength(text, 'utf8');
  for (const [char] of text.matchAll(ESCAPED)) {
    const code = char.charCodeAt(0);
    // A lone surrogate is counted as U+FFFD (3 bytes) and written as \uXXXX (6); a quote, a backslash or a
    // short escape as 2 bytes for 1; another control as \u00XX (6) for 1.
    size += code >= 0xd800 ? 3 : code < 0x20 && !SHORT_ESCAPES.has(code) ? 5 : 1;
  }
  return size;
}

export function measure(unit: LimitUnit, value: unknown): number {
  switch (unit) {
    case 'chars':
      return codePointCount(String(value));
    case 'items':
      return Array.isArray(value) ? value.length : 0;
    case 'bytes':
      return utf8Size(value);
  }
}

const BY_ID: ReadonlyMap<string, FieldLimit> = new Map(FIELD_LIMITS.map((row) => [row.id, row]));

/** The row of the limits table with this id. */
export function limitRow(id: FieldLimitId): FieldLimit {
  const row = BY_ID.get(id);
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent (the `false` test, the text): FieldLimitId is the type of the table's ids, so every id has a row.
  if (row === undefined) throw new Error(`no limit ${id}`);
  return row;
}
