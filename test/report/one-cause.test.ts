// One finding per cause, proven on whole runs against the reference: operations published and not
// served fail one check each, whichever request shows it; one bug seen on many endpoints is one
// cause, with its places, in the console, summary.json and report.html alike.

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { type CliRun, type Summary, runCli } from '../support/run-cli.js';

const FAULTS = ['beyond-unserved-behind-gateway', 'beyond-published-not-implemented', 'timestamps-not-utc'] as const;
type FaultUnderTest = (typeof FAULTS)[number];

interface Ran {
  readonly run: CliRun;
  readonly summary: Omit<Summary, 'requirements'> & {
    readonly causes: Array<{ rules: string[]; what: string; places: string[]; checks: string[] }>;
    readonly requirements: Array<{ id: string; outcome: string; stoppedBy?: string[] }>;
  };
  readonly html: string;
}

const runs = new Map<FaultUnderTest, Ran>();
const references: RunningReference[] = [];

beforeAll(async () => {
  await Promise.all(
    FAULTS.map(async (fault) => {
      const reference = await startReference({ faults: [fault] });
      references.push(reference);
      const run = await runCli({ env: referenceEnvironment(reference), keepReports: true, timeoutMs: 240_000 });
      expect(run.summary, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBeDefined();
      const html = await readFile(join(run.reportDir, 'report.html'), 'utf8');
      runs.set(fault, { run, summary: run.summary as unknown as Ran['summary'], html });
    }),
  );
}, 300_000);

afterAll(async () => {
  await Promise.all([
    ...references.map((r) => r.close()),
    ...[...runs.values()].map((r) => rm(r.run.reportDir, { recursive: true, force: true })),
  ]);
});

/** The failing checks of a run, and for each unserved operation its checks. */
function expectOneFailurePerOperation(fault: FaultUnderTest, operations: readonly string[]): void {
  const { summary } = runs.get(fault)!;
  const failed = summary.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
  expect(
    failed.map((c) => c.name).sort(),
    'the only failures are one GENERIC-IMPLEMENTED per unserved operation',
  ).toEqual(
    operations
      .map((op) => failed.find((c) => c.name.includes(`${op} is served, as published`))?.name ?? `no failure for ${op}`)
      .sort(),
  );
  for (const op of operations) {
    const its = summary.checks.filter((c) => c.name.includes(`${op}:`) || c.name.includes(`${op} `));
    const implemented = its.find((c) => c.requirements.includes('GENERIC-IMPLEMENTED'))!;
    expect(implemented).toMatchObject({ outcome: 'fail', violated: ['GENERIC-IMPLEMENTED'] });
    for (const other of its.filter((c) => c !== implemented && c.outcome !== 'pass')) {
      expect(other.outcome, other.name).toBe('skip');
      if (other.blockedBy !== undefined) expect(other.blockedBy, other.name).toBe(implemented.id);
    }
    // Every check that could run is blocked by it: none passes on an operation nothing serves.
    expect(its.filter((c) => c.blockedBy === implemented.id).length, op).toBeGreaterThan(0);
  }
  // Published and not served is one cause, wherever: one place per operation.
  expect(summary.causes.map((c) => c.rules)).toEqual([['GENERIC-IMPLEMENTED']]);
  expect(summary.causes[0]!.places).toHaveLength(operations.length);
}

describe('operations published and not served', () => {
  test('behind a server that authenticates first (401 without a key; 404 or 405 with it): one failing check each, the rest blocked', () => {
    expectOneFailurePerOperation('beyond-unserved-behind-gateway', [
      'listTestSets (GET /v1/test-sets)',
      'listMutations (GET /v1/agents/{agent_id}/mutations)',
      'listReviewProjects (GET /v1/review-projects)',
    ]);
  });

  test('answered as unknown routes whatever the key: one failing check each, the rest blocked', () => {
    expectOneFailurePerOperation('beyond-published-not-implemented', [
      'listTestSets (GET /v1/test-sets)',
      'getTestSet (GET /v1/test-sets/{test_set_id})',
    ]);
  });
});

describe('one bug seen on many endpoints (timestamps with a +02:00 offset)', () => {
  test('is one cause listing its places, in the console, summary.json and report.html', () => {
    const { run, summary, html } = runs.get('timestamps-not-utc')!;
    const failed = summary.checks.filter((c) => c.outcome === 'fail');
    expect(summary.causes).toHaveLength(1);
    const [cause] = summary.causes;
    expect(cause).toMatchObject({ rules: ['TIMESTAMP-ISO-UTC'], what: 'must match format "iso-utc"' });
    expect(cause!.checks).toHaveLength(failed.length);
    expect(cause!.places.length).toBeGreaterThanOrEqual(8);
    expect(cause!.places.some((p) => p.startsWith('GET /v1/runs '))).toBe(true);
    expect(cause!.places.some((p) => p.startsWith('listAgents (GET /v1/agents) '))).toBe(true);
    expect(run.stdout).toContain(`Failures and errors: 1 cause over ${failed.length} checks:`);
    expect(run.stdout).toContain(
      `FAIL [TIMESTAMP-ISO-UTC] must match format "iso-utc"\n  seen at ${cause!.places.length} places:`,
    );
    expect(html).toContain(`1 cause over ${failed.length} checks`);
    expect(html).toContain(`seen at ${cause!.places.length} places:`);
  });

  test('blocks checks naming the rule and where it was seen, never the title of the check that reports it', () => {
    const { summary } = runs.get('timestamps-not-utc')!;
    const blocked = summary.checks.filter((c) => c.blockedBy !== undefined);
    expect(blocked.length).toBeGreaterThan(10);
    const names = new Set(summary.checks.filter((c) => c.outcome === 'fail').map((c) => c.name));
    for (const c of blocked) {
      expect(c.skipReason, c.name).toMatch(
        /^blocked by \[TIMESTAMP-ISO-UTC\] must match format "iso-utc" \(seen at .+\)$/,
      );
      for (const name of names) expect(c.skipReason).not.toContain(name);
    }
  });

  test('shows no requirement whose checks failed as skipped, and its areas count what stopped them', () => {
    const { summary, html } = runs.get('timestamps-not-utc')!;
    expect(html).not.toContain('no reason given');
    const stopped = summary.requirements.filter((r) => r.stoppedBy);
    expect(stopped.length).toBeGreaterThan(10);
    for (const r of stopped) {
      expect(r.stoppedBy).toEqual(['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC']);
      expect(html).toMatch(
        new RegExp(
          `<tr id="req-${r.id}" class="stopped">.*not verified: its checks failed on .*TIMESTAMP-ISO-UTC.* first`,
        ),
      );
    }
    // The agents area counts its stopped requirements and its group's failing checks, as the console's table does.
    const agents = summary.checks.filter((c) => c.group === 'agents' && c.outcome === 'fail').length;
    expect(html).toMatch(
      new RegExp(`<h3>agents <small>[^<]*\\d+ stopped by a failure[^<]*; \\d+ checks: \\d+ pass, ${agents} fail`),
    );
  });
});
