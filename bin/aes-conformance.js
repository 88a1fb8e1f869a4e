#!/usr/bin/env node
// The command-line entry: the compiled CLI (dist/, built by `npm ci`, `npm install`, `npm run build`,
// `npm test` and `npm pack`). In a checkout whose dist/ is missing or older than a source file, the
// TypeScript sources through tsx instead, as they are now: an edit is never run stale, and needs no build.
// Said on a terminal only (slower, and about a third more memory), so what tests and CI read is unchanged.
import { COMPILED_MAIN, SOURCE_MAIN, distIsCurrent } from './dist-state.js';
import { pathToFileURL } from 'node:url';

if (distIsCurrent()) {
  await import(pathToFileURL(COMPILED_MAIN).href);
} else {
  if (process.stderr.isTTY)
    process.stderr.write(
      'aes-conformance: dist/ is out of date; running the sources through tsx (`npm run build` is faster)\n',
    );
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(SOURCE_MAIN).href);
}
