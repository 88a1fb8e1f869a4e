// The proof that the suite works: against the reference service with one fault
// switched on it must fail a check carrying a requirement the fault names; against
// every permitted variation it must pass.

import { GROUPS } from '../../lib/contract/endpoints.js';
import { requirement, type RequirementId } from '../../lib/contract/requirements/index.js';
import type { Fault } from '../../lib/reference/faults/index.js';
import { startReferenceService } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { type CliRun, runCli, type SummaryCheck } from './run-cli.js';

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

export interface Proof {
  readonly name: string;
  readonly ok: boolean;
  /** For a fault: the failing checks that name one of its requirements. For a variation: every fail or error. */
  readonly evidence: readonly SummaryCheck[];
  readonly run: CliRun;
}

async function againstReference(options: { faults?: string[]; variation?: string }, cli: { only?: string[]; profile?: string }): Promise<CliRun> {
  const reference = await startReferenceService(options);
  try {
    const args = cli.only?.length ? ['--only', cli.only.join(',')] : [];
    return await runCli({ env: { ...referenceEnvironment(reference), PROFILE: cli.profile ?? 'default' }, args });
  } finally {
    await reference.close();
  }
}

export async function proveFault(fault: Fault): Promise<Proof> {
  // A fault that breaks only conventions can be seen only by the strict profile's checks.
  const profile = fault.requirements.every((id) => requirement(id).level === 'SHOULD') ? 'strict' : 'default';
  const run = await againstReference({ faults: [fault.id] }, { only: groupsFor(fault.requirements), profile });
  const named = new Set<string>(fault.requirements);
  const evidence = (run.summary?.checks ?? []).filter(
    (c) => c.outcome === 'fail' && [...c.requirements, ...(c.violated ?? [])].some((id) => named.has(id)),
  );
  return { name: fault.id, ok: evidence.length > 0, evidence, run };
}

/** A correct server, possibly with different choices where the spec is silent, must pass untouched. */
export async function proveClean(variation: string, profile = 'default'): Promise<Proof> {
  const run = await againstReference({ variation }, { profile });
  const evidence = (run.summary?.checks ?? []).filter((c) => c.outcome === 'fail' || c.outcome === 'error');
  return { name: `${variation} (${profile} profile)`, ok: run.exitCode === 0 && evidence.length === 0, evidence, run };
}

export function describeProof(proof: Proof): string {
  const shown = proof.evidence.slice(0, 5).map((c) => `  ${c.outcome.toUpperCase()} ${c.name}\n    ${(c.message ?? '').split('\n')[0]}`);
  const stop = proof.run.summary?.stop ? `  stopped: ${proof.run.summary.stop.message}` : '';
  const noSummary = proof.run.summary ? '' : `  no summary.json (exit ${proof.run.exitCode}): ${proof.run.stderr.slice(0, 500)}`;
  return [`${proof.ok ? 'ok  ' : 'FAIL'} ${proof.name} (${(proof.run.durationMs / 1000).toFixed(1)} s)`, ...shown, stop, noSummary].filter(Boolean).join('\n');
}
