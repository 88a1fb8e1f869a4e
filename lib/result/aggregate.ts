// From check results to a RunResult: requirement outcomes, counts, exit code, verdict.
// Every figure a report shows is computed here, so the reports cannot disagree.

import { GROUPS } from '../contract/endpoints.js';
import { REQUIREMENTS } from '../contract/requirements/index.js';
import { causeId, causeKeyOf, causeLabel, placesOf, type CauseKey } from './cause.js';
import {
  type CheckResult,
  type ExitCode,
  type Outcome,
  type RequirementResult,
  requirementIdsOf,
  type RunResult,
  type RunStop,
  type Selection,
  type Untested,
  type Verdict,
  type WaiverReport,
} from './model.js';
import { checksLeftOut } from './selection.js';

export const OUTCOMES: readonly Outcome[] = ['pass', 'fail', 'skip', 'error'];

export type Counts = RunResult['counts'];
export const VERDICTS: readonly Verdict[] = [
  'conformant',
  'passed-partial',
  'violations',
  'errors',
  'stopped',
  'interrupted',
  'throttled',
];

/** Everything of a RunResult that the checks do not determine. */
export type RunMeta = Pick<
  RunResult,
  'suite' | 'target' | 'profile' | 'startedAt' | 'durationMs' | 'settings' | 'selection'
> & {
  readonly stop?: RunStop;
  /** The waiver file's report; the checks already carry their `waived` marks. */
  readonly waivers?: WaiverReport;
};

export const WHOLE_SUITE: Selection = { only: [], shards: [], readOnly: false };

// Worst first when reducing: a violation outweighs an error, which outweighs a pass; a skip proves nothing.
const SEVERITY: Readonly<Record<Outcome, number>> = { fail: 3, error: 2, pass: 1, skip: 0 };

/** The one builder of a RunResult: a run's, a stopped run's and a merge's. */
export function summarise(checks: readonly CheckResult[], meta: RunMeta): RunResult {
  const counts = countOutcomes(checks);
  const requirements = requirementResults(checks);
  const run = {
    suite: meta.suite,
    target: meta.target,
    profile: meta.profile,
    startedAt: meta.startedAt,
    durationMs: meta.durationMs,
    settings: meta.settings,
    selection: meta.selection,
    checks,
    requirements,
    untested: untestedRequirements(requirements, checks, meta.profile, meta.selection),
    counts,
    exitCode: exitCodeFor(counts, meta.stop, waivedFailures(checks)),
    groups: orderGroups(checks.map((c) => c.group)),
  };
  const result = {
    ...run,
    ...(meta.stop ? { stop: meta.stop } : {}),
    ...(meta.waivers ? { waivers: meta.waivers } : {}),
  };
  return { ...result, verdict: verdictOf(result) };
}

/** The requirements the profile requires that no check verified, each with the reason. */
function untestedRequirements(
  requirements: readonly RequirementResult[],
  checks: readonly CheckResult[],
  profile: string,
  selection: Selection,
): Untested[] {
  const byId = new Map(checks.map((c) => [c.id, c]));
  return requirements
    .filter((r) => r.level === 'MUST' || profile === 'strict')
    .flatMap((r) => {
      const its = r.checks.flatMap((id) => byId.get(id) ?? []);
      if (r.outcome === 'untested') return [{ id: r.id, level: r.level, reason: notRunReason(selection, r.id) }];
      if (r.outcome === 'skip') return [{ id: r.id, level: r.level, reason: skipReasons(its, r.stoppedBy) }];
      // A requirement whose only failures are waived is not verified: the run cannot be shown conformant.
      const failing = its.filter((c) => outcomeFor(c, r.id) === 'fail');
      if (r.outcome === 'fail' && failing.every((c) => c.waived))
        return [{ id: r.id, level: r.level, reason: waivedReason(failing) }];
      return [];
    });
}

function waivedReason(failing: readonly CheckResult[]): string {
  const waived = failing.flatMap((c) => (c.waived ? [c.waived] : []));
  const reasons = [...new Set(waived.map((w) => w.reason))];
  const expires = waived.flatMap((w) => (w.expires ? [w.expires] : [])).sort()[0];
  return `failed, waived${expires ? ` until ${expires}` : ''}: ${reasons.join('; ')}`;
}

/** Failed checks a waiver accepted: they are reported as failures but do not fail the run. */
export function waivedFailures(checks: readonly CheckResult[]): number {
  return checks.filter((c) => c.outcome === 'fail' && c.waived).length;
}

function notRunReason(selection: Selection, id: string): string {
  const exclude = selection.exclude ?? [];
  if (exclude.includes(id)) return `excluded (--exclude ${exclude.join(',')})`;
  if (selection.only.length) return `not selected (--only ${selection.only.join(',')})`;
  if (selection.shards.length)
    return `not in the shard${selection.shards.length === 1 ? '' : 's'} run (--shard ${selection.shards.join(', ')})`;
  if (exclude.length) return `excluded (--exclude ${exclude.join(',')})`;
  return 'no check ran';
}

