// The proof that the suite works: against the reference service with one fault
// switched on it must fail a check carrying a requirement the fault names; against
// every permitted variation it must pass.

import { requirement } from '../lib/contract/requirements/index.js';
import { filesCarrying, type InventoryEntry } from '../lib/runner/inventory.js';
import type { CheckResult } from '../lib/result/model.js';
import type { Fault } from './faults/index.js';
import type { JobResult, ProofJob } from './batch.js';

/**
 * Only the checks that carry one of the fault's requirements can prove it detected, so the
 * job runs those alone (in the files that hold them); that is what keeps the score within minutes.
 */
export function faultJob(fault: Fault, inventory: readonly InventoryEntry[]): ProofJob {
  // A fault that breaks only conventions can be seen only by the strict profile's checks.
  const profile = fault.requirements.every((id) => requirement(id).level === 'SHOULD') ? 'strict' : 'default';
  // The checks that bring it out (seenThrough) run too; a failure must still name one of its requirements.
  const run = [...fault.requirements, ...(fault.seenThrough ?? [])];
  return {
    name: `fault:${fault.id}`,
    faults: [fault.id],
    profile,
    files: filesCarrying(inventory, run),
    requirements: run,
  };
}

export function cleanJob(variation: string, profile: 'default' | 'strict' = 'default'): ProofJob {
  return { name: `variation:${variation}/${profile}`, variation, profile, files: ['suites/**/*.suite.ts'] };
}

export interface Proof {
  readonly name: string;
  readonly ok: boolean;
  /** For a fault: the failing checks naming one of its requirements. For a variation: every fail or error. */
  readonly evidence: readonly CheckResult[];
  /** For a fault: the requirements a failing check carrying them proved breakable. */
  readonly proven: readonly string[];
  readonly checks: number;
}

export function judgeFault(fault: Fault, result: JobResult): Proof {
  const named = new Set<string>(fault.requirements);
  const idsOf = (c: CheckResult) => [...c.requirements, ...(c.violated ?? [])];
  const evidence = result.checks.filter((c) => c.outcome === 'fail' && idsOf(c).some((id) => named.has(id)));
  const proven = [...new Set(evidence.flatMap(idsOf).filter((id) => named.has(id)))];
  return { name: result.name, ok: evidence.length > 0, evidence, proven, checks: result.checks.length };
}

export function judgeClean(result: JobResult): Proof {
  const evidence = result.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
  return {
    name: result.name,
    ok: evidence.length === 0 && result.checks.length > 0,
    evidence,
    proven: [],
    checks: result.checks.length,
  };
}

/**
 * Checks that are one family's code applied to each operation of a table, the operation in the id's `operation`
 * group: an instance no fault fails is shown able to fail by a sibling of its family that one does.
 */
export const OPERATION_FAMILIES: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  {
    pattern: /^run::published-schema::(?<operation>.+)$/,
    why: "every operation's responses are held against the target's published schema by the same code (settle.ts)",
  },
  {
    pattern: /^published\.(?<operation>[^.]+\.[^.]+)\.[a-z-]+$/,
    why: 'each aspect of a published operation is one body for every operation of every document (lib/generic/checks.ts)',
  },
  {
    pattern: /^(?<operation>[a-z-]+\.path-id-extremes\.[a-z]+\.[a-z-]+)$/,
    why: "one body sends the same two IDs, far too long and far too short, to every operation's last path parameter (declareExtremeIdChecks)",
  },
];

/** The family of an operation-instance check (its id with the operation left out), or undefined for any other check. */
function familyOf(id: string): string | undefined {
  for (const { pattern } of OPERATION_FAMILIES) {
    const operation = pattern.exec(id)?.groups?.['operation'];
    if (operation !== undefined) return `${pattern.source} ${id.replace(operation, '*')}`;
  }
  return undefined;
}

/** The checks of `ids` that fail against no fault, nor (for an operation-instance) does a sibling of their family. */
export function unprovenChecks(ids: readonly string[], proofs: readonly Proof[]): string[] {
  const failed = new Set(proofs.filter((p) => p.name.startsWith('fault:')).flatMap((p) => p.evidence.map((c) => c.id)));
  const families = new Set([...failed].map(familyOf));
  return [...new Set(ids)].filter(
    (id) => !failed.has(id) && (familyOf(id) === undefined || !families.has(familyOf(id))),
  );
}

export function describeProof(proof: Proof): string {
  const shown = proof.evidence
    .slice(0, 5)
    .map((c) => `  ${c.outcome.toUpperCase()} ${c.name}\n    ${(c.message ?? '').split('\n')[0]}`);
  const empty = proof.checks === 0 ? ['  no check ran'] : [];
  return [
    `${proof.ok ? 'ok  ' : 'FAIL'} ${proof.name}`,
    ...(proof.ok && proof.evidence.length && !proof.name.startsWith('fault:') ? [] : shown),
    ...empty,
  ].join('\n');
}
