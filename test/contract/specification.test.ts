// The pinned specification is the one the project is written against: a changed specification
// fails here until its rules are reviewed and the new SHA-256 recorded.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPECIFICATION } from '../../lib/contract/specification.js';

const file = new URL(`../../../shared/spec/${SPECIFICATION.file}`, import.meta.url);

describe('the pinned specification', () => {
  it(`matches ../shared/spec/${SPECIFICATION.file}`, (context) => {
    if (!existsSync(file))
      return context.skip(
        `../shared/spec/${SPECIFICATION.file} is absent beside the project root (a package install): nothing to compare the pin with`,
      );
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(
      sha256,
      'the specification changed: review its rules, then record the new SHA-256 in lib/contract/specification.ts',
    ).toBe(SPECIFICATION.sha256);
  });
});
