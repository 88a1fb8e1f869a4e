// Whether dist/ (the compiled CLI, `npm run build`) may be run: shared by the entry
// (bin/aes-conformance.js) and the build (bin/build.js). Plain JavaScript, no dependency: it runs
// before anything is built. An installed package ships dist/ without the TypeScript sources, so
// there dist/ is all there is; in a checkout, dist/ is current only while the build's stamp is
// newer than every source file and folder (an edit, a deleted or added file, a `git checkout`).

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DIST = join(ROOT, 'dist');
/** Written last by a build that succeeded, with the time the build started as its modification time. */
export const STAMP = join(DIST, '.built');
/** The compiled entry, and its source. */
export const COMPILED_MAIN = join(DIST, 'lib', 'cli', 'main.js');
export const SOURCE_MAIN = join(ROOT, 'lib', 'cli', 'main.ts');

/**
 * What the build reads: the sources, the suites (also read at run time, and listed in dist/inventory.json), its
 * settings, and the installed dependencies (the schemas it precompiles come from them).
 */
const SOURCE_DIRS = ['lib', 'proof', 'suites'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'bin/build.js'];

/** A checkout holds the TypeScript sources; an installed package does not. */
const isCheckout = () => existsSync(SOURCE_MAIN);

/** Whether any file or folder under `dir` was changed after `time` (ms). */
function changedAfter(dir, time) {
  if (statSync(dir).mtimeMs > time) return true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? changedAfter(path, time) : statSync(path).mtimeMs > time) return true;
  }
  return false;
}

/** Whether dist/ holds the build of the sources as they are now (always, outside a checkout). */
export function distIsCurrent() {
  if (!isCheckout()) return true;
  let built;
  try {
    built = statSync(STAMP).mtimeMs;
  } catch {
    return false;
  }
  if (!existsSync(COMPILED_MAIN)) return false;
  if (SOURCE_FILES.some((file) => existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).mtimeMs > built))
    return false;
  return !SOURCE_DIRS.some((dir) => existsSync(join(ROOT, dir)) && changedAfter(join(ROOT, dir), built));
}
