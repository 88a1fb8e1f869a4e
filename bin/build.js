#!/usr/bin/env node
// `npm run build` (also run by `preconformance`, `pretest`, `prebench` and `prepack`, which a git
// install runs too; no `prepare`, which an installed package would show as an install script):
// compiles lib/ to dist/lib/ and the reference command (proof/main.ts) to dist/proof/
// (tsconfig.build.json, incremental), removes what a deleted
// source left there, writes dist/package.json (the name and version the reports show), the
// validators of fixed schemas (dist/precompiled/, see lib/schema/precompiled.ts) and
// dist/inventory.json (every check of the suites, for `--list`), then the stamp that makes
// bin/aes-conformance.js run dist/. Nothing to do when dist/ is current (`--force` builds anyway).

import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  rmdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ROOT, STAMP, distIsCurrent } from './dist-state.js';

const say = (line) => process.stderr.write(`build: ${line}\n`);

/** Removes the compiled files of deleted sources (tsc leaves them), and folders left empty. */
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      prune(path);
      if (readdirSync(path).length === 0) rmdirSync(path);
    } else if (!existsSync(join(ROOT, relative(DIST, path)).replace(/\.js$/, '.ts'))) {
      rmSync(path);
    }
  }
}

/** The build; its exit code. */
async function build() {
  if (!process.argv.includes('--force') && distIsCurrent()) {
    say('dist/ is current');
    return 0;
  }
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    // Installed without the development dependencies: bin/aes-conformance.js runs the sources through tsx.
    say('typescript is not installed: dist/ not built (the CLI runs the sources through tsx)');
    return 0;
  }
  const started = new Date();
  // A build that fails leaves no stamp: the CLI runs the sources until a build succeeds.
  rmSync(STAMP, { force: true });
  const compiled = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (compiled.status !== 0) {
    say('tsc failed: dist/ not built');
    return compiled.status ?? 1;
  }
  prune(join(DIST, 'lib'));
  prune(join(DIST, 'proof'));

  // lib/util/suite.ts reads the package's name and version two folders up: dist/ when compiled.
  // It also makes dist/ a module scope of its own ("type": "module").
  const { name, version, license } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const description = `The compiled ${name} (npm run build); the package is the folder above.`;
  writeFileSync(
    join(DIST, 'package.json'),
    `${JSON.stringify({ name, version, license, private: true, type: 'module', description }, null, 2)}\n`,
  );

  const { precompilable } = await import(pathToFileURL(join(DIST, 'lib', 'runner', 'precompilable.js')).href);
  const { precompiledFile, standaloneSource } = await import(
    pathToFileURL(join(DIST, 'lib', 'schema', 'precompiled.js')).href
  );
  rmSync(join(DIST, 'precompiled'), { recursive: true, force: true });
  mkdirSync(join(DIST, 'precompiled'));
  for (const schema of precompilable()) writeFileSync(precompiledFile(schema), standaloneSource(schema));

  // Collected through the compiled runner, as the compiled `--list` would collect it without this file.
  const { collectInventory } = await import(pathToFileURL(join(DIST, 'lib', 'runner', 'inventory.js')).href);
  const inventory = await collectInventory();
  writeFileSync(join(DIST, 'inventory.json'), `${JSON.stringify(inventory, null, 1)}\n`);

  closeSync(openSync(STAMP, 'w'));
  // Dated at the build's start: a source saved while it ran is newer, so dist/ is not current.
  utimesSync(STAMP, started, started);
  say(
    `dist/ built in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s (${inventory.length} checks in dist/inventory.json)`,
  );
  return 0;
}

process.exitCode = await build();
