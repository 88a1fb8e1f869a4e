// report.html: one self-contained page for people. Inline CSS only, no script, nothing fetched;
// the Content-Security-Policy makes sure of it even if a server's text slipped through unescaped.

import { UNTESTABLE } from '../contract/untestable.js';
import { OUTCOMES, failuresByCause, orderGroups, requirementTally, verdictOf } from './aggregate.js';
import type { CheckResult, RequirementResult, RunResult } from './model.js';
import { checkDetail, escapeAttribute, escapeMarkup as esc, failureHeading, plural, seconds, verdictText, withRedaction } from './text.js';

const SLOWEST = 10;

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
${failuresSection(run, anchors)}
${untestedSection(run)}
${settingsSection(run)}
${matrixSection(run, anchors)}
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
    ['Target', `${targetText(run)}${run.target.embedded && run.target.baseUrl ? ' (embedded reference service)' : ''}`],
    ['Started', run.startedAt],
    ['Profile', run.profile],
    ['Duration', `${seconds(run.durationMs)} s`],
    ['Suite', `${run.suite.name} ${run.suite.version}`],
  ])}
</header>`;
}

function verdictSection(run: RunResult): string {
  const { label, detail } = verdictText(run);
  const counts = OUTCOMES
    .map((o) => `<span class="count ${o}"><b>${run.counts[o]}</b> ${o}</span>`).join(' ');
  return `<section id="verdict" class="verdict ${verdictOf(run)}">
<p class="label">${esc(label)}</p>
<p>${esc(detail)}</p>
<p id="counts">${counts} <span class="count">of <b>${run.counts.total}</b> checks; exit code ${run.exitCode}</span></p>
</section>`;
}

function settingsSection(run: RunResult): string {
  const rows = Object.entries(run.settings).map(([name, value]) => `<tr><th scope="row">${esc(name)}</th><td>${esc(value)}</td></tr>`);
  return `<section><h2>Settings</h2>
${rows.length ? `<table class="settings">${rows.join('\n')}</table>` : '<p>None recorded.</p>'}
</section>`;
}

function matrixSection(run: RunResult, anchors: ReadonlyMap<string, string>): string {
  const checks = new Map(run.checks.map((c) => [c.id, c]));
  const areas = orderGroups(run.requirements.map((r) => r.area)).map((area) => {
    const inArea = run.requirements.filter((r) => r.area === area);
    const rows = inArea.map((r) => requirementRow(r, run.profile, checks, anchors));
    return `<h3>${esc(area)} <small>${esc(requirementTally(inArea))}</small></h3>
<table class="matrix"><thead><tr><th>Requirement</th><th>Level</th><th>Outcome</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`;
  });
  return `<section id="requirements"><h2>Requirements</h2>\n${areas.join('\n')}\n</section>`;
}

function requirementRow(
  r: RequirementResult, profile: string, checks: ReadonlyMap<string, CheckResult>, anchors: ReadonlyMap<string, string>,
): string {
  const its = r.checks.flatMap((id) => checks.get(id) ?? []);
  return `<tr class="${r.outcome}"><td><code>${esc(r.id)}</code><br><small>${esc(r.summary)}</small></td>`
    + `<td>${r.level}</td><td>${outcomeCell(r, profile, its, anchors)}</td></tr>`;
}

function outcomeCell(r: RequirementResult, profile: string, its: readonly CheckResult[], anchors: ReadonlyMap<string, string>): string {
  switch (r.outcome) {
    case 'pass':
      return `pass <small>(${plural(its.length, 'check')})</small>`;
    case 'skip':
      return `skipped: ${esc([...new Set(its.map((c) => c.skipReason ?? 'no reason given'))].join('; '))}`;
    case 'untested':
      // SHOULD rules are checked under the strict profile only.
      return r.level === 'SHOULD' && profile !== 'strict' ? 'not applicable (strict profile only)' : 'not tested';
    case 'fail':
    case 'error': {
      const links = its.filter((c) => c.outcome === r.outcome)
        .map((c) => `<a href="#${escapeAttribute(anchors.get(c.id) ?? '')}">${esc(c.title)}</a>`);
      return `${r.outcome}: ${links.join(', ')}`;
    }
  }
}

/** One article per cause: the first check's account stands for all; the others are listed (and linkable). */
function failuresSection(run: RunResult, anchors: ReadonlyMap<string, string>): string {
  const stop = run.stop ? `<article class="failure"><h3>${esc(`STOPPED (${run.stop.kind})`)}</h3><pre>${esc(run.stop.message)}</pre></article>` : '';
  const causes = failuresByCause(run.checks);
  const articles = causes.map(({ example: c, checks }) => {
    const others = checks.slice(1).map((o) => `<li id="${escapeAttribute(anchors.get(o.id) ?? '')}">${esc(o.name)}</li>`);
    const also = others.length ? `<p>${esc(`${plural(checks.length, 'check')} ${c.outcome === 'fail' ? 'failed' : 'errored'} for this cause; the others:`)}</p>\n<ul class="also">${others.join('')}</ul>` : '';
    return `<article class="failure ${c.outcome}" id="${escapeAttribute(anchors.get(c.id) ?? '')}">
