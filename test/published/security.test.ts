import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { indexOperations } from '../../lib/published/operations.js';
import { allowsAnonymous, securityProblems } from '../../lib/published/security.js';
import { apiDocument } from './fixtures.js';

const v31 = apiDocument({ dialect: '3.1' });

describe('securityProblems', () => {
  /** The fixture with its `security` and `ApiKeyAuth` scheme changed. */
  function secured(
    security: unknown,
    scheme: Record<string, unknown> = { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  ) {
    const document = apiDocument({ dialect: '3.1' });
    const components = document['components'] as Record<string, unknown>;
    return {
      ...document,
      security,
      components: {
        ...components,
        securitySchemes: { ApiKeyAuth: scheme, Bearer: { type: 'http', scheme: 'bearer' } },
      },
    };
  }
  const problems = (document: unknown) => securityProblems(indexOperations([document]));

  it('accepts an X-API-Key header key (any case) on every operation and none on the spec endpoints', () => {
    expect(problems(v31)).toEqual([]);
    expect(problems(secured([{ ApiKeyAuth: [] }], { type: 'apiKey', in: 'header', name: 'x-api-key' }))).toEqual([]);
    expect(problems(secured([{ Bearer: [] }, { ApiKeyAuth: [] }]))).toEqual([]);
  });

  it('reports operations documented without the key', () => {
    expect(problems(secured(undefined))).toHaveLength(ENDPOINTS.length - 2);
    expect(problems(secured([{ Bearer: [] }]))[0]).toBe(
      'POST /v1/agents: documented security (Bearer) has no apiKey scheme in the X-API-Key header',
    );
    expect(problems(secured([{ ApiKeyAuth: [] }], { type: 'apiKey', in: 'query', name: 'X-API-Key' }))).toHaveLength(
      ENDPOINTS.length - 2,
    );
    expect(problems(secured([{ ApiKeyAuth: [] }, {}]))[0]).toBe(
      'POST /v1/agents: documented security (ApiKeyAuth or {}) also allows calls without a key',
    );
  });

  it('reports spec endpoints documented as needing authentication, unless anonymous access is allowed', () => {
    const document = apiDocument({ dialect: '3.1' });
    const listing = (document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/v1/openapi']![
      'get'
    ]!;
    delete listing['security'];
    expect(problems(document)).toEqual([
      'GET /v1/openapi: documented as requiring authentication (ApiKeyAuth), but the specification endpoints need no key',
    ]);
    listing['security'] = [{ ApiKeyAuth: [] }, {}];
    expect(problems(document)).toEqual([]);
  });
});

describe('allowsAnonymous', () => {
  it('is true only when an empty requirement is among the alternatives', () => {
    expect(allowsAnonymous([{ ApiKeyAuth: [] }, {}])).toBe(true);
    expect(allowsAnonymous([{}])).toBe(true);
    expect(allowsAnonymous([{ ApiKeyAuth: [] }])).toBe(false);
    expect(allowsAnonymous([])).toBe(false);
  });
});
