import { describe, expect, it } from 'vitest';
import { indexOperations } from '../../lib/published/operations.js';
import { requestBodyProperties } from '../../lib/published/request-body.js';
import { apiDocument } from './fixtures.js';

describe('requestBodyProperties', () => {
  const index = indexOperations([apiDocument({ dialect: '3.1' })]);

  it('lists the top-level fields of the JSON body, with those of allOf parts', () => {
    expect(requestBodyProperties(index.find('POST', '/v1/agents')!)).toEqual(['display_name', 'model_type', 'prompt']);
  });

  it('is undefined without a documented body', () => {
    expect(requestBodyProperties(index.find('GET', '/v1/personas')!)).toBeUndefined();
  });
});

describe('requestBodyProperties through references', () => {
  const operation = (schema: unknown, schemas: Record<string, unknown> = {}) => ({
    method: 'POST',
    path: '/v1/things',
    document: { components: { schemas, requestBodies: { Thing: { content: { 'application/json': { schema } } } } } },
    operation: { requestBody: { $ref: '#/components/requestBodies/Thing' } },
    security: undefined,
  });

  it('follows references to the body and its parts, and names each field once', () => {
    const schemas = {
      Base: { properties: { id: {}, name: {} } },
      Named: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: {}, tag: {} } }] },
    };
    expect(requestBodyProperties(operation({ $ref: '#/components/schemas/Named' }, schemas))).toEqual([
      'id',
      'name',
      'tag',
    ]);
  });

  it('stops at a part that contains itself', () => {
    const schemas = { Loop: { properties: { a: {} }, allOf: [{ $ref: '#/components/schemas/Loop' }] } };
    expect(requestBodyProperties(operation({ $ref: '#/components/schemas/Loop' }, schemas))).toEqual(['a']);
  });

  it('is empty for a JSON body with no properties, undefined for a body that is not JSON', () => {
    expect(requestBodyProperties(operation({ type: 'string' }))).toEqual([]);
    const textOnly = { ...operation({}), operation: { requestBody: { content: { 'text/plain': { schema: {} } } } } };
    expect(requestBodyProperties(textOnly)).toBeUndefined();
  });
});
