// Small hand-written documents for the generic layer's tests: a 3.0 one whose server URL
// carries /v1 (parameters at path-item level, $ref'd parameters and responses, an operation
// without operationId) and a 3.1 one with /v1 in its paths that also describes contract
// endpoints; and a PublishedOperation builder for tests that need no document.

import type { PublishedOperation } from '../../lib/generic/model.js';

type Json = Record<string, unknown>;

const json = (schema: Json): Json => ({ 'application/json': { schema } });
const ref = (to: string): Json => ({ $ref: `#/components/${to}` });

export function widgets30(): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Widgets', version: '1' },
    servers: [{ url: 'https://api.example.test/v1', description: 'production' }],
    security: [{ apiKey: [] }],
    paths: {
      '/widgets': {
        get: {
          operationId: 'listWidgets',
          parameters: [
            ref('parameters/PageSize'),
            ref('parameters/PageToken'),
            { name: 'filter', in: 'query', schema: { type: 'string' } },
          ],
          responses: {
            '200': { description: 'ok', content: json(ref('schemas/WidgetList')) },
            '401': ref('responses/Unauthorized'),
          },
        },
        post: {
          operationId: 'createWidget',
          responses: { '201': ref('responses/Widget'), '400': ref('responses/Unauthorized') },
        },
      },
      '/widgets/{widget_id}': {
        parameters: [ref('parameters/WidgetId')],
        get: {
          responses: {
            '200': ref('responses/Widget'),
            '404': ref('responses/Unauthorized'),
            default: ref('responses/Unauthorized'),
          },
        },
        patch: {
          operationId: 'updateWidget',
          // Replaces the path item's widget_id.
          parameters: [
            { name: 'widget_id', in: 'path', required: true, schema: { type: 'string', minLength: 8, maxLength: 8 } },
          ],
          responses: { '200': ref('responses/Widget') },
        },
        delete: { operationId: 'deleteWidget', security: [], responses: { '204': { description: 'gone' } } },
      },
      '/widgets/{widget_id}/parts': {
        get: {
          operationId: 'listParts',
          parameters: [ref('parameters/WidgetId')],
          responses: {
            '200': {
              description: 'ok',
              content: json({ type: 'object', properties: { parts: { type: 'array', items: { type: 'string' } } } }),
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      parameters: {
        WidgetId: { name: 'widget_id', in: 'path', required: true, schema: ref('schemas/WidgetId') },
        // 3.0 writes an exclusive bound as a flag beside the bound.
        PageSize: {
          name: 'page_size',
          in: 'query',
          schema: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 50, default: 20 },
        },
        PageToken: { name: 'page_token', in: 'query', schema: { type: 'string' } },
      },
      schemas: {
        WidgetId: { type: 'string', pattern: '^[A-Za-z0-9]{22}$' },
        Widget: {
          type: 'object',
          properties: {
            id: ref('schemas/WidgetId'),
            gadget_id: { type: 'string', nullable: true },
            owner: { type: 'object', properties: { team_id: { type: 'string' } } },
            create_time: { type: 'string', format: 'date-time' },
          },
        },
        WidgetList: {
          type: 'object',
          properties: { widgets: { type: 'array', items: ref('schemas/Widget') }, next_page_token: { type: 'string' } },
        },
        WidgetResponse: { allOf: [{ type: 'object', properties: { widget: ref('schemas/Widget') } }] },
        Error: { type: 'object', properties: { error: { type: 'object' } } },
      },
      responses: {
        Widget: { description: 'a widget', content: json(ref('schemas/WidgetResponse')) },
        Unauthorized: { description: 'no', content: json(ref('schemas/Error')) },
      },
    },
  };
}

export function agents31(): Json {
  const anything = { '200': { description: 'ok', content: json({ type: 'object' }) } };
  return {
    openapi: '3.1.0',
    info: { title: 'Agents', version: '1' },
    paths: {
      '/v1/openapi': { get: { operationId: 'listSpecs', security: [], responses: anything } },
      // A contract endpoint under its own parameter name.
      '/v1/agents/{id}': { get: { operationId: 'getAgent', responses: anything } },
      '/v1/agents/{id}/tags/': {
        get: {
          operationId: 'listTags',
          security: [{}, { apiKey: [] }],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            {
              name: 'page_size',
              in: 'query',
              schema: { type: ['integer', 'null'], exclusiveMinimum: 0, exclusiveMaximum: 101 },
            },
            { name: 'page_token', in: 'query', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: json({ type: 'object', properties: { tags: { type: ['array'], items: { type: 'string' } } } }),
            },
          },
        },
      },
      // Also in widgets30 (served at the same path): that one comes first.
      '/v1/widgets': { get: { operationId: 'otherListWidgets', responses: anything } },
    },
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    security: [{ apiKey: [] }],
  };
}

/** A PublishedOperation with only what a test names (a GET with nothing published). */
export function operation(path: string, extra: Partial<PublishedOperation> = {}): PublishedOperation {
  const pathParams = [...path.matchAll(/\{([^}]*)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path' as const,
    required: true,
  }));
  return {
    document: 'test',
    id: `GET ${path}`,
    method: 'GET',
    path,
    pathParams,
    queryParams: [],
    secured: true,
    writes: false,
    statuses: ['200'],
    source: { document: {}, operation: {} },
    ...extra,
  };
}
