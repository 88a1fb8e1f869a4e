// --exclude: the same items as --only, taken away from what runs.

import { describe, expect, it } from 'vitest';
import { parseCli } from '../../lib/cli/args.js';
import { checkName } from '../../lib/result/check-name.js';
import { selection } from '../../lib/runner/run.js';

describe('selection with --exclude', () => {
  it('leaves out the files of excluded groups', () => {
    const { files, namePattern } = selection([], ['Agents', 'dashboards']);
    expect(namePattern).toBeUndefined();
    expect(files).toHaveLength(10);
    expect(files).not.toContain('suites/agents.');
    expect(files).not.toContain('suites/dashboards.');
    expect(selection(['agents', 'auth'], ['agents']).files).toEqual(['suites/auth.']);
  });

  it('leaves out every check naming an excluded requirement id, alone or with others', () => {
    const pattern = new RegExp(selection([], ['auth-missing-key']).namePattern!);
    expect(pattern.test(checkName(['AUTH-MISSING-KEY'], 'no key: 401'))).toBe(false);
    expect(pattern.test(`auth > ${checkName(['AUTH-INVALID-KEY', 'AUTH-MISSING-KEY'], 'both')}`)).toBe(false);
    expect(pattern.test(checkName(['AUTH-INVALID-KEY'], 'a wrong key: 401'))).toBe(true);
    expect(pattern.test(checkName(['AUTH-MISSING-KEY-X'], 'a longer id'))).toBe(true);
  });

  it('combines with --only requirement ids', () => {
    const pattern = new RegExp(selection(['AUTH-INVALID-KEY', 'AUTH-MISSING-KEY'], ['AUTH-MISSING-KEY']).namePattern!);
    expect(pattern.test(checkName(['AUTH-INVALID-KEY'], 'a'))).toBe(true);
    expect(pattern.test(checkName(['AUTH-MISSING-KEY'], 'b'))).toBe(false);
    expect(pattern.test(checkName(['AGENT-CREATE'], 'c'))).toBe(false);
  });

  it('refuses unknown items and an exclusion that leaves nothing', () => {
    expect(() => selection([], ['nonsense'])).toThrow(/^--exclude: unknown group or requirement id: nonsense\./);
    expect(() => selection(['agents'], ['agents'])).toThrow(/--exclude agents leaves no group to run/);
  });

  it('is read from the command line like --only, with --format and --waivers', () => {
    const request = parseCli(['--exclude', 'agents,AUTH-MISSING-KEY', '--exclude', 'runs', '--format', 'json', '--waivers', 'w.yaml'], {});
    expect(request.exclude).toEqual(['agents', 'AUTH-MISSING-KEY', 'runs']);
    expect(request.format).toBe('json');
    expect(request.env['WAIVERS']).toBe('w.yaml');
    expect(parseCli([], {}).format).toBe('text');
    expect(() => parseCli(['--format', 'yaml'], {})).toThrow(/--format: expected text or json/);
  });
});
