// The one way suites talk to a target: undici keep-alive agents, a timeout and a size
// cap on every response, back-pressure waited out by the whole run (throttle.ts), and
// every exchange recorded with the key redacted.

import { Readable } from 'node:stream';
import { type Dispatcher, request as undiciRequest } from 'undici';
import { API_KEY_HEADER } from '../contract/enums.js';
import type { Exchange, RecordedRequest, RecordedResponse } from './exchange.js';
import { TransportError } from './exchange.js';
import { Connections } from './connections.js';
import { harRecorder, type Recorded } from './har.js';
import { ConnectionRecorder } from './received.js';
import { API_KEY_PLACEHOLDER, redact, registerSecret } from './redact.js';
import { Throttle } from './throttle.js';
import { SUITE } from '../util/suite.js';
import { utf8Text } from '../util/utf8.js';
import { decodedBody } from './content-coding.js';
import { proxyFor, shownProxy, type Transport } from './transport.js';
import { rawExchange, RawFailure, type RawOptions } from './raw.js';

export interface ClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly maxResponseBytes?: number;
  /** Requests a second this client sends at most (its share of RATE_LIMIT). */
  readonly ratePerSecond?: number;
  /** Back-pressure with no answer anywhere for this long ends the retries (default a minute). */
  readonly throttleGiveUpMs?: number;
  /** Every exchange is appended to this thread's part of the run's HAR file (lib/http/har.ts). */
  readonly harParts?: string;
  /** A proxy, TLS verification off, extra headers (transport.ts). */
  readonly transport?: Transport;
}

export interface RequestSpec {
  readonly method: string;
  /** Path below the base URL, starting with `/v1/`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** `key` (default) sends the configured key; `none` sends no key; `{key}` sends that value. */
  readonly auth?: 'key' | 'none' | { readonly key: string };
  /** A JSON body, serialised here. */
  readonly json?: unknown;
  /** How the JSON body is written (JSON.stringify by default): a server must read any valid JSON text of it alike. */
  readonly jsonText?: (value: unknown) => string;
  /** A body sent verbatim (for malformed-JSON tests); implies a JSON content type. */
  readonly rawBody?: string;
  /** Headers to send; null leaves one out, the client's own default (`accept: application/json`) included. */
  readonly headers?: Readonly<Record<string, string | null>>;
  /** The name the key is sent under, letter case as given (header names are case-insensitive): X-API-Key by default. */
  readonly keyHeader?: string;
  /** The body sent chunked (Transfer-Encoding: chunked, no Content-Length), as streaming clients send it. */
  readonly chunked?: boolean;
  /** A request of the quiet section under way (`alone`), which it does not hold back. */
  readonly quiet?: boolean;
  /**
   * Sent on this one connection (`ApiClient.oneConnection`), after the requests sent on it before, never sent again
   * on another: for what a connection carries from one request to the next.
   */
  readonly connection?: Dispatcher;
  /**
   * The request target sent as written, never parsed as a URL (RFC 9112 3.2): dot segments and doubled slashes kept,
   * in origin form (the path and query) or in absolute form (the whole URL, as a client sends it to a proxy).
   */
  readonly targetForm?: 'origin-form' | 'absolute-form';
  /**
   * Written by hand on a connection of its own (raw.ts), for what undici cannot send: an HTTP/1.0 request, an Expect
   * header. Not through a proxy (`rawPossible`): the proxy's framing and expectations would be judged.
   */
  readonly raw?: RawOptions;
}

// Above the largest answer a correct server can give: an agent echoing a 10 MiB configuration
// (the specification's largest field, read as MiB) even with its text escaped twice over.
const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** Named on every request (RFC 9110 10.1.5: a user agent SHOULD send it): firewalls in front of APIs refuse requests without one. */
const USER_AGENT = `${SUITE.name}/${SUITE.version}`;
const DEFAULT_GIVE_UP_MS = 60_000;
// A 429 that names no time: a second, as the rate limits that do name one mostly ask.
const DEFAULT_BACK_OFF_MS = 1_000;
const SPIN_FREE_RETRIES = 3;
const MAX_SPIN_WAIT_MS = 5_000;

/** A request body's text, and whether it goes chunked. */
interface Body {
  readonly text: string;
  readonly chunked: boolean;
}

