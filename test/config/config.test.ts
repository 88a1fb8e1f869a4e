import { describe, expect, test } from 'vitest';
import { ConfigError, parseConfig, redactedSettings } from '../../lib/config.js';

describe('parseConfig', () => {
  test('defaults without a target', () => {
    const config = parseConfig({});
    expect(config.baseUrl).toBeUndefined();
    expect(config.profile).toBe('default');
    expect(config.readOnly).toBe(false);
    expect(config.numRuns).toBe(20);
    expect(config.reportDir).toBe('reports');
    expect(config.runMarker).toMatch(/^cft-[a-z0-9]+$/);
  });

  test('a target needs a key', () => {
    expect(() => parseConfig({ BASE_URL: 'http://127.0.0.1:1' })).toThrow(ConfigError);
  });

  test.each([
    [{ BASE_URL: 'not a url', API_KEY: 'k' }, /BASE_URL is not a URL/],
    [{ BASE_URL: 'ftp://x', API_KEY: 'k' }, /http or https/],
    [{ BASE_URL: 'http://user:pw@h', API_KEY: 'k' }, /credentials/],
    [{ PROFILE: 'lenient' }, /PROFILE must be one of/],
    [{ READ_ONLY: 'maybe' }, /READ_ONLY must be true or false/],
    [{ NUM_RUNS: '0' }, /NUM_RUNS must be an integer/],
    [{ SEED: '1.5' }, /SEED must be an integer/],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  test('trailing slashes are dropped and settings are read', () => {
    const config = parseConfig({ BASE_URL: 'http://127.0.0.1:8787/', API_KEY: 'secret-key', READ_ONLY: 'true', PROFILE: 'strict', SEED: '42' });
    expect(config).toMatchObject({ baseUrl: 'http://127.0.0.1:8787', readOnly: true, profile: 'strict', seed: 42 });
  });

  test('the key never appears in the redacted settings', () => {
    const shown = redactedSettings(parseConfig({ BASE_URL: 'http://127.0.0.1:1', API_KEY: 'secret-key' }));
    expect(JSON.stringify(shown)).not.toContain('secret-key');
    expect(shown['apiKey']).toBe('[redacted]');
  });
});
