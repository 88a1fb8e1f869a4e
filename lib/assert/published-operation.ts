// Judgements of one exchange with an operation a target publishes beyond the specification's 20
// endpoints (the generic layer): the rules the specification states for every endpoint, charged to
// the GENERIC-* requirements, and the operation's own published description.

import { API_KEY_HEADER, ERROR_CODES } from '../contract/enums.js';
import { operationLabel } from '../generic/checks.js';
import type { PublishedOperation } from '../generic/model.js';
import type { Exchange } from '../http/exchange.js';
import { responseKeyFor } from '../published/response-key.js';
import type { PublishedSpec } from '../schema/published-spec.js';
import { formatIssues } from '../schema/ajv.js';
import { validateCanonical } from './canonical-schema.js';
import { detailsName } from './detail-field.js';
import { isErrorBody } from './responses.js';
import { RuleViolation, offendingValues, violation } from './violation.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** The `error` object of an error response, which must carry the envelope. */
export function expectErrorEnvelope(ex: Exchange, what: string): JsonObject {
  const { status, json } = ex.response;
  const issues = validateCanonical('ErrorBody', json ?? null);
  if (issues.length || !isErrorBody(json))
    violation(
      ['GENERIC-ERROR-ENVELOPE'],
      `${what} answered ${status} without the error envelope: ${formatIssues(issues)}${offendingValues(json, issues)}`,
      ex,
    );
  return json.error;
}

/** A refusal with UNAUTHENTICATED, in the envelope, naming `X-API-Key`. */
export function expectUnauthenticated(ex: Exchange, what: string): void {
  const { status } = ex.response;
  if (status < 400)
    violation(
      ['GENERIC-AUTH'],
      `${what} should be refused with ${ERROR_CODES.unauthenticated}, but answered ${status}`,
      ex,
    );
  const error = expectErrorEnvelope(ex, what);
  if (error['code'] !== ERROR_CODES.unauthenticated) {
    violation(
      ['GENERIC-AUTH'],
      `${what} should be refused with ${ERROR_CODES.unauthenticated}, got ${JSON.stringify(error['code'])} (${status})`,
      ex,
    );
  }
  const fields = (error['details'] as Array<{ field: string }>).map((detail) => detail.field);
  if (!detailsName(fields, [API_KEY_HEADER])) {
    violation(
      ['GENERIC-AUTH'],
      `${what}: the ${ERROR_CODES.unauthenticated} details do not name ${API_KEY_HEADER} (they name: ${fields.map((f) => JSON.stringify(f)).join(', ') || 'nothing'})`,
      ex,
    );
  }
}

/** Statuses an unknown route answers with. */
const UNKNOWN_ROUTE = new Set([404, 405, 501]);

/**
 * The violation of an operation that is published but not served, when `ex` (`what`: a request the
 * operation must handle otherwise: no key to a secured operation, or a GET its description allows)
 * was answered as an unknown route; undefined when it was not.
 */
export function notServed(ex: Exchange, what: string): RuleViolation | undefined {
  const { status, json } = ex.response;
  if (!UNKNOWN_ROUTE.has(status)) return undefined;
  if (isErrorBody(json) && json.error['code'] === ERROR_CODES.unauthenticated) return undefined;
  // The request and its answer are the place: every operation published and not served is one cause.
  const where = `${what}, answered ${status}`;
  return new RuleViolation(
    ['GENERIC-IMPLEMENTED'],
    `${where}: the operation is published but not implemented`,
    ex,
    where,
  );
}

/** Whether the operation publishes a response for the status: itself, its class (`4XX`) or `default`. */
export const publishesStatus = (operation: PublishedOperation, status: number): boolean =>
  responseKeyFor(operation.statuses, status) !== undefined;

/** The response's status is published for the operation and its body matches the schema published for it. */
export function expectPublishedResponse(
  published: PublishedSpec | null,
  operation: PublishedOperation,
  ex: Exchange,
): void {
  const { status, json } = ex.response;
  const label = operationLabel(operation);
  if (!publishesStatus(operation, status)) {
    violation(
      ['GENERIC-SCHEMA-PUBLISHED'],
      `${label} answered ${status}, a status its document does not publish (it publishes ${operation.statuses.join(', ') || 'none'})`,
      ex,
    );
  }
  const issues = published?.validateResponse(operation.method, operation.path, status, json ?? null);
  if (issues?.length)
    violation(
      ['GENERIC-SCHEMA-PUBLISHED'],
      `${label} ${status}: the body does not match the published schema: ${formatIssues(issues)}${offendingValues(json, issues)}`,
      ex,
    );
}

/** The resource under the wrapper key the document names. */
export function expectWrapped(operation: PublishedOperation, wrapper: string, ex: Exchange): JsonObject {
  const { json } = ex.response;
  const body = isJsonObject(json) ? json : {};
  if (!isJsonObject(body[wrapper])) {
    violation(
      ['GENERIC-WRAPPED'],
      `${operationLabel(operation)}: the resource is not wrapped under "${wrapper}" (top-level keys: ${Object.keys(body).join(', ') || 'none'})`,
      ex,
    );
  }
  return body[wrapper] as JsonObject;
}
