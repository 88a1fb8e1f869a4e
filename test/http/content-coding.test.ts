import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentCodings, decodedBody } from '../../lib/http/content-coding.js';

describe('contentCodings', () => {
  it('names the codings applied, in order, lower case, x-gzip as gzip and identity left out', () => {
    expect(contentCodings(undefined)).toEqual([]);
    expect(contentCodings(' identity ')).toEqual([]);
    expect(contentCodings('X-GZIP, br')).toEqual(['gzip', 'br']);
  });
});

describe('decodedBody', () => {
  it('keeps an uncoded body in its chunks, decodes a coded one, and keeps one that does not decode as it came', () => {
    const chunks = [Buffer.from('{"a":'), Buffer.from('1}')];
    expect(decodedBody(chunks, undefined, 1000)).toBe(chunks);
    expect(Buffer.concat(decodedBody([gzipSync('{"a":1}')], 'gzip', 1000)).toString()).toBe('{"a":1}');
    expect(Buffer.concat(decodedBody(chunks, 'gzip', 1000)).toString()).toBe('{"a":1}');
  });
});
