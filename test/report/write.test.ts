import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toHtml } from '../../lib/report/html.js';
import { toJunitXml } from '../../lib/report/junit.js';
import { toSummaryJson } from '../../lib/report/summary-json.js';
import { writeReports } from '../../lib/report/write.js';
import { sampleRun } from './sample.js';

describe('writeReports', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('creates the directory and writes the three reports', async () => {
    root = await mkdtemp(join(tmpdir(), 'aes-report-'));
    const dir = join(root, 'nested', 'reports');
    const run = sampleRun();
    const paths = await writeReports(run, dir);
    expect(paths).toEqual({
      junit: join(dir, 'junit.xml'),
      html: join(dir, 'report.html'),
      summary: join(dir, 'summary.json'),
    });
    expect(await readFile(paths.junit, 'utf8')).toBe(toJunitXml(run));
    expect(await readFile(paths.html, 'utf8')).toBe(toHtml(run));
    expect(await readFile(paths.summary, 'utf8')).toBe(toSummaryJson(run));
  });
});
