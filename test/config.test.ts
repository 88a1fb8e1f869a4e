import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import {
  ConfigError,
  DEFAULT_SEED,
  asGiven,
  loadDotenv,
  parseConfig,
  redactedSettings,
  settingLookalikes,
  settingText,
} from '../lib/config.js';

describe('parseConfig', () => {
  test('defaults without a target', () => {
    const config = parseConfig({});
    expect(config.baseUrl).toBeUndefined();
    expect(config.profile).toBe('default');
    expect(config.readOnly).toBe(false);
    expect(config.numRuns).toBe(20);
    expect(config.reportDir).toBe('reports');
    expect(config.runMarker).toMatch(/^cft-[a-z0-9]+$/);
    expect(config.seed).toBe(DEFAULT_SEED);
  });

  test.each([
    [{ BASE_URL: '' }, /^BASE_URL is set but empty: no target is named/],
    [{ BASE_URL: '  ', API_KEY: 'k' }, /^BASE_URL is set but empty: no target is named/],
    [{ API_KEY: 'k' }, /^API_KEY is set but BASE_URL is not: no target is named/],
    [{ API_KEY: '' }, /^API_KEY is set but BASE_URL is not/],
    [{ DASHBOARD_ID: 'd', CANCELLABLE_RUN_ID: 'r' }, /^DASHBOARD_ID, CANCELLABLE_RUN_ID are set but BASE_URL is not/],
  ])(
    'a target setting without a target (%o) stops the run: the embedded reference is only for no target setting at all',
    (env, message) => {
      expect(() => parseConfig(env)).toThrow(message);
    },
  );

  test('the seed is fixed by default, drawn with SEED=random (and marked so), and taken as given otherwise', () => {
    expect(parseConfig({}).seed).toBe(parseConfig({}).seed);
    expect(parseConfig({}).seedDrawn).toBeUndefined();
    const drawn = parseConfig({ SEED: 'random' });
    expect(drawn.seedDrawn).toBe(true);
    expect(Number.isInteger(drawn.seed)).toBe(true);
    expect(parseConfig({ SEED: '-123' }).seed).toBe(-123);
    expect(redactedSettings(drawn)).not.toHaveProperty('seedDrawn');
  });

  test('an enumerated setting is taken in any case', () => {
    expect(parseConfig({ PROFILE: 'Strict' }).profile).toBe('strict');
    expect(parseConfig({ PROFILE: 'DEFAULT' }).profile).toBe('default');
  });

  test('a target needs a key', () => {
    expect(() => parseConfig({ BASE_URL: 'http://127.0.0.1:1' })).toThrow(ConfigError);
  });

  test.each([
    [{ BASE_URL: 'http://exa mple.com', API_KEY: 'k' }, /BASE_URL is not a URL/],
    [{ BASE_URL: 'not a url', API_KEY: 'k' }, /BASE_URL has no http:\/\/ or https:\/\/ in front/],
    [{ BASE_URL: 'localhost:8787', API_KEY: 'k' }, /did you mean http:\/\/localhost:8787\?/],
    [{ BASE_URL: '127.0.0.1:8787', API_KEY: 'k' }, /did you mean http:\/\/127\.0\.0\.1:8787\?/],
    [{ BASE_URL: 'ftp://x', API_KEY: 'k' }, /http or https/],
    [{ BASE_URL: 'http://user:pw@h', API_KEY: 'k' }, /credentials/],
    [{ PROFILE: 'lenient' }, /PROFILE must be one of/],
    [{ READ_ONLY: 'maybe' }, /READ_ONLY must be true or false/],
    [{ NUM_RUNS: '0' }, /NUM_RUNS must be an integer/],
    [{ SEED: '1.5' }, /SEED must be an integer/],
    [{ RATE_LIMIT: '0' }, /RATE_LIMIT must be an integer from 1/],
    [{ THROTTLE_GIVE_UP_MS: '10' }, /THROTTLE_GIVE_UP_MS must be an integer from 1000/],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  test('every bad or missing value is reported at once, one a line, in the order of the settings table', () => {
    expect(() =>
      parseConfig({ BASE_URL: 'localhost:8787', PROFILE: 'lax', NUM_RUNS: '0', CONCURRENCY: 'many' }),
    ).toThrow(
      new ConfigError(
        [
          'BASE_URL has no http:// or https:// in front: "localhost:8787" (did you mean http://localhost:8787?).',
          'PROFILE must be one of default, strict, not "lax".',
          'NUM_RUNS must be an integer from 1 to 100000, not "0".',
          'CONCURRENCY must be an integer from 1 to 1024, not "many".',
          'API_KEY is not set: the target at BASE_URL needs a valid organisation key (set API_KEY in the environment or .env).',
        ].join('\n'),
      ),
    );
    expect(() => parseConfig({ API_KEY: 'k', SEED: 'x' })).toThrow(
      /^API_KEY is set but BASE_URL is not: .*\nSEED must be an integer/,
    );
  });

  test('the runs the suite may delete are read, and absent by default', () => {
    const target = { BASE_URL: 'http://127.0.0.1:1', API_KEY: 'k' };
    expect(
      parseConfig({ ...target, DELETABLE_RUN_ID: ' finished-run ', CANCELLABLE_RUN_ID: 'running-run' }),
    ).toMatchObject({ deletableRunId: 'finished-run', cancellableRunIds: ['running-run'] });
    expect(parseConfig({ ...target, CANCELLABLE_RUN_ID: '' })).toMatchObject({
      deletableRunId: undefined,
      cancellableRunIds: undefined,
    });
    expect(
      parseConfig({ ...target, CANCELLABLE_RUN_ID: 'r1, r2', DELETABLE_SCHEDULED_RUN_ID: 's1,s2,s3' }),
    ).toMatchObject({ cancellableRunIds: ['r1', 'r2'], deletableScheduledRunIds: ['s1', 's2', 's3'] });
    expect(() => parseConfig({ ...target, CANCELLABLE_RUN_ID: 'r1,r1' })).toThrow(
      /^CANCELLABLE_RUN_ID names "r1" twice/,
    );
  });

  test('trailing slashes are dropped and settings are read', () => {
    const config = parseConfig({
      BASE_URL: 'http://127.0.0.1:8787/',
      API_KEY: 'secret-key',
      READ_ONLY: 'true',
      PROFILE: 'strict',
      SEED: '42',
    });
    expect(config).toMatchObject({ baseUrl: 'http://127.0.0.1:8787', readOnly: true, profile: 'strict', seed: 42 });
  });

  test.each([
    ['http://127.0.0.1:8787/v1', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/v1/', 'http://127.0.0.1:8787'],
    ['https://api.example.com/eval/v1', 'https://api.example.com/eval'],
  ])('a BASE_URL ending in /v1 (%s) is used without it, and a notice says so', (given, used) => {
    const config = parseConfig({ BASE_URL: given, API_KEY: 'k' });
    expect(config.baseUrl).toBe(used);
    expect(config.baseUrlNotice).toBe(`BASE_URL ends in /v1: the suite appends /v1 itself, so it uses ${used}`);
    // The notice is for the console, not a setting of the reports.
    expect(Object.keys(redactedSettings(config))).not.toContain('baseUrlNotice');
  });

  test.each([
    'http://127.0.0.1:8787',
    'http://127.0.0.1:8787/api',
    'http://127.0.0.1:8787/v10',
    'http://127.0.0.1:8787/?next=/v1',
  ])('%s is used as given, without a notice', (given) => {
    const config = parseConfig({ BASE_URL: given, API_KEY: 'k' });
    expect(config.baseUrl).toBe(given);
    expect(config.baseUrlNotice).toBeUndefined();
  });

  test('no rate by default, and a minute of nothing but back-pressure before a run gives up', () => {
    expect(parseConfig({ RATE_LIMIT: '' })).toMatchObject({ rateLimit: undefined, throttleGiveUpMs: 60_000 });
    expect(parseConfig({ RATE_LIMIT: '30', THROTTLE_GIVE_UP_MS: '5000' })).toMatchObject({
      rateLimit: 30,
      throttleGiveUpMs: 5000,
    });
  });

  test('the key never appears in the redacted settings', () => {
    const shown = redactedSettings(parseConfig({ BASE_URL: 'http://127.0.0.1:1', API_KEY: 'secret-key' }));
    expect(JSON.stringify(shown)).not.toContain('secret-key');
    expect(shown['apiKey']).toBe('[redacted]');
  });
});

describe('settingText', () => {
  it('reads a setting as parseConfig does: trimmed, empty as unset, then its default', () => {
    expect(settingText({ REPORT_DIR: ' out ' }, 'REPORT_DIR')).toBe('out');
    expect(settingText({ REPORT_DIR: '' }, 'REPORT_DIR')).toBe(parseConfig({ REPORT_DIR: '' }).reportDir);
    expect(settingText({}, 'WAIVERS')).toBeUndefined();
  });
});

describe('asGiven', () => {
  it('names the leading setting as the user gave it, and leaves other messages alone', () => {
    expect(asGiven('NUM_RUNS must be an integer from 1 to 100000, not "0".', { NUM_RUNS: '--runs' })).toBe(
      '--runs must be an integer from 1 to 100000, not "0".',
    );
    expect(asGiven('BASE_URL is not a URL: "x"', { BASE_URL: '--base-url' })).toBe('--base-url is not a URL: "x"');
    expect(asGiven('NUM_RUNS must be an integer', {})).toBe('NUM_RUNS must be an integer');
    expect(asGiven('PROFILE must be one of default, strict', { NUM_RUNS: '--runs' })).toBe(
      'PROFILE must be one of default, strict',
    );
    expect(asGiven('PROFILE must be one of default, strict\nNUM_RUNS must be an integer', { NUM_RUNS: '--runs' })).toBe(
      'PROFILE must be one of default, strict\n--runs must be an integer',
    );
  });
});

describe('settingLookalikes', () => {
  test('a key that looks like a setting but is none is named with the setting it resembles', () => {
    expect(settingLookalikes({ BASE_ULR: '', APIKEY: 'k', base_url: 'x', NUM_RUN: '3', SEEDS: '1' })).toEqual([
      'BASE_ULR is not a setting; did you mean BASE_URL? (BASE_ULR is ignored)',
      'APIKEY is not a setting; did you mean API_KEY? (APIKEY is ignored)',
      'base_url is not a setting; did you mean BASE_URL? (base_url is ignored)',
      'NUM_RUN is not a setting; did you mean NUM_RUNS? (NUM_RUN is ignored)',
      'SEEDS is not a setting; did you mean SEED? (SEEDS is ignored)',
    ]);
  });

  test('the settings themselves and the rest of an environment (CI, shells, images) give no warning', () => {
    const names = [
      'BASE_URL',
      'API_KEY',
      'PROFILE',
      'SEED',
      'PATH',
      'HOME',
      'PWD',
      'OLDPWD',
      'SHELL',
      'USER',
      'LANG',
      'LC_ALL',
      'TERM',
      'HOSTNAME',
      'SHLVL',
      'TMPDIR',
      'TZ',
      'CI',
      'GITHUB_ACTIONS',
      'GITHUB_SHA',
      'RUNNER_TEMP',
      'NODE_ENV',
      'NODE_OPTIONS',
      'NODE_VERSION',
      'GPG_KEY',
      'PYTHON_VERSION',
      'JAVA_HOME',
      'MODE',
      'DEV',
      'PROD',
      'SSR',
      'TEST',
      'VITEST',
      'INIT_CWD',
      'COLUMNS',
      'FORCE_COLOR',
      'NO_COLOR',
      'DEBUG',
      'PORT',
      'HOST',
      'AES_RUN_MARKER',
    ];
    expect(settingLookalikes(Object.fromEntries(names.map((name) => [name, 'x'])))).toEqual([]);
  });
});

describe('loadDotenv', () => {
  test('reads .env of the working directory once, never over what the environment already sets', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aes-dotenv-'));
    const [cwd, names] = [process.cwd(), ['AES_DOTENV_TEST_NEW', 'AES_DOTENV_TEST_SET', 'AES_DOTENV_TEST_LATER']];
    try {
      writeFileSync(join(dir, '.env'), 'AES_DOTENV_TEST_NEW=from-file\nAES_DOTENV_TEST_SET=from-file\n');
      process.env['AES_DOTENV_TEST_SET'] = 'from-environment';
      process.chdir(dir);
      loadDotenv();
      expect(process.env['AES_DOTENV_TEST_NEW']).toBe('from-file');
      expect(process.env['AES_DOTENV_TEST_SET']).toBe('from-environment');
      writeFileSync(join(dir, '.env'), 'AES_DOTENV_TEST_LATER=from-file\n');
      loadDotenv();
      expect(process.env['AES_DOTENV_TEST_LATER']).toBeUndefined();
    } finally {
      process.chdir(cwd);
      for (const name of names) delete process.env[name];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
