import { describe, expect, it, test } from 'vitest';
import { colourWanted, HELP, parseCli } from '../../lib/cli/args.js';
import { parseConfig, type Setting, SETTINGS } from '../../lib/config.js';

/** A value each setting accepts, other than its default; a switch's is `true`. */
const SAMPLES: Readonly<Record<string, string>> = {
  BASE_URL: 'http://127.0.0.1:8787/v1',
  API_KEY: 'k',
  SCHEDULED_RUN_ID: 's',
  DASHBOARD_ID: 'd',
  DELETABLE_PERSONA_ID: 'p',
  DELETABLE_RUN_ID: 'r',
  CANCELLABLE_RUN_ID: 'c',
  DELETABLE_SCHEDULED_RUN_ID: 'ds',
  REPORT_DIR: 'out',
  PROFILE: 'strict',
  READ_ONLY: 'true',
  PUBLISHED_WRITES: 'true',
  SEED: '-5',
  NUM_RUNS: '3',
  EXPLORE_RUNS: '4',
  REQUEST_TIMEOUT_MS: '2500',
  RUN_TIMEOUT_MS: '60000',
  CONCURRENCY: '4',
  RATE_LIMIT: '30',
  THROTTLE_GIVE_UP_MS: '5000',
  WAIVERS: 'w.yaml',
  SIMULATOR_CONFIG_FIELD: 'sim',
  HAR: 'run.har',
  HTTP_PROXY: 'http://proxy.example:3128/',
  HTTPS_PROXY: 'http://tls-proxy.example:3128/',
  NO_PROXY: 'localhost,127.0.0.1',
  HEADERS: 'X-Gateway: open',
  SECRET_HEADERS: 'X-Tenant: t-1',
  INSECURE: 'true',
  VERBOSE: 'true',
  MAX_FAILURES: '3',
  SUMMARY_MD: 'summary.md',
};
const argsFor = (s: Setting): string[] => (s.arg ? [`--${s.option}`, SAMPLES[s.name]!] : [`--${s.option}`]);

describe('parseCli', () => {
  it('keeps every --only, repeated or comma-separated', () => {
    expect(parseCli(['--only', 'agents', '--only=auth,runs'], {}).only).toEqual(['agents', 'auth', 'runs']);
  });

  it('names an unknown option in its own words, with the closest one when it looks mistyped', () => {
    expect(() => parseCli(['--reed-only'], {})).toThrow(
      /^unknown option --reed-only \(did you mean --read-only\?\)\nRun with --help for the options\.$/,
    );
    expect(() => parseCli(['--base_url=http://x'], {})).toThrow(
      /^unknown option --base_url \(did you mean --base-url\?\)/,
    );
    expect(() => parseCli(['--frobnicate'], {})).toThrow(/^unknown option --frobnicate\nRun with --help/);
  });

  it('takes a negative --seed as its value, not as an option', () => {
    expect(parseCli(['--seed', '-123', '--only', 'auth'], {}).env['SEED']).toBe('-123');
    expect(parseCli(['--seed=-7'], {}).env['SEED']).toBe('-7');
    expect(parseCli(['--seed', 'random'], {}).env['SEED']).toBe('random');
  });

  it('warns of a key that looks like a setting but is none, naming the setting', () => {
    expect(parseCli([], { BASE_ULR: 'http://x', PATH: '/bin' }).warnings).toEqual([
      'BASE_ULR is not a setting; did you mean BASE_URL? (BASE_ULR is ignored)',
    ]);
  });

  it('--rate is RATE_LIMIT, and messages name the option typed', () => {
    const request = parseCli(['--rate', '25'], {});
    expect(request.env['RATE_LIMIT']).toBe('25');
    expect(request.given['RATE_LIMIT']).toBe('--rate');
  });

  test.each(SETTINGS.map((s) => [s.name, s] as const))(
    '%s has an option, which gives the Config its variable gives',
    (name, s) => {
      expect(SAMPLES[name], `a sample value of ${name} for this test`).toBeDefined();
      const request = parseCli(argsFor(s), {});
      expect(request.env[name]).toBe(SAMPLES[name]);
      expect(request.given[name]).toBe(`--${s.option}`);
      // Given over a target of its own, each sample is a change the Config shows.
      const before = { BASE_URL: 'http://127.0.0.1:1', API_KEY: 'other-key', AES_RUN_MARKER: 'cft-test' };
      const byOption = parseConfig({ ...before, ...request.env });
      expect(byOption).toEqual(parseConfig({ ...before, [name]: SAMPLES[name] }));
      if (s.field) expect(byOption).not.toEqual(parseConfig(before));
    },
  );

  it('--header and --secret-header repeat, one a line; an option wins over a lower-case proxy variable', () => {
    const request = parseCli(['--header', 'A: 1', '--header', 'B: 2', '--http-proxy', 'http://p:1'], {
      http_proxy: 'http://other:2',
    });
    expect(request.env['HEADERS']).toBe('A: 1\nB: 2');
    expect(parseConfig({ ...request.env, AES_RUN_MARKER: 'cft-test' })).toMatchObject({
      headers: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
      httpProxy: 'http://p:1/',
    });
  });

  it('an option wins over the environment, and a switch left out changes nothing', () => {
    expect(parseCli(['--concurrency', '2'], { CONCURRENCY: '8' }).env['CONCURRENCY']).toBe('2');
    expect(parseCli([], { READ_ONLY: 'true' }).env['READ_ONLY']).toBe('true');
  });

  it('warns that a secret given as an option lands in shell history', () => {
    expect(parseCli(['--api-key', 'k'], {}).warnings).toEqual([
      '--api-key puts its value in your shell history and process list; prefer API_KEY in the environment or .env.',
    ]);
  });

  it('--help shows every setting with its option and variable, in lines of at most 120 characters', () => {
    const entries = HELP.split(/\n(?= {2}-)/).map((entry) => entry.replace(/\s+/g, ' '));
    for (const s of SETTINGS)
      expect(
        entries.find((entry) => entry.startsWith(` --${s.option} `)),
        s.name,
      ).toContain(`(${s.name}`);
    expect(HELP.split('\n').filter((line) => line.length > 120)).toEqual([]);
  });

  it('takes -h and -v for --help and --version', () => {
    expect(parseCli(['-h'], {}).action).toBe('help');
    expect(parseCli(['-v'], {}).action).toBe('version');
  });
});

describe('colourWanted', () => {
  it('follows the terminal, unless NO_COLOR turns colour off or FORCE_COLOR turns it on', () => {
    expect(colourWanted({}, true)).toBe(true);
    expect(colourWanted({}, false)).toBe(false);
    expect(colourWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourWanted({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colourWanted({ FORCE_COLOR: '0' }, false)).toBe(false);
    expect(colourWanted({ FORCE_COLOR: 'false' }, false)).toBe(false);
    expect(colourWanted({ FORCE_COLOR: '', NO_COLOR: '1' }, true)).toBe(true);
  });
});
