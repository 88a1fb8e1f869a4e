// HTTP content negotiation and request media types, on every endpoint of the contract (RESPONSE-ACCEPT-JSON,
// REQUEST-JSON-FORMS, RESPONSE-JSON-UTF8): an Accept a JSON answer satisfies, or an Accept-Encoding, gets the answer
// no Accept gets (decoded as its Content-Encoding says), each
// answer labelled with no encoding but UTF-8, and a body labelled
// `application/json` with parameters (quoted too) or in other letter cases, its text written the less common ways RFC 8259
// allows (blanks before and after the value too), is read as the JSON it is.
// Beyond them (otherFormsCheck, bodyOtherFormsCheck): Accepts naming other formats and an Accept-Charset without UTF-8
// get UTF-8 JSON or 406, and a GET's conditions it cannot meet get the full answer (RFC 9110 13.1).

import type { Endpoint } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { echoMismatches } from '../assert/echo.js';
import { expectUtf8Json, isJsonMediaType } from '../assert/responses.js';
import { contentCodings } from '../http/content-coding.js';
import { unusualJsonText } from '../gen/json-text.js';
import { check, type Call, type CallSpec, type CheckContext } from '../harness/index.js';
import type { CheckOptions } from '../harness/check.js';
import { sentBody, type Written } from '../harness/resources.js';
import { checkIdOf } from '../result/check-id.js';
import { isJsonObject } from '../util/json.js';

/** A family's request of one endpoint: `spec` sent with these headers over its own, the later winning. */
export const sendWithHeaders =
  (t: CheckContext, endpoint: Endpoint, spec: CallSpec) =>
  (...headers: CallSpec['headers'][]): Promise<Call> =>
    t.call(endpoint.key as Parameters<CheckContext['call']>[0], {
      ...spec,
      headers: Object.assign({}, spec.headers, ...headers) as CallSpec['headers'],
    });

/** Accept headers a JSON answer satisfies (RFC 9110 12.5.1): each gets what no Accept gets. */
export const JSON_ACCEPTS = [
  'application/json',
  'application/json; charset=utf-8',
  'application/*',
  '*/*',
  'text/html, application/json;q=0.9',
  'Application/JSON',
] as const;

/** An Accept JSON does not satisfy: a server may answer JSON anyway or refuse it (406). */
export const UNSATISFIED_ACCEPT = 'text/plain';

/**
 * Content-Types RFC 9110 (8.3.1, 5.6.6) makes `application/json` in UTF-8: a parameter, no blank, a blank before `;`
 * (never around `=`, which the grammar does not allow), a quoted value, other letter cases of type, subtype and
 * parameter name.
 */
export const JSON_CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json ;charset="utf-8"',
  'Application/JSON; Charset=UTF-8',
] as const;

/**
 * Content codings a client may offer (RFC 9110 12.5.3), each on every endpoint. Each answer is
 * either not coded, or labelled with the coding it has (RFC 9110 8.4) and decodes to the same answer.
 */
