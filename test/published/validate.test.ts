import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { validateOpenApi } from '../../lib/published/validate.js';
import { apiDocument } from './fixtures.js';
import { json, useTestTarget } from './server.js';

describe('validateOpenApi', () => {
  const target = useTestTarget();

  it.each(['3.0', '3.1'] as const)('accepts a valid OpenAPI %s document and leaves it as it was', async (dialect) => {
    const document = apiDocument({ dialect });
    await expect(validateOpenApi(document)).resolves.toEqual({ ok: true });
    expect(document).toEqual(apiDocument({ dialect }));
  });

  it('explains what is wrong with an invalid document', async () => {
    const document = { ...apiDocument({ dialect: '3.0' }), info: { title: 'no version' } };
    const result = await validateOpenApi(document);
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining("#/info must have required property 'version'"),
    });
  });

  // validateOpenApi runs swagger-parser's schema check from a cached compilation.
  it.each(['3.0', '3.1'] as const)(
    'finds what swagger-parser itself finds in an invalid %s document',
    async (dialect) => {
      const document = { ...apiDocument({ dialect }), info: { title: 'no version' }, tags: 'not a list' };
      const own = await SwaggerParser.validate(structuredClone(document) as unknown as OpenAPI.Document).then(
        () => '',
        (error: Error) => error.message,
      );
      const ownIssues = own
        .split('\n')
        .slice(1)
        .map((line) => line.trim())
        .filter(Boolean);
      expect(ownIssues.length).toBeGreaterThan(1);
      expect(await validateOpenApi(document)).toEqual({ ok: false, message: ownIssues.join('; ') });
    },
  );

  // The dialect's judge (schema-keywords.ts) finds what is wrong inside a schema: one cause is not found twice.
  it('leaves what stands inside a 3.0 schema to its dialect with schemasApart, and judges the rest', async () => {
    const base = apiDocument({ dialect: '3.0' }) as { components: { schemas: Record<string, object> } };
    const numeric = { type: 'integer', minimum: 0, exclusiveMinimum: 0 };
    const document = {
      ...base,
      components: { ...base.components, schemas: { ...base.components.schemas, N: numeric } },
    };
    expect(await validateOpenApi(document)).toEqual({
      ok: false,
      message: expect.stringContaining('#/components/schemas/N/exclusiveMinimum must be boolean'),
    });
    await expect(validateOpenApi(document, { schemasApart: true })).resolves.toEqual({ ok: true });
    const alsoInfo = { ...document, info: { title: 'no version' } };
    expect(await validateOpenApi(alsoInfo, { schemasApart: true })).toEqual({
      ok: false,
      message: "#/info must have required property 'version'",
    });
  });

  it('reports a reference that points at nothing', async () => {
    const document = apiDocument({ dialect: '3.1' });
    (document['components'] as Record<string, unknown>)['responses'] = {};
    expect(await validateOpenApi(document)).toEqual({
      ok: false,
      message: expect.stringContaining('#/components/responses/Error'),
    });
  });

  it.each([
    ['a string, which swagger-parser would open as a path', '/etc/hostname', 'the document is not a JSON/YAML object'],
    [
      'Swagger 2.0',
      { swagger: '2.0', info: { title: 't', version: '1' }, paths: {} },
      'not an OpenAPI 3 document (openapi: null)',
    ],
  ])('rejects %s', async (_, document, message) => {
    expect(await validateOpenApi(document)).toEqual({ ok: false, message });
  });

  it('does not fetch external references', async () => {
    target.serve(() => json({ type: 'object' }));
    const document = apiDocument({ dialect: '3.1' });
    (document['components'] as { schemas: Record<string, unknown> }).schemas['Error'] = {
      $ref: `${target.origin}/schemas/error.json`,
    };
    await validateOpenApi(document);
    expect(target.seen).toEqual([]);
  });
});
