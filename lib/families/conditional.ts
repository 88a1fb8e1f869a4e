// Every form of If-Match (RFC 9110 13.1.1) on a resource that exists and has not changed: `*` ("the condition is
// false if the origin server has no current representation") and a list of entity tags holding the current one
// ("true if any of the listed tags match"). A server that honours If-Match must read both: neither is refused with 412
// Precondition Failed while the resource exists unchanged. A server that ignores If-Match passes; so does one without
// ETags (the list is sent only where a strong tag was given: If-Match compares strongly, a weak tag never matches).

import type { EndpointKey } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';

/** A tag no server gives: listed before the current one, so a server reading only the first, or the whole field as one tag, refuses it. */
export const STALE_TAG = '"cft-stale-tag"';

/** Whether an entity tag is strong: If-Match compares strongly, so a weak tag (`W/"…"`) never matches (RFC 9110 8.8.3.2). */
export const isStrongTag = (tag: string): boolean => tag !== '' && !tag.startsWith('W/');

/** A strong entity tag a call's answer gave, if any. */
export const strongTag = (call: Call): string | undefined => {
  const tag = call.response.headers['etag']?.trim();
  return tag && isStrongTag(tag) ? tag : undefined;
};

/** The forms of If-Match a current resource meets, each made of the strong tag its last answer gave (undefined: not sent). */
export const IF_MATCH_FORMS: readonly {
  readonly what: string;
  readonly value: (tag?: string) => string | undefined;
}[] = [
  { what: '`*` (any current representation)', value: () => '*' },
  { what: 'a list of tags holding the current one', value: (tag) => (tag ? `${STALE_TAG}, ${tag}` : undefined) },
];

/** One request of a conditional sequence: its endpoint, rule, and how it is sent with extra headers. */
export interface Conditioned {
  readonly endpoint: EndpointKey;
  readonly requirement: RequirementId;
  /** Sends the request with `headers` over its own. */
  readonly send: (headers: Readonly<Record<string, string>>) => Promise<Call>;
  /**
   * What a success does to the resource: nothing (a read), updates it (the next form takes the tag its answer gave,
   * none when it gave none), or deletes it (only `*` is sent: after it, no form holds).
   */
  readonly effect: 'reads' | 'updates' | 'deletes';
}

/**
 * `<id>.if-match-forms`: `first(t)` gives the resource's current representation (its answer's ETag, if strong, is the
 * current tag) and the requests to condition; each is sent with every form of If-Match in turn (a DELETE with `*` only), nothing else
 * changing the resource between, and none may be answered 412. An update's successful answer gives the next current
 * tag; one with no tag in its answer ends the list forms (the current tag is then unknown).
 */
export function ifMatchFormsCheck(
  id: string,
  requirements: readonly RequirementId[],
  title: string,
  first: (t: CheckContext) => Promise<{ readonly current: Call; readonly requests: readonly Conditioned[] }>,
  options: CheckOptions,
): void {
  check(
    `${id}.if-match-forms`,
    requirements,
    title,
    async (t) => {
      const { current, requests } = await first(t);
      let tag = isSuccess(current) ? strongTag(current) : undefined;
      for (const request of requests)
        for (const form of request.effect === 'deletes' ? IF_MATCH_FORMS.slice(0, 1) : IF_MATCH_FORMS) {
          const value = form.value(tag);
          if (value === undefined) continue;
          const call = await request.send({ 'if-match': value });
          t.assert(
            call.response.status !== 412,
            [request.requirement],
            `${request.endpoint} with If-Match: ${value}, ${form.what}, was refused 412 Precondition Failed, though the resource exists unchanged since its ETag ${tag ?? '(none given)'}: the condition holds (RFC 9110 13.1.1)`,
            call,
          );
          if (request.effect === 'updates' && isSuccess(call)) tag = strongTag(call);
        }
    },
    options,
  );
}
