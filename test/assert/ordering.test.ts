import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEnumOrder, checkSorted } from '../../lib/assert/ordering.js';
import { compareValues } from '../../lib/contract/filter/index.js';
import type { FieldKind, ListField } from '../../lib/contract/list-endpoints.js';

const field = (kind: FieldKind, path: string | null = 'v'): ListField => ({ kind, path });
const items = (...values: unknown[]) => values.map((v) => (v === undefined ? {} : { v }));
const rows = (path: string, ...values: unknown[]) => values.map((v) => ({ [path]: v }));

describe('checkSorted', () => {
  it.each<[FieldKind, unknown[]]>([
    ['number', [1, 2, 2, 10]],
    ['timestamp', ['2026-01-01T00:00:00Z', '2026-01-01T01:30:00+01:00', '2026-01-01T00:30:00.001Z']],
    ['timestamp', ['2026-01-01T00:00:00.123456Z', '2026-01-01T00:00:00.1235Z']],
    ['string', ['B', 'a', 'C']], // case-insensitively ascending
    ['string', ['B', 'C', 'a']], // by code unit ascending
    ['id', ['a', 'a', 'b']],
    ['string', ['\u{1F600}', '\uFF5E']],
    ['string', []],
    ['string', ['z']],
  ])('accepts ascending %s %j', (kind, values) => {
    expect(checkSorted(items(...values), field(kind), 'asc')).toEqual({ ok: true });
    expect(checkSorted(items(...values).reverse(), field(kind), 'desc')).toEqual({ ok: true });
  });

  it('skips pairs it cannot read', () => {
    expect(checkSorted(items(3, undefined, 1, null, 0), field('number'), 'desc')).toEqual({ ok: true });
    expect(checkSorted(items('2026-01-02T00:00:00', '2026-01-01T00:00:00Z'), field('timestamp'), 'asc')).toEqual({
      ok: true,
    });
    expect(checkSorted(items('2', 1), field('number'), 'asc')).toEqual({ ok: true });
    expect(checkSorted(items(['b'], ['a']), field('tags'), 'asc')).toEqual({ ok: true });
    expect(checkSorted(items(2, 1), field('number', null), 'asc')).toEqual({ ok: true });
  });

  it('fails only where every reading says out of order, naming field, values and items', () => {
    const result = checkSorted(rows('name', 'a', 'b', 'a'), field('string', 'name'), 'asc');
    expect(result).toEqual({
      ok: false,
      index: 1,
      message: 'name is not ascending: item 1 has "b" but item 2 has "a"',
    });
    expect(checkSorted(items('a', 'B'), field('string'), 'desc')).toEqual({ ok: true });
    expect(checkSorted(items('b', 'A'), field('id'), 'asc')).toMatchObject({ ok: false, index: 0 });
  });

  it('compares timestamps as instants and numbers as numbers', () => {
    expect(checkSorted(items('2026-01-01T01:00:00+02:00', '2026-01-01T00:00:00Z'), field('timestamp'), 'asc')).toEqual({
      ok: true,
    });
    const late = checkSorted(
      items('2026-01-01T00:00:00Z', '2026-01-01T01:00:00+00:00', '2026-01-01T00:30:00Z'),
      field('timestamp'),
      'asc',
    );
    expect(late).toMatchObject({ ok: false, index: 1 });
    expect(checkSorted(items(10, 9), field('number'), 'asc')).toMatchObject({
      ok: false,
      index: 0,
      message: expect.stringContaining('10'),
    });
    expect(checkSorted(items(2, 10), field('number'), 'desc')).toMatchObject({ ok: false, index: 0 });
  });

  it('follows dot paths', () => {
    const list = [{ r: { s: 2 } }, { r: { s: 1 } }];
    expect(checkSorted(list, field('number', 'r.s'), 'desc')).toEqual({ ok: true });
    expect(checkSorted(list, field('number', 'r.s'), 'asc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('r.s'),
    });
  });

  it('for enums, only checks that equal values are grouped', () => {
    expect(checkSorted(items('B', 'B', 'A', 'C', 'C'), field('enum'), 'asc')).toEqual({ ok: true });
    expect(checkSorted(items('A', undefined, 'A', null, 'B'), field('enum'), 'desc')).toEqual({ ok: true });
    expect(checkSorted(rows('status', 'A', 'B', 'B', 'A'), field('enum', 'status'), 'asc')).toEqual({
      ok: false,
      index: 2,
      message: 'status values are not grouped: item 3 has "A" after "B" at item 2, but "A" already ended at item 0',
    });
  });

  const orderable = fc.oneof(
    fc.record({
      kind: fc.constant<FieldKind>('number'),
      values: fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true }))),
    }),
    fc.record({ kind: fc.constant<FieldKind>('string'), values: fc.array(fc.stringMatching(/^[a-cA-C]{0,3}$/)) }),
    fc.record({
      kind: fc.constant<FieldKind>('timestamp'),
      values: fc.array(fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms).toISOString())),
    }),
  );

  it('accepts any list the reference server sorts, in either direction', () => {
    fc.assert(
      fc.property(orderable, ({ kind, values }) => {
        const asc = [...values].sort((a, b) => compareValues(kind, a, b));
        expect(checkSorted(items(...asc), field(kind), 'asc')).toEqual({ ok: true });
        expect(checkSorted(items(...asc).reverse(), field(kind), 'desc')).toEqual({ ok: true });
      }),
    );
  });

  it('catches every unsorted list of numbers (one reading, so no leeway)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 })), (values) => {
        const sorted = values.every((v, i) => i === 0 || values[i - 1]! <= v);
        expect(checkSorted(items(...values), field('number'), 'asc').ok).toBe(sorted);
      }),
    );
  });
});

