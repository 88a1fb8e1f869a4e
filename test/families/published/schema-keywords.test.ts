// lib/families/published/schema-keywords.ts: schema keywords hold values of their types, wherever a schema stands.

import { describe, expect, it } from 'vitest';
import { causeLine, schemaCauses } from '../../../lib/families/published/schema-keywords.js';

const schemaDialectFindings = (document: unknown): string[] => schemaCauses(document).map(causeLine);

const document = (schema: unknown) => ({
  openapi: '3.1.0',
  paths: {
    '/v1/agents': {
      post: { requestBody: { content: { 'application/json': { schema } } } },
    },
  },
  components: { schemas: { Agent: schema } },
});

/** The keyword findings of a document whose schemas name a dialect of their own (held to their keywords' types only). */
const schemaKeywordFindings = (document: object): string[] =>
  schemaCauses({ ...document, jsonSchemaDialect: 'https://example.com/dialect' }).flatMap(({ what, places }) =>
    places.map((place) => `${place} is ${what.replace(/^\S+ is /, '')}`),
  );

describe('schemaCauses in a dialect the document names', () => {
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

describe('schemaDialectFindings', () => {
  const at = (openapi: string, schema: unknown, extra: object = {}) => ({ ...document(schema), openapi, ...extra });
  const bounded = (exclusiveMinimum: unknown) => ({
    type: 'object',
    properties: { page_size: { type: 'integer', minimum: 0, exclusiveMinimum }, tags: { $ref: '#/x' } },
  });

  it('takes each dialect as it is: 3.1 numbers and type lists, 3.0 booleans, nullable and References', () => {
    expect(schemaDialectFindings(at('3.1.0', bounded(0)))).toEqual([]);
    expect(schemaDialectFindings(at('3.1.0', { type: ['string', 'null'], nullable: true, examples: ['a'] }))).toEqual(
      [],
    );
    expect(schemaDialectFindings(at('3.0.3', bounded(true)))).toEqual([]);
    expect(schemaDialectFindings(at('3.0.3', { $ref: '#/components/schemas/Other', description: 'kept' }))).toEqual([]);
  });

  it("finds the other dialect's forms, once per cause with every place", () => {
    const findings = schemaDialectFindings(at('3.1.0', bounded(true)));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^exclusiveMinimum must be number in JSON Schema 2020-12/);
    expect(findings[0]).toContain('#/components/schemas/Agent/properties/page_size/exclusiveMinimum');
    expect(findings[0]).toContain('application~1json/schema/properties/page_size/exclusiveMinimum');
    const tuple = schemaDialectFindings(at('3.1.0', { type: 'array', items: [{ type: 'string' }] }));
    expect(tuple).toHaveLength(1);
    // Each place once, however many paths of the meta-schema reach it.
    expect(tuple[0]!.split('#/components/schemas/Agent/items').length).toBe(2);
    expect(schemaDialectFindings(at('3.0.3', bounded(2)))[0]).toMatch(
      /exclusiveMinimum must be boolean in OpenAPI 3.0/,
    );
    expect(schemaDialectFindings(at('3.0.3', { type: ['string', 'null'] }))).not.toEqual([]);
  });

  it("holds a dialect the document or the schema names to its keywords' types only", () => {
    expect(
      schemaDialectFindings(at('3.1.0', bounded(true), { jsonSchemaDialect: 'https://example.com/dialect' })),
    ).toEqual([]);
    expect(
      schemaDialectFindings(at('3.1.0', { ...bounded(true), $schema: 'http://json-schema.org/draft-04/schema#' })),
    ).toEqual([]);
    const draft04 = { type: 'string', maxLength: null, $schema: 'http://json-schema.org/draft-04/schema#' };
    expect(schemaDialectFindings(at('3.1.0', draft04))).toEqual([
      'maxLength is null, not a non-negative integer (#/paths/~1v1~1agents/post/requestBody/content/application~1json/schema/maxLength, #/components/schemas/Agent/maxLength)',
    ]);
    expect(schemaDialectFindings({ swagger: '2.0' })).toEqual([]);
  });

  it('finds a bound JSON writes as null and YAML as .inf, which ajv takes for an integer', () => {
    const causes = (maxLength: unknown) => schemaCauses(at('3.1.0', { type: 'string', maxLength })).map((c) => c.what);
    expect(causes(null)).toEqual(['maxLength must be integer in JSON Schema 2020-12']);
    expect(causes(Infinity)).toEqual(['maxLength is Infinity, not a non-negative integer']);
  });
});
