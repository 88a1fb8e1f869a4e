// Assertions on one exchange, named after what they prove. Every response a suite
// looks at passes through here, so each is checked against the canonical schema and
// the schema the target publishes.

import type { Endpoint } from '../contract/endpoints.js';
import { ERROR_CODES } from '../contract/enums.js';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Exchange } from '../http/exchange.js';
import type { PublishedSpec } from '../schema/published-spec.js';
import { detailsName, type NamingOptions } from './detail-field.js';
import { formatIssues, type SchemaIssue } from '../schema/ajv.js';
import { rulesOf, validateCanonical } from './canonical-schema.js';
import { offendingValues, violation, violationAt } from './violation.js';
import { type JsonObject, foldIndices, isJsonObject } from '../util/json.js';

export interface ResponseContext {
  readonly publishedSpec: PublishedSpec | null;
  readonly strict: boolean;
}

/** A convention (a SHOULD, strict profile only) a response broke: the check goes on, so its MUST assertions are still all evaluated. */
export interface BrokenConvention {
  readonly requirements: readonly string[];
  readonly summary: string;
  readonly exchange: Exchange;
}

/**
 * A comparison of a response with the target's published schema (issues empty when it matched). A mismatch
 * is one cause per operation and schema location, reported once for the run, so the check goes on with the data.
 */
export interface PublishedComparison {
  readonly operation: string;
  readonly status: number;
  readonly issues: readonly SchemaIssue[];
  readonly exchange: Exchange;
}

/** What an assertion that held saw besides its value: the cross-cutting rules it verified, the conventions broken, the published comparison. */
export interface Seen {
  readonly verified: string[];
  readonly conventions: BrokenConvention[];
  readonly published: PublishedComparison[];
}

/** An assertion's value with what it saw; a broken MUST is thrown instead. */
export type Judged<T> = Seen & { readonly value: T };

const nothingSeen = (): Seen => ({ verified: [], conventions: [], published: [] });

const convention = (seen: Seen, requirements: readonly string[], summary: string, exchange: Exchange): void =>
  void seen.conventions.push({ requirements, summary, exchange });

export function isErrorBody(body: unknown): body is { error: JsonObject } {
  return isJsonObject(body) && isJsonObject(body['error']);
}

/** A 4xx without the API's error object: an answer from in front of the API (a firewall), not the API's. */
export const refusedInFront = (ex: Exchange): boolean =>
  ex.response.status >= 400 && ex.response.status < 500 && !isErrorBody(ex.response.json);

export function isSuccess(ex: Exchange): boolean {
  return ex.response.status >= 200 && ex.response.status < 300 && !isErrorBody(ex.response.json);
}

/** The published-schema check, shared by successes and rejections. */
function checkPublished(ctx: ResponseContext, seen: Seen, endpoint: Endpoint, ex: Exchange): void {
  const issues = ctx.publishedSpec?.validateResponse(
    endpoint.method,
    endpoint.path,
    ex.response.status,
    ex.response.json ?? null,
  );
  if (issues) seen.published.push({ operation: endpoint.key, status: ex.response.status, issues, exchange: ex });
}

/** RESPONSE-CONTENT-TYPE-JSON's label: `application/json`, with or without parameters. */
const labelledJson = (ex: Exchange): boolean => /^application\/json\b/i.test(ex.response.headers['content-type'] ?? '');

function checkContentType(ctx: ResponseContext, seen: Seen, ex: Exchange): void {
  if (!ctx.strict || ex.response.text === '') return;
  if (!labelledJson(ex)) {
    convention(
      seen,
      ['RESPONSE-CONTENT-TYPE-JSON'],
      `JSON body sent with Content-Type ${JSON.stringify(ex.response.headers['content-type'] ?? null)}`,
      ex,
    );
  } else seen.verified.push('RESPONSE-CONTENT-TYPE-JSON');
}

/** The labels of UTF-8, lower case: the WHATWG Encoding Standard's and IANA's alias. */
const UTF8_LABELS = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
  'csutf8',
]);

/** A Content-Type naming a JSON media type: `application/json`, or any type with the `+json` suffix (RFC 6839). */
export const isJsonMediaType = (contentType: string): boolean => /^[^;]*[/+]json\s*(;|$)/i.test(contentType);

