// Writes every file report of a run into one directory.

import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { toHtml } from './html.js';
import { toJunitXml } from './junit.js';
import type { RunResult } from '../result/model.js';
import { toSummaryJson } from './summary-json.js';
import { toMarkdown } from './markdown.js';

export interface ReportPaths {
  readonly junit: string;
  readonly html: string;
  readonly summary: string;
}

export async function writeReports(run: RunResult, dir: string): Promise<ReportPaths> {
  const paths: ReportPaths = {
    junit: join(dir, 'junit.xml'),
    html: join(dir, 'report.html'),
    summary: join(dir, 'summary.json'),
  };
  await makeDirectory(dir);
  await Promise.all([
    writeFile(paths.junit, toJunitXml(run), 'utf8'),
    writeFile(paths.html, toHtml(run), 'utf8'),
    writeFile(paths.summary, toSummaryJson(run), 'utf8'),
  ]);
  return paths;
}

/**
 * Creates the report directory and writes (then removes) a file in it, before the run sends a request:
 * a directory that cannot take the reports is found in a second, not after the run. Throws the reason.
 */
export async function probeReportDir(dir: string): Promise<void> {
  await makeDirectory(dir);
  const probe = join(dir, `.aes-conformance-probe-${process.pid}`);
  await writeFile(probe, '', 'utf8');
  await rm(probe, { force: true });
}

/**
 * `mkdir -p`, one level at a time: Node's recursive mkdir loops for ever where a parent exists but
 * refuses children with ENOENT (`/proc/x`); here that is an error like any other.
 */
async function makeDirectory(dir: string): Promise<void> {
  const levels: string[] = [];
  for (let at = resolve(dir); dirname(at) !== at; at = dirname(at)) levels.unshift(at);
  for (const level of levels) {
    try {
      await mkdir(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * The Markdown summary: written to `file` (SUMMARY_MD), appended to `stepSummary` ($GITHUB_STEP_SUMMARY,
 * which other steps write to as well). Returns the paths written.
 */
export async function writeMarkdownSummaries(
  run: RunResult,
  { file, stepSummary }: { file?: string | undefined; stepSummary?: string | undefined },
): Promise<string[]> {
  if (!file && !stepSummary) return [];
  const markdown = toMarkdown(run);
  const written: string[] = [];
  if (file) {
    await makeDirectory(dirname(resolve(file)));
    await writeFile(file, markdown, 'utf8');
    written.push(file);
  }
  if (stepSummary) {
    await appendFile(stepSummary, markdown, 'utf8');
    written.push(stepSummary);
  }
  return written;
}
