// lib/families/values/free-json.ts: free-form JSON read back exactly, key order aside.

import { describe, expect, it } from 'vitest';
import { changedFields, changedJsonText, freeJson, jsonDifferences } from '../../../lib/families/values/free-json.js';

describe('jsonDifferences', () => {
  it('finds nothing in the same document with its keys in another order', () => {
    const reordered = Object.fromEntries(Object.entries(freeJson()).reverse());
    expect(jsonDifferences(freeJson(), reordered, 'workflows')).toEqual([]);
  });

  it('names each member dropped, added or changed by its path', () => {
    const { kept_null: _dropped, ...rest } = freeJson();
    const got = { ...rest, one_item: 'only', instant: '2026-03-01T09:30:00.000Z', extra: 1 };
    expect(jsonDifferences(freeJson(), got, 'w')).toEqual([
      'w.kept_null: sent null, got nothing',
      'w.one_item: sent ["only"], got "only"',
      'w.instant: sent "2026-03-01T09:30:00Z", got "2026-03-01T09:30:00.000Z"',
      'w.extra: sent nothing, got 1',
    ]);
  });

  it('tells text from the number or boolean it spells, and keeps nested empties apart from nothing', () => {
    const got = {
      ...freeJson(),
      number_text: 42,
      boolean_text: true,
      nested: { kept_null: null, items: [[], [null], {}] },
    };
    expect(changedFields({ w: freeJson() }, { w: got })).toEqual([
      'w.nested.empty_object: sent {}, got nothing',
      'w.nested.empty_list: sent [], got nothing',
      'w.number_text: sent "42", got 42',
      'w.boolean_text: sent "true", got true',
    ]);
  });
});

describe('changedJsonText', () => {
  const sent = { custom_data: JSON.stringify(freeJson()) };

  it('takes the same document written another way', () => {
    expect(changedJsonText(sent, { custom_data: JSON.stringify(freeJson(), null, 2) })).toEqual([]);
  });

  it('names a member the text lost, and a value that is no JSON text at all', () => {
    const { kept_null: _dropped, ...rest } = freeJson();
    expect(changedJsonText(sent, { custom_data: JSON.stringify(rest) })).toEqual([
      'custom_data.kept_null: sent null, got nothing',
    ]);
    expect(changedJsonText(sent, { custom_data: freeJson() })).toHaveLength(1);
  });
});
