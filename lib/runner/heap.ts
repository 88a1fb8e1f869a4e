// How far a run's heaps grow past what they hold live. A run allocates far more than it
// keeps: the size-limit checks send bodies of up to 10 MB (20 MB as two-byte text), which the
// worker serialises, and the reference service, when embedded, reads, parses, stores and echoes.
// V8's defaults (young generation of 3 × 16 MB semi-spaces per isolate, the old generation's limit
// raised up to fourfold after each full collection) left that garbage standing: a default run
// peaked at 660 MB of resident memory while each worker held about 25 MB live. Bounding the
// growth takes about 200 MB off (measured, docs/benchmarks.md).
//
// The other heap is native: vite's bundler binding (rolldown), which transforms the suite files,
// allocates with mimalloc, whose defaults commit its arena whole and keep freed pages a while:
// about 75 MB stayed resident for under 10 MB it ever held at once (its own statistics).
//
// The main thread's own young generation (the CLI, vite, vitest and the embedded reference) was sized when
// the process started, before any flag could be set: it grew to its default 2 × 16 MB and stayed there, about
// 30 MB of a default run's steady memory. Its growth is stopped instead when it hosts the embedded reference
// (holdYoungGeneration); against another server it is left to grow, and the workers' young generations are not
// bounded either: bounded, their collections cost the suite about a tenth more CPU per request (docs/benchmarks.md).

import type { Reporter } from 'vitest/node';
import { setFlagsFromString } from 'node:v8';

/**
 * V8 reads these when it sizes a new isolate (the vitest workers, started after this) and at each
 * full collection (every isolate of the process, this one too). A worker's young generation starts
 * at its bound where it is held (YOUNG_GENERATION_BOUND), since holdYoungGeneration stops it growing too.
 */
const HEAP_FLAGS = ['--heap-growing-percent=20'] as const;
/**
 * Only while the young generations are held (the embedded run): against another server a scavenge every 2 MB cost
 * about a tenth of the suite's CPU, for some 10 to 20 MB less at the peak (docs/benchmarks.md).
 */
const YOUNG_GENERATION_BOUND = ['--max-semi-space-size=2', '--min-semi-space-size=2'] as const;

/** Read whenever a young generation grows (times its size); V8 raises a value under 2 back to 2 when it sizes a new isolate. */
const YOUNG_GENERATION_HELD = '--semi-space-growth-factor=1';
const YOUNG_GENERATION_GROWS = '--semi-space-growth-factor=2';

let held = false;

/**
 * mimalloc reads its options from the environment when the binding loads it: commit arena memory as it is
 * used, return freed pages at once. A user's own setting stays.
 */
const NATIVE_ALLOCATOR = { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0' } as const;

/** Applies HEAP_FLAGS and NATIVE_ALLOCATOR to this process: call it before vite loads and the workers start. */
export function boundHeapGrowth(): void {
  [...HEAP_FLAGS, ...(held ? YOUNG_GENERATION_BOUND : [])].forEach((flag) => setFlagsFromString(flag));
  for (const [name, value] of Object.entries(NATIVE_ALLOCATOR)) process.env[name] ??= value;
}

/** Young generations stop growing where they are: called first thing, before the run knows its target. */
export function holdYoungGeneration(): void {
  held = true;
  setFlagsFromString(YOUNG_GENERATION_HELD);
}

/** A run against another server: young generations grow again as V8 sees fit. */
export function releaseYoungGeneration(): void {
  held = false;
  setFlagsFromString(YOUNG_GENERATION_GROWS);
}

/** Holds the young generations again, if held, once the worker's isolate (whose sizing undid it) runs a file. */
export const holdsAfterWorkerStarts: Reporter = {
  onTestModuleQueued: () => {
    if (held) setFlagsFromString(YOUNG_GENERATION_HELD);
  },
};
