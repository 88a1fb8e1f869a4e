// Renders docs/requirements.md and docs/faults.md from the catalogs, so the documentation
// cannot drift from the code (a unit test compares them). `npm run docs` rewrites them.

import { REQUIREMENTS } from '../lib/contract/requirements/index.js';
import { UNTESTABLE } from '../lib/contract/untestable.js';
import { FAULTS } from '../lib/reference/faults/index.js';
import { VARIATIONS } from '../lib/reference/variations.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function requirementsDoc(): string {
  const rows = REQUIREMENTS.map((r) => `| \`${r.id}\` | ${r.level} | ${r.area} | ${cell(r.section)} | ${cell(r.summary)} | ${cell(r.quote)} | ${cell(r.decision ?? '')} |`);
  const untestable = UNTESTABLE.map((u) => `| ${cell(u.topic)} | ${cell(u.section)} | ${cell(u.reason)} |`);
  return [
    '# Requirement catalog',
    '',
    `Generated from \`lib/contract/requirements/\` by \`npm run docs\`. ${REQUIREMENTS.length} requirements: ${REQUIREMENTS.filter((r) => r.level === 'MUST').length} MUST (checked in every profile), ${REQUIREMENTS.filter((r) => r.level === 'SHOULD').length} SHOULD (conventions, checked with \`PROFILE=strict\`).`,
    '',
    '| id | level | area | spec section | rule | the spec\'s words | decision where the spec is silent |',
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
  const rows = FAULTS.map((f) => `| \`${f.id}\` | ${f.requirements.map((id) => `\`${id}\``).join(', ')} | ${cell(f.description)} |`);
  const variations = VARIATIONS.map((v) => `| \`${v.name}\` | ${v.changes.map(cell).join('; ') || 'as the reference service behaves by default'} |`);
  return [
    '# Fault catalog and permitted variations',
    '',
    `Generated from \`lib/reference/faults/\` and \`lib/reference/variations.ts\` by \`npm run docs\`. Each fault switches on one way a real implementation breaks a rule (\`FAULTS=id npm run reference\`); \`npm test\` proves the suite fails against each one, with a check that names one of the fault's requirements, and passes against every variation.`,
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

export const GENERATED_DOCS = { 'docs/requirements.md': requirementsDoc, 'docs/faults.md': faultsDoc } as const;

if (process.argv[1]?.endsWith('catalog-docs.ts')) {
  const { writeFileSync } = await import('node:fs');
  for (const [path, render] of Object.entries(GENERATED_DOCS)) writeFileSync(path, render());
  console.log(`wrote ${Object.keys(GENERATED_DOCS).join(', ')}`);
}
