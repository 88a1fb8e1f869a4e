// lib/gen/requests.ts: a well-formed request for every contract endpoint, so a sweep (the
// authentication checks) sends requests valid in all but the one respect it tests.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, fillPath, matchPath } from '../../lib/contract/endpoints.js';
import { ID_RULES, matchesIdRule } from '../../lib/contract/ids.js';
import { sampleBody, sampleParams, sampleRequest } from '../../lib/gen/requests.js';
import { echoIssues, limitProblems, type Wrapper } from './valid-body.js';
import type { FieldLimit } from '../../lib/contract/limits.js';

const WITH_BODY = ENDPOINTS.filter((e) => e.method === 'POST' || e.method === 'PATCH');
const WITHOUT_BODY = ENDPOINTS.filter((e) => e.method === 'GET' || e.method === 'DELETE');

/** The limits table's resource for each endpoint wrapper. */
const RESOURCE: Record<Wrapper, FieldLimit['resource']> = {
  agent: 'agent',
  mutation: 'mutation',
  test_case: 'testCase',
  dashboard: 'dashboard',
  review_project: 'reviewProject',
};

describe('sampleParams', () => {
  it('gives every path parameter of every endpoint a value that fills the path and reads back', () => {
    for (const endpoint of ENDPOINTS) {
      const params = sampleParams(endpoint);
      expect(Object.keys(params).sort(), endpoint.key).toEqual(Object.keys(endpoint.pathParams).sort());
      expect(matchPath(endpoint.path, fillPath(endpoint.path, params)), endpoint.key).toEqual(params);
    }
  });

  it("each ID satisfies its parameter's rule; a parameter without one gets 22 alphanumeric characters", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ENDPOINTS), fc.nat(100_000), (endpoint, salt) => {
        const params = sampleParams(endpoint, salt);
        for (const [name, kind] of Object.entries(endpoint.pathParams)) {
          if (kind) expect(matchesIdRule(ID_RULES[kind], params[name]), `${endpoint.key} ${name}`).toBe(true);
          else expect(params[name]).toMatch(/^[A-Za-z0-9]{22}$/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the salt varies the IDs (they name nothing), and the default is fixed', () => {
    const agent = ENDPOINTS.find((e) => e.key === 'GET /v1/agents/{agent_id}')!;
    expect(sampleParams(agent, 1)['agent_id']).not.toBe(sampleParams(agent, 2)['agent_id']);
    expect(sampleParams(agent)).toEqual(sampleParams(agent, 7));
  });
});

describe('sampleBody', () => {
  it('gives every POST and PATCH a body, and no GET or DELETE one', () => {
    for (const endpoint of WITH_BODY) expect(sampleBody(endpoint, 'cft label'), endpoint.key).toBeTypeOf('object');
    for (const endpoint of WITHOUT_BODY) expect(sampleBody(endpoint, 'cft label'), endpoint.key).toBeUndefined();
  });

  it('each body is valid per the limits and the canonical schema of the resource it creates, and carries the label', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WITH_BODY),
        fc.constantFrom('cft label', 'cft-l9z 名前', 'x'),
        (endpoint, label) => {
          const body = sampleBody(endpoint, label)!;
          const wrapper = endpoint.wrapper as Wrapper;
          expect(Object.values(body)).toContain(label);
          expect(limitProblems(RESOURCE[wrapper], body), endpoint.key).toEqual([]);
          expect(echoIssues(wrapper, body), endpoint.key).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('sampleRequest', () => {
  it('is the params and, where the endpoint takes one, the body; no json key otherwise', () => {
    for (const endpoint of ENDPOINTS) {
      const request = sampleRequest(endpoint, 'cft', 3);
      expect(request.params).toEqual(sampleParams(endpoint, 3));
      if (endpoint.method === 'POST' || endpoint.method === 'PATCH')
        expect(request.json).toEqual(sampleBody(endpoint, 'cft'));
      else expect('json' in request, endpoint.key).toBe(false);
    }
  });

  it("without a salt uses sampleParams's default", () => {
    for (const endpoint of ENDPOINTS) expect(sampleRequest(endpoint, 'cft').params).toEqual(sampleParams(endpoint));
  });
});
