// Values of a write whatever else its body holds: stated defaults beside fields that suggest another value,
// explicit empty maps and lists where the specification sets no minimum, and each stated form of a field under
// every model type. Pure judgements here; the suites send (suites/values.suite.ts).

import { isDeepStrictEqual } from 'node:util';
import type { JsonObject } from '../../util/json.js';

/** A field sent as an empty map or list reads back empty, or absent (proto3 JSON leaves empty maps and lists out); a list also null. */
export function readsAsEmpty(sent: unknown, back: unknown): boolean {
  if (back === undefined || isDeepStrictEqual(sent, back)) return true;
  return Array.isArray(sent) && back === null;
}

/** The fields of `sent` (each an empty map or list) that did not read back empty, with what came back. */
export function filledEmpties(sent: JsonObject, read: JsonObject): string[] {
  return Object.entries(sent)
    .filter(([field, value]) => !readsAsEmpty(value, read[field]))
    .map(([field, value]) => `${field}: sent ${JSON.stringify(value)}, got ${JSON.stringify(read[field])}`);
}

/** The stated defaults of `defaults` that `read` does not hold (an empty default may read as absent). */
export function defaultsMissed(defaults: JsonObject, read: JsonObject): string[] {
  return Object.entries(defaults)
    .filter(([field, value]) => !isDeepStrictEqual(read[field], value) && !(value === '' && read[field] === undefined))
    .map(
      ([field, value]) =>
        `${field} should take its default ${JSON.stringify(value)}, got ${read[field] === undefined ? 'nothing' : JSON.stringify(read[field])}`,
    );
}
