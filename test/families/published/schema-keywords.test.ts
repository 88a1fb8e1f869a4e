// lib/families/published/schema-keywords.ts: schema keywords hold values of their types, wherever a schema stands.

import { describe, expect, it } from 'vitest';
import { schemaKeywordFindings } from '../../../lib/families/published/schema-keywords.js';

const document = (schema: unknown) => ({
  openapi: '3.1.0',
  paths: {
    '/v1/agents': {
      post: { requestBody: { content: { 'application/json': { schema } } } },
    },
  },
  components: { schemas: { Agent: schema } },
});

describe('schemaKeywordFindings', () => {
  it('finds nothing in well-typed schemas, 3.0 boolean and 3.1 numeric exclusive bounds alike', () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200, enum: ['a', 'b'] },
        count: { type: ['integer', 'null'], minimum: 0, exclusiveMaximum: 10 },
        old: { type: 'number', maximum: 5, exclusiveMaximum: true, nullable: true },
        // A property named like a keyword is a property, not a keyword.
        maxLength: { type: 'string' },
      },
      example: { maxLength: null },
    };
    expect(schemaKeywordFindings(document(schema))).toEqual([]);
  });

  it('names a null or infinite bound, a non-array enum and a required of non-strings, deep inside', () => {
    const schema = {
      type: 'object',
      required: [1],
      properties: {
        name: { type: 'string', maxLength: null },
        notes: { type: 'array', items: { type: 'string', maxLength: Infinity }, minItems: -1 },
        kind: { allOf: [{ enum: 'A' }] },
      },
    };
    const found = schemaKeywordFindings(document(schema));
    expect(found).toContain('#/components/schemas/Agent/properties/name/maxLength is null, not a non-negative integer');
    expect(found).toContain(
      '#/paths/~1v1~1agents/post/requestBody/content/application~1json/schema/properties/notes/items/maxLength is Infinity, not a non-negative integer',
    );
    expect(found.some((f) => f.endsWith('/notes/minItems is -1, not a non-negative integer'))).toBe(true);
    expect(found.some((f) => f.endsWith('/kind/allOf/0/enum is "A", not an array'))).toBe(true);
    expect(found.some((f) => f.endsWith('/Agent/required is [1], not an array of strings'))).toBe(true);
  });
});