export const CONTENT_CODINGS = ['gzip', 'br', 'deflate'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Accept-Encoding values under which identity is the only acceptable coding (RFC 9110 12.5.3): a weight of 0 (in each
 * of its written forms, `0`, `0.0`, `0.000`) means "not acceptable", `*;q=0` excludes every coding not listed, and a
 * coding not listed (no `*`) is not asked for. Each is answered uncoded (no Content-Encoding, or `identity`).
 */
export const UNCODED_OFFERS = [
  'gzip;q=0, identity',
  'identity, *;q=0',
  'gzip;q=0.000, deflate;q=0.0, br;q=0',
  'identity',
] as const;

/** The content codings an answer is labelled with (identity aside): none is due under an UNCODED_OFFERS value. */
export const codedWith = (call: Pick<Call, 'response'>): string[] =>
  contentCodings(call.response.headers['content-encoding']);

const NOT_ACCEPTABLE = 406;

/**
 * An answer labelled with content codings whose body is not JSON once decoded as labelled (the client decodes each
 * coding strictly, `lib/http/content-coding.ts`, and keeps the bytes it cannot): the label does not say what it is.
 */
export const undecodable = (call: Pick<Call, 'response'>): boolean =>
  contentCodings(call.response.headers['content-encoding']).length > 0 &&
  call.response.text.trim() !== '' &&
  call.response.json === undefined;
const NO_ACCEPT = { accept: null } as const;

/** What two answers must share: the status class, and the keys of the body and of each object it holds. */
export function outcomeOf(call: Pick<Call, 'response'>): string {
  const { status, json } = call.response;
  const keys = (value: unknown): string =>
    isJsonObject(value)
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${k}${isJsonObject(value[k]) ? keys(value[k]) : Array.isArray(value[k]) ? '[]' : ''}`)
          .join(',')}}`
      : Array.isArray(value)
        ? '[]'
        : typeof value;
  return `${Math.floor(status / 100)}xx ${call.response.text.trim() === '' ? 'no body' : keys(json)}`;
}

export interface AcceptTarget {
  readonly endpoint: Endpoint;
  /** The request, ready to send again (IDs the suites use: fixtures, resources created for it). */
  request(t: CheckContext): Promise<CallSpec>;
  /** The content codings offered, one request each (gzip when not given). */
  readonly codings?: readonly ContentCoding[];
  readonly options?: CheckOptions;
}

/**
 * Every Accept form on one endpoint, compared with the same request without Accept (RESPONSE-ACCEPT-JSON), each
 * answer labelled with no encoding but UTF-8 (RESPONSE-JSON-UTF8). The codings offered come first; each Accept form
 * after them carries an Accept-Encoding that leaves identity alone acceptable (UNCODED_OFFERS, in turn) and must come
 * uncoded: a coding with weight 0 is never applied, and each request is answered for its own headers, never with the
 * coded bytes a request before it asked for (a cache keyed by the URL alone).
 */
export function acceptFormsCheck({ endpoint, request, codings = ['gzip'], options }: AcceptTarget): void {
  const requirements: RequirementId[] = ['RESPONSE-ACCEPT-JSON', 'RESPONSE-JSON-UTF8'];
  check(
    checkIdOf('http.accept', endpoint.key),
    requirements,
    `${endpoint.key} answers ${JSON_ACCEPTS.map((a) => `Accept: ${a}`).join(', ')} as it answers no Accept, and Accept: ${UNSATISFIED_ACCEPT} the same or 406, each JSON answer labelled with no charset but UTF-8; with ${codings.map((c) => `Accept-Encoding: ${c}`).join(', ')} the same answer, not coded or labelled with the coding it has; after them, each Accept form with ${UNCODED_OFFERS.map((o) => `Accept-Encoding: ${o}`).join(', ')} in turn, uncoded`,
    async (t) => {
      const spec = await request(t);
      const sent = sendWithHeaders(t, endpoint, spec);
      const send = async (headers: CallSpec['headers']) => {
        const call = await sent(headers);
        expectUtf8Json(call);
        t.verified.add('RESPONSE-JSON-UTF8');
        return call;
      };
      const expected = outcomeOf(await send(NO_ACCEPT));
      const acceptForms = async () => {
        for (const [i, accept] of [...JSON_ACCEPTS, UNSATISFIED_ACCEPT].entries()) {
          // After the coded answers: identity alone acceptable, so no coding, whatever was asked for before.
          const offer = UNCODED_OFFERS[i % UNCODED_OFFERS.length]!;
          const call = await send({ accept, 'accept-encoding': offer });
          const coded = codedWith(call);
          t.assert(
            !coded.length,
            ['RESPONSE-ACCEPT-JSON'],
            `with Accept-Encoding: ${offer}, after requests offering ${codings.join(', ')}, the answer is labelled Content-Encoding: ${coded.join(', ')}: that leaves identity the only acceptable coding (RFC 9110 12.5.3, a weight of 0 is "not acceptable"), and each request is answered for its own Accept-Encoding`,
            call,
          );
          if (accept === UNSATISFIED_ACCEPT && call.response.status === NOT_ACCEPTABLE) {
            t.expectRejection(call, requirements, {}, `Accept: ${accept}`);
            continue;
          }
          const got = outcomeOf(call);
          t.assert(
            got === expected,
            requirements,
            `with Accept: ${accept}, the answer differs from the one without Accept (${expected}): ${got}`,
            call,
          );
        }
      };
      for (const coding of codings) {
        const call = await send({ 'accept-encoding': coding });
        // Any coding it is labelled with is read as labelled (the client decodes it): the label must say what it is.
        const labelled = contentCodings(call.response.headers['content-encoding']);
        const got = outcomeOf(call);
        t.assert(
          !undecodable(call),
          requirements,
          `with Accept-Encoding: ${coding}, the answer labelled Content-Encoding: ${labelled.join(', ')} does not decode as that coding (RFC 9110 8.4.1: gzip as RFC 1952, deflate the zlib format of RFC 1950, br RFC 7932) into JSON`,
          call,
        );
        t.assert(
          got === expected,
          requirements,
          `with Accept-Encoding: ${coding}, the answer ${labelled.length ? `decoded from ${labelled.join(', ')}` : 'labelled with no content coding'} differs from the one without (${expected}): ${got}`,
          call,
        );
      }
      await acceptForms();
    },
    options,
  );
}

export interface BodyFormsTarget {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** The operation's own rule. */
  readonly requirement: RequirementId;
  /** A write whose name field holds `name`, its body labelled and its answer asked for as `written` says. */
  send(t: CheckContext, name: string, written: Written): Promise<Call>;
  /** Which Accept form the first write carries (each write carries every form; this varies their pairing with Content-Types). */
  readonly acceptFrom: number;
  readonly options?: CheckOptions;
}

/**
 * Writes labelled with every Content-Type naming JSON, asking for JSON with every Accept form: each read as the JSON
 * it is (REQUEST-JSON-FORMS) and answered as without them (RESPONSE-ACCEPT-JSON).
 */
export function bodyFormsCheck(target: BodyFormsTarget): void {
  const requirements: RequirementId[] = ['REQUEST-JSON-FORMS', 'RESPONSE-ACCEPT-JSON', target.requirement];
  check(
    `${target.id}.media-type-forms`,
    requirements,
    `${target.operation} reads a body labelled ${JSON_CONTENT_TYPES.join(', ')}, written with blanks around the value, as the JSON it is, and answers each of ${JSON_ACCEPTS.map((a) => `Accept: ${a}`).join(', ')} (and each of ${CONTENT_CODINGS.map((c) => `Accept-Encoding: ${c}`).join(', ')}) with its resource, each coded answer decoded strictly as labelled, and offers leaving identity alone acceptable (${UNCODED_OFFERS.join('; ')}, in turn) uncoded`,
    async (t) => {
      // As many writes as the longer of the two lists: every Content-Type and every Accept form on every write.
      const writes = Math.max(JSON_CONTENT_TYPES.length, JSON_ACCEPTS.length);
      for (let i = 0; i < writes; i++) {
        const contentType = JSON_CONTENT_TYPES[i % JSON_CONTENT_TYPES.length]!;
        const accept = JSON_ACCEPTS[(target.acceptFrom + i) % JSON_ACCEPTS.length]!;
        const how = `a body labelled ${contentType}, written with blanks around the value, with Accept: ${accept}`;
        // The first writes offer a content coding too, one each: the answer, decoded as labelled, is the same resource.
        // The others offer identity alone (a coding at weight 0, `*;q=0`): their answers come uncoded.
        const uncoded =
          i < CONTENT_CODINGS.length
            ? undefined
            : UNCODED_OFFERS[(i - CONTENT_CODINGS.length + target.acceptFrom) % UNCODED_OFFERS.length]!;
        const offered = CONTENT_CODINGS[i] ?? uncoded;
        const coding: Record<string, string> = offered === undefined ? {} : { 'accept-encoding': offered };
        const call = await target.send(t, t.name(`media type ${i + 1}`), {
          headers: { 'content-type': contentType, accept, ...coding },
          jsonText: unusualJsonText,
        });
        t.assert(
          call.response.status !== NOT_ACCEPTABLE,
          ['RESPONSE-ACCEPT-JSON'],
          `${target.operation} refused Accept: ${accept}, which its JSON answer satisfies`,
          call,
        );
        t.assert(
          !undecodable(call),
          ['RESPONSE-ACCEPT-JSON'],
          `${target.operation} with ${how}, Accept-Encoding: ${offered}: the answer labelled Content-Encoding: ${call.response.headers['content-encoding']} does not decode as that coding into JSON`,
          call,
        );
        t.assert(
          uncoded === undefined || !codedWith(call).length,
          ['RESPONSE-ACCEPT-JSON'],
          `${target.operation} with ${how}, Accept-Encoding: ${uncoded}: the answer is labelled Content-Encoding: ${codedWith(call).join(', ')}, a coding that offer leaves unacceptable (RFC 9110 12.5.3, a weight of 0 is "not acceptable")`,
          call,
        );
        const resource = t.expectResource(call, [...requirements.filter((r) => r !== 'RESPONSE-ACCEPT-JSON')], how);
        const mismatches = echoMismatches(sentBody(call), resource);
        t.assert(
          !mismatches.length,
          ['REQUEST-JSON-FORMS'],
          `${target.operation} with ${how} did not store what the body writes: ${mismatches.join('; ')}`,
          call,
        );
      }
    },
    target.options ?? { writes: true },
  );
  bodyOtherFormsCheck(target);
}

/** Accepts JSON satisfies no part of (RFC 9110 12.5.1): the JSON answer, or 406; never an answer in the format named. */
export const OTHER_ACCEPTS = [
  'text/csv',
  'text/html',
  'application/xml',
  'text/csv, text/html;q=0.9, application/xml;q=0.8',
] as const;

/** An Accept-Charset without UTF-8: JSON exchanged between systems is UTF-8 (RFC 8259 8.1), so UTF-8 still, or 406. */
export const OTHER_CHARSET = 'iso-8859-1';

/** A date before anything the target holds was made: nothing is unmodified since then. */
const LONG_AGO = 'Sat, 01 Jan 2000 00:00:00 GMT';

/**
 * Conditions no GET may be answered 304 Not Modified to (RFC 9110 13.1.2, 13.1.3): entity tags the target never
 * gave (`*` would match any answer), and a date before the answer was made; unless the target's own ETag or
 * Last-Modified says otherwise. A date in the future is left out: a server may answer it 304 or ignore it.
 */
const UNMET_CONDITIONS: readonly {
  readonly headers: Readonly<Record<string, string>>;
  /** Whether the answer without the condition lets this one be met after all. */
  readonly metBy: (headers: Readonly<Record<string, string>>) => boolean;
}[] = [
  {
    headers: { 'if-none-match': '"aes-never-given", W/"aes-never-given-weak"' },
    metBy: (headers) => /aes-never-given/.test(headers['etag'] ?? ''),
  },
  {
    headers: { 'if-modified-since': LONG_AGO },
    metBy: (headers) => Date.parse(headers['last-modified'] ?? '') <= Date.parse(LONG_AGO),
  },
];

const conditionText = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

const isJsonAnswer = (call: Pick<Call, 'response'>): boolean =>
  call.response.text.trim() === '' || isJsonMediaType(call.response.headers['content-type'] ?? '');

/** Characters the client could not read as UTF-8 (each became U+FFFD). */
const unreadable = (call: Pick<Call, 'response'>): number => call.response.text.split('\uFFFD').length - 1;

export interface OtherForms {
  /** The GET's own rule, which conditions its answer cannot meet must not withhold (none: no conditions sent). */
  readonly rule?: RequirementId;
  /** Accept chooses the answer's form (the document endpoint): the request's own Accept is kept, no other is sent. */
  readonly acceptChoosesForm?: boolean;
}

/**
 * Requests beyond the happy path on one endpoint without a body, each compared with the same request without
 * them: Accepts naming other formats get the JSON answer or 406 (RESPONSE-ACCEPT-JSON), an Accept-Charset without
 * UTF-8 gets UTF-8 or 406 (RESPONSE-JSON-UTF8) and, on a GET, conditions the answer cannot meet get the full answer
 * (the GET's own rule).
 */
export function otherFormsCheck(
  { endpoint, request, options }: AcceptTarget,
  { rule, acceptChoosesForm = false }: OtherForms = {},
): void {
  const accepts = acceptChoosesForm ? [] : OTHER_ACCEPTS;
  const requirements: RequirementId[] = [
    ...(accepts.length ? (['RESPONSE-ACCEPT-JSON'] as const) : []),
    'RESPONSE-JSON-UTF8',
    ...(rule ? [rule] : []),
  ];
  const conditions = rule === undefined ? [] : UNMET_CONDITIONS.map((condition) => ({ ...condition, rule }));
  check(
    checkIdOf('http.other-forms', endpoint.key),
    requirements,
    `${endpoint.key} answers ${[...accepts.map((a) => `Accept: ${a}`), `Accept-Charset: ${OTHER_CHARSET}`].join(', ')} as it answers without them (in UTF-8 JSON), or 406${conditions.length ? `; ${conditions.map((c) => conditionText(c.headers)).join(', ')} get the full answer` : ''}`,
    async (t) => {
      const spec = await request(t);
      const send = sendWithHeaders(t, endpoint, spec);
      const plain = await send(acceptChoosesForm ? {} : NO_ACCEPT);
      const expected = outcomeOf(plain);
      const sameOutcome = (call: Call, how: string, rules: RequirementId[]) =>
        t.assert(
          outcomeOf(call) === expected,
          rules,
          `with ${how}, the answer differs from the one without it (${expected}): ${outcomeOf(call)}`,
          call,
        );
      for (const accept of accepts) {
        const call = await send({ accept });
        if (call.response.status === NOT_ACCEPTABLE) {
          t.expectRejection(call, ['RESPONSE-ACCEPT-JSON'], {}, `Accept: ${accept}`);
          continue;
        }
        t.assert(
          isJsonAnswer(call),
          ['RESPONSE-ACCEPT-JSON'],
          `with Accept: ${accept}, ${endpoint.key} answered ${call.response.headers['content-type'] ?? 'no Content-Type'}: JSON or a 406 refusal, never another format`,
          call,
        );
        sameOutcome(call, `Accept: ${accept}`, ['RESPONSE-ACCEPT-JSON']);
      }
      const charset = await send({ 'accept-charset': OTHER_CHARSET });
      if (charset.response.status === NOT_ACCEPTABLE) {
        t.expectRejection(charset, ['RESPONSE-JSON-UTF8'], {}, `Accept-Charset: ${OTHER_CHARSET}`);
      } else {
        t.assert(
          unreadable(charset) <= unreadable(plain),
          ['RESPONSE-JSON-UTF8'],
          `with Accept-Charset: ${OTHER_CHARSET}, the answer's bytes are not UTF-8 (${unreadable(charset)} characters unreadable, ${unreadable(plain)} without it): JSON exchanged between systems is UTF-8 (RFC 8259)`,
          charset,
        );
        sameOutcome(charset, `Accept-Charset: ${OTHER_CHARSET}`, ['RESPONSE-JSON-UTF8']);
      }
      for (const { headers, metBy, rule: own } of conditions) {
        if (metBy(plain.response.headers)) continue;
        const how = conditionText(headers);
        const call = await send(headers);
        t.assert(
          call.response.status !== 304,
          [own],
          `with ${how}, ${endpoint.key} answered 304 Not Modified: no tag it gave matches, and nothing it answers is older than the date, so the full answer is due (RFC 9110 13.1)`,
          call,
        );
        sameOutcome(call, how, [own]);
      }
      t.verified.add('RESPONSE-JSON-UTF8');
    },
    options,
  );
}

/**
 * Writes asking for their answer in each other format (and a list of them), then one with a non-ASCII name asking for
 * another charset: each the JSON answer in UTF-8, or 406 (RESPONSE-ACCEPT-JSON, RESPONSE-JSON-UTF8).
 */
export function bodyOtherFormsCheck(target: BodyFormsTarget): void {
  const requirements: RequirementId[] = ['RESPONSE-ACCEPT-JSON', 'RESPONSE-JSON-UTF8', target.requirement];
  check(
    `${target.id}.other-forms`,
    requirements,
    `${target.operation} with each of ${OTHER_ACCEPTS.map((a) => `Accept: ${a}`).join(', ')}, and with a name in Latin letters beyond ASCII and Accept-Charset: ${OTHER_CHARSET}, answers UTF-8 JSON or 406`,
    async (t) => {
      const asked = [
        ...OTHER_ACCEPTS.map((accept, i) => ({
          how: `Accept: ${accept}`,
          name: t.name(`other accept ${i + 1}`),
          headers: { accept },
          rule: 'RESPONSE-ACCEPT-JSON' as const,
        })),
        {
          how: `Accept-Charset: ${OTHER_CHARSET}`,
          name: t.name('Café Zürich'),
          headers: { 'accept-charset': OTHER_CHARSET },
          rule: 'RESPONSE-JSON-UTF8',
        },
      ] as const;
      for (const { how, name, headers, rule } of asked) {
        const call = await target.send(t, name, { headers });
        if (call.response.status === NOT_ACCEPTABLE) {
          t.expectRejection(call, [rule], {}, how);
          continue;
        }
        t.assert(
          isJsonAnswer(call) && unreadable(call) === 0,
          [rule],
          `with ${how}, ${target.operation} answered ${call.response.headers['content-type'] ?? 'no Content-Type'}${unreadable(call) ? ` with ${unreadable(call)} characters that are not UTF-8` : ''}: UTF-8 JSON or a 406 refusal, never another format or charset`,
          call,
        );
        t.expectResource(call, [target.requirement], `${target.operation} with ${how}`);
      }
      t.verified.add('RESPONSE-JSON-UTF8');
    },
    target.options ?? { writes: true },
  );
}
