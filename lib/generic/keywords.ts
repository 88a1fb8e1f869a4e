// Reading the few schema keywords the generic layer relies on, in either dialect: `type` as a
// name or a list (3.1), exclusive bounds as numbers (3.1) or as flags beside the bound (3.0).

import { isJsonObject } from '../util/json.js';

/** The types a schema names (`string`, or `[string, 'null']`); empty when it names none. */
export function typesOf(schema: unknown): string[] {
  const type = isJsonObject(schema) ? schema['type'] : undefined;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((name): name is string => typeof name === 'string') : [];
}

export interface Bounds {
  readonly min?: number;
  readonly max?: number;
}

/** The least and greatest integers a schema's `minimum`/`maximum` (exclusive or not) admit. */
export function integerBounds(schema: unknown): Bounds {
  if (!isJsonObject(schema)) return {};
  const [minimum, maximum] = [finite(schema['minimum']), finite(schema['maximum'])];
  const [exclusiveMin, exclusiveMax] = [schema['exclusiveMinimum'], schema['exclusiveMaximum']];
  const mins = [
    minimum === undefined ? undefined : exclusiveMin === true ? Math.floor(minimum) + 1 : Math.ceil(minimum),
    finite(exclusiveMin) === undefined ? undefined : Math.floor(exclusiveMin as number) + 1,
  ].filter(isNumber);
  const maxs = [
    maximum === undefined ? undefined : exclusiveMax === true ? Math.ceil(maximum) - 1 : Math.floor(maximum),
    finite(exclusiveMax) === undefined ? undefined : Math.ceil(exclusiveMax as number) - 1,
  ].filter(isNumber);
  return { ...(mins.length ? { min: Math.max(...mins) } : {}), ...(maxs.length ? { max: Math.min(...maxs) } : {}) };
}

/** `minLength` and `maxLength` when they are non-negative integers. */
export function lengthBounds(schema: unknown): Bounds {
  if (!isJsonObject(schema)) return {};
  const [min, max] = [schema['minLength'], schema['maxLength']].map((value) =>
    Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined,
  );
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const isNumber = (value: number | undefined): value is number => value !== undefined;
