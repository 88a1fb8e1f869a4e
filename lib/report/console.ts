// The closing summary printed after a run: per-group counts, the first failures with their
// replay lines, totals and verdict. Fits 100 columns (but for the curl lines, printed whole); no stack traces.

import {
  OUTCOMES,
  checksByGroup,
  countOutcomes,
  failuresByCause,
  requirementTally,
  skipsByReason,
  untestedByReason,
  verdictOf,
  type Cause,
  type Counts,
} from '../result/aggregate.js';
import type { CheckResult, Outcome, RunResult, Verdict } from '../result/model.js';
import {
  causeHeading,
  firstLine,
  placeLines,
  legal,
  plural,
  seconds,
  verdictLine,
  verdictText,
  waiverSummaryLines,
  withRedaction,
  routeOf,
  seedLine,
} from './text.js';
import type { ReportPaths } from './write.js';
import { isRequirementId, requirement } from '../contract/requirements/index.js';
import { SPECIFICATION } from '../contract/specification.js';
import { CURL_KEY_NOTE, readsKey } from '../http/curl.js';

export interface ConsoleOptions {
  readonly color: boolean;
  /** Where writeReports put the files. */
  readonly reports?: ReportPaths;
}

const WIDTH = 100;
const MAX_LISTED = 20;
const INDENT = '  ';

const ANSI = { bold: 1, red: 31, green: 32, yellow: 33, magenta: 35 } as const;
const OUTCOME_COLOR: Readonly<Record<Outcome, keyof typeof ANSI>> = {
  pass: 'green',
  fail: 'red',
  skip: 'yellow',
  error: 'magenta',
};

const VERDICT_COLOR: Readonly<Record<Verdict, keyof typeof ANSI>> = {
  conformant: 'green',
  'passed-partial': 'yellow',
  violations: 'red',
  errors: 'red',
  stopped: 'red',
  interrupted: 'red',
  throttled: 'red',
};

type Paint = (text: string, color: keyof typeof ANSI) => string;

export function consoleSummary(run: RunResult, options: ConsoleOptions): string {
  const paint: Paint = options.color ? (text, color) => `\u001b[${ANSI[color]}m${text}\u001b[0m` : (text) => text;
  return withRedaction(run, (safe) => `${summaryLines(safe, paint, options.reports).join('\n')}\n`);
}

function summaryLines(run: RunResult, paint: Paint, reports: ReportPaths | undefined): string[] {
  const target = `${run.target.baseUrl ?? 'no target'}${routeOf(run)}`;
  const paths = reports
    ? ['Reports:', ...[reports.junit, reports.html, reports.summary].map((p) => fit(`${INDENT}${p}`, 'end'))]
    : [];
  // A run that stopped before the suites has nothing to count: the reason leads.
  if (run.stop && !run.checks.length)
    return [
      paint(fit(`Conformance run stopped: ${target} (profile ${run.profile})`), 'bold'),
      '',
      ...throttlingLines(run),
      ...verdictLines(run, paint),
      ...specificationLines(),
      ...paths,
    ];
  return [
    paint(fit(`Conformance summary: ${target} (profile ${run.profile}, ${seconds(run.durationMs)} s)`), 'bold'),
    '',
    ...groupTable(run.checks, run.counts, paint),
    ...failureList(run.checks, paint),
    ...skipList(run.checks),
    ...untestedList(run),
    ...waiverLines(run),
    '',
    ...wrap(
      `Requirements: ${run.requirements.length} in the catalog: ${requirementTally(run.requirements)}`,
      '',
      INDENT,
    ),
    fit(
      `Totals: ${plural(run.counts.total, 'check')}${settledText(run)}: ${OUTCOMES.map((o) => `${run.counts[o]} ${o}`).join(', ')}`,
    ),
    ...seedLines(run),
    ...throttlingLines(run),
    ...verdictLines(run, paint),
    ...specificationLines(),
    ...paths,
  ];
}

