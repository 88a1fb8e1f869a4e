// The items a "same as listed" check reads back: a few, spread over the list; and the fields where they differ.

import { describe, expect, it } from 'vitest';
import { covering, differingFields, spread } from '../../lib/families/same-resource.js';

describe('spread', () => {
  it('takes every item of a list no longer than the count', () => {
    expect(spread([])).toEqual([]);
    expect(spread(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('takes the first, the last and evenly between, each once', () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    expect(spread(items)).toEqual([0, 5, 10]);
    expect(spread(items, 5)).toEqual([0, 3, 5, 8, 10]);
    expect(spread([0, 1, 2, 3], 3)).toEqual([0, 2, 3]);
  });

  it('returns a copy, never the list itself', () => {
    const items = ['a'];
    expect(spread(items)).not.toBe(items);
  });
});

describe('covering', () => {
  const items = Array.from({ length: 10 }, (_, i) => ({
    id: `m${i}`,
    subvalues: i === 6 ? [{ at: 1 }] : null,
    note: i === 4 ? 'kept' : '',
    extra: i === 2 ? { a: 1 } : {},
  }));

  it('the spread, and the first item holding each field filled that the spread leaves empty', () => {
    expect(covering(items).map((item) => item.id)).toEqual(['m0', 'm5', 'm9', 'm2', 'm4', 'm6']);
  });

  it('and the first item in each state a field holds: each boolean, each enum value', () => {
    const states = items.map((item, i) => ({
      ...item,
      enabled: i !== 7,
      status: i === 3 ? 'IN PROGRESS' : 'COMPLETED',
    }));
    expect(covering(states).map((item) => item.id)).toEqual(['m0', 'm5', 'm9', 'm2', 'm4', 'm6', 'm3', 'm7']);
  });

  it('no more than the spread when it already reads every field filled', () => {
    const full = items.map((item) => ({ ...item, subvalues: [1], note: 'x', extra: { a: 1 } }));
    expect(covering(full)).toEqual(spread(full));
  });
});

describe('differingFields', () => {
  const listed = { id: 'p1', name: 'Ann', voice_name: 'alloy', create_time: '2026-01-01T00:00:00Z' };

  it("finds a field of the resource's table that one read holds and the other leaves out, either way", () => {
    const { voice_name: _left, ...withoutVoice } = listed;
    expect(differingFields('Persona', withoutVoice, listed)).toEqual(['voice_name']);
    expect(differingFields('Persona', listed, withoutVoice)).toEqual(['voice_name']);
    expect(differingFields('Persona', listed, { ...listed, name: 'Bob' })).toEqual(['name']);
  });

  it('takes a value proto3 JSON leaves out for a field left out, the same instant for a timestamp, and any field beyond the table', () => {
    expect(
      differingFields('Persona', listed, { ...listed, wait_seconds: 0, background_sound: '', extra: 'x' }),
    ).toEqual([]);
    expect(differingFields('Persona', { ...listed, persona_prompt: null }, listed)).toEqual([]);
    expect(differingFields('Persona', listed, { ...listed, create_time: '2026-01-01T00:00:00.000Z' })).toEqual([]);
  });

  it('compares only the fields given', () => {
    expect(
      differingFields('MetricOutput', { metric_id: 'm', value: 1 }, { metric_id: 'm', value: 2 }, ['metric_id']),
    ).toEqual([]);
  });
});
