// lib/gen/filters.ts, as properties over generated items (test/gen/filters-examples.test.ts
// holds the worked examples): every value a generated filter compares with is one an item
// carries and reads back through the grammar unchanged; the identities (always / never, OR
// of equalities, AND of inequalities) hold under the suite's oracle; respelled values mean
// the same; malformed text never parses.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Comparison,
  formatFilter,
  isBareValue,
  judgeFilter,
  parseFilter,
  valueAt,
} from '../../lib/contract/filter/index.js';
import { FILTER_OPERATORS, type FieldKind, LIST_ENDPOINTS, listEndpoint } from '../../lib/contract/list-endpoints.js';
import {
  acceptedComparisons,
  bareComparisons,
  boundComparisons,
  comparison,
  exposedFields,
  filterLiteral,
  junctionArbitrary,
  junctionExamples,
  malformedArbitrary,
  malformedFilters,
  mustAccept,
  operatorComparisons,
  partValues,
  respell,
  sameFieldJunctions,
  sampleValues,
  spacedComparisons,
  unseenFieldValue,
  WORD_EDGED_VALUES,
} from '../../lib/gen/filters.js';

const RUNS = listEndpoint('runs');
const METRICS = listEndpoint('metrics');
const KINDS: readonly FieldKind[] = ['string', 'id', 'enum', 'timestamp', 'number', 'tags'];

// ---- generated items ---------------------------------------------------------------------

const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());
const text = fc.string({ unit: fc.constantFrom(...'abcAB12 -_.é"\\'), minLength: 0, maxLength: 8 });
const run = fc.record(
  {
    run_id: fc.uuid(),
    status: fc.constantFrom('COMPLETED', 'FAILED', 'RUNNING', 'PENDING'),
    agent_id: fc.option(text, { nil: null }),
    create_time: instant,
    update_time: fc.option(instant, { nil: undefined }),
    tags: fc.uniqueArray(fc.constantFrom('nightly', 'smoke', 'release candidate', ' padded'), { maxLength: 3 }),
  },
  { requiredKeys: ['run_id', 'status', 'create_time'] },
);
const runs = fc.array(run, { minLength: 0, maxLength: 12 });
const metric = fc.record({
  metric_output_id: fc.uuid(),
  value: fc.oneof(
    fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -5, max: 5 }),
  ),
  metric_name: text,
  create_time: instant,
});
const metrics = fc.array(metric, { minLength: 1, maxLength: 12 });

const fieldsOf = (list = RUNS) => list.filterFields;
/** Whether some item carries `value` as the literal of the comparison's field. */
function carried(items: readonly Record<string, unknown>[], c: Comparison, list = RUNS): boolean {
  const field = list.filterFields[c.field]!;
  return items.some((item) => {
    const value = valueAt(item, field.path!);
    const values = field.kind === 'tags' ? (Array.isArray(value) ? value : []) : [value];
    return values.some((v) => filterLiteral(field.kind === 'tags' ? 'string' : field.kind, v) === c.value);
  });
}

/** The comparison reads back from its text to the same field, operator and value. */
function readsBack(c: Comparison): void {
  const parsed = parseFilter(formatFilter(c));
  expect(parsed.ok, formatFilter(c)).toBe(true);
  if (parsed.ok) expect({ ...parsed.expr, quoted: undefined }).toEqual({ ...c, quoted: undefined });
}

// ---- the tests ---------------------------------------------------------------------------

describe('exposedFields', () => {
  it('are the filter fields with a path, every one of them', () => {
    for (const list of LIST_ENDPOINTS) {
      const names = exposedFields(list).map((e) => e.name);
      expect(names).toEqual(Object.keys(list.filterFields).filter((name) => list.filterFields[name]!.path !== null));
      for (const e of exposedFields(list)) expect(e.field).toEqual(list.filterFields[e.name]);
    }
    expect(exposedFields(RUNS).map((e) => e.name)).not.toContain('created_by');
  });
});

describe('mustAccept', () => {
  it('= and != on every kind; the ordering operators only on timestamps and numbers', () => {
    for (const kind of KINDS) {
      for (const op of FILTER_OPERATORS) {
        const expected = op === '=' || op === '!=' || kind === 'timestamp' || kind === 'number';
        expect(mustAccept(kind, op), `${kind} ${op}`).toBe(expected);
      }
    }
  });
});