// The hash on a line of its own: cut to the width, it would name no version.
function specificationLines(): string[] {
  return [`Specification: ${SPECIFICATION.file}`, `${INDENT}SHA-256 ${SPECIFICATION.sha256}`];
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
  const heading =
    shown.length < causes.length
      ? `Failures and errors: ${counted} (first ${shown.length} causes; all in report.html):`
      : `Failures and errors: ${counted}:`;
  const keyNote = shown.some((c) => readsKey(c.example.evidence?.curl ?? '')) ? ['', ...wrap(CURL_KEY_NOTE, '')] : [];
  return ['', heading, ...shown.flatMap((c) => ['', ...causeLines(c, paint)]), ...keyNote];
}

/**
 * The run's seed as the command that repeats the run (on a line of its own, as a curl line, so it copies
 * whole), and the failed properties it drew; a merge may hold properties of other seeds, each named.
 */
function seedLines(run: RunResult): string[] {
  const line = seedLine(run);
  const failed = run.checks.filter((c) => (c.outcome === 'fail' || c.outcome === 'error') && c.seed !== undefined);
  const seeds = [...new Set(failed.map((c) => c.seed!))];
  return [
    ...(line === undefined ? [] : [legal(line)]),
    ...seeds.map((seed) => {
      const its = failed.filter((c) => c.seed === seed).length;
      return fit(
        String(seed) === run.settings['seed']
          ? `${INDENT}${plural(its, 'failed property check')} drew from it`
          : `${INDENT}Seed ${seed}: ${plural(its, 'failed property check')}; --seed ${seed} (SEED) repeats ${its === 1 ? 'it' : 'them'}`,
      );
    }),
  ];
}

const MAX_NAMED = 3;
/** Indented lines of a message shown under its first line (the rest are in report.html). */
const MAX_LISTED_LINES = 8;

/** A violation's message starts with the ids it broke (`[AGENT-GET] …`): the lines below the heading name them once. */
const withoutIds = (line: string): string => line.replace(/^\[[A-Z0-9-]+(?:, [A-Z0-9-]+)*\] /, '');

/** `GET /v1/agents/4XezMUGtkJyKazzKcZZY3e`: the method and path of the exchange a failure was shown by (the target is in the summary's first line). */
function resourceOf(check: CheckResult): string | undefined {
  const e = check.evidence;
  if (!e) return undefined;
  const url = URL.canParse(e.url) ? new URL(e.url) : undefined;
  return `${e.method} ${url ? `${url.pathname}${url.search}` : e.url}`;
}

/**
 * One cause: a heading that names it once (seen at one place, its check by id and title; at several, the cause
 * as every report names it, its places below), the resource of the first failing exchange, the message without what the heading
 * says, the rules broken, each other check of the cause once by id and title, and the replay line.
 */
function causeLines(cause: Cause, paint: Paint): string[] {
  const { example, checks, key, places } = cause;
  const several = places.length > 1;
  const outcome = `${example.outcome.toUpperCase()}${example.waived ? ' (WAIVED)' : ''}`;
  const heading = several ? causeHeading(cause) : `${outcome} ${example.id}: ${example.title}`;
  const first = withoutIds(firstLine(example.message));
  // Seen at several places, a first line that is the first place and what was wrong says nothing the heading and places do not.
  const message = several && first === `${places[0]}: ${key.what}` ? '' : first;
  const resource = resourceOf(example);
  const named = several ? checks : checks.slice(1);
  const failed = example.outcome === 'fail' ? 'failed' : 'errored';
  const also =
    named.length === 0
      ? []
      : [
          `${INDENT}${plural(checks.length, 'check')} ${failed} for this cause${several ? ':' : '; also:'}`,
          ...named
            .slice(0, MAX_NAMED)
            .flatMap((c) => wrap(`${c.id}: ${c.title}`, `${INDENT}${INDENT}`, `${INDENT}${INDENT}${INDENT}`)),
          ...(named.length > MAX_NAMED ? [`${INDENT}${INDENT}and ${named.length - MAX_NAMED} more`] : []),
        ];
  // Indented lines after the first are the message's own list (e.g. the schema locations of a published-schema mismatch).
  const indented =
    example.outcome !== 'fail'
      ? []
      : (example.message ?? '')
          .split(/\r?\n/)
          .slice(1)
          .filter((l) => l.startsWith('  '));
  const listed = indented.slice(0, MAX_LISTED_LINES).flatMap((l) => {
    const lead = /^ */.exec(l)?.[0] ?? '';
    return wrap(l, `${INDENT}${lead}`, `${INDENT}${lead}${INDENT}`);
  });
  if (indented.length > MAX_LISTED_LINES)
    listed.push(`${INDENT}  … ${plural(indented.length - MAX_LISTED_LINES, 'more line')} in report.html`);
  const [seenAt, ...placed] = placeLines(cause);
  const where =
    seenAt === undefined
      ? []
      : [
          `${INDENT}${seenAt}`,
          ...placed
            .slice(0, MAX_LISTED_LINES)
            .flatMap((p) => wrap(p, `${INDENT}${INDENT}`, `${INDENT}${INDENT}${INDENT}`)),
          ...(placed.length > MAX_LISTED_LINES
            ? [`${INDENT}${INDENT}and ${placed.length - MAX_LISTED_LINES} more (report.html)`]
            : []),
        ];
  return [
    ...wrap(heading, '', INDENT).map((l) => paint(l, OUTCOME_COLOR[example.outcome])),
    ...(resource && !several ? wrap(`at ${resource}`, INDENT, `${INDENT}${INDENT}`) : []),
    ...where,
    ...(message ? wrap(message, INDENT, `${INDENT}${INDENT}`) : []),
    ...listed,
    ...violatedLines(example, several ? undefined : example.title),
    ...also,
    ...(example.evidence ? replayLines(example.evidence.curl) : []),
  ];
}

