// Writes every file report of a run into one directory.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toHtml } from './html.js';
import { toJunitXml } from './junit.js';
import type { RunResult } from '../result/model.js';
import { toSummaryJson } from './summary-json.js';

export interface ReportPaths {
  readonly junit: string;
  readonly html: string;
  readonly summary: string;
}

export async function writeReports(run: RunResult, dir: string): Promise<ReportPaths> {
  const paths: ReportPaths = { junit: join(dir, 'junit.xml'), html: join(dir, 'report.html'), summary: join(dir, 'summary.json') };
  await mkdir(dir, { recursive: true });
  await Promise.all([
    writeFile(paths.junit, toJunitXml(run), 'utf8'),
    writeFile(paths.html, toHtml(run), 'utf8'),
    writeFile(paths.summary, toSummaryJson(run), 'utf8'),
  ]);
  return paths;
}
