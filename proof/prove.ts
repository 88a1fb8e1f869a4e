// `npx tsx proof/prove.ts [all | <fault-id> | variation:<name>[/strict] ...] [--json out.json]`
// Proves faults are detected and variations pass, in one vitest process. The score
// test in `npm test` runs `all`; by hand it proves single faults while writing a check.

import { writeFileSync } from 'node:fs';
import { FAULTS, type Fault } from './faults/index.js';
import { VARIATIONS } from './variations.js';
import { collectInventory } from '../lib/runner/inventory.js';
import { cleanJob, describeProof, faultJob, judgeClean, judgeFault, type Proof } from './judge.js';
import { runProofBatch, type ProofJob } from './batch.js';

interface Planned {
  readonly job: ProofJob;
  readonly judge: (result: Parameters<typeof judgeClean>[0]) => Proof;
}

const inventory = await collectInventory();
const faultPlan = (fault: Fault): Planned => ({ job: faultJob(fault, inventory), judge: (r) => judgeFault(fault, r) });
const cleanPlan = (variation: string, profile: 'default' | 'strict'): Planned => ({
  job: cleanJob(variation, profile),
  judge: judgeClean,
});

/** Every variation under the default profile, and the reference under strict (it meets every SHOULD). */
export const ALL_CLEAN = [...VARIATIONS.map((v) => [v.name, 'default'] as const), ['default', 'strict'] as const];

function plan(args: readonly string[]): Planned[] {
  return args.flatMap((arg): Planned[] => {
    if (arg === 'all') return [...ALL_CLEAN.map(([v, p]) => cleanPlan(v, p)), ...FAULTS.map(faultPlan)];
    if (arg.startsWith('variation:')) {
      const [name, profile] = arg.slice('variation:'.length).split('/');
      return [cleanPlan(name as string, profile === 'strict' ? 'strict' : 'default')];
    }
    const fault = FAULTS.find((f) => f.id === arg);
    if (!fault) throw new Error(`unknown fault ${arg}`);
    return [faultPlan(fault)];
  });
}

const argv = process.argv.slice(2);
const jsonAt = argv.indexOf('--json');
const out = jsonAt >= 0 ? argv[jsonAt + 1] : undefined;
const targets = argv.filter((_arg, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1));
const planned = plan(targets.length ? targets : ['all']);
const started = performance.now();
const results = await runProofBatch(planned.map((p) => p.job));
const proofs = planned.map((p, i) => p.judge(results[i]!));
for (const proof of proofs) console.log(describeProof(proof));
const failed = proofs.filter((p) => !p.ok).length;
if (out)
  writeFileSync(
    out,
    JSON.stringify({
      durationMs: performance.now() - started,
      proofs,
      strict: results[planned.findIndex((p) => p.job.name === 'variation:default/strict')] ?? null,
    }),
  );
console.log(`\nproofs: ${proofs.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
