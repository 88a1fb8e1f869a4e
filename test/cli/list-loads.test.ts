// `--list` and `--help` load nothing of a run: not the runner, vitest, the published-document
// parser, ajv or the reference service. The compiled CLI (dist/, built by `npm test`'s pretest, as
// users run it) is started with a hook that records every module it loads; `--list` reads the
// build's inventory. `--list --format json` prints the catalog as JSON, each check with its id.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { isCheckId } from '../../lib/result/check-id.js';
import { ROOT } from '../support/run-cli.js';

const run = promisify(execFile);

/** Modules a run needs and `--list` or `--help` must not load. */
const OF_A_RUN = [
  /\/lib\/runner\/run\.js$/,
  /\/lib\/runner\/embedded\.js$/,
  /\/lib\/reference\//,
  /\/node_modules\/vitest\//,
  /swagger-parser/,
  /\/node_modules\/ajv\//,
];

async function loadedBy(args: readonly string[]): Promise<{ stdout: string; loaded: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'aes-loads-'));
  const file = join(dir, 'loads.txt');
  try {
    // No BASE_URL (vitest sets its own): with one, --list also reads what the target publishes.
    const env = { PATH: process.env['PATH'] ?? '', AES_LOADS_FILE: file };
    const { stdout } = await run(
      process.execPath,
      ['--import', './test/support/record-loads.mjs', 'dist/lib/cli/main.js', ...args],
      { cwd: ROOT, env, maxBuffer: 1 << 26 },
    );
    return { stdout, loaded: (await readFile(file, 'utf8')).split('\n').filter(Boolean) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('--list and --help', () => {
  test.each([[['--list']], [['--help']], [['--list', '--format', 'json', '--only', 'auth']]])(
    '%j loads nothing of a run',
    async (args) => {
      const { loaded } = await loadedBy(args);
      // The recorder works: the CLI's own modules are seen.
      expect(loaded.some((url) => url.endsWith('/dist/lib/cli/main.js'))).toBe(true);
      expect(loaded.filter((url) => OF_A_RUN.some((pattern) => pattern.test(url)))).toEqual([]);
    },
    60_000,
  );

  test("--list --format json prints the catalog as JSON: requirements with their checks' ids, every check with its id", async () => {
    const { stdout } = await loadedBy(['--list', '--format', 'json']);
    const catalog = JSON.parse(stdout) as {
      requirements: Array<{ id: string; checks: string[] }>;
      checks: Array<{ id: string; file: string; requirements: string[] }>;
    };
    expect(catalog.checks.length).toBeGreaterThan(400);
    expect(catalog.checks.every((c) => isCheckId(c.id))).toBe(true);
    const auth = catalog.requirements.find((r) => r.id === 'AUTH-MISSING-KEY')!;
    expect(auth.checks).toEqual(
      catalog.checks.filter((c) => c.requirements.includes('AUTH-MISSING-KEY')).map((c) => c.id),
    );
    expect(auth.checks).toContain('auth.missing-key.post-v1-agents');
  }, 60_000);
});
