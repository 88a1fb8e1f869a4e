// "Did you mean …?": the known name closest to what was typed. Knows nothing of the API,
// so both the reference service and the suite's command line may use it.

/** Single-character insertions, deletions and substitutions that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The known name with the fewest edits from `name`, if it is close (at most a third of the name, and at least 2). */
export function closest(name: string, known: readonly string[]): string | undefined {
  const [best] = [...known].sort((a, b) => editDistance(name, a) - editDistance(name, b));
  return best !== undefined && editDistance(name, best) <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}
