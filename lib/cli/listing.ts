// `--list`: the requirement catalog, each requirement with its level, area and the
// checks that verify it, each by its id (what a waiver, `--only` and `--exclude` name; found by
// collecting the suites, without a target), then what cannot be tested from outside and why.
// As text for people, or as JSON (`--format json`) for tools.

import { REQUIREMENTS } from '../contract/requirements/index.js';
import { generatedCheckId, generatedChecks, operationLabel } from '../generic/checks.js';
import type { PublishedOperation } from '../generic/model.js';
import { UNTESTABLE } from '../contract/untestable.js';
import { titleOf } from '../result/check-name.js';
import { type Chosen, listed } from '../result/selection.js';
import type { InventoryEntry } from '../runner/inventory.js';

/** `--only`, `--exclude` and `--grep`, as a run reads them. */
type Selected = Pick<Chosen, 'only' | 'exclude'> & { readonly grep?: string };

/** The checks the selection keeps, and the requirements shown: those selected or carried by a kept check. */
function catalog(inventory: readonly InventoryEntry[], selected: Selected) {
  const narrowed = selected.only.length > 0 || selected.exclude.length > 0 || selected.grep !== undefined;
  const kept = inventory.filter((c) => listed(selected, { ...c, title: titleOf(c.name) }));
  const shown = narrowed
    ? REQUIREMENTS.filter((r) => selected.only.includes(r.id) || kept.some((c) => c.requirements.includes(r.id)))
    : REQUIREMENTS;
  return {
    narrowed,
    kept,
    shown: shown.map((r) => ({ requirement: r, checks: kept.filter((c) => c.requirements.includes(r.id)) })),
  };
}

/** `selected`: `--only` and `--exclude`, already read (lib/result/selection.ts). */
export function catalogListing(
  inventory: readonly InventoryEntry[],
  selected: Selected = { only: [], exclude: [] },
): string {
  const lines: string[] = [];
  const { narrowed, kept, shown } = catalog(inventory, selected);
  const by = [
    selected.only.length ? `--only ${selected.only.join(',')}` : '',
    selected.exclude.length ? `--exclude ${selected.exclude.join(',')}` : '',
    selected.grep !== undefined ? `--grep ${selected.grep}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (narrowed)
    lines.push(
      `Selected by ${by}: ${shown.length} of ${REQUIREMENTS.length} requirements, ${kept.length} of ${inventory.length} checks.`,
      '',
    );
  for (const { requirement: r, checks } of shown) {
    lines.push(`${r.id.padEnd(40)} ${r.level.padEnd(6)} ${r.area.padEnd(16)} ${r.summary}`);
    lines.push(
      `    ${checks.length ? `verified by ${checks.length} check${checks.length === 1 ? '' : 's'}:` : 'NOT VERIFIED BY ANY CHECK'}`,
    );
    for (const c of checks) lines.push(`      ${c.id}: ${titleOf(c.name)}`);
  }
  const uncovered = REQUIREMENTS.filter((r) => !inventory.some((c) => c.requirements.includes(r.id))).length;
  lines.push(
    '',
    `${REQUIREMENTS.length} requirements (${REQUIREMENTS.filter((r) => r.level === 'MUST').length} MUST, ${REQUIREMENTS.filter((r) => r.level === 'SHOULD').length} SHOULD, the latter checked with --profile strict), ${inventory.length} checks, ${uncovered} requirements without a check.`,
  );
  lines.push('', 'Not testable from outside the service:');
  for (const u of UNTESTABLE) lines.push(`  - ${u.topic} (${u.section}): ${u.reason}`);
  return lines.join('\n');
}

/** The catalog as `--list --format json` prints it: the requirements with their checks' ids, every check kept, what is untestable. */
export function catalogJson(
  inventory: readonly InventoryEntry[],
  selected: Selected,
  operations?: { readonly baseUrl: string; readonly operations: readonly PublishedOperation[] },
): string {
  const { kept, shown } = catalog(inventory, selected);
  return `${JSON.stringify(
    {
      requirements: shown.map(({ requirement: r, checks }) => ({
        id: r.id,
        level: r.level,
        area: r.area,
        summary: r.summary,
        checks: checks.map((c) => c.id),
      })),
      checks: kept.map((c) => ({ id: c.id, file: c.file, title: titleOf(c.name), requirements: c.requirements })),
      untestable: UNTESTABLE.map((u) => ({ topic: u.topic, section: u.section, reason: u.reason })),
      ...(operations
        ? { generated: { baseUrl: operations.baseUrl, checks: generatedEntries(operations.operations) } }
        : {}),
    },
    null,
    2,
  )}\n`;
}

const generatedEntries = (operations: readonly PublishedOperation[]) =>
  operations.flatMap((operation) =>
    generatedChecks(operation).map((check) => ({
      id: generatedCheckId(operation, check.kind),
      document: operation.document,
      operation: operationLabel(operation),
      title: check.title,
      requirements: check.requirements,
    })),
  );

/** The checks a target's published operations beyond the 20 endpoints generate, by document. */
export function generatedListing(baseUrl: string, operations: readonly PublishedOperation[]): string {
  const documents = [...new Set(operations.map((operation) => operation.document))];
  const checks = operations.reduce((n, operation) => n + generatedChecks(operation).length, 0);
  const lines = [
    `Generated from what ${baseUrl} publishes beyond the specification's 20 endpoints: ${counted(checks, 'check')} for ${counted(operations.length, 'operation')} in ${counted(documents.length, 'document')}.`,
  ];
  for (const document of documents) {
    lines.push(`  published: ${document}`);
    for (const operation of operations.filter((o) => o.document === document)) {
      lines.push(`    ${operationLabel(operation)}`);
      for (const check of generatedChecks(operation)) {
        lines.push(
          `      ${generatedCheckId(operation, check.kind)}: [${check.requirements.join(', ')}] ${check.title.slice(operationLabel(operation).length).replace(/^:? /, '')}`,
        );
      }
    }
  }
  return lines.join('\n');
}

const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
