import { describe, expect, it } from 'vitest';
import { REQUIREMENTS, requirement, type RequirementId } from '../../lib/contract/requirements/index.js';
import {
  checksByGroup,
  countOutcomes,
  exitCodeFor,
  failuresFirst,
  requirementResults,
  summarise,
  verdictOf,
  worstOutcome,
} from '../../lib/result/aggregate.js';
import type { RunStop } from '../../lib/result/model.js';
import {
  CHECKS,
  COVERING,
  ERRORED,
  FAILED,
  META,
  PASSED,
  PROPERTY,
  SKIPPED,
  sampleRun,
  stoppedRun,
} from '../report/sample.js';

const counts = (fail: number, error: number) => ({ pass: 3, fail, skip: 1, error, total: 4 + fail + error });
const stop = (kind: RunStop['kind']): RunStop => ({ kind, message: 'x' });

describe('aggregate', () => {
  it('counts outcomes', () => {
    expect(countOutcomes(CHECKS)).toEqual({ pass: 2, fail: 1, skip: 1, error: 1, total: 5 });
    expect(countOutcomes([])).toEqual({ pass: 0, fail: 0, skip: 0, error: 0, total: 0 });
  });

  it('ranks outcomes fail > error > pass > skip', () => {
    expect(worstOutcome(['skip', 'pass', 'error', 'fail'])).toBe('fail');
    expect(worstOutcome(['pass', 'error', 'skip'])).toBe('error');
    expect(worstOutcome(['skip', 'pass'])).toBe('pass');
    expect(worstOutcome(['skip'])).toBe('skip');
    expect(worstOutcome([])).toBeUndefined();
  });

  it('gives every catalog requirement a result; a failed check fails only the requirements its violation names', () => {
    const schemaViolation = {
      ...FAILED,
      id: 'x::schema',
      requirements: ['AGENT-CREATE'],
      violated: ['SCHEMA-PUBLISHED'],
    };
    const results = requirementResults([PASSED, PROPERTY, SKIPPED, schemaViolation]);
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(results.map((r) => r.id)).toEqual(REQUIREMENTS.map((r) => r.id));
    expect(byId.get('SCHEMA-PUBLISHED')).toMatchObject({
      outcome: 'fail',
      checks: [PROPERTY.id, 'x::schema'],
      level: 'MUST',
      area: 'general',
    });
    // The schema violation says nothing of AGENT-CREATE itself; the passing check decides.
    expect(byId.get('AGENT-CREATE')).toMatchObject({ outcome: 'pass', checks: [PASSED.id, 'x::schema'] });
    expect(byId.get('SCHEDULED-RUN-GET')?.outcome).toBe('skip');
    expect(byId.get('AGENT-GET')).toMatchObject({ outcome: 'untested', checks: [] });
  });

  it('chooses the exit code', () => {
    expect(exitCodeFor(counts(0, 0), undefined)).toBe(0);
    expect(exitCodeFor(counts(1, 0), undefined)).toBe(1);
    expect(exitCodeFor(counts(0, 1), undefined)).toBe(1);
    expect(exitCodeFor(counts(0, 0), stop('internal'))).toBe(1);
    for (const kind of ['config', 'unreachable', 'unauthenticated', 'throttled'] as const)
      expect(exitCodeFor(counts(1, 1), stop(kind))).toBe(2);
  });

  it('names the verdict', () => {
    expect(verdictOf(sampleRun())).toBe('violations');
    expect(verdictOf(sampleRun([PASSED, ERRORED]))).toBe('errors');
    expect(verdictOf(sampleRun([PASSED, SKIPPED]))).toBe('passed-partial');
    expect(verdictOf(sampleRun(COVERING))).toBe('conformant');
    // A check or group left out by --exclude was not verified, though every requirement has a passing check.
    const covering = sampleRun(COVERING);
    expect(
      verdictOf({ ...covering, selection: { ...covering.selection, exclude: ['lists.runs.page-size-bounds'] } }),
    ).toBe('passed-partial');
    // So were the checks --grep, a check named alone by --only, one shard or --max-failures left out.
    for (const narrowed of [
      { grep: 'agents' },
      { only: ['lists.runs.page-size-bounds'] },
      { shards: ['1/2'] },
      { stoppedAfterFailures: 3 },
    ])
      expect(verdictOf({ ...covering, selection: { ...covering.selection, ...narrowed } })).toBe('passed-partial');
    expect(verdictOf({ ...covering, selection: { ...covering.selection, shards: ['1/2', '2/2'] } })).toBe('conformant');
    expect(verdictOf(stoppedRun())).toBe('stopped');
    expect(verdictOf({ ...stoppedRun(), stop: { kind: 'throttled', message: 'only 429s' } })).toBe('throttled');
    expect(stoppedRun().exitCode).toBe(2);
  });

  it('carries the verdict and the groups in display order in the RunResult, for the reports to read', () => {
    for (const run of [sampleRun(), sampleRun([PASSED, SKIPPED]), stoppedRun()])
      expect(run.verdict).toBe(verdictOf(run));
    const extra = { ...PASSED, id: 'x', group: 'zz-extra' };
    expect(sampleRun([extra, SKIPPED, FAILED, PASSED]).groups).toEqual([
      'agents',
      'mutations',
      'scheduled-runs',
      'zz-extra',
    ]);
  });

  it('calls a run that left required requirements unverified partial, with the reason for each, and exits 0', () => {
    const partial = sampleRun([PASSED, SKIPPED]);
    expect(partial.exitCode).toBe(0);
    expect(partial.untested.find((u) => u.id === 'SCHEDULED-RUN-GET')?.reason).toBe(
      'SCHEDULED_RUN_ID is not set: the API cannot create a scheduled run',
    );
    expect(partial.untested.find((u) => u.id === 'AGENT-CREATE')).toBeUndefined();
    expect(partial.untested.every((u) => u.level === 'MUST')).toBe(true);
    const only = summarise([PASSED], { ...META, selection: { only: ['AGENT-CREATE'], shards: [], readOnly: false } });
    expect(only.untested.find((u) => u.id === 'AGENT-GET')?.reason).toBe('not selected (--only AGENT-CREATE)');
    const strict = summarise(
      COVERING.filter((c) => requirement(c.requirements[0] as RequirementId).level === 'MUST'),
      { ...META, profile: 'strict' },
    );
    expect(verdictOf(strict)).toBe('passed-partial');
    expect(strict.untested.every((u) => u.level === 'SHOULD')).toBe(true);
  });

  it('orders groups as the spec does and lists failures before errors', () => {
    const extra = { ...PASSED, id: 'x', group: 'zz-extra' };
    expect(checksByGroup([extra, SKIPPED, FAILED, PASSED]).map(([g]) => g)).toEqual([
      'agents',
      'mutations',
      'scheduled-runs',
      'zz-extra',
    ]);
    expect(failuresFirst([ERRORED, PASSED, FAILED])).toEqual([FAILED, ERRORED]);
  });
});
