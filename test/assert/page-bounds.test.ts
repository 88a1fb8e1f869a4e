import { describe, expect, it } from 'vitest';
import { listEndpoint } from '../../lib/contract/list-endpoints.js';
import { countLeadingItems, expectWithinBounds, pageSizeLimit } from '../../lib/assert/page-bounds.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { exchangeOf, violated } from '../support/exchanges.js';

const runs = listEndpoint('runs');

const exchange = (status: number, text: string, truncated = false): Exchange => exchangeOf(status, text, { truncated });

const page = (n: number) =>
  JSON.stringify({
    runs: Array.from({ length: n }, (_, i) => ({ run_id: `r${i}`, note: 'a "quoted" } brace' })),
    next_page_token: null,
  });

describe('pageSizeLimit', () => {
  it('is the page_size asked when in range, the default when absent, the maximum otherwise', () => {
    expect(pageSizeLimit(runs, { page_size: 7 })).toBe(7);
    expect(pageSizeLimit(runs, { page_size: '7' })).toBe(7);
    expect(pageSizeLimit(runs, undefined)).toBe(50);
    expect(pageSizeLimit(runs, { page_size: 0 })).toBe(1000);
    expect(pageSizeLimit(runs, { page_size: 1001 })).toBe(1000);
    expect(pageSizeLimit(runs, { page_size: 'abc' })).toBe(1000);
    expect(pageSizeLimit(runs, { page_size: '1.5' })).toBe(1000);
  });
});

describe('countLeadingItems', () => {
  it('counts the complete items of an array cut anywhere, reading strings and escapes', () => {
    const text = page(5);
    expect(countLeadingItems(text, 'runs')).toBe(5);
    const cut = text.slice(0, text.indexOf('r3') + 5);
    expect(countLeadingItems(cut, 'runs')).toBe(3);
    expect(countLeadingItems('{"runs": [{"a": "\\"}"}, {"b": [1, {"c": 2}]}, {', 'runs')).toBe(2);
    expect(countLeadingItems('{"other": []}', 'runs')).toBe(0);
  });
});

describe('expectWithinBounds', () => {
  const judge = (query: Record<string, string | number> | undefined, ex: Exchange, requirements = ['RUN-FIELDS']) =>
    violated(() => expectWithinBounds('GET /v1/runs', '/v1/runs', query, ex, requirements, 1024));

  it('passes a page within its size, an error, and an endpoint that is not a list', () => {
    expect(judge({ page_size: 7 }, exchange(200, page(7)))).toBeUndefined();
    expect(judge(undefined, exchange(200, page(50)))).toBeUndefined();
    expect(judge({ page_size: 0 }, exchange(400, '{"error": {}}'))).toBeUndefined();
    expect(
      violated(() =>
        expectWithinBounds(
          'GET /v1/personas/{persona_id}',
          '/v1/personas/{persona_id}',
          undefined,
          exchange(200, page(80)),
          [],
          1 << 20,
        ),
      ),
    ).toBeUndefined();
  });

  it('fails a page with more items than page_size, the default or the maximum allows, wherever it is seen', () => {
    expect(judge({ page_size: 7 }, exchange(200, page(8)))).toEqual(['LIST-PAGE-SIZE-RESPECTED']);
    expect(judge(undefined, exchange(200, page(51)))).toEqual(['LIST-PAGE-SIZE-RESPECTED']);
  });

  it("fails a response cut at the size cap: as too many items when its prefix already holds them, else against the check's rules", () => {
    const long = page(60);
    expect(judge({ page_size: 7 }, exchange(200, long.slice(0, 1024), true))).toEqual(['LIST-PAGE-SIZE-RESPECTED']);
    expect(judge({ page_size: 1000 }, exchange(200, long.slice(0, 1024), true))).toEqual(['RUN-FIELDS']);
    expect(
      violated(() =>
        expectWithinBounds(
          'POST /v1/agents',
          '/v1/agents',
          undefined,
          exchange(200, 'x', true),
          ['AGENT-CREATE'],
          1024,
        ),
      ),
    ).toEqual(['AGENT-CREATE']);
  });
});
