// report.html: one self-contained page for people. Inline CSS only, no script, nothing fetched;
// the Content-Security-Policy makes sure of it even if a server's text slipped through unescaped.

import { SETTINGS, SETTING_NAMES as FIELD_SETTINGS } from '../config.js';
import { REQUIREMENTS, type Requirement } from '../contract/requirements/index.js';
import { SPECIFICATION_TEXT } from '../contract/specification.js';
import { UNTESTABLE } from '../contract/untestable.js';
import {
  OUTCOMES,
  checksByGroup,
  countOutcomes,
  failuresByCause,
  type Cause,
  orderGroups,
  requirementTally,
  skipsByReason,
  untestedByReason,
  verdictOf,
} from '../result/aggregate.js';
import type { CheckResult, RequirementResult, RunResult } from '../result/model.js';
import {
  causeHeading,
  checkDetail,
  escapeAttribute,
  escapeMarkup as esc,
  placeLines,
  plural,
  seconds,
  verdictText,
  waiverSummaryLines,
  withRedaction,
  routeOf,
} from './text.js';

const SLOWEST = 10;
/** Causes shown expanded; the rest are collapsed to their heading (a click, or a link into them, opens them). */
const OPEN_CAUSES = 3;
/** More other checks of one cause than this are listed folded. */
const FOLDED_OTHERS = 5;
const CATALOG: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export function toHtml(run: RunResult): string {
  return withRedaction(run, page);
}

function page(run: RunResult): string {
  const anchors = new Map(run.checks.map((c, i) => [c.id, `check-${i + 1}`]));
  const verdict = verdictText(run);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${verdict.label}: ${targetText(run)} (${run.suite.name})`)}</title>
<style>${STYLE}</style>
</head>
<body>
${header(run)}
${verdictSection(run)}
${waiversSection(run)}
${contentsSection(run)}
${failuresSection(run, anchors)}
${untestedSection(run)}
${skipsSection(run, anchors)}
${matrixSection(run, anchors)}
${settingsSection(run)}
${timingSection(run)}
${untestableSection()}
<footer>${esc(`${run.suite.name} ${run.suite.version}`)}</footer>
</body>
</html>
`;
}

function targetText(run: RunResult): string {
  return run.target.baseUrl ?? 'embedded reference service';
}

function header(run: RunResult): string {
  return `<header>
<h1>Agent Evaluation Service API: conformance report</h1>
${definitions([
  [
    'Target',
    `${targetText(run)}${run.target.embedded && run.target.baseUrl ? ' (embedded reference service)' : ''}${routeOf(run)}`,
  ],
  ['Started', run.startedAt],
  ['Profile', run.profile],
  ['Duration', `${seconds(run.durationMs)} s`],
  ['Suite', `${run.suite.name} ${run.suite.version}`],
  ['Specification', SPECIFICATION_TEXT],
])}
</header>`;
}

function verdictSection(run: RunResult): string {
  const { label, detail } = verdictText(run);
  const counts = OUTCOMES.map((o) => `<span class="count ${o}"><b>${run.counts[o]}</b> ${o}</span>`).join(' ');
  return `<section id="verdict" class="verdict ${verdictOf(run)}">
<p class="label">${esc(label)}</p>
<p>${esc(detail)}</p>
<p id="counts">${counts} <span class="count">of <b>${run.counts.total}</b> checks; exit code ${run.exitCode}</span></p>
</section>`;
}

/** The run's settings under the environment variables that set them, in the README's order; the key never shown. */
function settingsSection(run: RunResult): string {
  const rank = (name: string): number => {
    const i = SETTING_NAMES.indexOf(name);
    return i === -1 ? SETTING_NAMES.length : i;
  };
  const named = Object.entries(run.settings)
    .map(([key, value]) => [settingName(key), value] as const)
    .sort(([a], [b]) => rank(a) - rank(b));
  const rows = named.map(
    ([name, value]) =>
      `<tr><th scope="row"><code>${esc(name)}</code></th>` +
      `<td>${esc(name === 'API_KEY' ? '[redacted]' : value)}</td><td><small>${rendered(SETTING_MEANINGS.get(name) ?? '')}</small></td></tr>`,
  );
  return `<section id="settings"><h2>Settings</h2>
${rows.length ? `<table class="settings"><thead><tr><th>Variable</th><th>Value</th><th>Meaning</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>` : '<p>None recorded.</p>'}
</section>`;
}

