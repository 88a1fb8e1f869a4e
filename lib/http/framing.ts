// HTTP/1.1's framing read from the bytes a connection received (RFC 9112 6): where each answer's body ends,
// by its Content-Length or its chunked coding, and what follows it. A client's parser is lenient where a
// server must be exact: undici skips line breaks before a status line, so a body longer than its
// Content-Length by a line break reads as framed. Here the bytes after one answer must be the next answer's
// status line, from its first byte. `answerAt` is the one reader of an answer's bytes: raw requests (raw.ts) read
// theirs with it too.

/** An answer's place in the bytes received: its status, its request (an index of `methods`), where it starts and ends. */
export interface FramedAnswer {
  readonly status: number;
  /** Undefined for an interim (1xx) answer, which answers no request on its own. */
  readonly request: number | undefined;
  readonly start: number;
  readonly end: number;
  /** How its body was framed: `Content-Length: 12`, `chunked`, `no body` (a HEAD, a 204 or 304, a 1xx). */
  readonly framing: string;
}

/** Bytes after an answer (or before the first) that are not the start of an answer. */
export interface StrayBytes {
  /** The answer they follow; undefined: they came before any. */
  readonly after: FramedAnswer | undefined;
  readonly at: number;
  /** The bytes up to the next status line's start (`HTTP/`), or to the end of what was received. */
  readonly bytes: Buffer;
  /** Whether a status line follows them. */
  readonly answerFollows: boolean;
}

export interface ReadFraming {
  readonly answers: readonly FramedAnswer[];
  readonly stray?: StrayBytes;
}

const STATUS_LINE_START = Buffer.from('HTTP/');

/** The end of the header section from `from`: the index after its empty line (CRLF, or a lone LF, RFC 9112 2.2). */
function headerEnd(bytes: Buffer, from: number): number | undefined {
  for (let i = bytes.indexOf(0x0a, from); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
    const next = i + 1;
    if (bytes[next] === 0x0a) return next + 1;
    if (bytes[next] === 0x0d && bytes[next + 1] === 0x0a) return next + 2;
  }
  return undefined;
}

/** The end of a line from `from` (the index after its LF), or undefined when the bytes stop first. */
function lineEnd(bytes: Buffer, from: number): number | undefined {
  const lf = bytes.indexOf(0x0a, from);
  return lf === -1 ? undefined : lf + 1;
}

/** A chunked body from `from`: where it ends (after its last chunk and trailer section) and its data; or why not. */
function chunkedBody(bytes: Buffer, from: number): { end: number; data: Buffer } | Unread {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const end = lineEnd(bytes, at);
    if (end === undefined) return { incomplete: 'a chunked body cut short' };
    const sizeLine = /^([0-9A-Fa-f]+)[ \t]*(?:;[^\r\n]*)?\r?\n$/.exec(bytes.subarray(at, end).toString('latin1'));
    if (!sizeLine) return { broken: 'a chunk size line is no hexadecimal number' };
    const size = Number.parseInt(sizeLine[1]!, 16);
    at = end;
    if (size === 0) {
      // The trailer section: field lines up to an empty line.
      for (;;) {
        const trailer = lineEnd(bytes, at);
        if (trailer === undefined) return { incomplete: 'a chunked body cut short' };
        const empty = trailer - at <= 2 && /^\r?\n$/.test(bytes.subarray(at, trailer).toString('latin1'));
        at = trailer;
        if (empty) return { end: at, data: Buffer.concat(parts) };
      }
    }
    if (at + size + 1 > bytes.length) return { incomplete: 'a chunked body cut short' };
    parts.push(bytes.subarray(at, at + size));
    at += size;
    if (bytes[at] === 0x0a) at += 1;
    else if (bytes[at] === 0x0d && at + 1 >= bytes.length) return { incomplete: 'a chunked body cut short' };
    else if (bytes[at] === 0x0d && bytes[at + 1] === 0x0a) at += 2;
    else return { broken: 'a chunk is longer than its size' };
  }
}

/** The header fields of a head (status line first), names in lower case, repeated fields joined by commas. */
function headerFields(head: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of head.split(/\r?\n/).slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    fields[name] = name in fields ? `${fields[name]}, ${value}` : value;
  }
  return fields;
}

/** Bytes that are no whole answer: they stop first (`incomplete`), or are none (`broken`), and why. */
export type Unread = { readonly incomplete: string } | { readonly broken: string };

/** One answer read from its status line at `start`: where its body starts and ends, and how it is framed. */
export interface Answer {
  readonly version: string;
  readonly status: number;
  /** Names in lower case, repeated fields joined by commas. */
  readonly headers: Readonly<Record<string, string>>;
  readonly start: number;
  readonly bodyStart: number;
  /** Undefined where the body ends with the connection (neither Content-Length nor chunked coding last). */
  readonly end: number | undefined;
  /** Its body's bytes as sent (a chunked body decoded); with no `end`, the bytes to the end of what came. */
  readonly body: Buffer;
  readonly framing: 'content-length' | 'chunked' | 'close' | 'no body';
}

