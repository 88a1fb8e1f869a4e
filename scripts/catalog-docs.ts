// Renders docs/requirements.md and docs/faults.md from the catalogs, so the documentation
// cannot drift from the code (a unit test compares them). `npm run docs` rewrites them.

import { REQUIREMENTS } from '../lib/contract/requirements/index.js';
import { UNTESTABLE } from '../lib/contract/untestable.js';
import { FAULTS } from '../proof/faults/index.js';
import { APPLICABILITY, faultModel, SLIPS, unplacedFaults, type Slip } from '../proof/fault-model.js';
import { VARIATIONS } from '../proof/variations.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function requirementsDoc(): string {
  const rows = REQUIREMENTS.map(
    (r) =>
      `| \`${r.id}\` | ${r.level} | ${r.area} | ${cell(r.section)} | ${cell(r.summary)} | ${cell(r.quote)} | ${cell(r.decision ?? '')} |`,
  );
  const untestable = UNTESTABLE.map((u) => `| ${cell(u.topic)} | ${cell(u.section)} | ${cell(u.reason)} |`);
  return [
    '# Requirement catalog',
    '',
    `Generated from \`lib/contract/requirements/\` by \`npm run docs\`. ${REQUIREMENTS.length} requirements: ${REQUIREMENTS.filter((r) => r.level === 'MUST').length} MUST (checked in every profile), ${REQUIREMENTS.filter((r) => r.level === 'SHOULD').length} SHOULD (conventions, checked with \`PROFILE=strict\`).`,
    '',
    "| id | level | area | spec section | rule | the spec's words | decision where the spec is silent |",
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '## Not testable from outside',
    '',
    '| topic | spec section | why |',
    '|---|---|---|',
    ...untestable,
    '',
  ].join('\n');
}

export function faultsDoc(): string {
  const rows = FAULTS.map(
    (f) => `| \`${f.id}\` | ${f.requirements.map((id) => `\`${id}\``).join(', ')} | ${cell(f.description)} |`,
  );
  const variations = VARIATIONS.map(
    (v) => `| \`${v.name}\` | ${v.changes.map(cell).join('; ') || 'as the reference service behaves by default'} |`,
  );
  return [
    '# Fault catalog and permitted variations',
    '',
    `Generated from \`proof/faults/\` and \`proof/variations.ts\` by \`npm run docs\`. Each fault switches on one way a real implementation breaks a rule (\`FAULTS=id npm run reference\`); \`npm test\` proves the suite fails against each one, with a check that names one of the fault's requirements, and passes against every variation.`,
    '',
    `## Faults (${FAULTS.length})`,
    '',
    '| fault | requirements it breaks | behaviour |',
    '|---|---|---|',
    ...rows,
    '',
    `## Permitted variations (${VARIATIONS.length})`,
    '',
    'Choices the specification leaves open. The suite must pass against each (`VARIATION=name npm run reference`).',
    '',
    '| variation | what it changes |',
    '|---|---|',
    ...variations,
    '',
  ].join('\n');
}

export function faultModelDoc(): string {
  const rows = faultModel();
  const slips = Object.keys(SLIPS) as Slip[];
  const cells = rows.flatMap((row) =>
    slips.map((slip) => ({ requirement: row.requirement, slip, cell: row.cells[slip] })),
  );
  const count = (kind: string) => cells.filter((c) => c.cell.kind === kind).length;
  const open = cells.filter((c) => c.cell.kind === 'open');
  const unplaced = unplacedFaults();
  const mark = (cell: (typeof cells)[number]['cell']): string =>
    cell.kind === 'faults'
      ? `${cell.faults.length}`
      : cell.kind === 'implied'
        ? `(${cell.faults.length})`
        : cell.kind === 'open'
          ? '**open**'
          : '·';
  const matrix = rows.map(
    (row) => `| \`${row.requirement}\` | ${slips.map((slip) => mark(row.cells[slip])).join(' | ')} |`,
  );
  const detail = rows.flatMap((row) => {
    const filled = slips.flatMap((slip) => {
      const cell = row.cells[slip];
      return cell.kind === 'faults' ? [`${slip}: ${cell.faults.map((id) => `\`${id}\``).join(', ')}`] : [];
    });
    return filled.length ? [`- \`${row.requirement}\`: ${filled.join('; ')}`] : [];
  });
  return [
    '# Fault model',
    '',
    'Generated from `proof/fault-model.ts` (the slips and where each applies) and the fault records of `proof/faults/` (how each fault of the catalog slips) by `npm run docs`.',
    "For every requirement, the common ways an implementation breaks such a rule: each cell holds the faults of the catalog that break the rule that way (`npm test`'s score proves each of them detected), or, marked `·`, does not apply to the rule (the reason for each column is below), or is **open**: a slip that can happen to the rule and that no fault of the catalog exemplifies yet.",
    '',
    `${rows.length} requirements × ${slips.length} slips = ${cells.length} cells: ${count('faults') + count('implied')} filled with faults the suite detects (${count('implied')} of them by narrower faults), ${count('not-applicable')} not applicable, ${open.length} open. ${FAULTS.length} faults in the catalog, ${unplaced.length} not yet placed in the model.`,
    '',
    '## Slips',
    '',
    '| slip | how the rule is broken | where it cannot happen (`·`) |',
    '|---|---|---|',
    ...slips.map((slip) => `| \`${slip}\` | ${cell(SLIPS[slip])} | ${cell(APPLICABILITY[slip].otherwise ?? '')} |`),
    '',
    '## The model',
    '',
    'The number of faults in each cell; `(n)` in the `broken` column: no fault breaks the rule everywhere, but n break it more narrowly (on one endpoint, field or bound), which a check catching the narrower slip also catches; `·` not applicable; **open** applicable with no fault yet.',
    '',
    `| requirement | ${slips.join(' | ')} |`,
    `|---|${slips.map(() => '---').join('|')}|`,
    ...matrix,
    '',
    `## Open cells (${open.length})`,
    '',
    ...(open.length ? open.map((c) => `- \`${c.requirement}\` × \`${c.slip}\``) : ['None.']),
    '',
    `## Faults not yet placed (${unplaced.length})`,
    '',
    ...(unplaced.length ? [unplaced.map((id) => `\`${id}\``).join(', ')] : ['None.']),
    '',
    '## Faults by cell',
    '',
    ...detail,
    '',
  ].join('\n');
}

export const GENERATED_DOCS = {
  'docs/requirements.md': requirementsDoc,
  'docs/faults.md': faultsDoc,
  'docs/fault-model.md': faultModelDoc,
} as const;

if (process.argv[1]?.endsWith('catalog-docs.ts')) {
  const { writeFileSync } = await import('node:fs');
  for (const [path, render] of Object.entries(GENERATED_DOCS)) writeFileSync(path, render());
  console.log(`wrote ${Object.keys(GENERATED_DOCS).join(', ')}`);
}
