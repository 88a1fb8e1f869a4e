// What a failure is about, apart from where it was seen: the broken rule and what was wrong. The
// failures that share it are one cause, however many endpoints showed it; each lists its places.

import { SPECIFICATION_RULE_OF } from '../contract/requirements/published.js';
import type { CheckResult, Finding, Outcome } from './model.js';

export interface CauseKey {
  readonly outcome: Outcome;
  readonly waived: boolean;
  /** The rules broken, as the specification states them (a generic rule as the rule it applies). */
  readonly rules: readonly string[];
  /** What was wrong, without the place. */
  readonly what: string;
}

/** Carries the rules of the fields it holds: beside a more specific rule (TIMESTAMP-ISO-UTC), it adds nothing to the cause. */
const CARRIER = 'SCHEMA-CANONICAL';

/** The rules a cause is about: generic rules as the specification's rule they apply, the carrier left out beside others, sorted. */
export function causeRules(ids: readonly string[]): string[] {
  const rules = [...new Set(ids.map((id) => SPECIFICATION_RULE_OF[id] ?? id))];
  const specific = rules.filter((id) => id !== CARRIER);
  return (specific.length ? specific : rules).sort();
}

/** A message's first line without the `[ids] ` prefix a violation's message starts with. */
function summaryOf(check: CheckResult): string {
  const line = (check.message ?? check.title).split(/\r?\n/, 1)[0] ?? '';
  const prefix = check.violated ? `[${check.violated.join(', ')}] ` : '';
  return prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line;
}

/** What was wrong and where, as the violation said; a message without a known place is its own what (quoted values and large numbers set aside). */
function split(summary: string, where: string | undefined): { what: string; place?: string } {
  if (where !== undefined && summary.startsWith(`${where}: `))
    return { what: summary.slice(where.length + 2), place: where };
  return { what: summary.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\b\d{3,}\b/g, 'N') };
}

export function causeKeyOf(check: CheckResult): CauseKey {
  const rules =
    check.outcome === 'fail' ? causeRules(check.violated?.length ? check.violated : check.requirements) : [];
  return {
    outcome: check.outcome,
    waived: check.waived !== undefined,
    rules,
    what: split(summaryOf(check), check.where).what,
  };
}

/** Where a failed check saw its cause, when its violation knew; with the others a check added for a finding lists. */
export function placesOf(check: CheckResult): string[] {
  const first = split(summaryOf(check), check.where).place;
  return [...(first === undefined ? [] : [first]), ...(check.alsoSeenAt ?? [])];
}

/** The key as one string, for maps. */
export const causeId = (key: CauseKey): string => JSON.stringify([key.outcome, key.waived, key.rules, key.what]);

/** A finding's cause (its rules and what was wrong), as a check failing for it would have it. */
export const findingCause = (finding: Finding): CauseKey => ({
  outcome: 'fail',
  waived: false,
  rules: causeRules(finding.requirements),
  what: split(finding.summary.split('\n')[0] ?? '', finding.where).what,
});

/** `[RULE] what was wrong`: a cause named by its rule, never by the check that happened to show it. */
export const causeLabel = (key: Pick<CauseKey, 'rules' | 'what'>): string =>
  `${key.rules.length ? `[${key.rules.join(', ')}] ` : ''}${key.what}`;
