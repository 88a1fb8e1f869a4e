// OpenAPI's rules beyond its JSON schema, each broken once and kept once: a document that keeps
// them all has no issue; each break is named where it is.

import { expect, test } from 'vitest';
import { openApiRuleIssues } from '../../lib/published/openapi-rules.js';

const agentId = { name: 'agent_id', in: 'path', required: true, schema: { type: 'string' } };
const pageSize = { name: 'page_size', in: 'query', schema: { type: 'integer' } };

const document = (paths: object) => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths });
const valid = () => ({
  '/v1/agents/{agent_id}': {
    parameters: [agentId],
    get: { operationId: 'getAgent', parameters: [pageSize], responses: {} },
    delete: { operationId: 'deleteAgent', responses: {} },
  },
  '/v1/agents': { get: { operationId: 'listAgents', parameters: [pageSize], responses: {} } },
});

test('a document that keeps every rule has no issue, operations overriding a path parameter included', () => {
  expect(openApiRuleIssues(document(valid()))).toEqual([]);
  const overridden = valid();
  overridden['/v1/agents/{agent_id}'].get.parameters.push({ ...agentId, description: 'own' } as never);
  expect(openApiRuleIssues(document(overridden))).toEqual([]);
  expect(openApiRuleIssues('not a document')).toEqual([]);
});

test('an operationId used twice is named at its second use', () => {
  const paths = valid();
  paths['/v1/agents/{agent_id}'].delete.operationId = 'getAgent';
  expect(openApiRuleIssues(document(paths))).toEqual([
    'DELETE /v1/agents/{agent_id}: operationId "getAgent" is also GET /v1/agents/{agent_id}\'s (it must be unique)',
  ]);
});

test('a template expression without its path parameter, and a path parameter without its expression', () => {
  const paths: Record<string, object> = valid();
  paths['/v1/agents/{agent_id}'] = { get: { operationId: 'getAgent', responses: {} } };
  paths['/v1/agents'] = { get: { operationId: 'listAgents', parameters: [agentId], responses: {} } };
  expect(openApiRuleIssues(document(paths))).toEqual([
    'GET /v1/agents/{agent_id}: {agent_id} is declared by no path parameter',
    'GET /v1/agents: path parameter "agent_id" is no template expression of the path',
  ]);
});

test('a path parameter not required, and a parameter listed twice', () => {
  const paths = valid();
  paths['/v1/agents/{agent_id}'].parameters = [{ ...agentId, required: false }];
  paths['/v1/agents'].get.parameters.push(pageSize);
  expect(openApiRuleIssues(document(paths))).toEqual([
    'GET /v1/agents/{agent_id}: path parameter "agent_id" is not required: true',
    'DELETE /v1/agents/{agent_id}: path parameter "agent_id" is not required: true',
    'GET /v1/agents: query parameter "page_size" is listed twice',
  ]);
});

test('two templated paths differing only in their parameter names are named at the second', () => {
  const paths: Record<string, object> = valid();
  paths['/v1/agents/{id}'] = {
    put: {
      operationId: 'putAgent',
      parameters: [{ ...agentId, name: 'id' }],
      responses: {},
    },
  };
  paths['/v1/agents/{agent_id}/x'] = {
    parameters: [agentId],
    get: { operationId: 'x', responses: {} },
  };
  expect(openApiRuleIssues(document(paths))).toEqual([
    '/v1/agents/{id}: the path is identical to /v1/agents/{agent_id} but for its parameter names (it must not exist)',
  ]);
});

test('a security requirement naming a scheme the document does not declare, on the document or an operation', () => {
  const paths = valid();
  const secured = (security: object[]) => ({
    ...document({ ...paths, '/v1/agents': { get: { ...paths['/v1/agents'].get, security } } }),
    security: [{ ApiKeyAuth: [] }],
  });
  const schemes = {
    components: { securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  };
  expect(openApiRuleIssues({ ...secured([{}, { ApiKeyAuth: [] }]), ...schemes })).toEqual([]);
  expect(openApiRuleIssues({ ...secured([{ ApiKey: [] }]), ...schemes })).toEqual([
    'GET /v1/agents: security requirement "ApiKey" names no scheme of components.securitySchemes',
  ]);
  expect(openApiRuleIssues(secured([]))).toEqual([
    'the document: security requirement "ApiKeyAuth" names no scheme of components.securitySchemes',
  ]);
});