/** `violated: ID: one-line summary`, so the rule broken reads without the catalog at hand; a summary that is the heading's title is not said twice. */
function violatedLines(check: CheckResult, title: string | undefined): string[] {
  if (check.outcome !== 'fail') return [];
  const same = (summary: string): boolean => summary.replace(/\.$/, '') === title?.replace(/\.$/, '');
  return (check.violated ?? []).flatMap((id) => {
    const summary = isRequirementId(id) ? requirement(id).summary : undefined;
    return wrap(`violated: ${id}${summary && !same(summary) ? `: ${summary}` : ''}`, INDENT, `${INDENT}${INDENT}`);
  });
}

const MAX_REASONS = 6;

/** Why checks were skipped, one line per reason, most first, with how to run them where a setting would. */
function skipList(checks: readonly CheckResult[]): string[] {
  const reasons = skipsByReason(checks);
  if (reasons.length === 0) return [];
  const lines = reasons.slice(0, MAX_REASONS).flatMap(({ reason, checks: its }) => {
    const hint = skipHint(reason);
    const count = String(its.length);
    return wrap(
      `${count} × ${reason}${hint ? `: ${hint}` : ''}`,
      `${INDENT}${' '.repeat(Math.max(0, 4 - count.length))}`,
      `${INDENT}${' '.repeat(7)}`,
    );
  });
  const more =
    reasons.length > MAX_REASONS ? [`${INDENT}… ${reasons.length - MAX_REASONS} more reasons in report.html`] : [];
  return ['', 'Skipped, by reason:', ...lines, ...more];
}

/** What would run the checks a setting left out (the reasons lib/harness/check.ts and context.ts give). */
function skipHint(reason: string): string | undefined {
  const needs = /^needs (.+) \(not set\)$/.exec(reason);
  if (needs) return `set ${needs[1]} to run them`;
  if (/checked only with PROFILE=strict/.test(reason)) return 'run with --profile strict';
  if (reason.startsWith('READ_ONLY is set')) return 'run without --read-only (READ_ONLY) to run them';
  return undefined;
}

/** A partial run names what it left unverified, by reason. */
function untestedList(run: RunResult): string[] {
  if (run.untested.length === 0 || run.stop) return [];
  const lines = untestedByReason(run.untested)
    .slice(0, MAX_REASONS)
    .flatMap(({ reason, ids }) =>
      wrap(
        `${plural(ids.length, 'requirement')}: ${reason}: ${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}`,
        INDENT,
      ),
    );
  return ['', `Not verified (${plural(run.untested.length, 'required requirement')}; the run is partial):`, ...lines];
}

