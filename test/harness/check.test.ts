// A check owns what it creates: its deletions run when it ends, and a refusal fails that very
// check (one that passed or skipped), or, after a failure of its own, is kept as a finding the
// runner settles by its cause. Proven on a fixture file run through vitest against the reference.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { createVitest } from 'vitest/node';
import { parseConfig } from '../../lib/config.js';
import { planEnvironment } from '../../lib/protocol/plan.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import type { CheckResult } from '../../lib/result/model.js';
import { CollectingReporter } from '../../lib/runner/collect.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { CONFORMANCE_SCHEDULING, PACKAGE_ROOT } from '../../lib/runner/project.js';

let reference: RunningReference;

beforeAll(async () => {
  reference = await startReferenceService();
});
afterAll(async () => {
  await reference.close();
});

test('a refused deletion fails the check that created the resource', async () => {
  const config = parseConfig({ ...referenceEnvironment(reference), AES_RUN_MARKER: 'cft-cleanup' });
  const collector = new CollectingReporter();
  const vitest = await createVitest('test', {
    root: PACKAGE_ROOT,
    config: false,
    run: true,
    watch: false,
    reporters: [collector],
    include: ['test/harness/fixtures/cleanup.fixture.ts'],
    env: planEnvironment({ targets: [{ name: 'reference', config }] }),
    ...CONFORMANCE_SCHEDULING,
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  const checks = collector.checksOf('reference');
  const byTitle = (title: string): CheckResult => checks.find((c) => c.title === title)!;
  expect(collector.problems).toEqual([]);
  expect(checks).toHaveLength(4);
  for (const title of ['passes, then its deletion is refused', 'skips, then its deletion is refused']) {
    expect(byTitle(title), title).toMatchObject({
      outcome: 'fail',
      violated: ['MUTATION-DELETE-IDEMPOTENT'],
      message: expect.stringMatching(/deleting what the check created should succeed/),
    });
  }
  const failed = byTitle('fails, then its deletion is refused');
  expect(failed).toMatchObject({ outcome: 'fail', violated: ['MUTATION-CREATE'] });
  expect(failed.findings).toEqual([
    expect.objectContaining({ kind: 'observed', requirements: ['MUTATION-DELETE-IDEMPOTENT'] }),
  ]);
  const passed = byTitle('passes, and its deletion succeeds');
  expect(passed.outcome).toBe('pass');
  // The ids it declares lead its name; the rules its assertions applied are recorded beside them.
  expect(passed.name).toBe('[MUTATION-CREATE] passes, and its deletion succeeds');
  expect(passed.requirements).toEqual(
    expect.arrayContaining(['MUTATION-CREATE', 'ENVELOPE-WRAPPED', 'SCHEMA-CANONICAL']),
  );
}, 180_000); // starts a vitest of its own: not about time, so bounded only against a hang
