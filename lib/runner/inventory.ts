// The suite's inventory: every check with its file and the requirement ids it declares,
// found by collecting the suite files without running a check (no target is contacted).
// It answers "which checks verify this rule?" for `--list` and for the proofs.
//
// Collecting starts vitest (a second or two); `npm run build` does it once and writes
// dist/inventory.json, which the compiled CLI's `--list` reads (bin/aes-conformance.js runs the
// compiled CLI only while dist/ is newer than every source, so the file is never older than the suites).

import { readFile } from 'node:fs/promises';
import { parseConfig } from '../config.js';
import { relativeFile } from '../protocol/decode.js';
import { planEnvironment } from '../protocol/plan.js';
import { BUILT_INVENTORY, conformanceVitest } from './project.js';

/** Collecting declares every check for one target that is never contacted. */
const INVENTORY_PLAN = { targets: [{ name: 'inventory', config: parseConfig({}) }] };

export interface InventoryEntry {
  /** The check's stable id (what waivers, `--only` and `--rerun-failed` name). */
  readonly id: string;
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
    return byPath.flatMap((m) =>
      [...m.children.allTests()].map((t) => ({
        id: t.meta().checkId ?? '',
        file: relativeFile(m.moduleId),
        name: t.name,
        requirements: t.meta().requirements ?? [],
      })),
    );
  } finally {
    await vitest.close();
  }
}

/** The inventory as `--list` gets it: the build's, when running compiled and the build wrote one; else collected now. */
export async function suiteInventory(): Promise<InventoryEntry[]> {
  if (BUILT_INVENTORY !== undefined) {
    try {
      return JSON.parse(await readFile(BUILT_INVENTORY, 'utf8')) as InventoryEntry[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return collectInventory();
}

/** The suite files holding a check that carries one of the ids. */
export const filesCarrying = (inventory: readonly InventoryEntry[], ids: readonly string[]): string[] =>
  [...new Set(inventory.filter((c) => c.requirements.some((id) => ids.includes(id))).map((c) => c.file))].sort();
