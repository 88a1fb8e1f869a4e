import { describe, expect, it } from 'vitest';
import { listShape } from '../../lib/generic/list-shape.js';
import type { PublishedParameter } from '../../lib/generic/model.js';

const query = (name: string, schema?: Record<string, unknown>): PublishedParameter => ({
  name,
  in: 'query',
  required: false,
  ...(schema ? { schema } : {}),
});
const ITEMS = { key: 'widgets', fields: ['id'] };

describe('listShape', () => {
  it('is a list only with both page_size and page_token', () => {
    expect(listShape([query('page_size'), query('page_token')], ITEMS)).toEqual({
      itemsKey: 'widgets',
      pageSize: { min: 1 },
    });
    expect(listShape([query('page_size')], ITEMS)).toBeUndefined();
    expect(listShape([query('page_token')], ITEMS)).toBeUndefined();
  });

  it('reads the published bounds and an integer default', () => {
    expect(
      listShape(
        [query('page_size', { minimum: 0, exclusiveMinimum: true, maximum: 50, default: 20 }), query('page_token')],
        undefined,
      ),
    ).toEqual({ pageSize: { min: 1, max: 50, default: 20 } });
    expect(listShape([query('page_size', { minimum: 5, maximum: 10.5 }), query('page_token')], ITEMS)).toEqual({
      itemsKey: 'widgets',
      pageSize: { min: 5, max: 10 },
    });
  });

  it('ignores a default that is not an integer', () => {
    expect(listShape([query('page_size', { default: 2.5 }), query('page_token')], undefined)).toEqual({
      pageSize: { min: 1 },
    });
    expect(listShape([query('page_size', { default: '20' }), query('page_token')], undefined)).toEqual({
      pageSize: { min: 1 },
    });
  });
});
