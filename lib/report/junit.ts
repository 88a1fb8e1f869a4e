// JUnit XML for CI: one testsuite per group, one testcase per check, the evidence inside each failure.
// Everything it writes is read from the RunResult: the verdict, the groups in display order, each requirement's level and section.

import { checkName } from '../result/check-name.js';
import {
  type CheckResult,
  type Outcome,
  requirementIdsOf,
  type RequirementResult,
  type RunResult,
  type RunStop,
  type Untested,
} from '../result/model.js';
import { waiverLabel } from '../waivers/waivers.js';
import { SPECIFICATION_TEXT } from '../contract/specification.js';
import {
  checkDetail,
  escapeAttribute,
  escapeMarkup,
  firstLine,
  seconds,
  selectionText,
  withRedaction,
} from './text.js';

const CLASSNAME_PREFIX = 'aes-conformance';

export function toJunitXml(run: RunResult): string {
  return withRedaction(run, render);
}

function render(run: RunResult): string {
  // A stopped run becomes one errored testcase, so CI shows why nothing ran; each requirement left
  // unverified becomes a skipped one, so a partial run shows as partial in every JUnit viewer.
  // A waived failure is written as a skipped testcase carrying the failure (as pytest writes an xfail),
  // so a CI gate reading junit.xml agrees with the exit code; its message says it is a waived failure.
  const own = run.checks.map((c): CheckResult => (c.outcome === 'fail' && c.waived ? { ...c, outcome: 'skip' } : c));
  const checks = run.stop ? [stopAsCheck(run.stop), ...own] : [...own, ...run.untested.map(untestedAsCheck)];
  const groups = run.stop
    ? [PREFLIGHT_GROUP, ...run.groups]
    : [...run.groups, ...(run.untested.length ? [UNTESTED_GROUP] : [])];
  const requirements = new Map(run.requirements.map((r) => [r.id, r]));
  const counts = tally(checks);
  const timestamp = junitTimestamp(run.startedAt);
  // The root carries only what junit-10.xsd allows there (no skipped, no timestamp): each testsuite has both.
  const root = attributes({
    name: run.suite.name,
    tests: counts.total,
    failures: counts.fail,
    errors: counts.error,
    time: seconds(run.durationMs),
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${root}>`,
    ...groups.map((group) =>
      testsuite(
        group,
        checks.filter((c) => c.group === group),
        timestamp,
        runProperties(run),
        requirements,
      ),
    ),
    '</testsuites>',
    '',
  ].join('\n');
}

/** How many testcases end in each outcome: the counts of a testsuite's elements. */
function tally(checks: readonly CheckResult[]): Readonly<Record<Outcome, number>> & { readonly total: number } {
  const count = (outcome: Outcome) => checks.filter((c) => c.outcome === outcome).length;
  return { pass: count('pass'), fail: count('fail'), skip: count('skip'), error: count('error'), total: checks.length };
}

/** The group a stopped run reports its stop under, before the endpoint groups. */
const PREFLIGHT_GROUP = 'preflight';

function stopAsCheck(stop: RunStop): CheckResult {
  const title =
    stop.kind === 'interrupted'
      ? `the run was interrupted (${stop.signal ?? 'signal'})`
      : stop.kind === 'throttled'
        ? 'the run stopped: the target answered only with back-pressure'
        : `the run stopped before the suites (${stop.kind})`;
  return {
    id: `${PREFLIGHT_GROUP}::${stop.kind}`,
    file: '',
    group: PREFLIGHT_GROUP,
    title,
    name: title,
    requirements: [],
    outcome: 'error',
    durationMs: 0,
    message: stop.message,
  };
}

/** The group a partial run's unverified requirements are listed under. */
export const UNTESTED_GROUP = 'untested';

function untestedAsCheck(u: Untested): CheckResult {
  const title = 'not verified in this run';
  return {
    id: `${UNTESTED_GROUP}::${u.id}`,
    file: '',
    group: UNTESTED_GROUP,
    title,
    name: checkName([u.id], title),
    requirements: [u.id],
    outcome: 'skip',
    durationMs: 0,
    skipReason: u.reason,
  };
}

/** What every testsuite says of the whole run: its verdict and what it was asked to cover. */
function runProperties(run: RunResult): string {
  const props: [string, string][] = [
    ['verdict', run.verdict],
    ['exit_code', String(run.exitCode)],
    ['target', run.target.baseUrl ?? 'none'],
    ['target_embedded', String(run.target.embedded)],
    ...(run.target.proxy ? [['target_proxy', run.target.proxy] as [string, string]] : []),
    ...(run.target.insecure ? [['tls_verified', 'false (--insecure)'] as [string, string]] : []),
    ['profile', run.profile],
    ['specification', SPECIFICATION_TEXT],
    ['selection', selectionText(run).replace(/^ \((.*)\)$/, '$1') || 'everything'],
    ['untested_requirements', String(run.untested.length)],
    ...waiverProperties(run),
  ];
  return [
    '    <properties>',
    ...props.map(([name, value]) => `      <property${attributes({ name, value })}/>`),
    '    </properties>',
  ].join('\n');
}

/** The waiver file, how many failures it waived, and each expired or stale entry (to renew or remove). */
function waiverProperties(run: RunResult): [string, string][] {
  const w = run.waivers;
  if (!w) return [];
  return [
    ['waivers_file', w.file],
    ['waived_failures', String(w.waived)],
    ...w.expired.map((e): [string, string] => ['expired_waiver', `${waiverLabel(e)} (expired ${e.expires})`]),
    ...w.stale.map((e): [string, string] => [
      'stale_waiver',
      `${waiverLabel(e)}: no failure of this run needed it; remove the waiver`,
    ]),
    ...(w.unmatched ?? []).map((e): [string, string] => [
      'unmatched_waiver',
      `${waiverLabel(e)}: matches no check; correct or remove the waiver`,
    ]),
  ];
}

function testsuite(
  group: string,
  checks: readonly CheckResult[],
  timestamp: string | undefined,
  properties: string,
  requirements: ReadonlyMap<string, RequirementResult>,
): string {
  const counts = tally(checks);
  const durationMs = checks.reduce((sum, c) => sum + c.durationMs, 0);
  const head = attributes({
    name: group,
    tests: counts.total,
    failures: counts.fail,
    errors: counts.error,
    skipped: counts.skip,
    time: seconds(durationMs),
    timestamp,
  });
  return [
    `  <testsuite${head}>`,
    properties,
    ...checks.map((check) => testcase(check, requirements)),
    '  </testsuite>',
  ].join('\n');
}

function testcase(check: CheckResult, requirements: ReadonlyMap<string, RequirementResult>): string {
  const head = attributes({
    name: check.name,
    classname: `${CLASSNAME_PREFIX}.${check.group}`,
    time: seconds(check.durationMs),
  });
  const body = [properties(check, requirements), outcomeElement(check)].filter((part) => part !== '');
  return body.length === 0
    ? `    <testcase${head}/>`
    : [`    <testcase${head}>`, ...body, '    </testcase>'].join('\n');
}

/** The check's requirement ids, and the level and sections of those the catalog holds (the run's requirement table). */
function properties(check: CheckResult, requirements: ReadonlyMap<string, RequirementResult>): string {
  const entries = requirementIdsOf(check).flatMap((id) => requirements.get(id) ?? []);
  const props: [string, string | number | undefined][] = [
    ...requirementIdsOf(check).map((id): [string, string] => ['requirement', id]),
    // A check bound to a MUST and a SHOULD is as binding as its MUST.
    ['level', entries.length === 0 ? undefined : entries.some((r) => r.level === 'MUST') ? 'MUST' : 'SHOULD'],
    ['spec_section', entries.length === 0 ? undefined : [...new Set(entries.map((r) => r.section))].join('; ')],
    ['seed', check.seed],
    ['path', check.path],
    [
      'waived',
      check.waived
        ? `${check.waived.reason}${check.waived.expires ? ` (until ${check.waived.expires})` : ''}`
        : undefined,
    ],
  ];
  const lines = props.flatMap(([name, value]) =>
    value === undefined ? [] : [`        <property${attributes({ name, value })}/>`],
  );
  return lines.length === 0 ? '' : ['      <properties>', ...lines, '      </properties>'].join('\n');
}

function outcomeElement(check: CheckResult): string {
  switch (check.outcome) {
    case 'pass':
      return '';
    case 'skip':
      if (check.waived) {
        return `      <skipped${attributes({ message: `waived failure: ${firstLine(check.message)}`, type: 'WaivedFailure' })}>${escapeMarkup(checkDetail(check))}</skipped>`;
      }
      return `      <skipped${attributes({ message: check.skipReason ?? check.message ?? 'skipped' })}/>`;
    case 'fail':
      return detailElement('failure', 'RuleViolation', check);
    case 'error':
      return detailElement('error', 'Error', check);
  }
}

function detailElement(tag: 'failure' | 'error', type: string, check: CheckResult): string {
  return `      <${tag}${attributes({ message: firstLine(check.message), type })}>${escapeMarkup(checkDetail(check))}</${tag}>`;
}

function attributes(values: Readonly<Record<string, string | number | undefined>>): string {
  return Object.entries(values)
    .map(([name, value]) => (value === undefined ? '' : ` ${name}="${escapeAttribute(String(value))}"`))
    .join('');
}

/** Ant's schema wants `yyyy-MM-ddTHH:mm:ss` without a zone; the value written is UTC. */
function junitTimestamp(iso: string): string | undefined {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 19);
}
