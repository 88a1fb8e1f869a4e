// The suite's coverage, read from the suites themselves: every requirement of the
// catalog is named by a check, every check names only catalog requirements, and every
// check has a well-formed id no other check has.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { isRequirementId, REQUIREMENTS } from '../../lib/contract/requirements/index.js';
import { generatedCheckId, generatedChecks } from '../../lib/generic/checks.js';
import { TEMPLATE_OPERATION } from '../../lib/generic/template.js';
import { CHECK_ID } from '../../lib/result/check-id.js';
import { checkName } from '../../lib/result/check-name.js';
import { collectInventory, filesCarrying, type InventoryEntry } from '../../lib/runner/inventory.js';

let inventory: InventoryEntry[];

beforeAll(async () => {
  inventory = await collectInventory();
}, 180_000); // collecting every suite starts a vitest of its own: slow on a busy machine, not a hang

describe('the suite inventory', () => {
  test('every requirement of the catalog is named by at least one check', () => {
    const named = new Set(inventory.flatMap((c) => c.requirements));
    expect(REQUIREMENTS.map((r) => r.id).filter((id) => !named.has(id))).toEqual([]);
  });

  test('every check names at least one requirement, and only catalog ids', () => {
    expect(inventory.filter((c) => c.requirements.length === 0).map((c) => c.name)).toEqual([]);
    expect(inventory.flatMap((c) => c.requirements).filter((id) => !isRequirementId(id))).toEqual([]);
  });

  test("every check has an id: well formed, short, and no other check's (waivers, --only, --rerun-failed and --merge key on it)", () => {
    const ids = inventory.map((c) => c.id);
    expect(ids.filter((id) => !CHECK_ID.test(id) || id.length > 80)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  test("the README's example check waiver names a real check", () => {
    const examples = [
      ...readFileSync(new URL('../../README.md', import.meta.url), 'utf8').matchAll(/^ {2}- check: (\S+)/gm),
    ].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((id) => !inventory.some((c) => c.id === id))).toEqual([]);
  });

  test('no two checks of a file share a name (reports tell them apart by name)', () => {
    const keys = inventory.map((c) => `${c.file}::${c.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  test('filesCarrying finds the files whose checks name an id', () => {
    // The key on a deleted fixture is judged with its deletion, in the fixture's suite.
    expect(filesCarrying(inventory, ['AUTH-MISSING-KEY'])).toEqual([
      'suites/auth.suite.ts',
      'suites/personas.suite.ts',
      'suites/runs.suite.ts',
      'suites/scheduled-runs.suite.ts',
    ]);
    expect(filesCarrying(inventory, ['NO-SUCH-ID'])).toEqual([]);
  });

  test('the published suite declares, without a target, the checks generated for the template operation: every kind, every GENERIC-* id', () => {
    const published = inventory.filter((c) => c.file === 'suites/published.suite.ts');
    const generated = generatedChecks(TEMPLATE_OPERATION);
    expect(generated.map((check) => check.kind)).toEqual([
      'implemented',
      'auth',
      'read',
      'wrapped',
      'timestamps',
      'absent',
      'pagination',
      'order',
    ]);
    expect(published).toEqual(
      generated.map(({ kind, requirements, title }) => ({
        id: generatedCheckId(TEMPLATE_OPERATION, kind),
        file: 'suites/published.suite.ts',
        name: checkName(requirements, title),
        requirements,
      })),
    );
    expect(published.filter((c) => !c.name.includes('<operation>')).map((c) => c.name)).toEqual([]);
    const genericIds = REQUIREMENTS.map((r) => r.id).filter((id) => id.startsWith('GENERIC-'));
    expect(genericIds).toHaveLength(8);
    expect(genericIds.filter((id) => !published.some((c) => c.requirements.includes(id)))).toEqual([]);
    // Beyond the published suite, only the exploration judges an operation beyond the specification (the test
    // case list it walks, GENERIC-PAGINATION).
    expect(filesCarrying(inventory, genericIds)).toEqual(['suites/explore.suite.ts', 'suites/published.suite.ts']);
  });
});
