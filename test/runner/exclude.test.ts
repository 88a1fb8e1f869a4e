// --exclude: the same items as --only, taken away from what runs.

import { describe, expect, it } from 'vitest';
import { parseCli } from '../../lib/cli/args.js';
import { selection, selects } from '../../lib/result/selection.js';

const declares = (only: string[], exclude: string[], requirements: string[]): boolean =>
  selects(selection(only, exclude).declared, { id: 'a.check', group: 'auth', requirements });

describe('selection with --exclude', () => {
  it('leaves out the files of excluded groups', () => {
    const { files, declared } = selection([], ['Agents', 'dashboards']);
    expect(declared).toEqual({});
    expect(files).toHaveLength(11);
    expect(files).not.toContain('suites/agents.');
    expect(files).not.toContain('suites/dashboards.');
    expect(selection(['agents', 'auth'], ['agents']).files).toEqual(['suites/auth.']);
  });

  it('leaves out every check naming an excluded requirement id, alone or with others', () => {
    expect(declares([], ['auth-missing-key'], ['AUTH-MISSING-KEY'])).toBe(false);
    expect(declares([], ['auth-missing-key'], ['AUTH-INVALID-KEY', 'AUTH-MISSING-KEY'])).toBe(false);
    expect(declares([], ['auth-missing-key'], ['AUTH-INVALID-KEY'])).toBe(true);
  });

  it('combines with --only requirement ids', () => {
    const only = ['AUTH-INVALID-KEY', 'AUTH-MISSING-KEY'];
    expect(declares(only, ['AUTH-MISSING-KEY'], ['AUTH-INVALID-KEY'])).toBe(true);
    expect(declares(only, ['AUTH-MISSING-KEY'], ['AUTH-MISSING-KEY'])).toBe(false);
    expect(declares(only, ['AUTH-MISSING-KEY'], ['AGENT-CREATE'])).toBe(false);
  });

  it('refuses unknown items and an exclusion that leaves nothing', () => {
    expect(() => selection([], ['nonsense'])).toThrow(
      /^--exclude: unknown group, requirement id or check id: nonsense\./,
    );
    expect(() => selection(['agents'], ['agents'])).toThrow(/--exclude agents leaves no group to run/);
  });

  it('is read from the command line like --only, with --format and --waivers', () => {
    const request = parseCli(
      ['--exclude', 'agents,AUTH-MISSING-KEY', '--exclude', 'runs', '--format', 'json', '--waivers', 'w.yaml'],
      {},
    );
    expect(request.exclude).toEqual(['agents', 'AUTH-MISSING-KEY', 'runs']);
    expect(request.format).toBe('json');
    expect(request.env['WAIVERS']).toBe('w.yaml');
    expect(parseCli([], {}).format).toBe('text');
    expect(() => parseCli(['--format', 'yaml'], {})).toThrow(/--format: expected text or json/);
  });
});
