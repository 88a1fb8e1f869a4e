import { describe, expect, it } from 'vitest';
import { newAjv } from '../../lib/schema/ajv.js';
import { registerSecret } from '../../lib/http/redact.js';
import { SUMMARY_SCHEMA, toSummaryJson } from '../../lib/report/summary-json.js';
import { summarise } from '../../lib/result/aggregate.js';
import { FAILED, META, PASSED, PROPERTY, sampleRun, stoppedRun } from './sample.js';

const validate = newAjv().compile(SUMMARY_SCHEMA);

describe('toSummaryJson', () => {
  it('validates against SUMMARY_SCHEMA, for a full and a stopped run', () => {
    for (const run of [sampleRun(), stoppedRun()]) {
      const summary: unknown = JSON.parse(toSummaryJson(run));
      expect(validate(summary), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('carries the verdict, counts, stop and every check', () => {
    const summary = JSON.parse(toSummaryJson(sampleRun()));
    expect(summary).toMatchObject({
      schemaVersion: 1,
      exitCode: 1,
      verdict: 'violations',
      counts: { pass: 2, fail: 1, skip: 1, error: 1, total: 5 },
    });
    expect(summary.stop).toBeUndefined();
    expect(summary.checks).toHaveLength(5);
    expect(summary.checks[1]).toMatchObject({
      id: FAILED.id,
      violated: FAILED.violated,
      evidence: { status: 404, curl: FAILED.evidence?.curl },
    });
    expect(summary.checks[4]).toMatchObject({ seed: PROPERTY.seed, path: PROPERTY.path });
    expect(JSON.parse(toSummaryJson(stoppedRun()))).toMatchObject({
      verdict: 'stopped',
      exitCode: 2,
      stop: { kind: 'unauthenticated' },
    });
  });

  it('heads with the verdict line, naming the embedded reference; an interrupted run validates with its signal and exit code', () => {
    expect(JSON.parse(toSummaryJson(sampleRun())).headline).toBe('NOT CONFORMANT (exit code 1)');
    const embedded = JSON.parse(
      toSummaryJson(summarise([PASSED], { ...META, target: { baseUrl: 'http://127.0.0.1:4000', embedded: true } })),
    );
    expect(embedded).toMatchObject({
      target: { embedded: true },
      headline: expect.stringMatching(/ against the embedded reference service, no target named \(exit code 0\)$/),
    });
    const interrupted = JSON.parse(
      toSummaryJson(
        summarise([PASSED], {
          ...META,
          stop: { kind: 'interrupted', signal: 'SIGINT', message: 'interrupted by SIGINT' },
        }),
      ),
    );
    expect(interrupted).toMatchObject({
      verdict: 'interrupted',
      exitCode: 130,
      stop: { kind: 'interrupted', signal: 'SIGINT' },
    });
    expect(validate(interrupted), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects a summary that drifts from the schema', () => {
    const summary = JSON.parse(toSummaryJson(sampleRun()));
    expect(validate({ ...summary, verdict: 'fine' })).toBe(false);
    expect(validate({ ...summary, extra: 1 })).toBe(false);
  });

  it('never writes a registered secret, even one JSON would escape', () => {
    const secret = 'k3y"with\\quote';
    registerSecret(secret);
    const json = toSummaryJson(sampleRun([{ ...FAILED, message: `echo ${secret}` }]));
    expect(json).not.toContain('k3y');
    expect(JSON.parse(json).checks[0].message).toBe('echo [redacted]');
  });
});
