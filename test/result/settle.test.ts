import { describe, expect, it } from 'vitest';
import type { CheckResult, Finding } from '../../lib/result/model.js';
import { settleFindings } from '../../lib/result/settle.js';
import { FAILED, PASSED, SKIPPED } from '../report/sample.js';

const EVIDENCE = FAILED.evidence!;
const seen = (summary: string, requirements = ['LIST-PAGE-SIZE-RESPECTED']): Finding => ({
  kind: 'observed',
  requirements,
  summary,
  evidence: EVIDENCE,
});
const blocked = (id: string, finding: Finding): CheckResult => ({
  ...SKIPPED,
  id,
  skipReason: `blocked: listing runs broke ${finding.summary}`,
  findings: [finding],
});
const mismatch = (operation: string, location: string): Finding => ({
  kind: 'published-schema',
  requirements: ['SCHEMA-PUBLISHED'],
  operation,
  status: 200,
  location,
  summary: `${operation} 200: ${location}`,
  evidence: EVIDENCE,
});

describe('settleFindings', () => {
  it('turns a violation seen on the way into one failing check, and names it in every check it blocked', () => {
    const finding = seen('GET /v1/runs: the page holds 1001 runs');
    const settled = settleFindings([PASSED, blocked('a', finding), blocked('b', finding)]);
    const added = settled.filter((c) => c.outcome === 'fail');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      violated: ['LIST-PAGE-SIZE-RESPECTED'],
      requirements: ['LIST-PAGE-SIZE-RESPECTED'],
      evidence: EVIDENCE,
    });
    for (const id of ['a', 'b']) {
      const skip = settled.find((c) => c.id === id)!;
      expect(skip.blockedBy).toBe(added[0]!.id);
      // The rule and what was wrong, never the title of the check that reports it.
      expect(skip.skipReason).toBe('blocked by [LIST-PAGE-SIZE-RESPECTED] GET /v1/runs: the page holds 1001 runs');
      expect(skip).not.toHaveProperty('findings');
    }
  });

  it('adds no check when a failing check already reports that very cause, and blocks by it', () => {
    const finding = seen('GET /v1/runs: the page holds 1001 runs');
    const reporting: CheckResult = {
      ...FAILED,
      id: 'r',
      violated: ['LIST-PAGE-SIZE-RESPECTED'],
      message: '[LIST-PAGE-SIZE-RESPECTED] GET /v1/runs: the page holds 1001 runs',
    };
    const settled = settleFindings([reporting, blocked('a', finding)]);
    expect(settled).toHaveLength(2);
    expect(settled.find((c) => c.id === 'a')!.blockedBy).toBe('r');
  });

  it('reports published-schema mismatches once per operation with the distinct locations and a count, and passes operations that matched', () => {
    const checks: CheckResult[] = [
      {
        ...PASSED,
        id: 'x',
        publishedChecked: ['GET /v1/runs', 'POST /v1/agents'],
        findings: [mismatch('GET /v1/runs', '200 /runs/*/status: must be one of …')],
      },
      {
        ...PASSED,
        id: 'y',
        publishedChecked: ['GET /v1/runs'],
        findings: [
          { ...mismatch('GET /v1/runs', '200 /runs/*/status: must be one of …'), count: 40 },
          mismatch('GET /v1/runs', '200 /runs/*/x: other'),
        ],
      },
    ];
    const settled = settleFindings(checks);
    const runs = settled.find(
      (c) => c.name === "[SCHEMA-PUBLISHED] responses of GET /v1/runs match the target's published schema",
    )!;
    expect(runs.outcome).toBe('fail');
    expect(runs.message).toContain('at 2 locations (42 mismatches, seen by 2 checks)');
    expect(runs.message).toContain('200 /runs/*/status: must be one of … (41×');
    const agents = settled.find((c) => c.name.includes('POST /v1/agents'))!;
    expect(agents).toMatchObject({ outcome: 'pass', requirements: ['SCHEMA-PUBLISHED'], group: 'agents' });
    expect(
      settled.filter((c) => c.id === 'x' || c.id === 'y').every((c) => c.outcome === 'pass' && !('findings' in c)),
    ).toBe(true);
  });

  it('blocks by a check failed for the same cause at another place, naming the rule and where it was seen, never that check', () => {
    const at = (where: string): Finding => ({
      ...seen(`${where}: must match format "iso-utc"`, ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC']),
      where,
    });
    const host: CheckResult = {
      ...FAILED,
      id: 'host',
      title: 'malformed filters are refused',
      violated: ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC'],
      where: 'POST /v1/agents /agent/create_time',
      message: '[SCHEMA-CANONICAL, TIMESTAMP-ISO-UTC] POST /v1/agents /agent/create_time: must match format "iso-utc"',
    };
    const settled = settleFindings([host, blocked('a', at('GET /v1/runs /runs/*/create_time'))]);
    expect(settled).toHaveLength(2);
    const skip = settled.find((c) => c.id === 'a')!;
    expect(skip).toMatchObject({
      blockedBy: 'host',
      skipReason:
        'blocked by [TIMESTAMP-ISO-UTC] must match format "iso-utc" (seen at GET /v1/runs /runs/*/create_time)',
    });
    expect(skip.skipReason).not.toContain('malformed filters');
  });

  it('adds one check for a cause no check failed for, listing every place it was seen at', () => {
    const at = (where: string): Finding => ({
      ...seen(`${where}: must match format "iso-utc"`, ['TIMESTAMP-ISO-UTC']),
      where,
    });
    const settled = settleFindings([
      blocked('a', at('GET /v1/runs /runs/*/create_time')),
      blocked('b', at('GET /v1/personas /personas/*/create_time')),
    ]);
    const added = settled.filter((c) => c.outcome === 'fail');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      where: 'GET /v1/runs /runs/*/create_time',
      alsoSeenAt: ['GET /v1/personas /personas/*/create_time'],
    });
    expect(settled.filter((c) => c.blockedBy === added[0]!.id).map((c) => c.id)).toEqual(['a', 'b']);
  });
});
