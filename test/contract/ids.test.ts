import { describe, expect, it } from 'vitest';
import { ID_RULES, idPattern, isUlid, matchesIdRule } from '../../lib/contract/ids.js';

describe('matchesIdRule', () => {
  it('holds an alphanumeric rule to its exact length and alphabet', () => {
    const agent = ID_RULES.agent;
    expect(matchesIdRule(agent, 'A'.repeat(22))).toBe(true);
    expect(matchesIdRule(agent, 'aZ09'.repeat(5) + 'xy')).toBe(true);
    expect(matchesIdRule(agent, 'A'.repeat(21))).toBe(false);
    expect(matchesIdRule(agent, 'A'.repeat(23))).toBe(false);
    expect(matchesIdRule(agent, `${'A'.repeat(21)}-`)).toBe(false);
    expect(matchesIdRule(agent, `${'A'.repeat(21)}é`)).toBe(false);
  });

  it('holds a length-only rule to its range, any characters, counted as code points', () => {
    const simulation = ID_RULES.simulation;
    expect(matchesIdRule(simulation, '-'.repeat(22))).toBe(true);
    expect(matchesIdRule(simulation, '-'.repeat(27))).toBe(true);
    expect(matchesIdRule(simulation, '-'.repeat(21))).toBe(false);
    expect(matchesIdRule(simulation, '-'.repeat(28))).toBe(false);
    // 22 code points, 44 UTF-16 units.
    expect(matchesIdRule(simulation, '😀'.repeat(22))).toBe(true);
  });

  it('is false for what is not a string', () => {
    expect(matchesIdRule(ID_RULES.simulation, 2 ** 70)).toBe(false);
    expect(matchesIdRule(ID_RULES.simulation, undefined)).toBe(false);
  });
});

describe('idPattern', () => {
  it('writes a fixed length once and a range as two bounds', () => {
    expect(idPattern(ID_RULES.agent)).toBe('^[A-Za-z0-9]{22}$');
    expect(idPattern(ID_RULES.simulation)).toBe('^[\\s\\S]{22,27}$');
  });

  it('holds the IDs the specification calls ULIDs to ULIDs, either letter case, the 48-bit time fitting', () => {
    const pattern = new RegExp(idPattern(ID_RULES.mutation), 'u');
    for (const ulid of ['01ARZ3NDEKTSV4RRFFQ69G5FAV', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '01arz3ndektsv4rrffq69g5fav'])
      expect([pattern.test(ulid), isUlid(ulid)], ulid).toEqual([true, true]);
    for (const other of [
      '81ARZ3NDEKTSV4RRFFQ69G5FAV',
      '01ARZ3NDEKTSV4RRFFQ69G5FAI',
      '01ARZ3NDEKTSV4RRFFQ69G5FAu',
      '01ARZ3NDEKTSV4RRFFQ69G5FA',
    ])
      expect([pattern.test(other), isUlid(other)], other).toEqual([false, false]);
  });

  it('accepts what matchesIdRule accepts (a ULID rule: only ULIDs), for every rule, on both sides of each bound', () => {
    for (const rule of Object.values(ID_RULES)) {
      const pattern = new RegExp(idPattern(rule), 'u');
      for (const length of [rule.minLength - 1, rule.minLength, rule.maxLength, rule.maxLength + 1]) {
        for (const value of ['a'.repeat(length), '-'.repeat(length)])
          expect(pattern.test(value), `${rule.kind} ${value}`).toBe(
            matchesIdRule(rule, value) && (rule.ulid !== true || isUlid(value)),
          );
      }
    }
  });
});