function skipReasons(checks: readonly CheckResult[], stoppedBy: readonly string[] = []): string {
  // A failed check that carries the requirement stopped at another rule before it was verified.
  const stopped = `its checks failed on ${stoppedBy.join(', ')} first`;
  const reasons = [...new Set(checks.map((c) => (c.outcome === 'fail' ? stopped : (c.skipReason ?? 'skipped'))))];
  return reasons.slice(0, 2).join('; ') + (reasons.length > 2 ? `; and ${reasons.length - 2} more` : '');
}

/**
 * What a check says of one requirement it carries: a failed check fails only the rules
 * its violation names; of the others it established nothing (it stopped at the failure),
 * so they count as not evaluated and any other check's outcome decides.
 */
function outcomeFor(check: CheckResult, id: string): Outcome {
  if (check.outcome !== 'fail' || !check.violated) return check.outcome;
  return check.violated.includes(id) ? 'fail' : 'skip';
}

/** One result per catalog requirement, in catalog order. */
export function requirementResults(checks: readonly CheckResult[]): RequirementResult[] {
  const carrying = new Map<string, CheckResult[]>();
  for (const check of checks) {
    for (const id of requirementIdsOf(check)) carrying.set(id, [...(carrying.get(id) ?? []), check]);
  }
  return REQUIREMENTS.map((r) => {
    const its = carrying.get(r.id) ?? [];
    const outcome = worstOutcome(its.map((c) => outcomeFor(c, r.id))) ?? 'untested';
    const stoppedBy =
      outcome === 'skip' ? [...new Set(its.flatMap((c) => (c.outcome === 'fail' ? (c.violated ?? []) : [])))] : [];
    return {
      id: r.id,
      level: r.level,
      area: r.area,
      section: r.section,
      summary: r.summary,
      outcome,
      checks: its.map((c) => c.id),
      ...(stoppedBy.length ? { stoppedBy } : {}),
    };
  });
}

export function worstOutcome(outcomes: readonly Outcome[]): Outcome | undefined {
  return outcomes.reduce<Outcome | undefined>(
    (worst, o) => (worst === undefined || SEVERITY[o] > SEVERITY[worst] ? o : worst),
    undefined,
  );
}

export function countOutcomes(checks: readonly CheckResult[]): Counts {
  const counts = { pass: 0, fail: 0, skip: 0, error: 0 };
  for (const check of checks) counts[check.outcome] += 1;
  return { ...counts, total: checks.length };
}

type RequirementOutcome = RequirementResult['outcome'];
const REQUIREMENT_OUTCOMES: readonly RequirementOutcome[] = [...OUTCOMES, 'untested'];

/**
 * How many requirements ended in each outcome, in REQUIREMENT_OUTCOMES order, e.g. `3 pass, 1 fail, … 39 untested`;
 * those whose checks failed on another rule first are counted apart from the skipped (`… 2 skip, 36 stopped by a failure, …`).
 */
export function requirementTally(requirements: readonly RequirementResult[]): string {
  const count = (o: RequirementOutcome) =>
    requirements.filter((r) => r.outcome === o && (o !== 'skip' || !r.stoppedBy)).length;
  const stopped = requirements.filter((r) => r.stoppedBy).length;
  return REQUIREMENT_OUTCOMES.map(
    (o) => `${count(o)} ${o}${o === 'skip' && stopped ? `, ${stopped} stopped by a failure` : ''}`,
  ).join(', ');
}

/** A partial pass exits 0 (what ran passed, so a CI gate on a chosen part holds); its verdict says partial. */
export function exitCodeFor(counts: Counts, stop: RunStop | undefined, waived = 0): ExitCode {
  // The shell's code for a process ended by the signal: 128 + SIGINT (2) or SIGTERM (15).
  if (stop?.kind === 'interrupted') return stop.signal === 'SIGINT' ? 130 : 143;
  // An internal stop is the suite's own failure, not the operator's: it ranks with errors.
  if (stop && stop.kind !== 'internal') return 2;
  // Waived failures are reported as failures but do not fail the run.
  return stop || counts.fail - waived > 0 || counts.error > 0 ? 1 : 0;
}

/** A run whose only failures are waived passes, but partially: a waived failure is not a verified requirement. */
export function verdictOf(run: Omit<RunResult, 'verdict'>): Verdict {
  if (run.stop) return run.stop.kind === 'interrupted' || run.stop.kind === 'throttled' ? run.stop.kind : 'stopped';
  const waived = waivedFailures(run.checks);
  if (run.counts.fail - waived > 0) return 'violations';
  if (run.counts.error > 0) return 'errors';
  // Checks left out (--exclude, --grep, a shard, ...) were not verified, even where other checks share their rules.
  const leftOut = checksLeftOut(run.selection).length > 0;
  return run.untested.length || waived > 0 || leftOut ? 'passed-partial' : 'conformant';
}

