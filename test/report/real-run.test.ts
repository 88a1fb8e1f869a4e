// The three reports of real runs of the command line, checked as their readers check them:
// junit.xml against the JUnit XSD (xmllint), summary.json against its JSON Schema (ajv),
// report.html rendered in headless Chromium. One run finds violations, errors and skips
// (a faulty reference service that resets connections and echoes the key); one is the
// embedded reference service, as `npm run conformance` on a fresh clone runs it.

import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAjv } from '../../lib/schema/ajv.js';
import { REQUIREMENTS } from '../../lib/contract/requirements/index.js';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { type RunningReference, startReference } from '../../proof/service.js';
import { toJunitXml } from '../../lib/report/junit.js';
import { SUMMARY_SCHEMA } from '../../lib/report/summary-json.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { type CliRun, ROOT, runCli } from '../support/run-cli.js';
import { findChromium, renderFile } from './chromium.js';
import { sampleRun, stoppedRun } from './sample.js';

const XSD = join(ROOT, 'test', 'report', 'junit.xsd');
const SCREENSHOT = join(ROOT, 'reports', 'report-screenshot.png');
const FAULTY_KEY = 'sk-e2e-7f3a9c1d5b-not-for-reports';
const RUN_BOUND_MS = 150_000;

interface RealRun {
  readonly run: CliRun;
  readonly key: string;
  /** File name to content, for every file the run wrote. */
  readonly files: Readonly<Record<string, string>>;
}

let reference: RunningReference | undefined;
let faulty: RealRun;
let clean: RealRun;
let scratch = '';

async function realRun(key: string, options: Parameters<typeof runCli>[0]): Promise<RealRun> {
  const run = await runCli({ ...options, keepReports: true, timeoutMs: RUN_BOUND_MS - 10_000 });
  const names = await readdir(run.reportDir);
  const files = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await readFile(join(run.reportDir, n), 'utf8')] as const)),
  );
  return { run, key, files };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'aes-real-run-'));
  // Violations (auth error details, dashboard names), errors (connections reset under /v1/agents), skips (SHOULD
  // checks in the default profile), and every response echoing the key it was sent.
  reference = await startReference({
    apiKey: FAULTY_KEY,
    faults: ['auth-details-missing', 'dashboard-name-singular'],
    chaos: ['reset@/v1/agents', 'echo-key'],
  });
  [faulty, clean] = await Promise.all([
    realRun(FAULTY_KEY, {
      env: { ...referenceEnvironment(reference), REQUEST_TIMEOUT_MS: '5000' },
      args: ['--only', 'auth,dashboards'],
    }),
    // No BASE_URL: the embedded reference service, with its fixed key.
    realRun(DEFAULT_API_KEY, { args: ['--only', 'auth,specification'] }),
  ]);
}, RUN_BOUND_MS);

afterAll(async () => {
  await reference?.close();
  await Promise.all([faulty, clean].flatMap((r) => (r ? [rm(r.run.reportDir, { recursive: true, force: true })] : [])));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the runs the reports come from', () => {
  it('the faulty run found violations, errors and skips; the clean run passed', () => {
    expect(faulty.run.exitCode, faulty.run.stdout.slice(-1500)).toBe(1);
    const counts = faulty.run.summary!.counts;
    expect(counts.fail).toBeGreaterThan(0);
    expect(counts.error).toBeGreaterThan(0);
    expect(counts.skip).toBeGreaterThan(0);
    expect(clean.run.exitCode, clean.run.stdout.slice(-1500)).toBe(0);
    for (const r of [faulty, clean])
      expect(Object.keys(r.files).sort()).toEqual(['junit.xml', 'report.html', 'summary.json']);
  });

  it('the API key is in no report file and nowhere in the console output, even echoed back by the server', () => {
    for (const r of [faulty, clean]) {
      for (const [name, text] of Object.entries(r.files)) expect(text, name).not.toContain(r.key);
      expect(r.run.stdout).not.toContain(r.key);
      expect(r.run.stderr).not.toContain(r.key);
    }
    // The server did echo the key into a response the reports quote, so the check above is not vacuous.
    expect(faulty.files['summary.json']).toContain('\\"received_key\\":\\"[redacted]\\"');
  });
});

/** xmllint from Debian's libxml2-utils (.ci/run installs it); undefined when it is not installed. */
const XMLLINT = spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).error ? undefined : 'xmllint';
const NO_XMLLINT = "xmllint not found: install Debian's libxml2-utils (.ci/run does)";

