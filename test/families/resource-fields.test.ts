import { describe, expect, it } from 'vitest';
import { timestampOrderProblem } from '../../lib/families/resource-fields.js';

describe('timestampOrderProblem (TIMESTAMP-ORDER, for agents and every other resource)', () => {
  it('finds update_time before create_time, below the millisecond and across offsets too', () => {
    expect(
      timestampOrderProblem({ create_time: '2026-01-05T10:00:00.1235Z', update_time: '2026-01-05T10:00:00.1234Z' }),
    ).toMatch(/is before create_time/);
    expect(
      timestampOrderProblem({ create_time: '2026-01-05T10:00:00Z', update_time: '2026-01-05T11:00:00+02:00' }),
    ).toMatch(/is before create_time/);
  });

  it('holds when update_time is not earlier', () => {
    expect(
      timestampOrderProblem({ create_time: '2026-01-05T10:00:00.1234Z', update_time: '2026-01-05T10:00:00.1234000Z' }),
    ).toBeUndefined();
    expect(
      timestampOrderProblem({ create_time: '2026-01-05T10:00:00Z', update_time: '2026-01-05T10:00:00.001Z' }),
    ).toBeUndefined();
  });

  it('leaves what it cannot read to TIMESTAMP-ISO-UTC', () => {
    expect(
      timestampOrderProblem({ create_time: '2026-01-05T10:00:00Z', update_time: '2026-13-45T99:99:99Z' }),
    ).toBeUndefined();
    expect(timestampOrderProblem({ create_time: 'yesterday', update_time: '2026-01-05T10:00:00Z' })).toBeUndefined();
    expect(timestampOrderProblem({ create_time: '2026-01-05T10:00:00Z', update_time: null })).toBeUndefined();
    expect(timestampOrderProblem({ create_time: '2026-01-05T10:00:00Z' })).toBeUndefined();
  });
});