/**
 * A body longer than this goes to undici in pieces of PIECE_CHARS, its Content-Length stated: undici
 * copies a string body into one buffer of its whole length, and once the C library has freed a buffer
 * that large it keeps the next ones' pages (its threshold for giving memory back rises to their size):
 * with the size checks' 10 MB bodies, a default run's peak varied by up to 30 MB (docs/benchmarks.md).
 */
const WHOLE_BODY_MAX_CHARS = 1024 * 1024;
const PIECE_CHARS = 64 * 1024;

/** The body's bytes, PIECE_CHARS characters at a time (a surrogate pair kept whole). */
function* pieces(text: string): Generator<Buffer> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield Buffer.from(text.slice(start, end), 'utf8');
    start = end;
  }
}

/** What undici is given for a body (a fresh stream each attempt): its text, a stream of unknown length (then chunked), or its pieces with their length. */
function undiciBody(
  body: Body | undefined,
  headers: Record<string, string>,
): { body?: string | Readable; headers: Record<string, string> } {
  if (body === undefined) return { headers };
  if (body.chunked) return { body: Readable.from([Buffer.from(body.text)]), headers };
  const lengthGiven = Object.keys(headers).some((name) => name.toLowerCase() === 'content-length');
  if (body.text.length <= WHOLE_BODY_MAX_CHARS || lengthGiven) return { body: body.text, headers };
  return {
    body: Readable.from(pieces(body.text)),
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body.text, 'utf8')) },
  };
}

/** Back-pressure stopped the run: no request got an answer for the give-up time. */
export class ThrottledError extends TransportError {}

export class ApiClient {
  private readonly connections: Connections;
  private readonly throttle: Throttle;
  private readonly record: ((recorded: Recorded) => void) | undefined;

