// Every report names the specification the run was checked against, a finished run or a stopped one.

import { describe, expect, it } from 'vitest';
import { SPECIFICATION } from '../../lib/contract/specification.js';
import { consoleSummary } from '../../lib/report/console.js';
import { toHtml } from '../../lib/report/html.js';
import { toJunitXml } from '../../lib/report/junit.js';
import { toSummaryJson } from '../../lib/report/summary-json.js';
import { sampleRun, stoppedRun } from './sample.js';

describe.each([
  ['a finished run', sampleRun()],
  ['a stopped run', stoppedRun()],
])('%s', (_, run) => {
  const line = `${SPECIFICATION.file}, SHA-256 ${SPECIFICATION.sha256}`;

  it('names the specification in the console summary', () => {
    expect(consoleSummary(run, { color: false })).toContain(
      `\nSpecification: ${SPECIFICATION.file}\n  SHA-256 ${SPECIFICATION.sha256}\n`,
    );
  });

  it('records it in summary.json', () => {
    expect(JSON.parse(toSummaryJson(run)).specification).toEqual(SPECIFICATION);
  });

  it('carries it as a property of every junit.xml testsuite', () => {
    const xml = toJunitXml(run);
    const property = `<property name="specification" value="${line}"/>`;
    expect(xml.split(property).length - 1).toBe(xml.split('<testsuite ').length - 1);
  });

  it('shows it in the header of report.html', () => {
    expect(/<header>[\s\S]*<\/header>/.exec(toHtml(run))?.[0]).toContain(line);
  });
});
