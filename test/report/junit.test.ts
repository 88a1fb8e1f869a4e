import { describe, expect, it } from 'vitest';
import { toJunitXml } from '../../lib/report/junit.js';
import { registerSecret } from '../../lib/http/redact.js';
import { SPECIFICATION_TEXT } from '../../lib/contract/specification.js';
import { CHECKS, ERRORED, FAILED, PROPERTY, SKIPPED, sampleRun, stoppedRun } from './sample.js';
import { parseXml, type XmlElement } from './xml.js';

// The Jenkins/Ant outline: testsuites > testsuite > properties?, testcase*, system-out?, system-err?;
// testcase > properties?, (skipped|error|failure)?, system-out?, system-err?.
const SUITE_CHILDREN = /^(properties,)?(testcase,)*(system-out,)?(system-err,)?$/;
const CASE_CHILDREN = /^(properties,)?(skipped,|error,|failure,)?(system-out,)?(system-err,)?$/;
const TIME = /^\d+(\.\d+)?$/;

function structureProblems(root: XmlElement): string[] {
  const problems: string[] = [];
  const need = (e: XmlElement, names: string[]): void => {
    for (const n of names)
      if (!(n in e.attributes)) problems.push(`<${e.name} ${e.attributes['name'] ?? ''}> lacks ${n}`);
  };
  const sequence = (e: XmlElement): string => e.children.map((c) => `${c.name},`).join('');
  if (root.name !== 'testsuites') problems.push(`root is ${root.name}`);
  for (const suite of root.children) {
    if (suite.name !== 'testsuite') problems.push(`${suite.name} under testsuites`);
    need(suite, ['name', 'tests', 'failures', 'errors', 'skipped', 'time']);
    if (!SUITE_CHILDREN.test(sequence(suite)))
      problems.push(`testsuite ${suite.attributes['name']} children: ${sequence(suite)}`);
    if (!TIME.test(suite.attributes['time'] ?? '')) problems.push(`testsuite time ${suite.attributes['time']}`);
    for (const tc of suite.children.filter((c) => c.name === 'testcase')) {
      need(tc, ['name', 'classname', 'time']);
      if (!CASE_CHILDREN.test(sequence(tc)))
        problems.push(`testcase ${tc.attributes['name']} children: ${sequence(tc)}`);
      if (!TIME.test(tc.attributes['time'] ?? '')) problems.push(`testcase time ${tc.attributes['time']}`);
    }
  }
  return problems;
}

const suites = (root: XmlElement): XmlElement[] => root.children;
const cases = (root: XmlElement): XmlElement[] =>
  root.children.flatMap((s) => s.children.filter((c) => c.name === 'testcase'));
const caseNamed = (root: XmlElement, name: string): XmlElement => {
  const found = cases(root).find((c) => c.attributes['name'] === name);
  if (!found) throw new Error(`no testcase ${name}`);
  return found;
};
const child = (e: XmlElement, name: string): XmlElement | undefined => e.children.find((c) => c.name === name);
const propertiesOf = (tc: XmlElement): [string, string][] =>
  (child(tc, 'properties')?.children ?? []).map((p) => [p.attributes['name'] ?? '', p.attributes['value'] ?? '']);

