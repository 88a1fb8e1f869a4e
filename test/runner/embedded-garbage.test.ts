// The embedded reference as a run starts it collects its thread's garbage as it answers a large request (the size
// checks' 10 MB bodies), and only then: its answers are those of the reference alone.

import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RunningReference } from '../../lib/reference/server.js';
import { startEmbedded } from '../../lib/runner/embedded.js';

const calls = vi.hoisted((): string[] => []);
vi.mock('../../lib/harness/garbage.js', () => ({
  collectIfWorth: () => calls.push('before the answer is written'),
  collect: () => calls.push('once it is written'),
}));

let embedded: RunningReference;
beforeAll(async () => {
  embedded = await startEmbedded();
});
afterAll(() => embedded.close());

const createAgent = async (displayName: string): Promise<number> => {
  const response = await fetch(`${embedded.url}/v1/agents`, {
    method: 'POST',
    headers: { 'X-API-Key': embedded.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ display_name: displayName, model_type: 'MODEL_TYPE_VOICE' }),
  });
  await response.text();
  // The answer's 'finish' comes before the client has read it; one more turn of the loop for its listener.
  await new Promise((next) => setImmediate(next));
  return response.status;
};

describe('the embedded reference as a run starts it', () => {
  test('collects garbage as it answers a request of over 1 MiB, not a small one', async () => {
    expect(await createAgent('a small agent')).toBe(200);
    expect(calls).toEqual([]);
    expect(await createAgent('x'.repeat(2 * 1024 * 1024))).toBe(400);
    expect(calls).toEqual(['before the answer is written', 'once it is written']);
  });
});
