import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { GENERATED_DOCS } from '../../scripts/catalog-docs.js';

test.each(Object.entries(GENERATED_DOCS))('%s is up to date (run `npm run docs`)', (path, render) => {
  expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')).toBe(render());
});