describe('the test XML reader', () => {
  it('rejects what is not well-formed', () => {
    for (const bad of [
      '<a>&</a>',
      '<a><b></a>',
      '<a>\u0001</a>',
      '<a x="<"/>',
      '<a>&nbsp;</a>',
      '<a/><b/>',
      '<a>]]></a>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    expect(parseXml('<a x="1&#10;2">&lt;&amp;</a>')).toMatchObject({ attributes: { x: '1\n2' }, text: '<&' });
  });
});

describe('toJunitXml', () => {
  it('is well-formed and follows the JUnit outline', () => {
    const root = parseXml(toJunitXml(sampleRun()));
    expect(structureProblems(root)).toEqual([]);
  });

  it('writes one testsuite per group and one testcase per check, with the counts', () => {
    const run = sampleRun();
    const root = parseXml(toJunitXml(run));
    // The root has only the attributes junit-10.xsd allows there; skipped and timestamp are per testsuite.
    // Each requirement the partial run left unverified is a skipped testcase of the group `untested`.
    expect(root.attributes).toEqual({
      name: 'aes-conformance',
      tests: String(5 + run.untested.length),
      failures: '1',
      errors: '1',
      time: '4.321',
    });
    expect(suites(root).map((s) => s.attributes['name'])).toEqual([
      'agents',
      'mutations',
      'scheduled-runs',
      'untested',
    ]);
    expect(suites(root)[0]?.attributes).toMatchObject({
      tests: '3',
      failures: '0',
      errors: '1',
      skipped: '0',
      time: '11.020',
      timestamp: '2025-01-02T03:04:05',
    });
    expect(suites(root)[2]?.attributes).toMatchObject({ skipped: '1' });
    expect(
      cases(root)
        .map((c) => c.attributes['name'])
        .filter((n) => !n?.endsWith('not verified in this run'))
        .sort(),
    ).toEqual(CHECKS.map((c) => c.name).sort());
    expect(caseNamed(root, FAILED.name).attributes).toMatchObject({
      classname: 'aes-conformance.mutations',
      time: '0.250',
    });
  });

  it("gives every testsuite the run's verdict, exit code, selection and untested count as properties", () => {
    const run = sampleRun();
    const root = parseXml(toJunitXml(run));
    for (const suite of suites(root)) {
      expect(propertiesOf(suite)).toEqual([
        ['verdict', 'violations'],
        ['exit_code', '1'],
        ['target', run.target.baseUrl!],
        ['target_embedded', 'false'],
        ['profile', 'default'],
        ['specification', SPECIFICATION_TEXT],
        ['selection', 'everything'],
        ['untested_requirements', String(run.untested.length)],
      ]);
    }
  });

  it('names the embedded reference service as the target in the properties', () => {
    const run = { ...sampleRun(), target: { baseUrl: 'http://127.0.0.1:4000', embedded: true } };
    const properties = propertiesOf(suites(parseXml(toJunitXml(run)))[0]!);
    expect(properties).toContainEqual(['target', 'http://127.0.0.1:4000']);
    expect(properties).toContainEqual(['target_embedded', 'true']);
  });

  it('carries requirement, level, section, seed and path as testcase properties', () => {
    const root = parseXml(toJunitXml(sampleRun()));
    expect(propertiesOf(caseNamed(root, PROPERTY.name))).toEqual([
      ['requirement', 'AGENT-DISPLAY-NAME'],
      ['requirement', 'SCHEMA-PUBLISHED'],
      ['level', 'MUST'],
      ['spec_section', 'Agent; Specification endpoints'],
      ['seed', '-1234567'],
      ['path', '3:1:0'],
    ]);
  });

  it('puts message, violated ids, request, response and replay line into a failure', () => {
    const failure = child(caseNamed(parseXml(toJunitXml(sampleRun())), FAILED.name), 'failure');
    expect(failure?.attributes).toEqual({ message: 'the second DELETE answered 404', type: 'RuleViolation' });
    const text = failure?.text ?? '';
    for (const part of [
      'expected a success',
      'violated: MUTATION-DELETE-IDEMPOTENT',
      `request:  DELETE ${FAILED.evidence?.url}`,
      'X-API-Key: $API_KEY',
      'response: 404',
      'content-type: application/json',
      '"code":"NOT_FOUND"',
      `replay:   ${FAILED.evidence?.curl}`,
    ]) {
      expect(text).toContain(part);
    }
  });

  it('marks errors and skips', () => {
    const root = parseXml(toJunitXml(sampleRun()));
    expect(child(caseNamed(root, ERRORED.name), 'error')?.attributes).toEqual({
      message: 'request timed out after 10000 ms',
      type: 'Error',
    });
    expect(child(caseNamed(root, SKIPPED.name), 'skipped')?.attributes).toEqual({ message: SKIPPED.skipReason });
  });

  it('reports a stopped run as one errored preflight testcase', () => {
    const root = parseXml(toJunitXml(stoppedRun()));
    expect(structureProblems(root)).toEqual([]);
    expect(root.attributes).toMatchObject({ tests: '1', errors: '1', failures: '0' });
    const [suite] = suites(root);
    expect(suite?.attributes['name']).toBe('preflight');
    expect(
      child(
        suite!.children.find((c) => c.name === 'testcase')!,
        'error',
      )?.attributes['message'],
    ).toBe('the target rejected API_KEY (401 UNAUTHENTICATED)');
  });

  it('escapes markup and replaces characters XML 1.0 forbids', () => {
    const nasty = 'a <b> & "c" \'d\' ]]> \u0000\u0007\u001b[31m \uD800 end';
    const run = sampleRun([{ ...FAILED, name: `[X] ${nasty}`, message: nasty }]);
    const xml = toJunitXml(run);
    const root = parseXml(xml);
    expect(structureProblems(root)).toEqual([]);
    expect(xml).not.toContain(']]>');
    const tc = cases(root)[0]!;
    const expected = 'a <b> & "c" \'d\' ]]> \\u0000\\u0007\\u001b[31m \\ud800 end';
    expect(tc.attributes['name']).toBe(`[X] ${expected}`);
    expect(child(tc, 'failure')?.attributes['message']).toBe(expected);
  });

  it('keeps line breaks in attributes', () => {
    const tc = cases(parseXml(toJunitXml(sampleRun([{ ...SKIPPED, skipReason: 'one\ntwo' }]))))[0]!;
    expect(child(tc, 'skipped')?.attributes['message']).toBe('one\ntwo');
  });

  it('never writes a registered secret, even inside a message or a header', () => {
    const secret = 'sk-live-S3CR&T<key>';
    registerSecret(secret);
    const run = sampleRun([
      {
        ...FAILED,
        message: `server echoed ${secret}`,
        evidence: {
          ...FAILED.evidence!,
          requestHeaders: { 'x-api-key': secret },
          responseBodyExcerpt: `{"key":"${secret}"}`,
        },
      },
    ]);
    const xml = toJunitXml(run);
    expect(xml).not.toContain('S3CR');
    expect(xml).toContain('server echoed [redacted]');
    expect(xml).toContain('x-api-key: $API_KEY');
  });
});
