// Resources this worker created and may delete, deleted at the end of the file's
// run even after failures. Only what the suite created (or was told it may delete) is ever deleted.

type Deletion = () => Promise<unknown>;

const pending: Deletion[] = [];

export function registerCleanup(deletion: Deletion): void {
  pending.push(deletion);
}

export async function runCleanup(): Promise<void> {
  const deletions = pending.splice(0).reverse();
  // A failed deletion must not hide the test results; the run marker lets a sweep find leftovers.
  await Promise.allSettled(deletions.map((deletion) => deletion()));
}
