// Verdicts on servers whose faults first show where no check of their rule is looking:
// in discovery, in a list read at the largest page size, in the published documents.
// Whatever observes a violation, a check fails naming the rule, skips name what blocked
// them, the run is never conformant, and one cause is reported once.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReference } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { type CliRun, type Summary, runCli } from '../support/run-cli.js';

const FAULTS = ['metrics-list-oversized', 'runs-list-not-json', 'published-stricter-than-answers'] as const;
const runs = new Map<string, CliRun>();
const references: RunningReference[] = [];

beforeAll(async () => {
  await Promise.all(
    FAULTS.map(async (fault) => {
      const reference = await startReference({ faults: [fault] });
      references.push(reference);
      runs.set(fault, await runCli({ env: referenceEnvironment(reference), timeoutMs: 240_000 }));
    }),
  );
}, 300_000);

afterAll(async () => {
  await Promise.all(references.map((r) => r.close()));
});

const summaryOf = (fault: string): Summary => {
  const run = runs.get(fault)!;
  expect(run.summary, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBeDefined();
  return run.summary!;
};

/** Every skip that a broken rule caused names the failing check that reports it. */
function expectEverySkipExplained(summary: Summary): void {
  const failing = new Set(summary.checks.filter((c) => c.outcome === 'fail').map((c) => c.id));
  for (const skip of summary.checks.filter(
    (c) => c.outcome === 'skip' && /broke|blocked|see the/.test(c.skipReason ?? ''),
  )) {
    expect(skip.blockedBy, `${skip.name}: ${skip.skipReason}`).toBeDefined();
    expect(failing.has(skip.blockedBy!), `${skip.name} is blocked by ${skip.blockedBy}, which did not fail`).toBe(true);
  }
}

describe('a fault first seen in discovery', () => {
  test('a metrics list of about 50 MB fails as too many items for the page, never as "not a JSON object", and exits 1', () => {
    const summary = summaryOf('metrics-list-oversized');
    expect(summary.exitCode).toBe(1);
    expect(summary.verdict).toBe('violations');
    const failed = summary.checks.filter((c) => c.outcome === 'fail');
    expect(
      failed.some(
        (c) => c.violated?.includes('LIST-PAGE-SIZE-RESPECTED') && /the response exceeded 32 MB/.test(c.message ?? ''),
      ),
    ).toBe(true);
    expect(failed.filter((c) => /not a JSON object/.test(c.message ?? ''))).toEqual([]);
    expectEverySkipExplained(summary);
    expect(runs.get('metrics-list-oversized')!.stdout).toMatch(/Verdict: NOT CONFORMANT \(exit code 1\)/);
  });

  test('a runs list that is not JSON fails, and every check that needed the runs says what blocked it', () => {
    const summary = summaryOf('runs-list-not-json');
    expect(summary.exitCode).toBe(1);
    expect(summary.checks.some((c) => c.outcome === 'fail' && c.violated?.includes('SCHEMA-CANONICAL'))).toBe(true);
    expect(summary.checks.filter((c) => c.blockedBy).length).toBeGreaterThan(10);
    expectEverySkipExplained(summary);
    // The many checks the one cause failed are one cause in the console.
    expect(runs.get('runs-list-not-json')!.stdout).toMatch(/\d+ checks failed for this cause/);
  });
});

describe('published documents stricter than the answers', () => {
  test('are one failing check per operation, with the distinct locations; the rules of the specification are still all checked', () => {
    const summary = summaryOf('published-stricter-than-answers');
    expect(summary.exitCode).toBe(1);
    const failed = summary.checks.filter((c) => c.outcome === 'fail');
    expect(failed.length).toBeGreaterThanOrEqual(4);
    // The operations published beyond the 20 are judged against the same documents by their own checks (GENERIC-SCHEMA-PUBLISHED), one per operation too.
    const published = (c: (typeof failed)[number]) =>
      c.id.startsWith('run::published-schema::') && c.violated?.join() === 'SCHEMA-PUBLISHED';
    const generic = (c: (typeof failed)[number]) => c.requirements.join() === 'GENERIC-SCHEMA-PUBLISHED';
    // The status enum it publishes lacks a value the specification shows: the stated rules see that too.
    const stated = (c: (typeof failed)[number]) => c.id === 'specification.published-enums-agree-spec';
    expect(
      failed.every((c) => published(c) || generic(c) || stated(c)),
      failed.map((c) => `${c.name} ${c.violated}`).join('\n'),
    ).toBe(true);
    expect(failed.filter(published).length).toBeGreaterThanOrEqual(4);
    expect(
      summary.checks.filter(
        (c) => c.outcome === 'skip' && (c.blockedBy || /SCHEMA-PUBLISHED|broke/.test(c.skipReason ?? '')),
      ),
    ).toEqual([]);
    expect(failed.find((c) => c.name.includes('GET /v1/runs '))?.message).toMatch(
      /at 1 location .*\n {2}200 \/runs\/\*\/status: must be equal to one of the allowed values/,
    );
  });
});
