// The proof that the suite works: against the reference service with one fault
// switched on it must fail a check carrying a requirement the fault names; against
// every permitted variation it must pass.

import { GROUPS } from '../../lib/contract/endpoints.js';
import { requirement, type RequirementId } from '../../lib/contract/requirements/index.js';
import type { CheckResult } from '../../lib/report/model.js';
import type { Fault } from '../../lib/reference/faults/index.js';
import type { JobResult, ProofJob } from './proof-batch.js';

/** Suite groups whose checks can observe a broken requirement (cross-cutting areas: every group). */
export function groupsFor(requirements: readonly RequirementId[]): string[] {
  const groups = new Set<string>();
  for (const id of requirements) {
    const area = requirement(id).area;
    if (area === 'general') return [];
    if (area === 'lists') ['personas', 'runs', 'metrics'].forEach((g) => groups.add(g));
    else groups.add(area);
  }
  return [...groups].filter((g) => g === 'auth' || (GROUPS as readonly string[]).includes(g));
}

export function faultJob(fault: Fault): ProofJob {
  // A fault that breaks only conventions can be seen only by the strict profile's checks.
  const profile = fault.requirements.every((id) => requirement(id).level === 'SHOULD') ? 'strict' : 'default';
  return { name: `fault:${fault.id}`, faults: [fault.id], profile, groups: groupsFor(fault.requirements) };
}

export function cleanJob(variation: string, profile: 'default' | 'strict' = 'default'): ProofJob {
  return { name: `variation:${variation}/${profile}`, variation, profile, groups: [] };
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
  return { name: result.name, ok: evidence.length === 0 && result.checks.length > 0, evidence, proven: [], checks: result.checks.length };
}

export function describeProof(proof: Proof): string {
  const shown = proof.evidence.slice(0, 5).map((c) => `  ${c.outcome.toUpperCase()} ${c.name}\n    ${(c.message ?? '').split('\n')[0]}`);
  const empty = proof.checks === 0 ? ['  no check ran'] : [];
  return [`${proof.ok ? 'ok  ' : 'FAIL'} ${proof.name}`, ...(proof.ok && proof.evidence.length && !proof.name.startsWith('fault:') ? [] : shown), ...empty].join('\n');
}
