// Refusals a client retries: what a careful server may answer a write that met another at the same moment.

import type { Exchange } from '../http/exchange.js';
import { isErrorBody } from './responses.js';

/**
 * Error codes that tell the client to try again: the write met another at the same moment and was not applied
 * (ABORTED), or the service could not take it now (UNAVAILABLE). Neither says anything of the resource's state.
 */
export const RETRYABLE_CODES: readonly string[] = ['ABORTED', 'UNAVAILABLE'];

/** The code of the API's error object an answer carries; undefined when it carries none. */
export function errorCodeOf(ex: Exchange): string | undefined {
  const { json } = ex.response;
  if (!isErrorBody(json)) return undefined;
  const code = json.error['code'];
  return typeof code === 'string' ? code : undefined;
}

/**
 * A refusal the client is told to retry: the API's error object with a code of `RETRYABLE_CODES` (at any error
 * status, 503 too), or 429 Too Many Requests with Retry-After (which the client waits out before it gives up).
 */
export function isRetryableRefusal(ex: Exchange): boolean {
  const { status, headers } = ex.response;
  if (status < 400) return false;
  if (status === 429 && headers['retry-after'] !== undefined) return true;
  const code = errorCodeOf(ex);
  return code !== undefined && RETRYABLE_CODES.includes(code);
}
