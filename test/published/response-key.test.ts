import { describe, expect, it } from 'vitest';
import { responseKeyFor } from '../../lib/published/response-key.js';

describe('responseKeyFor', () => {
  it('takes the exact status first, then its range in any case, then default', () => {
    expect(responseKeyFor(['default', '4XX', '404'], 404)).toBe('404');
    expect(responseKeyFor(['default', '4xx', '400'], 404)).toBe('4xx');
    expect(responseKeyFor(['default', '200'], 404)).toBe('default');
    expect(responseKeyFor(['DEFAULT'], 500)).toBe('DEFAULT');
  });

  it('finds nothing a status does not fall under', () => {
    expect(responseKeyFor(['200', '2XX', '5XX'], 404)).toBeUndefined();
    expect(responseKeyFor([], 200)).toBeUndefined();
  });
});
