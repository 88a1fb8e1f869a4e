// lib/assert/evidence.ts: how an exchange is shown in a failure (request, response excerpt,
// replay line), the key never shown, even when a server echoes it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeExchange, excerpt, requestEvidence, toEvidence } from '../../lib/assert/evidence.js';
import type { Exchange, RecordedRequest } from '../../lib/http/exchange.js';
import { registerSecret } from '../../lib/http/redact.js';

// Registered once for this file (the registry is per process; vitest isolates test files).
const KEY = 'sk-evidence-test-7f3a9c';
registerSecret(KEY);

const request: RecordedRequest = {
  method: 'POST',
  url: 'http://127.0.0.1:9/v1/agents',
  headers: { 'X-API-Key': '$API_KEY', 'content-type': 'application/json' },
  body: '{"display_name":"cft"}',
};

function exchange(
  text: string,
  options: { request?: RecordedRequest; headers?: Record<string, string>; truncated?: boolean } = {},
): Exchange {
  return {
    request: options.request ?? request,
    response: {
      status: 400,
      headers: options.headers ?? { 'content-type': 'application/json' },
      text,
      json: undefined,
      truncated: options.truncated ?? false,
    },
    startedAt: 0,
    durationMs: 1,
    retries: 0,
  };
}

describe('excerpt', () => {
  it('keeps text within the limit as it is', () => {
    expect(excerpt('short')).toBe('short');
    expect(excerpt('x'.repeat(1500))).toBe('x'.repeat(1500));
  });

  it('cuts longer text at the limit and says how long it was', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, limit) => {
        const out = excerpt(text, limit);
        if (text.length <= limit) expect(out).toBe(text);
        else expect(out).toBe(`${text.slice(0, limit)}… (${text.length} characters in all)`);
      }),
      { numRuns: 100 },
    );
  });

  it('redacts before cutting, so a key across the cut never shows, not even its first half', () => {
    for (let at = 0; at <= 40; at++) {
      const text = `${'a'.repeat(at)}${KEY}${'b'.repeat(100)}`;
      const out = excerpt(text, 40);
      expect(out).not.toContain(KEY.slice(0, 8));
    }
  });
});

describe('describeExchange', () => {
  it('shows the request line, its body, the status with the content type, the response body and a replay line', () => {
    const text = describeExchange(exchange('{"error":{"code":"INVALID_ARGUMENT"}}'));
    expect(text.split('\n')).toEqual([
      'request:  POST http://127.0.0.1:9/v1/agents',
      '  body: {"display_name":"cft"}',
      'response: 400 (application/json)',
      '  body: {"error":{"code":"INVALID_ARGUMENT"}}',
      expect.stringMatching(/^replay: {3}curl .*-X POST 'http:\/\/127\.0\.0\.1:9\/v1\/agents'/),
    ]);
  });

  it('leaves out what is not there: request body, content type, response body', () => {
    const bare = describeExchange(
      exchange('', { request: { method: 'GET', url: 'http://127.0.0.1:9/v1/runs', headers: {} }, headers: {} }),
    );
    expect(bare.split('\n')).toEqual([
      'request:  GET http://127.0.0.1:9/v1/runs',
      'response: 400',
      expect.stringMatching(/^replay: {3}curl /),
    ]);
  });

  it('says when the body was cut at the size cap', () => {
    expect(describeExchange(exchange('{"a":', { truncated: true }))).toContain('{"a": [cut at the size cap]');
  });

  it('never shows the key, wherever a server echoes it', () => {
    const echoed = exchange(`{"error":{"message":"bad key ${KEY}"}}`, {
      request: {
        method: 'GET',
        url: `http://127.0.0.1:9/v1/runs?key=${KEY}`,
        headers: { 'X-API-Key': '$API_KEY' },
        body: KEY,
      },
    });
    const text = describeExchange(echoed);
    expect(text).not.toContain(KEY);
    expect(text).toContain('[redacted]');
    expect(text).toContain('$API_KEY');
  });

  it('cuts a long request body shorter than a long response body', () => {
    const long = exchange('r'.repeat(5000), { request: { ...request, body: 'q'.repeat(5000) } });
    const [, requestBody, , responseBody] = describeExchange(long).split('\n');
    expect(requestBody).toContain('(5000 characters in all)');
    expect(requestBody!.match(/q+/)![0]).toHaveLength(600);
    expect(responseBody!.match(/r+/)![0]).toHaveLength(1500);
  });
});

describe('toEvidence and requestEvidence', () => {
  it('give the request, the status, the headers and excerpts of both bodies', () => {
    const evidence = toEvidence(exchange('{"error":{}}'));
    expect(evidence).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:9/v1/agents',
      requestHeaders: request.headers,
      requestBodyExcerpt: '{"display_name":"cft"}',
      curl: expect.stringMatching(/^curl /),
      status: 400,
      responseHeaders: { 'content-type': 'application/json' },
      responseBodyExcerpt: '{"error":{}}',
    });
  });

  it('requestEvidence has no body excerpt for a request without a body', () => {
    expect(requestEvidence({ method: 'GET', url: 'http://127.0.0.1:9/v1/runs', headers: {} })).not.toHaveProperty(
      'requestBodyExcerpt',
    );
  });

  it('redact the key in the URL and both bodies', () => {
    const evidence = toEvidence(
      exchange(`echo ${KEY}`, {
        request: { ...request, url: `http://127.0.0.1:9/v1/runs?k=${KEY}`, body: `{"k":"${KEY}"}` },
      }),
    );
    expect(JSON.stringify(evidence)).not.toContain(KEY);
  });

  it('redact a key the server echoes in a response header', () => {
    const evidence = toEvidence(exchange('{}', { headers: { 'x-echo-api-key': KEY } }));
    expect(JSON.stringify(evidence)).not.toContain(KEY);
  });
});
