// How far V8 lets a run's heaps grow past what they hold live. A run allocates far more than it
// keeps: the size-limit checks send bodies of up to 10 MB (20 MB as two-byte text), which the
// worker serialises, and the reference service, when embedded, reads, parses, stores and echoes.
// V8's defaults (young generation of 3 × 16 MB semi-spaces per isolate, the old generation's limit
// raised up to fourfold after each full collection) left that garbage standing: a default run
// peaked at 660 MB of resident memory while each worker held about 25 MB live. Bounding the
// growth takes about 200 MB off (measured, docs/benchmarks.md).

import { setFlagsFromString } from 'node:v8';

/**
 * V8 reads these when it sizes a new isolate (the vitest workers, started after this) and at each
 * full collection (every isolate of the process, this one too).
 */
const HEAP_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'] as const;

/** Applies HEAP_FLAGS to this process: call it before the workers start. */
export function boundHeapGrowth(): void {
  HEAP_FLAGS.forEach((flag) => setFlagsFromString(flag));
}
