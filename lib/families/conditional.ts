// Every form of If-Match (RFC 9110 13.1.1) on a resource that exists and has not changed: `*` ("the condition is
// false if the origin server has no current representation") and a list of entity tags holding the current one
// ("true if any of the listed tags match"). A server that honours If-Match must read both: neither is refused with 412
// Precondition Failed while the resource exists unchanged. A server that ignores If-Match passes; so does one without
// ETags (the list is sent only where a strong tag was given: If-Match compares strongly, a weak tag never matches).
// And If-Modified-Since on every GET (ifModifiedSinceCheck): a date before the last change, in every form a client
// writes, gets the full answer; a value that is no HTTP-date is ignored.

import type { Endpoint, EndpointKey } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess } from '../assert/responses.js';
import { check, type Call, type CallSpec, type CheckContext, type CheckOptions } from '../harness/index.js';
import { checkIdOf } from '../result/check-id.js';
import { isJsonObject } from '../util/json.js';
import { outcomeOf, sendWithHeaders } from './negotiation.js';

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

/** The day and month names of HTTP-date (RFC 9110 5.6.7), as IMF-fixdate, rfc850-date and asctime-date write them. */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const two = (n: number): string => String(n).padStart(2, '0');
const clock = (d: Date): string => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;

/** A zone east of GMT a client writes its local time in: read as GMT, the date is two hours late. */
const OFFSET_HOURS = 2;

/**
 * An instant written in each form a client sends If-Modified-Since in: the three forms of HTTP-date a recipient must
 * accept (RFC 9110 5.6.7), and the client's local time with its zone as a number (RFC 5322's form, as mail libraries
 * write dates), which a server either reads as the instant it is or ignores as no HTTP-date.
 */
export const DATE_FORMS: readonly { readonly what: string; readonly write: (ms: number) => string }[] = [
  { what: 'IMF-fixdate', write: (ms) => new Date(ms).toUTCString() },
  {
    what: 'rfc850-date',
    write: (ms) => {
      const d = new Date(ms);
      return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${two(d.getUTCFullYear() % 100)} ${clock(d)} GMT`;
    },
  },
  {
    what: 'asctime-date',
    write: (ms) => {
      const d = new Date(ms);
      return `${DAYS[d.getUTCDay()]!.slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${clock(d)} ${d.getUTCFullYear()}`;
    },
  },
  {
    what: `local time at +0${OFFSET_HOURS}00`,
    write: (ms) => {
      const d = new Date(ms + OFFSET_HOURS * 3_600_000);
      return `${DAYS[d.getUTCDay()]!.slice(0, 3)}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${clock(d)} +0${OFFSET_HOURS}00`;
    },
  },
];

/** Values that are no HTTP-date: a recipient must ignore If-Modified-Since holding one (RFC 9110 13.1.3). */
export const NOT_DATES = ['never', '*', '', '2000-01-01T00:00:00Z'] as const;

/** The latest create_time or update_time of the resource a body wraps (`{agent: {...}}`), in milliseconds. */
export function latestChange(body: unknown): number | undefined {
  if (!isJsonObject(body)) return undefined;
  const times = Object.values(body)
    .filter(isJsonObject)
    .flatMap((resource) => [resource['create_time'], resource['update_time']])
    .filter((value): value is string => typeof value === 'string')
    .map((value) => Date.parse(value))
    .filter((ms) => Number.isFinite(ms));
  return times.length ? Math.max(...times) : undefined;
}

export interface ModifiedSinceTarget {
  readonly endpoint: Endpoint;
  /** The GET's own rule: what a 304 Not Modified with no body withholds. */
  readonly rule: RequirementId;
  request(t: CheckContext): Promise<CallSpec>;
  /** The run made the resource: where no Last-Modified is given, its create_time and update_time date its last change. */
  readonly own?: boolean;
  readonly options?: CheckOptions;
}

/**
 * `http.if-modified-since.<endpoint>`: conditional GETs (RFC 9110 13.1.3, 13.2). If-Modified-Since a second before the
 * answer's last change (its Last-Modified; on the run's own resources without one, the latest of create_time and
 * update_time), in every DATE_FORMS form, is answered with the full answer, never 304 Not Modified: the resource changed
 * after that date. A value that is no HTTP-date (NOT_DATES) is ignored: answered as without it. A server that ignores
 * If-Modified-Since passes; so does one without a date to start from (no dated form is sent).
 */
export function ifModifiedSinceCheck({ endpoint, rule, request, own = false, options }: ModifiedSinceTarget): void {
  check(
    checkIdOf('http.if-modified-since', endpoint.key),
    [rule],
    `${endpoint.key} answers If-Modified-Since a second before its last change (Last-Modified${own ? ', else create_time or update_time' : ''}) as ${DATE_FORMS.map((f) => f.what).join(', ')} with the full answer, never 304; and one that is no HTTP-date (${NOT_DATES.map((v) => (v ? v : 'empty')).join(', ')}) as without it`,
    async (t) => {
      const spec = await request(t);
      const send = sendWithHeaders(t, endpoint, spec);
      const plain = await send({});
      const expected = outcomeOf(plain);
      const judge = (call: Call, value: string, why: string) => {
        t.assert(
          call.response.status !== 304 && outcomeOf(call) === expected,
          [rule],
          `with If-Modified-Since: ${JSON.stringify(value)}, ${endpoint.key} answered ${call.response.status} (${outcomeOf(call)}), not what it answers without it (${expected}): ${why}`,
          call,
        );
      };
      for (const value of NOT_DATES) {
        const call = await send({ 'if-modified-since': value });
        judge(call, value, 'a value that is no HTTP-date is ignored (RFC 9110 13.1.3)');
      }
      if (!isSuccess(plain)) return;
      const given = Date.parse(plain.response.headers['last-modified'] ?? '');
      const changed = Number.isFinite(given) ? given : own ? latestChange(plain.response.json) : undefined;
      if (changed === undefined) return;
      // A second before the last change, in whole seconds as HTTP-date writes them.
      const since = Math.floor(changed / 1000) * 1000 - 1000;
      for (const form of DATE_FORMS) {
        const value = form.write(since);
        const call = await send({ 'if-modified-since': value });
        judge(
          call,
          value,
          `that date (${form.what}) is a second before its last change (${new Date(changed).toISOString()}), so it was modified since and the full answer is due (RFC 9110 13.1.3)`,
        );
      }
    },
    options,
  );
}
