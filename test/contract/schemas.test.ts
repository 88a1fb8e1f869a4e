// The canonical schemas are data: what is tested here is that they hang together with the
// endpoint table and the requirement catalog. How responses are judged against them is
// test/assert/canonical-schema.test.ts.

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { isRequirementId } from '../../lib/contract/requirements/index.js';
import { DEFINITIONS, SCHEMA_RULES, TIMESTAMP_RULE } from '../../lib/contract/schemas.js';
import { newAjv } from '../../lib/schema/ajv.js';

/** Every `$ref` anywhere below a schema. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsIn(value),
  );
}

describe('DEFINITIONS', () => {
  it('refers only to definitions it has', () => {
    const refs = refsIn(DEFINITIONS);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(Object.keys(DEFINITIONS), ref).toContain(ref.replace(/^#\/definitions\//, ''));
  });

  it('has the schema every endpoint names, and each compiles', () => {
    const ajv = newAjv().addSchema({ definitions: DEFINITIONS }, 'contract');
    for (const endpoint of ENDPOINTS) {
      const name = (endpoint as { responseSchema?: string }).responseSchema;
      if (name === undefined) continue;
      expect(() => ajv.getSchema(`contract#/definitions/${name}`), endpoint.key).not.toThrow();
      expect(ajv.getSchema(`contract#/definitions/${name}`), endpoint.key).toBeDefined();
    }
  });

  it('wraps each resource under the key its endpoint names', () => {
    for (const endpoint of ENDPOINTS) {
      const { wrapper, responseSchema } = endpoint as { wrapper?: string; responseSchema?: string };
      if (wrapper === undefined || responseSchema === undefined) continue;
      expect(DEFINITIONS[responseSchema]?.['required'], endpoint.key).toEqual([wrapper]);
    }
  });
});

describe('SCHEMA_RULES', () => {
  it('names properties the definitions have, and requirements the catalog has', () => {
    for (const [key, rule] of Object.entries(SCHEMA_RULES)) {
      const [definition = '', property = ''] = key.split('.');
      expect(Object.keys((DEFINITIONS[definition]?.['properties'] ?? {}) as object), key).toContain(property);
      expect(isRequirementId(rule), `${key}: ${rule}`).toBe(true);
    }
    expect(isRequirementId(TIMESTAMP_RULE)).toBe(true);
  });
});