const SETTING_NAMES: readonly string[] = [...SETTINGS.map((s) => s.name), 'AES_RUN_MARKER'];
const SETTING_MEANINGS: ReadonlyMap<string, string> = new Map<string, string>([
  ...SETTINGS.map((s) => [s.name, s.meaning] as const),
  ['AES_RUN_MARKER', 'Marker put into the names of everything this run creates.'],
]);

/** `baseUrl` (a Config field) to `BASE_URL` (its variable); names already in that form, and unknown ones, stay as they are. */
export function settingName(key: string): string {
  if (SETTING_NAMES.includes(key)) return key;
  const filled = (FIELD_SETTINGS as Readonly<Record<string, string>>)[key];
  if (filled !== undefined) return filled;
  const snake = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  if (snake === 'RUN_MARKER') return 'AES_RUN_MARKER';
  return SETTING_NAMES.includes(snake) ? snake : key;
}

/** Escaped text with `code spans` set as <code>; a lone backtick stays as it is. */
export function rendered(text: string): string {
  return text
    .split(/`([^`]+)`/)
    .map((part, i) => (i % 2 ? `<code>${esc(part)}</code>` : esc(part)))
    .join('');
}

/** Links to the sections, each with what it holds. */
function contentsSection(run: RunResult): string {
  const causes = failuresByCause(run.checks);
  const failed = causes.reduce((n, c) => n + c.checks.length, 0);
  const skips = skipsByReason(run.checks);
  const skipped = skips.reduce((n, s) => n + s.checks.length, 0);
  const entries: Array<readonly [string, string, string]> = [
    ...(run.waivers ? [['waivers', 'Waivers', `${plural(run.waivers.waived, 'failure')} waived`] as const] : []),
    [
      'failures',
      'Failures and errors',
      run.stop
        ? 'the run stopped'
        : causes.length
          ? `${plural(causes.length, 'cause')} over ${plural(failed, 'check')}`
          : 'none',
    ],
    ...(showsUntested(run)
      ? [['untested', 'Not verified', plural(run.untested.length, 'required requirement')] as const]
      : []),
    ['skips', 'Skipped checks', skipped ? `${plural(skipped, 'check')}, ${plural(skips.length, 'reason')}` : 'none'],
    ['requirements', 'Requirements', requirementTally(run.requirements)],
    ['settings', 'Settings', ''],
    ['timing', 'Timing', ''],
    ['untestable', 'Not testable from outside', plural(UNTESTABLE.length, 'point')],
  ];
  const items = entries.map(
    ([id, title, note]) => `<li><a href="#${id}">${esc(title)}</a>${note ? ` <small>${esc(note)}</small>` : ''}</li>`,
  );
  return `<nav id="contents" aria-label="Contents"><h2>Contents</h2>\n<ol>${items.join('')}</ol>\n</nav>`;
}

/** Skipped checks by reason, most first; a check kept from running by a failure links to it. */
function skipsSection(run: RunResult, anchors: ReadonlyMap<string, string>): string {
  const groups = skipsByReason(run.checks).map(({ reason, checks }) => {
    const items = checks.map((c) => {
      const blocker = c.blockedBy === undefined ? undefined : anchors.get(c.blockedBy);
      return `<li>${esc(c.name)}${blocker ? ` <small>(<a href="#${escapeAttribute(blocker)}">the failure that kept it from running</a>)</small>` : ''}</li>`;
    });
    return `<details><summary>${esc(`${plural(checks.length, 'check')}: ${reason}`)}</summary>\n<ul>${items.join('')}</ul></details>`;
  });
  const heading = groups.length
    ? ` <small>${esc(`${plural(run.counts.skip, 'check')}, ${plural(groups.length, 'reason')}`)}</small>`
    : '';
  return `<section id="skips"><h2>Skipped checks${heading}</h2>\n${groups.join('\n') || '<p>None.</p>'}\n</section>`;
}

function matrixSection(run: RunResult, anchors: ReadonlyMap<string, string>): string {
  const checks = new Map(run.checks.map((c) => [c.id, c]));
  const groups = new Map(checksByGroup(run.checks));
  const areas = orderGroups(run.requirements.map((r) => r.area)).map((area) => {
    const inArea = run.requirements.filter((r) => r.area === area);
    const rows = inArea.map((r) => requirementRow(r, run.profile, checks, anchors));
    // Beside the requirements, the counts of the checks of the group of that name, as the console's table has them.
    const grouped = groups.get(area);
    const counted = grouped
      ? `; ${plural(grouped.length, 'check')}: ${OUTCOMES.map((o) => `${countOutcomes(grouped)[o]} ${o}`).join(', ')}`
      : '';
    return `<h3>${esc(area)} <small>${esc(`${requirementTally(inArea)}${counted}`)}</small></h3>
