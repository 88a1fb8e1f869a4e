// A check owns what it creates: its deletions run when it ends, and a refusal fails that very
// check (one that passed or skipped), or, after a failure of its own, is kept as a finding the
// runner settles by its cause. Conventions its responses broke (strict profile) are judged the same
// way. Proven on fixture files run through vitest against the reference.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { planEnvironment } from '../../lib/protocol/plan.js';
import { startReferenceService, type RequestListener, type RunningReference } from '../../lib/reference/server.js';
import type { CheckResult } from '../../lib/result/model.js';
import { CollectingReporter } from '../../lib/runner/collect.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { CONFORMANCE_SCHEDULING } from '../../lib/runner/project.js';
import { runFixtureVitest } from '../support/fixture-vitest.js';

let reference: RunningReference;
/** The same service, its JSON bodies labelled `text/plain`: the strict profile's RESPONSE-CONTENT-TYPE-JSON broken. */
let mislabelled: RunningReference;

const mislabel =
  (listener: RequestListener): RequestListener =>
  (req, res) => {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((status: number, headers?: Record<string, string | number>) =>
      writeHead(
        status,
        headers && 'Content-Type' in headers ? { ...headers, 'Content-Type': 'text/plain' } : headers,
      )) as typeof res.writeHead;
    return listener(req, res);
  };

beforeAll(async () => {
  reference = await startReferenceService();
  mislabelled = await startReferenceService({ wrap: mislabel });
});
afterAll(async () => {
  await Promise.all([reference.close(), mislabelled.close()]);
});

/** The checks of a fixture file, run through vitest against one service as a run would. */
async function runFixture(file: string, service: RunningReference, settings: Record<string, string> = {}) {
  const config = parseConfig({ ...referenceEnvironment(service), AES_RUN_MARKER: 'cft-fixture', ...settings });
  const collector = new CollectingReporter();
  await runFixtureVitest({
    reporters: [collector],
    include: [file],
    env: planEnvironment({ targets: [{ name: 'reference', config }] }),
    ...CONFORMANCE_SCHEDULING,
  });
  expect(collector.problems).toEqual([]);
  const checks = collector.checksOf('reference');
  return { checks, byTitle: (title: string): CheckResult => checks.find((c) => c.title === title)! };
}

test('a refused deletion fails the check that created the resource', async () => {
  const { checks, byTitle } = await runFixture('test/harness/fixtures/cleanup.fixture.ts', reference);
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

test("a block's end deletes what its checks cut short created, not what another block's running checks did", async () => {
  const { byTitle } = await runFixture('test/harness/fixtures/leftovers.fixture.ts', reference);
  expect(byTitle('creates a mutation, then hangs past its timeout').outcome).toBe('error');
  expect(byTitle('keeps its mutation while the other block ends')).toMatchObject({ outcome: 'pass' });
}, 180_000); // starts a vitest of its own: not about time, so bounded only against a hang

test('a convention broken (strict profile) fails a check that passes or skips, and is kept after a failure', async () => {
  const file = 'test/harness/fixtures/conventions.fixture.ts';
  const { checks, byTitle } = await runFixture(file, mislabelled, { PROFILE: 'strict' });
  expect(checks).toHaveLength(3);
  for (const title of ['sees a convention broken, then passes', 'sees a convention broken, then skips']) {
    expect(byTitle(title), title).toMatchObject({
      outcome: 'fail',
      violated: ['RESPONSE-CONTENT-TYPE-JSON'],
      message: expect.stringMatching(/Content-Type "text\/plain"/),
    });
  }
  const failed = byTitle('sees a convention broken, then fails');
  expect(failed).toMatchObject({ outcome: 'fail', violated: ['LIST-PAGE-SIZE-RESPECTED'] });
  expect(failed.findings).toEqual([
    expect.objectContaining({ kind: 'observed', requirements: ['RESPONSE-CONTENT-TYPE-JSON'] }),
  ]);
  // The default profile asserts no convention: the same service passes and skips as the checks say.
  const lenient = await runFixture(file, mislabelled);
  expect(lenient.byTitle('sees a convention broken, then passes').outcome).toBe('pass');
  expect(lenient.byTitle('sees a convention broken, then skips').outcome).toBe('skip');
}, 180_000); // starts vitest twice: not about time, so bounded only against a hang