  constructor(private readonly options: ClientOptions) {
    registerSecret(options.apiKey);
    this.record = options.harParts === undefined ? undefined : harRecorder(options.harParts);
    this.connections = new Connections(options.concurrency, options.transport);
    this.throttle = new Throttle(options.baseUrl, {
      concurrency: options.concurrency,
      giveUpMs: options.throttleGiveUpMs ?? DEFAULT_GIVE_UP_MS,
      ...(options.ratePerSecond === undefined ? {} : { ratePerSecond: options.ratePerSecond }),
    });
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** The most of one response body that is read; a longer body is cut and marked `truncated`. */
  get maxResponseBytes(): number {
    return this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  async send(spec: RequestSpec): Promise<Exchange> {
    const url = this.options.baseUrl + spec.path + queryString(spec.query);
    const { headers, recordedHeaders } = this.headersFor(spec);
    const text = spec.rawBody ?? (spec.json === undefined ? undefined : (spec.jsonText ?? JSON.stringify)(spec.json));
    const body = text === undefined ? undefined : { text, chunked: spec.chunked ?? false };
    const recorded: RecordedRequest =
      body === undefined
        ? { method: spec.method, url, headers: recordedHeaders }
        : { method: spec.method, url, headers: recordedHeaders, body: text };
    const started = performance.now();
    const startedAt = performance.timeOrigin + started;
    // Bounded by time, not by a count: the throttle gives up when nothing has got through for its give-up time.
    for (let attempt = 0; ; attempt++) {
      if (this.throttle.givenUp)
        throw new ThrottledError(`${spec.method} ${redact(url)}: ${this.throttle.givenUpMessage}`, recorded);
      const response = await this.throttle
        .run(
          () =>
            spec.raw
              ? this.rawOnceRetryingClosed(spec.method, url, headers, body, recorded, spec.raw)
              : spec.connection
                ? this.once(spec.method, url, headers, body, recorded, spec.connection)
                : this.onceRetryingReset(spec.method, url, headers, body, recorded, this.targetOf(spec)),
          spec.quiet,
        )
        .catch((error: unknown) => {
          const durationMs = performance.now() - started;
          if (this.options.transport?.verbose) verboseLine(spec.method, url, 'no answer', durationMs, attempt);
          // One message wherever a request was cut short, so the reports show one cause (the request is in the evidence).
          const thrown = this.throttle.stopSignal.aborted
            ? new TransportError(`not finished: ${(this.throttle.stopSignal.reason as Error).message}`, recorded, false)
            : error;
          const unanswered = thrown instanceof Error ? thrown.message : String(thrown);
          this.record?.({ request: recorded, startedAt, durationMs, retries: attempt, unanswered });
          throw thrown;
        });
      const wait = backPressureMs(response);
      if (wait === undefined) {
        this.throttle.answered();
        const exchange = {
          request: recorded,
          response,
          startedAt,
          durationMs: performance.now() - started,
          retries: attempt,
        };
        this.record?.(exchange);
        if (this.options.transport?.verbose)
          verboseLine(spec.method, url, String(response.status), exchange.durationMs, attempt);
        return exchange;
      }
      // A server asking again and again for no wait at all gets a growing one, so that no request spins.
      this.throttle.backPressure(
        attempt < SPIN_FREE_RETRIES
          ? wait
          : Math.max(wait, Math.min(MAX_SPIN_WAIT_MS, 100 * 2 ** (attempt - SPIN_FREE_RETRIES))),
      );
    }
  }

  /** Runs `task` with no other request of this client in flight but those it sends `quiet` (`Throttle.alone`). */
  alone<T>(task: (quiet: boolean) => Promise<T>): Promise<T> {
    return this.throttle.alone(task);
  }

  /**
   * A dispatcher of one keep-alive connection to the target (undici sends each request when the one before is
   * answered): requests given it as `connection` follow each other on it. Closed by the caller.
   */
  oneConnection(): Dispatcher {
    return this.connections.single();
  }

  /**
   * `oneConnection`, with the bytes each connection it opens receives recorded (received.ts); undefined where a proxy
   * stands between (its own framing is all a client sees).
   */
  recordedConnection(): { connection: Dispatcher; recorder: ConnectionRecorder } | undefined {
    if (proxyFor(this.options.baseUrl, this.options.transport ?? {}) !== undefined) return undefined;
    const recorder = new ConnectionRecorder();
    return { connection: this.connections.single(recorder), recorder };
  }

  /** Whether requests can be written by hand to the target (`raw`): no proxy stands between. */
  get rawPossible(): boolean {
    return proxyFor(this.options.baseUrl, this.options.transport ?? {}) === undefined;
  }

  /** Whether back-pressure with no answer for the give-up time ended this client's retries (or another's of the target). */
  get givenUp(): boolean {
    return this.throttle.givenUp;
  }

  get givenUpMessage(): string {
    return this.throttle.givenUpMessage;
  }

  async close(): Promise<void> {
    this.throttle.close();
    await this.connections.close();
  }

  /** The request target as written, where the spec asks for one (`targetForm`); undefined: the URL, parsed. */
  private targetOf(spec: RequestSpec): { origin: string; path: string } | undefined {
    if (spec.targetForm === undefined) return undefined;
    const base = new URL(this.options.baseUrl);
    const path = base.pathname.replace(/\/$/, '') + spec.path + queryString(spec.query);
    return { origin: base.origin, path: spec.targetForm === 'absolute-form' ? base.origin + path : path };
  }

  private headersFor(spec: RequestSpec): { headers: Record<string, string>; recordedHeaders: Record<string, string> } {
    const headers: Record<string, string> = {};
    // Extra headers (HEADERS) replace the client's defaults, and yield to a header the check sets or removes.
    const extra = (this.options.transport?.headers ?? []).map((h): [string, string] => [h.name, h.value]);
    for (const [name, value] of overlaid(
      [['accept', 'application/json'], ['user-agent', USER_AGENT], ...extra],
      spec.headers ?? {},
    ))
      if (value !== null) headers[name] = value;
    if (spec.json !== undefined || spec.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const recordedHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) recordedHeaders[name] = redact(value);
    // undici sends a header name as written, so a check can choose its letter case.
    const keyHeader = spec.keyHeader ?? API_KEY_HEADER;
    const auth = spec.auth ?? 'key';
    if (auth === 'key' && this.options.apiKey !== undefined) {
      headers[keyHeader] = this.options.apiKey;
      recordedHeaders[keyHeader] = API_KEY_PLACEHOLDER;
    } else if (typeof auth === 'object') {
      headers[keyHeader] = auth.key;
      recordedHeaders[keyHeader] = redact(auth.key);
    }
    // Only recorded: undici frames a streamed body itself, and the curl line then sends it chunked too.
    if (spec.chunked) recordedHeaders['transfer-encoding'] = 'chunked';
    if (spec.raw?.expect !== undefined) recordedHeaders['expect'] = spec.raw.expect;
    return { headers, recordedHeaders };
  }

  /**
   * A reused keep-alive socket the server closed at the same moment resets before the request is
   * read: an idempotent request is sent once more on a fresh connection (see connections.ts).
   */
  private async onceRetryingReset(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Body | undefined,
    recorded: RecordedRequest,
    target?: { origin: string; path: string },
  ): Promise<RecordedResponse> {
    try {
      return await this.once(method, url, headers, body, recorded, this.connections.agentFor(method), target);
    } catch (error) {
      if (error instanceof TransportError && error.cutShort && method === 'GET')
        return this.onceMoreCutShort(error.cutShort, error, method, url, headers, recorded, target);
      if (!(error instanceof TransportError && error.reset && this.connections.resetWasIdleClose(method, error.cause)))
        throw error;
      return this.once(method, url, headers, body, recorded, this.connections.fresh, target);
    }
  }

  /**
   * A GET whose body ended with its connection short of its Content-Length: the network may cut one answer, so it is
   * asked once more on a fresh connection; cut alike again (as many bytes of as many declared), the server frames it so.
   */
  private async onceMoreCutShort(
    short: { readonly declared: number; readonly received: number },
    first: TransportError,
    method: string,
    url: string,
    headers: Record<string, string>,
    recorded: RecordedRequest,
    target?: { origin: string; path: string },
  ): Promise<RecordedResponse> {
    try {
      return await this.once(method, url, headers, undefined, recorded, this.connections.fresh, target);
    } catch (error) {
      const again = error instanceof TransportError ? error.cutShort : undefined;
      if (again?.declared !== short.declared || again.received !== short.received) throw error;
      const what = `its body ends with the connection after ${again.received} of the ${again.declared} bytes its Content-Length says, alike on two connections`;
      throw new TransportError(first.message, recorded, false, { cause: first.cause }, { what });
    }
  }

  /** A raw request (raw.ts), sent once more on a fresh connection when the server closed the first without an answer. */
  private async rawOnceRetryingClosed(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Body | undefined,
    recorded: RecordedRequest,
    raw: RawOptions,
  ): Promise<RecordedResponse> {
    try {
      return await this.rawOnce(method, url, headers, body, recorded, raw);
    } catch (error) {
      if (!(error instanceof TransportError && error.reset)) throw error;
      return this.rawOnce(method, url, headers, body, recorded, raw);
    }
  }

  private async rawOnce(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Body | undefined,
    recorded: RecordedRequest,
    raw: RawOptions,
  ): Promise<RecordedResponse> {
    const target = new URL(url);
    if (!this.rawPossible)
      throw new TransportError(`${method} ${redact(url)}: not written by hand through a proxy`, recorded);
    const bytes = body === undefined ? undefined : Buffer.from(body.text, 'utf8');
    const version = raw.version ?? 'HTTP/1.1';
    const fields: Array<[string, string]> = [['Host', target.host], ...Object.entries(headers)];
    if (raw.expect !== undefined) fields.push(['Expect', raw.expect]);
    if (bytes !== undefined) fields.push(['Content-Length', String(bytes.length)]);
    if (version === 'HTTP/1.1') fields.push(['Connection', 'close']);
    const timeoutMs = this.options.timeoutMs;
    try {
      const answer = await rawExchange({
        url: target,
        method,
        target: target.pathname + target.search,
        headers: fields,
        ...(bytes === undefined ? {} : { body: bytes }),
        version,
        awaitContinue: raw.expect !== undefined && /^\s*100-continue\s*$/i.test(raw.expect),
        timeoutMs,
        signal: this.throttle.stopSignal,
        ...(this.options.transport?.insecure ? { insecure: true } : {}),
      });
      const cut = answer.body.length > this.maxResponseBytes;
      const text = utf8Text(
        decodedBody(
          [cut ? answer.body.subarray(0, this.maxResponseBytes) : answer.body],
          answer.headers['content-encoding'],
          this.maxResponseBytes,
        ),
      );
      return { status: answer.status, headers: answer.headers, text, json: parseJson(text), truncated: cut };
    } catch (error) {
      if (!(error instanceof RawFailure)) throw error;
      const where = `${method} ${redact(url)} (${version}${raw.expect === undefined ? '' : `, Expect: ${raw.expect}`})`;
      if (error.kind === 'timeout')
        throw new TransportError(
          `${where}: no complete response within ${timeoutMs} ms (REQUEST_TIMEOUT_MS)`,
          recorded,
        );
      if (error.kind === 'unreadable')
        throw new TransportError(
          `${where}: ${redact(error.message)}`,
          recorded,
          false,
          { cause: error },
          {
            what: `it cannot be read as an HTTP message (${redact(error.message)})`,
          },
        );
      throw new TransportError(`${where}: ${redact(error.message)}`, recorded, error.kind === 'closed', {
        cause: error,
      });
    }
  }

  private async once(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Body | undefined,
    recorded: RecordedRequest,
    dispatcher: Dispatcher,
    target?: { origin: string; path: string },
  ): Promise<RecordedResponse> {
    const timeoutMs = this.options.timeoutMs;
    // What came before a failure, to tell a malformed answer from one cut short.
    const seen: Seen = { bytes: 0 };
    try {
      const options = {
        method: method as 'GET',
        ...undiciBody(body, headers),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), this.throttle.stopSignal]),
      };
      // A target as written goes to the dispatcher itself: undici's request() parses the URL, and parsing removes dot segments.
      const response = target
        ? await dispatcher.request({ ...options, origin: target.origin, path: target.path })
        : await undiciRequest(url, { ...options, dispatcher });
      const answered = flatHeaders(response.headers);
      seen.headers = answered;
      const { chunks, truncated } = await readCapped(response.body, this.maxResponseBytes, seen);
      const text = utf8Text(decodedBody(chunks, answered['content-encoding'], this.maxResponseBytes));
      return {
        status: response.statusCode,
        headers: answered,
        text,
        json: parseJson(text),
        truncated,
      };
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      throw new TransportError(
        describeTransportError(error, method, url, timeoutMs, proxyFor(url, this.options.transport ?? {})),
        recorded,
        RESET_CODES.has(code ?? ''),
        { cause: error },
        ...framingOf(error, code, seen),
      );
    }
  }
}

