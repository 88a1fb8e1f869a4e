// The compiled CLI (dist/, `npm run build`): never run out of date, its `--list` inventory the
// suite's own, and what the quick answers load. Nothing here is timed.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompilable } from '../../lib/runner/precompilable.js';
import { standaloneSource } from '../../lib/schema/precompiled.js';
import { collectInventory } from '../../lib/runner/inventory.js';
import { ROOT } from '../support/run-cli.js';

const CLI = join(ROOT, 'bin', 'aes-conformance.js');

/** Whether bin/dist-state.js of the tree at `root` finds its dist/ current. */
function distIsCurrent(root = ROOT): boolean {
  const check = `import(${JSON.stringify(pathToFileURL(join(root, 'bin', 'dist-state.js')).href)}).then((m) => process.stdout.write(String(m.distIsCurrent())))`;
  const answer = spawnSync(process.execPath, ['--input-type=module', '-e', check], { encoding: 'utf8' });
  expect(answer.stderr).toBe('');
  return answer.stdout === 'true';
}

describe('dist/ and the sources', () => {
  let tree: string;
  const stamp = (): string => join(tree, 'dist', '.built');
  const at = (seconds: number): Date => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds));

  beforeAll(() => {
    // A checkout in miniature: the entry's own state module, a source, its compiled file, a suite.
    tree = mkdtempSync(join(tmpdir(), 'aes-dist-'));
    mkdirSync(join(tree, 'bin'));
    cpSync(join(ROOT, 'bin', 'dist-state.js'), join(tree, 'bin', 'dist-state.js'));
    const files: Record<string, string> = {
      'package.json': '{"type":"module"}',
      'lib/cli/main.ts': '',
      'dist/lib/cli/main.js': '',
      'suites/a.suite.ts': '',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(tree, path, '..'), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    for (const path of ['package.json', 'lib/cli/main.ts', 'lib/cli', 'lib', 'suites/a.suite.ts', 'suites'])
      utimesSync(join(tree, path), at(0), at(0));
  });

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  test('without a build stamp, dist/ is not run', () => {
    expect(distIsCurrent(tree)).toBe(false);
  });

  test('dist/ is current while its stamp is newer than every source; an edit, a new or a deleted file makes it out of date', () => {
    writeFileSync(stamp(), '');
    utimesSync(stamp(), at(10), at(10));
    expect(distIsCurrent(tree)).toBe(true);
    utimesSync(join(tree, 'suites/a.suite.ts'), at(20), at(20));
    expect(distIsCurrent(tree)).toBe(false);
    utimesSync(join(tree, 'suites/a.suite.ts'), at(0), at(0));
    utimesSync(join(tree, 'lib/cli'), at(20), at(20)); // a file added to or removed from lib/cli/
    expect(distIsCurrent(tree)).toBe(false);
    utimesSync(join(tree, 'lib/cli'), at(0), at(0));
    utimesSync(join(tree, 'package.json'), at(20), at(20)); // the version the reports show
    expect(distIsCurrent(tree)).toBe(false);
  });

  test('an installed package (no sources, only dist/) runs dist/', () => {
    rmSync(join(tree, 'lib'), { recursive: true });
    rmSync(stamp());
    expect(distIsCurrent(tree)).toBe(true);
  });
});

describe('the command line as bin/aes-conformance.js starts it', () => {
  let dir: string;

  beforeAll(() => {
    // Every package (bare specifier) the process imports, written to stderr.
    dir = mkdtempSync(join(tmpdir(), 'aes-loads-'));
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `export async function resolve(specifier, context, next) {
      if (!/^(\\.|\\/|node:|file:|#)/.test(specifier)) process.stderr.write('imports ' + specifier + '\\n');
      return next(specifier, context);
    }`,
    );
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});`,
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The packages the CLI imports to answer `args`. */
  function packagesLoaded(...args: string[]): string[] {
    const run = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), CLI, ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] },
    });
    expect(run.status, run.stderr).toBe(0);
    return [
      ...new Set(
        run.stderr.split('\n').flatMap((line) => (line.startsWith('imports ') ? [line.slice('imports '.length)] : [])),
      ),
    ].sort();
  }

  const HEAVY = /^(vitest|vite|@vitest\/|rolldown|ajv|undici|yaml|fast-check|@apidevtools\/)/;

  test('--help and --version load nothing heavy: no vitest, reference service, ajv or HTTP client', () => {
    expect(packagesLoaded('--version').filter((p) => HEAVY.test(p))).toEqual([]);
    expect(packagesLoaded('--help').filter((p) => HEAVY.test(p))).toEqual([]);
  });

  // `npm test` builds first (pretest), so dist/ is current here unless a source was saved since.
  test("--list never shows a stale inventory: compiled, it reads the build's, which is what the suites declare now; with dist/ out of date, the sources run and collect it", async () => {
    if (distIsCurrent()) {
      const built = JSON.parse(readFileSync(join(ROOT, 'dist', 'inventory.json'), 'utf8')) as unknown;
      expect(built, "dist/inventory.json is not the suites' inventory: `npm run build -- --force`").toEqual(
        await collectInventory(),
      );
      expect(packagesLoaded('--list').filter((p) => /^(vitest|vite|tsx)/.test(p))).toEqual([]);
    } else {
      expect(packagesLoaded('--list')).toEqual(expect.arrayContaining(['tsx/esm/api', 'vitest/node']));
    }
  }, 180_000); // collecting every suite starts a vitest of its own: slow on a busy machine, not a hang

  test("the compiled CLI validates with the build's precompiled code of each fixed schema, which is what the sources compile now", () => {
    if (!distIsCurrent()) return;
    for (const schema of precompilable()) {
      expect(readFileSync(join(ROOT, 'dist', 'precompiled', `${schema.name}.cjs`), 'utf8'), schema.name).toBe(
        standaloneSource(schema),
      );
    }
  });
});
