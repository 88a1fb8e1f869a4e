import { describe, expect, it } from 'vitest';
import { listEndpoint } from '../../lib/contract/list-endpoints.js';
import { carriesValue, partitionMismatch, unionMismatch, type Selection } from '../../lib/assert/partition.js';
import { unlistedFields } from '../../lib/families/lists/related.js';

const RUNS = listEndpoint('runs');
const { filterFields: fields } = RUNS;

const run = (run_id: string, status: unknown, create_time = '2026-01-05T10:00:00Z') => ({
  run_id,
  status,
  create_time,
});
const all = [
  run('r1', 'COMPLETED'),
  run('r2', 'FAILED', '2026-01-06T10:00:00Z'),
  run('r3', 'PENDING'),
  run('r4', null),
];
const pick = (...ids: string[]) => all.filter((item) => ids.includes(item.run_id));
const sel = (text: string, ...ids: string[]): Selection => ({ text, items: pick(...ids) });

describe('carriesValue', () => {
  it('holds for values every server can compare, and never for missing, null, tags or hidden fields', () => {
    expect(carriesValue(run('a', 'COMPLETED'), fields['status']!)).toBe(true);
    expect(carriesValue(run('a', null), fields['status']!)).toBe(false);
    expect(carriesValue({ run_id: 'a' }, fields['status']!)).toBe(false);
    expect(carriesValue(run('a', 'X'), fields['create_time']!)).toBe(true);
    expect(carriesValue(run('a', 'X', 'yesterday'), fields['create_time']!)).toBe(false);
    expect(carriesValue({ tags: ['a'] }, fields['tag']!)).toBe(false);
    expect(carriesValue({ created_by: 'ana' }, fields['created_by']!)).toBe(false);
    expect(carriesValue({ value: 0 }, listEndpoint('metrics').filterFields['value']!)).toBe(true);
    expect(carriesValue({ value: '0' }, listEndpoint('metrics').filterFields['value']!)).toBe(false);
  });
});

describe('partitionMismatch', () => {
  it('accepts disjoint sides that cover every item with a value; a null may be on neither side', () => {
    expect(
      partitionMismatch(
        sel('status > FAILED', 'r3'),
        sel('status <= FAILED', 'r1', 'r2'),
        'run_id',
        pick('r1', 'r2', 'r3'),
      ),
    ).toBeUndefined();
    expect(
      partitionMismatch(
        sel('status > FAILED', 'r3', 'r4'),
        sel('status <= FAILED', 'r1', 'r2'),
        'run_id',
        pick('r1', 'r2', 'r3'),
      ),
    ).toBeUndefined();
  });

  it('without a cover (values not shown) judges only that the sides are disjoint', () => {
    expect(partitionMismatch(sel('created_by = x'), sel('created_by != x'), 'run_id')).toBeUndefined();
    expect(partitionMismatch(sel('created_by = x', 'r1', 'r2'), sel('created_by != x', 'r2', 'r3'), 'run_id')).toBe(
      'filters "created_by = x" and "created_by != x" exclude each other, yet both returned 1 item(s): r2',
    );
  });

  it('names items with a value that neither side returned', () => {
    expect(
      partitionMismatch(sel('status >= FAILED', 'r3'), sel('status < FAILED', 'r1'), 'run_id', pick('r1', 'r2', 'r3')),
    ).toBe(
      'filters "status >= FAILED" and "status < FAILED" together select every item that has a value, yet neither returned 1 such item(s): r2',
    );
  });
});

describe('unionMismatch', () => {
  it('accepts two pairs that split the same items, nulls included in both or neither', () => {
    expect(
      unionMismatch([sel('a', 'r1'), sel('b', 'r2', 'r4')], [sel('c', 'r1', 'r2'), sel('d', 'r4')], 'run_id'),
    ).toBeUndefined();
    expect(unionMismatch([sel('a', 'r1'), sel('b', 'r2')], [sel('c', 'r1', 'r2'), sel('d')], 'run_id')).toBeUndefined();
  });

  it('names items one pair returned and the other did not, whichever way', () => {
    expect(unionMismatch([sel('a', 'r1'), sel('b', 'r2', 'r3')], [sel('c', 'r1'), sel('d', 'r2')], 'run_id')).toBe(
      'filters "a" and "b" together returned 1 item(s) that "c" and "d" together did not: r3; both pairs split the same items',
    );
    expect(unionMismatch([sel('a', 'r1'), sel('b')], [sel('c', 'r1'), sel('d', 'r4')], 'run_id')).toMatch(
      /^filters "c" and "d" together returned 1 item\(s\) .*: r4;/,
    );
  });
});

describe('unlistedFields', () => {
  it('are the filter fields the item table of the spec does not list', () => {
    expect(unlistedFields(RUNS)).toEqual(['created_by']);
    expect(unlistedFields(listEndpoint('metrics'))).toEqual(['metric_name', 'create_time', 'start_time', 'end_time']);
    expect(unlistedFields(listEndpoint('personas'))).toEqual([]);
  });
});
