// A resource fetched by the id a list gave must be the listed resource, field for field.

import { isDeepStrictEqual } from 'node:util';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/** Up to `count` items spread over the list: the first, the last and evenly between. */
export function spread<T>(items: readonly T[], count = 3): T[] {
  if (items.length <= count) return [...items];
  const positions = new Set(Array.from({ length: count }, (_, i) => Math.round((i * (items.length - 1)) / (count - 1))));
  return [...positions].map((position) => items[position] as T);
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'absent';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** Each of `fields` (every field of the listed item by default) has the listed value in the fetched resource. */
export function expectSameAsListed(t: CheckContext, requirements: readonly RequirementId[], listed: JsonObject, got: JsonObject, call: Call, fields: readonly string[] = Object.keys(listed)): void {
  const differing = fields.filter((field) => !isDeepStrictEqual(listed[field], got[field]));
  const described = differing.map((field) => `${field} (listed ${shown(listed[field])}, fetched ${shown(got[field])})`);
  t.assert(!differing.length, requirements, `the fetched resource differs from the listed one in ${described.join('; ')}`, call);
}
