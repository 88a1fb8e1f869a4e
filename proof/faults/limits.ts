// Bound and unit faults made from the limits table (lib/contract/limits.ts), as the suite makes its
// length checks from it: each fault moves one bound of a row, or measures the row in another unit,
// and its probe sends the value whose fate the fault changes.

import type { RequirementId } from '../../lib/contract/requirements/index.js';
import { FIELD_LIMITS, type FieldLimit, type FieldLimitId } from '../../lib/contract/limits.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { LimitBounds } from '../../lib/reference/validation/limits.js';
import { utf8Size } from '../../lib/reference/validation/measure.js';
import type { Answer, Call } from '../probes/call.js';
import { fault, type Fault, type FaultSlips } from './define.js';

/** What a probe of a limit fault reads: whether the service took the value or refused it as INVALID_ARGUMENT. */
export const fate = (answer: Answer): string | number =>
  answer.status < 300 ? 'accepted' : answer.body?.error?.code === 'INVALID_ARGUMENT' ? 'refused' : answer.status;

/** One wrong bound: the bounds the faulty service holds. */
interface WrongBound<Id extends string> {
  readonly id: Id;
  readonly bounds: Omit<LimitBounds, 'measure'>;
  /** Needed unless the bound is one past the row's maximum, on either side. */
  readonly description?: string;
  readonly requirements?: readonly RequirementId[];
  readonly slips?: FaultSlips;
}

/** The row measured in another unit: `sample`, within the row's bounds, is refused so measured. */
interface WrongUnit<Id extends string, Value> {
  readonly id: Id;
  readonly measure: (value: unknown) => number;
  readonly sample: Value;
  readonly description: string;
  readonly requirements?: readonly RequirementId[];
}

interface RowFaults<Id extends string, Value> {
  /** The field as the descriptions name it: `Agent display_name`. */
  readonly subject: string;
  readonly requirements: readonly RequirementId[];
  /** Sends `value` as the field, in a request the correct service otherwise takes. */
  readonly send: (call: Call, value: NoInfer<Value>) => Promise<Answer>;
  /** A value of the field measuring `size` in the row's unit. */
  readonly sized: (size: number) => Value;
  readonly faults: readonly (WrongBound<Id> | WrongUnit<Id, Value>)[];
}

/** Rows of the limits table measured another way (their bounds kept, or changed by `bounds`). */
export const rowsMeasuredAs =
  (ids: readonly FieldLimitId[], measure: (value: unknown) => number, bounds: { min?: number; max?: number } = {}) =>
  (b: Behaviour) => {
    for (const id of ids) b.limits[id] = { ...b.limits[id], ...bounds, measure };
  };

export const bytesOfText = (value: unknown): number => utf8Size(String(value));
/** JavaScript's `.length` of the JSON text: UTF-16 units, which for the text sent are its characters, not its bytes. */
export const charactersOfJson = (value: unknown): number =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).length;

const rowOf = (id: FieldLimitId): FieldLimit => FIELD_LIMITS.find((row) => row.id === id)!;
const maxOf = (row: FieldLimit): number | undefined => row.max ?? row.maxAmbiguous?.low;
/** The largest size a correct service must take (a KB or MB limit read as 1000 or 1024). */
const lowMax = (row: FieldLimit): number => maxOf(row) ?? Infinity;
/** The smallest size beyond which a correct service must refuse. */
const highMax = (row: FieldLimit): number => row.max ?? row.maxAmbiguous?.high ?? Infinity;

/** The size whose fate the wrong bounds change, and what the faulty service does with it. */
function telling(row: FieldLimit, { min, max }: WrongBound<string>['bounds']): [number, 'accepted' | 'refused'] {
  const rowMin = row.min ?? 0;
  if (min !== undefined && min > rowMin) return [rowMin, 'refused'];
  if (min !== undefined && min < rowMin) return [min, 'accepted'];
  // Well past the wrong bound (a value of one more may not be well-formed), within the row's.
  if (max !== undefined && max < lowMax(row)) return [Math.min(lowMax(row), 2 * (max + 1)), 'refused'];
  return [highMax(row) + 1, 'accepted'];
}

function described(row: FieldLimit, subject: string, wrong: WrongBound<string>): string {
  if (wrong.description) return wrong.description;
  const max = row.max;
  if (max !== undefined && wrong.bounds.max === max - 1) return `${subject} of ${max} characters is rejected.`;
  if (max !== undefined && wrong.bounds.max === max + 1) return `${subject} of ${max + 1} characters is accepted.`;
  throw new Error(`${subject}: a wrong bound other than one past the maximum needs a description`);
}

/** The faults of one row of the limits table, in the order given. */
export function limitFaults<const Id extends string, Value>(id: FieldLimitId, spec: RowFaults<Id, Value>): Fault<Id>[] {
  const row = rowOf(id);
  return spec.faults.map((wrong) => {
    const requirements = wrong.requirements ?? spec.requirements;
    if ('measure' in wrong)
      return fault({
        id: wrong.id,
        requirements,
        slips: ['unit'],
        description: wrong.description,
        behaviour: (b) => {
          b.limits[id] = { ...b.limits[id], measure: wrong.measure };
        },
        probe: async (call) => fate(await spec.send(call, wrong.sample)),
        shows: 'refused',
      });
    const [size, shows] = telling(row, wrong.bounds);
    return fault({
      id: wrong.id,
      requirements,
      slips: wrong.slips ?? ['bound'],
      description: described(row, spec.subject, wrong),
      behaviour: (b) => {
        b.limits[id] = { ...b.limits[id], ...wrong.bounds };
      },
      probe: async (call) => fate(await spec.send(call, spec.sized(size))),
      shows,
    });
  });
}
