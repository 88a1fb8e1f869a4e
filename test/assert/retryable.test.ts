// lib/assert/retryable.ts: the refusals a client is told to retry (ABORTED, UNAVAILABLE, 429 with Retry-After),
// which a careful server may answer a write that met another at the same moment; every other answer is not one.

import { describe, expect, it } from 'vitest';
import { errorCodeOf, isRetryableRefusal } from '../../lib/assert/retryable.js';
import { exchangeOf } from '../support/exchanges.js';

const error = (code: unknown) => JSON.stringify({ error: { code, message: 'm', details: [] } });

describe('errorCodeOf', () => {
  it("reads the code of the API's error object", () => {
    expect(errorCodeOf(exchangeOf(409, error('ABORTED')))).toBe('ABORTED');
  });

  it('is undefined without an error object, or with a code that is not text', () => {
    expect(errorCodeOf(exchangeOf(200, '{"mutation":{}}'))).toBeUndefined();
    expect(errorCodeOf(exchangeOf(500, '<html>oops</html>'))).toBeUndefined();
    expect(errorCodeOf(exchangeOf(409, error(10)))).toBeUndefined();
  });
});

describe('isRetryableRefusal', () => {
  it.each([
    [409, 'ABORTED'],
    [400, 'ABORTED'],
    [503, 'UNAVAILABLE'],
    [500, 'UNAVAILABLE'],
  ])('takes %i %s', (status, code) => {
    expect(isRetryableRefusal(exchangeOf(status, error(code)))).toBe(true);
  });

  it('takes 429 with Retry-After, whatever its body', () => {
    expect(isRetryableRefusal(exchangeOf(429, 'slow down', { headers: { 'retry-after': '1' } }))).toBe(true);
  });

  it.each([
    [404, 'NOT_FOUND'],
    [409, 'ALREADY_EXISTS'],
    [500, 'INTERNAL'],
    [409, 'FAILED_PRECONDITION'],
  ])('refuses %i %s: it claims something of the state, or is the server failing', (status, code) => {
    expect(isRetryableRefusal(exchangeOf(status, error(code)))).toBe(false);
  });

  it('refuses 429 without Retry-After, a success carrying an error code, and an error without the envelope', () => {
    expect(isRetryableRefusal(exchangeOf(429, error('RESOURCE_EXHAUSTED')))).toBe(false);
    expect(isRetryableRefusal(exchangeOf(200, error('ABORTED')))).toBe(false);
    expect(isRetryableRefusal(exchangeOf(503, 'Service Unavailable'))).toBe(false);
  });
});
