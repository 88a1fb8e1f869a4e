// The oracle stands apart from the reference (issue #10, item 8). The suite is proven
// against the embedded reference service; if both read the API through the same code
// (the filter grammar, comparisons, ID or length rules), a slip there moves both sides
// together and no fault can show it. So:
//   - a module under lib/reference may import, from outside lib/reference, only node
//     built-ins, declared packages, and the DATA of the contract: the named constants and
//     types listed in DATA_IMPORTS below (tables, enums, limits), never a
//     function, a class or a regular expression the suite may judge with;
//   - besides, it may use the generic helpers of lib/util, which import nothing of the project
//     and so cannot carry a rule of the API (checked below);
//   - nothing under lib/assert, lib/families, lib/harness, lib/gen or suites imports lib/reference,
//     directly or through other modules of the project.
// The import graph is read from the sources with the TypeScript parser (test/architecture/import-graph.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Import, importsOf, tsFiles } from '../architecture/import-graph.js';
import { ROOT } from '../support/run-cli.js';
const REFERENCE = 'lib/reference';
/** Generic helpers (edit distance, ...) that know nothing of the API. */
const UTIL = 'lib/util';

/** What lib/reference may take from outside itself: per module, the exported names (or every export, checked to be data). */
const DATA_IMPORTS: Readonly<Record<string, 'every export' | readonly string[]>> = {
  'lib/contract/enums.ts': 'every export',
  'lib/contract/endpoints.ts': ['ENDPOINTS', 'GROUPS', 'Endpoint', 'Group', 'Method'],
  'lib/contract/ids.ts': ['ID_RULES', 'IdKind', 'IdRule'],
  'lib/contract/limits.ts': ['FIELD_LIMITS', 'FieldLimit', 'FieldLimitId', 'LimitUnit'],
  'lib/contract/list-endpoints.ts': [
    'LIST_ENDPOINTS',
    'ListEndpoint',
    'ListField',
    'FieldKind',
    'FILTER_OPERATORS',
    'FilterOperator',
  ],
  'lib/contract/schemas.ts': ['DEFINITIONS', 'SchemaName'],
};

/** Trees that judge or generate requests: none of them may reach lib/reference. */
const JUDGES = ['lib/assert', 'lib/families', 'lib/harness', 'lib/gen', 'suites'];

const inReference = (path: string): boolean => path === REFERENCE || path.startsWith(`${REFERENCE}/`);
const show = (i: Import): string =>
  `${i.file}:${i.line} imports {${i.names.join(', ')}} from "${i.specifier}" (${i.target})`;

/** Every import from outside lib/reference that DATA_IMPORTS does not allow. */
function disallowed(imports: readonly Import[]): { readonly imp: Import; readonly names: readonly string[] }[] {
  const out: { imp: Import; names: string[] }[] = [];
  for (const imp of imports) {
    if (imp.target === null || inReference(imp.target) || imp.target.startsWith(`${UTIL}/`)) continue;
    const allowed = DATA_IMPORTS[imp.target];
    const names = allowed === 'every export' ? [] : imp.names.filter((name) => !allowed?.includes(name));
    if (names.length > 0) out.push({ imp, names });
  }
  return out;
}

describe('the reference service stands apart from the suite', () => {
  const referenceImports = tsFiles(REFERENCE).flatMap(importsOf);

  it('finds the reference modules and their imports', () => {
    expect(referenceImports.length).toBeGreaterThan(100);
    expect(referenceImports.some((i) => i.target === 'lib/contract/list-endpoints.ts')).toBe(true);
  });

  it('lets lib/util import nothing of the project, so the helpers the reference may use know nothing of the API', () => {
    const inward = tsFiles(UTIL)
      .flatMap(importsOf)
      .filter((imp) => imp.target !== null && !imp.target.startsWith(`${UTIL}/`));
    expect(inward.map(show)).toEqual([]);
  });

  it("takes nothing from outside lib/reference but the contract's data", () => {
    const violations = disallowed(referenceImports).map(
      ({ imp, names }) => `${show(imp)}: not data the reference may share with the suite: ${names.join(', ')}`,
    );
    expect(violations).toEqual([]);
  });

  it('allows only data: no function, class or regular expression among the allowed exports', async () => {
    const problems: string[] = [];
    for (const [module, allowed] of Object.entries(DATA_IMPORTS)) {
      const exports = (await import(pathToFileURL(join(ROOT, module)).href)) as Record<string, unknown>;
      const runtime = allowed === 'every export' ? Object.keys(exports) : allowed.filter((name) => name in exports);
      for (const name of runtime) {
        const value = exports[name];
        if (typeof value === 'function' || value instanceof RegExp)
          problems.push(`${module}: ${name} is logic, not data`);
      }
      // A listed name missing at run time must be a type the module declares.
      const text = readFileSync(join(ROOT, module), 'utf8');
      if (allowed !== 'every export') {
        for (const name of allowed.filter((n) => !(n in exports))) {
          const declared = new RegExp(
            `export\\s+(type|interface)\\s+${name}\\b|export\\s+type\\s*\\{[^}]*\\b${name}\\b`,
          ).test(text);
          if (!declared) problems.push(`${module}: ${name} is neither a runtime export nor a declared type`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('detects a forbidden import (the check itself works)', () => {
    const fake: Import = {
      file: 'lib/reference/x.ts',
      specifier: '../contract/ids.js',
      target: 'lib/contract/ids.ts',
      names: ['ID_RULES', 'matchesIdRule'],
      line: 1,
    };
    const fromFilter: Import = { ...fake, target: 'lib/contract/filter/index.ts', names: ['FilterExpr'] };
    const namespace: Import = { ...fake, target: 'lib/contract/limits.ts', names: ['*'] };
    const enums: Import = { ...fake, target: 'lib/contract/enums.ts', names: ['*'] };
    expect(disallowed([fake, fromFilter, namespace, enums]).map(({ imp, names }) => [imp.target, names])).toEqual([
      ['lib/contract/ids.ts', ['matchesIdRule']],
      ['lib/contract/filter/index.ts', ['FilterExpr']],
      ['lib/contract/limits.ts', ['*']],
    ]);
  });

  it('is not imported by the checks, the harness, the generators or the suites', () => {
    const graph = new Map<string, readonly Import[]>();
    const importsCached = (file: string): readonly Import[] => {
      let found = graph.get(file);
      if (!found) graph.set(file, (found = importsOf(file)));
      return found;
    };
    const violations: string[] = [];
    for (const start of JUDGES.flatMap(tsFiles)) {
      // Depth-first through project modules, remembering the path to report it.
      const seen = new Set<string>([start]);
      const stack: { file: string; via: readonly string[] }[] = [{ file: start, via: [start] }];
      while (stack.length > 0) {
        const { file, via } = stack.pop()!;
        for (const imp of importsCached(file)) {
          if (imp.target === null || seen.has(imp.target)) continue;
          seen.add(imp.target);
          if (inReference(imp.target)) {
            violations.push([...via, imp.target].join(' -> '));
            continue;
          }
          stack.push({ file: imp.target, via: [...via, imp.target] });
        }
      }
    }
    expect(violations).toEqual([]);
  });
});
