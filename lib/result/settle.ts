// Findings become verdicts: what the checks saw on the way (a rule broken while discovering
// data, responses that do not match the target's published schema) is settled once for the
// whole run, so a skip never hides a fault and one cause is reported once.

import { ENDPOINTS } from '../contract/endpoints.js';
import { causeId, causeKeyOf, causeLabel, findingCause } from './cause.js';
import { checkName } from './check-name.js';
import type { CheckResult, Finding } from './model.js';

/** Ids of the checks the run adds itself start with this; they are not vitest tests. */
export const RUN_CHECK_PREFIX = 'run::';

const GROUP_OF = new Map<string, string>(ENDPOINTS.map((e) => [e.key, e.group]));

/**
 * The checks with every finding settled:
 * - each distinct cause of observed violations (the rule and what was wrong, wherever seen) fails
 *   a check: one that already failed for that cause, or a check added for it, listing its places;
 *   the checks it blocked say so, naming the rule and where it was seen (never another check's title);
 * - one check per operation whose responses were compared with the published schema, failing with
 *   the distinct schema locations (and a count) when any response did not match.
 */
export function settleFindings(checks: readonly CheckResult[]): CheckResult[] {
  const observed = settleObserved(checks);
  const settled = checks.map((c) => {
    const { findings: _findings, publishedChecked: _published, ...rest } = c;
    const blocker = observed.blockerOf.get(c.id);
    return blocker && c.outcome === 'skip'
      ? { ...rest, skipReason: blockedReason(blocker.finding), blockedBy: blocker.check.id }
      : rest;
  });
  return [...settled, ...observed.added, ...publishedSchemaChecks(checks)];
}

/** `blocked by [RULE] what was wrong (seen at GET /v1/runs …)`; without a known place, the finding's own words. */
function blockedReason(finding: Finding): string {
  const { rules, what } = findingCause(finding);
  if (finding.where === undefined)
    return `blocked by ${causeLabel({ rules, what: finding.summary.split('\n')[0] ?? '' })}`;
  return `blocked by ${causeLabel({ rules, what })} (seen at ${finding.where})`;
}

interface Blocker {
  readonly check: CheckResult;
  readonly finding: Finding;
}

function settleObserved(checks: readonly CheckResult[]): { added: CheckResult[]; blockerOf: Map<string, Blocker> } {
  // A failed check of the cause at the finding's own place is preferred, then one at any place.
  const reporting = new Map<string, CheckResult>();
  for (const c of checks.filter((check) => check.outcome === 'fail')) {
    const cause = causeId(causeKeyOf(c));
    for (const key of [`${cause}@${c.where ?? ''}`, cause]) if (!reporting.has(key)) reporting.set(key, c);
  }
  const added = new Map<string, { seenBy: CheckResult; finding: Finding; places: Set<string> }>();
  /** The check that reports the finding's cause: one that failed for it, else the one added for it (its places gathered). */
  const reporter = (seenBy: CheckResult, finding: Finding): string | CheckResult => {
    const cause = causeId(findingCause(finding));
    const found = reporting.get(`${cause}@${finding.where ?? ''}`) ?? reporting.get(cause);
    if (found) return found;
    const entry = added.get(cause) ?? added.set(cause, { seenBy, finding, places: new Set() }).get(cause)!;
    if (finding.where !== undefined) entry.places.add(finding.where);
    return cause;
  };
  const blockedBy = new Map<string, { cause: string | CheckResult; finding: Finding }>();
  for (const c of checks) {
    for (const finding of c.findings ?? []) {
      if (finding.kind !== 'observed') continue;
      const cause = reporter(c, finding);
      if (!blockedBy.has(c.id)) blockedBy.set(c.id, { cause, finding });
    }
  }
  const addedChecks = new Map(
    [...added].map(([cause, { seenBy, finding, places }]) => [cause, observedCheck(seenBy, finding, [...places])]),
  );
  const blockerOf = new Map(
    [...blockedBy].map(([id, { cause, finding }]) => [
      id,
      { check: typeof cause === 'string' ? addedChecks.get(cause)! : cause, finding },
    ]),
  );
  return { added: [...addedChecks.values()], blockerOf };
}

