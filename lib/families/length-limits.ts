// The checks of one string length limit, generated from its bounds: the deterministic
// cases on both sides (min−1, min, max, max+1, in ASCII and multi-byte text; for a field
// with a format, values built to the maximum and one more), a fast-check property on each
// side, and the strict code-point reading of the maximum. Where the resource can be read, the
// deterministic accepted cases are read back too (READ-BACK-UNCHANGED).
// Marked values carry the run marker at their front; generated values are valid or
// invalid by construction, so shrinking never crosses the limit.

import fc from 'fast-check';
import { charLength, fieldLimit, type FieldLimitId } from '../contract/limits.js';
import type { RequirementId } from '../contract/requirements/index.js';
import {
  boundaryCases,
  type BoundaryCase,
  type BoundaryCases,
  escapedText,
  inRangeString,
  stringOf,
  tooLongString,
  type LengthBounds,
} from '../gen/strings.js';
import { holdsMarker, marked } from '../gen/marked.js';
import { isSuccess } from '../assert/responses.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import { property } from '../harness/property.js';
import { checkIdOf } from '../result/check-id.js';
import { remembered } from '../util/remembered.js';

/** Values of a field with a format (a URL, a SIP address): ASCII of an exact length, since multi-byte text would be malformed, not long. */
export interface FormattedValues {
  readonly shortest: number;
  readonly ofLength: (length: number, salt?: number) => string;
}

/** How a limit's answers are judged. */
export interface Judge {
  readonly accepted: (t: CheckContext, call: Call, requirements: readonly RequirementId[], what: string) => void;
  readonly rejected: (
    t: CheckContext,
    call: Call,
    requirements: readonly RequirementId[],
    field: string,
    what: string,
  ) => void;
  /**
   * Where the resource can be read: reads the accepted one back and requires what was sent
   * (READ-BACK-UNCHANGED). Done after the deterministic cases only, one read each.
   */
  readonly readBack?: (t: CheckContext, call: Call, what: string) => Promise<void>;
}

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
  /** Values carry the run marker over their first characters (default); not for a field no sweep looks at. */
  readonly marked?: boolean;
  /** Given for a field with a format: its values are built to a length instead of free text. */
  readonly format?: FormattedValues;
  /** Free text: its values may hold line breaks and tabs (a name is one line). */
  readonly lines?: boolean;
  /** Check that the maximum counts code points: that many astral characters are accepted (default). */
  readonly codePoints?: boolean;
  /** Default: a success, and INVALID_ARGUMENT naming the field. */
  readonly judge?: Judge;
}

/** Generated rejected values are up to this many characters over the maximum. */
const OVER = 16;

/** The character bounds of a row of the limits table (no stated minimum is 0). */
export function charBounds(id: FieldLimitId): Required<LengthBounds> {
  const limit = fieldLimit(id);
  if (limit.unit !== 'chars' || limit.max === undefined)
    throw new Error(`${id} is not a character limit with a maximum`);
  return { min: limit.min ?? 0, max: limit.max };
}

const isMarked = (limit: LengthLimit): boolean => limit.marked ?? true;

const ASCII = 1;
const MULTI_BYTE = 2;
const ASTRAL = 4;
const KIND_NAMES: Readonly<Record<number, string>> = { 0: 'empty', 1: 'ascii', 2: 'multi-byte', 4: 'astral' };
/** Keys of the values seen: every target of the proof declares the same cases, some 50,000 characters long. */
const keys = remembered<string>(4096);

/** A boundary value as a segment of a check id: its length and its kind of characters (`201-ascii`, `200-astral`). */
export function boundaryKey(value: string): string {
  return keys(value, () => {
    let length = 0;
    let kinds = 0;
    for (let i = 0; i < value.length; i++, length++) {
      const unit = value.charCodeAt(i);
      const pair = unit >= 0xd800 && unit <= 0xdbff && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (pair) i++;
      kinds |= pair ? ASTRAL : unit < 0x80 ? ASCII : MULTI_BYTE;
    }
    return `${length}-${KIND_NAMES[kinds] ?? 'mixed'}`;
  });
}

