// The suite's inventory: every check with its file and the requirement ids its name
// carries, found by collecting the suite files without running a check (no target needed).
// It answers "which checks verify this rule?" for `--list` and for the proofs.

import { requirementsInName } from '../result/check-name.js';
import { relativeFile } from './collect.js';
import { conformanceVitest } from './project.js';

export interface InventoryEntry {
  readonly file: string;
  readonly name: string;
  readonly requirements: readonly string[];
}

export async function collectInventory(): Promise<InventoryEntry[]> {
  const vitest = await conformanceVitest({ reporters: [] });
  try {
    const { testModules } = await vitest.collect();
    const broken = testModules.flatMap((m) => m.errors().map((e) => `${relativeFile(m.moduleId)}: ${e.message}`));
    if (broken.length) throw new Error(`the suite files could not be collected:\n${broken.join('\n')}`);
    return testModules.flatMap((m) => [...m.children.allTests()].map((t) => ({ file: relativeFile(m.moduleId), name: t.name, requirements: requirementsInName(t.name) })));
  } finally {
    await vitest.close();
  }
}

/** The suite files holding a check that carries one of the ids. */
export const filesCarrying = (inventory: readonly InventoryEntry[], ids: readonly string[]): string[] =>
  [...new Set(inventory.filter((c) => c.requirements.some((id) => ids.includes(id))).map((c) => c.file))].sort();
