import { describe, expect, it } from 'vitest';
import { failuresByCause, skipsByReason } from '../../lib/result/aggregate.js';
import { causeKeyOf, causeRules } from '../../lib/result/cause.js';
import type { CheckResult } from '../../lib/result/model.js';
import { FAILED } from '../report/sample.js';

const failedAt = (id: string, violated: string[], where: string, what: string): CheckResult => ({
  ...FAILED,
  id,
  violated,
  where,
  message: `[${violated.join(', ')}] ${where}: ${what}`,
});

describe('causes', () => {
  it('are the rule and what was wrong, wherever seen: one timestamp bug on a contract endpoint and a published one is one cause with both places', () => {
    const checks = [
      failedAt(
        'a',
        ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC'],
        'POST /v1/agents /agent/create_time',
        'must match format "iso-utc"',
      ),
      failedAt(
        'b',
        ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC'],
        'GET /v1/runs /runs/*/create_time',
        'must match format "iso-utc"',
      ),
      failedAt(
        'c',
        ['GENERIC-TIMESTAMPS'],
        'listAgents (GET /v1/agents) /agents/*/create_time',
        'must match format "iso-utc"',
      ),
      failedAt(
        'd',
        ['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC'],
        'POST /v1/agents /agent/create_time',
        'must match format "iso-utc"',
      ),
    ];
    const causes = failuresByCause(checks);
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ key: { rules: ['TIMESTAMP-ISO-UTC'], what: 'must match format "iso-utc"' } });
    expect(causes[0]!.places).toEqual([
      'POST /v1/agents /agent/create_time',
      'GET /v1/runs /runs/*/create_time',
      'listAgents (GET /v1/agents) /agents/*/create_time',
    ]);
    expect(causes[0]!.checks.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keep different rules and different wrongs apart', () => {
    const causes = failuresByCause([
      failedAt('a', ['SCHEMA-CANONICAL'], 'POST /v1/agents /agent/id', 'must be string'),
      failedAt('b', ['SCHEMA-CANONICAL'], 'POST /v1/agents /agent/id', 'must match pattern "^[A-Za-z0-9]{22}$"'),
      failedAt('c', ['ENVELOPE-WRAPPED'], 'POST /v1/agents', 'must be string'),
    ]);
    expect(causes.map((c) => c.checks.map((x) => x.id))).toEqual([['a'], ['b'], ['c']]);
  });

  it('without a known place, are the message with quoted values and large numbers set aside', () => {
    const plain = (id: string, message: string): CheckResult => ({
      ...FAILED,
      id,
      violated: ['LIST-PAGE-SIZE-RESPECTED'],
      message,
    });
    const key = causeKeyOf(plain('a', '[LIST-PAGE-SIZE-RESPECTED] the page holds 1001 items for "x"'));
    expect(key).toMatchObject({ rules: ['LIST-PAGE-SIZE-RESPECTED'], what: 'the page holds N items for "…"' });
    expect(
      failuresByCause([
        plain('a', '[LIST-PAGE-SIZE-RESPECTED] holds 1001 "x"'),
        plain('b', '[LIST-PAGE-SIZE-RESPECTED] holds 1002 "y"'),
      ]),
    ).toHaveLength(1);
  });

  it('name a generic rule as the specification rule it applies, and leave the schema rule out beside a more specific one', () => {
    expect(causeRules(['GENERIC-TIMESTAMPS'])).toEqual(['TIMESTAMP-ISO-UTC']);
    expect(causeRules(['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC'])).toEqual(['TIMESTAMP-ISO-UTC']);
    expect(causeRules(['SCHEMA-CANONICAL'])).toEqual(['SCHEMA-CANONICAL']);
  });
});

describe('skips blocked by one cause', () => {
  it('are one reason however many places the cause was seen at', () => {
    const host = failedAt(
      'host',
      ['GENERIC-IMPLEMENTED'],
      'listTestSets without X-API-Key, answered 404',
      'the operation is published but not implemented',
    );
    const blocked = (id: string, where: string): CheckResult => ({
      ...FAILED,
      id,
      outcome: 'skip',
      message: undefined,
      violated: undefined,
      blockedBy: 'host',
      skipReason: `blocked by [GENERIC-IMPLEMENTED] the operation is published but not implemented (seen at ${where})`,
    });
    const reasons = skipsByReason([
      host,
      blocked('a', 'listTestSets, answered 404'),
      blocked('b', 'listMutations, answered 405'),
      blocked('c', 'listMutations, answered 405'),
    ]);
    expect(reasons).toEqual([
      {
        reason: 'blocked by [GENERIC-IMPLEMENTED] the operation is published but not implemented (seen at 2 places)',
        checks: expect.any(Array),
      },
    ]);
    expect(reasons[0]!.checks.map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});
