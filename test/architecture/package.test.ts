// What `npm pack` ships: the product, and of the proof only the reference command, compiled
// (dist/proof/: its entry and what it imports), so a third party can start the reference with
// faults and see the suite bite. No proof source, and no fault, variation or chaos module
// anywhere else: a default run cannot load one.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/run-cli.js';

/** The files `npm pack` would ship (the build run first, as `prepack` would). */
function packed(): string[] {
  const build = spawnSync(process.execPath, ['bin/build.js'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  return (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

const PROOF_MODULE = /(^|\/)(faults|variations|chaos)(\/|\.)/;

describe('the package', () => {
  const files = packed();
  const command = files.filter((path) => path.startsWith('dist/proof/'));

  it('ships the reference command compiled: its entry, the service it changes, faults, variations, fronts and chaos modes', () => {
    // A fault is one record with its probe: the probes' helpers (proof/probes/) come with the faults.
    const faultRecords = /^dist\/proof\/(faults|probes)\//;
    expect(command.filter((path) => !faultRecords.test(path)).sort()).toEqual([
      'dist/proof/chaos.js',
      'dist/proof/fronts.js',
      'dist/proof/main.js',
      'dist/proof/service.js',
      'dist/proof/variations.js',
    ]);
    expect(command).toContain('dist/proof/faults/index.js');
  });

  it('holds no fault, variation or chaos module outside the reference command, and no source of the proof', () => {
    expect(
      files.filter(
        (path) =>
          !path.startsWith('dist/proof/') &&
          !path.startsWith('docs/') &&
          (PROOF_MODULE.test(path) || path.startsWith('proof/')),
      ),
    ).toEqual([]);
    expect(files).toContain('dist/lib/reference/server.js');
  });
});