/**
 * The curl line, on one line of its own however long: terminals and CI log viewers wrap it for the eye
 * without changing it, so it copies and pastes as the exact command (and `grep curl` finds it whole).
 * Splitting it would make the shell put the pieces back together; the line is printed as the reports hold it.
 */
function replayLines(curl: string): string[] {
  // Control characters are shown, not sent to the terminal; a body with line breaks or tabs cannot be pasted as one line.
  if (/[\t\n\r]/.test(curl)) return [`${INDENT}replay: the body has line breaks or tabs; see report.html`];
  const shown = legal(curl);
  if (shown !== curl)
    return [`${INDENT}${shown}`, `${INDENT}(control characters are shown as \\uXXXX: edit them back before replaying)`];
  return [`${INDENT}${shown}`];
}

/** Back-pressure is no verdict, but a reader should know the run was slowed, and how much. */
function throttlingLines({ throttling }: RunResult): string[] {
  if (!throttling) return [];
  return wrap(
    `Throttled: the target answered ${plural(throttling.responses, 'request')} with back-pressure (429, or 503 with Retry-After); the run waited ${seconds(throttling.waitMs)} s for it in all`,
    '',
  );
}

function verdictLines(run: RunResult, paint: Paint): string[] {
  const { detail } = verdictText(run);
  return [
    `Verdict: ${verdictLine(run, (label) => paint(label, VERDICT_COLOR[verdictOf(run)]))}`,
    ...wrap(detail, INDENT),
  ];
}

/** Code points, so that no cut falls inside a surrogate pair (an astral character such as 𝔘 or 🎉). */
const codePoints = (text: string): string[] => Array.from(text);
const columns = (text: string): number => codePoints(text).length;

/**
 * Greedy word wrap of prose to the width: the first line after `indent`, the others after `rest`.
 * Nothing is cut away: a word longer than a line is broken between code points.
 */
function wrap(text: string, indent: string, rest = indent): string[] {
  const lines: string[] = [];
  let line = '';
  let lead = indent;
  const push = (): void => {
    lines.push(line);
    line = '';
    lead = rest;
  };
  for (const word of printable(text).split(' ').filter(Boolean)) {
    if (line && columns(line) + 1 + columns(word) <= WIDTH) {
      line = `${line} ${word}`;
      continue;
    }
    if (line) push();
    let chars = codePoints(word);
    // A word too long for any line is broken where the line ends.
    while (columns(lead) + chars.length > WIDTH) {
      const room = Math.max(1, WIDTH - columns(lead));
      line = `${lead}${chars.slice(0, room).join('')}`;
      chars = chars.slice(room);
      push();
    }
    if (chars.length) line = `${lead}${chars.join('')}`;
  }
  if (line) lines.push(line);
  return lines;
}

/** Server text may carry control characters (terminal escapes) and tabs that break the columns. */
function printable(text: string): string {
  return legal(text).replace(/[\t\r\n]/g, ' ');
}

/** Cleans and cuts text to the width, keeping its start (or its end, for paths); cuts between code points. */
function fit(text: string, keep: 'start' | 'end' = 'start', width = WIDTH): string {
  const t = codePoints(printable(text));
  if (t.length <= width) return t.join('');
  return keep === 'start' ? `${t.slice(0, width - 1).join('')}…` : `…${t.slice(t.length - width + 1).join('')}`;
}

/** Waivers: how many failures were waived, and every expired or stale entry (to renew or remove). */
function waiverLines(run: RunResult): string[] {
  const lines = waiverSummaryLines(run);
  // Wrapped, not cut: a stale or expired entry's name is what the reader must find in the waiver file.
  return lines.length
    ? [
        '',
        ...lines.flatMap((line, i) =>
          i === 0 ? wrap(line, '', INDENT) : wrap(line.trim(), INDENT, `${INDENT}${INDENT}`),
        ),
      ]
    : [];
}

/**
 * ` (534 declared + 18 added by the run: run::…)`: the progress line counts the declared checks; the
 * totals add those the run made of findings and problems (`run::…`), so each figure says what it counts.
 */
function settledText(run: RunResult): string {
  const settled = run.checks.filter((c) => c.id.startsWith('run::')).length;
  return settled ? ` (${run.counts.total - settled} declared + ${settled} added by the run: run::…)` : '';
}