/** A case as a title shows it: a marked value of more than one character has the marker at its front. */
const shownCase = (limit: LengthLimit, c: BoundaryCase): string =>
  isMarked(limit) && [...c.value].length > 1 ? `${c.why}, the run marker replacing its first characters` : c.why;

/** The checks' titles: prose for readers (a check's id is its own, lib/result/check-id.ts). */
const TITLES = {
  accepted: (limit: LengthLimit, c: BoundaryCase) =>
    `${limit.field} of ${shownCase(limit, c)} is accepted${limit.judge?.readBack ? ' and returned as sent' : ''}`,
  rejected: (limit: LengthLimit, c: BoundaryCase) =>
    `${limit.field} of ${shownCase(limit, c)} is rejected with INVALID_ARGUMENT naming ${limit.field}`,
  acceptedProperty: ({ field, bounds: { min, max }, format }: LengthLimit) =>
    `generated ${field} values of ${format ? format.shortest : min} to ${max} ${format ? 'characters' : 'mixed ASCII, multi-byte and astral characters'} are accepted`,
  rejectedProperty: ({ field, bounds: { max }, format }: LengthLimit) =>
    `generated ${field} values of more than ${max} ${format ? 'characters' : 'mixed characters'} are rejected`,
  padded: ({ field, bounds: { max } }: LengthLimit) =>
    `${field} of ${max} characters with a blank added at either edge is refused, or stored within ${max} characters (trimmed)`,
  codePoints: (limit: LengthLimit) =>
    `${limit.field} of ${limit.bounds.max} code points, astral (two UTF-16 units each)${isMarked(limit) ? ' after the run marker' : ''}, is accepted`,
};

/** A blank at either edge of a value at the maximum, each around a core of its own (the salt). */
const PADDINGS = [
  ['trailing', 1],
  ['leading', 2],
] as const;

/** Every string an answer holds, at any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}

/** The default judge: a success, and INVALID_ARGUMENT naming the field. */
export const PLAIN_JUDGE: Judge = {
  accepted: (t, call, requirements, what) => void t.expectSuccess(call, requirements, what),
  rejected: (t, call, requirements, field, what) => void t.expectInvalidArgument(call, requirements, field, what),
};

/**
 * The deterministic cases: boundary values of free text, the maximum with characters JSON escapes among them (a
 * limit is on the characters, not on their escaped form), or of a format the maximum and one more.
 */
function casesOf({ bounds, format, lines = false }: LengthLimit): BoundaryCases {
  if (!format) {
    const cases = boundaryCases(bounds);
    const escaped = escapedText(bounds.max, lines);
    if (!escaped) return cases;
    const which = lines ? 'quotes, backslashes, slashes, a tab and a line break' : 'quotes, backslashes and slashes';
    return {
      ...cases,
      accept: [
        ...cases.accept,
        {
          value: escaped,
          why: `${bounds.max} characters (the maximum), ${which} among them`,
          key: `${bounds.max}-escaped`,
        },
      ],
    };
  }
  const { max } = bounds;
  return {
    accept: [{ value: format.ofLength(max), why: `${max} characters (the maximum)` }],
    reject: [{ value: format.ofLength(max + 1), why: `${max + 1} characters (one above the maximum)` }],
  };
}

const ofLengths = (format: FormattedValues, lengths: fc.Arbitrary<number>): fc.Arbitrary<string> =>
  fc.tuple(lengths, fc.nat(1000)).map(([length, salt]) => format.ofLength(length, salt));

/** Accepted values spread over the whole range. */
function acceptedValues(limit: LengthLimit, t: CheckContext): fc.Arbitrary<string> {
  const {
    bounds: { min, max },
    format,
  } = limit;
  if (format) return ofLengths(format, fc.integer({ min: format.shortest, max }));
  if (!isMarked(limit)) return inRangeString({ min, max });
  const prefix = `${t.config.runMarker} `;
  // At least one character after the marker's space: no value ends in whitespace a server might trim.
  return inRangeString({ min: Math.max(min - prefix.length, 1), max: max - prefix.length }).map((s) => prefix + s);
}

