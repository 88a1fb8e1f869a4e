// lib/gen/ids.ts: well-formed IDs that name nothing, and near misses that each break the
// contract's ID rule (lib/contract/ids.ts) in exactly the way their `why` claims.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_RULES, type IdRule, matchesIdRule } from '../../lib/contract/ids.js';
import { charLength } from '../../lib/contract/limits.js';
import { alnum, alteredIds, extremeIds, nearMissIds, paddedId, wellFormedId } from '../../lib/gen/ids.js';

const RULES = Object.values(ID_RULES) as IdRule[];
const ALPHANUMERIC = /^[A-Za-z0-9]*$/;

describe('alnum', () => {
  it('is exactly `length` alphanumeric characters, the same for the same salt', () => {
    fc.assert(
      fc.property(fc.nat(80), fc.nat(1_000_000), (length, salt) => {
        const value = alnum(length, salt);
        expect(value).toHaveLength(length);
        expect(value).toMatch(ALPHANUMERIC);
        expect(alnum(length, salt)).toBe(value);
      }),
      { numRuns: 100 },
    );
  });

  it('differs per salt: a few thousand salts give as many different 22-character IDs', () => {
    const values = new Set(Array.from({ length: 3000 }, (_, salt) => alnum(22, salt)));
    expect(values.size).toBe(3000);
  });

  it('defaults the salt to 0', () => {
    expect(alnum(22)).toBe(alnum(22, 0));
  });
});

describe('wellFormedId', () => {
  it.each(RULES.map((rule) => [rule.kind, rule] as const))('satisfies the %s rule at its minimum length', (_, rule) => {
    const id = wellFormedId(rule);
    expect(charLength(id)).toBe(rule.minLength);
    expect(matchesIdRule(rule, id)).toBe(true);
  });

  it('satisfies the rule at any length the rule allows, and differs per salt', () => {
    const ruleAndLength = fc
      .constantFrom(...RULES)
      .chain((rule) => fc.tuple(fc.constant(rule), fc.integer({ min: rule.minLength, max: rule.maxLength })));
    fc.assert(
      fc.property(ruleAndLength, fc.nat(100_000), ([rule, length], salt) => {
        const id = wellFormedId(rule, salt, length);
        expect(id).toHaveLength(length);
        expect(matchesIdRule(rule, id)).toBe(true);
        expect(wellFormedId(rule, salt + 1, length)).not.toBe(id);
      }),
      { numRuns: 60 },
    );
  });

  it('is alphanumeric even where the rule allows any character, so it is safe in a path unencoded', () => {
    for (const rule of RULES.filter((r) => !r.alphanumeric)) expect(wellFormedId(rule, 3)).toMatch(ALPHANUMERIC);
  });
});

describe('nearMissIds', () => {
  it.each(RULES.map((rule) => [rule.kind, rule] as const))('every near miss of the %s rule breaks it', (_, rule) => {
    const misses = nearMissIds(rule);
    for (const miss of misses) expect(matchesIdRule(rule, miss.value), `${miss.value} (${miss.why})`).toBe(false);
  });

  it('are one too short and one too long (alphanumeric, so the length is all that is wrong), and for an alphanumeric rule one with an underscore', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RULES), fc.nat(100_000), (rule, salt) => {
        const misses = nearMissIds(rule, salt);
        expect(misses).toHaveLength(rule.alphanumeric ? 3 : 2);
        const [short, long, underscore] = misses;
        expect(charLength(short!.value)).toBe(rule.minLength - 1);
        expect(short!.value).toMatch(ALPHANUMERIC);
        expect(short!.why).toContain(`${rule.minLength - 1} characters`);
        expect(charLength(long!.value)).toBe(rule.maxLength + 1);
        expect(long!.value).toMatch(ALPHANUMERIC);
        expect(long!.why).toContain(`${rule.maxLength + 1} characters`);
        if (rule.alphanumeric) {
          // In range, so only the character breaks the rule: take the underscore out and it is an ID again.
          expect(charLength(underscore!.value)).toBeGreaterThanOrEqual(rule.minLength);
          expect(charLength(underscore!.value)).toBeLessThanOrEqual(rule.maxLength);
          expect(underscore!.value.match(/_/g)).toHaveLength(1);
          expect(matchesIdRule({ ...rule, minLength: rule.minLength - 1 }, underscore!.value.replace('_', ''))).toBe(
            true,
          );
          expect(underscore!.why).toMatch(/underscore/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('are all different from one another, and their reasons too', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RULES), fc.nat(100_000), (rule, salt) => {
        const misses = nearMissIds(rule, salt);
        expect(new Set(misses.map((m) => m.value)).size).toBe(misses.length);
        expect(new Set(misses.map((m) => m.why)).size).toBe(misses.length);
      }),
      { numRuns: 40 },
    );
  });

  it('the underscore is not at either end, where a server might trim or split it off', () => {
    for (const rule of RULES.filter((r) => r.alphanumeric)) {
      const underscore = nearMissIds(rule, 4)[2]!.value;
      expect(underscore.startsWith('_') || underscore.endsWith('_')).toBe(false);
    }
  });
});

describe('alteredIds', () => {
  it('appends a character, cuts the last one and swaps the case of the letters: each differs from the real ID', () => {
    expect(alteredIds('abC12').map((a) => a.value)).toEqual([`abC12${alnum(1, 5)}`, 'abC1', 'ABc12']);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{2,30}$/), (real) => {
        const altered = alteredIds(real);
        for (const { value, why } of altered) {
          expect(value).not.toBe(real);
          expect(why).toContain(real);
        }
        expect(altered[0]!.value.startsWith(real)).toBe(true);
        expect(real.startsWith(altered[1]!.value)).toBe(true);
        for (const { value } of altered.slice(2)) expect(value.toLowerCase()).toBe(real.toLowerCase());
      }),
      { numRuns: 100 },
    );
  });

  it('leaves the case alone where the ID has no letters', () => {
    expect(alteredIds('0123456789')).toHaveLength(2);
  });
});

describe('paddedId', () => {
  it('puts blanks or a control character around the real ID, in turn: a line feed, CRLF, space, tab after it, a space or a tab in front', () => {
    const padded = Array.from({ length: 6 }, (_, index) => paddedId('abC12', index));
    expect(padded.map((p) => p.value)).toEqual(['abC12\n', 'abC12\r\n', 'abC12 ', 'abC12\t', ' abC12', '\tabC12']);
    for (const { value, why, intermediaryMayRefuse } of padded) {
      expect(value.trim()).toBe('abC12');
      expect(why).toContain('abC12');
      // A firewall in front of the API may refuse control characters in a path before the API reads it.
      expect(intermediaryMayRefuse).toBe(true);
    }
    expect(paddedId('abC12', 6)).toEqual(padded[0]);
  });
});

describe('extremeIds', () => {
  it('breaks every rule by length, one character and longer than any key column, without a rule too', () => {
    for (const rule of [...RULES, null]) {
      const [short, long] = extremeIds(rule);
      expect(charLength(short!.value)).toBe(1);
      expect(charLength(long!.value)).toBeGreaterThanOrEqual(256);
      if (rule) for (const { value } of [short!, long!]) expect(matchesIdRule(rule, value)).toBe(false);
    }
  });
});
