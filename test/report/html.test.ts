import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../lib/http/redact.js';
import { toHtml } from '../../lib/report/html.js';
import { COVERING, FAILED, PASSED, SKIPPED, sampleRun, stoppedRun } from './sample.js';

const elementText = (html: string, id: string): string => {
  const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return (match?.[2] ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
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

  it('expands each failure with its evidence and replay line', () => {
    const html = toHtml(sampleRun());
    const article = /<article class="failure fail" id="(check-\d+)">([\s\S]*?)<\/article>/.exec(html);
    expect(article?.[2]).toContain('<pre>the second DELETE answered 404');
    expect(article?.[2]).toContain(`replay:   curl -sS -i -X DELETE '${FAILED.evidence?.url}'`);
    expect(html).toContain(`<a href="#${article?.[1]}">deleting a deleted mutation succeeds</a>`);
  });

  it('fills the requirement matrix: pass, fail, skipped with reason, not applicable', () => {
    const html = toHtml(sampleRun());
    expect(html).toMatch(/<tr class="pass"><td><code>AGENT-CREATE<\/code>[\s\S]*?pass <small>/);
    expect(html).toMatch(/<tr class="fail"><td><code>MUTATION-DELETE-IDEMPOTENT<\/code>[\s\S]*?<td>MUST<\/td><td>fail: /);
    expect(html).toContain(`skipped: ${SKIPPED.skipReason}`);
    expect(html).toMatch(/<code>MUTATION-EXPLICIT-DEFAULTS<\/code>[\s\S]*?<td>SHOULD<\/td><td>not applicable \(strict profile only\)/);
    expect(html).toMatch(/<code>AGENT-PROMPT<\/code>[\s\S]*?<td>MUST<\/td><td>not tested/);
  });

  it('escapes all text and never writes a registered secret', () => {
    const secret = 'sk-<b>&secret';
    registerSecret(secret);
    const html = toHtml(sampleRun([{ ...FAILED, title: '<script>alert(1)</script>', message: `bad ${secret} <img src=x>` }]));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('secret');
    expect(html).toContain('bad [redacted] &lt;img src=x&gt;');
  });
});
