import { describe, expect, it } from 'vitest';
import { ENDPOINTS, fillPath, findEndpoint, matchPath } from '../../lib/contract/endpoints.js';

describe('ENDPOINTS', () => {
  it('spells each key from its method and path, once per operation', () => {
    for (const endpoint of ENDPOINTS) expect(endpoint.key).toBe(`${endpoint.method} ${endpoint.path}`);
    expect(new Set(ENDPOINTS.map((endpoint) => endpoint.key)).size).toBe(ENDPOINTS.length);
  });

  it('names an ID rule or null for every parameter of each path, and no other', () => {
    for (const endpoint of ENDPOINTS) {
      const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect(Object.keys(endpoint.pathParams), endpoint.key).toEqual(names);
    }
  });
});

describe('findEndpoint', () => {
  it('finds an operation by method and path template', () => {
    expect(findEndpoint('DELETE', '/v1/runs/{run_id}').key).toBe('DELETE /v1/runs/{run_id}');
  });

  it('throws for a method or path the contract does not list', () => {
    expect(() => findEndpoint('PUT', '/v1/runs/{run_id}')).toThrow('no endpoint PUT /v1/runs/{run_id} in the contract');
    expect(() => findEndpoint('GET', '/v1/runs/{id}')).toThrow(/no endpoint/);
  });
});

describe('fillPath', () => {
  it('fills every parameter, URL-encoded', () => {
    expect(fillPath('/v1/agents/{agent_id}/mutations/{mutation_id}', { agent_id: 'a', mutation_id: 'm' })).toBe(
      '/v1/agents/a/mutations/m',
    );
    expect(fillPath('/v1/runs/{run_id}', { run_id: 'a/b c?' })).toBe('/v1/runs/a%2Fb%20c%3F');
    expect(fillPath('/v1/runs/{run_id}', { run_id: '' })).toBe('/v1/runs/');
  });

  it('writes the values asked for as written into the path, unencoded', () => {
    expect(fillPath('/v1/runs/{run_id}', { run_id: 'x' }, { run_id: 'ab%zz' })).toBe('/v1/runs/ab%zz');
  });

  it('throws for a missing parameter', () => {
    expect(() => fillPath('/v1/agents/{agent_id}', { agentId: 'a' })).toThrow(
      'missing path parameter agent_id for /v1/agents/{agent_id}',
    );
  });
});

describe('matchPath', () => {
  it('gives the parameters of a matching path, URL-decoded', () => {
    expect(matchPath('/v1/agents/{agent_id}/mutations/{mutation_id}', '/v1/agents/a/mutations/m')).toEqual({
      agent_id: 'a',
      mutation_id: 'm',
    });
    expect(matchPath('/v1/runs/{run_id}', '/v1/runs/a%20b')).toEqual({ run_id: 'a b' });
    expect(matchPath('/v1/openapi', '/v1/openapi')).toEqual({});
  });

  it('is null for a path of another shape: an empty or extra segment, a prefix, a longer path', () => {
    expect(matchPath('/v1/runs/{run_id}', '/v1/runs/')).toBeNull();
    expect(matchPath('/v1/runs/{run_id}', '/v1/runs/a/b')).toBeNull();
    expect(matchPath('/v1/runs/{run_id}', '/x/v1/runs/a')).toBeNull();
    expect(matchPath('/v1/openapi', '/v1/openapi/x')).toBeNull();
  });

  it("reads the template's other characters literally", () => {
    expect(matchPath('/v1/a.b/{id}', '/v1/a.b/1')).toEqual({ id: '1' });
    expect(matchPath('/v1/a.b/{id}', '/v1/aXb/1')).toBeNull();
  });
});
