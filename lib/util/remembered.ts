// A value worked out once per key and then reused: for pure readings that recur (the same
// timestamp, the same published text). Bounded: past `limit` keys it starts afresh.

export function remembered<V>(limit: number): (key: string, make: () => V) => V {
  const kept = new Map<string, V>();
  return (key, make) => {
    if (kept.has(key)) return kept.get(key) as V;
    // A `make` that throws keeps nothing: the next call tries again.
    const value = make();
    if (kept.size >= limit) kept.clear();
    kept.set(key, value);
    return value;
  };
}