<table class="matrix"><thead><tr><th>Requirement</th><th>Level</th><th>Outcome</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`;
  });
  return `<section id="requirements"><h2>Requirements</h2>\n${areas.join('\n')}\n</section>`;
}

function requirementRow(
  r: RequirementResult,
  profile: string,
  checks: ReadonlyMap<string, CheckResult>,
  anchors: ReadonlyMap<string, string>,
): string {
  const its = r.checks.flatMap((id) => checks.get(id) ?? []);
  // The spec's words are open where a failure links to them; elsewhere a click away.
  const open = r.outcome === 'fail' || r.outcome === 'error' ? ' open' : '';
  return (
    `<tr id="req-${escapeAttribute(r.id)}" class="${r.stoppedBy ? 'stopped' : r.outcome}"><td><details class="text"${open}><summary><code>${esc(r.id)}</code> <small class="section">${esc(r.section)}</small>` +
    `<br>${rendered(r.summary)}</summary>${specText(CATALOG.get(r.id))}</details></td>` +
    `<td>${r.level}</td><td>${outcomeCell(r, profile, its, anchors)}</td></tr>`
  );
}

/** The spec's words the rule rests on and, where the spec is silent, what the suite decided. */
function specText(entry: Requirement | undefined): string {
  if (!entry) return '';
  const decision = entry.decision ? `<p class="decision"><b>Decision:</b> ${rendered(entry.decision)}</p>` : '';
  return `<blockquote>${rendered(entry.quote)}</blockquote>${decision}`;
}

function outcomeCell(
  r: RequirementResult,
  profile: string,
  its: readonly CheckResult[],
  anchors: ReadonlyMap<string, string>,
): string {
  switch (r.outcome) {
    case 'pass':
      return (
        `<details><summary>pass <small>(${plural(its.length, 'check')})</small></summary>` +
        `<ul class="checks">${its.map((c) => `<li>${esc(c.title)} <small>${esc(c.group)}</small></li>`).join('')}</ul></details>`
      );
    case 'skip': {
      if (!r.stoppedBy) return `skipped: ${esc([...new Set(its.map((c) => c.skipReason ?? 'skipped'))].join('; '))}`;
      // Its checks failed on another rule first: not verified, and the failures say why.
      const links = its
        .filter((c) => c.outcome === 'fail')
        .map((c) => `<a href="#${escapeAttribute(anchors.get(c.id) ?? '')}">${esc(c.title)}</a>`);
      const rules = r.stoppedBy
        .map((id) => `<a href="#req-${escapeAttribute(id)}"><code>${esc(id)}</code></a>`)
        .join(', ');
      return `not verified: its checks failed on ${rules} first: ${links[0] ?? ''}${links.length > 1 ? `<details><summary>${esc(`and ${links.length - 1} more`)}</summary>${links.slice(1).join(', ')}</details>` : ''}`;
    }
    case 'untested':
      // SHOULD rules are checked under the strict profile only.
      return r.level === 'SHOULD' && profile !== 'strict' ? 'not applicable (strict profile only)' : 'not tested';
    case 'fail':
    case 'error': {
      const links = its
        .filter((c) => c.outcome === r.outcome)
        .map((c) => `<a href="#${escapeAttribute(anchors.get(c.id) ?? '')}">${esc(c.title)}</a>`);
      // A long list of links is folded after the first: the failures section holds the account.
      if (links.length <= 3) return `${r.outcome}: ${links.join(', ')}`;
      return `${r.outcome}: ${links[0]}<details><summary>${esc(`and ${links.length - 1} more`)}</summary>${links.slice(1).join(', ')}</details>`;
    }
  }
}

/** One article per cause: the first check's account stands for all; the others are listed (and linkable). */
function failuresSection(run: RunResult, anchors: ReadonlyMap<string, string>): string {
  const stop = run.stop
    ? `<article class="failure"><h3>${esc(`STOPPED (${run.stop.kind})`)}</h3><pre>${esc(run.stop.message)}</pre></article>`
    : '';
  const causes = failuresByCause(run.checks);
  const articles = causes.map((cause, i) => {
    const { example: c, checks } = cause;
    const others = checks
      .slice(1)
      .map((o) => `<li id="${escapeAttribute(anchors.get(o.id) ?? '')}">${esc(o.name)}</li>`);
    const verb = c.outcome === 'fail' ? 'failed' : 'errored';
    // A long list of the others is folded: the evidence above stands for them all.
    const also =
      others.length > FOLDED_OTHERS
        ? `<details class="also"><summary>${esc(`${plural(checks.length, 'check')} ${verb} for this cause; the other ${others.length}`)}</summary>\n<ul class="also">${others.join('')}</ul></details>`
        : others.length
          ? `<p>${esc(`${plural(checks.length, 'check')} ${verb} for this cause; the others:`)}</p>\n<ul class="also">${others.join('')}</ul>`
          : '';
    const count = checks.length > 1 ? ` <small>${esc(plural(checks.length, 'check'))}</small>` : '';
    return `<details class="failure ${c.outcome}" id="${escapeAttribute(anchors.get(c.id) ?? '')}"${i < OPEN_CAUSES ? ' open' : ''}>
