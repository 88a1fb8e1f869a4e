import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../lib/http/redact.js';
import {
  checkDetail,
  escapeAttribute,
  escapeMarkup,
  failureHeading,
  firstLine,
  legal,
  plural,
  seconds,
  selectionText,
  verdictLine,
  verdictText,
  waivedLine,
  withRedaction,
} from '../../lib/report/text.js';
import type { RunResult } from '../../lib/result/model.js';
import { COVERING, ERRORED, FAILED, META, PASSED, PROPERTY, SKIPPED, sampleRun, stoppedRun } from './sample.js';
import { summarise } from '../../lib/result/aggregate.js';

describe('legal', () => {
  it('writes characters no report may carry as \\uXXXX', () => {
    expect(legal('a\u0000b\u001bc\u007f')).toBe('a\\u0000b\\u001bc\u007f');
    expect(legal('\uFFFE\uFFFF\uD800')).toBe('\\ufffe\\uffff\\ud800');
  });

  it('keeps tab, line breaks and every legal character, astral ones included', () => {
    const text = '\t\n\r \u00e9\uD7FF\uE000\uFFFD\u{10000}\u{1F389}\u{10FFFF}';
    expect(legal(text)).toBe(text);
  });
});

describe('escapeMarkup', () => {
  it('escapes &, < and > (so `]]>` cannot appear), and leaves quotes as they are', () => {
    expect(escapeMarkup(`<a href="x">&amp;]]>'`)).toBe(`&lt;a href="x"&gt;&amp;amp;]]&gt;'`);
  });

  it('escapes after making the text legal', () => {
    expect(escapeMarkup('\u0001<')).toBe('\\u0001&lt;');
  });
});

describe('escapeAttribute', () => {
  it('escapes quotes too, and keeps tabs and line breaks as character references', () => {
    expect(escapeAttribute(`a"b'c<d>&\te\nf\rg`)).toBe('a&quot;b&#39;c&lt;d&gt;&amp;&#9;e&#10;f&#13;g');
  });
});

describe('firstLine, seconds, plural', () => {
  it('takes the text up to the first LF or CRLF', () => {
    expect(firstLine('one\r\ntwo')).toBe('one');
    expect(firstLine('one\ntwo')).toBe('one');
    expect(firstLine('only')).toBe('only');
    expect(firstLine(undefined)).toBe('');
  });

  it('writes milliseconds as seconds to three places, never negative', () => {
    expect(seconds(4321)).toBe('4.321');
    expect(seconds(0.4)).toBe('0.000');
    expect(seconds(-5)).toBe('0.000');
  });

  it('adds an s except for one', () => {
    expect([0, 1, 2].map((n) => plural(n, 'check'))).toEqual(['0 checks', '1 check', '2 checks']);
  });
});

describe('withRedaction', () => {
  it('redacts the run before rendering, so escaping cannot disguise a secret, and the output after', () => {
    registerSecret('k&y-secret');
    const run = sampleRun([
      {
        ...FAILED,
        message: 'echoed k&y-secret',
        evidence: { ...FAILED.evidence!, responseHeaders: { 'k&y-secret': 'x' } },
      },
    ]);
    const html = withRedaction(run, (clean) => escapeMarkup(JSON.stringify(clean.checks)));
    expect(html).not.toMatch(/k&(amp;)?y-secret/);
    expect(html).toContain('echoed [redacted]');
    expect(withRedaction(run, () => 'rendered k&y-secret')).toBe('rendered [redacted]');
  });
});

