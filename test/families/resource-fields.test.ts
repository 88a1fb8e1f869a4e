import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/exchange.js';
import {
  fieldsApartProblems,
  serverTimeProblem,
  SKEWED_CLOCKS,
  timestampOrderProblem,
} from '../../lib/families/resource-fields.js';

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

describe("fieldsApartProblems (a scheduled run's last run: its time and id together)", () => {
  it('finds one of a group holding a value without the others, either way', () => {
    expect(fieldsApartProblems('ScheduledRun', { last_run_at: '2026-01-01T00:00:00Z' })).toEqual([
      'last_run_at and last_run_id describe one thing, but only last_run_at holds a value (last_run_at "2026-01-01T00:00:00Z", last_run_id absent)',
    ]);
    expect(fieldsApartProblems('ScheduledRun', { last_run_at: null, last_run_id: 'r1' })).toHaveLength(1);
    expect(fieldsApartProblems('ScheduledRun', { last_run_at: '2026-01-01T00:00:00Z', last_run_id: '' })).toHaveLength(
      1,
    );
  });

  it('holds when all or none hold a value (null, "" and absent hold none), and for a table without groups', () => {
    expect(fieldsApartProblems('ScheduledRun', { last_run_at: '2026-01-01T00:00:00Z', last_run_id: 'r1' })).toEqual([]);
    expect(fieldsApartProblems('ScheduledRun', { last_run_at: null, last_run_id: '' })).toEqual([]);
    expect(fieldsApartProblems('ScheduledRun', {})).toEqual([]);
    expect(fieldsApartProblems('Persona', { last_run_at: '2026-01-01T00:00:00Z' })).toEqual([]);
  });
});

describe("serverTimeProblem (SERVER-SET-TIMES: the times a write set are of the server's clock)", () => {
  const answered = (date: string | undefined): Exchange => ({
    request: { method: 'POST', url: 'http://target/v1/test-cases', headers: { ...SKEWED_CLOCKS.future } },
    response: { status: 200, headers: date ? { date } : {}, text: '{}', json: {}, truncated: false },
    startedAt: 0,
    durationMs: 1,
    retries: 0,
  });
  const served = answered('Tue, 10 Mar 2026 12:00:00 GMT');

  it("judges against the answer's own Date, within a day either way for what the write just set", () => {
    expect(
      serverTimeProblem({ create_time: '2026-03-11T11:00:00Z' }, served, { now: ['create_time'] }),
    ).toBeUndefined();
    expect(
      serverTimeProblem({ create_time: '2026-03-09T13:00:00Z' }, served, { now: ['create_time'] }),
    ).toBeUndefined();
    expect(serverTimeProblem({ create_time: '2101-01-01T00:00:00Z' }, served, { now: ['create_time'] })).toMatch(
      /create_time 2101-01-01T00:00:00Z is more than a day from the answer's own Date .* \(the request said Date: Sat, 01 Jan 2101/,
    );
    expect(serverTimeProblem({ create_time: '2015-01-01T00:00:00Z' }, served, { now: ['create_time'] })).toBeDefined();
  });

  it('judges only the later side of a time an update may have left as it was', () => {
    expect(
      serverTimeProblem({ update_time: '2020-01-01T00:00:00Z' }, served, { notAfter: ['update_time'] }),
    ).toBeUndefined();
    expect(
      serverTimeProblem({ update_time: '2101-01-01T00:00:00Z' }, served, { notAfter: ['update_time'] }),
    ).toBeDefined();
  });

  it('judges nothing without a Date in the answer, nor null, absent or unreadable times', () => {
    expect(
      serverTimeProblem({ create_time: '2101-01-01T00:00:00Z' }, answered(undefined), { now: ['create_time'] }),
    ).toBeUndefined();
    expect(
      serverTimeProblem({ update_time: null, create_time: 'soon' }, served, { now: ['create_time', 'update_time'] }),
    ).toBeUndefined();
  });
});
