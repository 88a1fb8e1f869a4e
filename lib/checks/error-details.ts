// Reading which fields an error answer names, where the suite must decide something
// from it (skip, or accept a rejection for a reason the spec leaves open) rather than
// assert it: `expectInvalidArgument` asserts.

import type { Exchange } from '../http/exchange.js';
import { detailNamesWithin } from './detail-field.js';
import { isErrorBody } from './responses.js';

/** The `field` of each of the answer's error details; none for a success. */
export function detailFields(exchange: Exchange): string[] {
  const body = exchange.response.json;
  if (!isErrorBody(body) || !Array.isArray(body.error['details'])) return [];
  return (body.error['details'] as Array<{ field?: unknown }>).map((detail) => String(detail.field));
}

/** Whether a detail names `field` or something inside it: `config_overrides`, `mutation.config_overrides.no_such_key`, `/config_overrides/no_such_key`. */
export const namesWithin = detailNamesWithin;

/** Whether any detail of the answer names `field` or something inside it. */
export const answerNames = (exchange: Exchange, field: string): boolean => detailFields(exchange).some((detail) => namesWithin(detail, field));