<h3>${esc(failureHeading(c))}</h3>
<p class="where">${esc(`${c.group} · ${c.file} · ${seconds(c.durationMs)} s`)}</p>
<pre>${esc(checkDetail(c))}</pre>
${also}
</article>`;
  });
  const failed = causes.reduce((n, c) => n + c.checks.length, 0);
  const heading = causes.length ? ` <small>${esc(`${plural(causes.length, 'cause')} over ${plural(failed, 'check')}`)}</small>` : '';
  const body = stop + articles.join('\n');
  return `<section id="failures"><h2>Failures and errors${heading}</h2>\n${body || '<p>None.</p>'}\n</section>`;
}

/** A partial run lists what it did not verify, and why; a complete one shows nothing here. */
function untestedSection(run: RunResult): string {
  if (!run.untested.length || run.stop) return '';
  const byReason = new Map<string, string[]>();
  for (const u of run.untested) byReason.set(u.reason, [...(byReason.get(u.reason) ?? []), u.id]);
  const groups = [...byReason].map(([reason, ids]) => `<details><summary>${esc(`${plural(ids.length, 'requirement')}: ${reason}`)}</summary>
<p>${ids.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p></details>`);
  return `<section id="untested"><h2>Not verified <small>${esc(`${plural(run.untested.length, 'required requirement')}: the run is partial`)}</small></h2>
${groups.join('\n')}
</section>`;
}

function timingSection(run: RunResult): string {
  const slowest = [...run.checks].sort((a, b) => b.durationMs - a.durationMs).slice(0, SLOWEST);
  const rows = slowest.map((c) => `<tr><td class="num">${seconds(c.durationMs)} s</td><td>${esc(c.group)}</td><td>${esc(c.name)}</td></tr>`);
  return `<section id="timing"><h2>Timing</h2>
<p>${esc(`${plural(run.checks.length, 'check')} in ${seconds(run.durationMs)} s. Slowest:`)}</p>
${rows.length ? `<table><thead><tr><th>Time</th><th>Group</th><th>Check</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>` : ''}
</section>`;
}

function untestableSection(): string {
  const items = UNTESTABLE.map((u) => `<li><b>${esc(u.topic)}</b> <small>(${esc(u.section)})</small>: ${esc(u.reason)}</li>`);
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
.verdict.stopped,.verdict.passed-partial{border-color:#8a6d00;background:#fff6d6}.verdict.stopped .label,.verdict.passed-partial .label{color:#8a6d00}
.count{margin-right:1rem}.count.pass b{color:#1a7f37}.count.fail b{color:#c62828}.count.error b{color:#7b1fa2}.count.skip b{color:#8a6d00}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.num{text-align:right;white-space:nowrap}
tr.pass td:last-child{background:#e9f7ec}tr.fail td:last-child{background:#fdecea}
tr.error td:last-child{background:#f3e5f5}tr.skip td:last-child{background:#fff6d6}tr.untested td:last-child{color:#666}
pre{background:#f6f8fa;border:1px solid #ddd;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
.failure h3{font-family:ui-monospace,monospace;font-size:.95rem}.where{color:#555;margin:.2rem 0}
footer{margin-top:2rem;color:#666;font-size:.85rem}
`;