describe('failureHeading', () => {
  it('names the violated ids, else those the check verifies, else only the title', () => {
    expect(failureHeading(FAILED)).toBe('FAIL [MUTATION-DELETE-IDEMPOTENT] deleting a deleted mutation succeeds');
    expect(failureHeading({ ...FAILED, violated: ['SCHEMA-CANONICAL'] })).toBe(
      'FAIL [SCHEMA-CANONICAL] deleting a deleted mutation succeeds',
    );
    expect(failureHeading({ ...FAILED, violated: [] })).toBe(
      'FAIL [MUTATION-DELETE-IDEMPOTENT] deleting a deleted mutation succeeds',
    );
    expect(failureHeading({ ...ERRORED, requirements: [] })).toBe('ERROR an agent is fetched by id');
  });

  it('says when a failure is waived', () => {
    expect(failureHeading({ ...FAILED, waived: { by: ['MUTATION-DELETE-IDEMPOTENT'], reason: 'known' } })).toMatch(
      /^FAIL \(WAIVED\) \[/,
    );
  });
});

describe('checkDetail', () => {
  it('gives the message, the violated ids and the evidence, the key only as $API_KEY', () => {
    const detail = checkDetail({
      ...FAILED,
      evidence: { ...FAILED.evidence!, requestHeaders: { 'x-api-key': 'leaked' } },
    });
    expect(detail).toContain(
      'the second DELETE answered 404\nexpected a success, as for the first\nviolated: MUTATION-DELETE-IDEMPOTENT\n\nrequest:  DELETE ',
    );
    expect(detail).toContain(
      '  x-api-key: $API_KEY\nresponse: 404\n  content-type: application/json\n  body: {"error"',
    );
    expect(detail).not.toContain('leaked');
    expect(detail).toMatch(/\nreplay: {3}curl -sS/);
    expect(detail).toContain('\n          (Replay lines read the key from $API_KEY: first `export API_KEY=...`');
  });

  it('names no violation for an error, and a seed (with its path) to reproduce', () => {
    expect(checkDetail({ ...ERRORED, seed: 42 })).toBe(
      'request timed out after 10000 ms\n    at Client.send (lib/http/client.ts:42:7)\nreproduce: SEED=42',
    );
    expect(checkDetail({ ...PROPERTY, outcome: 'fail', message: 'm' })).toBe(
      'm\nviolated: AGENT-DISPLAY-NAME, SCHEMA-PUBLISHED\nreproduce: SEED=-1234567 (path 3:1:0)',
    );
  });

  it('says when no message or requirement was given, and shows a response that never came', () => {
    const detail = checkDetail({
      ...FAILED,
      message: undefined,
      requirements: [],
      violated: undefined,
      evidence: { ...FAILED.evidence!, status: undefined, responseHeaders: undefined },
    });
    expect(detail).toMatch(/^\(no message\)\nviolated: \(no requirement named\)\n/);
    expect(detail).toContain('\nresponse: none received\n');
  });
});

describe('waivedLine', () => {
  it('names the entries, the expiry when there is one, and the reason', () => {
    expect(waivedLine({ by: ['A', 'check x'], reason: 'known', expires: '2026-12-31' })).toBe(
      'waived (A, check x, until 2026-12-31): known',
    );
    expect(waivedLine({ by: ['A'], reason: 'known' })).toBe('waived (A): known');
  });
});

describe('selectionText', () => {
  const selected = (selection: RunResult['selection']): RunResult => ({ ...sampleRun(), selection });

  it('is empty for the whole suite', () => {
    expect(selectionText(sampleRun())).toBe('');
  });

  it('names each thing that narrowed the run, in order', () => {
    expect(
      selectionText(selected({ only: ['auth', 'agents'], exclude: ['lists'], shards: ['1/2'], readOnly: true })),
    ).toBe(' (--only auth,agents; --exclude lists; --shard 1/2; read-only)');
    expect(selectionText(selected({ only: [], shards: [], readOnly: true }))).toBe(' (read-only)');
  });
});

describe('verdictText', () => {
  const label = (run: RunResult) => verdictText(run).label;

  it('is CONFORMANT only when every required requirement passed', () => {
    expect(verdictText(summarise(COVERING, META))).toEqual({
      label: 'CONFORMANT',
      detail: `${COVERING.length} checks passed, 0 skipped; every required requirement verified`,
    });
  });

  it('is NOT CONFORMANT for a violation, and for errors without one', () => {
    expect(verdictText(sampleRun())).toEqual({
      label: 'NOT CONFORMANT',
      detail: '1 check found a rule violated; 1 errored',
    });
    expect(verdictText(sampleRun([...COVERING, ERRORED])).detail).toBe(
      'no rule violation found, but 1 check errored, so conformance is not established',
    );
  });

  it('is a partial run when requirements went unverified or a failure was waived', () => {
    expect(label(sampleRun([PASSED, SKIPPED]))).toBe('PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT');
    expect(verdictText(sampleRun([PASSED, SKIPPED])).detail).toMatch(
      /^1 check passed, 1 skipped, none failed; but \d+ required requirements were not verified, so/,
    );
    const waived = sampleRun([
      ...COVERING,
      { ...FAILED, waived: { by: ['MUTATION-DELETE-IDEMPOTENT'], reason: 'known' } },
    ]);
    expect(verdictText(waived).detail).toMatch(
      /, 1 check failed, all waived; but 1 required requirement was not verified, so/,
    );
    expect(verdictText({ ...waived, untested: [] }).detail).toMatch(
      /, 1 check failed, all waived: a waived failure is not a verified rule, so/,
    );
  });

  it('says a run stopped, was throttled or interrupted, whatever its checks', () => {
    expect(verdictText(stoppedRun())).toEqual({
      label: 'STOPPED',
      detail: 'the run stopped (unauthenticated): the target rejected API_KEY (401 UNAUTHENTICATED)',
    });
    expect(verdictText(stoppedRun({ kind: 'throttled', message: 'only 429' }))).toEqual({
      label: 'STOPPED: THROTTLED',
      detail: 'only 429',
    });
    expect(
      verdictText(summarise([PASSED], { ...META, stop: { kind: 'throttled', message: 'only 429' } })).detail,
    ).toMatch(/^only 429; 1 check passed, 0 failed/);
    expect(verdictText(summarise([PASSED], { ...META, stop: { kind: 'interrupted', message: 'SIGINT' } })).detail).toBe(
      'SIGINT; 1 check passed, 0 failed, 0 errored, 0 skipped before it stopped (checks not finished are reported as not run): conformance is not established',
    );
  });
});

describe('verdictLine', () => {
  it('gives the label, painted, and the exit code; the embedded reference says so', () => {
    expect(verdictLine(sampleRun())).toBe('NOT CONFORMANT (exit code 1)');
    const embedded = summarise(COVERING, { ...META, target: { baseUrl: null, embedded: true } });
    expect(verdictLine(embedded, (l) => `*${l}*`)).toBe(
      '*CONFORMANT* against the embedded reference service, no target named (exit code 0)',
    );
  });
});
