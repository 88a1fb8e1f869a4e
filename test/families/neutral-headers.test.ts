import { describe, expect, it } from 'vitest';
import { missingFrom, NEUTRAL_HEADERS, writeDifferences } from '../../lib/families/neutral-headers.js';

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
  it('sends no header a correct server may honour or refuse (Origin, Range, If-Match, Authorization)', () => {
    const names = NEUTRAL_HEADERS.flatMap((h) => Object.keys(h.headers));
    for (const name of ['origin', 'range', 'if-match', 'if-unmodified-since', 'authorization', 'prefer'])
      expect(names).not.toContain(name);
    expect(names.every((name) => name === name.toLowerCase())).toBe(true);
  });
});

describe('writeDifferences', () => {
  const answer = (status: number, json: unknown) =>
    ({ response: { status, json } }) as Parameters<typeof writeDifferences>[0];
  const refusal = (code: string, ...fields: string[]) =>
    answer(400, { error: { code, message: 'm', details: fields.map((field) => ({ field, description: 'd' })) } });

  it('judges the status class, not the status', () => {
    expect(writeDifferences(answer(200, {}), answer(201, {}))).toEqual([]);
    expect(writeDifferences(answer(200, {}), answer(403, {}))).toEqual(['the status (200, then 403)']);
  });

  it('leaves out what a server sets on each create (ids, times, the display name), and judges every other field', () => {
    const made = (id: string, values: object) => ({
      mutation: { id, display_name: `m ${id}`, create_time: id, update_time: null, parameter_values: values },
    });
    expect(writeDifferences(answer(200, made('a', { t: '0.5' })), answer(200, made('b', { t: '0.5' })))).toEqual([]);
    expect(writeDifferences(answer(200, made('a', { t: '0.5' })), answer(200, made('b', { t: '0,5' })))).toEqual([
      'mutation.parameter_values.t',
    ]);
  });

  it('judges a refusal by its code and the fields its details name, in any order, not by its messages', () => {
    expect(writeDifferences(refusal('INVALID_ARGUMENT', 'a', 'b'), refusal('INVALID_ARGUMENT', 'b', 'a'))).toEqual([]);
    expect(
      writeDifferences(refusal('INVALID_ARGUMENT', 'input_str'), refusal('INVALID_ARGUMENT', "texte d'entrée")),
    ).toEqual(['the fields the details name (["input_str"], then ["texte d\'entrée"])']);
    expect(writeDifferences(refusal('INVALID_ARGUMENT'), refusal('FAILED_PRECONDITION'))).toEqual([
      'the error code (INVALID_ARGUMENT, then FAILED_PRECONDITION)',
    ]);
  });
});