function rejectedValues(limit: LengthLimit, t: CheckContext): fc.Arbitrary<string> {
  const {
    bounds: { max },
    format,
  } = limit;
  if (format) return ofLengths(format, fc.integer({ min: max + 1, max: max + OVER }));
  const values = tooLongString(max, OVER);
  return isMarked(limit) ? values.map((s) => marked(t.config.runMarker, s)) : values;
}

export function lengthLimitChecks(limit: LengthLimit): void {
  const { requirement, field, bounds, send, options, judge = PLAIN_JUDGE } = limit;
  const requirements: RequirementId[] = [requirement, 'FIELD-LENGTH-LIMITS'];
  const { accept, reject } = casesOf(limit);

  const mark = (t: CheckContext, value: string) => (isMarked(limit) ? marked(t.config.runMarker, value) : value);
  const shown = (t: CheckContext, c: BoundaryCase) =>
    `${c.why}${isMarked(limit) && holdsMarker(t.config.runMarker, c.value) ? ', run marker first' : ''}`;
  const accepted = async (t: CheckContext, value: string, why: string, ids = requirements, readBack = false) => {
    const call = await send(t, value);
    judge.accepted(t, call, ids, `${field} of ${why}`);
    if (readBack) await judge.readBack?.(t, call, `${field} of ${why}`);
  };
  const rejected = async (t: CheckContext, value: string, why: string) => {
    judge.rejected(t, await send(t, value), requirements, field, `${field} of ${why}`);
  };
  const length = (value: string) => `${charLength(value)} characters`;

  const readBack = judge.readBack !== undefined;
  // Ids from the table row (the requirement) and the value's length and characters, never from the titles.
  const id = (...keys: ReadonlyArray<string | number>) => checkIdOf('length', requirement, ...keys);
  for (const c of accept) {
    const ids: RequirementId[] = readBack ? [...requirements, 'READ-BACK-UNCHANGED'] : requirements;
    check(
      id('accepted', c.key ?? boundaryKey(c.value)),
      ids,
      TITLES.accepted(limit, c),
      (t) => accepted(t, mark(t, c.value), shown(t, c), requirements, readBack),
      options,
    );
  }
  for (const c of reject) {
    check(
      id('rejected', boundaryKey(c.value)),
      requirements,
      TITLES.rejected(limit, c),
      (t) => rejected(t, mark(t, c.value), shown(t, c)),
      options,
    );
  }
  if (limit.acceptProperty) {
    check(
      id('accepted-generated'),
      requirements,
      TITLES.acceptedProperty(limit),
      (t) => property(t, acceptedValues(limit, t), (value) => accepted(t, value, length(value))),
      options,
    );
  }
  check(
    id('rejected-generated'),
    requirements,
    TITLES.rejectedProperty(limit),
    (t) => property(t, rejectedValues(limit, t), (value) => rejected(t, value, length(value))),
    options,
  );
  // Free text only: a blank around a URL or a SIP address makes it malformed, whatever its length.
  if (!limit.format)
    check(
      id('padded'),
      requirements,
      TITLES.padded(limit),
      async (t) => {
        for (const [edge, at] of PADDINGS) {
          // Two cores apart: a server that trims stores two names, one per edge, where names must be unique.
          const core = mark(t, stringOf(bounds.max, 'ascii', at));
          const value = edge === 'leading' ? ` ${core}` : `${core} `;
          const what = `${field} of ${bounds.max} characters and a ${edge} blank`;
          const call = await send(t, value);
          if (!isSuccess(call)) {
            judge.rejected(t, call, requirements, field, what);
            continue;
          }
          judge.accepted(t, call, requirements, what);
          const beyond = stringsIn(call.response.json).find((s) => s.trim() === core && charLength(s) > bounds.max);
          t.assert(
            beyond === undefined,
            requirements,
            `${what} was accepted and answered as ${charLength(beyond ?? '')} characters, beyond the maximum ${bounds.max}`,
            call,
          );
        }
      },
      options,
    );
  if (limit.codePoints ?? true) {
    check(
      id('code-points'),
      ['FIELD-CHARS-CODEPOINTS'],
      TITLES.codePoints(limit),
      async (t) => {
        await accepted(t, mark(t, stringOf(bounds.max, 'astral')), `${bounds.max} code points`, [
          'FIELD-CHARS-CODEPOINTS',
        ]);
      },
      options,
    );
  }
}