/** An answer as far as it came: its headers, once read, and how many bytes of its body. */
interface Seen {
  headers?: Readonly<Record<string, string>>;
  bytes: number;
}

/**
 * What was wrong with an answer that broke HTTP/1.1's framing (RFC 9112), as far as the answer itself shows it: a
 * Content-Length beside a Transfer-Encoding (6.1: a sender MUST NOT), a body its framing ends at another length than
 * its Content-Length, or bytes that are no HTTP message (undici's parser). Not a body the connection's end cut short of
 * its Content-Length (the network's doing, or a proxy's timeout: undici finds that mismatch only as the socket ends),
 * nor an answer in TLS to a plain-HTTP request (a wrong address, said apart).
 */
function malformedAnswer(error: unknown, code: string | undefined, seen: Seen): { what: string } | undefined {
  const err = error as { name?: string; message?: string; data?: unknown; stack?: string };
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    const encoding = seen.headers?.['transfer-encoding'];
    if (encoding !== undefined) return { what: `it carries both Content-Length and Transfer-Encoding (${encoding})` };
    // Judged only where undici found it in the bytes themselves (a message its framing ended): at the socket's end
    // (Parser.finish) a body cut short gives the same error, and anything undici might do otherwise is left unjudged.
    if (/\bParser\.finish\b/.test(err.stack ?? '') || !/\b(Parser\.execute|onMessageComplete)\b/.test(err.stack ?? ''))
      return undefined;
    return { what: 'its body is framed to another length than its Content-Length says' };
  }
  if (err.name !== 'HTTPParserError' || /^[\x15\x16]\x03/.test(String(err.data ?? ''))) return undefined;
  const reason = String(err.message ?? '').replace(/^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/, '$1');
  return { what: `it is no well-formed HTTP/1.1 message (${reason})` };
}

