import { describe, expect, it } from 'vitest';
import { ID_RULES, idPattern, matchesIdRule } from '../../lib/contract/ids.js';

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
    expect(idPattern(ID_RULES.mutation)).toBe('^[A-Za-z0-9]{26}$');
    expect(idPattern(ID_RULES.simulation)).toBe('^[\\s\\S]{22,27}$');
  });

  it('accepts exactly what matchesIdRule accepts, for every rule, on both sides of each bound', () => {
    for (const rule of Object.values(ID_RULES)) {
      const pattern = new RegExp(idPattern(rule), 'u');
      for (const length of [rule.minLength - 1, rule.minLength, rule.maxLength, rule.maxLength + 1]) {
        for (const value of ['a'.repeat(length), '-'.repeat(length)])
          expect(pattern.test(value), `${rule.kind} ${value}`).toBe(matchesIdRule(rule, value));
      }
    }
  });
});
