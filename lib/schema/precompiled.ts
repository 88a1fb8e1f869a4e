// Validators for fixed schemas (a dependency's or the suite's own, never a target's), compiled by
// the build rather than in every worker: ajv spends 50–200 ms generating the code of a large
// schema, and every vitest worker would pay it again. `npm run build` writes each one's ajv
// standalone code to dist/precompiled/<name>.cjs; the compiled CLI loads that file, and the
// sources (the project's own tests, a checkout without a build) compile the schema as before.

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv, ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';

/** A fixed schema and the references (ajv.getSchema keys) validated against. */
export interface Precompilable {
  /** The file name under dist/precompiled/, without `.cjs`. */
  readonly name: string;
  readonly refs: readonly string[];
  /** A fresh ajv holding the schema; `source` keeps the code it generates (ajv's `code.source`). */
  ajv(source: boolean): Ajv;
}

/** Whether this is the compiled module (dist/lib/schema/precompiled.js), next to dist/precompiled/. */
const COMPILED = import.meta.url.endsWith('.js');
const FOLDER = new URL('../../precompiled/', import.meta.url);
const requireHere = createRequire(import.meta.url);
// CommonJS: the function is the module's `default`.
const standaloneCode = standaloneModule.default;

/** The file the build writes the schema's code to. */
export const precompiledFile = (schema: Precompilable): URL => new URL(`${schema.name}.cjs`, FOLDER);

/** The schema's validator of each of its refs: the build's code when compiled, otherwise compiled here on first use. */
export function precompiledValidators(schema: Precompilable): (ref: string) => ValidateFunction {
  const built = COMPILED ? loadBuilt(schema) : undefined;
  let ajv: Ajv | undefined;
  return (ref) => {
    const validate = built ? built[ref] : (ajv ??= schema.ajv(false)).getSchema(ref);
    if (!validate) throw new Error(`no validator for ${ref} in the schema ${schema.name}`);
    return validate;
  };
}

function loadBuilt(schema: Precompilable): Record<string, ValidateFunction> | undefined {
  try {
    return requireHere(fileURLToPath(precompiledFile(schema))) as Record<string, ValidateFunction>;
  } catch (error) {
    // A dist/ built before the schema joined the list (or copied without the folder) still runs.
    if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
    return undefined;
  }
}

/** The CommonJS module the build writes for the schema: ajv's standalone code, one export per ref. */
export function standaloneSource(schema: Precompilable): string {
  return standaloneCode(schema.ajv(true), Object.fromEntries(schema.refs.map((ref) => [ref, ref])));
}
