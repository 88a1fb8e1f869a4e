// The closing summary printed after a run: per-group counts, the first failures with their
// replay lines, totals and verdict. Fits 100 columns; no stack traces.

import { OUTCOMES, checksByGroup, countOutcomes, failuresByCause, requirementTally, skipsByReason, type Cause, type Counts } from './aggregate.js';
import type { CheckResult, Outcome, RunResult } from './model.js';
import { failureHeading, firstLine, legal, plural, seconds, verdictText, withRedaction } from './text.js';
import type { ReportPaths } from './write.js';

export interface ConsoleOptions {
  readonly color: boolean;
  /** Where writeReports put the files. */
  readonly reports?: ReportPaths;
}

const WIDTH = 100;
const MAX_LISTED = 20;
const INDENT = '  ';

const ANSI = { bold: 1, red: 31, green: 32, yellow: 33, magenta: 35 } as const;
const OUTCOME_COLOR: Readonly<Record<Outcome, keyof typeof ANSI>> = { pass: 'green', fail: 'red', skip: 'yellow', error: 'magenta' };

type Paint = (text: string, color: keyof typeof ANSI) => string;

export function consoleSummary(run: RunResult, options: ConsoleOptions): string {
  const paint: Paint = options.color ? (text, color) => `\u001b[${ANSI[color]}m${text}\u001b[0m` : (text) => text;
  return withRedaction(run, (safe) => `${summaryLines(safe, paint, options.reports).join('\n')}\n`);
}

function summaryLines(run: RunResult, paint: Paint, reports: ReportPaths | undefined): string[] {
  const target = run.target.baseUrl ?? 'embedded reference service';
  const paths = reports ? ['Reports:', ...[reports.junit, reports.html, reports.summary].map((p) => fit(`${INDENT}${p}`, 'end'))] : [];
  // A run that stopped before the suites has nothing to count: the reason leads.
  if (run.stop) return [paint(fit(`Conformance run stopped: ${target} (profile ${run.profile})`), 'bold'), '', ...verdictLines(run, paint), ...paths];
  return [
    paint(fit(`Conformance summary: ${target} (profile ${run.profile}, ${seconds(run.durationMs)} s)`), 'bold'),
    '',
    ...groupTable(run.checks, run.counts, paint),
    ...failureList(run.checks, paint),
    ...skipList(run.checks),
    ...untestedList(run),
    '',
    fit(`Requirements: ${run.requirements.length} in the catalog: ${requirementTally(run.requirements)}`),
    fit(`Totals: ${plural(run.counts.total, 'check')}: ${OUTCOMES.map((o) => `${run.counts[o]} ${o}`).join(', ')}`),
    ...verdictLines(run, paint),
    ...paths,
  ];
}

function groupTable(checks: readonly CheckResult[], total: Counts, paint: Paint): string[] {
  const rows: [string, Counts][] = checksByGroup(checks).map(([group, its]) => [group, countOutcomes(its)]);
  const nameWidth = Math.min(40, Math.max('total'.length, ...rows.map(([g]) => g.length)));
  const row = (name: string, counts: Counts | undefined): string => {
    const cells = [...OUTCOMES, 'total' as const].map((key) => {
      const text = (counts ? String(counts[key]) : key).padStart(6);
      // Only non-zero outcome counts are coloured, so the eye lands on what happened.
      return counts && key !== 'total' && counts[key] > 0 ? paint(text, OUTCOME_COLOR[key]) : text;
    });
    return `${fit(name, 'start', nameWidth).padEnd(nameWidth)}${cells.join('')}`;
  };
  return [row('group', undefined), ...rows.map(([g, c]) => row(g, c)), '-'.repeat(nameWidth + 30), row('total', total)];
}

/** Failures grouped by cause: the first screen shows the few things to fix, not every check they broke. */
function failureList(checks: readonly CheckResult[], paint: Paint): string[] {
  const causes = failuresByCause(checks);
  if (causes.length === 0) return [];
  const failed = causes.reduce((n, c) => n + c.checks.length, 0);
  const shown = causes.slice(0, MAX_LISTED);
  const counted = `${plural(causes.length, 'cause')} over ${plural(failed, 'check')}`;
  const heading = shown.length < causes.length
    ? `Failures and errors: ${counted} (first ${shown.length} causes; all in report.html):`
    : `Failures and errors: ${counted}:`;
  return ['', heading, ...shown.flatMap((c) => ['', ...causeLines(c, paint)])];
}

const MAX_NAMED = 3;

function causeLines({ example, checks }: Cause, paint: Paint): string[] {
  const message = firstLine(example.message);
  const others = checks.slice(1);
  const also = others.length === 0 ? [] : [
    `${INDENT}${plural(checks.length, 'check')} ${example.outcome === 'fail' ? 'failed' : 'errored'} for this cause; also:`,
    ...others.slice(0, MAX_NAMED).map((c) => fit(`${INDENT}${INDENT}${c.name}`)),
    ...(others.length > MAX_NAMED ? [`${INDENT}${INDENT}and ${others.length - MAX_NAMED} more`] : []),
  ];
  // Indented lines after the first are the message's own list (e.g. the schema locations of a published-schema mismatch).
  const listed = example.outcome !== 'fail' ? [] : (example.message ?? '').split(/\r?\n/).slice(1).filter((l) => l.startsWith('  ')).slice(0, MAX_NAMED + 2);
  return [
    paint(fit(failureHeading(example)), OUTCOME_COLOR[example.outcome]),
    ...(message ? wrap(message, INDENT) : []),
    ...listed.map((l) => fit(`${INDENT}${l}`)),
    ...also,
    ...(example.evidence ? replayLines(example.evidence.curl) : []),
  ];
}

