// The README's settings table and .env.example are made from the settings table, and document every setting.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SETTINGS } from '../../lib/config.js';
import { GENERATED_SETTINGS_DOCS, README_BEGIN, withSettingsTable } from '../../scripts/settings-docs.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const example = read('.env.example');

describe('documented settings', () => {
  test.each(Object.entries(GENERATED_SETTINGS_DOCS))('%s is up to date (run `npm run docs`)', (path, render) => {
    const current = read(path);
    expect(current).toBe(render(current));
  });

  test.each(SETTINGS.map((s) => [s.name, s.option] as const))(
    '%s has a row in the README configuration table, with its option',
    (name, option) => {
      expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\| \`--${option}[ \`]`, 'm'));
    },
  );

  // Target settings stand commented out: set but empty, they would stop the run (no target named).
  test.each(SETTINGS.map((s) => [s.name, s.target === true] as const))(
    '%s is in .env.example (commented out: %s)',
    (name, target) => {
      expect(example).toMatch(new RegExp(`^${target ? '# ' : ''}${name}=`, 'm'));
    },
  );

  test('the README without its markers is refused rather than left as it is', () => {
    expect(() => withSettingsTable(readme.replace(README_BEGIN, ''))).toThrow(/no <!-- settings:begin -->/);
  });
});
