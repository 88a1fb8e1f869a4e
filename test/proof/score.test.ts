// The mutation score: the suite must fail against the reference service with each
// fault switched on (with a check that names a requirement the fault breaks), pass
// against every permitted variation, and cover every requirement of the catalog.

import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REQUIREMENTS } from '../../lib/contract/requirements/index.js';
import { FAULTS } from '../../lib/reference/faults/index.js';
import { VARIATIONS } from '../../lib/reference/variations.js';
import { describeProof, type Proof, proveClean, proveFault } from '../support/proof.js';
import { pool } from '../support/run-cli.js';

// Every variation under the default profile, and the plain reference under the strict one
// (the reference meets every SHOULD, so the strict run also covers the SHOULD requirements).
const CLEAN_RUNS = [...VARIATIONS.map((v) => ({ variation: v.name, profile: 'default' })), { variation: 'default', profile: 'strict' }];

const faults = new Map<string, Proof>();
const clean = new Map<string, Proof>();

beforeAll(async () => {
  const tasks = [
    ...CLEAN_RUNS.map((run) => async () => clean.set(`${run.variation}/${run.profile}`, await proveClean(run.variation, run.profile))),
    ...FAULTS.map((fault) => async () => faults.set(fault.id, await proveFault(fault))),
  ];
  await pool(tasks, Math.max(2, availableParallelism()), (task) => task());
}, 1_800_000);

afterAll(() => {
  const detected = [...faults.values()].filter((p) => p.ok).length;
  const cleanCount = [...clean.values()].filter((p) => p.ok).length;
  console.log(`mutation score: ${detected}/${FAULTS.length} faults detected, ${cleanCount}/${clean.size} variation profiles clean`);
});

describe('no correct server is failed', () => {
  test.each(CLEAN_RUNS)('the suite passes against variation $variation with the $profile profile', ({ variation, profile }) => {
    const proof = clean.get(`${variation}/${profile}`);
    expect(proof, 'proof did not run').toBeDefined();
    expect(proof!.ok, describeProof(proof!)).toBe(true);
  });
});

describe('every fault is detected', () => {
  test.each(FAULTS.map((f) => [f.id, f] as const))('%s', (id) => {
    const proof = faults.get(id);
    expect(proof, 'proof did not run').toBeDefined();
    expect(proof!.ok, describeProof(proof!)).toBe(true);
  });
});

describe('every requirement is tested and proven able to fail', () => {
  test('every requirement has a check that passed against the reference service', () => {
    const strict = clean.get('default/strict')?.run.summary;
    expect(strict, 'the strict run wrote no summary').toBeDefined();
    const passed = new Set(strict!.requirements.filter((r) => r.outcome === 'pass').map((r) => r.id));
    expect(REQUIREMENTS.map((r) => r.id).filter((id) => !passed.has(id))).toEqual([]);
  });

  test('every requirement is broken by a fault that a check carrying it detects', () => {
    const proven = new Set<string>();
    for (const fault of FAULTS) {
      const named = new Set<string>(fault.requirements);
      for (const check of faults.get(fault.id)?.evidence ?? []) {
        for (const id of [...check.requirements, ...(check.violated ?? [])]) if (named.has(id)) proven.add(id);
      }
    }
    expect(REQUIREMENTS.map((r) => r.id).filter((id) => !proven.has(id))).toEqual([]);
  });
});
