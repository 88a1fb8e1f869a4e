// What a running service works out once and then answers with many times (the published
// documents, the order of a list, each record's list item). It saves work and changes no answer,
// which is why mutation testing leaves this file out (stryker.config.mjs). Kept per Behaviour: there is one per service, and it
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

/** The map kept for `b` in `byBehaviour`, made on first use. */
function mapOf<M extends object>(byBehaviour: WeakMap<Behaviour, M>, b: Behaviour, create: () => M): M {
  let values = byBehaviour.get(b);
  if (!values) byBehaviour.set(b, (values = create()));
  return values;
}

export function memo<V>(limit: number): Memo<V> {
  const byBehaviour = new WeakMap<Behaviour, Map<string, V>>();
  return {
    get(b, key, make, fresh = () => true) {
      const values = mapOf(byBehaviour, b, () => new Map<string, V>());
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

const sameRecords = (a: readonly object[], b: readonly object[]): boolean =>
  a.length === b.length && a.every((record, i) => record === b[i]);

export interface RecordsMemo<V> {
  /** The value kept for `b` under `key` while `records` are the ones it was made from (records are replaced, never changed in place); else `make`'s. */
  get(b: Behaviour, key: string, records: readonly object[], make: () => V): V;
}

/** Values worked out from a list of records, kept until the records listed change. */
export function recordsMemo<V>(limit: number): RecordsMemo<V> {
  const kept = memo<{ readonly records: readonly object[]; readonly value: V }>(limit);
  return {
    get: (b, key, records, make) =>
      kept.get(
        b,
        key,
        () => ({ records, value: make() }),
        (k) => sameRecords(k.records, records),
      ).value,
  };
}

export interface ObjectMemo<V> {
  /** The value kept for `b` and `object`, else `make`'s, kept for as long as the object lives. */
  get(b: Behaviour, object: object, make: () => V): V;
}

/** One value per Behaviour and object. */
export function objectMemo<V>(): ObjectMemo<V> {
  const byBehaviour = new WeakMap<Behaviour, WeakMap<object, V>>();
  return {
    get(b, object, make) {
      const values = mapOf(byBehaviour, b, () => new WeakMap<object, V>());
      if (values.has(object)) return values.get(object) as V;
      const made = make();
      values.set(object, made);
      return made;
    },
  };
}