/**
 * A missing tool skips its test with the reason, except where .ci/run sets REQUIRE_REPORT_TOOLS=1
 * (it installs both tools): there the test fails, so CI cannot pass without the checks.
 */
function missingTool(context: { skip: (note?: string) => never }, message: string): never {
  if (process.env['REQUIRE_REPORT_TOOLS'] === '1') throw new Error(`${message} (REQUIRE_REPORT_TOOLS=1)`);
  return context.skip(message);
}

function validateJunit(file: string): { ok: boolean; output: string } {
  const result = spawnSync(XMLLINT!, ['--noout', '--schema', XSD, file], { encoding: 'utf8', timeout: 30_000 });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe('junit.xml against the JUnit XSD (Jenkins xunit junit-10.xsd, testcase properties added)', () => {
  it('is valid for a real run with failures, errors and skips, for a clean run, and for every outcome of the model', async (context) => {
    if (!XMLLINT) return missingTool(context, NO_XMLLINT);
    const files = {
      'faulty-run.xml': faulty.files['junit.xml']!,
      'clean-run.xml': clean.files['junit.xml']!,
      'sample.xml': toJunitXml(sampleRun()),
      'stopped.xml': toJunitXml(stoppedRun()),
    };
    for (const [name, xml] of Object.entries(files)) {
      const file = join(scratch, name);
      await writeFile(file, xml, 'utf8');
      const { ok, output } = validateJunit(file);
      expect(ok, `${name}: ${output}`).toBe(true);
    }
    const xml = files['faulty-run.xml'];
    const elements = [
      '<failure ',
      '<error ',
      '<skipped ',
      '<property name="requirement"',
      '<property name="level"',
      '<property name="spec_section"',
      '<property name="seed"',
    ];
    for (const element of elements) {
      expect(xml).toContain(element);
    }
  });

  it('rejects a document that breaks the schema, so the check above is not vacuous', async (context) => {
    if (!XMLLINT) return missingTool(context, NO_XMLLINT);
    const broken = faulty.files['junit.xml']!.replace('<testcase ', '<testcase bogus="1" ').replace(
      '<properties>',
      '<unknown-element/><properties>',
    );
    const file = join(scratch, 'broken.xml');
    await writeFile(file, broken, 'utf8');
    const { ok, output } = validateJunit(file);
    expect(ok).toBe(false);
    expect(output).toMatch(/bogus|unknown-element/);
  });
});

describe('summary.json against its JSON Schema', () => {
  const validate = newAjv().compile(SUMMARY_SCHEMA);

  it('validates for both runs and states the same facts as the run', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const r of [faulty, clean]) {
      const summary = JSON.parse(r.files['summary.json']!) as Record<string, unknown> & {
        counts: Record<string, number>;
        checks: Array<{ outcome: string }>;
        requirements: unknown[];
        suite: { version: string };
        target: { embedded: boolean; baseUrl: string | null };
        durationMs: number;
        exitCode: number;
      };
      expect(validate(summary), JSON.stringify(validate.errors)).toBe(true);
      expect(summary.suite.version).toBe(pkg.version);
      expect(summary.exitCode).toBe(r.run.exitCode);
      expect(summary.durationMs).toBeGreaterThan(0);
      expect(summary.requirements).toHaveLength(REQUIREMENTS.length);
      for (const outcome of ['pass', 'fail', 'skip', 'error']) {
        expect(summary.counts[outcome]).toBe(summary.checks.filter((c) => c.outcome === outcome).length);
      }
      expect(summary.counts['total']).toBe(summary.checks.length);
    }
    expect(JSON.parse(clean.files['summary.json']!).target).toMatchObject({ embedded: true });
    expect(JSON.parse(faulty.files['summary.json']!).target).toEqual({ baseUrl: reference!.url, embedded: false });
  });

  it('every top-level field of the schema is documented in docs/reports.md', async () => {
    const doc = await readFile(join(ROOT, 'docs/reports.md'), 'utf8');
    const reports = /^## summary\.json\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(doc)?.[1] ?? '';
    const fields = Object.keys((SUMMARY_SCHEMA as { properties: Record<string, unknown> }).properties);
    for (const field of fields) expect(reports, field).toContain(`\`${field}\``);
  });
});

