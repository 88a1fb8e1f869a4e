import { describe, expect, it } from 'vitest';
import { colourWanted, parseCli } from '../../lib/cli/args.js';

describe('parseCli', () => {
  it('keeps every --only, repeated or comma-separated', () => {
    expect(parseCli(['--only', 'agents', '--only=auth,runs'], {}).only).toEqual(['agents', 'auth', 'runs']);
  });

  it('names an unknown option in its own words, with the closest one when it looks mistyped', () => {
    expect(() => parseCli(['--reed-only'], {})).toThrow(/^unknown option --reed-only \(did you mean --read-only\?\)\nRun with --help for the options\.$/);
    expect(() => parseCli(['--base_url=http://x'], {})).toThrow(/^unknown option --base_url \(did you mean --base-url\?\)/);
    expect(() => parseCli(['--frobnicate'], {})).toThrow(/^unknown option --frobnicate\nRun with --help/);
  });

  it('takes a negative --seed as its value, not as an option', () => {
    expect(parseCli(['--seed', '-123', '--only', 'auth'], {}).env['SEED']).toBe('-123');
    expect(parseCli(['--seed=-7'], {}).env['SEED']).toBe('-7');
    expect(parseCli(['--seed', 'random'], {}).env['SEED']).toBe('random');
  });

  it('warns of a key that looks like a setting but is none, naming the setting', () => {
    expect(parseCli([], { BASE_ULR: 'http://x', PATH: '/bin' }).warnings).toEqual(['BASE_ULR is not a setting; did you mean BASE_URL? (BASE_ULR is ignored)']);
  });

  it('--rate is RATE_LIMIT, and messages name the option typed', () => {
    const request = parseCli(['--rate', '25'], {});
    expect(request.env['RATE_LIMIT']).toBe('25');
    expect(request.given['RATE_LIMIT']).toBe('--rate');
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
