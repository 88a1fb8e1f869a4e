// `npx tsx test/support/prove.ts <fault-id|variation:name|all> ...`: prove faults and
// variations by hand while writing a check (the score test in `npm test` runs them all).

import { FAULTS } from '../../lib/reference/faults/index.js';
import { VARIATIONS } from '../../lib/reference/variations.js';
import { describeProof, proveClean, proveFault, type Proof } from './proof.js';
import { pool } from './run-cli.js';

const args = process.argv.slice(2);
const tasks: Array<() => Promise<Proof>> = [];
for (const arg of args.length ? args : ['all']) {
  if (arg === 'all') {
    FAULTS.forEach((f) => tasks.push(() => proveFault(f)));
    VARIATIONS.forEach((v) => tasks.push(() => proveClean(v.name)));
  } else if (arg.startsWith('variation:')) {
    const [name, profile] = arg.slice('variation:'.length).split('/');
    tasks.push(() => proveClean(name as string, profile));
  } else {
    const fault = FAULTS.find((f) => f.id === arg);
    if (!fault) throw new Error(`unknown fault ${arg}`);
    tasks.push(() => proveFault(fault));
  }
}
const proofs = await pool(tasks, 2, (task) => task());
for (const proof of proofs) console.log(describeProof(proof));
const failed = proofs.filter((p) => !p.ok).length;
console.log(`\n${proofs.length - failed}/${proofs.length} proofs hold`);
process.exit(failed ? 1 : 0);
