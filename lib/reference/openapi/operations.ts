// One OpenAPI operation per contract endpoint: parameters, request body, the success
// response as the Behaviour answers it, and a default error response. The generic layer's operations
// are published as their descriptions (generic/published.ts) say, each error under its status.

import type { Endpoint } from '../../contract/endpoints.js';
import { ID_RULES } from '../../contract/ids.js';
import { LIST_ENDPOINTS, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { Behaviour } from '../behaviour.js';
import type { GenericOperation, PageSizeSchema } from '../generic/published.js';
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

const query = (name: string, schema: JsonObject, description: string): JsonObject => ({
  name,
  in: 'query',
  required: false,
  schema,
  description,
});

function pageParameters(pageSize: PageSizeSchema): JsonObject[] {
  return [
    query('page_size', { type: 'integer', ...pageSize }, 'Items per page.'),
    query('page_token', { type: 'string' }, 'next_page_token of the previous page.'),
  ];
}

function listParameters(list: ListEndpoint): JsonObject[] {
  const { default: fallback, min, max } = list.pageSize;
  return [
    ...pageParameters({ minimum: min, maximum: max, default: fallback }),
    query(
      'filter',
      { type: 'string' },
      `Comparisons joined by AND / OR on: ${Object.keys(list.filterFields).join(', ')}.`,
    ),
    query(
      'order_by',
      { type: 'string', ...(list.defaultOrder ? { default: list.defaultOrder } : {}) },
      `One of ${Object.keys(list.orderFields).join(', ')}; a leading "-"${list.descSuffix ? ' or a trailing " desc"' : ''} sorts descending.`,
    ),
  ];
}

function successContent(endpoint: Endpoint, b: Behaviour): JsonObject {
  if (endpoint.path === '/v1/openapi') return jsonContent(b.publishing.listing.schema);
  if (endpoint.path === '/v1/openapi/{spec_name}') {
    return { 'application/yaml': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } };
  }
  return jsonContent(ref(endpoint.responseSchema ?? 'EmptyObject'));
}

function successResponse(endpoint: Endpoint, b: Behaviour): JsonObject {
  const status = b.successStatus(endpoint);
  const success =
    status === 204 || !b.successHasBody(endpoint)
      ? { description: 'Success, no content.' }
      : { description: 'Success.', content: successContent(endpoint, b) };
  return { [String(status)]: success };
}

const errorResponse = (description: string): JsonObject => ({ description, content: jsonContent(ref('ErrorBody')) });

/** One response per status the codes are answered with (codes of one status share it), then `default` for any other. */
function errorResponses(codes: readonly string[], endpoint: Endpoint, b: Behaviour): JsonObject {
  const byStatus = new Map<string, string[]>();
  for (const code of codes) {
    const status = String(b.errors.status(code, endpoint));
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const named = [...byStatus].map(([status, shared]) => [status, errorResponse(`${shared.join(' or ')}.`)]);
  return { ...Object.fromEntries(named), default: errorResponse('Error.') };
}

const security = (endpoint: Endpoint): JsonObject[] => (endpoint.public ? [] : [{ [SECURITY_SCHEME]: [] }]);

export function operation(endpoint: Endpoint, b: Behaviour): JsonObject {
  const list = LIST_ENDPOINTS.find((l) => l.path === endpoint.path && endpoint.method === 'GET');
  const body = requestSchemaName(endpoint.key);
  return {
    operationId: operationId(endpoint),
    summary: endpoint.key,
    tags: [endpoint.group],
    parameters: [...pathParameters(endpoint), ...(list ? listParameters(list) : [])],
    ...(body ? { requestBody: { required: true, content: jsonContent(ref(body)) } } : {}),
    responses: { ...successResponse(endpoint, b), default: errorResponse('Error.') },
    security: security(endpoint),
  };
}

export function genericOperation(published: GenericOperation, b: Behaviour): JsonObject {
  const { endpoint, operationId: id, pageSize, orderBy, requestBody } = published;
  const ordering = orderBy
    ? [
        {
          ...query(
            'order_by',
            { type: 'string', default: orderBy.default },
            'A field to sort by; a leading "-" sorts descending.',
          ),
          example: orderBy.example,
        },
      ]
    : [];
  return {
    ...(id === undefined ? {} : { operationId: id }),
    summary: published.summary,
    description: published.description,
    tags: [endpoint.group],
    parameters: [...pathParameters(endpoint), ...(pageSize ? pageParameters(pageSize) : []), ...ordering],
    ...(requestBody ? { requestBody: { required: true, content: jsonContent(ref(requestBody)) } } : {}),
    responses: { ...successResponse(endpoint, b), ...errorResponses(published.errors, endpoint, b) },
    security: security(endpoint),
  };
}
