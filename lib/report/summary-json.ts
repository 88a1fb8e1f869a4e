// summary.json: the run for machines (dashboards, diffs between runs), with its JSON Schema.

import { OUTCOMES, VERDICTS, failuresByCause, verdictOf } from '../result/aggregate.js';
import type { CheckResult, RunResult } from '../result/model.js';
import { SPECIFICATION } from '../contract/specification.js';
import { verdictLine, withRedaction } from './text.js';

export const SUMMARY_SCHEMA_VERSION = 1;

export function toSummaryJson(run: RunResult): string {
  return withRedaction(run, (clean) => `${JSON.stringify(summaryOf(clean), null, 2)}\n`);
}

// Optional fields (stop, and a check's message, evidence, …) are left out when absent: JSON.stringify drops undefined.
function summaryOf(run: RunResult): Record<string, unknown> {
  return {
    schemaVersion: SUMMARY_SCHEMA_VERSION,
    suite: run.suite,
    specification: SPECIFICATION,
    target: run.target,
    profile: run.profile,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    exitCode: run.exitCode,
    verdict: verdictOf(run),
    headline: verdictLine(run),
    counts: run.counts,
    stop: run.stop,
    throttling: run.throttling,
    settings: run.settings,
    selection: { ...run.selection, exclude: run.selection.exclude ?? [] },
    untested: run.untested,
    waivers: run.waivers,
    requirements: run.requirements.map((r) => ({
      id: r.id,
      level: r.level,
      area: r.area,
      outcome: r.outcome,
      checks: r.checks,
      stoppedBy: r.stoppedBy,
    })),
    causes: failuresByCause(run.checks).map(({ key, checks, places }) => ({
      outcome: key.outcome,
      waived: key.waived,
      rules: key.rules,
      what: key.what,
      places,
      checks: checks.map((c) => c.id),
    })),
    checks: run.checks.map(checkSummary),
  };
}

function checkSummary(c: CheckResult): Record<string, unknown> {
  return {
    id: c.id,
    file: c.file,
    group: c.group,
    name: c.name,
    requirements: c.requirements,
    outcome: c.outcome,
    durationMs: c.durationMs,
    message: c.message,
    skipReason: c.skipReason,
    violated: c.violated,
    where: c.where,
    alsoSeenAt: c.alsoSeenAt,
    evidence: c.evidence,
    seed: c.seed,
    path: c.path,
    requests: c.requests,
    requestChain: c.requestChain,
    blockedBy: c.blockedBy,
    notes: c.notes,
    waived: c.waived,
  };
}

const str = { type: 'string' } as const;
const strings = { type: 'array', items: str } as const;
const nonNegative = { type: 'number', minimum: 0 } as const;
const headers = { type: 'object', additionalProperties: str } as const;
const outcome = { enum: [...OUTCOMES] } as const;

type Schema = Readonly<Record<string, unknown>>;

const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const waiverEntry: Readonly<Record<string, Schema>> = { requirement: str, check: str, reason: str, expires: date };

const object = (properties: Readonly<Record<string, Schema>>, required: readonly string[]): Schema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

