// Reading HTTP/1.1's framing from the bytes a connection received: where each answer ends, and bytes after one
// that are not the next answer's status line.

import { describe, expect, test } from 'vitest';
import { readFraming, shownBytes } from '../../lib/http/framing.js';

const bytes = (...parts: string[]) => Buffer.from(parts.join(''), 'latin1');
const answer = (status: string, headers: string, body = '') => `HTTP/1.1 ${status}\r\n${headers}\r\n${body}`;
const json = (status: string, body: string) =>
  answer(status, `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`, body);

describe('readFraming', () => {
  test('answers framed by Content-Length, one after another: every answer, no stray bytes', () => {
    const read = readFraming(bytes(json('200 OK', '{"a":1}'), json('404 Not Found', '{"error":{}}')), ['GET', 'GET']);
    expect(read.stray).toBeUndefined();
    expect(read.answers.map((a) => [a.status, a.request, a.framing])).toEqual([
      [200, 0, 'Content-Length: 7'],
      [404, 1, 'Content-Length: 12'],
    ]);
  });

  test('a line break past a Content-Length, before the next status line: stray, after that answer', () => {
    const first = json('400 Bad Request', '{"error":{}}');
    const read = readFraming(bytes(first, '\n', json('200 OK', '{}')), ['POST', 'GET']);
    expect(read.stray).toMatchObject({ after: { status: 400, request: 0 }, at: first.length, answerFollows: true });
    expect(read.stray?.bytes.toString()).toBe('\n');
  });

  test('stray bytes after the last answer count too; a status line begun and cut off does not', () => {
    expect(readFraming(bytes(json('200 OK', '{}'), '\r\n'), ['DELETE']).stray).toMatchObject({
      answerFollows: false,
      bytes: Buffer.from('\r\n'),
    });
    expect(readFraming(bytes(json('200 OK', '{}'), 'HTT'), ['GET']).stray).toBeUndefined();
    expect(readFraming(bytes(json('200 OK', '{}'), 'HTTP/1.1 200 OK\r\nContent-Le'), ['GET', 'GET']).stray).toBe(
      undefined,
    );
  });

  test('bytes before the first status line are stray, after no answer', () => {
    expect(readFraming(bytes('\r\n', json('200 OK', '{}')), ['GET']).stray).toMatchObject({ after: undefined, at: 0 });
  });

  test('a chunked body ends after its last chunk and trailer section', () => {
    const chunked = answer(
      '200 OK',
      'Transfer-Encoding: chunked\r\n',
      '4\r\n{"a"\r\n3;ext=1\r\n:1}\r\n0\r\nX-Trailer: t\r\n\r\n',
    );
    const read = readFraming(bytes(chunked, json('200 OK', '{}')), ['GET', 'GET']);
    expect(read.stray).toBeUndefined();
    expect(read.answers.map((a) => a.framing)).toEqual(['chunked', 'Content-Length: 2']);
    expect(readFraming(bytes(chunked, '\r\n'), ['GET']).stray?.at).toBe(chunked.length);
  });

  test('a HEAD, a 204, a 304 and an interim 100 have no body, whatever their Content-Length', () => {
    const read = readFraming(
      bytes(
        answer('200 OK', 'Content-Length: 10\r\n'),
        answer('100 Continue', ''),
        answer('204 No Content', ''),
        answer('304 Not Modified', 'Content-Length: 10\r\n'),
        json('200 OK', '{}'),
      ),
      ['HEAD', 'DELETE', 'GET', 'GET'],
    );
    expect(read.stray).toBeUndefined();
    expect(read.answers.map((a) => [a.status, a.request])).toEqual([
      [200, 0],
      [100, undefined],
      [204, 1],
      [304, 2],
      [200, 3],
    ]);
  });

  test('header lines ended by a lone LF are read (RFC 9112 2.2)', () => {
    const lf = 'HTTP/1.1 200 OK\nContent-Length: 2\n\n{}';
    const read = readFraming(bytes(lf, lf), ['GET', 'GET']);
    expect(read.stray).toBeUndefined();
    expect(read.answers).toHaveLength(2);
  });

  test('no verdict where the body ends with the connection or its framing cannot be read', () => {
    for (const unframed of [
      answer('200 OK', 'Content-Type: application/json\r\n', '{}\r\n\r\n'),
      answer('200 OK', 'Transfer-Encoding: gzip\r\n', 'xx\n'),
      answer('200 OK', 'Content-Length: 2, 3\r\n', '{}\n'),
      answer('200 OK', 'Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n\n'),
      answer('200 OK', 'Content-Length: 20\r\n', '{}'),
    ])
      expect(readFraming(bytes(unframed), ['GET']).stray).toBeUndefined();
  });

  test('a repeated Content-Length of one value frames the body', () => {
    expect(
      readFraming(bytes(answer('200 OK', 'Content-Length: 2, 2\r\n', '{}'), '\n'), ['GET']).stray?.after?.framing,
    ).toBe('Content-Length: 2');
  });
});

describe('shownBytes', () => {
  test('printable ASCII as is, line breaks and other bytes escaped, long runs cut', () => {
    expect(shownBytes(Buffer.from('a\r\n\t\\\x00\xff', 'latin1'))).toBe('a\\r\\n\\t\\\\\\x00\\xff');
    expect(shownBytes(Buffer.from('x'.repeat(50)), 4)).toBe('xxxx…');
  });
});
