// What a running service works out once and then answers with many times (the published
// documents, the order of a list). Kept per Behaviour: there is one per service, and it
// does not change once the service serves, so whatever the faults and the variation
// make of an answer is made once, the same way every time.

import type { Behaviour } from './behaviour.js';

export interface Memo<V> {
  /**
   * The value kept for `b` under `key` when there is one and `fresh` accepts it; otherwise
   * `make`'s, kept unless undefined. The oldest value goes once `limit` are kept.
   */
  get<Made extends V | undefined>(b: Behaviour, key: string, make: () => Made, fresh?: (kept: V) => boolean): V | Made;
}

export function memo<V>(limit: number): Memo<V> {
  const byBehaviour = new WeakMap<Behaviour, Map<string, V>>();
  return {
    get(b, key, make, fresh = () => true) {
      let values = byBehaviour.get(b);
      if (!values) byBehaviour.set(b, (values = new Map()));
      const kept = values.get(key);
      if (kept !== undefined && fresh(kept)) return kept;
      const made = make();
      values.delete(key);
      if (made === undefined) return made;
      if (values.size >= limit) values.delete(values.keys().next().value as string);
      values.set(key, made);
      return made;
    },
  };
}
