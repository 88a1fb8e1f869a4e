// Validators for fixed schemas (a dependency's or the suite's own, never a target's), compiled by
// the build rather than in every process: ajv spends 100–200 ms generating the code of a large
// schema, and every vitest worker would pay it again. `npm run build` writes each one's ajv
// standalone code to dist/precompiled/<name>.cjs; the compiled CLI loads that file, and the
// sources (the project's own tests, a checkout without a build) compile the schema as before.

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv, ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';

/** A fixed schema, compiled by a fresh ajv that keeps the code it generates when `source` is set. */
export interface Precompilable {
  /** The file name under dist/precompiled/, without `.cjs`. */
  readonly name: string;
  compile(source: boolean): { readonly ajv: Ajv; readonly validate: ValidateFunction };
}

/** Whether this is the compiled module (dist/lib/schema/precompiled.js), next to dist/precompiled/. */
const COMPILED = import.meta.url.endsWith('.js');
const FOLDER = new URL('../../precompiled/', import.meta.url);
const requireHere = createRequire(import.meta.url);
// CommonJS: the function is the module's `default`.
const standaloneCode = standaloneModule.default;

/** The file the build writes the schema's code to. */
export const precompiledFile = (schema: Precompilable): URL => new URL(`${schema.name}.cjs`, FOLDER);

/** The schema's validator: the build's code when compiled, otherwise compiled here. */
export function precompiledValidator(schema: Precompilable): ValidateFunction {
  if (COMPILED) {
    try {
      return requireHere(fileURLToPath(precompiledFile(schema))) as ValidateFunction;
    } catch (error) {
      // A dist/ built before the schema joined the list (or copied without the folder) still runs.
      if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  return schema.compile(false).validate;
}

/** The CommonJS module the build writes for the schema: ajv's standalone code, requiring only ajv's runtime. */
export function standaloneSource(schema: Precompilable): string {
  const { ajv, validate } = schema.compile(true);
  return standaloneCode(ajv, validate);
}
