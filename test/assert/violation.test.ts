// lib/assert/violation.ts: a broken rule is a RuleViolation naming its requirements, with
// the exchange as evidence; it is told from every other error (a transport error, a bug).

import { describe, expect, it } from 'vitest';
import { isRuleViolation, RuleViolation, violation } from '../../lib/assert/violation.js';
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
