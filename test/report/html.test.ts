import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../lib/http/redact.js';
import { rendered, settingName, toHtml } from '../../lib/report/html.js';
import { summarise } from '../../lib/result/aggregate.js';
import { COVERING, ERRORED, FAILED, META, PASSED, SKIPPED, sampleRun, stoppedRun } from './sample.js';

const ids = (html: string): Set<string> => new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!));
const hrefs = (html: string): string[] => [...html.matchAll(/\bhref="#([^"]*)"/g)].map((m) => m[1]!);

const elementText = (html: string, id: string): string => {
  const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return (match?.[2] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
};

describe('toHtml', () => {
  it('shows the verdict and the counts at a glance', () => {
    const html = toHtml(sampleRun());
    expect(elementText(html, 'verdict')).toContain('NOT CONFORMANT');
    expect(elementText(html, 'counts')).toBe('2 pass 1 fail 1 skip 1 error of 5 checks; exit code 1');
    expect(elementText(toHtml(sampleRun(COVERING)), 'verdict')).toMatch(/^CONFORMANT/);
    expect(elementText(toHtml(sampleRun([PASSED, SKIPPED])), 'verdict')).toMatch(/^PASSED, PARTIAL RUN/);
    expect(elementText(toHtml(stoppedRun()), 'verdict')).toContain('STOPPED');
    expect(toHtml(stoppedRun())).toContain('the target rejected API_KEY (401 UNAUTHENTICATED)');
  });

  it('loads nothing from elsewhere', () => {
    const html = toHtml(sampleRun());
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toMatch(/<(img|iframe|object|embed|source|video|audio)\b/i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
  });

  it("expands each failure with its evidence and replay line, and links it to its requirement's text", () => {
    const html = toHtml(sampleRun());
    const failure = /<details class="failure fail" id="(check-\d+)" open>([\s\S]*?)<\/details>/.exec(html);
    expect(failure?.[2]).toContain(
      '<summary><h3>FAIL [MUTATION-DELETE-IDEMPOTENT] deleting a deleted mutation succeeds</h3></summary>',
    );
    expect(failure?.[2]).toContain('<pre>the second DELETE answered 404');
    expect(failure?.[2]).toContain(`replay:   curl -sS -i -X DELETE '${FAILED.evidence?.url}'`);
    expect(failure?.[2]).toContain(
      '<a href="#req-MUTATION-DELETE-IDEMPOTENT"><code>MUTATION-DELETE-IDEMPOTENT</code></a> <small>MUST, ',
    );
    expect(html).toContain(`<a href="#${failure?.[1]}">deleting a deleted mutation succeeds</a>`);
    // The link lands on the matrix row, where the spec's words are open.
    expect(html).toMatch(
      /<tr id="req-MUTATION-DELETE-IDEMPOTENT" class="fail"><td><details class="text" open><summary>[\s\S]*?<blockquote>/,
    );
    expect(html).toMatch(/<details class="failure error" id="check-\d+" open>\s*<summary><h3>ERROR \[AGENT-GET\]/);
  });

  it('puts verdict, contents, failures and skips before the requirement matrix, and every in-page link resolves', () => {
    const html = toHtml(sampleRun());
    const order = [
      'id="verdict"',
      'id="contents"',
      'id="failures"',
      'id="skips"',
      'id="requirements"',
      'id="settings"',
      'id="timing"',
      'id="untestable"',
    ].map((marker) => html.indexOf(marker));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const contents = /<nav id="contents"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(hrefs(contents)).toEqual([
      'failures',
      'untested',
      'skips',
      'requirements',
      'settings',
      'timing',
      'untestable',
    ]);
    const present = ids(html);
    for (const run of [sampleRun(), sampleRun(COVERING), stoppedRun()]) {
      const page = toHtml(run);
      const targets = ids(page);
      for (const href of hrefs(page)) expect(targets, href).toContain(href);
    }
    for (const r of sampleRun().requirements) expect(present).toContain(`req-${r.id}`);
    // Skips grouped by reason, folded.
    expect(html).toMatch(
      new RegExp(
        `<section id="skips">[\\s\\S]*?<details><summary>1 check: ${SKIPPED.skipReason}</summary>\\s*<ul><li>\\[SCHEDULED-RUN-GET\\]`,
      ),
    );
  });

  it("folds causes past the first three, and long lists of a cause's other checks", () => {
    const many = Array.from({ length: 5 }, (_, i) => ({
      ...FAILED,
      id: `f${i}`,
      message: `cause number ${'x'.repeat(i + 1)}`,
    }));
    const html = toHtml(sampleRun(many));
    expect(html.match(/<details class="failure fail" id="check-\d+" open>/g)).toHaveLength(3);
    expect(html.match(/<details class="failure fail" id="check-\d+">/g)).toHaveLength(2);
    const same = Array.from({ length: 8 }, (_, i) => ({ ...FAILED, id: `s${i}`, name: `${FAILED.name} ${i}` }));
    const folded = toHtml(sampleRun(same));
    expect(folded).toContain('<details class="also"><summary>8 checks failed for this cause; the other 7</summary>');
    expect(toHtml(sampleRun(same.slice(0, 3)))).toContain('<p>3 checks failed for this cause; the others:</p>');
    // The matrix links the first failing check and folds the rest.
    expect(folded).toMatch(
      /<td>fail: <a href="#check-1">[^<]*<\/a><details><summary>and 7 more<\/summary><a href="#check-2">/,
    );
  });

  it('renders the requirement texts: backticks as code, the spec quote and the decision', () => {
    expect(rendered('`GET /v1/openapi` lists `spec_name` <values> & a lone ` tick')).toBe(
      '<code>GET /v1/openapi</code> lists <code>spec_name</code> &lt;values&gt; &amp; a lone ` tick',
    );
    const html = toHtml(sampleRun());
    const row = /<tr id="req-SPEC-LISTING"[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
    expect(row).toContain('<small class="section">Specification endpoints</small>');
    expect(row).toContain('<code>GET /v1/openapi</code> lists the available spec_name values with their URLs.');
    expect(row).toContain(
      '<blockquote>GET /v1/openapi: the available <code>spec_name</code> values with their URLs</blockquote>',
    );
    expect(row).toContain('<p class="decision"><b>Decision:</b> The listing&#39;s shape'.replace('&#39;', "'"));
    expect(html).not.toMatch(/<(td|summary|blockquote)>[^<]*`/);
  });

  it('fills the requirement matrix: pass (expandable to its checks), fail, skipped with reason, not applicable', () => {
    const html = toHtml(sampleRun());
    expect(html).toMatch(
      /<tr id="req-AGENT-CREATE" class="pass"><td><details class="text"><summary><code>AGENT-CREATE<\/code>[\s\S]*?<td><details><summary>pass <small>\(1 check\)<\/small><\/summary><ul class="checks"><li>creating an agent returns it <small>agents<\/small><\/li><\/ul><\/details>/,
    );
    expect(html).toMatch(/<tr id="req-MUTATION-DELETE-IDEMPOTENT" class="fail">[\s\S]*?<td>MUST<\/td><td>fail: /);
    expect(html).toContain(`skipped: ${SKIPPED.skipReason}`);
    expect(html).toMatch(
      /<code>MUTATION-EXPLICIT-DEFAULTS<\/code>[\s\S]*?<td>SHOULD<\/td><td>not applicable \(strict profile only\)/,
    );
    expect(html).toMatch(/<code>AGENT-PROMPT<\/code>[\s\S]*?<td>MUST<\/td><td>not tested/);
  });

  it('shows the settings under their environment variable names, the key redacted', () => {
    expect(
      [
        'baseUrl',
        'apiKey',
        'requestTimeoutMs',
        'deletableScheduledRunIds',
        'runMarker',
        'PROFILE',
        'somethingElse',
      ].map(settingName),
    ).toEqual([
      'BASE_URL',
      'API_KEY',
      'REQUEST_TIMEOUT_MS',
      'DELETABLE_SCHEDULED_RUN_ID',
      'AES_RUN_MARKER',
      'PROFILE',
      'somethingElse',
    ]);
    const settings = { profile: 'strict', apiKey: 'not-shown', baseUrl: 'http://127.0.0.1:8787', numRuns: '20' };
    const html = toHtml(summarise([PASSED, ERRORED], { ...META, settings }));
    const section = /<section id="settings">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const names = [...section.matchAll(/<th scope="row"><code>([A-Z_]+)<\/code><\/th><td>([^<]*)<\/td>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(names).toEqual([
      ['BASE_URL', 'http://127.0.0.1:8787'],
      ['API_KEY', '[redacted]'],
      ['PROFILE', 'strict'],
      ['NUM_RUNS', '20'],
    ]);
    expect(section).not.toContain('not-shown');
    expect(section).not.toMatch(/baseUrl|apiKey/);
  });

  it('escapes all text and never writes a registered secret', () => {
    const secret = 'sk-<b>&secret';
    registerSecret(secret);
    const html = toHtml(
      sampleRun([{ ...FAILED, title: '<script>alert(1)</script>', message: `bad ${secret} <img src=x>` }]),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Not even a piece of it (the catalog's own text says "secret", so the pieces are looked for).
    expect(html).not.toMatch(/sk-(<|&lt;)b|&(amp;)?secret/);
    expect(html).toContain('bad [redacted] &lt;img src=x&gt;');
  });

  it('heads one cause seen at several places by its rule and lists the places; a requirement its checks failed before verifying is not verified, never skipped', () => {
    const at = (id: string, where: string): typeof FAILED => ({
      ...FAILED,
      id,
      requirements: ['AGENT-GET'],
      violated: ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC'],
      where,
      message: `[SCHEMA-CANONICAL, TIMESTAMP-ISO-UTC] ${where}: must match format "iso-utc"`,
    });
    const html = toHtml(
      sampleRun([
        at('a', 'POST /v1/agents /agent/create_time'),
        at('b', 'GET /v1/agents/{agent_id} /agent/create_time'),
      ]),
    );
    expect(html).toContain('<h3>FAIL [TIMESTAMP-ISO-UTC] must match format "iso-utc"</h3>');
    expect(html).toContain('<p class="places">seen at 2 places:</p>');
    expect(html).toContain('<li><code>GET /v1/agents/{agent_id} /agent/create_time</code></li>');
    expect(html).toMatch(
      /<tr id="req-AGENT-GET" class="stopped">.*not verified: its checks failed on <a href="#req-SCHEMA-CANONICAL"><code>SCHEMA-CANONICAL<\/code><\/a>, <a href="#req-TIMESTAMP-ISO-UTC"><code>TIMESTAMP-ISO-UTC<\/code><\/a> first/,
    );
    expect(html).not.toContain('no reason given');
  });
});

it('monospace bodies wrap where they must, not inside every word', () => {
  const html = toHtml(sampleRun());
  expect(html).toContain('white-space:pre-wrap;overflow-wrap:anywhere');
  expect(html).not.toContain('word-break:break-all');
});
