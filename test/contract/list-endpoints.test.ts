// The list endpoints are data: what is tested here is that they agree with the endpoint table
// and the canonical schemas, and that their bounds and defaults are coherent.

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { LIST_ENDPOINTS, listEndpoint } from '../../lib/contract/list-endpoints.js';
import { DEFINITIONS } from '../../lib/contract/schemas.js';

describe('LIST_ENDPOINTS', () => {
  it.each(LIST_ENDPOINTS.map((list) => [list.id, list] as const))(
    '%s is a GET of the contract whose schema lists its items under itemsKey',
    (_, list) => {
      const endpoint = ENDPOINTS.find((e) => e.method === 'GET' && e.path === list.path);
      expect(endpoint).toBeDefined();
      const schema = DEFINITIONS[(endpoint as { responseSchema?: string }).responseSchema ?? ''];
      expect(schema?.['required']).toEqual([list.itemsKey]);
    },
  );

  it.each(LIST_ENDPOINTS.map((list) => [list.id, list] as const))(
    '%s has a page-size default within its bounds, and a default order it can order by',
    (_, list) => {
      const { min, max, default: fallback } = list.pageSize;
      expect(min).toBeGreaterThanOrEqual(1);
      expect(fallback).toBeGreaterThanOrEqual(min);
      expect(fallback).toBeLessThanOrEqual(max);
      if (list.defaultOrder !== null)
        expect(Object.keys(list.orderFields)).toContain(list.defaultOrder.replace(/^-/, ''));
    },
  );
});

describe('listEndpoint', () => {
  it('finds a list by its id, and throws for another', () => {
    expect(listEndpoint('runs').path).toBe('/v1/runs');
    expect(() => listEndpoint('agents' as never)).toThrow('unknown list endpoint agents');
  });
});
