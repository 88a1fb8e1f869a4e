// The result model declares the shapes every report is written from; its one rule of its own is
// which requirement ids a check speaks for.

import { describe, expect, it } from 'vitest';
import { type CheckResult, requirementIdsOf } from '../../lib/result/model.js';

const check = (requirements: string[], violated?: string[]): CheckResult => ({
  id: 'agents.get',
  file: 'suites/agents.suite.ts',
  group: 'agents',
  title: 'an agent is read back',
  name: '[AGENT-GET] an agent is read back',
  requirements,
  outcome: violated ? 'fail' : 'pass',
  durationMs: 1,
  ...(violated ? { violated } : {}),
});

describe('requirementIdsOf', () => {
  it('is the ids a check verifies, then those its violation names besides, each once', () => {
    expect(requirementIdsOf(check(['AGENT-GET', 'ERROR-ENVELOPE']))).toEqual(['AGENT-GET', 'ERROR-ENVELOPE']);
    expect(requirementIdsOf(check(['AGENT-GET'], ['SCHEMA-PUBLISHED', 'AGENT-GET']))).toEqual([
      'AGENT-GET',
      'SCHEMA-PUBLISHED',
    ]);
    expect(requirementIdsOf(check([], ['SCHEMA-PUBLISHED']))).toEqual(['SCHEMA-PUBLISHED']);
  });
});
