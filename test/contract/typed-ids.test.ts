// Requirement ids, endpoint keys and fault ids are unions of the catalogs' own entries:
// a misspelt one fails the type check, and the catalogs at run time agree.
// vitest strips types without checking them, so each test runs the TypeScript checker itself on
// a few lines that use the type: a `@ts-expect-error` here would be enforced by `npm run typecheck` only.

import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { isRequirementId } from '../../lib/contract/requirements/index.js';
import { isFaultId } from '../../proof/faults/index.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

// Each check reuses the files the previous one parsed.
let previous: ts.Program | undefined;

/** The type errors of `source` checked as a file of this folder with the project's options: `line: message`. */
function typeErrors(source: string): string[] {
  const { config } = ts.readConfigFile(CONFIG, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('../..', import.meta.url)));
  const file = `${HERE}typed-ids.probe.ts`;
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  const program = ts.createProgram([file], options, host, previous);
  previous = program;
  const checked = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(checked), ...program.getSemanticDiagnostics(checked)].map(
    (d) =>
      `${checked.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
  );
}

/** Line 2 assigns the right value, line 3 the wrong one: only line 3 may fail, and it must. */
function expectOnlyWrongFails(importLine: string, type: string, right: string, wrong: string): void {
  const errors = typeErrors(
    `${importLine}\nexport const right: ${type} = '${right}';\nexport const wrong: ${type} = '${wrong}';\n`,
  );
  expect(errors).toEqual([
    expect.stringMatching(new RegExp(`^3: Type '"${wrong.replace(/[{}/]/g, '\\$&')}"' is not assignable to type `)),
  ]);
}

describe('typed ids', () => {
  it('a misspelt requirement id fails the type check', () => {
    const [right, wrong] = ['MUTATION-DELETE-IDEMPOTENT', 'MUTATION-DELETE-IDEMPOTNET'];
    expectOnlyWrongFails(
      `import type { RequirementId } from '../../lib/contract/requirements/index.js';`,
      'RequirementId',
      right,
      wrong,
    );
    expect([isRequirementId(right), isRequirementId(wrong)]).toEqual([true, false]);
  });

  it('a misspelt endpoint key fails the type check', () => {
    // The second is no operation of the contract.
    const [right, wrong] = ['DELETE /v1/agents/{agent_id}/mutations/{mutation_id}', 'DELETE /v1/agents/{agent_id}'];
    expectOnlyWrongFails(
      `import type { EndpointKey } from '../../lib/contract/endpoints.js';`,
      'EndpointKey',
      right,
      wrong,
    );
    const keys = ENDPOINTS.map((e): string => e.key);
    expect([keys.includes(right), keys.includes(wrong)]).toEqual([true, false]);
  });

  it('a misspelt fault id fails the type check', () => {
    const [right, wrong] = ['list-page-gap', 'list-page-gapp'];
    expectOnlyWrongFails(`import type { FaultId } from '../../proof/faults/index.js';`, 'FaultId', right, wrong);
    expect([isFaultId(right), isFaultId(wrong)]).toEqual([true, false]);
  });
});
