// Path parameter values judged by the parameter's published schema: one that is well-formed
// but names nothing (sent where no real resource is needed), and whether a value discovered
// elsewhere fits (one that does not is not used).

import type { PublishedParameter } from './model.js';
import { integerBounds, lengthBounds, typesOf } from './keywords.js';
import { ALPHANUMERICS, draw, patternValue } from './pattern-value.js';
import type { JsonObject } from '../util/json.js';

/** Every value is drawn from this seed: the same every run, and recognisably the suite's. */
const SEED = 0xae5c0de;
/** The length of a string when the schema publishes none. */
const DEFAULT_LENGTH = 22;
/** A version 4 UUID (`4` version digit, `8`–`b` variant digit), fixed. */
const ABSENT_UUID = '5e1f0c3a-8d27-4b96-a4e3-7c0d9f2b6a18';
const ABSENT_INTEGER = 987_654_321;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value the parameter's schema admits that names nothing, the same every run: for an
 * integer, a large number within its bounds; for `format: uuid`, a fixed v4 UUID; for a
 * `pattern`, characters drawn from its classes at a fitting length (pattern-value.ts). Else,
 * and when the pattern is beyond that generator or what it draws does not fit the schema,
 * alphanumerics of a fitting length (22 when no length is published), which may then not
 * match the pattern.
 */
export function absentValue(parameter: PublishedParameter): string {
  const { schema } = parameter;
  if (isInteger(schema)) return String(absentInteger(schema));
  const length = fittingLength(schema);
  const candidates = [
    schema?.['format'] === 'uuid' ? ABSENT_UUID : undefined,
    typeof schema?.['pattern'] === 'string' ? patternValue(schema['pattern'], length, seeded(SEED)) : undefined,
  ];
  return (
    candidates.find((value) => value !== undefined && fitsPublished(parameter, value)) ??
    draw(ALPHANUMERICS, length, seeded(SEED))
  );
}

/** Whether the value satisfies the published length, pattern, `format: uuid` and integer type. An empty value never fits. */
export function fitsPublished(parameter: PublishedParameter, value: string): boolean {
  const { schema } = parameter;
  if (value === '') return false;
  if (isInteger(schema)) return fitsInteger(schema, value);
  const { min = 0, max = Infinity } = lengthBounds(schema);
  // JSON Schema counts lengths in code points.
  const length = [...value].length;
  if (length < min || length > max) return false;
  if (schema?.['format'] === 'uuid' && !UUID.test(value)) return false;
  const pattern = schema?.['pattern'];
  return typeof pattern !== 'string' || matches(pattern, value);
}

const isInteger = (schema: JsonObject | undefined): schema is JsonObject => typesOf(schema).includes('integer');

function absentInteger(schema: JsonObject): number {
  const { min, max } = integerBounds(schema);
  const value = max === undefined ? ABSENT_INTEGER : Math.min(ABSENT_INTEGER, max);
  return min === undefined ? value : Math.max(value, min);
}

function fitsInteger(schema: JsonObject, value: string): boolean {
  const { min = -Infinity, max = Infinity } = integerBounds(schema);
  return /^-?\d+$/.test(value) && Number(value) >= min && Number(value) <= max;
}

/** The default length brought within the published bounds (at least one character). */
function fittingLength(schema: JsonObject | undefined): number {
  const { min = 1, max = Infinity } = lengthBounds(schema);
  return Math.max(1, min, Math.min(DEFAULT_LENGTH, max));
}

/** A pattern this engine cannot compile judges nothing. */
function matches(pattern: string, value: string): boolean {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags).test(value);
    } catch {
      // Not valid with these flags; tried without.
    }
  }
  return true;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
