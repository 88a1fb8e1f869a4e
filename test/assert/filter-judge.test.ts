import { describe, expect, it } from 'vitest';
import {
  duplicates,
  repeated,
  selectionMismatch,
  subsetMismatch,
  walkMismatch,
} from '../../lib/assert/filter-judge.js';
import { parseFilter, type FilterExpr } from '../../lib/contract/filter/index.js';
import { listEndpoint } from '../../lib/contract/list-endpoints.js';

const PERSONAS = listEndpoint('personas');
const { filterFields: fields } = PERSONAS;

const persona = (id: string, name: string, create_time = '2026-01-05T10:00:00Z') => ({ id, name, create_time });
const all = [
  persona('p1', 'Alice Smith'),
  persona('p2', 'alice smith'),
  persona('p3', 'Bob Garcia', '2026-01-06T10:00:00Z'),
  { id: 'p4' },
];
const filter = (text: string): FilterExpr => {
  const parsed = parseFilter(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.expr;
};
const pick = (...ids: string[]) => all.filter((item) => ids.includes(item.id));
const judge = (text: string, ...ids: string[]) =>
  selectionMismatch({ expr: filter(text), text }, fields, 'id', all, pick(...ids));

describe('selectionMismatch', () => {
  it('accepts exactly the selection, whichever way unknowable items went', () => {
    expect(judge('name = "Alice Smith"', 'p1')).toBeUndefined();
    // Case-insensitive equality and a missing name are both reasonable readings.
    expect(judge('name = "Alice Smith"', 'p1', 'p2', 'p4')).toBeUndefined();
    expect(judge('name != "Alice Smith" AND create_time < "2026-01-06T00:00:00Z"', 'p2')).toBeUndefined();
    expect(judge('name = "Alice Smith" OR name = "Bob Garcia"', 'p1', 'p3')).toBeUndefined();
  });

  it('names a returned item the filter excludes under every reading, with its values', () => {
    expect(judge('name = "Alice Smith"', 'p1', 'p3')).toBe(
      'filter "name = \\"Alice Smith\\"" returned 1 item(s) it excludes: p3 (name "Bob Garcia")',
    );
  });

  it('names a listed item the filter selects under every reading that did not come back', () => {
    expect(judge('create_time >= "2026-01-06T10:00:00.000Z"')).toBe(
      'filter "create_time >= \\"2026-01-06T10:00:00.000Z\\"" left out 1 of the listed item(s) it selects: p3 (create_time "2026-01-06T10:00:00Z")',
    );
    expect(judge('name = "Alice Smith" OR name = "Bob Garcia"', 'p1')).toMatch(/^filter .* left out 1 .*: p3 /);
  });
});

describe('walks', () => {
  const items = (...ids: string[]) => ids.map((id) => ({ id }));

  it('finds ids returned twice', () => {
    expect(duplicates(items('a', 'b', 'a', 'c', 'b', 'a'), 'id')).toEqual(['a', 'b']);
    expect(repeated(items('a', 'b'), 'id', 'the walk')).toBeUndefined();
    expect(repeated(items('a', 'a'), 'id', 'the walk')).toBe('the walk returned 1 item(s) more than once: a');
  });

  it('compares a walk with the reference walk as sets, naming a few ids', () => {
    expect(walkMismatch(items('a', 'b', 'c'), items('c', 'b', 'a'), 'id', 'the small walk')).toBeUndefined();
    expect(walkMismatch(items('a', 'b', 'c', 'd', 'e'), items('a'), 'id', 'the small walk')).toBe(
      'the small walk missed 4 of 5 item(s): b, c, d and 1 more',
    );
    expect(walkMismatch(items('a'), items('a', 'z'), 'id', 'the small walk')).toBe(
      'the small walk returned 1 item(s) the other walk did not: z',
    );
    expect(walkMismatch(items('a', 'b'), items('a', 'b', 'a'), 'id', 'the small walk')).toMatch(/more than once: a$/);
  });

  it('checks a filtered walk is a subset of the list', () => {
    expect(subsetMismatch('id', items('a', 'b'), items('b'), 'filter x')).toBeUndefined();
    expect(subsetMismatch('id', items('a', 'b'), items('b', 'q'), 'filter x')).toBe(
      'filter x returned 1 item(s) the unfiltered list does not hold: q',
    );
  });
});