describe('filterLiteral', () => {
  it('a text literal, when there is one, is the value itself and reads back through the grammar unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.constantFrom(...FILTER_OPERATORS), (value, op) => {
        const literal = filterLiteral('string', value);
        if (literal === undefined) return;
        expect(literal).toBe(value);
        expect(literal).not.toMatch(/["\\\p{Cc}]/u);
        expect(literal.trim()).toBe(literal);
        readsBack(comparison('f', op, literal));
      }),
      { numRuns: 300 },
    );
  });

  it('a number literal reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const literal = filterLiteral('number', value)!;
        expect(Number(literal)).toBe(value === 0 ? 0 : value);
        readsBack(comparison('value', '>=', literal));
        expect(judgeFilter(comparison('value', '=', literal), { value }, fieldsOf(METRICS))).toBe('match');
      }),
      { numRuns: 200 },
    );
  });
});

describe('comparison', () => {
  it('is quoted exactly when its value cannot be written bare', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (value) => {
        expect(comparison('f', '=', value)).toEqual({
          kind: 'cmp',
          field: 'f',
          op: '=',
          value,
          quoted: !isBareValue(value),
        });
      }),
      { numRuns: 100 },
    );
  });
});

describe('sampleValues', () => {
  it('returns at most `count` distinct values, each one an item carries', () => {
    fc.assert(
      fc.property(runs, fc.integer({ min: 1, max: 4 }), (items, count) => {
        for (const exposed of exposedFields(RUNS)) {
          const values = sampleValues(items, exposed, count);
          expect(values.length).toBeLessThanOrEqual(count);
          expect(new Set(values).size).toBe(values.length);
          for (const value of values)
            expect(carried(items, comparison(exposed.name, '=', value)), `${exposed.name} ${value}`).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('with at least count + 2 distinct values: count values in increasing order, with items below the first and above the last', () => {
    const distinct = fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 3, maxLength: 20 });
    fc.assert(
      fc.property(distinct, fc.integer({ min: 1, max: 4 }), (numbers, count) => {
        fc.pre(numbers.length >= count + 2);
        const exposed = exposedFields(METRICS).find((e) => e.name === 'value')!;
        const values = sampleValues(
          numbers.map((value) => ({ value })),
          exposed,
          count,
        ).map(Number);
        expect(values).toHaveLength(count);
        expect([...values].sort((a, b) => a - b)).toEqual(values);
        expect(numbers.some((n) => n < values[0]!)).toBe(true);
        expect(numbers.some((n) => n > values[values.length - 1]!)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('for tags, the most frequent first', () => {
    fc.assert(
      fc.property(runs, (items) => {
        const exposed = exposedFields(RUNS).find((e) => e.name === 'tag')!;
        const frequency = (tag: string) =>
          items.filter((item) => ((item.tags ?? []) as readonly string[]).includes(tag)).length;
        const values = sampleValues(items, exposed, 3);
        for (let i = 1; i < values.length; i++)
          expect(frequency(values[i - 1]!)).toBeGreaterThanOrEqual(frequency(values[i]!));
      }),
      { numRuns: 50 },
    );
  });
});

describe('respell', () => {
  it('a number written otherwise is the same number, in other text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ min: -1e6, max: 1e6, noNaN: true })), (value) => {
        const literal = filterLiteral('number', value)!;
        const other = respell('number', literal);
        if (other === undefined) return;
        expect(other).not.toBe(literal);
        expect(Number(other)).toBe(Number(literal));
      }),
      { numRuns: 200 },
    );
  });

  it('a timestamp written otherwise is the same instant: the oracle judges both spellings alike', () => {
    const fields = { time: { kind: 'timestamp' as const, path: 'time' } };
    fc.assert(
      fc.property(instant, instant, fc.constantFrom(...FILTER_OPERATORS), (a, b, op) => {
        const other = respell('timestamp', b);
        expect(other).toBeDefined();
        expect(other).not.toBe(b);
        expect(judgeFilter(comparison('time', op, other!), { time: a }, fields)).toBe(
          judgeFilter(comparison('time', op, b), { time: a }, fields),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('text is never respelled', () => {
    for (const kind of ['string', 'id', 'enum', 'tags'] as const) expect(respell(kind, '12')).toBeUndefined();
  });
});

describe('comparisons from data', () => {
  it('operatorComparisons: every operator with the median, and its other spelling judged alike on every item', () => {
    fc.assert(
      fc.property(runs, (items) => {
        const exposed = exposedFields(RUNS).find((e) => e.name === 'create_time')!;
        const found = operatorComparisons(items, exposed);
        if (!items.length) {
          expect(found).toEqual([]);
          return;
        }
        const byValue = new Map<string, Comparison[]>();
        for (const c of found) byValue.set(c.value, [...(byValue.get(c.value) ?? []), c]);
        expect(byValue.size).toBe(2);
        const [median, respelled] = [...byValue.values()];
        expect(median!.map((c) => c.op)).toEqual([...FILTER_OPERATORS]);
        expect(carried(items, median![0]!)).toBe(true);
        for (const [i, c] of respelled!.entries()) {
          for (const item of items)
            expect(judgeFilter(c, item, fieldsOf())).toBe(judgeFilter(median![i]!, item, fieldsOf()));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('acceptedComparisons: only operators every server must accept, values items carry, each readable back', () => {
    fc.assert(
      fc.property(runs, (items) => {
        for (const c of acceptedComparisons(RUNS, items)) {
          expect(mustAccept(RUNS.filterFields[c.field]!.kind, c.op)).toBe(true);
          expect(carried(items, c)).toBe(true);
          readsBack(c);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('spacedComparisons quote a value with a space; bareComparisons only values that need no quotes', () => {
    fc.assert(
      fc.property(runs, (items) => {
        for (const c of spacedComparisons(RUNS, items)) {
          expect(c.value).toContain(' ');
          expect(formatFilter(c)).toContain(`"${c.value}"`);
          expect(carried(items, c)).toBe(true);
        }
        for (const c of bareComparisons(RUNS, items)) {
          expect(c.quoted).toBe(false);
          expect(formatFilter(c)).toBe(`${c.field} = ${c.value}`);
          readsBack(c);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('values judged whole', () => {
  it('partValues: trimmed proper parts of the median value, each a usable literal the median holds but is not', () => {
    fc.assert(
      fc.property(runs, (items) => {
        for (const exposed of exposedFields(RUNS).filter((e) => e.field.kind === 'tags' || e.field.kind === 'string')) {
          const [median] = sampleValues(items, exposed, 1);
          for (const part of partValues(items, exposed)) {
            expect(median).toContain(part);
            expect(part).not.toBe(median);
            expect(filterLiteral('string', part)).toBe(part);
          }
        }
      }),
      { numRuns: 50 },
    );
    const tags = exposedFields(RUNS).find((e) => e.name === 'tag')!;
    expect(partValues([{ tags: ['release candidate'] }], tags)).toEqual([
      'release candidat',
      'elease candidate',
      'elease candidat',
    ]);
  });

  it('WORD_EDGED_VALUES: each is written bare and parses as one comparison, not a junction', () => {
    for (const value of WORD_EDGED_VALUES) {
      expect(isBareValue(value)).toBe(true);
      readsBack(comparison('name', '=', value));
    }
  });
});

describe('boundComparisons', () => {
  it('`always` matches every item and `never` none, by the oracle', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          runs.map((items) => [RUNS, items] as const),
          metrics.map((items) => [METRICS, items] as const),
        ),
        ([list, items]) => {
          const bound = boundComparisons(list, items);
          if (bound === undefined) return;
          expect(bound.always.op).toBe('>=');
          expect(bound.never).toEqual({ ...bound.always, op: '<' });
          for (const item of items) {
            expect(judgeFilter(bound.always, item, list.filterFields)).toBe('match');
            expect(judgeFilter(bound.never, item, list.filterFields)).toBe('no-match');
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are found whenever every item shows a timestamp (runs always carry create_time)', () => {
    fc.assert(
      fc.property(runs, (items) => {
        fc.pre(items.length > 0);
        expect(boundComparisons(RUNS, items)).toBeDefined();
      }),
      { numRuns: 30 },
    );
  });
});

describe('junctions', () => {
  it('junctionExamples: the OR of equalities selects items (read as AND, none); the AND of inequalities, read as OR, all', () => {
    fc.assert(
      fc.property(runs, (items) => {
        const examples = junctionExamples(RUNS, items);
        if (!examples.length) return;
        const [or, and] = examples;
        expect(or!.kind).toBe('or');
        expect(and!.kind).toBe('and');
        const judge = (expr: Parameters<typeof judgeFilter>[0]) =>
          items.map((item) => judgeFilter(expr, item, fieldsOf()));
        expect(judge(or!)).toContain('match');
        for (const term of or!.terms) expect(carried(items, term as Comparison)).toBe(true);
        // On a field with one value per item; a tags field, where an item may hold both values, is below.
        if ((or!.terms[0] as Comparison).field === 'tag') return;
        expect(judge({ kind: 'and', terms: or!.terms })).not.toContain('match');
        expect(judge({ kind: 'or', terms: and!.terms }).every((v) => v !== 'no-match')).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('junctionExamples on tags: an item holding both values matches the OR read as AND too (the example then tells the readings apart only on other items)', () => {
    const items = [
      { run_id: 'r1', status: 'COMPLETED', create_time: '2026-01-05T10:00:00Z', tags: ['nightly', 'smoke'] },
    ];
    const [or] = junctionExamples(RUNS, items);
    expect(formatFilter(or!)).toBe('tag = nightly OR tag = smoke');
    expect(judgeFilter({ kind: 'and', terms: or!.terms }, items[0], fieldsOf())).toBe('match');
  });

  it('sameFieldJunctions: one AND and one OR of the same two terms per field kind; an item holding both tags matches the AND, and a range holds fewer items than either bound', () => {
    fc.assert(
      fc.property(runs, (items) => {
        const junctions = sameFieldJunctions(RUNS, items);
        const fields = junctions.map((j) => (j.terms[0] as Comparison).field);
        expect(fields.filter((f) => f === 'create_time' || f === 'update_time').length).toBeLessThanOrEqual(2);
        expect(junctions.map((j) => j.kind)).toEqual(junctions.map((_, i) => (i % 2 ? 'or' : 'and')));
        const judge = (expr: Parameters<typeof judgeFilter>[0]) =>
          items.map((item) => judgeFilter(expr, item, fieldsOf()));
        for (const [i, junction] of junctions.entries()) {
          const [a, b] = junction.terms as [Comparison, Comparison];
          expect(a.field).toBe(b.field);
          if (junction.kind === 'or') {
            // Both terms are true of the items the AND selects.
            expect(junction.terms).toEqual(junctions[i - 1]!.terms);
            continue;
          }
          if (a.field === 'tag') expect(judge(junction)).toContain('match');
          else {
            expect([a.op, b.op]).toEqual(['>', '<']);
            // The lower quartile and below is selected by `< hi` alone: a reading keeping one bound selects it.
            expect(judge(b).filter((v) => v === 'match').length).toBeGreaterThan(
              judge(junction).filter((v) => v === 'match').length,
            );
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('junctionArbitrary: AND or OR of two to four of the candidates, never both', () => {
    const candidates = [
      comparison('status', '=', 'COMPLETED'),
      comparison('create_time', '>=', '2026-01-05T10:00:00Z'),
      comparison('tag', '=', 'release candidate'),
    ];
    fc.assert(
      fc.property(junctionArbitrary(candidates), (expr) => {
        expect(expr.kind === 'and' || expr.kind === 'or').toBe(true);
        if (expr.kind === 'cmp') return;
        expect(expr.terms.length).toBeGreaterThanOrEqual(2);
        expect(expr.terms.length).toBeLessThanOrEqual(4);
        for (const term of expr.terms) expect(candidates).toContainEqual(term);
        const text = formatFilter(expr);
        expect(text.includes(' AND ') && text.includes(' OR ')).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe('malformed filters', () => {
  it('malformedFilters: none parses, on any field of any list', () => {
    for (const list of LIST_ENDPOINTS) {
      for (const field of Object.keys(list.filterFields)) {
        for (const compact of [false, true]) {
          const texts = malformedFilters(field, { compact });
          expect(texts).toHaveLength(compact ? 4 : 5);
          for (const text of texts) expect(parseFilter(text).ok, text).toBe(false);
        }
      }
    }
  });

  it('malformedArbitrary: none parses, built from the comparisons of generated items', () => {
    const compact = fc.boolean();
    fc.assert(
      fc.property(
        fc
          .tuple(
            runs.filter((items) => items.length > 0),
            compact,
          )
          .chain(([items, c]) =>
            malformedArbitrary(acceptedComparisons(RUNS, items), { compact: c }).map((text) => [text, c] as const),
          ),
        ([text, c]) => {
          expect(parseFilter(text).ok, text).toBe(false);
          if (c)
            expect(text, 'no doubled operator, nor `<=` or `>=` before no value, when compact').not.toMatch(
              /[=!<>]{3}|[^!<>=]==|[<>]{2}|\w[<>]=$/,
            );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('compact, no operator has a blank beside it, and no operator is doubled (`name==x` may read as `name = "=x"`)', () => {
    expect(malformedFilters('name', { compact: true })).toEqual(['name=', '=x', 'name="open', 'name=x AND']);
    expect(malformedFilters('name')).toEqual(['name =', '= x', 'name == x', 'name = "open', 'name = x AND']);
  });
});

describe('unseenFieldValue', () => {
  it('a timestamp is one the items show, a number and text a fixed valid value, ids / enums / tags none', () => {
    fc.assert(
      fc.property(metrics, (items) => {
        const value = unseenFieldValue(METRICS, items, 'timestamp');
        expect(items.some((item) => item.create_time === value)).toBe(true);
      }),
      { numRuns: 30 },
    );
    expect(unseenFieldValue(RUNS, [], 'timestamp')).toBe('2000-01-01T00:00:00Z');
    expect(unseenFieldValue(RUNS, [], 'number')).toBe('0');
    expect(isBareValue(unseenFieldValue(RUNS, [], 'string')!)).toBe(true);
    for (const kind of ['id', 'enum', 'tags'] as const) expect(unseenFieldValue(RUNS, [], kind)).toBeUndefined();
  });
});
