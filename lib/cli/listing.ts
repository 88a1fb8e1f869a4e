// `--list`: the requirement catalog, each requirement with its level, area and the
// checks that verify it (found by collecting the suites, without a target), then
// what cannot be tested from outside and why.

import { REQUIREMENTS } from '../contract/requirements/index.js';
import { generatedChecks, operationLabel } from '../generic/checks.js';
import type { PublishedOperation } from '../generic/model.js';
import { UNTESTABLE } from '../contract/untestable.js';
import { titleOf } from '../result/check-name.js';
import type { InventoryEntry } from '../runner/inventory.js';
import { groupFilePrefix } from '../runner/project.js';

/**
 * `selected` (from `--only`, already normalised): groups keep the checks of their suite files,
 * requirement ids their own; the requirements listed are those selected or carried by a kept check.
 */
export function catalogListing(inventory: readonly InventoryEntry[], selected: readonly string[] = []): string {
  const lines: string[] = [];
  const narrowed = selected.length > 0;
  const kept = narrowed
    ? inventory.filter((c) => selected.some((item) => c.file.startsWith(groupFilePrefix(item)) || c.requirements.includes(item)))
    : inventory;
  const shown = narrowed ? REQUIREMENTS.filter((r) => selected.includes(r.id) || kept.some((c) => c.requirements.includes(r.id))) : REQUIREMENTS;
  if (narrowed) lines.push(`Selected by --only ${selected.join(',')}: ${shown.length} of ${REQUIREMENTS.length} requirements, ${kept.length} of ${inventory.length} checks.`, '');
  for (const r of shown) {
    const checks = kept.filter((c) => c.requirements.includes(r.id));
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

/** The checks a target's published operations beyond the 20 endpoints generate, by document. */
export function generatedListing(baseUrl: string, operations: readonly PublishedOperation[]): string {
  const documents = [...new Set(operations.map((operation) => operation.document))];
  const checks = operations.reduce((n, operation) => n + generatedChecks(operation).length, 0);
  const lines = [`Generated from what ${baseUrl} publishes beyond the specification's 20 endpoints: ${counted(checks, 'check')} for ${counted(operations.length, 'operation')} in ${counted(documents.length, 'document')}.`];
  for (const document of documents) {
    lines.push(`  published: ${document}`);
    for (const operation of operations.filter((o) => o.document === document)) {
      lines.push(`    ${operationLabel(operation)}`);
      for (const check of generatedChecks(operation)) lines.push(`      [${check.requirements.join(', ')}] ${check.title.slice(operationLabel(operation).length).replace(/^:? /, '')}`);
    }
  }
  return lines.join('\n');
}

const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
