import { describe, expect, it } from 'vitest';
import { missingFrom, NEUTRAL_HEADERS } from '../../lib/families/neutral-headers.js';

describe('missingFrom', () => {
  it('names each field of the plain answer that the other lacks or holds otherwise, at any depth', () => {
    const plain = { persona: { id: 'a', tags: ['x', 'y'], wait_seconds: 3 } };
    expect(missingFrom(plain, plain)).toEqual([]);
    expect(missingFrom(plain, { persona: { id: 'a', tags: ['x'], wait_seconds: 3 } })).toEqual(['persona.tags']);
    expect(missingFrom(plain, { persona: { id: 'b', tags: ['x', 'z'] } })).toEqual([
      'persona.id',
      'persona.tags[1]',
      'persona.wait_seconds',
    ]);
    expect(missingFrom(plain, {})).toEqual(['persona']);
    expect(missingFrom(plain, undefined)).toEqual(['(the body)']);
  });

  it('does not judge fields the other adds, nor page tokens (opaque: a new one per read is allowed)', () => {
    expect(missingFrom({ id: 'a' }, { id: 'a', request_id: 'r' })).toEqual([]);
    expect(missingFrom({ runs: [], next_page_token: 't1' }, { runs: [], next_page_token: 't2' })).toEqual([]);
  });

  it('tells 1 from "1" and 0 from -0 (a value of another type is another value)', () => {
    expect(missingFrom({ n: 1 }, { n: '1' })).toEqual(['n']);
    expect(missingFrom({ n: 0 }, { n: -0 })).toEqual(['n']);
  });
});

describe('NEUTRAL_HEADERS', () => {
  it('sends no header a correct server may honour or refuse (Origin, Cookie, Range, If-Match, Authorization)', () => {
    const names = NEUTRAL_HEADERS.flatMap((h) => Object.keys(h.headers));
    for (const name of ['origin', 'cookie', 'range', 'if-match', 'if-unmodified-since', 'authorization', 'prefer'])
      expect(names).not.toContain(name);
    expect(names.every((name) => name === name.toLowerCase())).toBe(true);
  });
});