/**
 * The answer whose status line begins at `start`, to a `method` request (a HEAD's, a 204's, a 304's and an interim
 * 1xx's have no body), by HTTP/1.1's framing (RFC 9112 6.3): one reader for every check that reads bytes.
 */
export function answerAt(bytes: Buffer, start: number, method: string | undefined): Answer | Unread {
  const bodyStart = headerEnd(bytes, start);
  if (bodyStart === undefined)
    return { incomplete: bytes.length === start ? 'no answer' : 'the head of an answer cut short' };
  const head = bytes.subarray(start, bodyStart).toString('latin1');
  const line = /^HTTP\/(\d(?:\.\d)?)[ \t]+(\d{3})(?:[ \t]|\r?\n)/.exec(head);
  if (!line) return { broken: `no status line: "${head.split(/\r?\n/)[0]!.slice(0, 40)}"` };
  const status = Number(line[2]);
  const headers = headerFields(head);
  const answer = { version: line[1]!, status, headers, start, bodyStart };
  if ((status >= 100 && status < 200) || method === 'HEAD' || status === 204 || status === 304)
    return { ...answer, end: bodyStart, body: Buffer.alloc(0), framing: 'no body' };
  const encoding = headers['transfer-encoding'];
  if (encoding !== undefined && /(?:^|,)\s*chunked\s*$/i.test(encoding)) {
    const chunked = chunkedBody(bytes, bodyStart);
    return 'end' in chunked ? { ...answer, end: chunked.end, body: chunked.data, framing: 'chunked' } : chunked;
  }
  const length = headers['content-length'];
  if (encoding === undefined && length !== undefined) {
    const values = new Set(length.split(',').map((v) => v.trim()));
    const [only] = values;
    if (values.size !== 1 || !/^\d+$/.test(only!)) return { broken: `Content-Length "${length}"` };
    const end = bodyStart + Number(only);
    if (end > bytes.length) return { incomplete: 'a body shorter than its Content-Length' };
    return { ...answer, end, body: bytes.subarray(bodyStart, end), framing: 'content-length' };
  }
  // Any coding but chunked last, or no framing at all: the body ends with the connection (RFC 9112 6.3, point 4).
  return { ...answer, end: undefined, body: bytes.subarray(bodyStart), framing: 'close' };
}

/**
 * The answers in the bytes one connection received, in order, with `methods` the methods of the requests sent on it
 * in order (a HEAD's answer has no body). Reading stops without a verdict where the bytes stop mid-answer or an
 * answer's end is the connection's (no Content-Length, no chunked coding), or where its framing is beyond reading
 * (a malformed Content-Length or chunk: the HTTP client judges those); it stops with `stray` at bytes after an
 * answer that are not the start of a status line (`HTTP/`), a prefix of one at the end of the bytes excepted.
 */
export function readFraming(bytes: Buffer, methods: readonly string[]): ReadFraming {
  const answers: FramedAnswer[] = [];
  let at = 0;
  let requests = 0;
  while (at < bytes.length) {
    const rest = bytes.subarray(at, at + STATUS_LINE_START.length);
    if (!STATUS_LINE_START.subarray(0, rest.length).equals(rest)) {
      const next = bytes.indexOf(STATUS_LINE_START, at);
      const stray = bytes.subarray(at, next === -1 ? bytes.length : next);
      return { answers, stray: { after: answers.at(-1), at, bytes: stray, answerFollows: next !== -1 } };
    }
    // An interim answer has no body whatever the method, and answers no request on its own.
    const answer = answerAt(bytes, at, methods[requests]);
    if (!('end' in answer) || answer.end === undefined) break;
    const request = answer.status >= 100 && answer.status < 200 ? undefined : requests++;
    const framing =
      answer.framing === 'content-length' ? `Content-Length: ${answer.end - answer.bodyStart}` : answer.framing;
    answers.push({ status: answer.status, request, start: at, end: answer.end, framing });
    at = answer.end;
  }
  return { answers };
}

/** Bytes as a reader sees them in a message: printable ASCII as is, the rest escaped (`\r`, `\n`, `\x00`), the first `max` of them. */
export function shownBytes(bytes: Buffer, max = 40): string {
  const shown = [...bytes.subarray(0, max)]
    .map((byte) =>
      byte === 0x0d
        ? '\\r'
        : byte === 0x0a
          ? '\\n'
          : byte === 0x09
            ? '\\t'
            : byte === 0x5c
              ? '\\\\'
              : byte >= 0x20 && byte < 0x7f
                ? String.fromCharCode(byte)
                : `\\x${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
  return bytes.length > max ? `${shown}…` : shown;
}