/** JSON Schema (draft-07) of summary.json. */
export const SUMMARY_SCHEMA = object(
  {
    schemaVersion: { const: SUMMARY_SCHEMA_VERSION },
    suite: object({ name: str, version: str }, ['name', 'version']),
    // The specification the suite checks; optional so that summaries written before it was recorded still validate (and merge).
    specification: object({ file: str, sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' } }, ['file', 'sha256']),
    target: object(
      { baseUrl: { type: ['string', 'null'] }, embedded: { type: 'boolean' }, proxy: str, insecure: { const: true } },
      ['baseUrl', 'embedded'],
    ),
    profile: str,
    startedAt: str,
    durationMs: nonNegative,
    exitCode: { enum: [0, 1, 2, 130, 143] },
    verdict: { enum: [...VERDICTS] },
    /** The console's verdict line: `CONFORMANT (exit code 0)`, naming the embedded reference when that was the target. */
    headline: str,
    counts: object(Object.fromEntries([...OUTCOMES, 'total'].map((k) => [k, { type: 'integer', minimum: 0 }])), [
      ...OUTCOMES,
      'total',
    ]),
    stop: object(
      {
        kind: { enum: ['config', 'unreachable', 'unauthenticated', 'internal', 'interrupted', 'throttled'] },
        message: str,
        signal: { enum: ['SIGINT', 'SIGTERM'] },
      },
      ['kind', 'message'],
    ),
    throttling: object({ responses: { type: 'integer', minimum: 0 }, waitMs: nonNegative }, ['responses', 'waitMs']),
    settings: headers,
    // `exclude` is optional so that summaries written before it existed still validate (and merge).
    selection: object(
      {
        only: strings,
        shards: strings,
        readOnly: { type: 'boolean' },
        exclude: strings,
        grep: str,
        stoppedAfterFailures: { type: 'integer', minimum: 1 },
      },
      ['only', 'shards', 'readOnly'],
    ),
    waivers: object(
      {
        file: str,
        entries: { type: 'integer', minimum: 0 },
        waived: { type: 'integer', minimum: 0 },
        expired: {
          type: 'array',
          items: object({ ...waiverEntry, failures: strings }, ['reason', 'expires', 'failures']),
        },
        stale: { type: 'array', items: object(waiverEntry, ['reason']) },
        unmatched: { type: 'array', items: object(waiverEntry, ['reason']) },
      },
      ['file', 'entries', 'waived', 'expired', 'stale'],
    ),
    untested: {
      type: 'array',
      items: object({ id: str, level: { enum: ['MUST', 'SHOULD'] }, reason: str }, ['id', 'level', 'reason']),
    },
    requirements: {
      type: 'array',
      items: object(
        {
          id: str,
          level: { enum: ['MUST', 'SHOULD'] },
          area: str,
          outcome: { enum: [...OUTCOMES, 'untested'] },
          checks: strings,
          stoppedBy: strings,
        },
        ['id', 'level', 'area', 'outcome', 'checks'],
      ),
    },
    // The failed and errored checks by cause (the rule and what was wrong), each with the places it was seen at.
    causes: {
      type: 'array',
      items: object(
        { outcome, waived: { type: 'boolean' }, rules: strings, what: str, places: strings, checks: strings },
        ['outcome', 'waived', 'rules', 'what', 'places', 'checks'],
      ),
    },
    checks: {
      type: 'array',
      items: object(
        {
          id: str,
          file: str,
          group: str,
          name: str,
          requirements: strings,
          outcome,
          durationMs: nonNegative,
          message: str,
          skipReason: str,
          violated: strings,
          where: str,
          alsoSeenAt: strings,
          seed: { type: 'integer' },
          path: str,
          requests: { type: 'integer', minimum: 0 },
          requestChain: { type: 'integer', minimum: 0 },
          blockedBy: str,
          notes: strings,
          waived: object({ by: strings, reason: str, expires: date }, ['by', 'reason']),
          evidence: object(
            {
              method: str,
              url: str,
              requestHeaders: headers,
              requestBodyExcerpt: str,
              status: { type: 'integer' },
              responseHeaders: headers,
              responseBodyExcerpt: str,
              curl: str,
            },
            ['method', 'url', 'requestHeaders', 'curl'],
          ),
        },
        ['id', 'file', 'group', 'name', 'requirements', 'outcome', 'durationMs'],
      ),
    },
  },
  [
    'schemaVersion',
    'suite',
    'target',
    'profile',
    'startedAt',
    'durationMs',
    'exitCode',
    'verdict',
    'counts',
    'settings',
    'selection',
    'untested',
    'requirements',
    'checks',
  ],
);
