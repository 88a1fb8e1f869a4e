// Writes sent at the same moment: two creates that make or share an implicit parent, two DELETEs of one resource.
// Each must get an answer the specification allows, as if it had come alone, or a refusal the client is told to
// retry (a careful server that serialises writes may abort one): never a 5xx, never a refusal that a request alone
// would not get. Judged by the answers only, never by the clock.

import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from '../harness/index.js';
import { errorCodeOf, isRetryableRefusal } from '../assert/retryable.js';
import { isSuccess } from '../assert/responses.js';

/** Sends every request at once (each in flight before any is answered) and returns their answers in order. */
export const atOnce = (requests: readonly (() => Promise<Call>)[]): Promise<Call[]> =>
  Promise.all(requests.map((request) => request()));

/**
 * `atOnce`, each request refused to be retried (it met another) sent once more alone, as a client told so does: for
 * shared steps whose answers other checks judge as if each write had come alone.
 */
export const atOnceRetried = async (requests: readonly (() => Promise<Call>)[]): Promise<Call[]> => {
  const answers = await atOnce(requests);
  return Promise.all(answers.map((call, i) => (isRetryableRefusal(call) ? requests[i]!() : call)));
};

/**
 * One of several writes sent at the same moment, each of which alone would succeed: true when it succeeded, false
 * when it was refused with a retryable refusal (ABORTED, UNAVAILABLE, 429 with Retry-After); any other answer fails.
 */
export function expectAnsweredAtOnce(
  t: CheckContext,
  call: Call,
  requirements: readonly RequirementId[],
  what: string,
): boolean {
  if (isSuccess(call)) return true;
  if (isRetryableRefusal(call)) return false;
  const code = errorCodeOf(call);
  t.assert(
    false,
    requirements,
    `${what} answered ${call.response.status}${code === undefined ? '' : ` ${code}`}: alone it would succeed, and a write that met another at the same moment is applied as if alone or refused to be retried (ABORTED, UNAVAILABLE, 429 with Retry-After)`,
    call,
  );
  return false;
}
