// The embedded reference hands the run its own fixtures: one run for each state the
// run-deletion checks need (a finished one and one in progress).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { startReferenceService, type RunningReference } from '../../lib/reference/server.js';
import { atReference, referenceEnvironment } from '../../lib/runner/embedded.js';

let reference: RunningReference;
beforeAll(async () => {
  reference = await startReferenceService();
});
afterAll(() => reference.close());

async function listedStatus(runId: string): Promise<string | undefined> {
  const response = await fetch(`${reference.url}/v1/runs?page_size=1000`, {
    headers: { 'X-API-Key': reference.apiKey },
  });
  const { runs } = (await response.json()) as { runs: Array<{ run_id: string; status: string }> };
  return runs.find((run) => run.run_id === runId)?.status;
}

describe('embedded reference fixtures', () => {
  test('the environment and the config name a finished run and a run in progress, both listed', async () => {
    const env = referenceEnvironment(reference);
    expect(env).toMatchObject({
      DELETABLE_RUN_ID: reference.fixtures.deletableRunId,
      CANCELLABLE_RUN_ID: reference.fixtures.cancellableRunIds.join(','),
      DELETABLE_SCHEDULED_RUN_ID: reference.fixtures.deletableScheduledRunIds.join(','),
    });
    expect(atReference(parseConfig({}), reference)).toMatchObject({
      deletableRunId: env['DELETABLE_RUN_ID'],
      cancellableRunIds: env['CANCELLABLE_RUN_ID']?.split(','),
      deletableScheduledRunIds: env['DELETABLE_SCHEDULED_RUN_ID']?.split(','),
    });
    expect(reference.fixtures.cancellableRunIds[0]).toBe(reference.fixtures.cancellableRunId);
    expect(await listedStatus(reference.fixtures.deletableRunId)).toBe('COMPLETED');
    for (const id of reference.fixtures.cancellableRunIds) expect(await listedStatus(id)).toBe('RUNNING');
  });

  test('the deletable scheduled runs are one disabled (the first) and one enabled', async () => {
    const enabled = await Promise.all(
      reference.fixtures.deletableScheduledRunIds.map(async (id) => {
        const response = await fetch(`${reference.url}/v1/scheduled-runs/${id}`, {
          headers: { 'X-API-Key': reference.apiKey },
        });
        return ((await response.json()) as { scheduled_run: { enabled: boolean } }).scheduled_run.enabled;
      }),
    );
    expect(reference.fixtures.deletableScheduledRunIds[0]).toBe(reference.fixtures.deletableScheduledRunId);
    expect(enabled).toEqual([false, true]);
  });
});
