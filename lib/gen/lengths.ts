// Strings whose lengths spread over a whole range. fast-check's default size keeps a
// generated array within a few elements of its minimum length, so `inRangeString`
// alone would only try short values: here a length is drawn first and the string
// built from it. Drawn lengths stop at 85% of the maximum, where mixed text (astral
// characters count two UTF-16 units) still fits the maximum under every reading.

import fc from 'fast-check';
import { inRangeString, type LengthBounds } from './strings.js';

export function spreadInRangeString(bounds: Required<LengthBounds>): fc.Arbitrary<string> {
  const top = Math.max(bounds.min, Math.floor(bounds.max * 0.85));
  return fc.integer({ min: bounds.min, max: top }).chain((length) => inRangeString({ min: length, max: bounds.max }));
}
