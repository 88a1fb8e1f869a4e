// The suite's inventory: every check with its file and the requirement ids it declares,
// found by collecting the suite files without running a check (no target is contacted).
// It answers "which checks verify this rule?" for `--list` and for the proofs.

import { parseConfig } from '../config.js';
import { relativeFile } from '../protocol/decode.js';
import { planEnvironment } from '../protocol/plan.js';
import { conformanceVitest } from './project.js';

/** Collecting declares every check for one target that is never contacted. */
const INVENTORY_PLAN = { targets: [{ name: 'inventory', config: parseConfig({}) }] };

export interface InventoryEntry {
  readonly file: string;
  readonly name: string;
  readonly requirements: readonly string[];
}

export async function collectInventory(): Promise<InventoryEntry[]> {
  const vitest = await conformanceVitest({ reporters: [], env: planEnvironment(INVENTORY_PLAN) });
  try {
    const { testModules } = await vitest.collect();
    const broken = testModules.flatMap((m) => m.errors().map((e) => `${relativeFile(m.moduleId)}: ${e.message}`));
    if (broken.length) throw new Error(`the suite files could not be collected:\n${broken.join('\n')}`);
    // Files are collected in parallel and end in any order: sorted by path, the inventory is the same every time.
    const byPath = [...testModules].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    return byPath.flatMap((m) => [...m.children.allTests()].map((t) => ({ file: relativeFile(m.moduleId), name: t.name, requirements: t.meta().requirements ?? [] })));
  } finally {
    await vitest.close();
  }
}

/** The suite files holding a check that carries one of the ids. */
export const filesCarrying = (inventory: readonly InventoryEntry[], ids: readonly string[]): string[] =>
  [...new Set(inventory.filter((c) => c.requirements.some((id) => ids.includes(id))).map((c) => c.file))].sort();
