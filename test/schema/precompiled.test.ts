import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { OPENAPI_SCHEMAS } from '../../lib/published/openapi-schema.js';
import { precompilable } from '../../lib/published/precompilable.js';
import { standaloneSource } from '../../lib/schema/precompiled.js';
import { apiDocument } from '../published/fixtures.js';

/** The module the build would write, loaded as Node would load dist/precompiled/<name>.cjs. */
function loadSource(source: string): ValidateFunction {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', source)(module, module.exports, createRequire(import.meta.url));
  return module.exports as ValidateFunction;
}

describe('precompiled validators', () => {
  it('the build precompiles both OpenAPI schemas, each under its own name', () => {
    expect(precompilable().map((schema) => schema.name).sort()).toEqual(['openapi-3.0', 'openapi-3.1']);
  });

  it.each(['3.0', '3.1'] as const)('the standalone code of the OpenAPI %s schema judges as the schema compiled at run time', (dialect) => {
    const schema = OPENAPI_SCHEMAS[dialect];
    const [built, fresh] = [loadSource(standaloneSource(schema)), schema.compile(false).validate];
    const valid = apiDocument({ dialect });
    const invalid = { ...valid, info: { title: 'no version' }, tags: 'not a list' };
    for (const document of [valid, invalid]) {
      expect(built(document)).toBe(fresh(document));
      expect(built.errors ?? null).toEqual(fresh.errors ?? null);
    }
    expect(built(invalid)).toBe(false);
  });
});
