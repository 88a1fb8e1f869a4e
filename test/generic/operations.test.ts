import { describe, expect, it } from 'vitest';
import { genericOperations, publishedOperations } from '../../lib/generic/operations.js';
import type { PublishedOperation } from '../../lib/generic/model.js';
import { agents31, operation, widgets30 } from './fixtures.js';

const both = () =>
  publishedOperations([
    { specName: 'widgets', document: widgets30() },
    { specName: 'agents', document: agents31() },
  ]);
const find = (operations: readonly PublishedOperation[], method: string, path: string) =>
  operations.find((candidate) => candidate.method === method && candidate.path === path);

/** widgets30 with a change made to it. */
function widgetsWith(change: (document: Record<string, any>) => void): PublishedOperation[] {
  const document = widgets30();
  change(document);
  return publishedOperations([{ specName: 'widgets', document }]);
}

describe('publishedOperations', () => {
  it("lists every operation of every document as served (paths in order, methods in the index's order), tagged with its document, the first of an overlap kept", () => {
    const operations = both();
    expect(operations.map((op) => `${op.document} ${op.method} ${op.path}`)).toEqual([
      'widgets GET /v1/widgets',
      'widgets POST /v1/widgets',
      'widgets GET /v1/widgets/{widget_id}',
      'widgets DELETE /v1/widgets/{widget_id}',
      'widgets PATCH /v1/widgets/{widget_id}',
      'widgets GET /v1/widgets/{widget_id}/parts',
      'agents GET /v1/openapi',
      'agents GET /v1/agents/{id}',
      'agents GET /v1/agents/{id}/tags/',
    ]);
    expect(find(operations, 'GET', '/v1/widgets')?.id).toBe('listWidgets');
  });

  it('names an operation by its operationId, else by method and path', () => {
    const operations = both();
    expect(find(operations, 'PATCH', '/v1/widgets/{widget_id}')?.id).toBe('updateWidget');
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}')?.id).toBe('GET /v1/widgets/{widget_id}');
    expect(
      widgetsWith((d) => {
        d['paths']['/widgets']['get']['operationId'] = '';
      })[0]?.id,
    ).toBe('GET /v1/widgets');
  });

  it('removes the path of the target base URL', () => {
    const operations = widgetsWith((d) => {
      d['servers'] = [{ url: 'https://host/api/v1' }];
    });
    expect(operations.map((op) => op.path)).toContain('/api/v1/widgets');
    const below = publishedOperations(
      [{ specName: 'w', document: { ...widgets30(), servers: [{ url: 'https://host/api/v1' }] } }],
      { basePath: '/api' },
    );
    expect(below[0]?.path).toBe('/v1/widgets');
  });

  it('merges path-item and operation parameters, the operation winning, $refs followed', () => {
    const operations = both();
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}')?.pathParams).toEqual([
      { name: 'widget_id', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9]{22}$' } },
    ]);
    expect(find(operations, 'PATCH', '/v1/widgets/{widget_id}')?.pathParams).toEqual([
      { name: 'widget_id', in: 'path', required: true, schema: { type: 'string', minLength: 8, maxLength: 8 } },
    ]);
    expect(find(operations, 'GET', '/v1/widgets')?.queryParams.map((p) => [p.name, p.required])).toEqual([
      ['page_size', false],
      ['page_token', false],
      ['filter', false],
    ]);
  });

  it('gives path parameters in template order, a bare one where nothing describes a name', () => {
    const operations = widgetsWith((d) => {
      d['paths']['/widgets/{widget_id}/parts/{part}/{kind}'] = {
        get: {
          parameters: [
            { name: 'unused', in: 'path' },
            { name: 'kind', in: 'path', schema: { type: 'integer' } },
            { $ref: '#/components/parameters/WidgetId' },
            { name: 'mode', in: 'query', required: true },
            { name: 'kind', in: 'header' },
          ],
          responses: {},
        },
      };
    });
    const parts = find(operations, 'GET', '/v1/widgets/{widget_id}/parts/{part}/{kind}');
    expect(parts?.pathParams.map((p) => [p.name, p.required, p.schema !== undefined])).toEqual([
      ['widget_id', true, true],
      ['part', true, false],
      ['kind', true, true],
    ]);
    expect(parts?.queryParams).toEqual([{ name: 'mode', in: 'query', required: true }]);
  });

  it('reads security: a listed requirement secures, an empty alternative or an empty list does not', () => {
    const operations = both();
    expect(find(operations, 'GET', '/v1/widgets')?.secured).toBe(true);
    expect(find(operations, 'DELETE', '/v1/widgets/{widget_id}')?.secured).toBe(false);
    expect(find(operations, 'GET', '/v1/agents/{id}/tags/')?.secured).toBe(false);
    expect(
      widgetsWith((d) => {
        delete d['security'];
      })[0]?.secured,
    ).toBe(false);
  });

  it('marks every method but GET, HEAD and OPTIONS as writing', () => {
    const operations = widgetsWith((d) => {
      d['paths']['/widgets']['head'] = { responses: {} };
      d['paths']['/widgets']['options'] = { responses: {} };
    });
    expect(operations.map((op) => `${op.method} ${op.writes}`)).toEqual([
      'GET false',
      'POST true',
      'OPTIONS false',
      'HEAD false',
      'GET false',
      'DELETE true',
      'PATCH true',
      'GET false',
    ]);
  });

  it('takes an operation with page_size and page_token as a list, with its items key and page-size bounds in either dialect', () => {
    const operations = both();
    expect(find(operations, 'GET', '/v1/widgets')?.list).toEqual({
      itemsKey: 'widgets',
      pageSize: { min: 1, max: 50, default: 20 },
    });
    expect(find(operations, 'GET', '/v1/agents/{id}/tags/')?.list).toEqual({
      itemsKey: 'tags',
      pageSize: { min: 1, max: 100 },
    });
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}/parts')?.list).toBeUndefined();
  });

  it('needs both paging parameters for a list, and takes the minimum as 1 when none is published', () => {
    const onlySize = widgetsWith((d) => {
      d['paths']['/widgets']['get']['parameters'].splice(1, 1);
    });
    expect(onlySize[0]?.list).toBeUndefined();
    const unbounded = widgetsWith((d) => {
      d['components']['parameters']['PageSize']['schema'] = { type: 'integer', minimum: 5, default: 'ten' };
    });
    expect(unbounded[0]?.list).toEqual({ itemsKey: 'widgets', pageSize: { min: 5 } });
    const bare = widgetsWith((d) => {
      delete d['components']['parameters']['PageSize']['schema'];
    });
    expect(bare[0]?.list?.pageSize).toEqual({ min: 1 });
  });

  it('finds the items array and the fields its items publish, nested ones included, list or not', () => {
    const operations = both();
    expect(find(operations, 'GET', '/v1/widgets')?.items).toEqual({
      key: 'widgets',
      fields: ['id', 'gadget_id', 'owner', 'team_id', 'create_time'],
    });
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}/parts')?.items).toEqual({ key: 'parts', fields: [] });
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}')?.items).toBeUndefined();
  });

  it('finds the items array in the first oneOf/anyOf branch that has one', () => {
    const operations = widgetsWith((d) => {
      const content = d['paths']['/widgets']['get']['responses']['200']['content']['application/json'];
      content['schema'] = {
        oneOf: [
          { type: 'object', properties: { total: { type: 'integer' } } },
          { $ref: '#/components/schemas/WidgetList' },
        ],
      };
      d['paths']['/widgets/{widget_id}/parts']['get']['responses']['200']['content']['application/json']['schema'] = {
        anyOf: [{ properties: { count: { type: 'integer' } } }],
      };
    });
    expect(find(operations, 'GET', '/v1/widgets')?.list?.itemsKey).toBe('widgets');
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}/parts')?.items).toBeUndefined();
  });

  it('names the wrapper of a single resource: the only property, an object (through $ref and allOf)', () => {
    const operations = both();
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}')?.wrapper).toBe('widget');
    expect(find(operations, 'POST', '/v1/widgets')?.wrapper).toBe('widget');
    expect(find(operations, 'GET', '/v1/widgets')?.wrapper).toBeUndefined();
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}/parts')?.wrapper).toBeUndefined();
    expect(find(operations, 'DELETE', '/v1/widgets/{widget_id}')?.wrapper).toBeUndefined();
  });

  it('reads the first 2xx response that publishes a JSON schema', () => {
    const operations = widgetsWith((d) => {
      d['paths']['/widgets/{widget_id}']['get']['responses'] = {
        '2XX': { $ref: '#/components/responses/Widget' },
        '200': {
          description: 'text',
          content: { 'text/plain': { schema: { type: 'object', properties: { text: { type: 'object' } } } } },
        },
        '202': { description: 'nothing yet' },
        '400': {
          description: 'no',
          content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object' } } } } },
        },
      };
      d['paths']['/widgets/{widget_id}']['delete']['responses'] = {
        '400': d['paths']['/widgets/{widget_id}']['get']['responses']['400'],
      };
    });
    expect(find(operations, 'GET', '/v1/widgets/{widget_id}')?.wrapper).toBe('widget');
    expect(find(operations, 'DELETE', '/v1/widgets/{widget_id}')?.wrapper).toBeUndefined();
  });

  it('names no wrapper beside a second property, nor around a scalar', () => {
    const twoKeys = widgetsWith((d) => {
      d['components']['schemas']['WidgetResponse']['allOf'].push({ properties: { etag: { type: 'string' } } });
    });
    expect(find(twoKeys, 'GET', '/v1/widgets/{widget_id}')?.wrapper).toBeUndefined();
    const scalar = widgetsWith((d) => {
      d['components']['schemas']['WidgetResponse'] = { type: 'object', properties: { widget: { type: 'string' } } };
    });
    expect(find(scalar, 'GET', '/v1/widgets/{widget_id}')?.wrapper).toBeUndefined();
  });

  it('lists the published status keys', () => {
    expect(find(both(), 'GET', '/v1/widgets/{widget_id}')?.statuses).toEqual(['200', '404', 'default']);
  });

  it('never throws on a broken or hostile document, and keeps what can be read', () => {
    const cyclic: Record<string, any> = { type: 'object', properties: {} };
    cyclic['properties']['self'] = cyclic;
    cyclic['allOf'] = [cyclic];
    const broken = {
      openapi: '3.0.0',
      servers: 'nope',
      paths: {
        '/strings': 'nope',
        'x-extension': { get: { responses: {} } },
        '/loop': { $ref: '#/paths/~1loop' },
        '/x': {
          parameters: 'nope',
          get: 'nope',
          put: {
            parameters: [
              null,
              5,
              { name: 3, in: 'query' },
              { $ref: '#/missing' },
              { name: 'q', in: 'body' },
              { name: 'ok', in: 'query', schema: { $ref: '#/nowhere' } },
            ],
            responses: { '200': { $ref: '#/nowhere' } },
          },
          post: { responses: 'nope', security: [null, 'x'] },
          patch: {
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { list: { type: 'array', items: cyclic } } },
                  },
                },
              },
            },
          },
          delete: { responses: { '200': { content: { 'application/json': { schema: cyclic } } } } },
        },
      },
    };
    const operations = publishedOperations(
      [null, 'text', [], { paths: [] }, broken].map((document, i) => ({ specName: `s${i}`, document })),
    );
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(['PUT /x', 'POST /x', 'DELETE /x', 'PATCH /x']);
    expect(find(operations, 'PUT', '/x')?.queryParams).toEqual([{ name: 'ok', in: 'query', required: false }]);
    expect(find(operations, 'POST', '/x')).toMatchObject({ statuses: [], secured: false });
    expect(find(operations, 'PATCH', '/x')?.items).toEqual({ key: 'list', fields: ['self'] });
    expect(find(operations, 'DELETE', '/x')?.wrapper).toBe('self');
  });
});

describe('genericOperations', () => {
  it('leaves out the specification endpoints, whatever their parameter names and trailing slash', () => {
    const operations = [
      operation('/v1/agents/{id}'),
      operation('/v1/personas/'),
      operation('/v1/openapi'),
      operation('/v1/openapi/{name}'),
      operation('/v1/test-cases', { method: 'POST' }),
    ];
    expect(genericOperations(operations)).toEqual([]);
  });

  it('keeps other methods on contract paths and other paths', () => {
    const operations = [
      operation('/v1/test-cases'),
      operation('/v1/agents/{agent_id}', { method: 'PATCH' }),
      operation('/v1/agents/{id}/tags'),
      operation('/v1/agents'),
      operation('/agents/{agent_id}'),
    ];
    expect(genericOperations(operations)).toEqual(operations);
  });

  it("keeps what the fixtures publish beyond the specification's 20", () => {
    expect(genericOperations(both()).map((op) => op.id)).toEqual([
      'listWidgets',
      'createWidget',
      'GET /v1/widgets/{widget_id}',
      'deleteWidget',
      'updateWidget',
      'listParts',
      'listTags',
    ]);
  });
});