/** The charset parameter of a Content-Type, unquoted and lower case; undefined when it has none. */
function charsetOf(contentType: string): string | undefined {
  // Parameters in order, a quoted value read whole (it may hold `;` or `charset=`).
  for (const [, name, value] of contentType.matchAll(/;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    if (name!.toLowerCase() !== 'charset') continue;
    return (value!.startsWith('"') ? value!.slice(1, -1).replace(/\\(.)/g, '$1') : value!).trim().toLowerCase();
  }
  return undefined;
}

/**
 * RESPONSE-JSON-UTF8: an answer whose body is JSON (parsed as JSON, or labelled a JSON media type) names no
 * encoding but UTF-8 in its charset, quoted or not, in any letter case.
 */
export function expectUtf8Json(ex: Exchange): void {
  const contentType = ex.response.headers['content-type'] ?? '';
  const json = ex.response.json !== undefined || isJsonMediaType(contentType);
  const charset = charsetOf(contentType);
  if (!json || charset === undefined || UTF8_LABELS.has(charset)) return;
  violation(
    ['RESPONSE-JSON-UTF8'],
    `a JSON body is labelled charset=${charset}: JSON is UTF-8 (RFC 8259), and a client honouring the label misreads every non-ASCII character`,
    ex,
  );
}

/**
 * A success: 2xx with no error body. The body is checked against the endpoint's
 * canonical schema. A 204 with no body stands for an empty object.
 */
export function expectSuccess(
  ctx: ResponseContext,
  endpoint: Endpoint,
  ex: Exchange,
  requirements: readonly RequirementId[],
  what = 'the request',
): Judged<JsonObject> {
  const seen = nothingSeen();
  const { status, json, text } = ex.response;
  if (!(status >= 200 && status < 300) || isErrorBody(json)) {
    const code = isErrorBody(json) ? ` with code ${JSON.stringify(json.error['code'])}` : '';
    violation(requirements, `${what} should succeed, but ${endpoint.key} answered ${status}${code}`, ex);
  }
  // No body is an empty success where one is not expected: a 204, or an endpoint whose response the spec does not show.
  const showsNoBody = status === 204 || (!endpoint.wrapper && !endpoint.responseSchema);
  const body: unknown = text.trim() === '' && showsNoBody ? {} : json;
  if (!isJsonObject(body))
    violation(['SCHEMA-CANONICAL'], `${endpoint.key} answered ${status} with a body that is not a JSON object`, ex);
  if (endpoint.wrapper && !isJsonObject(body[endpoint.wrapper])) {
    violation(
      ['ENVELOPE-WRAPPED'],
      `${endpoint.key}: the resource is not wrapped under "${endpoint.wrapper}" (top-level keys: ${Object.keys(body).join(', ') || 'none'})`,
      ex,
    );
  }
  if (endpoint.wrapper) seen.verified.push('ENVELOPE-WRAPPED');
  if (endpoint.responseSchema) {
    const issues = validateCanonical(endpoint.responseSchema, body);
    if (issues.length)
      schemaViolation(['SCHEMA-CANONICAL', ...rulesOf(endpoint.responseSchema, issues)], endpoint.key, issues, ex);
    seen.verified.push('SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC');
  }
  checkPublished(ctx, seen, endpoint, ex);
  // Strict-only conventions come last, so a broken MUST is always the one reported.
  checkContentType(ctx, seen, ex);
  if (ctx.strict && endpoint.wrapper) {
    if (Object.keys(body).length !== 1)
      convention(
        seen,
        ['ENVELOPE-SINGLE-KEY'],
        `${endpoint.key}: top-level keys besides "${endpoint.wrapper}": ${Object.keys(body)
          .filter((k) => k !== endpoint.wrapper)
          .join(', ')}`,
        ex,
      );
    else seen.verified.push('ENVELOPE-SINGLE-KEY');
  }
  if (ctx.strict && status > 204)
    convention(seen, ['HTTP-STATUS-CONVENTIONS'], `success answered with status ${status}`, ex);
  return { value: body, ...seen };
}

/** A success whose resource is returned unwrapped. */
export function expectResource(
  ctx: ResponseContext,
  endpoint: Endpoint,
  ex: Exchange,
  requirements: readonly RequirementId[],
  what?: string,
): Judged<JsonObject> {
  if (!endpoint.wrapper) throw new Error(`${endpoint.key} has no wrapper key in the contract`);
  const { value, ...seen } = expectSuccess(ctx, endpoint, ex, requirements, what);
  return { value: value[endpoint.wrapper] as JsonObject, ...seen };
}

export interface ExpectedError extends NamingOptions {
  /** The error code required (a spec code, or a conventional one in a strict check); undefined where any error is acceptable. */
  readonly code?: string;
  /**
   * A field the details must name, or fields one of which they must (in any spelling detail-field.ts accepts:
   * `agent.display_name`, `/assignees/0`, ...; with `within`, also anything inside it).
   */
  readonly field?: string | readonly string[];
  /** Strict profile: the conventional HTTP status. */
  readonly conventionalStatus?: number;
}

/** ERROR-ENVELOPE: an error answer (whatever its status) carries one object `error` with code, message and details. */
export function expectErrorEnvelope(ex: Exchange): { error: JsonObject } {
  const { status, json } = ex.response;
  if (!isErrorBody(json)) violation(['ERROR-ENVELOPE'], `error response ${status} has no "error" object`, ex);
  const issues = validateCanonical('ErrorBody', json);
  if (issues.length)
    violation(['ERROR-ENVELOPE'], `error body: ${formatIssues(issues)}${offendingValues(json, issues)}`, ex);
  return json;
}

/**
 * RESPONSE-CONTENT-TYPE-JSON on an answer carrying the API's error object: labelled JSON, whatever Accept asked (a
 * 406 too). An answer without the error object is ERROR-ENVELOPE's concern, or not the API's (a front's page).
 */
export function expectErrorLabelledJson(ex: Exchange): void {
  if (!isErrorBody(ex.response.json) || labelledJson(ex)) return;
  violation(
    ['RESPONSE-CONTENT-TYPE-JSON'],
    `an error answer (the API's JSON error object) is labelled ${JSON.stringify(ex.response.headers['content-type'] ?? null)}, not application/json`,
    ex,
  );
}

/** A rejection: status ≥ 400 with the error envelope, the expected code, and details naming the field. */
export function expectRejection(
  ctx: ResponseContext,
  endpoint: Endpoint,
  ex: Exchange,
  requirements: readonly RequirementId[],
  expected: ExpectedError,
  what = 'the request',
): Judged<JsonObject> {
  const seen = nothingSeen();
  const { status } = ex.response;
  if (status < 400) {
    violation(
      requirements,
      `${what} should be rejected${expected.code ? ` with ${expected.code}` : ''}, but ${endpoint.key} answered ${status}`,
      ex,
    );
  }
  const { error } = expectErrorEnvelope(ex);
  seen.verified.push('ERROR-ENVELOPE');
  if (expected.code && error['code'] !== expected.code) {
    violation(
      requirements,
      `${what} should be rejected with code ${expected.code}, got ${JSON.stringify(error['code'])}`,
      ex,
    );
  }
  if (expected.code === ERROR_CODES.invalidArgument) seen.verified.push('ERROR-INVALID-ARGUMENT');
  if (expected.field) {
    const fields = typeof expected.field === 'string' ? [expected.field] : expected.field;
    const named = (error['details'] as Array<{ field: string }>).map((d) => d.field);
    if (!detailsName(named, fields, expected)) {
      const detailRequirement =
        expected.code === ERROR_CODES.unauthenticated ? 'AUTH-DETAILS-HEADER' : 'ERROR-DETAILS-FIELD';
      const inside = expected.within ? ' (or anything inside it)' : '';
      violation(
        [detailRequirement],
        `error details do not name the field ${fields.map((f) => `"${f}"`).join(' or ')}${inside} (they name: ${named.map((f) => JSON.stringify(f)).join(', ') || 'nothing'})`,
        ex,
      );
    }
    if (expected.code === ERROR_CODES.invalidArgument) seen.verified.push('ERROR-DETAILS-FIELD');
  }
  checkPublished(ctx, seen, endpoint, ex);
  checkContentType(ctx, seen, ex);
  if (ctx.strict && expected.conventionalStatus !== undefined && status !== expected.conventionalStatus) {
    convention(
      seen,
      ['HTTP-STATUS-CONVENTIONS'],
      `${error['code']} answered with HTTP ${status}; convention is ${expected.conventionalStatus}`,
      ex,
    );
  }
  return { value: error, ...seen };
}

/**
 * INVALID_ARGUMENT naming the field (or one of the fields): the spec's answer to every invalid parameter or body
 * field. Where the field holds others, `within` also takes a detail naming something inside it.
 */
export function expectInvalidArgument(
  ctx: ResponseContext,
  endpoint: Endpoint,
  ex: Exchange,
  requirements: readonly RequirementId[],
  field: ExpectedError['field'],
  what?: string,
  options: NamingOptions = {},
): Judged<JsonObject> {
  const expected: ExpectedError =
    field === undefined
      ? { code: ERROR_CODES.invalidArgument, conventionalStatus: 400 }
      : { code: ERROR_CODES.invalidArgument, field, ...options, conventionalStatus: 400 };
  return expectRejection(ctx, endpoint, ex, [...requirements, 'ERROR-INVALID-ARGUMENT'], expected, what);
}

/**
 * Issues of one kind are one thing wrong, seen at their pointers (array indices folded), so the same
 * bug in the bodies of many endpoints is one cause; issues of several kinds are written each at its pointer.
 */
function schemaViolation(
  requirements: readonly string[],
  where: string,
  issues: readonly SchemaIssue[],
  ex: Exchange,
): never {
  const kinds = [...new Set(issues.map((i) => i.message))];
  const values = offendingValues(ex.response.json, issues);
  if (kinds.length > 1) violationAt(requirements, where, `${formatIssues(issues)}${values}`, ex);
  const pointers = [...new Set(issues.map((i) => foldIndices(i.pointer)))];
  return violationAt(requirements, `${where} ${pointers.join(', ')}`, `${kinds[0]!}${values}`, ex);
}
