// lib/assert/violation.ts: a broken rule is a RuleViolation naming its requirements, with
// the exchange as evidence; it is told from every other error (a transport error, a bug).

import { describe, expect, it } from 'vitest';
import { isRuleViolation, offendingValues, RuleViolation, violation } from '../../lib/assert/violation.js';
import { registerSecret } from '../../lib/http/redact.js';
import { TransportError, type Exchange } from '../../lib/http/exchange.js';

const exchange: Exchange = {
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:9/v1/agents',
    headers: { 'X-API-Key': '$API_KEY' },
    body: '{"display_name":""}',
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: '{"agent":{}}',
    json: { agent: {} },
    truncated: false,
  },
  startedAt: 0,
  durationMs: 1,
  retries: 0,
};

describe('RuleViolation', () => {
  it('carries the requirements, the summary and the exchange', () => {
    const error = new RuleViolation(
      ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
      'an empty display_name was accepted',
      exchange,
    );
    expect(error.requirements).toEqual(['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS']);
    expect(error.summary).toBe('an empty display_name was accepted');
    expect(error.exchange).toBe(exchange);
    expect(error.name).toBe('RuleViolation');
    expect(error).toBeInstanceOf(Error);
  });

  it('its message names the requirements first, then the summary, then the exchange', () => {
    const { message } = new RuleViolation(['A-RULE', 'B-RULE'], 'what broke', exchange);
    expect(message.startsWith('[A-RULE, B-RULE] what broke\n\n')).toBe(true);
    expect(message).toContain('request:  POST http://127.0.0.1:9/v1/agents');
    expect(message).toContain('response: 200');
    expect(message).toContain('replay:   curl');
  });

  it('without an exchange, the message is the requirements and the summary alone', () => {
    expect(new RuleViolation(['A-RULE'], 'what broke').message).toBe('[A-RULE] what broke');
  });
});

describe('violation', () => {
  it('throws the RuleViolation', () => {
    let thrown: unknown;
    try {
      violation(['A-RULE'], 'what broke', exchange);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RuleViolation);
    expect((thrown as RuleViolation).requirements).toEqual(['A-RULE']);
    expect((thrown as RuleViolation).exchange).toBe(exchange);
  });
});

describe('isRuleViolation', () => {
  it('is true for a RuleViolation, and for an error named so (one that crossed a module copy or a realm)', () => {
    expect(isRuleViolation(new RuleViolation(['A-RULE'], 's'))).toBe(true);
    const lookalike = new Error('[A-RULE] s');
    lookalike.name = 'RuleViolation';
    expect(isRuleViolation(lookalike)).toBe(true);
  });

  it('is false for anything else: other errors, a transport error, non-errors shaped like one', () => {
    expect(isRuleViolation(new Error('boom'))).toBe(false);
    expect(isRuleViolation(new TypeError('x is undefined'))).toBe(false);
    expect(isRuleViolation(new TransportError('connection refused', exchange.request))).toBe(false);
    expect(isRuleViolation({ name: 'RuleViolation', message: 'm', requirements: [] })).toBe(false);
    expect(isRuleViolation('RuleViolation')).toBe(false);
    expect(isRuleViolation(undefined)).toBe(false);
    expect(isRuleViolation(null)).toBe(false);
  });
});

describe('offendingValues', () => {
  const issue = (pointer: string, keyword: string, message = 'm') => ({ pointer, keyword, message });

  it('quotes the value at each issue, one a line below the first, a missing or unexpected property none', () => {
    const body = { agent: { create_time: '2026-13-01', id: 7, tags: ['a'] } };
    expect(
      offendingValues(body, [
        issue('/agent/create_time', 'format'),
        issue('/agent/id', 'type'),
        issue('/agent', 'required'),
        issue('/agent', 'additionalProperties'),
      ]),
    ).toBe('\n  got "2026-13-01" at /agent/create_time\n  got 7 at /agent/id');
    expect(offendingValues(body, [issue('/agent/nothing', 'type')])).toBe('');
    expect(offendingValues(body, [])).toBe('');
  });

  it('cuts a long value to a short excerpt, names at most three, and never shows the key', () => {
    registerSecret('violation-secret-key-1');
    const body = { a: 'x'.repeat(500), b: 'key violation-secret-key-1', c: 1, d: 2, e: 3 };
    const lines = offendingValues(
      body,
      ['/a', '/b', '/c', '/d', '/e'].map((p) => issue(p, 'type')),
    ).split('\n');
    expect(lines[1]).toBe(`  got "${'x'.repeat(59)}… at /a`);
    expect(lines[2]).toBe('  got "key [redacted]" at /b');
    expect(lines.slice(3)).toEqual(['  got 1 at /c', '  and 2 more']);
  });
});
