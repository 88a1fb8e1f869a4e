import { describe, expect, it } from 'vitest';
import { redact, registerSecret } from '../../lib/http/redact.js';

describe('redact', () => {
  it('replaces every occurrence of a registered secret', () => {
    registerSecret('s3cret-key');
    expect(redact('key s3cret-key and again s3cret-keys3cret-key')).toBe(
      'key [redacted] and again [redacted][redacted]',
    );
  });

  it('registers nothing shorter than four characters, nor an absent key', () => {
    registerSecret('abc');
    registerSecret(undefined);
    registerSecret('');
    expect(redact('abc abcd')).toBe('abc abcd');
    registerSecret('abcd');
    expect(redact('abc abcd')).toBe('abc [redacted]');
  });
});
