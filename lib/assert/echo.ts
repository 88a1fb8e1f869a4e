// Whether a resource came back with what was sent: every field sent must return equal.
// A server may add fields (defaults, server-set values); it may not change or drop one (a
// JSON document given as text inside a configuration may come back written another way).
// The one judgement of "sent vs returned": the create (or update) echo and every later
// read (READ-BACK-UNCHANGED) use it, and so do explicit empty values (EXPLICIT-VALUE-KEPT).

import { isDeepStrictEqual } from 'node:util';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** An empty list may come back empty, null or absent (proto3 JSON leaves empty lists out). */
const sameEmptyList = (sent: unknown, returned: unknown): boolean =>
  Array.isArray(sent) &&
  sent.length === 0 &&
  (returned === undefined || returned === null || isDeepStrictEqual(returned, []));

/** A resource's own empty string may be left out (proto3 JSON) and is then read as `""`; never null, never inside a JSON object sent. */
const sameEmptyString = (sent: unknown, returned: unknown, path: string): boolean =>
  sent === '' && returned === undefined && path === '';

/** JSON text of an object or array: the document it writes; else undefined. */
function jsonDocument(text: unknown): unknown {
  if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A value inside an object sent (a configuration key, never a resource's own field) given as JSON text of an object
 * or array may come back as the same document written another way (`{"tier": "gold"}` for `{"tier":"gold"}`, keys
 * in another order): the specification calls such values a "JSON string", and a server may store them parsed.
 */
const sameJsonDocument = (sent: unknown, returned: unknown, path: string): boolean => {
  const document = path === '' ? undefined : jsonDocument(sent);
  return document !== undefined && isDeepStrictEqual(document, jsonDocument(returned));
};

/** The key a configuration keeps a secret under (AGENT-CONFIG-ECHO): a server may mask it. */
export const SECRET_KEY = 'authorization_header';

/**
 * A secret may come back as sent, or masked: some of it hidden, or all of it (left out). Never its token (the last
 * word, `abc123` of `Bearer abc123`) whole inside another form, as the header it becomes (`Authorization: Bearer abc123`).
 */
const sameOrMaskedSecret = (sent: unknown, returned: unknown, key: string, path: string): boolean => {
  if (key !== SECRET_KEY || path === '' || typeof sent !== 'string') return false;
  const token = sent.split(/\s+/).at(-1) ?? sent;
  return returned === undefined || returned === null || (typeof returned === 'string' && !returned.includes(token));
};

/** The paths of fields in `sent` that do not come back equal in `returned`, each with what came back. */
export function echoMismatches(sent: JsonObject, returned: unknown, path = ''): string[] {
  const got = isJsonObject(returned) ? returned : {};
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    // Own members only: a `__proto__` or `constructor` key left out must read as nothing, not as Object's own.
    const back = Object.hasOwn(got, key) ? got[key] : undefined;
    if (isJsonObject(value) && isJsonObject(back)) return echoMismatches(value, back, at);
    if (
      isDeepStrictEqual(value, back) ||
      sameEmptyList(value, back) ||
      sameEmptyString(value, back, path) ||
      sameJsonDocument(value, back, path) ||
      sameOrMaskedSecret(value, back, key, path)
    )
      return [];
    return [`${at}: sent ${preview(value)}, got ${preview(back)}`];
  });
}

function preview(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
}
