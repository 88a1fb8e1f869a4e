// JUnit XML for CI: one testsuite per group, one testcase per check, the evidence inside each failure.

import { PREFLIGHT_GROUP, catalogEntriesOf, checksByGroup, countOutcomes, requirementIdsOf } from './aggregate.js';
import type { CheckResult, RunResult, RunStop } from './model.js';
import { checkDetail, escapeAttribute, escapeMarkup, firstLine, seconds, withRedaction } from './text.js';

const CLASSNAME_PREFIX = 'aes-conformance';

export function toJunitXml(run: RunResult): string {
  return withRedaction(run, render);
}

function render(run: RunResult): string {
  // A stopped run becomes one errored testcase, so CI shows why nothing ran.
  const checks = run.stop ? [stopAsCheck(run.stop), ...run.checks] : run.checks;
  const counts = countOutcomes(checks);
  const timestamp = junitTimestamp(run.startedAt);
  // The root carries only what junit-10.xsd allows there (no skipped, no timestamp): each testsuite has both.
  const root = attributes({
    name: run.suite.name, tests: counts.total, failures: counts.fail, errors: counts.error, time: seconds(run.durationMs),
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${root}>`,
    ...checksByGroup(checks).map(([group, its]) => testsuite(group, its, timestamp)),
    '</testsuites>',
    '',
  ].join('\n');
}

function stopAsCheck(stop: RunStop): CheckResult {
  const title = `the run stopped before the suites (${stop.kind})`;
  return {
    id: `${PREFLIGHT_GROUP}::${stop.kind}`, file: '', group: PREFLIGHT_GROUP, title, name: title,
    requirements: [], outcome: 'error', durationMs: 0, message: stop.message,
  };
}

function testsuite(group: string, checks: readonly CheckResult[], timestamp: string | undefined): string {
  const counts = countOutcomes(checks);
  const durationMs = checks.reduce((sum, c) => sum + c.durationMs, 0);
  const head = attributes({
    name: group, tests: counts.total, failures: counts.fail, errors: counts.error, skipped: counts.skip,
    time: seconds(durationMs), timestamp,
  });
  return [`  <testsuite${head}>`, ...checks.map(testcase), '  </testsuite>'].join('\n');
}

function testcase(check: CheckResult): string {
  const head = attributes({ name: check.name, classname: `${CLASSNAME_PREFIX}.${check.group}`, time: seconds(check.durationMs) });
  const body = [properties(check), outcomeElement(check)].filter((part) => part !== '');
  return body.length === 0
    ? `    <testcase${head}/>`
    : [`    <testcase${head}>`, ...body, '    </testcase>'].join('\n');
}

function properties(check: CheckResult): string {
  const entries = catalogEntriesOf(check);
  const props: [string, string | number | undefined][] = [
    ...requirementIdsOf(check).map((id): [string, string] => ['requirement', id]),
    // A check bound to a MUST and a SHOULD is as binding as its MUST.
    ['level', entries.length === 0 ? undefined : entries.some((r) => r.level === 'MUST') ? 'MUST' : 'SHOULD'],
    ['spec_section', entries.length === 0 ? undefined : [...new Set(entries.map((r) => r.section))].join('; ')],
    ['seed', check.seed],
    ['path', check.path],
  ];
  const lines = props.flatMap(([name, value]) => (value === undefined ? [] : [`        <property${attributes({ name, value })}/>`]));
  return lines.length === 0 ? '' : ['      <properties>', ...lines, '      </properties>'].join('\n');
}

function outcomeElement(check: CheckResult): string {
  switch (check.outcome) {
    case 'pass':
      return '';
    case 'skip':
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
