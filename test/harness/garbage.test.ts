import { describe, expect, it } from 'vitest';
import { collectAfterHeavyCheck } from '../../lib/harness/garbage.js';

/** A WeakRef to 40 MB no one else holds: a heavy check's copies, once it has returned. */
const heavyGarbage = (): WeakRef<Uint8Array> => new WeakRef(new Uint8Array(40 * 1024 * 1024).fill(1));

describe('collectAfterHeavyCheck', () => {
  it("collects the thread's garbage once it holds more than the threshold", async () => {
    const copies = heavyGarbage();
    // A WeakRef's target is kept to the end of the job that made it.
    await new Promise((next) => setImmediate(next));
    collectAfterHeavyCheck();
    expect(copies.deref()).toBeUndefined();
  });
});
