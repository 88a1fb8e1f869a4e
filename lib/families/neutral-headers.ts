// Headers a client, a proxy, a tracer or a load balancer adds that ask nothing of the answer (RFC 9110 and common
// infrastructure): a request carrying them is answered as it is without them. A GET: every field of the plain answer
// the same. A write: the same status class and the same data (server-set ids and times aside), and a refusal the same
// error code naming the same fields (neutralHeadersWriteCheck). Only headers a correct server must leave alone are
// sent: not Origin (a CORS filter may refuse an origin), not Range, If-Match or If-Unmodified-Since (a server may
// honour them), not Authorization (a gateway may own it). A Cookie is sent as a load balancer's stickiness cookie
// comes back from a client's cookie jar beside the key: the API authenticates by its key alone, so no session (nor
// its CSRF check) is the cookie's to open.

import type { Endpoint } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { check, type Call, type CallSpec, type CheckContext } from '../harness/index.js';
import type { CheckOptions } from '../harness/check.js';
import { checkIdOf } from '../result/check-id.js';
import { isJsonObject } from '../util/json.js';
import { detailFields } from '../assert/error-details.js';
import { isErrorBody } from '../assert/responses.js';
import { outcomeOf, sendWithHeaders } from './negotiation.js';

interface NeutralHeader {
  readonly what: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Forwarding headers may change the URLs an answer holds (the spec listing's): left out there. */
  readonly forwarding?: true;
  /**
   * A language asks for the prose a server writes itself in that language (RFC 9110 12.5.4): the published documents'
   * and the listing's descriptions may be translated, so it is left out there; a resource's fields are the client's.
   */
  readonly language?: true;
}

/** A language in each valid form that differs in kind (RFC 9110 12.5.4, RFC 4647 2.1): a locale, one with case or number rules of its own, the wildcard, a quality list. */
export const LANGUAGES = {
  french: { what: 'Accept-Language: fr-FR', headers: { 'accept-language': 'fr-FR, fr;q=0.9' }, language: true },
  // A decimal comma and a dot between thousands.
  german: { what: 'Accept-Language: de-DE', headers: { 'accept-language': 'de-DE' }, language: true },
  // Case rules of its own: a capital I lowers to a dotless ı.
  turkish: { what: 'Accept-Language: tr-TR', headers: { 'accept-language': 'tr-TR, tr;q=0.9' }, language: true },
  any: { what: 'Accept-Language: *', headers: { 'accept-language': '*' }, language: true },
  weighted: {
    what: 'Accept-Language: a quality list ending in *',
    headers: { 'accept-language': 'fr-CH, fr;q=0.9, *;q=0.5' },
    language: true,
  },
} as const satisfies Record<string, NeutralHeader>;

/** User-Agent in its valid forms (RFC 9110 10.1.5: `product *( RWS ( product / comment ) )`, a version optional). */
export const USER_AGENTS = {
  bare: { what: 'User-Agent: a bare product token', headers: { 'user-agent': 'qa-runner' } },
  products: {
    what: 'User-Agent: several products with a comment',
    headers: { 'user-agent': 'qa-runner/1.2 (linux; x64) undici/6.21.0' },
  },
} as const satisfies Record<string, NeutralHeader>;

/** A load balancer's stickiness cookies, as a client's cookie jar sends them back beside the key. */
export const BALANCER_COOKIE = {
  what: "Cookie: a load balancer's",
  headers: { cookie: 'AWSALB=QnJvd3NlclN0aWNreQ; AWSALBCORS=QnJvd3NlclN0aWNreQ' },
} as const satisfies NeutralHeader;

/**
 * Each sent alone on some endpoint (taken in turn) and together on every one (the first form of each header: the
 * wildcard language and the bare product, the forms a parser meets least).
 */
export const NEUTRAL_HEADERS: readonly NeutralHeader[] = [
  LANGUAGES.any,
  USER_AGENTS.bare,
  BALANCER_COOKIE,
  LANGUAGES.french,
  LANGUAGES.weighted,
  USER_AGENTS.products,
  // A GET has no content: a label for none is not a body to read (RFC 9110 8.3).
  { what: 'Content-Type: application/json', headers: { 'content-type': 'application/json' } },
  { what: 'Cache-Control: no-cache', headers: { 'cache-control': 'no-cache', pragma: 'no-cache' } },
  // Ignored without Range (RFC 9110 13.1.5).
  { what: 'If-Range without Range', headers: { 'if-range': '"aes-never-given"' } },
  {
    what: 'a trace context',
    headers: {
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'x-request-id': 'aes-neutral-request',
    },
  },
  {
    what: 'forwarding headers',
    headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', via: '1.1 aes-proxy' },
    forwarding: true,
  },
];

/** A GET is safe (RFC 9110 9.2.1): a method override asked of one leaves it a GET. Sent on resources the run made. */
export const METHOD_OVERRIDES: Readonly<Record<string, string>> = {
  'x-http-method-override': 'DELETE',
  'x-method-override': 'DELETE',
  'x-http-method': 'DELETE',
};

/** A page token is opaque: a server may hand out a new one on every read (a handle into a table). */
const OPAQUE = new Set(['next_page_token']);

/** Where each field of `plain` is not in `other` with the same value (fields `other` adds, and tokens, are not judged). */
export function missingFrom(plain: unknown, other: unknown, path = ''): string[] {
  if (isJsonObject(plain))
    return isJsonObject(other)
      ? Object.entries(plain)
          .filter(([key]) => !OPAQUE.has(key))
          .flatMap(([key, value]) =>
            missingFrom(value, Object.hasOwn(other, key) ? other[key] : undefined, path ? `${path}.${key}` : key),
          )
      : [path || '(the body)'];
  if (Array.isArray(plain))
    return Array.isArray(other) && other.length === plain.length
      ? plain.flatMap((value, i) => missingFrom(value, other[i], `${path}[${i}]`))
      : [path || '(the body)'];
  return Object.is(plain, other) ? [] : [path || '(the body)'];
}

export interface NeutralTarget {
  readonly endpoint: Endpoint;
  /** The GET's own rule: its answer is due whatever neutral headers come with it. */
  readonly rule: RequirementId;
  request(t: CheckContext): Promise<CallSpec>;
  /** The resource read is the run's own: method overrides are sent too. */
  readonly own?: boolean;
  readonly options?: CheckOptions;
}

/** The first form of each header, in the table's order: a request holds one value of a header. */
function firstOfEach(forms: readonly NeutralHeader[]): NeutralHeader[] {
  const seen = new Set<string>();
  return forms.filter((form) => {
    const names = Object.keys(form.headers);
    if (names.some((name) => seen.has(name))) return false;
    for (const name of names) seen.add(name);
    return true;
  });
}

/** What differs between two answers: the status, or fields of the first the second lacks or holds otherwise. */
const differences = (first: Call, second: Call): string[] =>
  first.response.status === second.response.status
    ? missingFrom(first.response.json, second.response.json)
    : [`the status (${first.response.status}, then ${second.response.status})`];

const describe = (call: Pick<Call, 'response'>): string =>
  `${call.response.status} ${call.response.text.length > 300 ? `${call.response.text.slice(0, 300)}…` : call.response.text}`;

/**
 * `http.neutral-headers.<endpoint>`: a GET with one neutral header (its turn) and with all of them (and the method
 * overrides on the run's own resources) answers every field its plain answer has, the same. Where they differ the
 * plain read is made again: a target that answered it the same twice is judged on every field, one that changed
 * meanwhile (a live list, a run progressing) on the answer's status class and shape alone.
 */
export function neutralHeadersCheck(
  { endpoint, rule, request, own = false, options }: NeutralTarget,
  turn: number,
): void {
  const published = endpoint.path.startsWith('/v1/openapi');
  const usable = NEUTRAL_HEADERS.filter(
    (h) => !(h.language && published) && !(h.forwarding && endpoint.path === '/v1/openapi'),
  );
  const alone = usable[turn % usable.length]!;
  const firsts = firstOfEach(usable);
  const together: NeutralHeader = {
    what: `all of ${firsts.map((h) => h.what).join(', ')}${own ? ', and method overrides to DELETE' : ''}`,
    headers: Object.assign({}, ...firsts.map((h) => h.headers), own ? METHOD_OVERRIDES : {}) as Record<string, string>,
  };
  check(
    checkIdOf('http.neutral-headers', endpoint.key),
    [rule],
    `${endpoint.key} with ${alone.what}, and with ${together.what}, answers every field it answers without them, the same`,
    async (t) => {
      const spec = await request(t);
      const send = sendWithHeaders(t, endpoint, spec);
      let plain = await send({});
      for (const { what, headers } of [alone, together]) {
        const call = await send(headers);
        const missing = differences(plain, call);
        if (!missing.length) continue;
        // Read plain again: a target that changed meanwhile (a run progressing) is judged by the answer's shape alone.
        const again = await send({});
        const stable = !differences(plain, again).length;
        t.assert(
          stable ? false : outcomeOf(call) === outcomeOf(again),
          [rule],
          `with ${what}, ${endpoint.key} answered ${describe(call)}; without them ${again.response.status}, ${stable ? `the same twice, and ${missing.slice(0, 5).join(', ')} differ` : `shaped ${outcomeOf(again)}`}: none of these headers asks anything of the answer`,
          call,
        );
        plain = again;
      }
    },
    options,
  );
}

/** The forms of a published document, each asked for as the specification says, with the form's own rule. */
const DOCUMENT_FORMS: readonly {
  readonly what: string;
  readonly rule: RequirementId;
  readonly headers: Readonly<Record<string, string | null>>;
}[] = [
  { what: 'without Accept (the YAML form)', rule: 'SPEC-YAML-DEFAULT', headers: { accept: null } },
  {
    what: 'with Accept: application/json (the JSON form)',
    rule: 'SPEC-JSON-ON-REQUEST',
    headers: { accept: 'application/json' },
  },
];

const mediaType = (call: Call): string =>
  (call.response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() || 'none';

/** What differs between two answers of the document endpoint: the status, the form (its media type), the document. */
const documentDifferences = (first: Call, second: Call): string[] => {
  if (first.response.status !== second.response.status)
    return [`the status (${first.response.status}, then ${second.response.status})`];
  if (mediaType(first) !== mediaType(second))
    return [`the form (Content-Type ${mediaType(first)}, then ${mediaType(second)})`];
  if (first.response.json !== undefined) return missingFrom(first.response.json, second.response.json);
  return first.response.text === second.response.text ? [] : ['the document text'];
};

/**
 * `http.neutral-headers.<document endpoint>`: a published document asked for in each form the specification shows
 * (no Accept: YAML; `Accept: application/json`: JSON), then with every neutral header but forwarding (which may move
 * the document's server URLs) and a language (its descriptions may be translated), answers the form and the document the same request gets without them. Where they
 * differ the plain read is made again: one that changed meanwhile is judged by its status class and form alone.
 */
export function neutralHeadersDocumentCheck(endpoint: Endpoint, request: (t: CheckContext) => Promise<CallSpec>): void {
  const usable = firstOfEach(NEUTRAL_HEADERS.filter((h) => !h.forwarding && !h.language));
  const headers = Object.assign({}, ...usable.map((h) => h.headers)) as Record<string, string>;
  const all = usable.map((h) => h.what).join(', ');
  check(
    checkIdOf('http.neutral-headers', endpoint.key),
    DOCUMENT_FORMS.map((form) => form.rule),
    `${endpoint.key} ${DOCUMENT_FORMS.map((form) => form.what).join(' and ')}, with all of ${all}, answers the form and the document it answers without them`,
    async (t) => {
      const spec = await request(t);
      for (const form of DOCUMENT_FORMS) {
        const send = (extra: Readonly<Record<string, string>>) =>
          sendWithHeaders(t, endpoint, spec)(extra, form.headers);
        const plain = await send({});
        const call = await send(headers);
        const missing = documentDifferences(plain, call);
        if (!missing.length) continue;
        const again = await send({});
        // The plain read changed meanwhile: the status class and the form are all that hold still.
        const stable = !documentDifferences(plain, again).length;
        const sameClassAndForm =
          Math.floor(call.response.status / 100) === Math.floor(again.response.status / 100) &&
          mediaType(call) === mediaType(again);
        t.assert(
          !stable && sameClassAndForm,
          [form.rule],
          `${form.what}, with all of ${all}, ${endpoint.key} answered ${call.response.status} ${mediaType(call)}; without them ${again.response.status} ${mediaType(again)}${stable ? `, the same twice, and ${missing.slice(0, 5).join(', ')} differ` : ''}: none of these headers asks anything of the answer`,
          call,
        );
      }
    },
  );
}

/**
 * `http.conditional-other-form.<document endpoint>`: an entity tag names one representation (RFC 9110 8.8.3). Each
 * form of a published document that carries an ETag, its tag sent back in If-None-Match while asking for the other
 * form, gets that form, never 304 Not Modified (which would leave the client with the form it did not ask for). A
 * server without ETags, or one ignoring If-None-Match, passes. (Content codings are not judged: a gateway's weak tag
 * of the uncoded bytes, as nginx and Express give, is shared by the coded and uncoded answers.)
 */
export function otherFormConditionalCheck(endpoint: Endpoint, request: (t: CheckContext) => Promise<CallSpec>): void {
  check(
    checkIdOf('http.conditional-other-form', endpoint.key),
    DOCUMENT_FORMS.map((form) => form.rule),
    `${endpoint.key}: the ETag of one form (YAML, JSON), sent back in If-None-Match while asking for the other form, gets the other form, never 304 Not Modified: an entity tag validates only the representation it was given with`,
    async (t) => {
      const spec = await request(t);
      const sent = sendWithHeaders(t, endpoint, spec);
      const send = (form: (typeof DOCUMENT_FORMS)[number], extra: Readonly<Record<string, string>> = {}) =>
        sent(extra, form.headers);
      const answers = [];
      for (const form of DOCUMENT_FORMS) answers.push(await send(form));
      for (const [i, form] of DOCUMENT_FORMS.entries()) {
        const tag = answers[i]!.response.headers['etag'];
        if (answers[i]!.response.status !== 200 || !tag) continue;
        const other = DOCUMENT_FORMS[1 - i]!;
        const call = await send(other, { 'if-none-match': tag });
        t.assert(
          call.response.status !== 304,
          [other.rule],
          `${other.what}, with If-None-Match naming the ETag ${tag} of the document ${form.what}, ${endpoint.key} answered 304 Not Modified: that tag validates the other form, not the one asked for (RFC 9110 8.8.3)`,
          call,
        );
      }
    },
  );
}

/** Fields a server sets on each create, whatever was sent: they differ between two creates of the same body. */
const SERVER_SET = new Set(['id', 'name', 'create_time', 'update_time', 'display_name']);

/** The fields the error details of a refusal name, each once, in order. */
const namedFields = (call: Pick<Call, 'response'>): string[] =>
  [...new Set(detailFields(call))].sort().map((field) => JSON.stringify(field));

const errorCode = ({ response: { json } }: Pick<Call, 'response'>): unknown =>
  isErrorBody(json) ? json.error['code'] : undefined;

/**
 * What differs between two answers of one write: the status class; for two successes the fields of the first the
 * second lacks or holds otherwise (the fields a server sets on each create aside); for two refusals the error code
 * and the fields their details name.
 */
export function writeDifferences(first: Pick<Call, 'response'>, second: Pick<Call, 'response'>): string[] {
  const [a, b] = [first, second].map((call) => Math.floor(call.response.status / 100));
  if (a !== b) return [`the status (${first.response.status}, then ${second.response.status})`];
  if (a !== 2) {
    const out: string[] = [];
    if (!Object.is(errorCode(first), errorCode(second)))
      out.push(`the error code (${String(errorCode(first))}, then ${String(errorCode(second))})`);
    const [fa, fb] = [namedFields(first), namedFields(second)];
    if (fa.join() !== fb.join()) out.push(`the fields the details name ([${fa.join(', ')}], then [${fb.join(', ')}])`);
    return out;
  }
  return missingFrom(first.response.json, second.response.json).filter(
    (path) =>
      !SERVER_SET.has(
        path
          .split('.')
          .pop()!
          .replace(/\[\d+\]$/, ''),
      ),
  );
}

export interface NeutralWrite {
  /** The last words of the check id: `http.neutral-headers.<key>`. */
  readonly key: string;
  /** The write's rules: its answer (or its refusal) is due whatever neutral headers come with it. */
  readonly rules: readonly RequirementId[];
  /** The write, as the title reads it (`a voice agent created`, `a test case without input_str refused`). */
  readonly what: string;
  /** The forms sent, each alone: the kinds a write of this sort meets (its numbers, its enumerations, its refusal). */
  readonly forms: readonly NeutralHeader[];
  /** Makes what the write needs (a parent) and answers the write: each call sends it once more, with `headers`. */
  prepare(t: CheckContext): Promise<(headers: Readonly<Record<string, string>>) => Promise<Call>>;
  readonly options?: CheckOptions;
}

/**
 * `http.neutral-headers.<key>`: a write (a create, or a request refused) sent without neutral headers, then with each
 * form in turn, gets the same answer: the same status class, the same data but for what a server sets on each create
 * (ids, times, the display name each create is given), or the same error code naming the same fields. Where they
 * differ the plain write is sent again: a difference it shows too is the server's own (a field set per create), not
 * the header's.
 */
export function neutralHeadersWriteCheck({ key, rules, what, forms, prepare, options }: NeutralWrite): void {
  check(
    checkIdOf('http.neutral-headers', key),
    [...rules],
    `${what} with ${forms.map((form) => form.what).join(', ')}, each alone, is answered as without them: the same status class, the same data (ids and times aside), the same error code naming the same fields`,
    async (t) => {
      const send = await prepare(t);
      const plain = await send({});
      let again: Call | undefined;
      for (const form of forms) {
        const call = await send(form.headers);
        let differ = writeDifferences(plain, call);
        if (!differ.length) continue;
        again ??= await send({});
        const own = new Set(writeDifferences(plain, again));
        differ = differ.filter((difference) => !own.has(difference));
        t.assert(
          !differ.length || Math.floor(plain.response.status / 100) !== Math.floor(again.response.status / 100),
          [...rules],
          `with ${form.what}, ${what} was answered ${describe(call)}; without it ${plain.response.status}, and ${differ.slice(0, 5).join(', ')} differ: no such header asks anything of the answer`,
          call,
        );
      }
    },
    options,
  );
}
