// The reference's own ID and length rules (lib/reference/validation) against the suite's
// (lib/contract): written apart, they must agree, so that a slip in either shows here.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_RULES, idPattern, matchesIdRule } from '../../lib/contract/ids.js';
import { byteSize, charLength, FIELD_LIMITS, fieldLimit } from '../../lib/contract/limits.js';
import { codePointCount, fitsIdRule, publishedIdPattern } from '../../lib/reference/validation/id-format.js';
import { limitRow, utf8Size } from '../../lib/reference/validation/measure.js';

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.constantFrom('a', 'Z', '0', '9', '-', '_', ' ', 'é', '\u{1F600}', '\uD800', '\uDC00'),
    maxLength: 30,
  }),
  fc.stringMatching(/^[A-Za-z0-9]{20,28}$/),
);

describe("the reference ID and length rules agree with the suite's", () => {
  it('check IDs alike', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(ID_RULES)), fc.oneof(text, fc.anything()), (rule, value) => {
        expect(fitsIdRule(rule, value)).toBe(matchesIdRule(rule, value));
      }),
      { numRuns: 5000 },
    );
  });

  it('publish the same patterns', () => {
    // A ULID is held to its own alphabet where it is read; a request may carry any ID of the stated form.
    for (const rule of Object.values(ID_RULES))
      expect(publishedIdPattern(rule)).toBe(idPattern({ ...rule, ulid: false }));
  });

  it('count code points and UTF-8 bytes alike', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(codePointCount(value)).toBe(charLength(value));
        expect(utf8Size(value)).toBe(byteSize(value));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(utf8Size(value)).toBe(byteSize(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('find the same limit rows', () => {
    for (const row of FIELD_LIMITS) expect(limitRow(row.id)).toBe(fieldLimit(row.id));
  });
});
