// Whether a published operation is a list in the spec's sense (it takes page_size and
// page_token), and what it publishes about its page size.

import type { ItemsShape, ListShape, PublishedParameter } from './model.js';
import { integerBounds } from './keywords.js';

export function listShape(
  queryParams: readonly PublishedParameter[],
  items: ItemsShape | undefined,
): ListShape | undefined {
  const pageSize = queryParams.find((parameter) => parameter.name === 'page_size');
  if (!pageSize || !queryParams.some((parameter) => parameter.name === 'page_token')) return undefined;
  const { min = 1, max } = integerBounds(pageSize.schema);
  const fallback = pageSize.schema?.['default'];
  return {
    ...(items ? { itemsKey: items.key } : {}),
    pageSize: {
      min,
      ...(max === undefined ? {} : { max }),
      ...(Number.isSafeInteger(fallback) ? { default: fallback as number } : {}),
    },
  };
}