// Endpoint groups in the spec's order, then the cross-cutting areas; unknown groups follow in order of appearance.
const GROUP_ORDER: readonly string[] = [...new Set<string>([...GROUPS, ...REQUIREMENTS.map((r) => r.area)])];

/** Orders group or area names for display. */
export function orderGroups(names: Iterable<string>): string[] {
  const rank = (name: string): number => {
    const i = GROUP_ORDER.indexOf(name);
    return i === -1 ? GROUP_ORDER.length : i;
  };
  // Array.prototype.sort is stable, so unknown names keep their order of appearance.
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b));
}

/** Checks grouped by CheckResult.group, groups in display order, checks in run order. */
export function checksByGroup(checks: readonly CheckResult[]): [string, CheckResult[]][] {
  return orderGroups(checks.map((c) => c.group)).map((group) => [group, checks.filter((c) => c.group === group)]);
}

/** The failed checks, then the errored ones, each in group order: what a reader must look at first. */
export function failuresFirst(checks: readonly CheckResult[]): CheckResult[] {
  const ordered = checksByGroup(checks).flatMap(([, its]) => its);
  return [...ordered.filter((c) => c.outcome === 'fail'), ...ordered.filter((c) => c.outcome === 'error')];
}

export interface Cause {
  /** The broken rule and what was wrong (lib/result/cause.ts). */
  readonly key: CauseKey;
  /** The first check failed for it (in failuresFirst order): its message and evidence stand for all. */
  readonly example: CheckResult;
  readonly checks: readonly CheckResult[];
  /** Every place the cause was seen at, in order of first sight (none when its violations named none). */
  readonly places: readonly string[];
}

/** Failed and errored checks grouped by cause, wherever seen; causes in the order of their first check (failures first). */
export function failuresByCause(checks: readonly CheckResult[]): Cause[] {
  const causes = new Map<string, { key: CauseKey; checks: CheckResult[]; places: Set<string> }>();
  for (const check of failuresFirst(checks)) {
    const key = causeKeyOf(check);
    const id = causeId(key);
    const cause = causes.get(id) ?? causes.set(id, { key, checks: [], places: new Set() }).get(id)!;
    cause.checks.push(check);
    for (const place of placesOf(check)) cause.places.add(place);
  }
  return [...causes.values()].map(({ key, checks: its, places }) => ({
    key,
    example: its[0]!,
    checks: its,
    places: [...places],
  }));
}

/** The unverified requirements grouped by reason, in order of first appearance. */
export function untestedByReason(untested: readonly Untested[]): Array<{ reason: string; ids: string[] }> {
  const reasons = new Map<string, string[]>();
  for (const u of untested) reasons.set(u.reason, [...(reasons.get(u.reason) ?? []), u.id]);
  return [...reasons].map(([reason, ids]) => ({ reason, ids }));
}

/** Skipped checks grouped by reason, most checks first. */
export function skipsByReason(checks: readonly CheckResult[]): Array<{ reason: string; checks: CheckResult[] }> {
  const byId = new Map(checks.map((c) => [c.id, c]));
  // Checks blocked by one cause are one reason, wherever it was seen.
  const reasons = new Map<string, { blocker?: CheckResult; checks: CheckResult[] }>();
  for (const check of checks) {
    if (check.outcome !== 'skip') continue;
    const blocker = check.blockedBy === undefined ? undefined : byId.get(check.blockedBy);
    const key = blocker ? `blocked ${causeId(causeKeyOf(blocker))}` : `reason ${check.skipReason ?? 'skipped'}`;
    const entry = reasons.get(key) ?? reasons.set(key, { ...(blocker ? { blocker } : {}), checks: [] }).get(key)!;
    entry.checks.push(check);
  }
  return [...reasons.values()]
    .map(({ blocker, checks: its }) => ({ reason: skipReason(its, blocker), checks: its }))
    .sort((a, b) => b.checks.length - a.checks.length);
}

/** The skips' one reason; checks blocked by one cause seen at several places: `blocked by [RULE] what (seen at 3 places)`. */
function skipReason(checks: readonly CheckResult[], blocker: CheckResult | undefined): string {
  const reasons = [...new Set(checks.map((c) => c.skipReason ?? 'skipped'))];
  if (!blocker || reasons.length === 1) return reasons[0]!;
  // The reasons differ only in the place each names.
  return `blocked by ${causeLabel(causeKeyOf(blocker))} (seen at ${reasons.length} places)`;
}
