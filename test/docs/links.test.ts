// Every relative link of the README and docs/ leads to a file that exists and, with an anchor, to a
// heading of it: text moved between them must not leave a reader at a dead end.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#+ (.*)$/gm)].map((m) => anchor(m[1]!)));
}

const LINKS = DOCUMENTS.flatMap((document) => {
  const text = readFileSync(join(ROOT, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((l) => !/^[a-z]+:/.test(l))
    .map((link) => [document, link] as const);
});

test.each(LINKS)('%s: %s leads somewhere', (document, link) => {
  const [path, hash] = link.split('#') as [string, string | undefined];
  const target = path ? join(dirname(join(ROOT, document)), path) : join(ROOT, document);
  expect(existsSync(target), `${relative(ROOT, target)} does not exist`).toBe(true);
  if (hash && target.endsWith('.md'))
    expect([...anchorsOf(target)], `no heading #${hash} in ${relative(ROOT, target)}`).toContain(hash);
});