/**
 * What a failed answer says of its framing: malformed where undici found it so in the bytes; else, a body that ended
 * with the connection short of a Content-Length alone, as declared and received (the network's doing, or the server's).
 */
function framingOf(
  error: unknown,
  code: string | undefined,
  seen: Seen,
): [{ what: string } | undefined, { declared: number; received: number } | undefined] {
  const malformed = malformedAnswer(error, code, seen);
  const length = seen.headers?.['content-length'];
  // undici says so as a length mismatch or as the socket closed, by how the connection ended.
  const ended = code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || RESET_CODES.has(code ?? '');
  const short =
    !malformed &&
    ended &&
    length !== undefined &&
    /^\d+$/.test(length) &&
    seen.bytes < Number(length) &&
    seen.headers?.['transfer-encoding'] === undefined;
  return [malformed, short ? { declared: Number(length), received: seen.bytes } : undefined];
}

/** `GET /v1/personas?page_size=1 200 12 ms (2 retries)` on stderr: the path only, never a header. */
function verboseLine(method: string, url: string, status: string, ms: number, retries: number): void {
  const { pathname, search } = new URL(url);
  const waited = retries ? ` (${retries} ${retries === 1 ? 'retry' : 'retries'})` : '';
  process.stderr.write(`${redact(`${method} ${pathname}${search} ${status} ${Math.round(ms)} ms${waited}`)}\n`);
}