/**
 * A failing check for a violation no check of its rule reported: seen while another check gathered
 * what it needs, or while cleaning up after it failed; every place it was seen at is listed under its message.
 */
function observedCheck(seenBy: CheckResult, finding: Finding, places: readonly string[]): CheckResult {
  const title = `observed on the way: ${finding.summary.split('\n')[0]}`;
  const name = checkName(finding.requirements, title);
  const others = places.filter((p) => p !== finding.where);
  const message = `[${finding.requirements.join(', ')}] ${finding.summary}${others.map((p) => `\n  also seen at ${p}`).join('')}`;
  return {
    id: `${RUN_CHECK_PREFIX}${seenBy.group}::${name}`,
    file: seenBy.file,
    group: seenBy.group,
    title,
    name,
    requirements: finding.requirements,
    outcome: 'fail',
    durationMs: 0,
    message,
    violated: finding.requirements,
    ...(finding.where !== undefined ? { where: finding.where } : {}),
    ...(others.length ? { alsoSeenAt: others } : {}),
    ...(finding.evidence ? { evidence: finding.evidence } : {}),
  };
}

function publishedSchemaChecks(checks: readonly CheckResult[]): CheckResult[] {
  const operations = new Map<string, { findings: Finding[]; checks: Set<string> }>();
  const entry = (op: string) => operations.get(op) ?? operations.set(op, { findings: [], checks: new Set() }).get(op)!;
  for (const c of checks) {
    for (const op of c.publishedChecked ?? []) entry(op);
    for (const f of c.findings ?? []) {
      if (f.kind !== 'published-schema' || f.operation === undefined) continue;
      const e = entry(f.operation);
      e.findings.push(f);
      e.checks.add(c.id);
    }
  }
  return [...operations]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([op, { findings, checks: seenIn }]) => publishedSchemaCheck(op, findings, seenIn.size));
}

/** Distinct schema locations of an operation's mismatches, with how often each was seen and its first example. */
function byLocation(findings: readonly Finding[]): Array<{ location: string; count: number; example: Finding }> {
  const locations = new Map<string, { location: string; count: number; example: Finding }>();
  for (const f of findings) {
    const key = f.location ?? f.summary;
    const seen = locations.get(key);
    if (seen) seen.count += f.count ?? 1;
    else locations.set(key, { location: key, count: f.count ?? 1, example: f });
  }
  return [...locations.values()];
}

function publishedSchemaCheck(operation: string, findings: readonly Finding[], checkCount: number): CheckResult {
  const title = `responses of ${operation} match the target's published schema`;
  const name = checkName(['SCHEMA-PUBLISHED'], title);
  const base = {
    id: `${RUN_CHECK_PREFIX}published-schema::${operation}`,
    file: 'run',
    group: GROUP_OF.get(operation) ?? 'specification',
    title,
    name,
    requirements: ['SCHEMA-PUBLISHED'],
    durationMs: 0,
  };
  if (!findings.length) return { ...base, outcome: 'pass' };
  const locations = byLocation(findings);
  const listed = locations.map(
    (l) =>
      `  ${l.location} (${l.count}×; e.g. ${l.example.evidence ? `${l.example.evidence.method} ${l.example.evidence.url}` : 'no exchange'})`,
  );
  const mismatches = locations.reduce((n, l) => n + l.count, 0);
  const summary = `responses of ${operation} do not match the target's own published schema at ${locations.length} location${locations.length === 1 ? '' : 's'} (${mismatches} mismatch${mismatches === 1 ? '' : 'es'}, seen by ${checkCount} check${checkCount === 1 ? '' : 's'}); the checks of the specification's rules went on with the data`;
  const example = locations[0]?.example.evidence;
  return {
    ...base,
    outcome: 'fail',
    violated: ['SCHEMA-PUBLISHED'],
    message: `[SCHEMA-PUBLISHED] ${summary}\n${listed.join('\n')}`,
    ...(example ? { evidence: example } : {}),
  };
}