describe('report.html in headless Chromium', () => {
  const chromium = findChromium();
  const missing =
    "Chromium not found (looked for $CHROMIUM, /usr/bin/chromium): install Debian's chromium package (.ci/run does)";

  it('shows the verdict and the counts, fetches nothing, and leaves a screenshot in reports/', async (context) => {
    if (!chromium) return missingTool(context, missing);
    const ids = ['verdict', 'counts', 'contents', 'failures', 'requirements'];
    // Every in-page link of the failures and of the contents, and whether its target exists.
    const probe = `[...document.querySelectorAll('#failures a[href^="#"], #contents a[href^="#"]')]
      .map((a) => [a.getAttribute('href'), document.getElementById(a.getAttribute('href').slice(1)) !== null])`;
    const [bad, good] = await Promise.all([
      renderFile(chromium, join(faulty.run.reportDir, 'report.html'), ids, { probe }),
      renderFile(chromium, join(clean.run.reportDir, 'report.html'), ids, { probe }),
    ]);
    for (const [page, run, verdict] of [
      [bad, faulty, 'NOT CONFORMANT'],
      [good, clean, 'PASSED, PARTIAL RUN: NOT SHOWN CONFORMANT'],
    ] as const) {
      const { pass, fail, skip, error, total } = run.run.summary!.counts;
      expect(page.byId['verdict']?.split('\n')[0]).toBe(verdict);
      expect(page.byId['counts']).toBe(
        `${pass} pass ${fail} fail ${skip} skip ${error} error of ${total} checks; exit code ${run.run.exitCode}`,
      );
      // Nothing but the page itself was requested, and nothing was loaded after it.
      expect(
        page.requests.every((url) => url.startsWith('file://') && url.endsWith('/report.html')),
        page.requests.join(', '),
      ).toBe(true);
      expect(page.resources).toEqual([]);
      expect(page.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    // The failures are shown with their evidence; the key is not, though the server echoed it.
    expect(bad.byId['failures']).toMatch(/FAIL \[AUTH-DETAILS-HEADER\]/);
    expect(bad.byId['failures']).toMatch(/replay: {3}curl /);
    expect(bad.text).not.toContain(FAULTY_KEY);
    // The failures start within the first screen, before the requirement matrix (once 8,800 px down after it).
    expect(bad.tops['failures']).toBeLessThan(1500);
    expect(bad.tops['failures']).toBeLessThan(bad.tops['requirements']!);
    // A failure links to its requirement's text, and every such link (and the contents') lands on an element.
    const links = bad.probed as Array<[string, boolean]>;
    expect(links.map(([href]) => href)).toContain('#req-AUTH-DETAILS-HEADER');
    expect(links.filter(([, found]) => !found)).toEqual([]);
    expect((good.probed as Array<[string, boolean]>).filter(([, found]) => !found)).toEqual([]);
    await mkdir(join(ROOT, 'reports'), { recursive: true });
    await writeFile(SCREENSHOT, bad.png);
  }, 120_000);

  it('opens a folded part when a link leads into it, without script', async (context) => {
    if (!chromium) return missingTool(context, missing);
    // A check listed in a folded list of a cause's other checks: the matrix links to it.
    const folded = /<details class="also">[\s\S]*?<li id="(check-\d+)"/.exec(faulty.files['report.html']!)?.[1];
    expect(folded).toBeDefined();
    expect(faulty.files['report.html']).toContain(`href="#${folded}"`);
    const page = await renderFile(chromium, join(faulty.run.reportDir, 'report.html'), [folded!], {
      fragment: folded!,
      probe: `[document.getElementById(${JSON.stringify(folded)}).closest('details').open, window.scrollY]`,
    });
    const [open, scrolled] = page.probed as [boolean, number];
    expect(open).toBe(true);
    expect(scrolled).toBeGreaterThan(0);
  }, 60_000);

  it('sees a page that does fetch from the network (the instrument works)', async (context) => {
    if (!chromium) return missingTool(context, missing);
    const file = join(scratch, 'fetching.html');
    await writeFile(
      file,
      '<!DOCTYPE html><html><body><p id="p">x</p><img src="http://127.0.0.1:9/pixel.png"></body></html>',
      'utf8',
    );
    const page = await renderFile(chromium, file, ['p']);
    expect(page.byId['p']).toBe('x');
    expect(page.requests).toContain('http://127.0.0.1:9/pixel.png');
  }, 60_000);

  it('report.html carries no http(s) URL in a src or href and forbids loading by its Content-Security-Policy', () => {
    for (const r of [faulty, clean]) {
      const html = r.files['report.html']!;
      expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
      expect(html).toContain(
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">',
      );
    }
  });
});