function queryString(query: RequestSpec['query']): string {
  if (!query) return '';
  // encodeURIComponent (space as %20): some servers do not read `+` as a space.
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  cap: number,
  seen: Seen,
): Promise<{ chunks: Buffer[]; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    seen.bytes = size;
    if (size > cap) {
      chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
      body.destroy();
      return { chunks, truncated: true };
    }
    chunks.push(chunk);
  }
  return { chunks, truncated: false };
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * How long back-pressure asks the run to wait: a 429 (Retry-After in seconds or as an HTTP date,
 * else a second), or a 503 that names a Retry-After. A 503 without one is the server's answer.
 */
function backPressureMs(response: RecordedResponse): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  const header = response.headers['retry-after'];
  const seconds = Number(header);
  const ms =
    header === undefined ? Number.NaN : Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (Number.isFinite(ms)) return Math.max(0, ms);
  return response.status === 429 ? DEFAULT_BACK_OFF_MS : undefined;
}

/** Headers by name in any letter case: each of `first` unless `then` names it too (then `then`'s, as written). */
function overlaid(
  first: ReadonlyArray<[string, string]>,
  then: Readonly<Record<string, string | null>>,
): Array<[string, string | null]> {
  const byName = new Map<string, [string, string | null]>();
  for (const [name, value] of [...first, ...Object.entries(then)]) byName.set(name.toLowerCase(), [name, value]);
  return [...byName.values()];
}

function describeTransportError(
  error: unknown,
  method: string,
  url: string,
  timeoutMs: number,
  proxy: string | undefined,
): string {
  const message = describeDirectError(error, method, url, timeoutMs);
  if (proxy === undefined) return message;
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  const via = shownProxy(proxy);
  // The proxy itself refused, was not found, or would not open the tunnel: nothing reached the target.
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code) || /proxy/i.test(err.message ?? '')) {
    const reason =
      code === 'ECONNREFUSED'
        ? 'the proxy refused the connection'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? "the proxy's host name was not found"
          : redact(err.message ?? '');
    return `${method} ${redact(url)}: cannot reach ${new URL(url).origin} through the proxy ${via}: ${reason} (HTTP_PROXY, HTTPS_PROXY, NO_PROXY)`;
  }
  return `${message} (through the proxy ${via})`;
}

function describeDirectError(error: unknown, method: string, url: string, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code;
  const where = `${method} ${redact(url)}`;
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `${where}: no complete response within ${timeoutMs} ms (REQUEST_TIMEOUT_MS)`;
  }
  if (code === 'ECONNREFUSED') return `${where}: connection refused — is the target running at this address?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${where}: host name not found`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${where}: the connection was reset by the target`;
  // https:// to a plain-HTTP port: the server's first bytes are no TLS record.
  if (
    code === 'ERR_SSL_WRONG_VERSION_NUMBER' ||
    code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' ||
    /wrong version number|packet length too long/i.test(err.message ?? '')
  ) {
    return `${where}: TLS handshake failed: is this an http:// port? (the server did not answer in TLS)`;
  }
  if (code?.startsWith('ERR_SSL_')) return `${where}: TLS handshake failed (${code})`;
  // http:// to a TLS port: the answer begins with a TLS record (0x15 alert, 0x16 handshake, version 3.x).
  if (err.name === 'HTTPParserError' && /^[\x15\x16]\x03/.test(String((error as { data?: unknown }).data ?? ''))) {
    return `${where}: the server answered in TLS: is this an https:// port?`;
  }
  return `${where}: ${redact(err.message ?? String(error))}${code ? ` (${code})` : ''}`;
}
