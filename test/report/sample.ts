// Sample runs for the report tests: one check of each outcome, and a run stopped before the suites.

import { summarise, WHOLE_SUITE, type RunMeta } from '../../lib/result/aggregate.js';
import type { CheckResult, RunResult, RunStop } from '../../lib/result/model.js';
import { REQUIREMENTS } from '../../lib/contract/requirements/index.js';
import { checkIdOf } from '../../lib/result/check-id.js';

const BASE = 'http://127.0.0.1:8787';

export const META: RunMeta = {
  suite: { name: 'aes-conformance', version: '0.1.0' },
  target: { baseUrl: BASE, embedded: false },
  profile: 'default',
  startedAt: '2025-01-02T03:04:05.678Z',
  durationMs: 4321,
  settings: { BASE_URL: BASE, API_KEY: '[redacted]', PROFILE: 'default', READ_ONLY: 'false' },
  selection: WHOLE_SUITE,
};

const check = (c: Omit<CheckResult, 'id' | 'file' | 'name'> & { file?: string }): CheckResult => {
  const file = c.file ?? `suites/${c.group}.suite.ts`;
  const name = `[${c.requirements.join(', ')}] ${c.title}`;
  return { ...c, file, name, id: checkIdOf(c.group, c.title) };
};

export const PASSED = check({
  group: 'agents',
  title: 'creating an agent returns it',
  requirements: ['AGENT-CREATE'],
  outcome: 'pass',
  durationMs: 120,
});

export const FAILED = check({
  group: 'mutations',
  title: 'deleting a deleted mutation succeeds',
  requirements: ['MUTATION-DELETE-IDEMPOTENT'],
  outcome: 'fail',
  durationMs: 250,
  message: 'the second DELETE answered 404\nexpected a success, as for the first',
  violated: ['MUTATION-DELETE-IDEMPOTENT'],
  evidence: {
    method: 'DELETE',
    url: `${BASE}/v1/agents/01ARZ3NDEKTSV4RRFFQ69G5FAV/mutations/01BX5ZZKBKACTAV9WEVGEMMVRZ`,
    requestHeaders: { 'X-API-Key': '$API_KEY', accept: 'application/json' },
    status: 404,
    responseHeaders: { 'content-type': 'application/json' },
    responseBodyExcerpt: '{"error":{"code":"NOT_FOUND","message":"mutation not found"}}',
    curl: `curl -sS -i -X DELETE '${BASE}/v1/agents/01ARZ3NDEKTSV4RRFFQ69G5FAV/mutations/01BX5ZZKBKACTAV9WEVGEMMVRZ' -H "X-API-Key: $API_KEY" -H 'accept: application/json'`,
  },
});

export const SKIPPED = check({
  group: 'scheduled-runs',
  title: 'a scheduled run is fetched by id',
  requirements: ['SCHEDULED-RUN-GET'],
  outcome: 'skip',
  durationMs: 0,
  skipReason: 'SCHEDULED_RUN_ID is not set: the API cannot create a scheduled run',
});

export const ERRORED = check({
  group: 'agents',
  title: 'an agent is fetched by id',
  requirements: ['AGENT-GET'],
  outcome: 'error',
  durationMs: 10_000,
  message: 'request timed out after 10000 ms\n    at Client.send (lib/http/client.ts:42:7)',
});

export const PROPERTY = check({
  group: 'agents',
  title: 'display names up to 200 characters are accepted',
  requirements: ['AGENT-DISPLAY-NAME', 'SCHEMA-PUBLISHED'],
  outcome: 'pass',
  durationMs: 900,
  seed: -1234567,
  path: '3:1:0',
});

export const CHECKS: readonly CheckResult[] = [PASSED, FAILED, SKIPPED, ERRORED, PROPERTY];

export function sampleRun(checks: readonly CheckResult[] = CHECKS): RunResult {
  return summarise(checks, META);
}

/** One passing check per requirement of the catalog: a run that verified everything. */
export const COVERING: readonly CheckResult[] = REQUIREMENTS.map((r) =>
  check({
    group: r.area,
    title: `verifies ${r.id}`,
    requirements: [r.id],
    outcome: 'pass',
    durationMs: 1,
  }),
);

export function stoppedRun(
  stop: RunStop = { kind: 'unauthenticated', message: 'the target rejected API_KEY (401 UNAUTHENTICATED)' },
): RunResult {
  return summarise([], { ...META, stop });
}
