// Prettier formats the code, except the files Stryker's record measured: the record places each mutant
// by line and column, so formatting one of them would move every mutant recorded for it.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getFileInfo } from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ignorePath = `${ROOT}.prettierignore`;
const recorded = Object.keys(
  (JSON.parse(readFileSync(`${ROOT}proof/mutation/record.json`, 'utf8')) as { files: object }).files,
);

const ignored = async (path: string): Promise<boolean> => (await getFileInfo(`${ROOT}${path}`, { ignorePath })).ignored;

describe('the formatter and the mutation record', () => {
  it('leaves every file of the record as Stryker measured it', async () => {
    expect(recorded.length).toBeGreaterThan(0);
    const formatted = [];
    for (const path of recorded) if (!(await ignored(path))) formatted.push(path);
    expect(formatted).toEqual([]);
  });

  it('formats the rest of the code, the reference outside the record included', async () => {
    const left = [];
    for (const path of [
      'lib/config.ts',
      'lib/reference/memo.ts',
      'lib/reference/fixtures/fixtures.ts',
      'proof/faults/index.ts',
      'suites/auth.suite.ts',
      'test/architecture/format.test.ts',
    ])
      if (await ignored(path)) left.push(path);
    expect(left).toEqual([]);
  });
});
