// The operation that stands for "each operation a target publishes" where no target is at hand
// (the build's inventory, `--list`): it has every feature a check is generated for (a GET of one
// resource with a path parameter and timestamps, pages and an order), so the listing shows every kind of
// generated check once, with `<operation>` in its title.

import type { PublishedOperation } from './model.js';

const RESOURCE = { type: 'object', properties: { create_time: { type: 'string', format: 'date-time' } } };
const SCHEMA = { type: 'object', properties: { resource: RESOURCE, resources: { type: 'array', items: RESOURCE } } };

export const TEMPLATE_OPERATION: PublishedOperation = {
  document: '<document>',
  id: '<operation>',
  method: 'GET',
  path: '/v1/<path>/{id}',
  pathParams: [{ name: 'id', in: 'path', required: true }],
  queryParams: [{ name: 'order_by', in: 'query', required: false, examples: ['-create_time'] }],
  secured: true,
  writes: false,
  list: { pageSize: { min: 1 } },
  items: { key: 'resources', fields: ['create_time'] },
  wrapper: 'resource',
  statuses: ['200'],
  source: { document: {}, operation: { responses: { 200: { content: { 'application/json': { schema: SCHEMA } } } } } },
};
