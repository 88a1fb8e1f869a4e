// Checks of a file run concurrently, and an `exclusive` check runs alone: after the
// checks declared before it, before those declared after it. Two `heavy` checks never overlap. Proven on a fixture file run
// with the CLI's scheduling options, with a plan of one target (the reference service).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { planEnvironment } from '../../lib/protocol/plan.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { CONFORMANCE_SCHEDULING } from '../../lib/runner/project.js';
import { runFixtureVitest } from '../support/fixture-vitest.js';

interface Ran {
  name: string;
  start: number;
  end: number;
}

let reference: RunningReference;
let dir: string;

beforeAll(async () => {
  reference = await startReferenceService();
  dir = mkdtempSync(join(tmpdir(), 'aes-scheduling-'));
});
afterAll(async () => {
  await reference.close();
  rmSync(dir, { recursive: true, force: true });
});

const overlap = (x: Ran, y: Ran): boolean => x.start < y.end && y.start < x.end;

test('ordinary checks overlap; the exclusive one overlaps none and keeps its place; heavy ones take turns', async () => {
  const log = join(dir, 'ran.jsonl');
  const config = parseConfig({ ...referenceEnvironment(reference), AES_RUN_MARKER: 'cft-test' });
  await runFixtureVitest({
    include: ['test/harness/fixtures/scheduling.fixture.ts'],
    env: { SCHEDULING_LOG: log, ...planEnvironment({ targets: [{ name: 'reference', config }] }) },
    ...CONFORMANCE_SCHEDULING,
  });
  const ran = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Ran);
  const byName = Object.fromEntries(ran.map((r) => [r.name, r]));
  const exclusive = byName['exclusive']!;
  expect(ran).toHaveLength(8);
  expect(
    overlap(byName['a']!, byName['b']!) && overlap(byName['d']!, byName['e']!),
    'neighbours ran one after another',
  ).toBe(true);
  for (const name of ['a', 'b', 'c']) expect(byName[name]!.end).toBeLessThanOrEqual(exclusive.start);
  for (const name of ['d', 'e']) expect(byName[name]!.start).toBeGreaterThanOrEqual(exclusive.end);
  const [first, second] = [byName['heavy-1']!, byName['heavy-2']!];
  expect(overlap(first, second), 'two heavy checks ran at once').toBe(false);
  expect(overlap(first, byName['d']!), 'a heavy check held back its neighbours').toBe(true);
}, 180_000); // starts a vitest of its own: not about time, so bounded only against a hang
