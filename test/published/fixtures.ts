// Small hand-written OpenAPI documents for the published-spec tests: the agent
// operations in detail, every other contract endpoint with a plain object answer.
// One builder serves both dialects, so 3.0 and 3.1 describe the same API.

import { ENDPOINTS, type Endpoint } from '../../lib/contract/endpoints.js';

export type Dialect = '3.0' | '3.1';

export interface DocumentOptions {
  readonly dialect: Dialect;
  /** `/v1` written into every path (default), or left to `servers`. */
  readonly v1InPaths?: boolean;
  readonly servers?: readonly string[];
  /** Which contract endpoints to describe (all by default). */
  readonly only?: (endpoint: Endpoint) => boolean;
}

type Json = Record<string, unknown>;

const nullable = (dialect: Dialect, schema: Json): Json =>
  dialect === '3.0' ? { ...schema, nullable: true } : { ...schema, type: [schema['type'], 'null'] };

function schemas(dialect: Dialect): Json {
  return {
    Agent: {
      type: 'object',
      required: ['id', 'display_name', 'create_time'],
      properties: {
        id: { type: 'string', pattern: '^[A-Za-z0-9]{22}$' },
        display_name: { type: 'string', minLength: 1, maxLength: 200 },
        description: nullable(dialect, { type: 'string' }),
        create_time: { type: 'string', format: 'date-time' },
        // 3.0 writes an exclusive bound as a boolean beside `minimum`.
        score:
          dialect === '3.0'
            ? { type: 'number', minimum: 0, exclusiveMinimum: true }
            : { type: 'number', exclusiveMinimum: 0 },
        phone_number: { type: 'string', format: 'e164-phone' },
        parent: { $ref: '#/components/schemas/Agent' },
      },
      example: { id: 'x', display_name: 'example' },
    },
    AgentResponse: {
      type: 'object',
      required: ['agent'],
      properties: { agent: { $ref: '#/components/schemas/Agent' } },
    },
    AgentFields: { type: 'object', properties: { display_name: { type: 'string' }, model_type: { type: 'string' } } },
    CreateAgent: {
      allOf: [
        { $ref: '#/components/schemas/AgentFields' },
        { type: 'object', required: ['display_name'], properties: { prompt: { type: 'string' } } },
      ],
    },
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  };
}

const jsonContent = (schema: Json): Json => ({ 'application/json': { schema } });
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** Hand-written operations; the rest get `plainOperation`. */
const DETAILED: Readonly<Record<string, Json>> = {
  'POST /v1/agents': {
    requestBody: { required: true, content: jsonContent(ref('CreateAgent')) },
    responses: {
      '201': { description: 'created', content: jsonContent(ref('AgentResponse')) },
      '4XX': { $ref: '#/components/responses/Error' },
    },
  },
  'GET /v1/agents/{agent_id}': {
    responses: {
      '200': {
        description: 'the agent',
        content: { 'application/json; charset=utf-8': { schema: ref('AgentResponse') } },
      },
      '404': { description: 'not found', content: { 'application/problem+json': { schema: ref('Error') } } },
      '204': { description: 'no body' },
      default: { $ref: '#/components/responses/Error' },
    },
  },
};

const plainOperation = (): Json => ({
  responses: { '200': { description: 'ok', content: jsonContent({ type: 'object' }) } },
});

/** Parameter names differ from the contract's on purpose (`{agent_id}` → `{agentId}`). */
const documentedPath = (path: string, v1InPaths: boolean): string =>
  (v1InPaths ? path : path.replace(/^\/v1/, '')).replace(
    /\{(\w+)\}/g,
    (_, name: string) => `{${name.replace(/_(\w)/g, (__, c: string) => c.toUpperCase())}}`,
  );

function operation(endpoint: Endpoint, path: string): Json {
  const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const described = DETAILED[endpoint.key] ?? plainOperation();
  return {
    operationId: endpoint.key,
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.public ? { security: [] } : {}),
    ...described,
  };
}

export function apiDocument(options: DocumentOptions): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of ENDPOINTS.filter(options.only ?? (() => true))) {
    const path = documentedPath(endpoint.path, options.v1InPaths ?? true);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint, path) };
  }
  return {
    openapi: options.dialect === '3.0' ? '3.0.3' : '3.1.0',
    info: { title: 'Agent Evaluation Service', version: '1.0.0' },
    ...(options.servers ? { servers: options.servers.map((url) => ({ url })) } : {}),
    security: [{ ApiKeyAuth: [] }],
    paths,
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: schemas(options.dialect),
      responses: { Error: { description: 'an error', content: jsonContent(ref('Error')) } },
    },
  };
}

export const AGENT_ID = 'A'.repeat(22);

export const validAgent = (overrides: Json = {}): Json => ({
  agent: {
    id: AGENT_ID,
    display_name: 'Support bot',
    description: 'answers calls',
    create_time: '2024-05-01T10:00:00.123+02:00',
    score: 0.5,
    ...overrides,
  },
});
