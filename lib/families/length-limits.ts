// The checks of one string length limit, generated from its bounds: the deterministic
// cases on both sides (min−1, min, max, max+1, in ASCII and multi-byte text), a
// fast-check property on each side (accepted lengths spread over the whole range), and
// the strict code-point reading of the maximum.
// Accepted values carry the run marker; generated values are valid or invalid by
// construction, so shrinking never crosses the limit.

import { fieldLimit, type FieldLimitId } from '../contract/limits.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { boundaryCases, stringOf, tooLongString, type LengthBounds } from '../gen/strings.js';
import { spreadInRangeString } from '../gen/lengths.js';
import { holdsMarker, marked } from '../gen/marked.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import { property } from '../harness/property.js';

export interface LengthLimit {
  /** The rule's own requirement (FIELD-LENGTH-LIMITS is added to every check). */
  readonly requirement: RequirementId;
  readonly field: string;
  readonly bounds: Required<LengthBounds>;
  /** Sends a request that is valid in every respect but `field`, which is `value`. */
  readonly send: (t: CheckContext, value: string) => Promise<Call>;
  /** Generate accepted values too (each creates or changes data on the target). */
  readonly acceptProperty: boolean;
  readonly options?: CheckOptions;
}

/** The character bounds of a row of the limits table that states both. */
export function charBounds(id: FieldLimitId): Required<LengthBounds> {
  const limit = fieldLimit(id);
  if (limit.unit !== 'chars' || limit.min === undefined || limit.max === undefined) throw new Error(`${id} is not a character range`);
  return { min: limit.min, max: limit.max };
}

const markerNote = (marker: string, value: string) => (holdsMarker(marker, value) ? ', run marker first' : '');

export function lengthLimitChecks(limit: LengthLimit): void {
  const { requirement, field, bounds, send, options } = limit;
  const requirements: RequirementId[] = [requirement, 'FIELD-LENGTH-LIMITS'];
  const { accept, reject } = boundaryCases(bounds);

  const accepted = async (t: CheckContext, value: string, why: string) => {
    t.expectSuccess(await send(t, value), requirements, `${field} of ${why}`);
  };
  const rejected = async (t: CheckContext, value: string, why: string) => {
    t.expectInvalidArgument(await send(t, value), requirements, field, `${field} of ${why}`);
  };

  for (const { value, why } of accept) {
    check(requirements, `${field} of ${why} is accepted`, async (t) => {
      await accepted(t, marked(t.config.runMarker, value), `${why}${markerNote(t.config.runMarker, value)}`);
    }, options);
  }
  for (const { value, why } of reject) {
    check(requirements, `${field} of ${why} is rejected with INVALID_ARGUMENT naming ${field}`, async (t) => {
      await rejected(t, marked(t.config.runMarker, value), `${why}${markerNote(t.config.runMarker, value)}`);
    }, options);
  }

  if (limit.acceptProperty) {
    check(requirements, `generated ${field} values of ${bounds.min} to ${bounds.max} characters are accepted`, async (t) => {
      const prefix = `${t.config.runMarker} `;
      // At least one character after the marker's space: no value ends in whitespace a server might trim.
      const tail = spreadInRangeString({ min: Math.max(bounds.min - prefix.length, 1), max: bounds.max - prefix.length });
      await property(t, tail.map((s) => prefix + s), (value) => accepted(t, value, `${[...value].length} characters`));
    }, options);
  }
  check(requirements, `generated ${field} values longer than ${bounds.max} characters are rejected`, async (t) => {
    const values = tooLongString(bounds.max).map((s) => marked(t.config.runMarker, s));
    await property(t, values, (value) => rejected(t, value, `${[...value].length} characters`));
  }, options);

  check(['FIELD-CHARS-CODEPOINTS'], `${field} of ${bounds.max} astral characters (${2 * bounds.max} UTF-16 units) is accepted`, async (t) => {
    const value = marked(t.config.runMarker, stringOf(bounds.max, 'astral'));
    t.expectSuccess(await send(t, value), ['FIELD-CHARS-CODEPOINTS'], `${field} of ${bounds.max} code points`);
  }, options);
}