describe('checkEnumOrder', () => {
  const status = field('enum', 'status');
  const runs = (...values: string[]) => rows('status', ...values);

  it('accepts blocks in reverse order, whatever order the server chose', () => {
    expect(
      checkEnumOrder(runs('RUNNING', 'RUNNING', 'COMPLETED', 'FAILED'), runs('FAILED', 'COMPLETED', 'RUNNING'), status),
    ).toEqual({ ok: true });
    expect(checkEnumOrder([], [], status)).toEqual({ ok: true });
  });

  it('compares only the values both lists hold, as single pages may differ', () => {
    expect(checkEnumOrder(runs('A', 'B', 'C'), runs('D', 'C', 'A'), status)).toEqual({ ok: true });
    expect(checkEnumOrder(runs('A', 'B'), runs('C', 'D'), status)).toEqual({ ok: true });
  });

  it('names the two values and where they are when both lists agree on their order', () => {
    expect(checkEnumOrder(runs('A', 'A', 'B', 'C'), runs('C', 'A', 'B'), status)).toEqual({
      ok: false,
      message:
        'status: ascending puts "A" (item 0) before "B" (item 2), and descending does too (items 1 and 2); one order must be the other reversed',
    });
  });

  it('reports ungrouped values in either list', () => {
    expect(checkEnumOrder(runs('A', 'B'), runs('B', 'A', 'B'), status)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^descending list: status values are not grouped/),
    });
    expect(checkEnumOrder(runs('A', 'B', 'A'), runs('A'), status)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^ascending list/),
    });
  });

  it('accepts any ordinal order and its reverse, and rejects the same order twice', () => {
    const values = fc.uniqueArray(fc.constantFrom('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'), {
      minLength: 2,
    });
    fc.assert(
      fc.property(values, fc.array(fc.nat({ max: 2 }), { minLength: 5, maxLength: 5 }), (order, counts) => {
        const asc = runs(...order.flatMap((v, i) => Array<string>(counts[i]! + 1).fill(v)));
        expect(checkSorted(asc, status, 'asc')).toEqual({ ok: true });
        expect(checkEnumOrder(asc, [...asc].reverse(), status)).toEqual({ ok: true });
        expect(checkEnumOrder(asc, asc, status).ok).toBe(false);
      }),
    );
  });
});
