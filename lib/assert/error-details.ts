// Reading which fields an error answer names, where the suite must decide something
// from it (skip, or accept a rejection for a reason the spec leaves open) rather than
// assert it: `expectInvalidArgument` asserts.

import { ERROR_CODES } from '../contract/enums.js';
import type { Exchange } from '../http/exchange.js';
import { detailsName } from './detail-field.js';
import { isErrorBody } from './responses.js';

/** The `field` of each of the answer's error details; none for a success. */
export function detailFields(exchange: Pick<Exchange, 'response'>): string[] {
  const body = exchange.response.json;
  if (!isErrorBody(body) || !Array.isArray(body.error['details'])) return [];
  return (body.error['details'] as Array<{ field?: unknown }>).map((detail) => String(detail.field));
}

/**
 * Whether any detail of the answer names `field` or something inside it: `config_overrides`,
 * `mutation.config_overrides.no_such_key`, `/config_overrides/no_such_key`.
 */
export const answerNames = (exchange: Exchange, field: string): boolean =>
  detailsName(detailFields(exchange), [field], { within: true });

/** Whether the answer is a 4xx INVALID_ARGUMENT: the server read the request and refused it. */
export function refusedAsInvalid(exchange: Exchange): boolean {
  const { status, json } = exchange.response;
  return status >= 400 && status < 500 && isErrorBody(json) && json.error['code'] === ERROR_CODES.invalidArgument;
}

/**
 * Whether the answer is a rejection the spec allows for a reason it leaves open: a 4xx
 * INVALID_ARGUMENT whose details name one of `fields` (or something inside it). Anything
 * else (a success, a 5xx, another code) is for the check to judge.
 */
export function rejectsNaming(exchange: Exchange, ...fields: readonly string[]): boolean {
  return refusedAsInvalid(exchange) && fields.some((field) => answerNames(exchange, field));
}
