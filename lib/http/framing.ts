// HTTP/1.1's framing read from the bytes a connection received (RFC 9112 6): where each answer's body ends,
// by its Content-Length or its chunked coding, and what follows it. A client's parser is lenient where a
// server must be exact: undici skips line breaks before a status line, so a body longer than its
// Content-Length by a line break reads as framed. Here the bytes after one answer must be the next answer's
// status line, from its first byte.

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

/** Where a chunked body starting at `from` ends (after its last chunk and trailer section); 'broken' when it is no chunked coding. */
function chunkedEnd(bytes: Buffer, from: number): number | 'broken' | undefined {
  let at = from;
  for (;;) {
    const end = lineEnd(bytes, at);
    if (end === undefined) return undefined;
    const sizeLine = /^([0-9A-Fa-f]+)[ \t]*(?:;[^\r\n]*)?\r?\n$/.exec(bytes.subarray(at, end).toString('latin1'));
    if (!sizeLine) return 'broken';
    const size = Number.parseInt(sizeLine[1]!, 16);
    at = end;
    if (size === 0) {
      // The trailer section: field lines up to an empty line.
      for (;;) {
        const trailer = lineEnd(bytes, at);
        if (trailer === undefined) return undefined;
        const empty = trailer - at <= 2 && /^\r?\n$/.test(bytes.subarray(at, trailer).toString('latin1'));
        at = trailer;
        if (empty) return at;
      }
    }
    if (at + size + 1 > bytes.length) return undefined;
    at += size;
    if (bytes[at] === 0x0a) at += 1;
    else if (bytes[at] === 0x0d && at + 1 >= bytes.length) return undefined;
    else if (bytes[at] === 0x0d && bytes[at + 1] === 0x0a) at += 2;
    else return 'broken';
  }
}

/** The header fields of a header section, names in lower case, repeated fields joined by commas. */
function fieldsOf(head: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of head.split(/\r?\n/).slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    fields.set(name, fields.has(name) ? `${fields.get(name)}, ${value}` : value);
  }
  return fields;
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
    const bodyStart = headerEnd(bytes, at);
    if (bodyStart === undefined) break;
    const head = bytes.subarray(at, bodyStart).toString('latin1');
    const status = Number(/^HTTP\/\d(?:\.\d)?[ \t]+(\d{3})/.exec(head)?.[1] ?? Number.NaN);
    if (!Number.isInteger(status)) break;
    const interim = status >= 100 && status < 200;
    const request = interim ? undefined : requests++;
    const method = request === undefined ? undefined : methods[request];
    const fields = fieldsOf(head);
    const encoding = fields.get('transfer-encoding');
    const length = fields.get('content-length');
    let end: number;
    let framing: string;
    if (interim || method === 'HEAD' || status === 204 || status === 304) {
      [end, framing] = [bodyStart, 'no body'];
    } else if (encoding !== undefined) {
      // Any coding but chunked last: the body ends with the connection (RFC 9112 6.3, point 4).
      if (!/(?:^|,)\s*chunked\s*$/i.test(encoding)) break;
      const chunked = chunkedEnd(bytes, bodyStart);
      if (chunked === undefined || chunked === 'broken') break;
      [end, framing] = [chunked, 'chunked'];
    } else if (length !== undefined) {
      const values = new Set(length.split(',').map((v) => v.trim()));
      const [only] = values;
      if (values.size !== 1 || !/^\d+$/.test(only!)) break;
      [end, framing] = [bodyStart + Number(only), `Content-Length: ${only}`];
      if (end > bytes.length) break;
    } else break;
    answers.push({ status, request, start: at, end, framing });
    at = end;
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
