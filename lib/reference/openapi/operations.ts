// One OpenAPI operation per contract endpoint: parameters, request body, the success
// response as the Behaviour answers it, and a default error response.

import type { Endpoint } from '../../contract/endpoints.js';
import { ID_RULES } from '../../contract/ids.js';
import { LIST_ENDPOINTS, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { Behaviour } from '../behaviour.js';
import { publishedIdPattern } from '../validation/id-format.js';
import { requestSchemaName } from './request-schemas.js';
import type { JsonObject } from '../../util/json.js';

export const SECURITY_SCHEME = 'ApiKeyAuth';

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: JsonObject): JsonObject => ({ 'application/json': { schema } });

/** `GET /v1/agents/{agent_id}` → `get_agents_by_agent_id` */
function operationId(endpoint: Endpoint): string {
  const words = endpoint.path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'v1')
    .map((segment) => (segment.startsWith('{') ? `by_${segment.slice(1, -1)}` : segment.replace(/-/g, '_')));
  return [endpoint.method.toLowerCase(), ...words].join('_');
}

function pathParameters(endpoint: Endpoint): JsonObject[] {
  return Object.entries(endpoint.pathParams).map(([name, kind]) => ({
    name,
    in: 'path',
    required: true,
    schema: kind === null ? { type: 'string' } : { type: 'string', pattern: publishedIdPattern(ID_RULES[kind]) },
  }));
}

function listParameters(list: ListEndpoint): JsonObject[] {
  const { default: fallback, min, max } = list.pageSize;
  const query = (name: string, schema: JsonObject, description: string): JsonObject => ({ name, in: 'query', required: false, schema, description });
  return [
    query('page_size', { type: 'integer', minimum: min, maximum: max, default: fallback }, 'Items per page.'),
    query('page_token', { type: 'string' }, 'next_page_token of the previous page.'),
    query('filter', { type: 'string' }, `Comparisons joined by AND / OR on: ${Object.keys(list.filterFields).join(', ')}.`),
    query('order_by', { type: 'string', ...(list.defaultOrder ? { default: list.defaultOrder } : {}) },
      `One of ${Object.keys(list.orderFields).join(', ')}; a leading "-"${list.descSuffix ? ' or a trailing " desc"' : ''} sorts descending.`),
  ];
}

function successContent(endpoint: Endpoint, b: Behaviour): JsonObject {
  if (endpoint.path === '/v1/openapi') return jsonContent(b.publishing.listing.schema);
  if (endpoint.path === '/v1/openapi/{spec_name}') {
    return { 'application/yaml': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } };
  }
  return jsonContent(ref(endpoint.responseSchema ?? 'EmptyObject'));
}

function responses(endpoint: Endpoint, b: Behaviour): JsonObject {
  const status = b.successStatus(endpoint);
  const success = status === 204 || !b.successHasBody(endpoint) ? { description: 'Success, no content.' } : { description: 'Success.', content: successContent(endpoint, b) };
  return { [String(status)]: success, default: { description: 'Error.', content: jsonContent(ref('ErrorBody')) } };
}

export function operation(endpoint: Endpoint, b: Behaviour): JsonObject {
  const list = LIST_ENDPOINTS.find((l) => l.path === endpoint.path && endpoint.method === 'GET');
  const body = requestSchemaName(endpoint.key);
  return {
    operationId: operationId(endpoint),
    summary: endpoint.key,
    tags: [endpoint.group],
    parameters: [...pathParameters(endpoint), ...(list ? listParameters(list) : [])],
    ...(body ? { requestBody: { required: true, content: jsonContent(ref(body)) } } : {}),
    responses: responses(endpoint, b),
    security: endpoint.public ? [] : [{ [SECURITY_SCHEME]: [] }],
  };
}
