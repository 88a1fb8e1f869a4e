// lib/explore/sequence.ts: a shrunk sequence as a failure prints it: numbered requests, each with its status
// and a curl line that replays it, the key never shown.

import { describe, expect, it } from 'vitest';
import { describeSequence } from '../../lib/explore/sequence.js';
import { registerSecret } from '../../lib/http/redact.js';
import type { Exchange } from '../../lib/http/exchange.js';

const exchange = (method: string, path: string, status: number, body?: string): Exchange => ({
  request: {
    method,
    url: `http://127.0.0.1:8787${path}`,
    headers: { 'X-API-Key': '$API_KEY' },
    ...(body === undefined ? {} : { body }),
  },
  response: { status, headers: {}, text: '{}', json: {}, truncated: false },
  startedAt: 0,
  durationMs: 1,
  retries: 0,
});

describe('describeSequence', () => {
  it('numbers each request with its method, path, body and status, and a curl line under it', () => {
    const text = describeSequence([
      exchange('POST', '/v1/agents', 200, '{"display_name":"a"}'),
      exchange('GET', '/v1/agents/abc', 404),
    ]);
    expect(text.split('\n')).toEqual([
      '1. POST /v1/agents {"display_name":"a"} → 200',
      `   curl -sS -i -X POST 'http://127.0.0.1:8787/v1/agents' -H "X-API-Key: $API_KEY" --data-raw '{"display_name":"a"}'`,
      '2. GET /v1/agents/abc → 404',
      `   curl -sS -i -X GET 'http://127.0.0.1:8787/v1/agents/abc' -H "X-API-Key: $API_KEY"`,
    ]);
  });

  it('never shows the key, even when a body carries it', () => {
    registerSecret('sequence-secret-key');
    const text = describeSequence([exchange('POST', '/v1/agents', 200, '{"prompt":"sequence-secret-key"}')]);
    expect(text).not.toContain('sequence-secret-key');
    expect(text).toContain('[redacted]');
  });

  it('is empty for a sequence that sent nothing', () => {
    expect(describeSequence([])).toBe('');
  });
});