<summary><h3>${esc(causeHeading(cause))}</h3>${count}</summary>
${placesOf(cause)}<p class="where">${esc(`${c.group} · ${c.file} · ${seconds(c.durationMs)} s`)}</p>
${rulesOf(c)}
<pre>${esc(checkDetail(c))}</pre>
${also}
</details>`;
  });
  const failed = causes.reduce((n, c) => n + c.checks.length, 0);
  const heading = causes.length
    ? ` <small>${esc(`${plural(causes.length, 'cause')} over ${plural(failed, 'check')}`)}</small>`
    : '';
  const body = stop + articles.join('\n');
  return `<section id="failures"><h2>Failures and errors${heading}</h2>\n${body || '<p>None.</p>'}\n</section>`;
}

/** Where one cause was seen, when at more than one place. */
function placesOf(cause: Cause): string {
  const [seenAt, ...places] = placeLines(cause);
  return seenAt === undefined
    ? ''
    : `<p class="places">${esc(seenAt)}</p>\n<ul class="places">${places.map((p) => `<li><code>${esc(p.trim())}</code></li>`).join('')}</ul>\n`;
}

/** The rules a failure is about (those its violation names, else those it verifies), each linked to its text in the matrix. */
function rulesOf(check: CheckResult): string {
  const ids = check.violated?.length ? check.violated : check.requirements;
  const items = ids.map((id) => {
    const entry = CATALOG.get(id);
    if (!entry) return `<li><code>${esc(id)}</code></li>`;
    return `<li><a href="#req-${escapeAttribute(id)}"><code>${esc(id)}</code></a> <small>${esc(`${entry.level}, ${entry.section}`)}</small>: ${rendered(entry.quote)}</li>`;
  });
  return items.length ? `<ul class="rules">${items.join('')}</ul>` : '';
}

function showsUntested(run: RunResult): boolean {
  return run.untested.length > 0 && !run.stop;
}

/** A partial run lists what it did not verify, and why; a complete one shows nothing here. */
function untestedSection(run: RunResult): string {
  if (!showsUntested(run)) return '';
  const groups = untestedByReason(run.untested).map(
    ({ reason, ids }) => `<details><summary>${esc(`${plural(ids.length, 'requirement')}: ${reason}`)}</summary>
