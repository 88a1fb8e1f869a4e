// The one decoder of what a worker sends back: a finished test case and the meta its check recorded
// become a check result. Fed with test cases shaped as vitest hands them to a reporter.

import type { TestCase } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../lib/http/redact.js';
import { outcomeOf, relativeFile, targetOf, toCheckResult } from '../../lib/protocol/decode.js';
import type { CheckMeta } from '../../lib/protocol/meta.js';
import type { Evidence, Finding } from '../../lib/result/model.js';

interface Ended {
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  meta?: CheckMeta;
  errors?: Array<{ message: string }>;
  note?: string;
  /** The describe blocks around the check, outermost first. */
  blocks?: string[];
  durationMs?: number;
}

const NAME = '[AGENT-GET] an agent is read back';

/** A test case of suites/agents.suite.ts as a reporter receives it. */
function testCase({ state, meta = {}, errors = [], note, blocks = ['agents'], durationMs = 12.4 }: Ended): TestCase {
  const module = { type: 'module', moduleId: '/home/ci/aes/suites/agents.suite.ts' };
  let parent: object = module;
  for (const name of blocks) parent = { type: 'suite', name, parent };
  return {
    module,
    parent,
    name: NAME,
    fullName: `${blocks.join(' > ')} > ${NAME}`,
    meta: () => meta,
    result: () => ({ state, errors, ...(note === undefined ? {} : { note }) }),
    diagnostic: () => ({ duration: durationMs }),
  } as unknown as TestCase;
}

const evidence: Evidence = {
  method: 'GET',
  url: 'http://127.0.0.1:1/v1/agents/a',
  requestHeaders: {},
  status: 500,
  curl: 'curl',
};
const finding: Finding = { kind: 'observed', requirements: ['LIST-PAGE-SIZE'], summary: 'too many items' };

