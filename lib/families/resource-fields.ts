// Rules every resource shares, asserted on one returned resource: its `name` is
// `<collection>/<its own id>`, update_time is never before create_time, and fields of its
// table that describe one thing hold values together.

import type { RequirementId } from '../contract/requirements/index.js';
import { ID_FIELD_RULE, type SchemaName } from '../contract/schemas.js';
import { validateCanonical } from '../assert/canonical-schema.js';
import { offendingValues } from '../assert/violation.js';
import { compareInstants } from '../contract/timestamps.js';
import type { Exchange } from '../http/exchange.js';
import type { CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';

/** `name` is `<collection>/<id>`, with `id` the resource's own (or, when given, the one asked for). */
export function expectNameMatchesId(
  t: CheckContext,
  resource: JsonObject,
  collection: string,
  call: Exchange,
  id: unknown = resource['id'],
): void {
  const expected = `${collection}/${String(id)}`;
  t.assert(
    resource['name'] === expected,
    ['NAME-MATCHES-ID'],
    `name should be ${JSON.stringify(expected)}, got ${JSON.stringify(resource['name'])}`,
    call,
  );
}

/**
 * Why update_time is before create_time; undefined when it is not, or when there is nothing to
 * compare: a null or absent timestamp, or one the suite cannot read (TIMESTAMP-ISO-UTC's concern).
 * Compared exactly, sub-millisecond digits included, in whatever offset each is written.
 */
export function timestampOrderProblem(resource: JsonObject): string | undefined {
  const created = resource['create_time'];
  const updated = resource['update_time'];
  const order = compareInstants(updated, created, { anyOffset: true });
  return order !== undefined && order < 0
    ? `update_time ${String(updated)} is before create_time ${String(created)}`
    : undefined;
}

/** update_time is not before create_time (see timestampOrderProblem). */
export function expectTimestampOrder(
  t: CheckContext,
  resource: JsonObject,
  call: Exchange,
  requirements: readonly RequirementId[] = ['TIMESTAMP-ORDER'],
): void {
  const problem = timestampOrderProblem(resource);
  t.assert(problem === undefined, requirements, problem ?? '', call);
}

/**
 * Fields of a resource's table that describe one thing, so one holds a value exactly when the others do. A
 * scheduled run's last_run_at and last_run_id are the time and the id of its last run: a schedule that ran
 * has a last run, which has an id (every run has one); one that never ran has neither (both may then be null
 * or absent).
 */
export const FIELDS_TOGETHER: Partial<Record<SchemaName, readonly (readonly string[])[]>> = {
  ScheduledRun: [['last_run_at', 'last_run_id']],
};

const holdsValue = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Why groups of FIELDS_TOGETHER of `schema` are apart on `resource` (some of a group set, others not); none when all are together. */
export function fieldsApartProblems(schema: SchemaName, resource: JsonObject): string[] {
  return (FIELDS_TOGETHER[schema] ?? []).flatMap((fields) => {
    const set = fields.filter((field) => holdsValue(resource[field]));
    if (set.length === 0 || set.length === fields.length) return [];
    const values = fields.map((field) => `${field} ${JSON.stringify(resource[field]) ?? 'absent'}`);
    return [
      `${fields.join(' and ')} describe one thing, but only ${set.join(', ')} holds a value (${values.join(', ')})`,
    ];
  });
}

/** Each group of FIELDS_TOGETHER of `schema` is all set or all unset on `resource`. */
export function expectFieldsTogether(
  t: CheckContext,
  schema: SchemaName,
  resource: JsonObject,
  call: Exchange,
  requirements: readonly RequirementId[],
): void {
  const problems = fieldsApartProblems(schema, resource);
  t.assert(!problems.length, requirements, problems.join('; '), call);
}

/**
 * The ID fields of `resource` (an item of `schema`) that hold a resource name `<collection>/<id>` instead of the
 * ID: the canonical schema's own rule (format `bare-id`), for items a loose list walk reads without it.
 */
export function expectIdsHeld(t: CheckContext, schema: SchemaName, resource: JsonObject, call: Exchange): void {
  const named = validateCanonical(schema, resource).filter(
    (issue) => issue.keyword === 'format' && issue.message.includes(`"${ID_FIELD_RULE.format}"`),
  );
  t.assert(
    !named.length,
    [ID_FIELD_RULE.rule],
    `ID fields hold a resource name <collection>/<id>, not the ID${offendingValues(resource, named)}`,
    call,
  );
}

/**
 * A client whose clock is wrong: a request `Date` header (RFC 9110 6.6.1, the moment the client says it sent the
 * message) far in the past and far in the future. A correct server stamps what it writes by its own clock, so a
 * write sent with either gets the same times as one without; these go on writes the suite sends anyway.
 */
export const SKEWED_CLOCKS = {
  past: { date: 'Thu, 01 Jan 2015 00:00:00 GMT' },
  future: { date: 'Sat, 01 Jan 2101 00:00:00 GMT' },
} as const;

/** How far a time the server set may lie from the server's own clock as its answer's Date header reads it. */
const SERVER_CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * Why the server-set times of `resource` are not of the server's clock; undefined when they are, or when the answer
 * has no readable Date header (nothing of the server's own to compare with: the suite's clock is not the
 * server's). `now` names the fields the write just set (a create's create_time), which lie within a day of the
 * answer's Date either way; `notAfter` those it may have left as they were (a PATCH's update_time: the
 * specification does not say an update moves it), which lie no later than a day after it. Absent, null or
 * unreadable times are other rules' concern.
 */
export function serverTimeProblem(
  resource: JsonObject,
  call: Exchange,
  fields: { readonly now?: readonly string[]; readonly notAfter?: readonly string[] },
): string | undefined {
  const served = Date.parse(call.response.headers['date'] ?? '');
  if (Number.isNaN(served)) return undefined;
  const problems: string[] = [];
  const judge = (field: string, early: boolean): void => {
    const value = resource[field];
    if (typeof value !== 'string') return;
    const at = Date.parse(value);
    if (Number.isNaN(at)) return;
    if (at > served + SERVER_CLOCK_SLACK_MS || (early && at < served - SERVER_CLOCK_SLACK_MS))
      problems.push(`${field} ${value}`);
  };
  for (const field of fields.now ?? []) judge(field, true);
  for (const field of fields.notAfter ?? []) judge(field, false);
  const sent = call.request.headers['date'] ?? call.request.headers['Date'];
  return problems.length
    ? `${problems.join(', ')} ${problems.length > 1 ? 'are' : 'is'} more than a day from the answer's own Date ${call.response.headers['date']}${sent ? ` (the request said Date: ${sent})` : ''}`
    : undefined;
}

/** The times the write set are of the server's clock (see serverTimeProblem). */
export function expectServerTime(
  t: CheckContext,
  resource: JsonObject,
  call: Exchange,
  fields: { readonly now?: readonly string[]; readonly notAfter?: readonly string[] },
): void {
  const problem = serverTimeProblem(resource, call, fields);
  t.assert(problem === undefined, ['SERVER-SET-TIMES'], problem ?? '', call);
}
