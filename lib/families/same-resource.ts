// A resource fetched by the id a list gave must be the listed resource, field for field: every field either
// read holds (the listed item's, and those of the resource's table the fetched one holds), a field one read
// leaves out matching only a value proto3 JSON leaves out in the other.

import { isDeepStrictEqual } from 'node:util';
import type { EndpointKey } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { DEFINITIONS, type SchemaName } from '../contract/schemas.js';
import { compareInstants } from '../contract/timestamps.js';
import type { Call, CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/** Up to `count` items spread over the list: the first, the last and evenly between. */
export function spread<T>(items: readonly T[], count = 3): T[] {
  if (items.length <= count) return [...items];
  const positions = new Set(
    Array.from({ length: count }, (_, i) => Math.round((i * (items.length - 1)) / (count - 1))),
  );
  return [...positions].map((position) => items[position] as T);
}

/** Whether a field holds something a read could drop: not null, not empty. */
const filled = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** A value naming a state, which a read may serve apart: a boolean, or an enum's value (`COMPLETED`, `IN PROGRESS`). */
const stateValue = (value: unknown): boolean =>
  typeof value === 'boolean' || (typeof value === 'string' && /^[A-Z][A-Z0-9_ ]*$/.test(value));

/**
 * `spread`, and for every field some item holds filled, the first such item: every field is then read on
 * every path with a value to lose (a field filled on one item in five is not left to where the spread falls);
 * and for every state a field holds on some item (enabled true and false, each status), the first item in it.
 */
export function covering(items: readonly JsonObject[], count = 3): JsonObject[] {
  const chosen = spread(items, count);
  const fields = new Set(items.flatMap((item) => Object.keys(item).filter((field) => filled(item[field]))));
  for (const field of fields) {
    if (chosen.some((item) => filled(item[field]))) continue;
    const first = items.find((item) => filled(item[field]));
    if (first) chosen.push(first);
  }
  for (const item of items) {
    const state = Object.keys(item).find(
      (field) => stateValue(item[field]) && !chosen.some((other) => other[field] === item[field]),
    );
    if (state !== undefined) chosen.push(item);
  }
  return chosen;
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'absent';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** A value proto3 JSON leaves out (empty, null, false, 0): a read without the field says the same. */
const leftOut = (value: unknown): boolean => !filled(value) || value === false || value === 0;

/**
 * The same value; two timestamps when they write the same instant (`10:00:00Z` and `10:00:00.000Z`: a list and
 * a read may serialize apart); a field one read leaves out, and a value the other could have left out.
 */
const sameValue = (listed: unknown, got: unknown): boolean =>
  isDeepStrictEqual(listed, got) ||
  compareInstants(listed, got) === 0 ||
  (listed === undefined && leftOut(got)) ||
  (got === undefined && leftOut(listed));

/** The fields a list and a GET of one resource (of the table `schema`) must agree on: the listed item's, and the table's the fetched one holds (fields beyond the table are free). */
function readFields(schema: SchemaName, listed: JsonObject, got: JsonObject): string[] {
  const table = Object.keys((DEFINITIONS[schema]?.['properties'] as JsonObject | undefined) ?? {});
  return [...new Set([...Object.keys(listed), ...table.filter((field) => field in got)])];
}

/** The fields among `fields` (by default every field the two reads must agree on: readFields) where the fetched resource differs from the listed one. */
export function differingFields(
  schema: SchemaName,
  listed: JsonObject,
  got: JsonObject,
  fields: readonly string[] = readFields(schema, listed, got),
): string[] {
  return fields.filter((field) => !sameValue(listed[field], got[field]));
}

/** Each of `fields` (by default every field the two reads must agree on) has the listed value in the fetched resource. */
export function expectSameAsListed(
  t: CheckContext,
  requirements: readonly RequirementId[],
  schema: SchemaName,
  listed: JsonObject,
  got: JsonObject,
  call: Call,
  fields?: readonly string[],
): void {
  const differing = differingFields(schema, listed, got, fields);
  const described = differing.map((field) => `${field} (listed ${shown(listed[field])}, fetched ${shown(got[field])})`);
  t.assert(
    !differing.length,
    requirements,
    `the fetched resource differs from the listed one in ${described.join('; ')}`,
    call,
  );
}

const GET_METRIC = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}' satisfies EndpointKey;
/** Identity fields of a metric output, compared even while it may still be computed. */
const OUTPUT_IDENTITY = ['metric_output_id', 'metric_id'];

/**
 * metrics.get-as-listed's judgement of one listed output: its GET returns {metric}, that output (the id asked),
 * field for field; one not yet COMPLETED may change between the list and the GET (and a list served by a replica
 * behind may show it as it was): only its identity is compared.
 */
export async function expectOutputAsListed(
  t: CheckContext,
  requirements: readonly RequirementId[],
  simulation_id: string,
  output: JsonObject,
): Promise<Call> {
  const call = await t.call(GET_METRIC, {
    params: { simulation_id, metric_output_id: String(output['metric_output_id']) },
  });
  judgeOutputAsListed(t, requirements, output, call);
  return call;
}

/** expectOutputAsListed's judgement of `call`, the GET of the listed `output`. */
export function judgeOutputAsListed(
  t: CheckContext,
  requirements: readonly RequirementId[],
  output: JsonObject,
  call: Call,
): void {
  const metric_output_id = String(output['metric_output_id']);
  const got = t.expectResource(call, requirements, `getting listed metric output ${metric_output_id}`);
  t.assert(
    got['metric_output_id'] === metric_output_id,
    requirements,
    `asked for metric output ${metric_output_id}, got ${JSON.stringify(got['metric_output_id'])}`,
    call,
  );
  const fields = output['status'] === 'COMPLETED' ? undefined : OUTPUT_IDENTITY;
  expectSameAsListed(t, requirements, 'MetricOutput', output, got, call, fields);
}
