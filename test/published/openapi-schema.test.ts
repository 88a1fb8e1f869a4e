import { describe, expect, it } from 'vitest';
import { openApiSchemaIssues } from '../../lib/published/openapi-schema.js';
import { apiDocument } from './fixtures.js';

const INFO = { title: 't', version: '1' };

describe('openApiSchemaIssues', () => {
  it('finds nothing wrong with a valid document of either dialect', () => {
    expect(openApiSchemaIssues(apiDocument({ dialect: '3.0' }), '3.0.3')).toEqual([]);
    expect(openApiSchemaIssues(apiDocument({ dialect: '3.1' }), '3.1.0')).toEqual([]);
  });

  it('writes each issue as swagger-parser does: `#<pointer> <message>`', () => {
    expect(openApiSchemaIssues({ openapi: '3.0.3', paths: {} }, '3.0.3')).toEqual([
      "#/ must have required property 'info'",
    ]);
    expect(openApiSchemaIssues({ openapi: '3.1.0', info: { title: 7, version: '1' }, paths: {} }, '3.1.0')).toContain(
      '#/info/title must be string',
    );
  });

  it('judges by the dialect the version names: 3.1 documents may have webhooks instead of paths', () => {
    const webhooksOnly = { openapi: '3.1.0', info: INFO, webhooks: {} };
    expect(openApiSchemaIssues(webhooksOnly, '3.1.0')).toEqual([]);
    expect(openApiSchemaIssues(webhooksOnly, '3.0.3')).toContain("#/ must have required property 'paths'");
  });

  it('checks schemas in 3.1 documents as schemas: an object or a boolean', () => {
    const withSchema = (schema: unknown) => ({
      openapi: '3.1.0',
      info: INFO,
      paths: {},
      components: { schemas: { S: schema } },
    });
    expect(openApiSchemaIssues(withSchema({ type: 'string' }), '3.1.0')).toEqual([]);
    expect(openApiSchemaIssues(withSchema(true), '3.1.0')).toEqual([]);
    expect(openApiSchemaIssues(withSchema('string'), '3.1.0')).not.toEqual([]);
  });
});
