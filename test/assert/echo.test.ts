// lib/assert/echo.ts: every field sent must come back equal; a server may add fields (at any
// depth of an object), but may not change or drop one. An empty list may come back empty,
// null or absent; a resource's own empty string "" or absent; JSON text inside a configuration the same document.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { echoMismatches } from '../../lib/assert/echo.js';
import type { JsonObject } from '../../lib/util/json.js';

/** JSON objects as they travel: parsed back, so no -0, undefined or non-JSON value. */
const jsonObject = fc
  .dictionary(
    fc.string({ unit: fc.constantFrom(...'abcxyz_'), minLength: 1, maxLength: 4 }),
    fc.jsonValue({ maxDepth: 3 }),
    { maxKeys: 5 },
  )
  .map((o) => JSON.parse(JSON.stringify(o)) as JsonObject);

describe('echoMismatches', () => {
  it('finds nothing when the same object comes back', () => {
    fc.assert(
      fc.property(jsonObject, (sent) => {
        expect(echoMismatches(sent, JSON.parse(JSON.stringify(sent)))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('finds nothing when the server adds fields, at the top level or inside a sent object', () => {
    fc.assert(
      fc.property(jsonObject, (sent) => {
        const returned: JsonObject = {
          ...structuredClone(sent),
          id: 'server-set',
          create_time: '2026-01-05T10:00:00Z',
        };
        for (const [key, value] of Object.entries(returned)) {
          if (typeof value === 'object' && value !== null && !Array.isArray(value))
            returned[key] = { ...(value as JsonObject), added_by_server: 1 };
        }
        expect(echoMismatches(sent, returned)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('names exactly the field changed, by its dotted path, with what was sent and what came back', () => {
    const sent = { display_name: 'a', metadata: { chat_endpoint: 'https://x', nested: { deep: 1 } }, tags: ['x'] };
    expect(echoMismatches(sent, { ...sent, display_name: 'b' })).toEqual(['display_name: sent "a", got "b"']);
    expect(echoMismatches(sent, { ...sent, metadata: { ...sent.metadata, nested: { deep: 2 } } })).toEqual([
      'metadata.nested.deep: sent 1, got 2',
    ]);
    expect(echoMismatches(sent, { ...sent, tags: ['x', 'y'] })).toEqual(['tags: sent ["x"], got ["x","y"]']);
  });

  it("takes JSON text inside a sent object back as the same document written another way, never a resource's own field", () => {
    const sent = { prompt: '{"a":1}', metadata: { custom_data: '{"tier":"gold","n":[1,2]}' } };
    expect(echoMismatches(sent, { ...sent, metadata: { custom_data: '{"n": [1, 2], "tier": "gold"}' } })).toEqual([]);
    expect(echoMismatches(sent, { ...sent, metadata: { custom_data: "{'tier': 'gold', 'n': [1, 2]}" } })).toHaveLength(
      1,
    );
    expect(echoMismatches(sent, { ...sent, metadata: { custom_data: '{"tier":"silver","n":[1,2]}' } })).toHaveLength(1);
    expect(echoMismatches(sent, { ...sent, metadata: { custom_data: { tier: 'gold', n: [1, 2] } } })).toHaveLength(1);
    expect(echoMismatches(sent, { ...sent, prompt: '{"a": 1}' })).toEqual([
      'prompt: sent "{\\"a\\":1}", got "{\\"a\\": 1}"',
    ]);
  });

  it('names each field dropped', () => {
    fc.assert(
      fc.property(
        jsonObject.filter((o) => Object.keys(o).length > 0),
        (sent) => {
          const [dropped] = Object.keys(sent);
          const returned: JsonObject = { ...sent };
          delete returned[dropped!];
          const found = echoMismatches(sent, returned);
          const emptyList = Array.isArray(sent[dropped!]) && (sent[dropped!] as unknown[]).length === 0;
          const emptyString = sent[dropped!] === '';
          expect(found).toEqual(
            emptyList || emptyString ? [] : [expect.stringMatching(new RegExp(`^${dropped}: sent .*, got nothing$`))],
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('compares values strictly: a number is not its string, 1 is not true, null is not absent', () => {
    expect(echoMismatches({ n: 1 }, { n: '1' })).toEqual(['n: sent 1, got "1"']);
    expect(echoMismatches({ n: 1 }, { n: true })).toHaveLength(1);
    expect(echoMismatches({ s: null }, {})).toEqual(['s: sent null, got nothing']);
    expect(echoMismatches({ o: {} }, { o: null })).toEqual(['o: sent {}, got null']);
  });

  it('lets an empty list come back empty, null or absent, and nothing else', () => {
    for (const returned of [{ ids: [] }, { ids: null }, {}]) expect(echoMismatches({ ids: [] }, returned)).toEqual([]);
    expect(echoMismatches({ ids: [] }, { ids: [''] })).toHaveLength(1);
    expect(echoMismatches({ ids: [] }, { ids: '' })).toHaveLength(1);
    expect(echoMismatches({ ids: ['a'] }, { ids: null })).toHaveLength(1);
  });

  it('lets a resource\'s own empty string come back "" or absent, but not null, another value, or absent inside a sent object', () => {
    for (const returned of [{ prompt: '' }, {}]) expect(echoMismatches({ prompt: '' }, returned)).toEqual([]);
    expect(echoMismatches({ prompt: '' }, { prompt: null })).toEqual(['prompt: sent "", got null']);
    expect(echoMismatches({ prompt: '' }, { prompt: 'default' })).toHaveLength(1);
    expect(echoMismatches({ workflows: { note: '' } }, { workflows: {} })).toEqual([
      'workflows.note: sent "", got nothing',
    ]);
  });

  it('keeps explicit false and 0 as given: neither may be left out or replaced', () => {
    expect(echoMismatches({ on: false, n: 0 }, {})).toHaveLength(2);
    expect(echoMismatches({ on: false }, { on: true })).toEqual(['on: sent false, got true']);
    expect(echoMismatches({ w: { n: 0 } }, { w: { n: null } })).toEqual(['w.n: sent 0, got null']);
  });

  it('compares lists element by element in order', () => {
    expect(echoMismatches({ ids: ['a', 'b'] }, { ids: ['b', 'a'] })).toHaveLength(1);
    expect(echoMismatches({ turns: [{ a: 1 }] }, { turns: [{ a: 1 }] })).toEqual([]);
  });

  it('names every field when what came back is not an object', () => {
    for (const returned of [undefined, null, 'agent', [1]])
      expect(echoMismatches({ a: 1, b: { c: 2 } }, returned)).toEqual([
        'a: sent 1, got nothing',
        'b: sent {"c":2}, got nothing',
      ]);
  });

  it('reads a prototype-named key left out as nothing, not as what every object inherits', () => {
    const sent = JSON.parse('{"__proto__": {"a": 1}, "constructor": "c"}') as Record<string, unknown>;
    expect(echoMismatches(sent, {})).toEqual([
      '__proto__: sent {"a":1}, got nothing',
      'constructor: sent "c", got nothing',
    ]);
    expect(echoMismatches(sent, JSON.parse('{"__proto__": {"a": 1}, "constructor": "c"}'))).toEqual([]);
  });

  it('shortens long values in its text, saying how long they were', () => {
    const long = 'x'.repeat(200);
    const [line] = echoMismatches({ prompt: long }, { prompt: '' });
    expect(line).toBe(`prompt: sent ${JSON.stringify(long).slice(0, 80)}… (202 characters), got ""`);
  });

  it('takes a secret in a configuration back as sent or masked, never with its token whole in another form', () => {
    const sent = { metadata: { authorization_header: 'Bearer abc123' } };
    const back = (value: unknown) => echoMismatches(sent, { metadata: { authorization_header: value } });
    expect(back('Bearer abc123')).toEqual([]);
    expect(back('Bearer ****c123')).toEqual([]);
    expect(back(undefined)).toEqual([]);
    expect(back('Authorization: Bearer abc123')).toHaveLength(1);
    expect(echoMismatches({ authorization_header: 'x' }, { authorization_header: 'y' })).toHaveLength(1);
  });
});