describe('toCheckResult', () => {
  it('names the check by its id, file, top block and title, with its declared and verified rules once each', () => {
    const check = toCheckResult(
      testCase({
        state: 'passed',
        meta: {
          checkId: 'agents.get',
          requirements: ['AGENT-GET', 'ERROR-ENVELOPE'],
          verified: ['ERROR-ENVELOPE', 'SCHEMA-CANONICAL'],
          target: 'fault-a',
        },
        blocks: ['fault-a', 'agents'],
      }),
    );
    expect(check).toEqual({
      id: 'agents.get',
      file: 'suites/agents.suite.ts',
      group: 'fault-a',
      title: 'an agent is read back',
      name: NAME,
      requirements: ['AGENT-GET', 'ERROR-ENVELOPE', 'SCHEMA-CANONICAL'],
      outcome: 'pass',
      durationMs: 12,
    });
  });

  it('tells a test case no check() declared apart by its place, in the group "general" outside any block', () => {
    const check = toCheckResult(testCase({ state: 'passed', blocks: [] }));
    expect(check.id).toBe(`suites/agents.suite.ts:: > ${NAME}`);
    expect(check.group).toBe('general');
    expect(check.requirements).toEqual([]);
  });

  it('a violation is a fail: its rules, where, the summary as message and the evidence', () => {
    const check = toCheckResult(
      testCase({
        state: 'failed',
        meta: {
          requirements: ['AGENT-GET'],
          violated: ['AGENT-GET', 'SCHEMA-PUBLISHED'],
          violationSummary: 'GET /v1/agents/a: status 500',
          violationWhere: 'GET /v1/agents/a',
          evidence,
        },
        errors: [{ message: 'the thrown text, not shown' }],
      }),
    );
    expect(check).toMatchObject({
      outcome: 'fail',
      message: '[AGENT-GET, SCHEMA-PUBLISHED] GET /v1/agents/a: status 500',
      violated: ['AGENT-GET', 'SCHEMA-PUBLISHED'],
      where: 'GET /v1/agents/a',
      evidence,
    });
  });

  it('a failure without a violated rule is an error: the errors as message, the key redacted, the evidence kept', () => {
    registerSecret('decode-test-key');
    const check = toCheckResult(
      testCase({
        state: 'failed',
        meta: { violationWhere: 'nowhere', evidence },
        errors: [{ message: 'socket hang up' }, { message: 'sent decode-test-key' }],
      }),
    );
    expect(check.outcome).toBe('error');
    expect(check.message).toBe('socket hang up\nsent [redacted]');
    expect(check.evidence).toEqual(evidence);
    expect(check).not.toHaveProperty('violated');
    expect(check).not.toHaveProperty('where');
  });

  it("a skip gives the check's reason, else vitest's note, else 'skipped'; no message, no evidence", () => {
    const skipped = (meta: CheckMeta, note?: string) =>
      toCheckResult(
        testCase({ state: 'skipped', meta: { ...meta, evidence }, ...(note === undefined ? {} : { note }) }),
      );
    expect(skipped({ skipReason: 'no DASHBOARD_ID' }, 'a note')).toMatchObject({
      outcome: 'skip',
      skipReason: 'no DASHBOARD_ID',
    });
    expect(skipped({}, 'a note').skipReason).toBe('a note');
    expect(skipped({}).skipReason).toBe('skipped');
    expect(skipped({})).not.toHaveProperty('message');
    expect(skipped({})).not.toHaveProperty('evidence');
  });

  it('a passing check keeps no skip reason, violation or evidence it recorded on the way', () => {
    const check = toCheckResult(
      testCase({ state: 'passed', meta: { skipReason: 'x', violated: ['AGENT-GET'], violationWhere: 'w', evidence } }),
    );
    expect(check).toMatchObject({ outcome: 'pass' });
    for (const field of ['skipReason', 'violated', 'where', 'evidence', 'message'])
      expect(check).not.toHaveProperty(field);
  });

  it('carries the property, the request counts, and the notes, findings and published operations when there are any', () => {
    const meta: CheckMeta = {
      seed: 0,
      path: '3:1',
      requests: 0,
      requestChain: 0,
      notes: ['merge keys'],
      findings: [finding],
      publishedChecked: ['GET /v1/runs'],
    };
    expect(toCheckResult(testCase({ state: 'passed', meta }))).toMatchObject({
      seed: 0,
      path: '3:1',
      requests: 0,
      requestChain: 0,
      notes: ['merge keys'],
      findings: [finding],
      publishedChecked: ['GET /v1/runs'],
    });
    const empty = toCheckResult(testCase({ state: 'passed', meta: { notes: [], findings: [], publishedChecked: [] } }));
    for (const field of ['seed', 'path', 'requests', 'requestChain', 'notes', 'findings', 'publishedChecked'])
      expect(empty).not.toHaveProperty(field);
  });
});

describe('outcomeOf', () => {
  it('passed is pass, failed is fail with a violated rule and error without, skipped is skip, a check never finished is an error', () => {
    expect(outcomeOf('passed', false)).toBe('pass');
    expect(outcomeOf('failed', true)).toBe('fail');
    expect(outcomeOf('failed', false)).toBe('error');
    expect(outcomeOf('skipped', true)).toBe('skip');
    expect(outcomeOf('pending', false)).toBe('error');
  });
});

describe('targetOf and relativeFile', () => {
  it("reads the plan's target from the meta, empty when none was recorded", () => {
    expect(targetOf(testCase({ state: 'passed', meta: { target: 'fault-a' } }))).toBe('fault-a');
    expect(targetOf(testCase({ state: 'passed' }))).toBe('');
  });

  it('starts a suite file at suites/ (the last one in the path), and leaves any other path whole', () => {
    expect(relativeFile('/a/suites/b/suites/agents.suite.ts')).toBe('suites/agents.suite.ts');
    expect(relativeFile('/home/ci/test/x.test.ts')).toBe('/home/ci/test/x.test.ts');
  });
});
