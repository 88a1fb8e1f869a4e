// The README's configuration table and .env.example document every setting the code reads.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SETTINGS } from '../../lib/config.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');

describe('documented settings', () => {
  test.each(SETTINGS.map((s) => s.name))('%s is in the README configuration table', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  // Target settings stand commented out: set but empty, they would stop the run (no target named).
  test.each(SETTINGS.map((s) => s.name))('%s is in .env.example', (name) => {
    expect(example).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });
});
