import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The import stays on one line: @ts-expect-error covers only the next.
// prettier-ignore
// @ts-expect-error: a plain ES module script, without types
import { inScope, readRecord, recordReport, sha256Of, survivorReason, unexplainedSurvivors } from '../../../proof/mutation/mutate-record.mjs';

const SURVIVORS = new URL('../../../proof/mutation/mutate-survivors.mjs', import.meta.url).pathname;

const mutant = (line: number, column: number, status: string, extra: object = {}) => ({
  id: `${line}:${column}`,
  mutatorName: 'EqualityOperator',
  replacement: 'a !== b',
  status,
  location: { start: { line, column }, end: { line, column: column + 1 } },
  coveredBy: ['0'],
  ...extra,
});

/** A Stryker JSON report of one file, written beside its source in a fresh folder. */
function fixture(source: string, mutants: object[]): { dir: string; report: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mutate-record-'));
  writeFileSync(join(dir, 'a.ts'), source);
  const report = join(dir, 'report.json');
  writeFileSync(
    report,
    JSON.stringify({ schemaVersion: '2', files: { 'a.ts': { language: 'typescript', source, mutants } } }),
  );
  return { dir, report };
}

describe('the mutation record', () => {
  it('keeps each file by its latest run, its mutants in source order with the reasons of marked ones', () => {
    const { dir, report } = fixture('a === b;\n', [
      mutant(3, 1, 'Killed'),
      mutant(1, 5, 'Ignored', { statusReason: 'free text' }),
      mutant(1, 1, 'Survived'),
    ]);
    const record = join(dir, 'record.json');
    writeFileSync(record, JSON.stringify({ files: { 'b.ts': { sha256: 'x', mutants: [] } } }));
    recordReport(report, record);
    const { files } = readRecord(record);
    expect(Object.keys(files)).toEqual(['a.ts', 'b.ts']);
    expect(
      files['a.ts'].mutants.map((m: { at: string; status: string; reason?: string }) => [m.at, m.status, m.reason]),
    ).toEqual([
      ['1:1', 'Survived', undefined],
      ['1:5', 'Ignored', 'free text'],
      ['3:1', 'Killed', undefined],
    ]);
    expect(files['a.ts'].mutants[0].location.start).toEqual({ line: 1, column: 1 });
    expect(JSON.parse(readFileSync(record, 'utf8')).files['a.ts'].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("records only the files its run mutated: an incremental report carries earlier runs' files as it found them", () => {
    const { dir, report } = fixture('a === b;\n', [mutant(1, 1, 'Killed')]);
    const record = join(dir, 'record.json');
    expect(recordReport(report, record, ['b.ts'])).toEqual([]);
    expect(readRecord(record).files).toEqual({});
    expect(recordReport(report, record, ['*.ts'])).toEqual(['a.ts']);
  });

  it('reads --mutate patterns as Stryker does: globs, and files with a line range', () => {
    expect(inScope('lib/reference/listing/values.ts', ['lib/reference/listing/**/*.ts'])).toBe(true);
    expect(inScope('lib/reference/listing/values.ts', ['lib/reference/*.ts'])).toBe(false);
    expect(inScope('lib/reference/server.ts', ['lib/reference/http/**/*.ts', 'lib/reference/server.ts:10-20'])).toBe(
      true,
    );
    expect(inScope('lib/reference/server.ts', [])).toBe(true);
  });

  it('is scored like a report, and names a file edited since its run', () => {
    const { dir, report } = fixture('a === b;\n', [mutant(1, 1, 'Killed'), mutant(1, 3, 'Survived')]);
    recordReport(report, join(dir, 'docs-record.json'));
    const score = () =>
      execFileSync(process.execPath, [SURVIVORS, '--recorded', '--record', 'docs-record.json'], {
        cwd: dir,
        encoding: 'utf8',
      });
    expect(score()).toMatch(/Survived\s+a\.ts:1:3.*\n\s+why: no comment says/);
    expect(score()).toMatch(/all\s+50\.00% \(1\/2\)/);
    expect(score()).toContain('Every recorded file is as it was run.');
    expect(score()).toMatch(/Survivors with no comment saying why they survive[^\n]*\n\s+a\.ts:1/);
    writeFileSync(join(dir, 'a.ts'), 'a !== b;\n');
    expect(score()).toMatch(/Edited since their run[^\n]*\n\s+a\.ts/);
    expect(score()).not.toContain('why:');
  });
});

describe('survivors explained', () => {
  const survivorAt = (line: number) => ({ at: `${line}:1`, status: 'Survived' });

  it('names each survivor line with no comment saying why it survives on it or the six lines above, in files as they were run', () => {
    const source = [
      '// why line 3 survives: free text',
      'x;',
      'a;',
      ...Array(7).fill('y;'),
      'b; // survives: only faults reach it',
      'c;',
      ...Array(7).fill('z;'),
    ].join('\n');
    const { dir } = fixture(source, []);
    const path = join(dir, 'a.ts');
    const record = {
      files: {
        [path]: {
          sha256: sha256Of(path),
          mutants: [
            survivorAt(3),
            survivorAt(3),
            survivorAt(10),
            survivorAt(11),
            survivorAt(12),
            survivorAt(19),
            { at: '18:1', status: 'Killed' },
          ],
        },
      },
    };
    expect(unexplainedSurvivors(record)).toEqual([
      { path, line: 10 },
      { path, line: 19 },
    ]);
    writeFileSync(path, `${source}\n`);
    expect(unexplainedSurvivors(record)).toEqual([]);
  });

  it('reads the reason from the comment beside the survivor: the block around the line saying it survives, a directive left out', () => {
    const lines = [
      '// Stryker disable next-line StringLiteral: free text',
      '// A bound of undefined is no bound: the `false`',
      '// mutant survives, unmarked.',
      'if (a && b) x();',
      'y(); // survives: only faults',
      '//   reach it',
      'z();',
    ];
    expect(survivorReason(lines, 4)).toBe('A bound of undefined is no bound: the `false` mutant survives, unmarked.');
    expect(survivorReason(lines, 5)).toBe('survives: only faults   reach it');
    expect(survivorReason(lines, 7)).toBe('survives: only faults   reach it');
    expect(survivorReason(['// Stryker disable next-line all: says nothing of why it survives', 'x;'], 2)).toBe(
      'Stryker disable next-line all: says nothing of why it survives',
    );
    expect(survivorReason(['// a comment', 'x;'], 2)).toBeUndefined();
  });

  it('finds none in the committed record', () => {
    expect(unexplainedSurvivors(readRecord())).toEqual([]);
  });
});
