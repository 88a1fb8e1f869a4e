import { describe, expect, it } from 'vitest';
import { BACKTRACKING_VALUES } from '../../lib/families/backtracking.js';
import { isEmail, isHttpUrl, isPhoneNumber, isWssUrl } from '../../lib/reference/validation/formats.js';

describe('BACKTRACKING_VALUES (invalid values built to make a pattern backtrack)', () => {
  it('are invalid by the reference, each of its format', () => {
    for (const value of BACKTRACKING_VALUES.email) expect(isEmail(value), value).toBe(false);
    for (const value of BACKTRACKING_VALUES.phone) expect(isPhoneNumber(value), value).toBe(false);
    for (const value of BACKTRACKING_VALUES.httpUrl) expect(isHttpUrl(value), value).toBe(false);
    for (const value of BACKTRACKING_VALUES.wssUrl) expect(isWssUrl(value), value).toBe(false);
  });

  it('are invalid whatever the reading: no @ or no domain, a letter in a number, a character no host holds', () => {
    for (const value of BACKTRACKING_VALUES.email) expect(value).toMatch(/^[^@]*@?$/);
    for (const value of BACKTRACKING_VALUES.phone) expect(value).toMatch(/[a-z]$|@$/);
    for (const value of [...BACKTRACKING_VALUES.httpUrl, ...BACKTRACKING_VALUES.wssUrl])
      expect(value).toMatch(/<$| a$/);
  });

  it('stay inside every length limit (200 characters; an address 64, its local part)', () => {
    for (const value of BACKTRACKING_VALUES.email) expect(value.length).toBeLessThanOrEqual(64);
    for (const values of Object.values(BACKTRACKING_VALUES))
      for (const value of values) expect(value.length).toBeLessThanOrEqual(200);
  });
});