<p>${ids.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p></details>`,
  );
  return `<section id="untested"><h2>Not verified <small>${esc(`${plural(run.untested.length, 'required requirement')}: the run is partial`)}</small></h2>
${groups.join('\n')}
</section>`;
}

function timingSection(run: RunResult): string {
  const slowest = [...run.checks].sort((a, b) => b.durationMs - a.durationMs).slice(0, SLOWEST);
  const rows = slowest.map(
    (c) => `<tr><td class="num">${seconds(c.durationMs)} s</td><td>${esc(c.group)}</td><td>${esc(c.name)}</td></tr>`,
  );
  return `<section id="timing"><h2>Timing</h2>
<p>${esc(`${plural(run.checks.length, 'check')} in ${seconds(run.durationMs)} s. Slowest:`)}</p>
${rows.length ? `<table><thead><tr><th>Time</th><th>Group</th><th>Check</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>` : ''}
</section>`;
}

function untestableSection(): string {
  const items = UNTESTABLE.map(
    (u) => `<li><b>${rendered(u.topic)}</b> <small>(${esc(u.section)})</small>: ${rendered(u.reason)}</li>`,
  );
  return `<section id="untestable"><h2>Not testable from outside</h2>\n<ul>\n${items.join('\n')}\n</ul>\n</section>`;
}

function definitions(pairs: readonly (readonly [string, string])[]): string {
  return `<dl>${pairs.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>`;
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1b1b1b;background:#fff}
h1{font-size:1.4rem}h2{border-bottom:1px solid #ccc;margin-top:2rem}h3{margin:1.2rem 0 .4rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0}
.verdict{border-radius:6px;padding:.8rem 1.2rem;border:2px solid #888}
.verdict .label{font-size:2.2rem;font-weight:800;margin:0}
.verdict.conformant{border-color:#1a7f37;background:#e9f7ec}.verdict.conformant .label{color:#1a7f37}
.verdict.violations,.verdict.errors{border-color:#c62828;background:#fdecea}
.verdict.violations .label,.verdict.errors .label{color:#c62828}
.verdict.stopped,.verdict.throttled,.verdict.passed-partial{border-color:#8a6d00;background:#fff6d6}.verdict.stopped .label,.verdict.throttled .label,.verdict.passed-partial .label{color:#8a6d00}
.count{margin-right:1rem}.count.pass b{color:#1a7f37}.count.fail b{color:#c62828}.count.error b{color:#7b1fa2}.count.skip b{color:#8a6d00}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.num{text-align:right;white-space:nowrap}
tr.pass td:last-child{background:#e9f7ec}tr.fail td:last-child{background:#fdecea}
tr.error td:last-child{background:#f3e5f5}tr.stopped td:last-child{background:#fbe9e7}tr.skip td:last-child{background:#fff6d6}tr.untested td:last-child{color:#666}
pre{background:#f6f8fa;border:1px solid #ddd;padding:.6rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
.failure h3{font-family:ui-monospace,monospace;font-size:.95rem}.where{color:#555;margin:.2rem 0}
nav#contents{border:1px solid #ddd;border-radius:6px;padding:.3rem 1rem;margin-top:1rem;background:#fafafa}
nav#contents h2{border:0;margin:.2rem 0;font-size:1rem}nav#contents ol{margin:.2rem 0;padding-left:1.4rem;columns:2}
details.failure{border:1px solid #ddd;border-left:4px solid #c62828;border-radius:4px;padding:.3rem .8rem;margin:.6rem 0}
details.failure.error{border-left-color:#7b1fa2}details.failure>summary{cursor:pointer}details.failure>summary h3{display:inline;margin:0}
details>summary{cursor:pointer}.rules,.checks{margin:.3rem 0;padding-left:1.2rem}
code{background:#f0f2f4;border-radius:3px;padding:0 .2em;font-size:.92em}
blockquote{margin:.3rem 0 .2rem;padding-left:.6rem;border-left:3px solid #ccc;color:#333;font-size:.9rem}
.decision{margin:.2rem 0;color:#555;font-size:.85rem}.section{color:#555}
tr:target td{background:#fff8c5}.matrix td:nth-child(2){width:4.5rem}.matrix td:last-child{width:24%}
details.text>summary{list-style-position:outside;margin-left:1rem}:target{scroll-margin-top:.5rem}
footer{margin-top:2rem;color:#666;font-size:.85rem}
`;

/** Waivers: how many failures were waived, and every expired or stale entry (to renew or remove); empty without a waiver file. */
function waiversSection(run: RunResult): string {
  const [head, ...entries] = waiverSummaryLines(run);
  if (head === undefined) return '';
  const items = entries.map((line) => `<li>${esc(line.trim())}</li>`).join('\n');
  return `<section id="waivers"><h2>Waivers</h2>\n<p>${esc(head)}</p>${items ? `\n<ul>\n${items}\n</ul>` : ''}\n</section>`;
}
