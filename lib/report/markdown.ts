// The run in GitHub-flavoured Markdown, for `--summary-md` and $GITHUB_STEP_SUMMARY (or a merge-request
// comment): the verdict, the counts, and each cause with its first evidence and curl line. It stays under
// 64 KB (a comment's limit): causes that do not fit are counted in a closing note, never cut in half.

import { SPECIFICATION_TEXT } from '../contract/specification.js';
import { failuresByCause, OUTCOMES, type Cause } from '../result/aggregate.js';
import type { RunResult } from '../result/model.js';
import {
  causeHeading,
  checkDetail,
  placeLines,
  plural,
  routeOf,
  seconds,
  rerunCommand,
  seedLine,
  selectionText,
  verdictLine,
  verdictText,
  withRedaction,
} from './text.js';

/** Bytes the whole summary may take: under 64 KB, with room for the closing note. */
export const MARKDOWN_LIMIT_BYTES = 64_000;
const MAX_PLACES = 10;

export function toMarkdown(run: RunResult): string {
  return withRedaction(run, (safe) => render(safe));
}

function render(run: RunResult): string {
  const { label, detail } = verdictText(run);
  const icon = run.exitCode === 0 ? (run.verdict === 'conformant' ? '✅' : '⚠️') : '❌';
  const head = [
    `## ${icon} ${inline(label)}`,
    '',
    `**${inline(verdictLine(run))}**`,
    '',
    inline(detail),
    '',
    `Target: ${code(run.target.baseUrl ?? 'embedded reference service')}${inline(routeOf(run))} · profile ${code(run.profile)}${inline(selectionText(run))} · ${seconds(run.durationMs)} s · ${inline(`${run.suite.name} ${run.suite.version}`)} · ${inline(SPECIFICATION_TEXT)}`,
    '',
    `| ${OUTCOMES.join(' | ')} | total |`,
    `|${' ---: |'.repeat(OUTCOMES.length + 1)}`,
    `| ${OUTCOMES.map((o) => run.counts[o]).join(' | ')} | ${run.counts.total} |`,
    '',
    ...(run.stop ? [`Stopped (${run.stop.kind}): ${inline(run.stop.message)}`, ''] : []),
    ...seedBlock(run),
  ].join('\n');
  const causes = failuresByCause(run.checks);
  if (!causes.length) return `${head}\n`;
  const failed = causes.reduce((n, c) => n + c.checks.length, 0);
  let text = `${head}\n### Failures and errors: ${plural(causes.length, 'cause')} over ${plural(failed, 'check')}\n`;
  for (const [i, cause] of causes.entries()) {
    const section = causeSection(cause);
    const rest = causes.length - i;
    const note = `\n_${plural(rest, 'more cause')} not shown, to keep this summary under 64 KB: every cause is in report.html._\n`;
    if (bytes(text) + bytes(section) + bytes(note) > MARKDOWN_LIMIT_BYTES) return text + note;
    text += section;
  }
  return text;
}

function causeSection(cause: Cause): string {
  const { example, checks } = cause;
  const [seenAt, ...places] = placeLines(cause);
  const detail = checkDetail(example)
    .split('\n')
    .filter((line) => !line.startsWith('replay:'));
  const curl = example.evidence?.curl;
  return [
    '',
    `#### ${inline(causeHeading(cause))}`,
    '',
    ...(checks.length > 1
      ? [
          `${plural(checks.length, 'check')}: ${checks
            .map((c) => code(c.id))
            .slice(0, MAX_PLACES)
            .join(', ')}${checks.length > MAX_PLACES ? ', …' : ''}`,
          '',
        ]
      : [`check ${code(example.id)}`, '']),
    ...(seenAt === undefined
      ? []
      : [
          `${inline(seenAt)}`,
          ...places.slice(0, MAX_PLACES).map((p) => `- ${inline(p.trim())}`),
          ...(places.length > MAX_PLACES ? [`- and ${places.length - MAX_PLACES} more`] : []),
          '',
        ]),
    fenced(detail.join('\n'), 'text'),
    ...(curl ? ['', 'Replay (the key is read from `$API_KEY`):', '', fenced(curl, 'sh')] : []),
    '',
  ].join('\n');
}

/** The seed, as the command that repeats the run, in a block that copies whole. */
function seedBlock(run: RunResult): string[] {
  const command = rerunCommand(run);
  if (command) return [`Seed ${code(run.settings['seed']!)}; this repeats the run:`, '', fenced(command, 'sh'), ''];
  const line = seedLine(run);
  return line ? [inline(line), ''] : [];
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Text in a Markdown line: no markup, no HTML, on one line. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_{}[\]<>|#!~])/g, '\\$1');
}

/** A code span that holds any text: a fence of more backticks than the text has in a row. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${longest ? ` ${text} ` : text}${fence}`;
}

function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}
