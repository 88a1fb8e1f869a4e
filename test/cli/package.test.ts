// What the package ships (`npm pack`): the compiled CLI, its inventory, the suite files, the docs the
// README links and the license; none of the project's own tests, benches or CI; and run-time dependencies only.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../support/run-cli.js';

/** npm itself, as the running npm or the one beside this Node. */
const NPM = process.env['npm_execpath'];

test('the tarball holds dist/, suites/, bin/, docs/ and the license, and no sources, tests, benches or CI files', () => {
  // --ignore-scripts: the list alone (npm test has built dist/ already); what is listed is what `files` selects.
  const args = ['pack', '--dry-run', '--json', '--ignore-scripts'];
  const out = NPM
    ? execFileSync(process.execPath, [NPM, ...args], { cwd: ROOT, encoding: 'utf8' })
    : execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8' });
  const files = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
  for (const needed of [
    'bin/aes-conformance.js',
    'dist/lib/cli/main.js',
    'dist/inventory.json',
    'dist/package.json',
    'suites/auth.suite.ts',
    'package.json',
    'README.md',
    'LICENSE',
    'docs/glossary.md',
    'docs/requirements.md',
  ]) {
    expect(files, needed).toContain(needed);
  }
  expect(
    files.filter((path) => /^(test|bench|\.ci|lib|scripts)\//.test(path) || path.endsWith('.tsbuildinfo')),
  ).toEqual([]);
}, 60_000);

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

test('the run-time dependencies leave out what only a checkout needs', () => {
  for (const devOnly of ['tsx', 'typescript', '@types/node'])
    expect(Object.keys(pkg.dependencies)).not.toContain(devOnly);
});

test('installing the package runs no script of its own (npm would warn of each)', () => {
  // npm's install-time scripts; `prepare` runs on installs from a folder or a tarball too.
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
    expect(pkg.scripts, hook).not.toHaveProperty(hook);
});
