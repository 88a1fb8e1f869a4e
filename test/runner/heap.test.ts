// lib/runner/heap.ts holds the young generations where they are. V8 undoes the hold when it sizes a new
// isolate (a worker), which is why the runner holds them again once the worker runs.

import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';

const HEAP = new URL('../../lib/runner/heap.ts', import.meta.url).href;

/** The main thread's young generation (MB) after allocating much that survives a while, in a fresh process (held: at most the 4 MB it has once tsx is loaded; left: its default 32). */
function youngAfterChurn(steps: string): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { holdsAfterWorkerStarts, holdYoungGeneration, releaseYoungGeneration } from ${JSON.stringify(HEAP)};
    const workerStarted = () => holdsAfterWorkerStarts.onTestModuleQueued();
    const startWorker = () => new Promise((ended) => new Worker('0', { eval: true }).once('exit', ended));
    ${steps}
    let kept = [];
    for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 1e5) kept = kept.slice(5e4); }
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 2 ** 20));
  `;
  return Number(
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

/** A new worker's young generation (MB) after it allocates much that survives a while, `steps` run before it starts. */
function workerYoungAfterChurn(steps: string): number {
  const churn = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { parentPort } from 'node:worker_threads';
    let kept = [];
    for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 1e5) kept = kept.slice(5e4); }
    parentPort.postMessage(
      getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 2 ** 20);
  `;
  const script = `
    import { Worker } from 'node:worker_threads';
    import { boundHeapGrowth, holdYoungGeneration, releaseYoungGeneration } from ${JSON.stringify(HEAP)};
    ${steps}
    new Worker(${JSON.stringify(churn)}, { eval: true }).once('message', (mb) => process.stdout.write(String(mb)));
  `;
  return Number(
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe('the young generation held', () => {
  test("bounds a worker's young generation while held (the embedded run), not against another server", () => {
    expect(workerYoungAfterChurn('holdYoungGeneration(); boundHeapGrowth();')).toBeLessThanOrEqual(6);
    expect(
      workerYoungAfterChurn('holdYoungGeneration(); releaseYoungGeneration(); boundHeapGrowth();'),
    ).toBeGreaterThanOrEqual(16);
  });

  test('stays at its first size while its thread allocates, and grows again once released', () => {
    expect(youngAfterChurn('')).toBeGreaterThanOrEqual(16);
    expect(youngAfterChurn('holdYoungGeneration();')).toBeLessThanOrEqual(4);
    expect(youngAfterChurn('holdYoungGeneration(); releaseYoungGeneration();')).toBeGreaterThanOrEqual(16);
  });

  test('is undone by a new isolate, and held again once the worker runs a file, unless released', () => {
    expect(youngAfterChurn('holdYoungGeneration(); await startWorker();')).toBeGreaterThanOrEqual(16);
    expect(youngAfterChurn('holdYoungGeneration(); await startWorker(); workerStarted();')).toBeLessThanOrEqual(4);
    expect(
      youngAfterChurn('holdYoungGeneration(); releaseYoungGeneration(); await startWorker(); workerStarted();'),
    ).toBeGreaterThanOrEqual(16);
  });
});
