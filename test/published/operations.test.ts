import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { coverage, indexOperations } from '../../lib/published/operations.js';
import { apiDocument } from './fixtures.js';

const v31 = apiDocument({ dialect: '3.1' });

describe('indexOperations', () => {
  it('finds operations by contract path whatever the parameter names', () => {
    const index = indexOperations([v31]);
    const found = index.find('GET', '/v1/agents/{agent_id}');
    expect(found).toMatchObject({ method: 'GET', path: '/v1/agents/{agentId}', security: [{ ApiKeyAuth: [] }] });
    expect(index.find('get', '/v1/agents/{agent_id}/')).toBe(found);
    expect(index.find('GET', '/v1/openapi')?.security).toEqual([]);
  });

  it.each([
    ['an absolute server URL', ['http://127.0.0.1:8080/v1']],
    ['a relative server URL', ['/v1/']],
    ['several servers with the same path', ['https://eval.example/v1', 'http://localhost:3000/v1']],
  ])('takes /v1 from %s', (_, servers) => {
    const index = indexOperations([apiDocument({ dialect: '3.0', v1InPaths: false, servers })]);
    expect(coverage(index)).toEqual([]);
    expect(index.find('POST', '/v1/agents')?.path).toBe('/v1/agents');
  });

  it('fills server variables with their defaults', () => {
    const document = {
      ...apiDocument({ dialect: '3.1', v1InPaths: false }),
      servers: [
        { url: '{scheme}://host/{version}', variables: { scheme: { default: 'https' }, version: { default: 'v1' } } },
      ],
    };
    expect(coverage(indexOperations([document]))).toEqual([]);
  });

  it('lets an operation override the document servers', () => {
    const document = apiDocument({ dialect: '3.1', v1InPaths: false, servers: ['/v2'] });
    const paths = document['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    paths['/runs']!['get']!['servers'] = [{ url: '/v1' }];
    expect(coverage(indexOperations([document])).map((e) => e.key)).not.toContain('GET /v1/runs');
    expect(coverage(indexOperations([document])).map((e) => e.key)).toContain('GET /v1/agents/{agent_id}');
  });

  it('removes the path of the target base URL', () => {
    const index = indexOperations(
      [apiDocument({ dialect: '3.1', v1InPaths: false, servers: ['http://host/api/v1'] })],
      { basePath: '/api/' },
    );
    expect(coverage(index)).toEqual([]);
  });

  it('combines documents split per resource, the first one winning on overlap', () => {
    const agents = apiDocument({ dialect: '3.1', only: (e) => e.group === 'agents' || e.group === 'specification' });
    const rest = apiDocument({ dialect: '3.0', v1InPaths: false, servers: ['/v1'], only: (e) => e.group !== 'agents' });
    const index = indexOperations([agents, rest, 'not a document']);
    expect(coverage(index)).toEqual([]);
    expect(index.find('GET', '/v1/openapi')?.document).toBe(agents);
    expect(index.documentedEndpoints()).toHaveLength(ENDPOINTS.length);
  });
});

describe('coverage', () => {
  it('lists the contract endpoints no document describes', () => {
    const document = apiDocument({ dialect: '3.1', only: (e) => e.key !== 'DELETE /v1/runs/{run_id}' });
    expect(coverage(indexOperations([document])).map((e) => e.key)).toEqual(['DELETE /v1/runs/{run_id}']);
  });

  it('does not take a path without /v1 for the contract path', () => {
    expect(coverage(indexOperations([apiDocument({ dialect: '3.1', v1InPaths: false })]))).toHaveLength(
      ENDPOINTS.length,
    );
  });
});