const MAX_REASONS = 6;

/** Why checks were skipped, one line per reason, most first. */
function skipList(checks: readonly CheckResult[]): string[] {
  const reasons = skipsByReason(checks);
  if (reasons.length === 0) return [];
  const lines = reasons.slice(0, MAX_REASONS).map(({ reason, checks: its }) => fit(`${INDENT}${String(its.length).padStart(4)} × ${reason}`));
  const more = reasons.length > MAX_REASONS ? [`${INDENT}… ${reasons.length - MAX_REASONS} more reasons in report.html`] : [];
  return ['', 'Skipped, by reason:', ...lines, ...more];
}

/** A partial run names what it left unverified, by reason. */
function untestedList(run: RunResult): string[] {
  if (run.untested.length === 0 || run.stop) return [];
  const byReason = new Map<string, string[]>();
  for (const u of run.untested) byReason.set(u.reason, [...(byReason.get(u.reason) ?? []), u.id]);
  const lines = [...byReason].slice(0, MAX_REASONS).flatMap(([reason, ids]) => wrap(`${plural(ids.length, 'requirement')}: ${reason}: ${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}`, INDENT));
  return ['', `Not verified (${plural(run.untested.length, 'required requirement')}; the run is partial):`, ...lines];
}

// A shell word: quoted runs, escapes and plain characters up to unquoted whitespace.
const SHELL_WORD = /(?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s'"\\])+/gs;
const JOINT = ' \\';
const CONTINUED = `${INDENT}${INDENT}`;

/**
 * The curl line broken into lines that still paste into a shell: between words with ` \` continuations,
 * and inside an over-long single-quoted word as `'part'\` lines at column 0 (adjacent quoted strings form
 * one word, and a continuation keeps no indentation inside a word).
 */
function replayLines(curl: string): string[] {
  const lines: string[] = [];
  let line = '';
  // Control characters are shown, not sent to the terminal; a body with line breaks or tabs cannot keep the columns.
  for (const word of legal(curl).match(SHELL_WORD) ?? []) {
    if (/[\t\n\r]/.test(word)) return [`${INDENT}replay: the body has line breaks or tabs; see report.html`];
    if (!line) line = `${INDENT}${word}`;
    else if (line.length + 1 + word.length + JOINT.length <= WIDTH) line = `${line} ${word}`;
    else {
      lines.push(line + JOINT);
      line = `${CONTINUED}${word}`;
    }
    if (line.length + JOINT.length > WIDTH) {
      const parts = quotedParts(line);
      if (!parts) return [`${INDENT}replay: too long for the console; see report.html`];
      lines.push(...parts.slice(0, -1));
      line = parts[parts.length - 1] ?? '';
    }
  }
  return line ? [...lines, line] : lines;
}

/** Splits a line ending in a long single-quoted word into `'part'\` lines, leaving room for a joint on the last. */
function quotedParts(line: string): string[] | undefined {
  const match = /^(.*?)'([^']*)'$/s.exec(line);
  if (!match) return undefined;
  const [, head = '', inner = ''] = match;
  const parts: string[] = [];
  let rest = inner;
  let prefix = head;
  while (prefix.length + rest.length + 2 + JOINT.length > WIDTH) {
    const room = WIDTH - prefix.length - 3; // two quotes and the backslash
    if (room < 1) return undefined;
    // Prefer to cut before a path or query separator, so each part reads as a piece of the URL.
    const separator = Math.max(...['/', '?', '&'].map((c) => rest.lastIndexOf(c, room - 1)));
    const cut = separator > room / 2 ? separator : room;
    parts.push(`${prefix}'${rest.slice(0, cut)}'\\`);
    rest = rest.slice(cut);
    prefix = '';
  }
  return [...parts, `${prefix}'${rest}'`];
}

function verdictLines(run: RunResult, paint: Paint): string[] {
  const { label, detail } = verdictText(run);
  return [
    `Verdict: ${paint(label, run.exitCode !== 0 ? 'red' : run.untested.length ? 'yellow' : 'green')} (exit code ${run.exitCode})`,
    ...wrap(detail, INDENT),
  ];
}

/** Greedy word wrap of prose; a word longer than a line is cut by fit(). */
function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : `${indent}${word}`;
    if (line && candidate.length > WIDTH) {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = candidate;
    }
  }
  return [...lines, line].filter(Boolean).map((l) => fit(l));
}

/** Server text may carry control characters (terminal escapes) and tabs that break the columns. */
function printable(text: string): string {
  return legal(text).replace(/[\t\r\n]/g, ' ');
}

/** Cleans and cuts text to the width, keeping its start (or its end, for paths). */
function fit(text: string, keep: 'start' | 'end' = 'start', width = WIDTH): string {
  const t = printable(text);
  if (t.length <= width) return t;
  return keep === 'start' ? `${t.slice(0, width - 1)}…` : `…${t.slice(t.length - width + 1)}`;
}
