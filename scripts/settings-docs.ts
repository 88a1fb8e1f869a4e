// Renders the README's settings table (between its markers) and .env.example from the settings table
// (lib/config/settings.ts), so neither can drift from the code (test/docs/settings.test.ts compares
// them). `npm run docs` rewrites them.

import { SETTINGS } from '../lib/config.js';
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const README_BEGIN = '<!-- settings:begin -->';
export const README_END = '<!-- settings:end -->';

/** The README's settings table: one row per setting. */
export function settingsTable(): string {
  const rows = SETTINGS.map((s) => {
    const unset = s.default !== undefined ? `\`${s.default}\`` : (s.unset ?? '');
    return `| \`${s.name}\` | ${cell(`\`--${s.option}${s.arg ? ` ${s.arg}` : ''}\``)} | ${cell(unset)} | ${cell(s.meaning)} |`;
  });
  return [
    README_BEGIN,
    '<!-- Generated from lib/config/settings.ts by `npm run docs`: edit the table there. -->',
    '| setting | option | default | meaning |',
    '|---|---|---|---|',
    ...rows,
    README_END,
  ].join('\n');
}

/** `document` with the text between the settings markers (markers included) rendered afresh. */
export function withSettingsTable(document: string): string {
  const begin = document.indexOf(README_BEGIN);
  const end = document.indexOf(README_END);
  if (begin < 0 || end < begin)
    throw new Error(`no ${README_BEGIN} … ${README_END} block to render the settings table into`);
  return document.slice(0, begin) + settingsTable() + document.slice(end + README_END.length);
}

const ENV_HEADER = `# Copy to .env and fill in. Every setting can also come from the environment,
# which wins over .env, or from its command-line option (\`aes-conformance --help\`), which wins over both.
# The target settings below are commented out: with none of them set, the suite runs against its
# embedded reference service. Uncomment and fill in BASE_URL and API_KEY (and the fixture ids you have)
# to name a target; an empty BASE_URL, or a key or fixture id without BASE_URL, stops the run (exit 2).
# Generated from lib/config/settings.ts by \`npm run docs\`: edit the table there.`;

/**
 * .env.example: every setting with its default. Target settings stand commented out: set but empty,
 * they would stop the run (no target named).
 */
export function envExample(): string {
  const entries = SETTINGS.map((s) => {
    const unset = s.default === undefined && s.unset ? ` (unset: ${s.unset.replace(/`/g, '')})` : '';
    return `# ${s.summary}${unset}.\n${s.target ? '# ' : ''}${s.name}=${s.default ?? ''}`;
  });
  return `${[ENV_HEADER, ...entries].join('\n\n')}\n`;
}

/** Each generated file, rendered from what it holds now. */
export const GENERATED_SETTINGS_DOCS: Readonly<Record<string, (current: string) => string>> = {
  'README.md': withSettingsTable,
  '.env.example': () => envExample(),
};

if (process.argv[1]?.endsWith('settings-docs.ts')) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  for (const [path, render] of Object.entries(GENERATED_SETTINGS_DOCS))
    writeFileSync(path, render(readFileSync(path, 'utf8')));
}
