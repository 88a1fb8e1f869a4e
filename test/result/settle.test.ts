import { describe, expect, it } from 'vitest';
import type { CheckResult, Finding } from '../../lib/result/model.js';
import { settleFindings } from '../../lib/result/settle.js';
import { FAILED, PASSED, SKIPPED } from '../report/sample.js';

const EVIDENCE = FAILED.evidence!;
const seen = (summary: string, requirements = ['LIST-PAGE-SIZE-RESPECTED']): Finding => ({ kind: 'observed', requirements, summary, evidence: EVIDENCE });
const blocked = (id: string, finding: Finding): CheckResult => ({ ...SKIPPED, id, skipReason: `blocked: listing runs broke ${finding.summary}`, findings: [finding] });
const mismatch = (operation: string, location: string): Finding => ({
  kind: 'published-schema', requirements: ['SCHEMA-PUBLISHED'], operation, status: 200, location, summary: `${operation} 200: ${location}`, evidence: EVIDENCE,
});

describe('settleFindings', () => {
  it('turns a violation seen on the way into one failing check, and names it in every check it blocked', () => {
    const finding = seen('GET /v1/runs: the page holds 1001 runs');
    const settled = settleFindings([PASSED, blocked('a', finding), blocked('b', finding)]);
    const added = settled.filter((c) => c.outcome === 'fail');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ violated: ['LIST-PAGE-SIZE-RESPECTED'], requirements: ['LIST-PAGE-SIZE-RESPECTED'], evidence: EVIDENCE });
    for (const id of ['a', 'b']) {
      const skip = settled.find((c) => c.id === id)!;
      expect(skip.blockedBy).toBe(added[0]!.id);
      expect(skip.skipReason).toContain(`blocked by ${added[0]!.name}`);
      expect(skip).not.toHaveProperty('findings');
    }
  });

  it('adds no check when a failing check already reports that very cause, and blocks by it', () => {
    const finding = seen('GET /v1/runs: the page holds 1001 runs');
    const reporting: CheckResult = { ...FAILED, id: 'r', violated: ['LIST-PAGE-SIZE-RESPECTED'], message: '[LIST-PAGE-SIZE-RESPECTED] GET /v1/runs: the page holds 1001 runs' };
    const settled = settleFindings([reporting, blocked('a', finding)]);
    expect(settled).toHaveLength(2);
    expect(settled.find((c) => c.id === 'a')!.blockedBy).toBe('r');
  });

  it('turns what a group saw while cleaning up into one failing check per cause, blocking no check', () => {
    const finding = seen('while cleaning up: DELETE /v1/agents/{agent_id}/mutations/{mutation_id} answered 500', ['MUTATION-DELETE-IDEMPOTENT']);
    const group = { group: 'mutations', file: 'suites/mutations.create.suite.ts', findings: [finding, finding] };
    const settled = settleFindings([PASSED, SKIPPED], [group, group]);
    const added = settled.filter((c) => c.outcome === 'fail');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ group: 'mutations', file: 'suites/mutations.create.suite.ts', violated: ['MUTATION-DELETE-IDEMPOTENT'], evidence: EVIDENCE });
    expect(settled.filter((c) => c.blockedBy !== undefined)).toEqual([]);
  });

  it('reports published-schema mismatches once per operation with the distinct locations and a count, and passes operations that matched', () => {
    const checks: CheckResult[] = [
      { ...PASSED, id: 'x', publishedChecked: ['GET /v1/runs', 'POST /v1/agents'], findings: [mismatch('GET /v1/runs', '200 /runs/*/status: must be one of …')] },
      { ...PASSED, id: 'y', publishedChecked: ['GET /v1/runs'], findings: [{ ...mismatch('GET /v1/runs', '200 /runs/*/status: must be one of …'), count: 40 }, mismatch('GET /v1/runs', '200 /runs/*/x: other')] },
    ];
    const settled = settleFindings(checks);
    const runs = settled.find((c) => c.name === "[SCHEMA-PUBLISHED] responses of GET /v1/runs match the target's published schema")!;
    expect(runs.outcome).toBe('fail');
    expect(runs.message).toContain('at 2 locations (42 mismatches, seen by 2 checks)');
    expect(runs.message).toContain('200 /runs/*/status: must be one of … (41×');
    const agents = settled.find((c) => c.name.includes('POST /v1/agents'))!;
    expect(agents).toMatchObject({ outcome: 'pass', requirements: ['SCHEMA-PUBLISHED'], group: 'agents' });
    expect(settled.filter((c) => c.id === 'x' || c.id === 'y').every((c) => c.outcome === 'pass' && !('findings' in c))).toBe(true);
  });
});
