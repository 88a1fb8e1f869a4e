// Soft deletion of personas and runs: a deleted record stays in its collection, marked,
// and every endpoint the Behaviour says hides deleted records (all of them) leaves it out.

import type { RequestContext } from '../http/context.js';

const marks = new WeakMap<ReadonlyMap<string, unknown>, Set<string>>();

export function markDeleted(collection: ReadonlyMap<string, unknown>, id: string): void {
  const marked = marks.get(collection) ?? new Set<string>();
  marked.add(id);
  marks.set(collection, marked);
}

const shown = (ctx: RequestContext, collection: ReadonlyMap<string, unknown>, id: string): boolean =>
  !(marks.get(collection)?.has(id) && ctx.b.deletion.hides(ctx.endpoint));

/** The record with this id, unless it is deleted and the endpoint hides deleted records. */
export function findShown<T>(ctx: RequestContext, collection: ReadonlyMap<string, T>, id: string): T | undefined {
  return shown(ctx, collection, id) ? collection.get(id) : undefined;
}

/** The records the endpoint shows, in collection order. */
export function allShown<T>(ctx: RequestContext, collection: ReadonlyMap<string, T>): T[] {
  return [...collection].filter(([id]) => shown(ctx, collection, id)).map(([, record]) => record);
}
