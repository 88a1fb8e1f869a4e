// The suite's oracle for "is this list sorted by field X": a list fails only where every
// reasonable reading of the order agrees that two neighbours are out of order.

import { interpretedComparisons, valueAt } from '../contract/filter/index.js';
import type { ListField } from '../contract/list-endpoints.js';

export type Direction = 'asc' | 'desc';
export type SortedCheck =
  { readonly ok: true } | { readonly ok: false; readonly index: number; readonly message: string };
export type EnumOrderCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

const OK = { ok: true } as const;
const show = (value: unknown): string => JSON.stringify(value);

/**
 * Checks each adjacent pair; pairs where a value is missing, null or unreadable are skipped.
 * Enum fields are only checked for grouping: their order may be by ordinal (see checkEnumOrder).
 */
export function checkSorted(items: readonly unknown[], field: ListField, direction: Direction): SortedCheck {
  // A field the items do not expose cannot be judged.
  if (field.path === null) return OK;
  if (field.kind === 'enum') return checkGrouped(items, field.path);
  const wrongWay = direction === 'asc' ? 1 : -1;
  for (let i = 0; i + 1 < items.length; i++) {
    const a = valueAt(items[i], field.path);
    const b = valueAt(items[i + 1], field.path);
    if (interpretedComparisons(field.kind, a, b)?.every((s) => s * wrongWay > 0)) {
      const order = direction === 'asc' ? 'ascending' : 'descending';
      return {
        ok: false,
        index: i,
        message: `${field.path} is not ${order}: item ${i} has ${show(a)} but item ${i + 1} has ${show(b)}`,
      };
    }
  }
  return OK;
}

/** Equal enum values must form one block, and the blocks of the ascending list must be those of the descending list reversed. */
export function checkEnumOrder(
  ascItems: readonly unknown[],
  descItems: readonly unknown[],
  field: ListField,
): EnumOrderCheck {
  if (field.path === null) return OK;
  for (const [items, name] of [
    [ascItems, 'ascending'],
    [descItems, 'descending'],
  ] as const) {
    const grouped = checkGrouped(items, field.path);
    if (!grouped.ok) return { ok: false, message: `${name} list: ${grouped.message}` };
  }
  // Lists may be single pages, so only values present in both are compared.
  const desc = new Map(blocks(descItems, field.path).map((b) => [b.value, b]));
  const common = blocks(ascItems, field.path).filter((b) => desc.has(b.value));
  for (let k = 0; k + 1 < common.length; k++) {
    const [a, b] = [common[k]!, common[k + 1]!];
    const [da, db] = [desc.get(a.value)!, desc.get(b.value)!];
    if (da.start < db.start) {
      return {
        ok: false,
        message:
          `${field.path}: ascending puts ${show(a.value)} (item ${a.start}) before ${show(b.value)} (item ${b.start}), ` +
          `and descending does too (items ${da.start} and ${db.start}); one order must be the other reversed`,
      };
    }
  }
  return OK;
}

interface Block {
  readonly value: unknown;
  readonly start: number;
  end: number;
}

/** Runs of equal values, skipping items where the value is missing or null. */
function blocks(items: readonly unknown[], path: string): Block[] {
  const out: Block[] = [];
  items.forEach((item, i) => {
    const value = valueAt(item, path);
    if (value == null) return;
    const last = out.at(-1);
    if (last?.value === value) last.end = i;
    else out.push({ value, start: i, end: i });
  });
  return out;
}

function checkGrouped(items: readonly unknown[], path: string): SortedCheck {
  const seen = new Map<unknown, Block>();
  const all = blocks(items, path);
  for (const [k, block] of all.entries()) {
    const earlier = seen.get(block.value);
    const before = all[k - 1];
    if (earlier && before) {
      return {
        ok: false,
        index: before.end,
        message:
          `${path} values are not grouped: item ${block.start} has ${show(block.value)} after ${show(before.value)} ` +
          `at item ${before.end}, but ${show(block.value)} already ended at item ${earlier.end}`,
      };
    }
    seen.set(block.value, block);
  }
  return OK;
}
