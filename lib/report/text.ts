// Text shared by the reports: the redaction pass, legal characters, markup escaping,
// and the one way a check's failure and its evidence are written out.

import { checkName } from '../result/check-name.js';
import { API_KEY_PLACEHOLDER, redact } from '../http/redact.js';
import { CURL_KEY_NOTE, readsKey } from '../http/curl.js';
import { verdictOf, waivedFailures, type Cause } from '../result/aggregate.js';
import { causeLabel } from '../result/cause.js';
import { checksLeftOut } from '../result/selection.js';
import { waiverLabel } from '../waivers/waivers.js';
import type { CheckResult, Evidence, RunResult } from '../result/model.js';

/**
 * Renders from a copy of the run whose every string is redacted, then redacts the output once more.
 * The first pass catches secrets that escaping would disguise (`&` becomes `&amp;`); the second, anything else.
 */
export function withRedaction(run: RunResult, render: (clean: RunResult) => string): string {
  return redact(render(redactDeep(run)));
}

function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map(redactDeep) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v)])) as T;
  }
  return value;
}

// XML 1.0 allows only tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD and the supplementary planes;
// HTML treats the rest as parse errors and a terminal may act on them (ESC sequences).
const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Replaces characters no report may carry by a visible `\uXXXX`, so the reader still sees what was sent. */
export function legal(text: string): string {
  return text.replace(ILLEGAL, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text content for XML and HTML alike; `>` is always escaped, so `]]>` cannot appear. */
export function escapeMarkup(text: string): string {
  // Quotes stay as they are in content, so a curl line reads as itself in the raw file.
  return legal(text).replace(/[&<>]/g, (c) => ENTITIES[c] ?? c);
}

/** Escapes an attribute value, keeping tabs and line breaks that attribute normalisation would turn into spaces. */
export function escapeAttribute(text: string): string {
  return legal(text)
    .replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
    .replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function firstLine(text: string | undefined): string {
  return (text ?? '').split(/\r?\n/, 1)[0] ?? '';
}

export function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The ids a failure is about: those its violation names, else those the check verifies. */
function blamedIds(check: CheckResult): readonly string[] {
  return check.violated?.length ? check.violated : check.requirements;
}

/** `FAIL [REQ-A, REQ-B] title`, the heading of a failure in the console and the HTML. */
export function failureHeading(check: CheckResult): string {
  const ids = blamedIds(check);
  return `${check.outcome.toUpperCase()}${check.waived ? ' (WAIVED)' : ''} ${ids.length ? checkName(ids, check.title) : check.title}`;
}

/**
 * The heading of a cause: seen at more than one place, the rule and what was wrong (`FAIL
 * [TIMESTAMP-ISO-UTC] must match format "iso-utc"`); else its one failure's heading.
 */
export function causeHeading(cause: Cause): string {
  const { example, key, places } = cause;
  if (places.length < 2) return failureHeading(example);
  return `${example.outcome.toUpperCase()}${example.waived ? ' (WAIVED)' : ''} ${causeLabel(key)}`;
}

/** `seen at 13 places:`, then the places: where one cause was seen (empty for a cause seen at one place). */
export function placeLines(cause: Cause): string[] {
  return cause.places.length < 2
    ? []
    : [`seen at ${plural(cause.places.length, 'place')}:`, ...cause.places.map((p) => `  ${p}`)];
}

/** Request, response and replay line; the key only ever as `$API_KEY`. */
function evidenceLines(e: Evidence): string[] {
  const lines = [`request:  ${e.method} ${e.url}`, ...headerLines(e.requestHeaders, true)];
  if (e.requestBodyExcerpt !== undefined) lines.push(`  body: ${e.requestBodyExcerpt}`);
  lines.push(`response: ${e.status ?? 'none received'}`, ...headerLines(e.responseHeaders ?? {}, false));
  if (e.responseBodyExcerpt !== undefined) lines.push(`  body: ${e.responseBodyExcerpt}`);
  lines.push(`replay:   ${e.curl}`);
  if (readsKey(e.curl)) lines.push(`          (${CURL_KEY_NOTE})`);
  return lines;
}

function headerLines(headers: Readonly<Record<string, string>>, request: boolean): string[] {
  // The recorder already puts the placeholder in; a report is the last place to make sure of it.
  return Object.entries(headers).map(
    ([name, value]) => `  ${name}: ${request && name.toLowerCase() === 'x-api-key' ? API_KEY_PLACEHOLDER : value}`,
  );
}

/** The full account of a failed or errored check: message, blamed ids, reproduction, evidence. */
export function checkDetail(check: CheckResult): string {
  const lines = [check.message ?? '(no message)'];
  if (check.outcome === 'fail') lines.push(`violated: ${blamedIds(check).join(', ') || '(no requirement named)'}`);
  if (check.waived) lines.push(waivedLine(check.waived));
  if (check.seed !== undefined)
    lines.push(`reproduce: SEED=${check.seed}${check.path !== undefined ? ` (path ${check.path})` : ''}`);
  if (check.evidence) lines.push('', ...evidenceLines(check.evidence));
  return lines.join('\n');
}

/** `waived (REQ-ID, until 2026-12-31): reason`: a waived failure says so wherever it is shown. */
export function waivedLine(waived: NonNullable<CheckResult['waived']>): string {
  return `waived (${waived.by.join(', ')}${waived.expires ? `, until ${waived.expires}` : ''}): ${waived.reason}`;
}

/** Lines on what the waiver file did: waived failures, expired and stale entries. Empty without a waiver file. */
export function waiverSummaryLines(run: RunResult): string[] {
  const w = run.waivers;
  if (!w) return [];
  return [
    `Waivers (${w.file}, ${w.entries} ${w.entries === 1 ? 'entry' : 'entries'}): ${plural(w.waived, 'waived failure')} (reported as failures, not counted in the exit code)`,
    ...w.expired.map(
      (e) =>
        `  EXPIRED ${waiverLabel(e)} (expired ${e.expires}): waives nothing${e.failures.length ? `; ${plural(e.failures.length, 'failure')} it covered now count${e.failures.length === 1 ? 's' : ''}` : ''}`,
    ),
    ...w.stale.map(
      (e) => `  STALE ${waiverLabel(e)}: no failure of this run needed it; remove the waiver (${e.reason})`,
    ),
    ...(w.unmatched ?? []).map(
      (e) =>
        `  UNMATCHED ${waiverLabel(e)}: matches no check (the ids are in --list); correct or remove the waiver (${e.reason})`,
    ),
  ];
}

export interface VerdictText {
  /** CONFORMANT, PASSED, PARTIAL RUN…, NOT CONFORMANT or STOPPED. */
  readonly label: string;
  readonly detail: string;
}

export function verdictText(run: RunResult): VerdictText {
  const { fail, error, pass, skip } = run.counts;
  switch (verdictOf(run)) {
    case 'interrupted':
      return { label: 'INTERRUPTED', detail: `${run.stop?.message ?? 'the run was interrupted'}${ranBeforeStop(run)}` };
    case 'stopped':
      return {
        label: 'STOPPED',
        detail: `the run stopped (${run.stop?.kind ?? 'unknown'}): ${run.stop?.message ?? ''}`,
      };
    case 'throttled':
      return {
        label: 'STOPPED: THROTTLED',
        detail: `${run.stop?.message ?? ''}${run.checks.length ? ranBeforeStop(run) : ''}`,
      };
    case 'violations':
      return {
        label: 'NOT CONFORMANT',
        detail: `${plural(fail, 'check')} found a rule violated${error ? `; ${error} errored` : ''}${run.selection.stoppedAfterFailures ? `; a partial run${selectionText(run)}` : ''}`,
      };
    case 'errors':
      // Not a violation by the target, but conformance is not shown either: exit code 1 as well.
      return {
        label: 'NOT CONFORMANT',
        detail: `no rule violation found, but ${plural(error, 'check')} errored, so conformance is not established`,
      };
    case 'passed-partial':
      if (!run.untested.length && checksLeftOut(run.selection).length)
        return {
          label: 'PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT',
          detail: `${plural(pass, 'check')} passed, ${skip} skipped, ${waivedText(run)}; but ${checksLeftOut(run.selection).join('; ')} left checks out, so conformance is not established (exit code 0: what ran passed)`,
        };
      if (!run.untested.length)
        return {
          label: 'PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT',
          detail: `${plural(pass, 'check')} passed, ${skip} skipped, ${waivedText(run)}: a waived failure is not a verified rule, so conformance is not established (exit code 0)`,
        };
      return {
        label: 'PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT',
        detail: `${plural(pass, 'check')} passed, ${skip} skipped, ${waivedText(run)}; but ${plural(run.untested.length, 'required requirement')} ${run.untested.length === 1 ? 'was' : 'were'} not verified${selectionText(run)}, so conformance is not established (exit code 0: what ran passed)`,
      };
    case 'conformant':
      return {
        label: 'CONFORMANT',
        detail: `${plural(pass, 'check')} passed, ${skip} skipped; every required requirement verified`,
      };
  }
}

/**
 * `CONFORMANT (exit code 0)`: the verdict line of the console and summary.json's headline. A run against the
 * embedded reference says so here too: its verdict is the reference's, not a target's.
 */
export function verdictLine(run: RunResult, paintLabel: (label: string) => string = (label) => label): string {
  const target = run.target.embedded ? ' against the embedded reference service, no target named' : '';
  return `${paintLabel(verdictText(run).label)}${target} (exit code ${run.exitCode})`;
}

/** What a run cut short part-way had done: its checks count for nothing as a verdict. */
function ranBeforeStop({ counts: { pass, fail, error, skip } }: RunResult): string {
  return `; ${plural(pass, 'check')} passed, ${fail} failed, ${error} errored, ${skip} skipped before it stopped (checks not finished are reported as not run): conformance is not established`;
}

/** `none failed`, or `3 failed, all waived`. */
function waivedText(run: RunResult): string {
  const waived = waivedFailures(run.checks);
  return waived ? `${plural(waived, 'check')} failed, all waived` : 'none failed';
}

/** ` (--only auth; read-only)`: what narrowed the run, if anything. */
export function selectionText(run: RunResult): string {
  const { only, shards, readOnly } = run.selection;
  const exclude = run.selection.exclude ?? [];
  const parts = [
    ...(only.length ? [`--only ${only.join(',')}`] : []),
    ...(exclude.length ? [`--exclude ${exclude.join(',')}`] : []),
    ...(shards.length ? [`--shard ${shards.join(', ')}`] : []),
    ...(readOnly ? ['read-only'] : []),
    ...(run.selection.grep === undefined ? [] : [`--grep ${run.selection.grep}`]),
    ...(run.selection.stoppedAfterFailures
      ? [`stopped after ${run.selection.stoppedAfterFailures} failing checks (--max-failures), the rest not run`]
      : []),
  ];
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** ` through the proxy http://proxy:3128; TLS certificates NOT verified (--insecure)`: how the target was reached. */
export function routeOf(run: RunResult): string {
  const { proxy, insecure } = run.target;
  return `${proxy ? ` through the proxy ${proxy}` : ''}${insecure ? '; TLS certificates NOT verified (--insecure)' : ''}`;
}

/** A word as the shell reads it back: quoted only when it holds more than letters, digits and `,._/:=@+-`. */
const shellWord = (word: string): string => (/^[\w,./:=@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * `npx aes-conformance --seed 291128 --only auth`: the command that reruns the run's selection with its
 * seed (target and key from the environment or .env, as before); none when merged runs drew different
 * seeds (`SEED=random` per shard).
 */
export function rerunCommand(run: RunResult): string | undefined {
  const seed = run.settings['seed'];
  if (seed === undefined || seed.includes(' | ')) return undefined;
  const { only, shards, readOnly, exclude = [], grep } = run.selection;
  return [
    'npx aes-conformance',
    `--seed ${shellWord(seed)}`,
    ...(run.profile === 'default' ? [] : [`--profile ${shellWord(run.profile)}`]),
    ...(only.length ? [`--only ${shellWord(only.join(','))}`] : []),
    ...(exclude.length ? [`--exclude ${shellWord(exclude.join(','))}`] : []),
    ...(grep === undefined ? [] : [`--grep ${shellWord(grep)}`]),
    ...(shards.length === 1 ? [`--shard ${shellWord(shards[0]!)}`] : []),
    ...(readOnly ? ['--read-only'] : []),
  ].join(' ');
}

/** `Seed 291128: npx aes-conformance --seed 291128 repeats this run`, or the merged runs' seeds. */
export function seedLine(run: RunResult): string | undefined {
  const seed = run.settings['seed'];
  if (seed === undefined) return undefined;
  const command = rerunCommand(run);
  return command
    ? `Seed ${seed}: ${command} repeats this run`
    : `Seeds ${seed}: the merged runs differ; each shard's own summary repeats it`;
}
