// A full garbage collection at the one moment a run knows it has just made much garbage: a heavy check
// (10 MB bodies built, sent, read, parsed, stored and echoed) has ended. V8 would collect it later, after
// the next heavy check had made as much again: the four size checks' copies stood together, about 60 MB
// of a default run's peak (docs/benchmarks.md). The worker collects its own heap and asks the main thread,
// which holds the embedded reference service, to collect its own.

import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BroadcastChannel } from 'node:worker_threads';

/** The channel a worker asks the main thread on. */
const CHANNEL = 'aes-conformance collect garbage';

/** Less grown than this since the last collection made here, a thread's heap is left to V8 (a proof's many targets ask often). */
const WORTH_BYTES = 32 * 1024 * 1024;

let gc: (() => void) | undefined;
let afterLast = 0;

const held = (): number => {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
};

/** Collects this thread's garbage when its heap has grown by WORTH_BYTES since the last collection made here. */
export function collectIfWorth(): void {
  if (held() - afterLast >= WORTH_BYTES) collect();
}

/** Collects this thread's garbage now. */
export function collect(): void {
  if (!gc) {
    // V8 exposes its collector only to contexts made while --expose-gc is set: one context, then unset.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  gc();
  afterLast = held();
}

/** After a heavy check: this thread collects, and asks the main thread to. */
export function collectAfterHeavyCheck(): void {
  collectIfWorth();
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('collect');
  channel.close();
}

/** The main thread collects when a worker asks, until the returned function is called. */
export function collectWhenAsked(): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = collectIfWorth;
  channel.unref();
  return () => channel.close();
}
