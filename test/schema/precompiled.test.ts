import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CANONICAL_SCHEMAS } from '../../lib/assert/canonical-schema.js';
import { JSON_SCHEMA_META, OPENAPI_SCHEMAS } from '../../lib/published/openapi-schema.js';
import { precompilable } from '../../lib/runner/precompilable.js';
import { standaloneSource, type Precompilable } from '../../lib/schema/precompiled.js';
import { apiDocument } from '../published/fixtures.js';
import { ROOT } from '../support/run-cli.js';

/**
 * The module the build would write, loaded as Node loads dist/precompiled/<name>.cjs: its requires
 * resolve from there (the suite's own formats from the compiled dist/lib/, which `npm test` builds first).
 */
function loadSource(source: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  new Function('module', 'exports', 'require', source)(
    module,
    module.exports,
    createRequire(join(ROOT, 'dist', 'precompiled', 'test.cjs')),
  );
  return module.exports;
}

/** Each ref's precompiled validator judges every instance as the schema compiled at run time does. */
function expectSameJudgements(schema: Precompilable, instances: readonly unknown[]): void {
  const built = loadSource(standaloneSource(schema));
  const fresh = schema.ajv(false);
  for (const ref of schema.refs) {
    const [ours, theirs] = [built[ref]!, fresh.getSchema(ref)!];
    for (const instance of instances) {
      expect(ours(instance), `${ref} on ${JSON.stringify(instance)}`).toBe(theirs(instance));
      expect(ours.errors ?? null).toEqual(theirs.errors ?? null);
    }
  }
}

describe('precompiled validators', () => {
  it("the build precompiles both OpenAPI schemas, JSON Schema 2020-12's meta-schema and the canonical ones, each under its own name", () => {
    expect(
      precompilable()
        .map((schema) => schema.name)
        .sort(),
    ).toEqual(['canonical', 'json-schema-2020-12', 'openapi-3.0', 'openapi-3.1']);
  });

  it.each(['3.0', '3.1'] as const)(
    'the standalone code of the OpenAPI %s schema judges as the schema compiled at run time',
    (dialect) => {
      const valid = apiDocument({ dialect });
      const invalid = { ...valid, info: { title: 'no version' }, tags: 'not a list' };
      expectSameJudgements(OPENAPI_SCHEMAS[dialect], [valid, invalid]);
      expect(loadSource(standaloneSource(OPENAPI_SCHEMAS[dialect]))[dialect]!(invalid)).toBe(false);
    },
  );

  it("the standalone code of JSON Schema 2020-12's meta-schema and of 3.0's Schema Object judge as compiled at run time", () => {
    const schemas = [
      { type: 'integer', minimum: 0, exclusiveMinimum: 0 },
      { type: 'integer', minimum: 0, exclusiveMinimum: true },
      { type: 'array', items: [{ type: 'string' }] },
      { type: ['string', 'null'], properties: { a: { type: 'wrong' } } },
      true,
    ];
    expectSameJudgements(JSON_SCHEMA_META, schemas);
    expectSameJudgements(OPENAPI_SCHEMAS['3.0'], schemas);
  });

  it("the standalone code of each canonical schema judges as the schema compiled at run time, the suite's own timestamp format included", () => {
    const times = ['2026-01-02T03:04:05Z', '2026-02-30T00:00:00Z', 'yesterday'];
    const instances = [
      {},
      [],
      'text',
      null,
      ...times.map((time) => ({ create_time: time, update_time: time, name: 'n' })),
    ];
    expectSameJudgements(CANONICAL_SCHEMAS, instances);
    const agent = loadSource(standaloneSource(CANONICAL_SCHEMAS))['canonical#/definitions/Agent'];
    expect(agent, 'the canonical schemas define Agent').toBeDefined();
  });
});
