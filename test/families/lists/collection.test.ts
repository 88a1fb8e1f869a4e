import { describe, expect, it } from 'vitest';
import { listEndpoint } from '../../../lib/contract/list-endpoints.js';
import type { Call, CheckContext } from '../../../lib/harness/context.js';
import { filterFormatted, filterText } from '../../../lib/families/lists/collection.js';

const PERSONAS = { list: listEndpoint('personas'), params: {} };
const INVALID = {
  status: 400,
  json: { error: { code: 'INVALID_ARGUMENT', message: 'no', details: [{ field: 'filter' }] } },
};
const OK = { status: 200, json: { personas: [], next_page_token: null } };

type Answer = { status: number; json: unknown };

/** A CheckContext answering each filter from `answers` (200 for others), with a real per-target memo; it records filters sent and notes. */
function fakeContext(answers: Readonly<Record<string, Answer>>) {
  const sent: string[] = [];
  const notes: string[] = [];
  const memo = new Map<string, Promise<unknown>>();
  const t = {
    call: async (_key: string, { query = {} }: { query?: Record<string, unknown> }) => {
      const filter = String(query['filter']);
      sent.push(filter);
      const { status, json } = answers[filter] ?? OK;
      return {
        request: { method: 'GET', url: '/v1/personas', headers: {} },
        response: { status, json, text: JSON.stringify(json), truncated: false, headers: {} },
      } as unknown as Call;
    },
    memo: (key: string, load: (first: CheckContext) => Promise<unknown>) => {
      if (!memo.has(key)) memo.set(key, load(t as unknown as CheckContext));
      return memo.get(key);
    },
    note: (text: string) => notes.push(text),
  };
  return { t: t as unknown as CheckContext, sent, notes };
}

describe('filterFormatted', () => {
  it('writes comparisons with blanks when the target takes them, asking once per collection', async () => {
    const { t, sent, notes } = fakeContext({});
    const collection = await filterFormatted(t, PERSONAS);
    await filterFormatted(t, PERSONAS);
    expect(sent).toEqual(['name = x']);
    expect(notes).toEqual([]);
    expect(filterText(collection, { kind: 'cmp', field: 'name', op: '>=', value: 'a b', quoted: true })).toBe(
      'name >= "a b"',
    );
  });

  it('writes them compact when the target refuses blanks with INVALID_ARGUMENT and takes `name=x`, and each check says so', async () => {
    const { t, sent, notes } = fakeContext({ 'name = x': INVALID });
    const collection = await filterFormatted(t, PERSONAS);
    await filterFormatted(t, PERSONAS);
    expect(sent).toEqual(['name = x', 'name=x']);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('refused `name = x` with INVALID_ARGUMENT');
    expect(
      filterText(collection, {
        kind: 'and',
        terms: [
          { kind: 'cmp', field: 'name', op: '=', value: 'a', quoted: false },
          { kind: 'cmp', field: 'create_time', op: '<', value: 'b', quoted: false },
        ],
      }),
    ).toBe('name=a AND create_time<b');
    // What a check asks for explicitly wins over the target's form.
    expect(
      filterText(
        collection,
        { kind: 'cmp', field: 'name', op: '=', value: 'a', quoted: false },
        { compact: false, quote: 'always' },
      ),
    ).toBe('name = "a"');
  });

  it('keeps the blanks, so that the checks see it, when the refusal is anything but INVALID_ARGUMENT or the compact form fails too', async () => {
    const refusals: readonly Answer[] = [
      { status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } },
      { status: 400, json: { error: { code: 'FAILED_PRECONDITION', message: 'no' } } },
      { status: 400, json: 'not an error body' },
      { status: 200, json: { error: { code: 'INVALID_ARGUMENT' } } },
    ];
    for (const refusal of refusals) {
      const { t, sent } = fakeContext({ 'name = x': refusal });
      expect((await filterFormatted(t, PERSONAS)).filterFormat, JSON.stringify(refusal)).toEqual({});
      expect(sent).toEqual(['name = x']);
    }
    const { t, sent } = fakeContext({ 'name = x': INVALID, 'name=x': INVALID });
    expect((await filterFormatted(t, PERSONAS)).filterFormat).toEqual({});
    expect(sent).toEqual(['name = x', 'name=x']);
  });
});
