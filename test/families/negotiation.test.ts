// What two answers to the same request must share whatever Accept asked for them: the status class and the
// body's shape (its keys, and those of each object in it), never the values, which other checks change.

import { describe, expect, it } from 'vitest';
import { codedWith, outcomeOf, UNCODED_OFFERS } from '../../lib/families/negotiation.js';
import type { Call } from '../../lib/harness/index.js';

const answer = (status: number, json: unknown, text = JSON.stringify(json)) =>
  ({ response: { status, json, text } }) as unknown as Pick<Call, 'response'>;

describe('outcomeOf', () => {
  it('is the same for the same resource with other values, and for another status of the class', () => {
    const one = answer(200, { agent: { id: 'a', display_name: 'x', metadata: { k: 1 }, metric_ids: [] } });
    const other = answer(201, { agent: { metric_ids: ['m'], id: 'b', display_name: 'y', metadata: { k: 2 } } });
    expect(outcomeOf(one)).toBe(outcomeOf(other));
  });

  it('tells a success from an error, and a body from none', () => {
    expect(outcomeOf(answer(200, { agent: { id: 'a' } }))).not.toBe(outcomeOf(answer(406, { error: { code: 'X' } })));
    expect(outcomeOf(answer(200, {}, ''))).not.toBe(outcomeOf(answer(200, {})));
  });

  it('tells a key missing, an object for a scalar, and a list for an object apart; null and a string alike', () => {
    const base = outcomeOf(answer(200, { runs: [], next_page_token: 'abc' }));
    expect(outcomeOf(answer(200, { runs: [], next_page_token: null }))).toBe(base);
    expect(outcomeOf(answer(200, { runs: [] }))).not.toBe(base);
    expect(outcomeOf(answer(200, { runs: {}, next_page_token: 'abc' }))).not.toBe(base);
    expect(outcomeOf(answer(200, { runs: [], next_page_token: { a: 1 } }))).not.toBe(base);
  });
});

describe('codedWith', () => {
  const labelled = (coding?: string) =>
    ({ response: { headers: coding === undefined ? {} : { 'content-encoding': coding } } }) as unknown as Pick<
      Call,
      'response'
    >;

  it('names the codings an answer is labelled with, identity aside', () => {
    expect(codedWith(labelled())).toEqual([]);
    expect(codedWith(labelled('identity'))).toEqual([]);
    expect(codedWith(labelled('gzip'))).toEqual(['gzip']);
    expect(codedWith(labelled('x-gzip, br'))).toEqual(['gzip', 'br']);
  });

  it('is judged under offers that leave identity alone acceptable, none of them excluding identity', () => {
    for (const offer of UNCODED_OFFERS) expect(offer).not.toMatch(/identity;\s*q=0|^\*;\s*q=0$/);
  });
});
