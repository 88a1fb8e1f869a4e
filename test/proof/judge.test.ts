// Which checks the fault score shows able to fail: a check is, when a fault's evidence holds it, or (an
// instance of an operation family) when it holds a sibling of its family.

import { describe, expect, test } from 'vitest';
import type { CheckResult } from '../../lib/result/model.js';
import { unprovenChecks, type Proof } from '../../proof/judge.js';

const proof = (name: string, ids: readonly string[]): Proof => ({
  name,
  ok: ids.length > 0,
  evidence: ids.map((id) => ({ id }) as CheckResult),
  proven: [],
  checks: ids.length,
});

describe('unprovenChecks', () => {
  test('a check in no fault evidence is unproven; one in some is not', () => {
    expect(unprovenChecks(['a.one', 'a.two'], [proof('fault:f', ['a.one'])])).toEqual(['a.two']);
  });

  test("a variation's failures prove nothing", () => {
    expect(unprovenChecks(['a.one'], [proof('variation:v/default', ['a.one'])])).toEqual(['a.one']);
  });

  test('an operation instance is proven by a sibling of its family, never by another family', () => {
    const ids = [
      'published.agent-evaluation.get-run.auth',
      'published.agent-evaluation.list-agents.auth',
      'published.agent-evaluation.list-agents.read',
      'run::published-schema::GET /v1/runs',
      'run::published-schema::POST /v1/agents',
    ];
    const proofs = [
      proof('fault:f', ['published.agent-evaluation.get-run.auth', 'run::published-schema::POST /v1/agents']),
    ];
    expect(unprovenChecks(ids, proofs)).toEqual(['published.agent-evaluation.list-agents.read']);
  });
});
