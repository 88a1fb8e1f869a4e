// `--list`: the requirement catalog, each requirement with its level, area and the
// checks that verify it (found by collecting the suites, without a target), then
// what cannot be tested from outside and why.

import { REQUIREMENTS } from '../contract/requirements/index.js';
import { UNTESTABLE } from '../contract/untestable.js';
import { titleOf } from '../harness/check-name.js';
import type { InventoryEntry } from '../runner/inventory.js';

export function catalogListing(inventory: readonly InventoryEntry[]): string {
  const lines: string[] = [];
  for (const r of REQUIREMENTS) {
    const checks = inventory.filter((c) => c.requirements.includes(r.id));
    lines.push(`${r.id.padEnd(40)} ${r.level.padEnd(6)} ${r.area.padEnd(16)} ${r.summary}`);
    lines.push(`    ${checks.length ? `verified by ${checks.length} check${checks.length === 1 ? '' : 's'}:` : 'NOT VERIFIED BY ANY CHECK'}`);
    for (const c of checks) lines.push(`      ${c.file}: ${titleOf(c.name)}`);
  }
  const uncovered = REQUIREMENTS.filter((r) => !inventory.some((c) => c.requirements.includes(r.id))).length;
  lines.push('', `${REQUIREMENTS.length} requirements (${REQUIREMENTS.filter((r) => r.level === 'MUST').length} MUST, ${REQUIREMENTS.filter((r) => r.level === 'SHOULD').length} SHOULD, the latter checked with --profile strict), ${inventory.length} checks, ${uncovered} requirements without a check.`);
  lines.push('', 'Not testable from outside the service:');
  for (const u of UNTESTABLE) lines.push(`  - ${u.topic} (${u.section}): ${u.reason}`);
  return lines.join('\n');
}
