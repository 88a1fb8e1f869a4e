// The fault score: the suite must fail against the reference service with each
// fault switched on (with a check that names a requirement the fault breaks), pass
// against every permitted variation, and cover every requirement of the catalog.
// The proofs run in one child process (proof/prove.ts), one vitest project each.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REQUIREMENTS } from '../../lib/contract/requirements/index.js';
import type { CheckResult } from '../../lib/result/model.js';
import { FAULTS } from '../../proof/faults/index.js';
import { VARIATIONS } from '../../proof/variations.js';
import { describeProof, unprovenChecks, type Proof } from '../../proof/judge.js';
import { ROOT } from '../support/run-cli.js';

interface ProofReport {
  readonly durationMs: number;
  readonly proofs: Proof[];
  readonly strict: { checks: CheckResult[] } | null;
}

let report: ProofReport;
const byName = new Map<string, Proof>();

/** The child must not believe it is a vitest worker: drop vitest's own variables. */
const childEnvironment = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|VITE_|TEST$|NODE_ENV$)/.test(name)));

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'aes-score-'));
  const out = join(dir, 'proofs.json');
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'proof/prove.ts', 'all', '--json', out], {
    cwd: ROOT,
    env: childEnvironment(),
    encoding: 'utf8',
    // A hang guard only: the whole catalog (1,300 faults) takes 10 minutes on a loaded two-core machine, longer beside
    // another heavy job; how long it takes proves nothing (speed is npm run bench's).
    timeout: 2_400_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as ProofReport;
  } catch {
    throw new Error(
      `the proof run wrote no results (exit ${child.status}): ${(child.stderr || child.stdout).slice(-3000)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const proof of report.proofs) byName.set(proof.name, proof);
}, 2_460_000);

afterAll(() => {
  if (!report) return;
  const faults = report.proofs.filter((p) => p.name.startsWith('fault:'));
  const clean = report.proofs.filter((p) => p.name.startsWith('variation:'));
  console.log(
    `fault score: ${faults.filter((p) => p.ok).length}/${faults.length} faults detected, ${clean.filter((p) => p.ok).length}/${clean.length} variation profiles clean (${(report.durationMs / 1000).toFixed(0)} s)`,
  );
});

const CLEAN = [...VARIATIONS.map((v) => `variation:${v.name}/default`), 'variation:default/strict'];

describe('no correct server is failed', () => {
  test.each(CLEAN)('the suite passes against %s', (name) => {
    const proof = byName.get(name);
    expect(proof, 'proof did not run').toBeDefined();
    expect(proof!.ok, describeProof(proof!)).toBe(true);
  });
});

describe('every fault is detected', () => {
  test.each(FAULTS.map((f) => f.id))('%s', (id) => {
    const proof = byName.get(`fault:${id}`);
    expect(proof, 'proof did not run').toBeDefined();
    expect(proof!.ok, describeProof(proof!)).toBe(true);
  });
});

describe('every requirement is tested and proven able to fail', () => {
  test('every requirement has a check that passed against the reference service (strict profile)', () => {
    const passed = new Set(
      (report.strict?.checks ?? []).filter((c) => c.outcome === 'pass').flatMap((c) => c.requirements),
    );
    expect(REQUIREMENTS.map((r) => r.id).filter((id) => !passed.has(id))).toEqual([]);
  });

  test('every requirement is broken by a fault that a check carrying it detects', () => {
    const proven = new Set(report.proofs.flatMap((p) => p.proven));
    expect(REQUIREMENTS.map((r) => r.id).filter((id) => !proven.has(id))).toEqual([]);
  });

  // A test that cannot fail is a defect: each check of the strict run, or a sibling of its operation family
  // (OPERATION_FAMILIES in proof/judge.ts), fails against some fault naming its requirements.
  test('every check fails against some fault', () => {
    const ids = (report.strict?.checks ?? []).map((c) => c.id);
    expect(ids.length, 'the strict run listed no check').toBeGreaterThan(0);
    expect(unprovenChecks(ids, report.proofs), 'checks no fault fails').toEqual([]);
  });
});
